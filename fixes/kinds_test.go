package fixes_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
)

// fixKinds are the rewrites the rules make, by "rule: message" of their
// fixes. TestFixedCodeIsClean requires each to be offered on some golden
// input or kernel and, unless it is only ever shown (display-only), to be
// applied on one, so that some fixed text of every kind is checked for
// findings and idempotence; a fix of no kind listed fails it, so that a
// new rewrite joins the list.
var fixKinds = []struct {
	name string
	re   *regexp.Regexp
}{
	{"collidiom broadcast", regexp.MustCompile(`^collidiom: broadcast `)},
	{"collidiom reduce", regexp.MustCompile(`^collidiom: reduce `)},
	{"collidiom gather", regexp.MustCompile(`^collidiom: gather `)},
	{"collidiom scatter", regexp.MustCompile(`^collidiom: scatter `)},
	{"collidiom pipelined reduce", regexp.MustCompile(`^collidiom: read the elements of .+ into .+ with pipelined non-blocking gets .* then run the loop on the copies$`)},
	{"collidiom pipelined gets", regexp.MustCompile(`^collidiom: read .* with pipelined non-blocking gets`)},
	{"allreduce broadcast", regexp.MustCompile(`^allreduce: broadcast `)},
	{"forall strided", regexp.MustCompile(`^forall: iterate with stride THREADS`)},
	{"forall blocks", regexp.MustCompile(`^forall: iterate over this thread's blocks`)},
	{"forall test once", regexp.MustCompile(`^forall: test the affinity once`)},
	{"irregular inspector-executor", regexp.MustCompile(`^irregular: read .* \(inspector-executor\)`)},
	{"irregular aggregation", regexp.MustCompile(`^irregular: aggregate the updates of `)},
	{"splitphase get", regexp.MustCompile(`^splitphase: issue the get `)},
	{"splitphase put", regexp.MustCompile(`^splitphase: issue the put `)},
	{"finegrain box", regexp.MustCompile(`^finegrain: coalesce the reads of \S+: fetch (the elements|the rows|columns \d+ to \d+ of the rows) with one upc_memget (before|per block before|per thread before) the loop`)},
	{"finegrain strided", regexp.MustCompile(`^finegrain: coalesce the reads of \S+: fetch the \S+ elements of the loop with one upc_memget before it`)},
	{"finegrain owner", regexp.MustCompile(`^finegrain: coalesce the reads of \S+: one upc_memget per thread before the loop, read by layout`)},
	{"finegrain member", regexp.MustCompile(`^finegrain: coalesce the reads of .*: fetch the elements the loop reads with one upc_memget per structure before it`)},
	{"finegrain read strips", regexp.MustCompile(`^finegrain: coalesce the reads of \S+: run the loop in strips `)},
	{"finegrain struct element", regexp.MustCompile(`^finegrain: coalesce the field reads of `)},
	{"finegrain struct fields overlapped", regexp.MustCompile(`^finegrain: overlap the field reads of \S+: per iteration, non-blocking gets `)},
	{"finegrain writes", regexp.MustCompile(`^finegrain: coalesce the writes of \S+: write a private buffer in the loop`)},
	{"finegrain write strips", regexp.MustCompile(`^finegrain: coalesce the writes of \S+: run the loop in strips `)},
	{"finegrain write runs", regexp.MustCompile(`^finegrain: coalesce the writes of \S+: write each row .* run of adjacent elements`)},
	{"finegrain owner guard", regexp.MustCompile(`^finegrain: coalesce the reads of \S+: fetch the elements the iterations of this thread read with one upc_memget per offset`)},
	{"finegrain updates", regexp.MustCompile(`^finegrain: coalesce the updates of \S+: fetch the elements into a private buffer before the loop`)},
	{"finegrain update strips", regexp.MustCompile(`^finegrain: coalesce the updates of \S+: run the loop in strips `)},
}

// pointerInputs are the goldens whose finegrain fixes read through
// pointers-to-shared and element addresses: their messages are those of
// the arrays' rewrites, so the kind is known by the input.
var pointerInputs = []string{"ptr_cyclic.upc", "ptr_indefinite.upc", "addr_shapes.upc"}

// kindCover records, per kind, the fixes offered on the inputs (and
// whether any of them may be applied) and those applied.
type kindCover struct {
	offered, applicable, applied map[string]bool
	unknown                      []string
}

func newKindCover() *kindCover {
	return &kindCover{offered: map[string]bool{}, applicable: map[string]bool{}, applied: map[string]bool{}}
}

func kindOf(rule, msg string) string {
	for _, k := range fixKinds {
		if k.re.MatchString(rule + ": " + msg) {
			return k.name
		}
	}
	return ""
}

// record notes the fixes of the findings on input in and those the fix
// loop applied there.
func (c *kindCover) record(in string, findings []checks.Finding, applied []fixes.Applied) {
	for _, f := range findings {
		for _, x := range f.Fixes {
			k := kindOf(f.Rule, x.Message)
			if k == "" {
				c.unknown = append(c.unknown, filepath.Base(in)+": "+f.Rule+": "+x.Message)
				continue
			}
			c.offered[k] = true
			c.applicable[k] = c.applicable[k] || x.Applicability != checks.FixDisplayOnly
		}
	}
	for _, a := range applied {
		if k := kindOf(a.Rule, a.Message); k != "" {
			c.applied[k] = true
		}
		if a.Rule == "finegrain" && slices.Contains(pointerInputs, filepath.Base(in)) {
			c.applied["finegrain pointer"] = true
		}
	}
}

// check fails t for a fix of no kind, a kind no input offers and a kind
// offered for fix but never applied.
func (c *kindCover) check(t *testing.T) {
	t.Helper()
	sort.Strings(c.unknown)
	for _, u := range slices.Compact(c.unknown) {
		t.Errorf("a fix of no kind in fixKinds: %s", u)
	}
	for _, k := range fixKinds {
		switch {
		case !c.offered[k.name]:
			t.Errorf("no golden input or kernel is offered a fix of kind %q", k.name)
		case c.applicable[k.name] && !c.applied[k.name]:
			t.Errorf("no golden input or kernel gets a fix of kind %q applied: its fixed code is not checked", k.name)
		case !c.applied[k.name]:
			t.Logf("kind %q is only shown (display-only), never applied", k.name)
		}
	}
	if !c.applied["finegrain pointer"] {
		t.Errorf("none of %v gets a finegrain fix applied (reads through pointers-to-shared)", pointerInputs)
	}
}
