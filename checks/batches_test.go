package checks_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar"
)

// TestRunBatches checks that batches analysed side by side by one set of
// workers give each batch what a Run of its own gives: the same findings
// in the same order, lines and files, with options that differ between
// batches (static THREADS, a macro, the rules enabled) and a file in two
// batches; and that an unreadable file is its own batch's error only.
func TestRunBatches(t *testing.T) {
	files, err := checks.CollectFiles([]string{filepath.Join("..", "testdata", "kernels")}, []string{".upc"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 6 {
		t.Fatalf("%d kernels, want at least 6", len(files))
	}
	onlyFinegrain := func(rule string) bool { return rule == "finegrain" }
	batches := []checks.Batch{
		{Files: files[:3], Options: &checks.Options{}},
		{Files: files[2:], Options: &checks.Options{Config: grammar.Config{StaticThreads: 4, Defines: []string{"N=64"}}}},
		{Files: files[1:4], Options: &checks.Options{Enabled: onlyFinegrain}},
		{Files: []string{files[0], filepath.Join(t.TempDir(), "missing.upc")}, Options: &checks.Options{}},
	}
	results, errs := checks.RunBatches(context.Background(), batches, 2)
	if len(results) != len(batches) || len(errs) != len(batches) {
		t.Fatalf("%d results and %d errors for %d batches", len(results), len(errs), len(batches))
	}
	total := 0
	for i, b := range batches {
		want, wantErr := checks.Run(b.Files, b.Options)
		if (errs[i] == nil) != (wantErr == nil) {
			t.Fatalf("batch %d: error %v, Run alone gives %v", i, errs[i], wantErr)
		}
		got := results[i]
		if got.Files != want.Files || got.Lines != want.Lines {
			t.Errorf("batch %d: %d files, %d lines; Run alone: %d, %d", i, got.Files, got.Lines, want.Files, want.Lines)
		}
		if g, w := fmt.Sprintf("%+v", got.Findings), fmt.Sprintf("%+v", want.Findings); g != w {
			t.Errorf("batch %d: findings differ from Run alone:\n%s", i, lineDiff(w, g))
		}
		total += len(got.Findings)
	}
	if errs[3] == nil || errs[0] != nil || errs[1] != nil || errs[2] != nil {
		t.Errorf("errors %v: want one for the missing file's batch only", errs)
	}
	if total == 0 {
		t.Fatal("no findings in any batch: are the rules registered?")
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, errs = checks.RunBatches(ctx, batches[:1], 2)
	if !errors.Is(errs[0], context.Canceled) {
		t.Errorf("cancelled run: error %v, want %v", errs[0], context.Canceled)
	}
}
