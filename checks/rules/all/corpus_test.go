package all_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/checktest"
	"github.com/upclint/upclint/checks/rules/collectivity"
	"github.com/upclint/upclint/checks/rules/singlevalued"
)

// TestCorpusPrecision runs the correctness rules over the valid corpus:
// its programs are correct, so every finding is a false positive.
func TestCorpusPrecision(t *testing.T) {
	files, err := checks.CollectFiles([]string{filepath.Join("..", "..", "..", "testdata", "corpus", "valid")}, []string{".upc", ".c"})
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	enabled := func(rule string) bool { return rule == collectivity.Name || rule == singlevalued.Name }
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			r, err := checktest.CheckFile(f, enabled)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range r.Findings {
				t.Errorf("%s:%d:%d: %s [%s]", x.Pos.Path, x.Pos.Line, x.Pos.Col, x.Message, x.Rule)
			}
		})
	}
}
