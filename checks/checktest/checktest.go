// Package checktest runs upclint over UPC test programs and compares the
// findings with expectations written in the programs, in the manner of
// golang.org/x/tools/go/analysis/analysistest (which cannot load UPC):
//
//	upc_barrier MYTHREAD;   // want "single-valued"
//
// A `// want` comment lists one Go regexp (a quoted or back-quoted string)
// per finding expected on its line; each must match the message of a
// distinct finding there, and every finding must be expected.
//
// A comment `// upclint-flags: -DN=64 --threads 4 -I include` among the
// first lines of a file gives the compiler flags the file needs.
package checktest

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/internal/testflags"
)

// Want is one expected finding.
type Want struct {
	Path string
	Line int
	Re   *regexp.Regexp
}

func (w Want) String() string { return fmt.Sprintf("%s:%d: want %q", w.Path, w.Line, w.Re) }

// ParseWants extracts the expectations of one file.
func ParseWants(path string, src []byte) ([]Want, error) {
	var wants []Want
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		i := strings.Index(text, "// want ")
		if i < 0 {
			continue
		}
		rest := strings.TrimSpace(text[i+len("// want "):])
		for rest != "" {
			lit, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad want comment: %w", path, line, err)
			}
			s, _ := strconv.Unquote(lit)
			re, err := regexp.Compile(s)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad want regexp: %w", path, line, err)
			}
			wants = append(wants, Want{Path: path, Line: line, Re: re})
			rest = strings.TrimSpace(rest[len(lit):])
		}
	}
	return wants, sc.Err()
}

// Match pairs findings with wants. It returns the wants no finding matched
// and the findings no want expected.
func Match(wants []Want, findings []checks.Finding) (missing []Want, unexpected []checks.Finding) {
	used := make([]bool, len(findings))
	for _, w := range wants {
		found := false
		for i, f := range findings {
			if !used[i] && f.Pos.Line == w.Line && samePath(f.Pos.Path, w.Path) && w.Re.MatchString(f.Message) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			found = matchesRelated(w, findings)
		}
		if !found {
			missing = append(missing, w)
		}
	}
	for i, f := range findings {
		if !used[i] {
			unexpected = append(unexpected, f)
		}
	}
	return missing, unexpected
}

// matchesRelated reports whether w names a related location of a finding:
// one finding may stand for several lines (the declarations of a unit that
// need static THREADS are the related locations of one error), and each
// such line carries its own want.
func matchesRelated(w Want, findings []checks.Finding) bool {
	for _, f := range findings {
		for _, r := range f.Related {
			if r.Pos.Line == w.Line && samePath(r.Pos.Path, w.Path) && w.Re.MatchString(r.Message) {
				return true
			}
		}
	}
	return false
}

func samePath(a, b string) bool {
	if a == b {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// Result is the outcome of checking one file against its expectations.
type Result struct {
	Path       string
	Findings   []checks.Finding
	Missing    []Want
	Unexpected []checks.Finding
}

// OK reports whether the findings were exactly the expected ones.
func (r *Result) OK() bool { return len(r.Missing) == 0 && len(r.Unexpected) == 0 }

// Report describes the mismatches, one per line.
func (r *Result) Report() string {
	var b strings.Builder
	for _, w := range r.Missing {
		fmt.Fprintf(&b, "missing: %s\n", w)
	}
	for _, f := range r.Unexpected {
		fmt.Fprintf(&b, "unexpected: %s:%d:%d: %s [%s]\n", f.Pos.Path, f.Pos.Line, f.Pos.Col, f.Message, f.Rule)
	}
	return b.String()
}

// CheckFile runs the driver on one file with its flags and compares the
// findings of the selected rules (nil: all) with the file's wants.
func CheckFile(path string, enabled func(rule string) bool) (*Result, error) {
	src, cfg, err := testflags.Read(path)
	if err != nil {
		return nil, err
	}
	wants, err := ParseWants(path, src)
	if err != nil {
		return nil, err
	}
	res, err := checks.Run([]string{path}, &checks.Options{Config: cfg, Jobs: 1, Enabled: enabled})
	if err != nil {
		return nil, err
	}
	r := &Result{Path: path, Findings: res.Findings}
	r.Missing, r.Unexpected = Match(wants, res.Findings)
	return r, nil
}

// Run checks every file matching pattern with only the named rules enabled
// (none: every rule), one subtest per file, and fails on any mismatch
// between findings and wants.
func Run(t *testing.T, pattern string, rules ...string) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no files match %s (%v)", pattern, err)
	}
	var enabled func(string) bool
	if len(rules) > 0 {
		enabled = func(r string) bool { return slices.Contains(rules, r) }
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			res, err := CheckFile(path, enabled)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() {
				t.Error(res.Report())
			}
		})
	}
}
