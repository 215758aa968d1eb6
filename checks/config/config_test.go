package config_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks/config"
	_ "github.com/upclint/upclint/checks/suppress" // registers unusedignore
	"github.com/upclint/upclint/grammar/diag"
)

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"threads: 4\nrulez: {}\n", `c.yaml:2:1: unknown key "rulez"`},
		{"rules:\n  typecheck: {enabled: false, sevrity: note}\n", `c.yaml:2:31: unknown key "sevrity"`},
		{"rules:\n  nosuchrule: {enabled: false}\n", `c.yaml:2:3: unknown rule "nosuchrule"`},
		{"rules:\n  syntax: {severity: fatal}\n", `c.yaml:2:22: severity must be error, warning or note, not "fatal"`},
		{"threads: many\n", `c.yaml:1:10: threads must be a non-negative integer`},
		{"overrides:\n  - paths: [a]\n    rule: {}\n", `c.yaml:3:5: unknown key "rule"`},
		{"overrides:\n  - rules: {}\n", `c.yaml:2:5: an override needs paths`},
		{"include: inc\n", `c.yaml:1:10: expected a list of strings`},
		{"extensions: [upc]\n", `c.yaml:1:14: extension "upc" must start with '.'`},
		{"exclude: ['[']\n", `c.yaml:1:11: bad glob "["`},
		{"validate-mask: ['\\bms', '(']\n", `c.yaml:1:25: bad regular expression "("`},
		{"[1, 2]\n", `c.yaml:1:1: expected a mapping`},
		{"threads: 1.5\n", `c.yaml:1:10: threads must be a non-negative integer`},
		{"threads: 1e3\n", `c.yaml:1:10: threads must be a non-negative integer`},
		{"threads: -2\n", `c.yaml:1:10: threads must be a non-negative integer`},
		{"threads: 2\nthreads: 4\n", `c.yaml:2:1: duplicate key "threads"`},
		{"rules:\n  forall: {severity: note}\nrules:\n  forall: {severity: error}\n", `c.yaml:3:1: duplicate key "rules"`},
		{"rules:\n  typecheck: {enabled: true, enabled: false}\n", `c.yaml:2:30: duplicate key "enabled"`},
		{"rules:\n  forall: {}\n  forall: {}\n", `c.yaml:3:3: duplicate key "forall"`},
		{"overrides:\n  - paths: [a]\n    paths: [b]\n", `c.yaml:3:5: duplicate key "paths"`},
		{"threads: 2\n---\nthreads: 4\n", `c.yaml:2:1: a second YAML document`},
		{"include: [a\n", `c.yaml:1:1: did not find expected ',' or ']'`},
		{"threads: 2\n\tfoo: 1\n", `c.yaml:2:1: found a tab character`},
		{"rules:\n  typecheck:\n", `c.yaml:2:13: expected a mapping (enabled, severity)`},
	} {
		_, err := config.Parse("c.yaml", []byte(tc.src))
		if err == nil || len(err.Error()) < len(tc.want) || err.Error()[:len(tc.want)] != tc.want {
			t.Errorf("%q: got %v, want %s", tc.src, err, tc.want)
		}
	}
}

func TestEffective(t *testing.T) {
	f, err := config.Parse(filepath.Join("proj", ".upclint.yaml"), []byte(`
include: [inc]
define: [N=4]
disable: [preprocessor]
rules:
  typecheck: {severity: warning}
overrides:
  - paths: ["legacy/**"]
    rules: {typecheck: {enabled: false}, syntax: {severity: note}}
`))
	if err != nil {
		t.Fatal(err)
	}
	e := f.For(filepath.Join("proj", "src", "a.upc"))
	if !e.Enabled("typecheck") || e.Enabled("preprocessor") || e.Severity("typecheck", diag.Error) != diag.Warning ||
		e.Severity("syntax", diag.Error) != diag.Error || e.Include[0] != filepath.Join("proj", "inc") {
		t.Errorf("src: %+v", e)
	}
	l := f.For(filepath.Join("proj", "legacy", "old", "b.upc"))
	if l.Enabled("typecheck") || l.Severity("syntax", diag.Error) != diag.Note {
		t.Errorf("legacy: %+v", l)
	}
	if e.RulesKey() == l.RulesKey() {
		t.Error("different rule settings share a key")
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		glob, path string
		want       bool
	}{
		{"legacy/**", "legacy/a.upc", true},
		{"legacy/**", "legacy/x/y/a.upc", true},
		{"legacy/**", "src/legacy/a.upc", false},
		{"legacy", "legacy/x/a.upc", true},
		{"*.gen.upc", "deep/dir/k.gen.upc", true},
		{"*.gen.upc", "k.upc", false},
		{"src/*.upc", "src/a.upc", true},
		{"src/*.upc", "src/x/a.upc", false},
		{"**/test/*.upc", "a/b/test/t.upc", true},
	} {
		if got := config.Match(tc.glob, tc.path); got != tc.want {
			t.Errorf("Match(%q, %q) = %t", tc.glob, tc.path, got)
		}
	}
}

func TestFindNearest(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll("a/b/c", 0o755))
	must(os.WriteFile(".upclint.yaml", []byte("threads: 1\n"), 0o644))
	must(os.WriteFile("a/b/.upclint.yaml", []byte("threads: 2\n"), 0o644))
	var r config.Resolver
	for path, want := range map[string]int{"x.upc": 1, "a/x.upc": 1, "a/b/x.upc": 2, "a/b/c/x.upc": 2} {
		f, err := r.For(path)
		must(err)
		if f.Threads != want {
			t.Errorf("%s: threads %d from %s, want %d", path, f.Threads, f.Path, want)
		}
	}
}

// TestValidateMask: the patterns reach the effective configuration.
func TestValidateMask(t *testing.T) {
	f, err := config.Parse("c.yaml", []byte("validate-mask: ['\\bper sweep\\b']\n"))
	if err != nil {
		t.Fatal(err)
	}
	if e := f.For("a.upc"); len(e.ValidateMask) != 1 || e.ValidateMask[0] != `\bper sweep\b` {
		t.Errorf("effective mask %q", e.ValidateMask)
	}
}
