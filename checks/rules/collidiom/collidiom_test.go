package collidiom_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/checktest"
	"github.com/upclint/upclint/checks/rules/collidiom"
)

func init() {
	if checks.Lookup(collidiom.Name) == nil {
		checks.Register(collidiom.Rule)
	}
}

func only(rule string) bool { return rule == collidiom.Name }

// TestRule checks the rule's own test programs: exactly the wanted
// findings.
func TestRule(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.upc")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			res, err := checktest.CheckFile(path, only)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() {
				t.Error(res.Report())
			}
		})
	}
}

// kernelFindings is the number of findings of the rule in each seed kernel
// (testdata/kernels/README.md); the others have none.
var kernelFindings = map[string]int{"ftbcast.upc": 1, "reduce.upc": 2, "broadcast.upc": 2}

// TestKernels checks the seed kernels with only this rule enabled: every
// finding matches a want of its line, and the count is the README's (the
// kernels' other wants belong to other rules).
func TestKernels(t *testing.T) {
	files, _ := filepath.Glob("../../../testdata/kernels/*.upc")
	if len(files) == 0 {
		t.Fatal("no kernels")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			res, err := checktest.CheckFile(path, only)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range res.Unexpected {
				t.Errorf("unexpected: %s:%d:%d: %s", f.Pos.Path, f.Pos.Line, f.Pos.Col, f.Message)
			}
			if want := kernelFindings[filepath.Base(path)]; len(res.Findings) != want {
				t.Errorf("%d findings, want %d", len(res.Findings), want)
			}
		})
	}
}
