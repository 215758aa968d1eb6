package lsp

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/upclint/upclint/checks"
)

// TestParallelSameFindings checks that checks.Options.Parallel, with which
// the server analyses, changes nothing but the time: on every kernel,
// every valid corpus program, every rule's test program and the
// benchmark's 3,000-line file, with and without fixes, the findings (fixes
// included) are those of the sequential analysis, in the same order. Run
// with -race, it also checks that the parallel analyses share no state.
func TestParallelSameFindings(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	var files []string
	for _, dir := range []string{"kernels", filepath.Join("corpus", "valid")} {
		fs, err := checks.CollectFiles([]string{filepath.Join("..", "testdata", dir)}, []string{".upc", ".c"})
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) == 0 {
			t.Fatalf("no files in testdata/%s", dir)
		}
		files = append(files, fs...)
	}
	ruleDirs, err := filepath.Glob(filepath.Join("..", "checks", "rules", "*", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	fs, err := checks.CollectFiles(ruleDirs, []string{".upc", ".c"})
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, fs...)
	big := filepath.Join(t.TempDir(), "big.upc")
	if err := os.WriteFile(big, []byte(bigKernel(3000)), 0o644); err != nil {
		t.Fatal(err)
	}
	files = append(files, big)
	var findings int
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, noFixes := range []bool{false, true} {
			_, seq := checks.AnalyzeSource(path, src, &checks.Options{Jobs: 1, NoFixes: noFixes})
			_, par := checks.AnalyzeSource(path, src, &checks.Options{Jobs: 1, NoFixes: noFixes, Parallel: true})
			findings += len(seq)
			if !reflect.DeepEqual(seq, par) {
				t.Errorf("%s (NoFixes=%v): parallel analysis differs:\nsequential: %v\nparallel:   %v", path, noFixes, seq, par)
			}
		}
	}
	// Without the rules (registered by rules_test.go) only the front end's
	// findings would be compared; the 3,000-line file alone has hundreds.
	if findings < 393 {
		t.Fatalf("%d findings in all: are the rules registered?", findings)
	}
}
