package fixes_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/diag"
)

// FuzzFixSource applies every fix, unsafe ones included, to the input and
// checks that it returns in bounded time, that the fixed text has no
// syntax or type error the input did not have, and that fixing the fixed
// text again changes nothing when the loop ended at a fixed point.
func FuzzFixSource(f *testing.F) {
	globs := []string{"../testdata/kernels/*.upc", "testdata/*.upc"}
	if !testing.Short() {
		globs = append(globs, "../testdata/fixes/*/*.upc")
	}
	for _, glob := range globs {
		m, _ := filepath.Glob(glob)
		for _, path := range m {
			if src, err := os.ReadFile(path); err == nil && len(src) < 16000 {
				f.Add(string(src))
			}
		}
	}
	f.Add("#include <upc.h>\nshared int a[THREADS];\nint main(void) { for (int i = 0; i < THREADS; i++) a[i] = i; upc_barrier; return 0; }\n")
	f.Add("#include <upc.h>\nshared [4] int b[4*THREADS];\nint main(void) { upc_forall (int i = 0; i < 4*THREADS; i++; i) b[i] = 1; return 0; }\n")
	f.Fuzz(func(t *testing.T, src string) {
		const path = "/fuzz/a.upc"
		var cur []byte
		read := func(p string) ([]byte, error) {
			if p == path {
				return cur, nil
			}
			return nil, os.ErrNotExist
		}
		opts := &fixes.Options{Check: &checks.Options{Config: grammar.Config{ReadFile: read}}, Unsafe: true}
		fix := func(text []byte) *fixes.FileResult {
			cur = text
			done := make(chan *fixes.FileResult, 1)
			go func() { done <- fixes.FixSource(path, text, opts) }()
			select {
			case res := <-done:
				return res
			case <-time.After(2 * time.Minute):
				t.Fatalf("no result after 2 minutes (%d bytes)", len(text))
			}
			return nil
		}
		res := fix([]byte(src))
		if !res.Changed() {
			return
		}
		before, after := frontEndErrors(path, res.Original), frontEndErrors(path, res.Fixed)
		for _, msg := range after[diag.RuleSyntax] {
			if !slices.Contains(before[diag.RuleSyntax], msg) {
				t.Fatalf("the fixes (%v) add a syntax error: %s\nfixed text:\n%s", rules(res.Applied), msg, res.Fixed)
			}
		}
		// a type error the input had may name other types after the fix
		// (the private copy of a shared element): counted, not compared
		if n, m := len(before[diag.RuleTypecheck]), len(after[diag.RuleTypecheck]); m > n {
			t.Fatalf("the fixes (%v) add type errors (%d, then %d): %q\nfixed text:\n%s", rules(res.Applied), n, m, after[diag.RuleTypecheck], res.Fixed)
		}
		if res.Rounds >= fixes.DefaultMaxRounds {
			return // the loop stopped at its bound, maybe before a fixed point
		}
		if again := fix(res.Fixed); again.Changed() {
			t.Fatalf("fixing the fixed text again applies %v:\n%s", rules(again.Applied), again.Diff())
		}
	})
}

// frontEndErrors returns the messages of the syntax and type errors of
// src by rule (positions move with the fixes; messages do not).
func frontEndErrors(path string, src []byte) map[string][]string {
	read := func(p string) ([]byte, error) {
		if p == path {
			return src, nil
		}
		return nil, os.ErrNotExist
	}
	opts := &checks.Options{Config: grammar.Config{ReadFile: read}, NoFixes: true,
		Enabled: func(rule string) bool { return rule == diag.RuleSyntax || rule == diag.RuleTypecheck }}
	_, fs := checks.AnalyzeSource(path, src, opts)
	msgs := map[string][]string{}
	for _, f := range fs {
		if f.Severity == diag.Error {
			msgs[f.Rule] = append(msgs[f.Rule], f.Message)
		}
	}
	return msgs
}

func rules(as []fixes.Applied) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Rule+": "+a.Message)
	}
	return out
}

// TestFixSourceTooLarge: a file over the size limit is left as it is, with
// the finding that says why, however many fixes it would get.
func TestFixSourceTooLarge(t *testing.T) {
	src, err := os.ReadFile("../testdata/fixes/coalesce/block_cyclic.upc")
	if err != nil {
		t.Skip(err)
	}
	opts := &fixes.Options{Check: &checks.Options{}, Unsafe: true}
	if res := fixes.FixSource("/t/block_cyclic.upc", src, opts); !res.Changed() {
		t.Fatal("the file gets no fix under the default limit")
	}
	opts.Check.MaxFileSize = int64(len(src)) / 2
	res := fixes.FixSource("/t/block_cyclic.upc", src, opts)
	if res.Changed() || len(res.Remaining) != 1 || !strings.Contains(res.Remaining[0].Message, "file too large") {
		t.Fatalf("changed %v, remaining %+v", res.Changed(), res.Remaining)
	}
}
