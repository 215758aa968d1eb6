package pipeline

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/upclint/upclint/checks/report"
)

// Output is one report: a format (see report.Formats) and the file it goes
// to; an empty Dest means the default writer.
type Output struct {
	Format, Dest string
}

// ParseOutputs parses --format values "format[:file]"; a value without a
// file goes to dest (-o), where "" is the default writer. Only one may.
func ParseOutputs(specs []string, dest string) ([]Output, error) {
	var outs []Output
	toDefault := 0
	for _, s := range specs {
		name, file, hasFile := strings.Cut(s, ":")
		if !report.Known(name) {
			return nil, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(report.Formats, ", "))
		}
		if hasFile && file == "" {
			return nil, fmt.Errorf("--format %s: no file name after ':' (want %s:FILE, or %s for the default output)", s, name, name)
		}
		if file == "" {
			toDefault++
			file = dest
		}
		outs = append(outs, Output{name, file})
	}
	for _, o := range outs {
		if err := CheckWritable(o.Dest); err != nil {
			return nil, err
		}
	}
	if toDefault > 1 {
		return nil, fmt.Errorf("only one --format may go to %s; give the others a destination (--format sarif:out.sarif)",
			map[bool]string{true: "standard output", false: "-o " + dest}[dest == ""])
	}
	return outs, nil
}

// Write writes the reports of outs in order, each to its file (created or
// truncated) or to w. version is the tool's, for the formats that record
// it; color, when set, decides whether a text report on a writer is
// coloured.
func (o *Outcome) Write(w io.Writer, outs []Output, version string, color func(io.Writer) bool) error {
	for _, out := range outs {
		dst := w
		var file *os.File
		if out.Dest != "" {
			var err error
			if file, err = os.Create(out.Dest); err != nil {
				return err
			}
			dst = file
		}
		run := &report.Run{Version: version, Files: o.Files, Lines: o.Lines, ExitCode: o.ExitCode,
			Color: out.Format == "text" && color != nil && color(dst)}
		err := report.Write(dst, out.Format, o.Findings, run)
		if file != nil {
			if cerr := file.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// CheckWritable reports, before an analysis that may take minutes, a
// destination file that could not be created: its directory is missing or
// not writable, or it names a directory. An empty path is the default
// writer and always fine.
func CheckWritable(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s: is a directory", path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is the file's, not its directory's
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	if err := unix.Access(dir, unix.W_OK); err != nil {
		return fmt.Errorf("%s: directory %s is not writable: %w", path, dir, err)
	}
	return nil
}
