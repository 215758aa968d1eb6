// Package fixtest checks rewrites against golden files: for each
// NAME.upc in a directory, upclint's fixes for the given rules are applied
// until none is left, and the result must equal NAME.upc.golden (run the
// tests with -update to rewrite the goldens) and trigger the rules no more.
package fixtest

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/checktest"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/internal/testflags"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

var update = flag.Bool("update", false, "rewrite the fix golden files")

// MaxRounds bounds the rounds of display-only fixes Shown applies.
const MaxRounds = 5

// Goldens is the golden test of a rule's rewrites.
type Goldens struct {
	Dir      string   // the golden programs' directory below the repository's testdata/fixes
	Rules    []string // the rules whose fixes are applied
	Cheaper  bool     // the fixed programs must communicate no more (see ValidateGoldens)
	Costlier []string // goldens --validate must refuse for communicating more
	// Refused is a pattern of programs whose rewrite the rules refuse: their
	// findings must be the ones their "want" comments give, and the fix
	// loop must leave them as they are. Empty: none.
	Refused string
}

// Run runs the subtests fix (Golden), validate (ValidateGoldens) and, with
// Refused, refused (checktest.Run) and unchanged (Unchanged).
func (g Goldens) Run(t *testing.T) {
	_, self, _, _ := goruntime.Caller(0)
	dir := filepath.Join(filepath.Dir(self), "..", "..", "testdata", "fixes", g.Dir)
	t.Run("fix", func(t *testing.T) { Golden(t, dir, g.Rules...) })
	t.Run("validate", func(t *testing.T) { ValidateGoldens(t, dir, g.Cheaper, g.Costlier...) })
	if g.Refused != "" {
		t.Run("refused", func(t *testing.T) { checktest.Run(t, g.Refused, g.Rules...) })
		t.Run("unchanged", func(t *testing.T) { Unchanged(t, g.Refused, g.Rules...) })
	}
}

// Golden runs the golden test of every dir/*.upc for rules, one subtest
// per file.
func Golden(t *testing.T, dir string, rules ...string) {
	t.Helper()
	inputs, _ := filepath.Glob(filepath.Join(dir, "*.upc"))
	if len(inputs) == 0 {
		t.Fatalf("no inputs in %s", dir)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			got, remaining := FixFile(t, in, rules...)
			compareGolden(t, in, got, "fixed")
			for _, f := range remaining {
				if Applicable(f) {
					t.Errorf("after fixing, %s:%d: %s [%s]", filepath.Base(f.Pos.Path), f.Pos.Line, f.Message, f.Rule)
				}
			}
		})
	}
}

// Applicable reports whether a finding left after fixing is one a fix
// addresses: it has a fix that fix applies (safe or unsafe). A finding
// whose fixes are all display-only is left for review by design.
func Applicable(f checks.Finding) bool {
	for k := range f.Fixes {
		if f.Fixes[k].Applicable() {
			return true
		}
	}
	return false
}

// FixFile applies every fix (safe or not) of rules to the file with the
// fix loop of upclint fix (fixes.FixSource, its default rounds) until none
// is left, and returns the final text and the rules' findings on it.
func FixFile(t *testing.T, path string, rules ...string) ([]byte, []checks.Finding) {
	t.Helper()
	src, cfg, err := testflags.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	enabled := func(r string) bool { return len(rules) == 0 || slices.Contains(rules, r) }
	res := fixes.FixSource(path, src, &fixes.Options{Check: &checks.Options{Config: cfg, Enabled: enabled},
		Unsafe: true})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	return res.Fixed, res.Remaining
}

// Unchanged checks that the fix loop of rules leaves every file matching
// pattern as it is: the programs whose rewrite a rule must refuse.
func Unchanged(t *testing.T, pattern string, rules ...string) {
	t.Helper()
	inputs, _ := filepath.Glob(pattern)
	if len(inputs) == 0 {
		t.Fatalf("no programs match %s", pattern)
	}
	for _, in := range inputs {
		want, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := FixFile(t, in, rules...); !bytes.Equal(got, want) {
			t.Errorf("%s: a refused rewrite was applied:\n%s", in, got)
		}
	}
}

// EachInput runs f as a subtest, named DIR/FILE, on every fix golden input
// and every kernel below the repository root with the file's text and
// flags.
func EachInput(t *testing.T, root string, f func(t *testing.T, path string, src []byte, cfg grammar.Config)) {
	t.Helper()
	inputs, _ := filepath.Glob(filepath.Join(root, "testdata", "fixes", "*", "*.upc"))
	kernels, _ := filepath.Glob(filepath.Join(root, "testdata", "kernels", "*.upc"))
	inputs = append(inputs, kernels...)
	if len(inputs) < 40 {
		t.Fatalf("%d inputs, want the goldens and the kernels", len(inputs))
	}
	for _, in := range inputs {
		t.Run(filepath.Base(filepath.Dir(in))+"/"+filepath.Base(in), func(t *testing.T) {
			src, cfg, err := testflags.Read(in)
			if err != nil {
				t.Fatal(err)
			}
			f(t, in, src, cfg)
		})
	}
}

// ValidateGoldens runs every dir/NAME.upc against NAME.upc.golden with
// fixes.ValidateResult, the code behind upclint fix --validate: with
// THREADS 1, 2, 3, 4 and 8 every thread must print the same and exit the
// same; with cheaper, the fixed program must also communicate no more
// with any of them (remote operations, bytes, modeled time), as --validate
// requires, except the goldens named in costlier, which --validate must
// refuse for communicating more (known shortfalls: the test fails once one
// is fixed, to take it off the list). Without cheaper the validation
// allows more communication (collectives pay off only at larger counts).
// It skips when there is no C compiler or in -short mode.
func ValidateGoldens(t *testing.T, dir string, cheaper bool, costlier ...string) {
	t.Helper()
	NeedCC(t)
	inputs, _ := filepath.Glob(filepath.Join(dir, "*.upc"))
	if len(inputs) < 12 {
		t.Fatalf("%d golden inputs in %s, want at least 12", len(inputs), dir)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			t.Parallel()
			orig, cfg, err := testflags.Read(in)
			if err != nil {
				t.Fatal(err)
			}
			fixed, err := os.ReadFile(in + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(orig, fixed) {
				t.Fatal("the golden changes nothing")
			}
			r := &fixes.FileResult{Path: in, Original: orig, Fixed: fixed,
				Applied: []fixes.Applied{{Rule: "golden"}}}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			opts := fixes.ValidateOptions{Config: cfg, Timeout: time.Minute, AllowCostlier: !cheaper}
			if err := fixes.ValidateResult(ctx, r, opts); err != nil {
				t.Fatal(err)
			}
			v := r.Validation
			known := slices.Contains(costlier, filepath.Base(in))
			switch {
			case v == nil:
				t.Fatal("not validated")
			case v.Mismatch != nil:
				t.Fatalf("original and fixed differ: %v", v.Mismatch)
			case known && v.Costlier == nil:
				t.Fatalf("listed as communicating more, but validated (%+v -> %+v): take it off the list", v.Before, v.After)
			case known:
				t.Logf("refused as known: %v", v.Costlier)
				return
			case v.Costlier != nil:
				t.Fatalf("validation refuses the fix: %v", v.Costlier)
			case !v.OK:
				t.Fatalf("not run: %v", v.Err)
			}
			if !r.Changed() || len(r.Applied) != 1 {
				t.Error("a validated fix was reverted")
			}
			t.Logf("THREADS=%d: remote operations %d -> %d, modeled %v -> %v", v.Before.Threads,
				v.Before.RemoteOps, v.After.RemoteOps, v.Before.Modeled, v.After.Modeled)
		})
	}
}

// Build translates the UPC program at path and builds it on the bundled
// runtime, failing t on an error.
func Build(t testing.TB, path string) string {
	t.Helper()
	c, _, err := translate.TranslateFile(path, &grammar.Config{}, translate.Options{})
	if err != nil {
		t.Fatalf("translate %s: %v", path, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".c"
	bin, err := runtime.Build(ctx, []runtime.Source{{Name: name, Code: c}}, runtime.BuildOptions{})
	if err != nil {
		t.Fatalf("build %s: %v", path, err)
	}
	return bin
}

// HaveCC reports whether tests may build and run UPC programs: not in
// -short mode, and $CC (else cc) is found.
func HaveCC() bool {
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	_, err := exec.LookPath(strings.Fields(cc)[0])
	return !testing.Short() && err == nil
}

// NeedCC skips the test unless HaveCC.
func NeedCC(t testing.TB) {
	t.Helper()
	if !HaveCC() {
		t.Skip("builds and runs UPC programs: needs a C compiler and no -short")
	}
}

// Shown is the golden test of rewrites a rule shows and never applies
// (display-only fixes: its cost estimate says the rewrite communicates
// more than the code it replaces). For each dir/NAME.upc, the fix loop
// must leave the file as it is; applying the rules' display-only fixes
// round after round must give NAME.upc.golden; and --validate's check
// (fixes.ValidateResult) must refuse that golden for communicating more,
// so the estimate that kept the rewrite from being applied is right.
func Shown(t *testing.T, dir string, rules ...string) {
	t.Helper()
	inputs, _ := filepath.Glob(filepath.Join(dir, "*.upc"))
	if len(inputs) == 0 {
		t.Fatalf("no inputs in %s", dir)
	}
	t.Run("unchanged", func(t *testing.T) { Unchanged(t, filepath.Join(dir, "*.upc"), rules...) })
	t.Run("shown", func(t *testing.T) {
		for _, in := range inputs {
			t.Run(filepath.Base(in), func(t *testing.T) {
				compareGolden(t, in, applyShown(t, in, rules), "the shown rewrite of")
			})
		}
	})
	names := make([]string, len(inputs))
	for i, in := range inputs {
		names[i] = filepath.Base(in)
	}
	t.Run("validate", func(t *testing.T) { ValidateGoldens(t, dir, true, names...) })
}

// applyShown applies the display-only fixes of rules to the file at path
// until none is left or MaxRounds, and returns the text.
func applyShown(t *testing.T, path string, rules []string) []byte {
	t.Helper()
	src, cfg, err := testflags.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := &checks.Options{Config: cfg, Enabled: func(r string) bool { return slices.Contains(rules, r) }}
	shown := 0
	for range MaxRounds {
		_, findings := checks.AnalyzeSource(path, src, opts)
		chosen, _ := fixes.Select(findings, func(_ *checks.Finding, fix *checks.Fix) bool {
			return fix.Applicability == checks.FixDisplayOnly && len(fix.Edits) > 0 && fix.Edits[0].Pos.Path == path
		})
		if len(chosen[path]) == 0 {
			break
		}
		shown += len(chosen[path])
		if src, err = fixes.Apply(src, fixes.Edits(chosen[path])); err != nil {
			t.Fatal(err)
		}
	}
	if shown == 0 {
		t.Fatal("no display-only fix")
	}
	return src
}

// compareGolden compares got, the text made from input in, with in's
// .golden file (writing it first under -update); what names the text in
// the failure ("fixed", "the shown rewrite of").
func compareGolden(t *testing.T, in string, got []byte, what string) {
	t.Helper()
	golden := in + ".golden"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s %s differs from %s:\n--- got\n%s", what, in, golden, got)
	}
}

// ReadPair returns the golden program at path and its fixed text
// (path.golden).
func ReadPair(t *testing.T, path string) (orig, fixed []byte) {
	t.Helper()
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if fixed, err = os.ReadFile(path + ".golden"); err != nil {
		t.Fatal(err)
	}
	return orig, fixed
}
