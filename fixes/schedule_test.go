package fixes

import (
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/runtime"
)

func sortedLines(m map[int]bool) []int {
	var l []int
	for k := range m {
		l = append(l, k)
	}
	sort.Ints(l)
	return l
}

// TestChangedLines: a line diff finds the lines a rewrite removes and
// inserts, not the lines it shifts.
func TestChangedLines(t *testing.T) {
	a := "int a;\nfor (k = 0; k < n; k++)\n    x[k] = s[k];\nuse(x);\nreturn 0;\n"
	b := "int a;\n/* copy */\nupc_memget(x, s, n);\nuse(x);\nreturn 0;\n"
	del, ins := ChangedLines([]byte(a), []byte(b))
	if got := sortedLines(del); !reflect.DeepEqual(got, []int{2, 3}) {
		t.Errorf("deleted %v, want [2 3]", got)
	}
	if got := sortedLines(ins); !reflect.DeepEqual(got, []int{2, 3}) {
		t.Errorf("inserted %v, want [2 3]", got)
	}
	// An insertion in the middle shifts the lines after it, unchanged.
	b = "int a;\nfor (k = 0; k < n; k++)\n    x[k] = s[k];\nint extra;\nuse(x);\nreturn 0;\n"
	del, ins = ChangedLines([]byte(a), []byte(b))
	if len(del) != 0 || !reflect.DeepEqual(sortedLines(ins), []int{4}) {
		t.Errorf("deleted %v inserted %v, want none and [4]", sortedLines(del), sortedLines(ins))
	}
	del, ins = ChangedLines([]byte(a), []byte(a))
	if len(del)+len(ins) != 0 {
		t.Errorf("identical texts: %v %v", del, ins)
	}
}

// TestScheduleJudge: the changed lines decide per byte; a fix that moves
// the same bytes in fewer operations passes whatever the byte counts
// (they follow the schedule), one that reads more per byte, synchronises
// more, or communicates on lines that did not, fails.
func TestScheduleJudge(t *testing.T) {
	op := func(ops, bytes uint64) LineComm {
		return LineComm{RemoteOps: ops, RemoteBytes: bytes, Modeled: time.Duration(ops*3600 + bytes/12)}
	}
	cases := []struct {
		name          string
		before, after LineComm
		sync          [2]uint64
		reason        string // "" passes
	}{
		{"one steal coalesced, more nodes stolen", op(1, 16), op(25, 10736), [2]uint64{4, 4}, ""},
		{"fewer nodes stolen", op(615, 9840), op(2, 32), [2]uint64{4, 4}, ""},
		{"same per byte", op(64, 256), op(128, 512), [2]uint64{4, 4}, ""},
		{"more reads per byte", op(1024, 4096), op(2048, 5120), [2]uint64{4, 4}, "remote ops per KiB 256 → 410"},
		{"a barrier more", op(64, 256), op(1, 256), [2]uint64{4, 5}, "barriers and collective calls 4 → 5"},
		{"new communication", op(0, 0), op(1, 16), [2]uint64{4, 4}, "the changed lines communicate where the original's did not"},
		{"no communication either way", op(0, 0), op(0, 0), [2]uint64{4, 4}, ""},
		{"fewer, larger operations cost more per byte in time", LineComm{RemoteOps: 10, RemoteBytes: 1024, Modeled: time.Microsecond},
			LineComm{RemoteOps: 10, RemoteBytes: 1024, Modeled: 2 * time.Microsecond}, [2]uint64{4, 4}, "modeled time per KiB"},
	}
	for _, c := range cases {
		s := &ScheduleVerdict{Threads: 8, Before: c.before, After: c.after, SyncBefore: c.sync[0], SyncAfter: c.sync[1]}
		s.judge(s.Before)
		if c.reason == "" && s.Reason != "" || c.reason != "" && !strings.HasPrefix(s.Reason, c.reason) {
			t.Errorf("%s: reason %q, want %q", c.name, s.Reason, c.reason)
		}
		if c.reason != "" && !strings.HasSuffix(s.String(), ": "+s.Reason) {
			t.Errorf("%s: %s does not end with the reason", c.name, s)
		}
	}
}

// TestJudgeUnreached: a THREADS count whose original runs did not reach
// the changed lines is judged against the original's changed lines over
// every count; with none anywhere, communicating there is refused.
func TestJudgeUnreached(t *testing.T) {
	orig := []byte("a\nfor (k...)\n    loot[k] = q[k];\nb\n")
	fixed := []byte("a\nupc_memget(loot, q, n);\nb\n")
	net := runtime.NetParams{ONs: 300, LNs: 1500, GNsByte: 0.08}
	stats := func(reads, bytes uint64) *runtime.Result {
		s := &runtime.Stats{Net: net}
		if reads > 0 {
			s.Lines = []runtime.LineStats{{File: "uts.upc", Line: 3, RemoteReads: reads, RemoteBytes: bytes}}
		}
		return &runtime.Result{Stats: s}
	}
	vd := &validator{path: "uts.upc", original: orig, threads: []int{2, 8},
		runs: map[int]*runtime.Result{2: stats(0, 0), 8: stats(10, 160)}}
	verdict := func(ops, bytes uint64) *ScheduleVerdict {
		return &ScheduleVerdict{Threads: 2, After: LineComm{RemoteOps: ops, RemoteBytes: bytes,
			Modeled: time.Duration(float64(ops)*3600 + float64(bytes)*0.08)}}
	}
	one := verdict(1, 48) // one steal of three nodes
	if s := vd.judgeUnreached([]*ScheduleVerdict{one}, fixed); s != nil || one.Pooled == nil || one.Pooled.RemoteOps != 10 {
		t.Errorf("a coalesced steal: refused %v, pooled %+v", s, one.Pooled)
	}
	worse := verdict(4, 48)
	if s := vd.judgeUnreached([]*ScheduleVerdict{worse}, fixed); s != worse || !strings.Contains(s.Reason, "remote ops per KiB 64 → 85.3") {
		t.Errorf("more reads per byte than the original's steals: %v", s)
	}
	vd.runs[8] = stats(0, 0)
	if s := vd.judgeUnreached([]*ScheduleVerdict{verdict(1, 48)}, fixed); s == nil || !strings.Contains(s.String(), "where the original's did not") {
		t.Errorf("no steal in any original run: %v", s)
	}
}

// TestSummarySaysScheduleVerdict: the summary of a file kept on the lines
// its fix changes says so, with the figures, and says nothing for a file
// whose totals decided.
func TestSummarySaysScheduleVerdict(t *testing.T) {
	s := &ScheduleVerdict{Threads: 8, Original: []Comm{{RemoteOps: 5070}, {RemoteOps: 155182}}, Fixed: []Comm{{RemoteOps: 5078}},
		ChangedOriginal: 2, ChangedFixed: 10, Before: LineComm{RemoteOps: 616, RemoteBytes: 9856}, After: LineComm{RemoteOps: 35, RemoteBytes: 10880}}
	r := &FileResult{Path: "uts.upc", Original: []byte("a\n"), Fixed: []byte("b\n"),
		Validation: &Validation{OK: true, Threads: []int{8}, Schedule: []*ScheduleVerdict{s}}}
	var b strings.Builder
	if err := writeSummary(&b, []*FileResult{r}, false); err != nil {
		t.Fatal(err)
	}
	want := "uts.upc: kept on the lines it changes: THREADS=8: communication depends on the schedule (remote ops: original 5070 and 155182, fixed 5078); the 12 changed lines: 616 ops, 9856 bytes"
	if !strings.Contains(b.String(), want) {
		t.Errorf("summary:\n%s\nwant a line containing %q", b.String(), want)
	}
	r.Validation.Schedule = nil
	b.Reset()
	if err := writeSummary(&b, []*FileResult{r}, false); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "kept on the lines") {
		t.Errorf("a file the totals decided: %s", b.String())
	}
}

// TestJudgeRepeated: changed lines that communicate the same in every run
// of the original are held to it run by run, so a fix that moves more
// bytes at a lower cost per byte (whole rows for a few columns) is refused
// even in a program whose other lines depend on the schedule.
func TestJudgeRepeated(t *testing.T) {
	lc := func(ops, bytes uint64, us int) LineComm {
		return LineComm{RemoteOps: ops, RemoteBytes: bytes, Modeled: time.Duration(us) * time.Microsecond}
	}
	cases := []struct {
		name         string
		orig, fixed  []LineComm
		repeats      bool
		reasonPrefix string // "" passes
	}{
		{"rows for columns", []LineComm{lc(400, 3200, 900), lc(400, 3200, 900)}, []LineComm{lc(40, 3400, 200), lc(40, 3400, 200)}, true,
			"the changed lines communicate the same in every run of the original; bytes per run 3200 → 3400"},
		{"same bytes, fewer ops", []LineComm{lc(400, 3200, 900), lc(400, 3200, 900)}, []LineComm{lc(40, 3200, 200)}, true, ""},
		{"more modeled time", []LineComm{lc(4, 3200, 100), lc(4, 3200, 100)}, []LineComm{lc(4, 3200, 101)}, true,
			"the changed lines communicate the same in every run of the original; modeled time per run"},
		// Steals whose count follows the schedule: not held run by run.
		{"lines that vary", []LineComm{lc(400, 3200, 900), lc(600, 4800, 1300)}, []LineComm{lc(30, 6400, 200)}, false, ""},
		// No steal in either run of the original: the pooled reference judges.
		{"not reached", []LineComm{{}, {}}, []LineComm{lc(30, 6400, 200)}, false, ""},
		{"one run", []LineComm{lc(400, 3200, 900)}, []LineComm{lc(30, 6400, 200)}, false, ""},
	}
	for _, c := range cases {
		s := &ScheduleVerdict{Threads: 4, Repeats: repeated(c.orig)}
		if got := s.Repeats != nil; got != c.repeats {
			t.Errorf("%s: repeats %v, want %v", c.name, got, c.repeats)
		}
		s.judgeRepeated(c.fixed)
		if c.reasonPrefix == "" && s.Reason != "" || c.reasonPrefix != "" && !strings.HasPrefix(s.Reason, c.reasonPrefix) {
			t.Errorf("%s: reason %q, want %q", c.name, s.Reason, c.reasonPrefix)
		}
	}
}

// TestAnyVaries: the changed lines follow the schedule when two runs of
// the original differ there with any count, even if they agree with
// another (uts: the same steals in every run at THREADS 2, not at 4).
func TestAnyVaries(t *testing.T) {
	a := LineComm{RemoteOps: 40, RemoteBytes: 320}
	b := LineComm{RemoteOps: 60, RemoteBytes: 480}
	for _, c := range []struct {
		runs [][]LineComm
		want bool
	}{
		{[][]LineComm{{a, a}, {a, a}}, false},
		{[][]LineComm{{a, a}, {a, b}}, true},
		{[][]LineComm{{a}, {b}, nil}, false},
	} {
		if got := anyVaries(c.runs); got != c.want {
			t.Errorf("anyVaries(%v) = %v, want %v", c.runs, got, c.want)
		}
	}
}
