package pipeline

import (
	"fmt"
	"io"
	"os"
	"strings"

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
		name, file, _ := strings.Cut(s, ":")
		if !report.Known(name) {
			return nil, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(report.Formats, ", "))
		}
		if file == "" {
			toDefault++
			file = dest
		}
		outs = append(outs, Output{name, file})
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
