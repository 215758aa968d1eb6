package translate_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// TestSeveralUnits builds a program of two translation units whose second
// unit defines the shared objects (with initializers) that main uses.
func TestSeveralUnits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a C program")
	}
	var srcs []runtime.Source
	for _, f := range []string{"main", "units"} {
		c, _, err := translate.TranslateFile("../../testdata/runtime/units/"+f+".upc", &grammar.Config{}, translate.Options{})
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, runtime.Source{Name: f + ".c", Code: c})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bin, err := runtime.Build(ctx, srcs, runtime.BuildOptions{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 4} {
		res, err := runtime.Run(ctx, bin, runtime.Options{Threads: n, Args: []string{"z"}, Timeout: 30 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if err := res.Err(); err != nil {
			t.Fatalf("THREADS=%d: %v\n%s", n, err, res.Stderr)
		}
		// counts[t] = t + argc (2) summed, table[1], *cursor (table[2]), mine
		want := fmt.Sprintf("%d 2 3 5 z", n*(n-1)/2+2*n)
		if got := strings.TrimSpace(string(res.Threads[0].Stdout)); got != want {
			t.Errorf("THREADS=%d: output %q, want %q", n, got, want)
		}
	}
}
