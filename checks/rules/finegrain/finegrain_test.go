package finegrain_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks/checktest"
	_ "github.com/upclint/upclint/checks/rules/all"
)

func only(rule string) bool { return rule == "finegrain" }

// sample is a message of the rule: a want that does not match it expects
// another rule's finding.
const sample = "fine-grained remote reads of vec[j] in this loop"

func checkGlob(t *testing.T, pattern string, others bool) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no files match %s: %v", pattern, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			res, err := checktest.CheckFile(path, only)
			if err != nil {
				t.Fatal(err)
			}
			// With others, the files also expect other rules' findings:
			// keep the missing wants that describe this rule's message.
			var missing []checktest.Want
			for _, w := range res.Missing {
				if !others || w.Re.MatchString(sample) {
					missing = append(missing, w)
				}
			}
			res.Missing = missing
			if !res.OK() {
				t.Error(res.Report())
			}
		})
	}
}

func TestFinegrain(t *testing.T) { checkGlob(t, filepath.Join("testdata", "*.upc"), false) }

func TestKernels(t *testing.T) {
	checkGlob(t, filepath.Join("..", "..", "..", "testdata", "kernels", "*.upc"), true)
}
