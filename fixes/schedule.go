package fixes

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/upclint/upclint/runtime"
)

// Schedule-dependent communication.
//
// A program whose threads poll (work stealing, idle loops that retry a
// lock) makes as many remote operations as its schedule allows: the same
// binary run twice with the same THREADS count reports different totals
// (UTS-style stealing varies by 25% and more between runs). Its
// whole-program totals cannot tell a fix's effect from the schedule's, so
// comparing them keeps or refuses the same fix depending on the run.
//
// The validator therefore runs the original a second time with a THREADS
// count when its first run synchronised point to point (locks, strict
// accesses or fences: what polling needs) or when the fixed program's
// totals exceed the original's, and runs the fixed program a second time
// when the original's runs differ or the totals exceeded. If every
// binary's runs report the same communication with every count, the
// totals decide (as they do at once for a program that does not
// synchronise point to point). If some binary's runs differ with some
// count, the program's communication depends on its schedule (with every
// count: the same code polls, and a poll loop may spin the same number of
// times twice in a row, or not at all, in one binary and not in the
// other), and the fix is judged with every count on what it changes,
// whichever way the totals went (a fix that communicates more must not
// pass because its run polled less):
//
//   - the changed lines: the lines of the original that the fixed text
//     deletes or rewrites and the lines the fixed text inserts or
//     rewrites (a line diff of the two texts), with their remote
//     operations, bytes and modeled cost summed over the runs of each
//     version (2o+2L+nG per operation, as FixComm);
//   - per byte: the changed lines of the fixed program may not make more
//     remote operations per byte, nor spend more modeled time per byte,
//     than those of the original. The count of bytes itself is not
//     compared: it follows the schedule (how many nodes a steal finds);
//     the cost of moving each byte does not;
//   - when the original's runs did not reach the changed lines (no steal
//     happened) and the fixed program's did, the reference is the
//     original's changed lines over every THREADS count validated (the
//     cost per byte of the same statements does not depend on THREADS);
//     changed lines that moved nothing in any of the original's runs may
//     move nothing in the fixed program's either;
//   - synchronisation: the fixed program may not make more barriers or
//     collective calls than the original's run with the most.
//
//   - changed lines that repeat: when the original's runs report the same
//     nonzero communication on the changed lines, those lines do not
//     depend on the schedule (a stencil's row reads in a program that
//     polls elsewhere), and no run of the fixed program may make more
//     remote operations, bytes or modeled time on them than one run of
//     the original did: per byte alone would let a fix that fetches whole
//     rows for a few columns through.
//
// The lines a fix does not change are not compared: their counts differ
// between runs of the same binary. What this cannot see, in a program
// whose communication depends on its schedule: a fix that changes the
// communication of lines it does not edit, or that moves more bytes per
// unit of work at no higher cost per byte (a whole structure for one of
// its fields). In a reproducible program the totals refuse both; the
// rules that write the second kind mark it unsafe and say why.

// ScheduleVerdict is the comparison of one THREADS count where the
// original or the fixed program communicated differently in two runs.
type ScheduleVerdict struct {
	Threads int
	// Original are the original program's runs (one or two); Fixed the
	// fixed program's.
	Original, Fixed []Comm
	// ChangedOriginal and ChangedFixed count the changed lines of each
	// text.
	ChangedOriginal, ChangedFixed int
	// Before and After are the changed lines' communication, summed over
	// each version's runs.
	Before, After LineComm
	// Pooled, when set, is the original's changed lines over every
	// THREADS count validated, which judged this one: the original's
	// runs with this count did not reach them (no steal happened).
	Pooled *LineComm
	// Repeats, when set, is the original's changed lines in each of its
	// runs, which all reported the same nonzero communication there; the
	// fixed program's runs are then held to it run by run.
	Repeats *LineComm
	// SyncBefore is the most barriers and collective calls of the
	// original's runs, SyncAfter the fixed program's.
	SyncBefore, SyncAfter uint64
	// Reason says why the fixed program communicates more ("" if it does
	// not).
	Reason string
}

func (s *ScheduleVerdict) String() string {
	ops := func(cs []Comm) string {
		var p []string
		for _, c := range cs {
			p = append(p, strconv.FormatUint(c.RemoteOps, 10))
		}
		return strings.Join(p, " and ")
	}
	head := fmt.Sprintf("THREADS=%d: communication depends on the schedule (remote ops: original %s, fixed %s); "+
		"the %d changed lines: %d ops, %d bytes, %v → %d ops, %d bytes, %v (summed over those runs)",
		s.Threads, ops(s.Original), ops(s.Fixed), s.ChangedOriginal+s.ChangedFixed,
		s.Before.RemoteOps, s.Before.RemoteBytes, s.Before.Modeled, s.After.RemoteOps, s.After.RemoteBytes, s.After.Modeled)
	if p := s.Pooled; p != nil {
		head += fmt.Sprintf("; the original's changed lines over every THREADS count: %d ops, %d bytes, %v", p.RemoteOps, p.RemoteBytes, p.Modeled)
	}
	if s.Reason == "" {
		return head
	}
	return head + ": " + s.Reason
}

// judge sets Reason when the fixed program synchronises more or
// communicates more per byte on the changed lines than ref (the
// original's changed lines).
func (s *ScheduleVerdict) judge(ref LineComm) {
	b, a := ref, s.After
	switch {
	case s.SyncAfter > s.SyncBefore:
		s.Reason = fmt.Sprintf("barriers and collective calls %d → %d", s.SyncBefore, s.SyncAfter)
	case b.RemoteBytes == 0 && (a.RemoteBytes > 0 || a.RemoteOps > b.RemoteOps):
		s.Reason = "the changed lines communicate where the original's did not"
	case b.RemoteBytes == 0:
	case perByte(float64(a.RemoteOps), a.RemoteBytes) > perByte(float64(b.RemoteOps), b.RemoteBytes):
		s.Reason = fmt.Sprintf("remote ops per KiB %.3g → %.3g",
			1024*perByte(float64(b.RemoteOps), b.RemoteBytes), 1024*perByte(float64(a.RemoteOps), a.RemoteBytes))
	case perByte(float64(a.Modeled), a.RemoteBytes) > perByte(float64(b.Modeled), b.RemoteBytes):
		s.Reason = fmt.Sprintf("modeled time per KiB %v → %v",
			time.Duration(1024*perByte(float64(b.Modeled), b.RemoteBytes)), time.Duration(1024*perByte(float64(a.Modeled), a.RemoteBytes)))
	}
}

// judgeRepeated sets Reason when a run of the fixed program communicates
// more on the changed lines than each run of the original did there
// (s.Repeats); fixedRuns are the fixed program's runs' changed lines.
func (s *ScheduleVerdict) judgeRepeated(fixedRuns []LineComm) {
	b := s.Repeats
	if b == nil || s.Reason != "" {
		return
	}
	for _, a := range fixedRuns {
		switch {
		case a.RemoteBytes > b.RemoteBytes:
			s.Reason = fmt.Sprintf("the changed lines communicate the same in every run of the original; bytes per run %d → %d", b.RemoteBytes, a.RemoteBytes)
		case a.RemoteOps > b.RemoteOps:
			s.Reason = fmt.Sprintf("the changed lines communicate the same in every run of the original; remote ops per run %d → %d", b.RemoteOps, a.RemoteOps)
		case a.Modeled > b.Modeled:
			s.Reason = fmt.Sprintf("the changed lines communicate the same in every run of the original; modeled time per run %v → %v", b.Modeled, a.Modeled)
		default:
			continue
		}
		return
	}
}

// anyVaries reports whether, with some count, the changed lines of two
// of the original's runs communicate differently.
func anyVaries(runsPerCount [][]LineComm) bool {
	for _, runs := range runsPerCount {
		for _, r := range runs[min(1, len(runs)):] {
			if r != runs[0] {
				return true
			}
		}
	}
	return false
}

// repeated returns the changed lines' communication of the original's
// runs when there are two or more and all report the same nonzero
// figures, nil otherwise.
func repeated(runs []LineComm) *LineComm {
	if len(runs) < 2 || runs[0].RemoteOps == 0 {
		return nil
	}
	for _, r := range runs[1:] {
		if r != runs[0] {
			return nil
		}
	}
	return &runs[0]
}

// unreached reports whether the original's runs did not reach the
// changed lines while the fixed program's did: no evidence with this
// THREADS count alone.
func (s *ScheduleVerdict) unreached() bool {
	return s.Before.RemoteOps == 0 && s.After.RemoteOps > 0 && s.SyncAfter <= s.SyncBefore
}

// judgeUnreached judges the verdicts whose THREADS count did not reach
// the changed lines in the original against the original's changed lines
// over every count run (the cost per byte of the same statements: their
// access sizes and kinds), and returns the first that communicates more.
func (vd *validator) judgeUnreached(verdicts []*ScheduleVerdict, fixed []byte) *ScheduleVerdict {
	var pooled *LineComm
	for _, s := range verdicts {
		if !s.unreached() {
			continue
		}
		if pooled == nil {
			del, _ := ChangedLines(vd.original, fixed)
			pooled = &LineComm{}
			for _, n := range vd.threads {
				if r := vd.runs[n]; r != nil && r.Stats != nil {
					*pooled = addLineComm(*pooled, LinesIn(r.Stats, vd.path, del))
				}
				for _, r := range vd.again[n] {
					if r != nil && r.Stats != nil {
						*pooled = addLineComm(*pooled, LinesIn(r.Stats, vd.path, del))
					}
				}
			}
		}
		s.Pooled = pooled
		s.judge(*pooled)
		if s.Reason != "" {
			return s
		}
	}
	return nil
}

// perByte is x per byte; x itself when nothing was moved (operations
// that moved no byte are a cost with nothing to divide it).
func perByte(x float64, bytes uint64) float64 {
	if bytes == 0 {
		return x
	}
	return x / float64(bytes)
}

// sameComm reports whether two runs communicated identically.
func sameComm(a, b Comm) bool {
	return a.RemoteOps == b.RemoteOps && a.RemoteBytes == b.RemoteBytes && a.Modeled == b.Modeled
}

func syncOps(s *runtime.Stats) uint64 {
	if s == nil {
		return 0
	}
	return s.Total.Barriers + s.Total.Collectives
}

// mayPoll reports whether a run synchronised point to point (a lock, a
// strict access or a fence), which polling needs: only then can the
// schedule change what the program communicates between barriers.
func mayPoll(s *runtime.Stats) bool {
	t := s.Total
	return t.RemoteOps() > 0 && t.LockOps+t.StrictOps+t.Fences > 0
}

// countRuns are the runs of both programs with one THREADS count whose
// communication is compared: the first of each, and a second one as
// described above.
type countRuns struct {
	n               int
	original, fixed []*runtime.Result
	// costlier is the first runs' totals' comparison.
	costlier *Costlier
}

// varies reports whether either binary's runs communicated differently.
func (cr *countRuns) varies() bool {
	differ := func(rs []*runtime.Result) bool {
		for _, r := range rs[1:] {
			if !sameComm(comm(cr.n, rs[0].Stats), comm(cr.n, r.Stats)) {
				return true
			}
		}
		return false
	}
	return differ(cr.original) || differ(cr.fixed)
}

// countRuns runs the original a second time with n threads when its first
// run a synchronised point to point or the fixed program's first run b
// communicated more, and the fixed program a second time when the
// original's runs differ or b communicated more.
func (vd *validator) countRuns(ctx context.Context, n int, a, b *runtime.Result, binFixed string) (*countRuns, error) {
	cr := &countRuns{n: n, original: []*runtime.Result{a}, fixed: []*runtime.Result{b},
		costlier: costlier(comm(n, a.Stats), comm(n, b.Stats))}
	if cr.costlier == nil && !mayPoll(a.Stats) {
		return cr, nil
	}
	again, err := vd.rerunOriginal(ctx, n)
	if err != nil {
		return nil, err
	}
	cr.original = append(cr.original, again)
	if cr.costlier == nil && !cr.varies() {
		return cr, nil
	}
	fixedAgain, err := vd.run(ctx, binFixed, vd.runOptions(n))
	switch {
	case err != nil:
		return nil, fmt.Errorf("fixed, THREADS=%d (second run): %w", n, err)
	case fixedAgain.TimedOut:
		return nil, fmt.Errorf("fixed, THREADS=%d (second run): timed out", n)
	case fixedAgain.Stats == nil:
		return nil, fmt.Errorf("fixed, THREADS=%d (second run): no statistics", n)
	}
	cr.fixed = append(cr.fixed, fixedAgain)
	return cr, nil
}

// judgeCounts returns the reason to refuse the fixed text, nil if none:
// when no count's runs varied, the first count whose totals grew; when
// one did, the program's communication depends on its schedule (with
// every count: the same code polls), and each count is judged on the
// changed lines, the verdicts going to v.Schedule.
func (vd *validator) judgeCounts(v *Validation, counts []*countRuns, fixed []byte) *Costlier {
	varies := false
	for _, cr := range counts {
		varies = varies || cr.varies()
	}
	if !varies {
		for _, cr := range counts {
			if cr.costlier != nil {
				return cr.costlier
			}
		}
		return nil
	}
	del, ins := ChangedLines(vd.original, fixed)
	fixedRunsOf := make([][]LineComm, len(counts))
	origRunsOf := make([][]LineComm, len(counts))
	for i, cr := range counts {
		for _, r := range cr.original {
			origRunsOf[i] = append(origRunsOf[i], LinesIn(r.Stats, vd.path, del))
		}
		for _, r := range cr.fixed {
			fixedRunsOf[i] = append(fixedRunsOf[i], LinesIn(r.Stats, vd.path, ins))
		}
	}
	// Lines whose communication varies between the original's runs with
	// one count follow the schedule with every count (uts's steals: the
	// same 66 at THREADS 2 in every run, not at 4): none is held run by run.
	linesVary := anyVaries(origRunsOf)
	for i, cr := range counts {
		s := &ScheduleVerdict{Threads: cr.n, ChangedOriginal: len(del), ChangedFixed: len(ins)}
		var origRuns, fixedRuns []LineComm
		for k, r := range cr.original {
			lc := origRunsOf[i][k]
			origRuns = append(origRuns, lc)
			s.Original = append(s.Original, comm(cr.n, r.Stats))
			s.Before = addLineComm(s.Before, lc)
			s.SyncBefore = max(s.SyncBefore, syncOps(r.Stats))
		}
		for k, r := range cr.fixed {
			lc := fixedRunsOf[i][k]
			fixedRuns = append(fixedRuns, lc)
			s.Fixed = append(s.Fixed, comm(cr.n, r.Stats))
			s.After = addLineComm(s.After, lc)
			s.SyncAfter = max(s.SyncAfter, syncOps(r.Stats))
		}
		if !linesVary {
			s.Repeats = repeated(origRuns)
		}
		if !s.unreached() {
			s.judge(s.Before)
		}
		s.judgeRepeated(fixedRuns)
		v.Schedule = append(v.Schedule, s)
	}
	if s := vd.judgeUnreached(v.Schedule, fixed); s != nil {
		return &Costlier{Before: s.Original[0], After: s.Fixed[0], Schedule: s}
	}
	for _, s := range v.Schedule {
		if s.Reason != "" {
			return &Costlier{Before: s.Original[0], After: s.Fixed[0], Schedule: s}
		}
	}
	return nil
}

// rerunOriginal runs the original a second time with n threads (once per
// validator, shared with the output comparison's runs: every fixed
// version is compared with the same two runs).
func (vd *validator) rerunOriginal(ctx context.Context, n int) (*runtime.Result, error) {
	r, err := vd.runAgain(ctx, n, 0)
	switch {
	case err != nil:
		return nil, fmt.Errorf("original, THREADS=%d (second run): %w", n, err)
	case r == nil:
		return nil, ctx.Err()
	case r.TimedOut:
		return nil, fmt.Errorf("original, THREADS=%d (second run): timed out", n)
	case r.Stats == nil:
		return nil, fmt.Errorf("original, THREADS=%d (second run): no statistics", n)
	}
	return r, nil
}

func addLineComm(a, b LineComm) LineComm {
	return LineComm{RemoteOps: a.RemoteOps + b.RemoteOps, RemoteBytes: a.RemoteBytes + b.RemoteBytes, Modeled: a.Modeled + b.Modeled}
}

// LinesIn sums the statistics of the lines of file path in set (the
// changed lines of ChangedLines) in one run.
func LinesIn(s *runtime.Stats, path string, set map[int]bool) LineComm {
	return linesCommWhere(s, path, func(line int) bool { return set[line] })
}

// maxDiffCells bounds the table of ChangedLines' longest common
// subsequence; a larger changed middle is taken as changed whole.
const maxDiffCells = 4 << 20

// ChangedLines returns the 1-based lines of a that b does not keep and
// the lines of b that are not kept from a, by a longest common
// subsequence of the lines after their common prefix and suffix.
func ChangedLines(a, b []byte) (del, ins map[int]bool) {
	la, lb := bytes.Split(a, []byte{'\n'}), bytes.Split(b, []byte{'\n'})
	pre := 0
	for pre < len(la) && pre < len(lb) && bytes.Equal(la[pre], lb[pre]) {
		pre++
	}
	suf := 0
	for suf < len(la)-pre && suf < len(lb)-pre && bytes.Equal(la[len(la)-1-suf], lb[len(lb)-1-suf]) {
		suf++
	}
	ma, mb := la[pre:len(la)-suf], lb[pre:len(lb)-suf]
	keptA, keptB := make([]bool, len(ma)), make([]bool, len(mb))
	if len(ma)*len(mb) <= maxDiffCells {
		// dp[i][j]: the LCS length of ma[i:] and mb[j:].
		w := len(mb) + 1
		dp := make([]int32, (len(ma)+1)*w)
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if bytes.Equal(ma[i], mb[j]) {
					dp[i*w+j] = dp[(i+1)*w+j+1] + 1
				} else {
					dp[i*w+j] = max(dp[(i+1)*w+j], dp[i*w+j+1])
				}
			}
		}
		for i, j := 0, 0; i < len(ma) && j < len(mb); {
			switch {
			case bytes.Equal(ma[i], mb[j]):
				keptA[i], keptB[j] = true, true
				i++
				j++
			case dp[(i+1)*w+j] >= dp[i*w+j+1]:
				i++
			default:
				j++
			}
		}
	}
	del, ins = map[int]bool{}, map[int]bool{}
	for i, k := range keptA {
		if !k {
			del[pre+i+1] = true
		}
	}
	for j, k := range keptB {
		if !k {
			ins[pre+j+1] = true
		}
	}
	return del, ins
}
