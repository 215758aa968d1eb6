package bench

import (
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/runtime"
)

// TestVaryingCommunication: runs that communicate differently give the
// median run's figures with the range, and the verdict comes from the
// changed lines' modeled time per KiB, not from the totals the schedule
// moved; it says whether the median runs gain too.
func TestVaryingCommunication(t *testing.T) {
	net := runtime.NetParams{ONs: 300, LNs: 1500, GNsByte: 0.08}
	run := func(ops uint64, modeled float64, stealReads, stealBulk, stealBytes uint64) *runtime.Stats {
		s := &runtime.Stats{Net: net, ModeledNs: modeled}
		s.Total.RemoteReads = ops
		s.Lines = []runtime.LineStats{{File: "uts.upc", Line: 117, RemoteReads: stealReads, RemoteBytes: stealReads * 16,
			Bulk: stealBulk, BulkBytes: stealBytes}}
		return s
	}
	changed := map[int]bool{117: true}
	var before, after Measure
	before.setComm([]*runtime.Stats{run(5070, 33e6, 1, 0, 0), run(155182, 277e6, 615, 0, 0), run(5118, 33.6e6, 3, 0, 0)}, "uts.upc", changed)
	after.setComm([]*runtime.Stats{run(587793, 1033e6, 0, 35, 10880), run(5078, 33.4e6, 0, 1, 16), run(5086, 33.5e6, 0, 1, 16)}, "uts.upc", changed)
	if !before.Varies || before.RemoteOps != 5118 || before.Modeled != time.Duration(33.6e6) {
		t.Errorf("original: %+v, want the median run (5118 ops, 33.6 ms), varying", before)
	}
	if c := before.Changed; c.RemoteOps != 619 || c.RemoteBytes != 619*16 {
		t.Errorf("original changed lines %+v, want 619 reads of 16 bytes", c)
	}
	if got := modeledCell(after); got != "33.50 ms [33.40 ms–1.03 s]" {
		t.Errorf("cell %q", got)
	}
	p := Point{Threads: 16, Before: before, After: after}
	if s := p.ChangedSpeedup(); s < 10 {
		t.Errorf("changed lines speedup %.2f, want > 10 (37 gets instead of 619 reads)", s)
	}
	k := &KernelResult{Name: "uts.upc", Findings: []string{"finegrain"}, Changed: true, Validated: true, Points: []Point{p}}
	if v := verdict(k); !strings.HasPrefix(v, "improves on the lines the fix changes") || !strings.Contains(v, "**no gain** on the whole program's median run (1.00x") {
		t.Errorf("verdict %q", v)
	}
	// A fixed program whose median run communicates less gains as a whole.
	faster := after
	faster.Modeled = before.Modeled / 2
	k.Points = []Point{{Threads: 16, Before: before, After: faster}}
	if v := verdict(k); !strings.HasPrefix(v, "improves (2.00x on the median run, ") {
		t.Errorf("verdict %q", v)
	}
	// The same per-byte cost is no gain, whatever the totals.
	same := after
	same.Changed = fixes.LineComm{RemoteOps: 619, RemoteBytes: 619 * 16, Modeled: before.Changed.Modeled}
	k.Points = []Point{{Threads: 16, Before: before, After: same}}
	if v := verdict(k); !strings.HasPrefix(v, "**no gain** on the lines") {
		t.Errorf("verdict %q", v)
	}
}
