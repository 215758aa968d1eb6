package checks_test

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/cpp"
)

// TestFindingsIndependentOfHistory checks that a file's findings do not
// depend on what the process analysed before it nor on how many goroutines
// analyse: the kernels and the rules' test programs, checked in one run in
// order with one goroutine, in reverse order with two, and each alone in
// its own run with the cache of preprocessed includes off and every
// analysis of the file in parallel (as the language server does), give
// the same findings byte for byte (positions, notes and fixes).
func TestFindingsIndependentOfHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("checks every test program three times")
	}
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	dirs, err := filepath.Glob(filepath.Join("rules", "*", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := checks.CollectFiles(append(dirs, filepath.Join("..", "testdata", "kernels")), []string{".upc"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("%d test programs, want more", len(files))
	}
	render := func(fs []checks.Finding) map[string]string {
		out := map[string]string{}
		for _, f := range fs {
			out[filepath.Clean(f.Pos.Path)] += fmt.Sprintf("%+v\n", f)
		}
		return out
	}
	run := func(files []string, jobs int, prefixes *cpp.PrefixCache, parallel bool) map[string]string {
		r, err := checks.Run(files, &checks.Options{Jobs: jobs, Parallel: parallel, Config: grammar.Config{Prefixes: prefixes}})
		if err != nil {
			t.Fatal(err)
		}
		return render(r.Findings)
	}
	forward := run(files, 1, cpp.NewPrefixCache(0), false)
	reversed := slices.Clone(files)
	slices.Reverse(reversed)
	backward := run(reversed, 2, cpp.NewPrefixCache(0), false)
	finegrain := 0
	for _, path := range files {
		path = filepath.Clean(path)
		alone := run([]string{path}, 1, cpp.NoPrefixCache, true)[path]
		finegrain += strings.Count(forward[path], "Rule:finegrain")
		if forward[path] != backward[path] {
			t.Errorf("%s: findings differ in reverse order with two goroutines:\n%s", path, lineDiff(forward[path], backward[path]))
		}
		if forward[path] != alone {
			t.Errorf("%s: findings differ when the file is checked alone:\n%s", path, lineDiff(forward[path], alone))
		}
	}
	if finegrain < 20 {
		t.Fatalf("%d finegrain findings in all: are the rules registered?", finegrain)
	}
	t.Logf("%d files, %d finegrain findings", len(files), finegrain)
}

// lineDiff returns the first line where a and b differ, from each.
func lineDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("first: %s\nthen:  %s", la[i], lb[i])
		}
	}
	return fmt.Sprintf("%d lines, then %d", len(la), len(lb))
}
