package fixes_test

import (
	"bytes"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/grammar"
)

// newAfterFix lists the findings that appear on fixed code, by file and
// rule, with why: each is left work that no fix addresses yet.
var newAfterFix = map[string]string{}

// shownWhy matches the reasons a rewrite left on fixed code may have for
// being display-only: it would communicate more than the code it replaces
// (upclint fix --validate refuses that). A collective instead of one remote
// access per thread costs more modeled time below some tens of threads; a
// bulk copy of structure elements of which the loop reads some fields, or of
// whole rows of which it reads some columns, moves more bytes, and standard
// UPC 1.3 has no strided copy that would move the fields alone.
var shownWhy = regexp.MustCompile(`\(not applied: (` + regexp.QuoteMeta(edit.CollectiveCostlier) +
	`|it copies whole \d+-byte elements where the loop reads \d+ bytes of each: fewer operations but more bytes` +
	`|it fetches whole (rows|inner dimensions) of \d+ elements where the loop may read only part of each: more bytes than the loop reads` +
	`|the loop reads \d+ of every \d+ elements of \S+, and a copy of the range would move \d+ times the bytes it reads)\)$`)

// estimateRE matches a finding's estimate of its remote operations.
var estimateRE = regexp.MustCompile(`about .*? per thread per execution`)

// sameWork returns a finding's message without its estimate of remote
// operations: the estimate of the same accesses changes with the loop a
// rewrite leaves (under upc_forall (...; &d[i]) with d indefinite it is
// averaged over the threads; under the rewrite's test of d's owner, the
// test is not counted), and a finding on the same accesses is no work a
// fix made.
func sameWork(msg string) string {
	return estimateRE.ReplaceAllString(msg, "about … per thread per execution")
}

// TestFixedCodeIsClean: on every fix golden input and every kernel, the
// output of the fix loop with every fix (upclint fix --unsafe) has no
// finding left that a fix addresses (a finding may keep a display-only
// rewrite only for shownWhy's reasons), and fixing it again changes nothing;
// a finding on the fixed text that the original did not have (work a fix
// made) fails it unless newAfterFix lists it. Every kind of rewrite
// (fixKinds) must be applied on one of the inputs.
func TestFixedCodeIsClean(t *testing.T) {
	cover := newKindCover()
	defer cover.check(t)
	fixtest.EachInput(t, "..", func(t *testing.T, in string, src []byte, cfg grammar.Config) {
		opts := &fixes.Options{Check: &checks.Options{Config: cfg}, Unsafe: true}
		r := fixes.FixSource(in, src, opts)
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		for _, f := range r.Remaining {
			if fixtest.Applicable(f) {
				t.Errorf("after fixing, %s:%d: %s [%s] still has a fix: %s", filepath.Base(in), f.Pos.Line, f.Message, f.Rule, f.Fixes[0].Message)
			}
			for _, fx := range f.Fixes {
				if !fx.Applicable() && !shownWhy.MatchString(fx.Message) {
					t.Errorf("after fixing, %s:%d: [%s] keeps a display-only rewrite for a reason other than its cost: %s",
						filepath.Base(in), f.Pos.Line, f.Rule, fx.Message)
				}
			}
		}
		// A fix must not make work of its own: every finding on the
		// fixed text was there, with the same message, on the original.
		_, before := checks.AnalyzeSource(in, src, opts.Check)
		cover.record(in, before, r.Applied)
		had := map[string]int{}
		for _, f := range before {
			had[f.Rule+": "+sameWork(f.Message)]++
		}
		for _, f := range r.Remaining {
			if k := f.Rule + ": " + sameWork(f.Message); had[k] > 0 {
				had[k]--
			} else if _, known := newAfterFix[filepath.Base(in)+" "+f.Rule]; !known {
				t.Errorf("after fixing, %s:%d: a new finding: %s [%s]", filepath.Base(in), f.Pos.Line, f.Message, f.Rule)
			}
		}
		again := fixes.FixSource(in, r.Fixed, opts)
		if !bytes.Equal(again.Fixed, r.Fixed) {
			t.Errorf("a second fix run changes the fixed text: %d fixes applied", len(again.Applied))
		}
	})
}
