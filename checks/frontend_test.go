package checks_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/checktest"
	"github.com/upclint/upclint/grammar/diag"
)

// frontEndOnly selects the front end's rules.
func frontEndOnly(rule string) bool {
	return rule == diag.RuleSyntax || rule == diag.RuleTypecheck || rule == diag.RulePreprocessor
}

// TestCorpus is the front end's acceptance test: every valid program
// checks with no finding, and every invalid one gets exactly the errors its
// `// want` comments name, on their lines.
func TestCorpus(t *testing.T) {
	for _, sub := range []string{"valid", "invalid"} {
		files, err := checks.CollectFiles([]string{filepath.Join("..", "testdata", "corpus", sub)}, []string{".upc", ".c"})
		if err != nil {
			t.Skipf("no corpus: %v", err)
		}
		for _, f := range files {
			t.Run(sub+"/"+filepath.Base(f), func(t *testing.T) {
				t.Parallel()
				r, err := checktest.CheckFile(f, frontEndOnly)
				if err != nil {
					t.Fatal(err)
				}
				if sub == "invalid" && len(r.Missing)+len(r.Findings) == 0 {
					t.Fatal("invalid program without want comments")
				}
				if !r.OK() {
					t.Error(r.Report())
				}
			})
		}
	}
}

// writeFile creates a file in a temporary directory.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkOne runs the driver on one file and returns its findings.
func checkOne(t *testing.T, path string) []checks.Finding {
	t.Helper()
	res, err := checks.Run([]string{path}, &checks.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res.Findings
}

// hasFinding reports whether some finding of rule mentions substr.
func hasFinding(fs []checks.Finding, rule, substr string) bool {
	for _, f := range fs {
		if f.Rule == rule && strings.Contains(f.Message, substr) {
			return true
		}
	}
	return false
}

// TestHostileInputs feeds the inputs that break naive front ends; each must
// end with a diagnostic, not a crash or a hang (go test's timeout catches
// hangs).
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	t.Run("deep nesting", func(t *testing.T) {
		depth := 10000
		src := "int f(void) { return " + strings.Repeat("(", depth) + "1" + strings.Repeat(")", depth) + "; }\nint g(void) { return x; }\n"
		fs := checkOne(t, writeFile(t, dir, "deep.upc", src))
		if !hasFinding(fs, diag.RuleSyntax, "nested too deeply") {
			t.Errorf("no nesting diagnostic: %v", fs)
		}
		if !hasFinding(fs, diag.RuleTypecheck, "undeclared identifier") {
			t.Errorf("the declaration after the deep one was not analysed: %v", fs)
		}
	})
	t.Run("binary", func(t *testing.T) {
		fs := checkOne(t, writeFile(t, dir, "bin.upc", "\x7fELF\x02\x01\x01\x00\x00\x00garbage\x00\x00"))
		if !hasFinding(fs, diag.RuleSyntax, "binary") {
			t.Errorf("no binary-file diagnostic: %v", fs)
		}
	})
	t.Run("include cycle", func(t *testing.T) {
		writeFile(t, dir, "a.h", "#include \"b.h\"\nint a;\n")
		writeFile(t, dir, "b.h", "#include \"a.h\"\nint b;\n")
		fs := checkOne(t, writeFile(t, dir, "cycle.upc", "#include \"a.h\"\nint main(void) { return a + b; }\n"))
		if len(fs) == 0 || fs[0].Rule != diag.RulePreprocessor {
			t.Errorf("no include diagnostic: %v", fs)
		}
	})
	t.Run("too large", func(t *testing.T) {
		p := writeFile(t, dir, "big.upc", strings.Repeat("int x;\n", 100))
		res, err := checks.Run([]string{p}, &checks.Options{Jobs: 1, MaxFileSize: 64})
		if err != nil {
			t.Fatal(err)
		}
		if !hasFinding(res.Findings, diag.RuleSyntax, "too large") {
			t.Errorf("no size diagnostic: %v", res.Findings)
		}
	})
	t.Run("50 MB", func(t *testing.T) {
		// With the default limit a huge generated file gets one finding at
		// once instead of minutes of analysis.
		line := "int generated_table_entry_with_a_long_name = 12345678;\n"
		src := strings.Repeat(line, 50<<20/len(line)+1)
		fs := checkOne(t, writeFile(t, dir, "huge.upc", src))
		if len(fs) != 1 || !hasFinding(fs, diag.RuleSyntax, "too large") {
			t.Errorf("findings = %v", fs)
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		if _, err := checks.Run([]string{filepath.Join(dir, "missing.upc")}, &checks.Options{Jobs: 1}); err == nil {
			t.Error("missing file: no error")
		}
	})
}

// TestDeterministicOrder checks that parallel runs report in file order.
func TestDeterministicOrder(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, n := range []string{"c", "a", "b", "d"} {
		files = append(files, writeFile(t, dir, n+".upc", "int main(void) { return "+n+"_undeclared; }\n"))
	}
	res, err := checks.Run(files, &checks.Options{Jobs: 4})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Findings {
		got = append(got, filepath.Base(f.Pos.Path))
	}
	if strings.Join(got, ",") != "a.upc,b.upc,c.upc,d.upc" {
		t.Errorf("order = %v", got)
	}
}

// TestNoFindingOnUnknownDeclarations: with a header missing, an object
// whose element type or block size is unknown gets no rule finding (its
// layout and element size are not known), while the same access to a
// known array is still reported.
func TestNoFindingOnUnknownDeclarations(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, dir, "u.upc", `#include <upc.h>
#include "missing.h"
#define N 100
shared elem_t a[N*THREADS];
shared [BS] double b[N*THREADS];
shared double c[N*THREADS];
double sum;
int main(void)
{
    int i;
    for (i = 0; i < N*THREADS; i++)
        sum += a[i] + b[i] + c[i];
    return 0;
}
`)
	res, err := checks.Run([]string{f}, &checks.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range res.Findings {
		if !frontEndOnly(x.Rule) {
			got = append(got, x.Message)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "c[i]") {
		for _, x := range res.Findings {
			t.Log(x.Rule, x.Message)
		}
		t.Errorf("rule findings %q, want one, on c[i]", got)
	}
}
