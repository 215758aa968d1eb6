package translate_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// buildUnits translates and builds a program of several files of
// testdata/runtime/units (main's unit not necessarily first).
func buildUnits(t *testing.T, ctx context.Context, names ...string) string {
	t.Helper()
	var paths []string
	for _, n := range names {
		paths = append(paths, filepath.Join("../../testdata/runtime/units", n+".upc"))
	}
	units, err := translate.TranslateProgram(paths, func(string) *grammar.Config { return &grammar.Config{} }, translate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var srcs []runtime.Source
	for i, u := range units {
		srcs = append(srcs, runtime.Source{Name: names[i] + ".c", Code: u.C})
	}
	bin, err := runtime.Build(ctx, srcs, runtime.BuildOptions{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestSeveralUnits builds programs of two translation units: the second
// unit defines the shared objects (with initializers) that main uses, and
// a runtime error in a unit without main names that unit's file.
func TestSeveralUnits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bin := buildUnits(t, ctx, "units", "main")
	for _, n := range []int{1, 2, 4} {
		res := runOK(t, bin, runtime.Options{Threads: n, Args: []string{"z"}})
		// counts[t] = t + argc (2) summed, table[1], *cursor (table[2]), mine
		want := fmt.Sprintf("%d 2 3 5 z", n*(n-1)/2+2*n)
		if got := strings.TrimSpace(string(res.Threads[0].Stdout)); got != want {
			t.Errorf("THREADS=%d: output %q, want %q", n, got, want)
		}
	}

	bin = buildUnits(t, ctx, "freemain", "freeunit")
	res, err := runtime.Run(ctx, bin, runtime.Options{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Fatal()
	if f == nil || f.Kind != "double-free" || filepath.Base(f.File) != "freeunit.upc" || f.Line != 7 ||
		!strings.Contains(f.Message, "freeunit.upc:5") {
		t.Errorf("want a double free at freeunit.upc:7 of memory allocated at freeunit.upc:5, got %+v", f)
	}
}
