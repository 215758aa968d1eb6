package lsp

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/grammar/diag"
)

// An open .upclint.yaml document is the configuration of the files it
// governs while it is open, as an open header's unsaved text is the text
// its includers read: each change is parsed at once, and the open
// documents below its directory are analysed again. Text that does not
// parse is reported on the YAML document itself and the newest text that
// parsed stays in force; closing the document goes back to the file on
// disk.

// configRule is the code of the diagnostics about configuration files.
const configRule = "config"

// isConfigPath reports whether path names a project configuration file.
func isConfigPath(path string) bool { return filepath.Base(path) == config.FileName }

// openConfig is what an open configuration document contributes to
// analyses. It is immutable: every change makes a new one.
type openConfig struct {
	// file is the newest text of the document that parsed (or, until one
	// did, the file on disk if it parses); nil when none did.
	file *config.File
	// err is why the current text does not parse; nil when it does.
	err error
}

// updateConfigLocked parses the text of the configuration document ds
// and, when that changes the configuration in force, analyses the open
// documents it may govern again after delay. s.mu is held.
func (s *Server) updateConfigLocked(ds *docState, delay time.Duration) {
	old := ds.cfg
	f, err := config.Parse(ds.path, ds.text)
	oc := &openConfig{file: f, err: err}
	if err != nil {
		switch {
		case old != nil:
			oc.file = old.file
		default:
			if disk, derr := config.Load(ds.path); derr == nil {
				oc.file = disk
			}
		}
	}
	ds.cfg = oc
	if old != nil && old.file == oc.file && oc.file != nil {
		return // still the same configuration in force
	}
	s.scheduleGovernedLocked(filepath.Dir(ds.path), delay)
}

// scheduleGovernedLocked analyses again the open source documents in dir
// or below it (those a configuration file in dir may govern).
func (s *Server) scheduleGovernedLocked(dir string, delay time.Duration) {
	prefix := dir
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	for _, ds := range s.docs {
		if ds.cfg == nil && !isConfigPath(ds.path) && strings.HasPrefix(ds.path, prefix) {
			s.scheduleLocked(ds, delay)
		}
	}
}

// findConfig returns the configuration file that governs the files of dir:
// the nearest one in dir or above, the open document's newest valid text
// for an open one. The error describes a file that could not be read or
// parsed; the configuration is then empty.
func findConfig(dir string, open map[string]*openConfig) (*config.File, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = filepath.Clean(dir) // no working directory: search from dir as given
	}
	for {
		p := filepath.Join(abs, config.FileName)
		if oc, ok := open[p]; ok {
			if oc.file != nil {
				return oc.file, nil
			}
			return &config.File{}, oc.err
		}
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			f, err := config.Load(p)
			if err != nil {
				return &config.File{}, err
			}
			return f, nil
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return &config.File{}, nil
		}
		abs = parent
	}
}

// configFindings returns the problem of the configuration text src of
// path, at its position, or nothing when the text parses.
func configFindings(path string, src []byte, m *mapper) []checks.Finding {
	_, err := config.Parse(path, src)
	if err == nil {
		return nil
	}
	msg := err.Error()
	line, col := 1, 1
	var ce *config.Error
	if errors.As(err, &ce) {
		msg = ce.Msg
		if ce.Line > 0 {
			line, col = ce.Line, max(ce.Col, 1)
		}
	}
	start, end := configSpan(m, line, col)
	return []checks.Finding{{Rule: configRule, Severity: diag.Error, Message: msg,
		Pos: checks.Position{Path: path, Line: line, Col: col, Offset: start},
		End: checks.Position{Path: path, Line: line, Col: col + utf8.RuneCount(src[start:end]), Offset: end}}}
}

// configSpan returns the byte span of the YAML token at line and column
// (1-based, the column counted in characters as the YAML parser does): up
// to the next blank, ':', ',', ']', '}' or '#' on the line.
func configSpan(m *mapper, line, col int) (int, int) {
	l := min(line-1, len(m.lines)-1)
	off, end := m.lines[l], m.lineEnd(l)
	for i := 1; i < col && off < end; i++ {
		_, n := utf8.DecodeRune(m.text[off:end])
		off += n
	}
	e := off
	for e < end && !strings.ContainsRune(" \t:,]}#", rune(m.text[e])) {
		e++
	}
	if e == off && e < end {
		e++ // a delimiter itself: underline it
	}
	return off, e
}
