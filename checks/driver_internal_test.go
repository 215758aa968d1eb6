package checks

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLargestFirst: Run hands the workers the largest files first, and
// keeps the given order for files read through Config.ReadFile.
func TestLargestFirst(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i, n := range []int{10, 300, 0, 300, 2000} {
		f := filepath.Join(dir, string(rune('a'+i))+".upc")
		if err := os.WriteFile(f, []byte(strings.Repeat("x", n)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	files = append(files, filepath.Join(dir, "missing.upc"))
	if got, want := largestFirst(files, &Options{}), []int{4, 1, 3, 0, 2, 5}; !slices.Equal(got, want) {
		t.Errorf("largestFirst = %v, want %v", got, want)
	}
	opts := &Options{}
	opts.Config.ReadFile = os.ReadFile
	if got, want := largestFirst(files, opts), []int{0, 1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("with ReadFile: largestFirst = %v, want %v", got, want)
	}
}
