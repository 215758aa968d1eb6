package fixes

import (
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/runtime"
)

// TestMaskEqual: numbers in the clauses that report a time or a rate may
// differ; any other difference, a number in another clause included, is a
// mismatch.
func TestMaskEqual(t *testing.T) {
	m, err := NewMask(false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b   string
		equal  bool
		masked bool
	}{
		{"Time: 0.0123 s", "Time: 0.0098 s", true, true},
		{"time = 1.5 seconds", "time = 0.25 seconds", true, true},
		{"elapsed 35ms", "elapsed 2ms", true, true},
		{"took 0.3s", "took 1.2e-3s", true, true},
		{"Bandwidth: 1200.5 MB/s", "Bandwidth: 80 MB/s", true, true},
		{"rate 12 Mop/s", "rate 13 Mop/s", true, true},
		{"420.1 MFLOPS", "99.2 MFLOPS", true, true},
		// GUPS: giga-updates per second, the RandomAccess benchmark's rate.
		{"Performance of GUPS with 90 % of local accesses out of 10 iterations: 0.000000",
			"Performance of GUPS with 90 % of local accesses out of 10 iterations: 0.000001", true, true},
		{"GUPS: 0.25", "GUPS: 0.31", true, true},
		// A word that only ends like the unit is not one.
		{"groups 3", "groups 4", false, false},
		{"setups 3", "setups 4", false, false},
		// A number padded to its printf field width.
		{"write bandwidth in MB/sec: avg=6525.378 min=4186.041", "write bandwidth in MB/sec: avg=1142.847 min= 956.120", true, true},
		{"0.5 us per op", "0.7 us per op", true, true},
		{"same line", "same line", true, false},
		// Not a timing line: a number differs.
		{"sum = 10", "sum = 11", false, false},
		{"checksum 4.5", "checksum 4.6", false, false},
		// A timing line that differs in a word.
		{"Time: 0.1 s (ok)", "Time: 0.1 s (bad)", false, false},
		{"time = 1 seconds", "time = 1 minutes", false, false},
		// The number of another clause differs.
		{"time 0.1 s, sum 10", "time 0.2 s, sum 11", false, false},
		{"time 0.1 s, sum 10", "time 0.2 s, sum 10", true, true},
		// Different separators or clause counts.
		{"time 0.1 s, sum 10", "time 0.1 s; sum 10", false, false},
		{"time 0.1 s", "time 0.1 s, 3", false, false},
		// Words that merely contain a time word are not timing words.
		{"sometimes 3", "sometimes 4", false, false},
		{"steps 3", "steps 4", false, false},
	} {
		eq, masked := m.Equal(c.a, c.b)
		if eq != c.equal || masked != c.masked {
			t.Errorf("Equal(%q, %q) = %v, %v; want %v, %v", c.a, c.b, eq, masked, c.equal, c.masked)
		}
	}
}

// TestMaskPatterns: the user's patterns name more timing clauses; with
// noDefault only they do; a bad pattern is an error naming it.
func TestMaskPatterns(t *testing.T) {
	m, err := NewMask(true, `(?i)\biters/step\b`)
	if err != nil {
		t.Fatal(err)
	}
	if eq, _ := m.Equal("3.5 iters/step", "4.5 iters/step"); !eq {
		t.Error("the user's pattern did not mask")
	}
	if eq, _ := m.Equal("Time: 1 s", "Time: 2 s"); eq {
		t.Error("the default mask applies under noDefault")
	}
	if _, err := NewMask(false, "("); err == nil || !strings.Contains(err.Error(), `"("`) {
		t.Errorf("bad pattern: %v", err)
	}
	var none *Mask
	if eq, _ := none.Equal("Time: 1 s", "Time: 2 s"); eq {
		t.Error("a nil mask masked")
	}
}

// TestCompareRunsMasks: a run whose timing line differs matches and the
// line is reported as masked; a differing result line after it is still
// the mismatch.
func TestCompareRunsMasks(t *testing.T) {
	run := func(out ...string) *runtime.Result {
		r := &runtime.Result{}
		for i, o := range out {
			r.Threads = append(r.Threads, runtime.ThreadResult{Thread: i, Stdout: []byte(o)})
		}
		return r
	}
	m, _ := NewMask(false)
	mm, masked := compareRuns(2, run("sum 3\ntime = 0.5 seconds\n", ""), run("sum 3\ntime = 0.01 seconds\n", ""), m)
	if mm != nil {
		t.Fatalf("mismatch %v", mm)
	}
	if len(masked) != 1 || masked[0].Line != 2 || masked[0].Thread != 0 || masked[0].Threads != 2 {
		t.Fatalf("masked %+v", masked)
	}
	if s := maskedSummary(masked); !strings.Contains(s, `1 timing lines masked ("time = # seconds")`) {
		t.Errorf("summary %q", s)
	}
	mm, _ = compareRuns(1, run("time = 0.5 seconds\nsum 3\n"), run("time = 0.01 seconds\nsum 4\n"), m)
	if mm == nil || mm.Line != 2 {
		t.Errorf("mismatch %+v, want line 2", mm)
	}
}

// TestCompareRunsMasksTables: the rows of a table whose header names times
// or rates (STREAM's "Rate (MB/s)   RMS time", OSU's "Latency (us)") may
// differ in the numbers under those headings, not in the others (the
// message size, the function's name), and a blank line ends the table.
func TestCompareRunsMasksTables(t *testing.T) {
	run := func(out string) *runtime.Result {
		return &runtime.Result{Threads: []runtime.ThreadResult{{Stdout: []byte(out)}}}
	}
	m, _ := NewMask(false)
	stream := "Function      Rate (MB/s)   RMS time     Min time     Max time\n"
	osu := "# Size          Latency (us)\n"
	for _, c := range []struct {
		orig, fixed string
		line        int // of the mismatch, 0 for none
	}{
		{stream + "upc_memcpy: 50081.2418       0.0000       0.0000       0.0000\nupc_memset:101680.0970       0.0000       0.0000       0.0001\n",
			stream + "upc_memcpy: 47259.7634       0.0000       0.0000       0.0001\nupc_memset: 99680.0970       0.0001       0.0000       0.0000\n", 0},
		{stream + "upc_memcpy: 50081.2418       0.0000       0.0000       0.0000\n",
			stream + "upc_memset: 50081.2418       0.0000       0.0000       0.0000\n", 2},
		{osu + "8                       1.23\n16                      1.31\n", osu + "8                       2.04\n16                      1.29\n", 0},
		{osu + "8                       1.23\n", osu + "9                       1.23\n", 2},
		{osu + "8                       1.23\n\nsum 8 1.23\n", osu + "8                       1.23\n\nsum 8 1.25\n", 4},
	} {
		mm, _ := compareRuns(1, run(c.orig), run(c.fixed), m)
		switch {
		case c.line == 0 && mm != nil:
			t.Errorf("%q vs %q: mismatch %v", c.orig, c.fixed, mm)
		case c.line != 0 && (mm == nil || mm.Line != c.line):
			t.Errorf("%q vs %q: mismatch %+v, want line %d", c.orig, c.fixed, mm, c.line)
		}
	}
}

// TestCostlier: a fixed program with more remote operations, bytes or
// modeled time is costlier, and the reason says by how much.
func TestCostlier(t *testing.T) {
	b := Comm{Threads: 8, RemoteOps: 140113, RemoteBytes: 1100000, Modeled: 288 * time.Millisecond}
	if c := costlier(b, b); c != nil {
		t.Errorf("equal communication is costlier: %v", c)
	}
	less := Comm{Threads: 8, RemoteOps: 12, RemoteBytes: 1000, Modeled: time.Millisecond}
	if c := costlier(b, less); c != nil {
		t.Errorf("less communication is costlier: %v", c)
	}
	more := Comm{Threads: 8, RemoteOps: 560113, RemoteBytes: 71700000, Modeled: 469 * time.Millisecond}
	c := costlier(b, more)
	if c == nil {
		t.Fatal("more communication is not costlier")
	}
	want := "THREADS=8: communicates more than the original: remote ops 140113 → 560113 (+420000, 4.00x), " +
		"bytes 1100000 → 71700000 (+70600000, 65.18x), modeled 288ms → 469ms (+181ms, 1.63x)"
	if got := c.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	onlyTime := b
	onlyTime.Modeled++
	if c := costlier(b, onlyTime); c == nil || strings.Contains(c.String(), "remote ops") {
		t.Errorf("modeled time alone: %v", c)
	}
	v := &Validation{Costlier: c}
	if !strings.HasPrefix(v.Reason(), "THREADS=8: communicates more") {
		t.Errorf("reason %q", v.Reason())
	}
}
