// Package suppress implements suppression comments:
//
//	x = a[i];  // upclint:ignore finegrain,forall the loop runs once per thread
//	// upclint:ignore typecheck generated code declares y elsewhere
//	// upclint:file-ignore preprocessor this file is only compiled by the vendor tool
//
// "upclint:ignore" silences the named rules on its own line and on the next
// line; "upclint:file-ignore" silences them in the whole file. Rules are
// separated by commas without spaces; the rest of the comment is the reason,
// and it is required. Both // and /* */ comments work.
//
// Suppressions are themselves checked, under the rule "unusedignore": a
// suppression without a reason, one naming an unknown rule, and one that
// silences no finding are reported. The front end strips comments, so this
// package scans the source text of each file.
package suppress

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// Rule is the name of the rule reporting bad or unused suppressions.
const Rule = "unusedignore"

func init() {
	checks.Register(&checks.Rule{Name: Rule, Kind: checks.Kind("suppression"), Severity: diag.Warning,
		Summary: "an upclint:ignore comment without a reason, naming an unknown rule, or silencing no finding",
		Tags:    []string{"suppression"}})
}

// Directive is one suppression comment.
type Directive struct {
	Pos, End checks.Position // the comment
	Line     string          // text of the comment's first line
	File     bool            // upclint:file-ignore
	Rules    []string
	Reason   string
	used     []bool // per rule
}

const (
	ignoreTag     = "upclint:ignore"
	fileIgnoreTag = "upclint:file-ignore"
	tagPrefix     = "upclint:" // common to both tags
)

// Parse returns the suppression comments of one file's source. It follows
// C's lexical structure closely enough to skip string and character
// literals.
func Parse(path string, src []byte) []*Directive {
	if !bytes.Contains(src, []byte(tagPrefix)) {
		return nil // no comment can be a suppression
	}
	var out []*Directive
	line, lineStart := 1, 0
	pos := func(off int) checks.Position {
		return checks.Position{Path: path, Line: line, Col: off - lineStart + 1, Offset: off}
	}
	lineText := func(start int) string {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src) - start
		}
		return strings.TrimRight(string(src[start:start+end]), "\r")
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = i + 1
		case c == '"' || c == '\'':
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' && i+1 < len(src) && src[i+1] != '\n' {
					i++
				}
			}
			if i < len(src) && src[i] == '\n' {
				i-- // let the newline be counted
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			start := i
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += i
			}
			body := strings.TrimRight(string(src[i+2:end]), "\r")
			if d := parseBody(body); d != nil {
				d.Pos, d.End, d.Line = pos(start), pos(start+2+len(body)), lineText(lineStart)
				out = append(out, d)
			}
			i = end - 1
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			start := i
			end, endOff := len(src), len(src)
			if j := bytes.Index(src[i+2:], []byte("*/")); j >= 0 {
				end = i + 2 + j
				endOff = end + 2
			}
			d := parseBody(string(src[i+2 : end]))
			if d != nil {
				d.Pos, d.Line = pos(start), lineText(lineStart)
				out = append(out, d)
			}
			for j := i; j < endOff; j++ {
				if src[j] == '\n' {
					line++
					lineStart = j + 1
				}
			}
			if d != nil {
				d.End = pos(endOff)
			}
			i = endOff - 1
		}
	}
	return out
}

// parseBody parses the text of a comment; nil if it is no suppression.
func parseBody(body string) *Directive {
	body = strings.TrimSpace(body)
	d := &Directive{}
	switch {
	case strings.HasPrefix(body, fileIgnoreTag):
		d.File = true
		body = body[len(fileIgnoreTag):]
	case strings.HasPrefix(body, ignoreTag):
		body = body[len(ignoreTag):]
	default:
		return nil
	}
	if body != "" && body[0] != ' ' && body[0] != '\t' {
		return nil // upclint:ignored, upclint:ignore-this...
	}
	fields := strings.Fields(body)
	if len(fields) > 0 {
		for _, r := range strings.Split(fields[0], ",") {
			if r != "" {
				d.Rules = append(d.Rules, r)
			}
		}
		d.Reason = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(body), fields[0]))
	}
	d.used = make([]bool, len(d.Rules))
	return d
}

func (d *Directive) kind() string {
	if d.File {
		return fileIgnoreTag
	}
	return ignoreTag
}

// Apply removes the findings silenced by suppression comments and adds the
// "unusedignore" findings. It scans files (the translation units checked)
// and every file a finding is in, reading them with read. enabled reports
// whether a rule ran for a file: a suppression of a rule that did not run
// is not reported as unused, and unusedignore findings are only added for
// files where that rule is enabled. The result is in report order.
func Apply(findings []checks.Finding, files []string, read func(string) ([]byte, error), enabled func(path, rule string) bool) []checks.Finding {
	return apply(findings, files, nil, read, enabled)
}

// Index holds the suppression comments of files whose text is already in
// memory, so that applying them reads no file again: a check adds each
// translation unit as the driver reads it (see checks.Options.Source).
// The zero Index is ready to use; Add is safe for concurrent use.
type Index struct {
	mu    sync.Mutex
	files map[string][]*Directive
}

// Add parses the suppression comments of path, whose text is src.
func (x *Index) Add(path string, src []byte) {
	ds := Parse(path, src)
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.files == nil {
		x.files = map[string][]*Directive{}
	}
	x.files[path] = ds
}

// Apply is the package's Apply with the comments of the files added to x
// taken from x; only other files (headers with findings, files the driver
// did not read) are read with read. An Index is applied once: Apply marks
// the directives it uses.
func (x *Index) Apply(findings []checks.Finding, files []string, read func(string) ([]byte, error), enabled func(path, rule string) bool) []checks.Finding {
	x.mu.Lock()
	defer x.mu.Unlock()
	return apply(findings, files, x.files, read, enabled)
}

// apply implements Apply; known holds files already parsed.
func apply(findings []checks.Finding, files []string, known map[string][]*Directive, read func(string) ([]byte, error), enabled func(path, rule string) bool) []checks.Finding {
	if enabled == nil {
		enabled = func(string, string) bool { return true }
	}
	directives := map[string][]*Directive{}
	var order []string
	scan := func(path string) {
		if _, done := directives[path]; done || path == "" {
			return
		}
		if ds, ok := known[path]; ok {
			directives[path] = ds
			order = append(order, path)
			return
		}
		src, err := read(path)
		if err != nil {
			directives[path] = nil
			return
		}
		directives[path] = Parse(path, src)
		order = append(order, path)
	}
	for _, f := range files {
		scan(f)
	}
	for i := range findings {
		scan(findings[i].Pos.Path)
	}

	kept := findings[:0:0]
	for _, f := range findings {
		if !silenced(&f, directives[f.Pos.Path]) {
			kept = append(kept, f)
		}
	}
	for _, path := range order {
		if !enabled(path, Rule) {
			continue
		}
		for _, d := range directives[path] {
			kept = append(kept, problems(d, path, enabled)...)
		}
	}
	checks.SortFindings(kept)
	return kept
}

// silenced reports whether a directive silences f, marking the ones that do.
func silenced(f *checks.Finding, ds []*Directive) bool {
	hit := false
	for _, d := range ds {
		if !d.File && f.Pos.Line != d.Pos.Line && f.Pos.Line != d.Pos.Line+1 {
			continue
		}
		for i, r := range d.Rules {
			if r == f.Rule {
				d.used[i] = true
				hit = true
			}
		}
	}
	return hit
}

// problems returns the unusedignore findings of one directive.
func problems(d *Directive, path string, enabled func(path, rule string) bool) []checks.Finding {
	var out []checks.Finding
	report := func(msg string) {
		out = append(out, checks.Finding{Rule: Rule, Severity: diag.Warning, Message: msg,
			Pos: d.Pos, End: d.End, Line: d.Line})
	}
	if len(d.Rules) == 0 {
		report(fmt.Sprintf("%s names no rule (write %s RULE reason)", d.kind(), d.kind()))
		return out
	}
	if d.Reason == "" {
		report(fmt.Sprintf("%s %s has no reason; say why the finding is acceptable", d.kind(), strings.Join(d.Rules, ",")))
	}
	for i, r := range d.Rules {
		switch {
		case checks.Lookup(r) == nil:
			report(fmt.Sprintf("%s names unknown rule %q (see upclint rules)", d.kind(), r))
		case !d.used[i] && enabled(path, r):
			where := "on this line or the next"
			if d.File {
				where = "in this file"
			}
			report(fmt.Sprintf("%s %s silences no finding %s", d.kind(), r, where))
		}
	}
	return out
}
