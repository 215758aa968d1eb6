package all_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/upclint/upclint/checks"
)

// TestNoFixesSameFindings checks that an analysis without fixes
// (Options.NoFixes, as the language server publishes diagnostics) reports
// exactly the findings of a full analysis, fixes aside, and that the full
// analysis of the kernels does build fixes.
func TestNoFixesSameFindings(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "kernels", "*.upc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no kernels: %v", err)
	}
	withFixes := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, full := checks.AnalyzeSource(path, src, &checks.Options{Jobs: 1})
		_, bare := checks.AnalyzeSource(path, src, &checks.Options{Jobs: 1, NoFixes: true})
		if len(full) != len(bare) {
			t.Errorf("%s: %d findings with fixes, %d without", path, len(full), len(bare))
			continue
		}
		for i := range full {
			if len(bare[i].Fixes) != 0 {
				t.Errorf("%s: finding %d has fixes under NoFixes", path, i)
			}
			if len(full[i].Fixes) > 0 {
				withFixes++
			}
			f := full[i]
			f.Fixes = nil
			if !reflect.DeepEqual(f, bare[i]) {
				t.Errorf("%s: finding %d differs:\nwith fixes:    %+v\nwithout fixes: %+v", path, i, f, bare[i])
			}
		}
	}
	if withFixes == 0 {
		t.Error("no finding of the kernels has a fix: the comparison tests nothing")
	}
}
