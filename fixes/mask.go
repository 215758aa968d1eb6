package fixes

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/upclint/upclint/runtime"
)

// DefaultMask matches the clauses of an output line that report a time or
// a rate, whose numbers differ from run to run: a word such as time,
// elapsed, seconds, rate, bandwidth, latency, MFLOPS, GUPS (updates per
// second) or MB/s, a number followed by a time unit ("0.12 s", "35ms"), or
// a time unit in parentheses, as a table's heading names it ("(us)").
const DefaultMask = `(?i)(\b(times?|timings?|timer|elapsed|took|wall|clock|seconds?|secs?|msecs?|usecs?|nsecs?|` +
	`millisec(ond)?s?|microsec(ond)?s?|nanosec(ond)?s?|rate|bandwidth|throughput|speed|latency|cycles|ticks)\b|` +
	`([kmgt]?flops|[kmgt]?flop/s|[kmgt]?ops?/s|[mg]ops|\b[kmgt]ups|[kmgt]i?b/s|[kmgt]i?bytes/s|[kmgt]?b/sec)\b|` +
	`[0-9.]\s*(s|ms|us|µs|ns|sec)\b|\((s|ms|us|µs|ns|sec)\))`

var defaultMask = regexp.MustCompile(DefaultMask)

// numberRE matches a decimal number, with its sign, fraction and exponent.
var numberRE = regexp.MustCompile(`[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?`)

// clauseRE splits a line into clauses: separators a report puts between
// figures.
var clauseRE = regexp.MustCompile(`[,;|\t]+`)

// Mask decides which differences between the original's and the fixed
// program's output lines are expected: numbers in the clauses that report
// a time or a rate. A line pair is masked only when it is the same once
// those numbers are set aside: any other difference, a number in another
// clause included, is a mismatch.
type Mask struct {
	re []*regexp.Regexp
}

// NewMask returns the mask of DefaultMask (unless noDefault) and of the
// given regular expressions (Go syntax), which name more clauses to mask.
func NewMask(noDefault bool, patterns ...string) (*Mask, error) {
	m := &Mask{}
	if !noDefault {
		m.re = append(m.re, defaultMask)
	}
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("mask %q: %w", p, err)
		}
		m.re = append(m.re, re)
	}
	return m, nil
}

// CheckMask reports the first pattern that is not a valid regular
// expression.
func CheckMask(patterns []string) error {
	_, err := NewMask(true, patterns...)
	return err
}

// timed reports whether a clause reports a time or a rate.
func (m *Mask) timed(clause string) bool {
	for _, re := range m.re {
		if re.MatchString(clause) {
			return true
		}
	}
	return false
}

// Equal reports whether lines a and b are the same once the numbers of
// their timing clauses are set aside, and whether that needed the mask
// (masked is false when a == b).
func (m *Mask) Equal(a, b string) (equal, masked bool) {
	if a == b {
		return true, false
	}
	if m == nil || len(m.re) == 0 {
		return false, false
	}
	ca, cb := clauses(a), clauses(b)
	if len(ca) != len(cb) {
		return false, false
	}
	for i := range ca {
		if ca[i] == cb[i] {
			continue
		}
		// Both clauses must report a time and differ in nothing but
		// numbers.
		if !m.timed(ca[i]) || !m.timed(cb[i]) || skeleton(ca[i]) != skeleton(cb[i]) {
			return false, false
		}
	}
	return true, true
}

// Tables whose header names the times.
//
// Benchmarks print their figures as tables: STREAM's
//
//	Function      Rate (MB/s)   RMS time     Min time     Max time
//	upc_memcpy: 47259.7634       0.0000       0.0000       0.0001
//
// or OSU's "# Size   Latency (us)" over "8   1.23". The rows name no unit;
// the header above them does. A row's number that lies under a column
// whose heading reports a time or a rate (its character span overlaps the
// heading's) is such a figure.

// columnRE separates a header's headings: two blanks or more, or a tab.
var columnRE = regexp.MustCompile(`\s{2,}|\t`)

// timedColumns returns the character spans of the headings of header that
// report a time or a rate, nil when header is no such table header (it
// has a digit, or no timed heading).
func (m *Mask) timedColumns(header string) [][2]int {
	if m == nil || len(m.re) == 0 || strings.ContainsAny(header, "0123456789") {
		return nil
	}
	var spans [][2]int
	last := 0
	for _, loc := range append(columnRE.FindAllStringIndex(header, -1), []int{len(header), len(header)}) {
		if h := header[last:loc[0]]; strings.TrimSpace(h) != "" && m.timed(h) {
			spans = append(spans, [2]int{last, loc[0]})
		}
		last = loc[1]
	}
	return spans
}

// equalInTable reports whether rows a and b of a table whose timed
// columns are cols are the same once the numbers under those columns
// (and the blanks that pad them) are set aside.
func equalInTable(cols [][2]int, a, b string) bool {
	if len(cols) == 0 {
		return false
	}
	hide := func(s string) string {
		var out strings.Builder
		last := 0
		for _, loc := range paddedNumberRE.FindAllStringIndex(s, -1) {
			under := false
			for _, c := range cols {
				under = under || loc[0] < c[1] && c[0] < loc[1]
			}
			if under {
				out.WriteString(s[last:loc[0]])
				out.WriteByte('#')
				last = loc[1]
			}
		}
		out.WriteString(s[last:])
		return out.String()
	}
	return hide(a) == hide(b)
}

// clauses splits s into its clauses, separators included, so that two
// lines with different separators differ.
func clauses(s string) []string {
	var out []string
	last := 0
	for _, loc := range clauseRE.FindAllStringIndex(s, -1) {
		out = append(out, s[last:loc[0]], s[loc[0]:loc[1]])
		last = loc[1]
	}
	return append(out, s[last:])
}

// paddedNumberRE is numberRE with the blanks before it: printf pads a
// number to its field width ("min= 956.2" for "min=4186.0").
var paddedNumberRE = regexp.MustCompile(`[ \t]*` + numberRE.String())

// skeleton is s with each number and the blanks that pad it shown as '#':
// two lines with the same skeleton differ only in their numbers.
func skeleton(s string) string {
	return paddedNumberRE.ReplaceAllString(s, "#")
}

func hideNumbers(s string) string {
	return numberRE.ReplaceAllString(s, "#")
}

// Masked is an output line whose numbers differed between the original
// and the fixed program and that was accepted because it reports a time.
type Masked struct {
	Threads  int    // the THREADS count
	Thread   int    // the UPC thread
	Line     int    // 1-based line of its output
	Original string // the original program's line
	Fixed    string
	// Varies is set when the line differs between runs of the original
	// itself (see validator.compare), not because it reports a time.
	Varies bool
}

// Pattern is the line with its numbers shown as '#', as the report
// names it.
func (m Masked) Pattern() string { return hideNumbers(m.Original) }

// maskedSummary says in one line which lines were masked: the distinct
// patterns, the first few in full, of the timing lines and of the lines
// that differ between runs of the original.
func maskedSummary(ms []Masked) string {
	var timed, varied []Masked
	for _, m := range ms {
		if m.Varies {
			varied = append(varied, m)
		} else {
			timed = append(timed, m)
		}
	}
	var parts []string
	if len(timed) > 0 {
		parts = append(parts, fmt.Sprintf("%d timing lines masked (%s)", len(timed), patterns(timed)))
	}
	if len(varied) > 0 {
		parts = append(parts, fmt.Sprintf("%d lines masked that differ between runs of the original (%s)", len(varied), patterns(varied)))
	}
	return strings.Join(parts, "; ")
}

// patterns lists the distinct patterns of ms, the first three in full.
func patterns(ms []Masked) string {
	seen := map[string]bool{}
	var pats []string
	for _, m := range ms {
		p := strings.TrimSpace(m.Pattern())
		if !seen[p] {
			seen[p] = true
			pats = append(pats, fmt.Sprintf("%q", p))
		}
	}
	more := ""
	if len(pats) > 3 {
		more = fmt.Sprintf(" and %d more", len(pats)-3)
		pats = pats[:3]
	}
	return strings.Join(pats, ", ") + more
}

// originalRuns bounds the runs of the original compared with a fixed
// program whose output differs from the original's first run: the line
// may be one that differs between runs of the original itself. NAS CG's
// residual after a race (Berkeley's bug 653) took three values in six
// runs, two of them in only one run each.
const originalRuns = 5

// compare compares the original's run a and the fixed program's run b
// with n threads (compareRuns). When they differ, the original is run
// again, up to originalRuns times in all, and a line that differs between
// the original's own runs (an interleaving of threads, a timer, an
// address) compares equal when the fixed program prints one of the
// original's versions of it, or the same text with numbers that differ
// only where the original's versions differ among themselves. Any other
// difference is a mismatch: a line the original always prints the same
// way is never masked this way.
func (vd *validator) compare(ctx context.Context, n int, a, b *runtime.Result) (*Mismatch, []Masked) {
	m, masked := compareRuns(n, a, b, vd.mask)
	if m == nil {
		return nil, masked
	}
	origs := []*runtime.Result{a}
	for len(origs) < originalRuns && ctx.Err() == nil {
		r, err := vd.runAgain(ctx, n, len(origs)-1)
		if err != nil || r == nil || r.TimedOut {
			break
		}
		origs = append(origs, r)
		if m, masked = compareVariants(n, origs, b, vd.mask); m == nil {
			return nil, masked
		}
	}
	return m, masked
}

// runAgain returns the original's (k+2)th run with n threads, run once
// and kept.
func (vd *validator) runAgain(ctx context.Context, n, k int) (*runtime.Result, error) {
	if vd.again == nil {
		vd.again = map[int][]*runtime.Result{}
	}
	if k < len(vd.again[n]) {
		return vd.again[n][k], nil
	}
	r, err := vd.run(ctx, vd.bin, vd.runOptions(n))
	if err != nil || ctx.Err() != nil {
		return nil, err
	}
	vd.again[n] = append(vd.again[n], r)
	return r, nil
}

// compareVariants is compareRuns against several runs of the original
// (origs[0] first): a line, exit status or launcher report that differs
// between them compares equal to any of their versions, and a line whose
// versions differ only in numbers compares equal to the same text whose
// numbers differ from the first run's only where the versions do.
func compareVariants(n int, origs []*runtime.Result, b *runtime.Result, mask *Mask) (*Mismatch, []Masked) {
	a := origs[0]
	threads := len(b.Threads)
	for _, o := range origs {
		threads = max(threads, len(o.Threads))
	}
	thread := func(r *runtime.Result, th int) runtime.ThreadResult {
		if th < len(r.Threads) {
			return r.Threads[th]
		}
		return runtime.ThreadResult{}
	}
	var masked []Masked
	for th := 0; th < threads; th++ {
		outs := make([][]string, len(origs))
		longest := 0
		for k, o := range origs {
			outs[k] = lines(thread(o, th).Stdout)
			longest = max(longest, len(outs[k]))
		}
		lb := lines(thread(b, th).Stdout)
		var cols [][2]int // the timed columns of the table the lines are in
		for i := 0; i < max(longest, len(lb)); i++ {
			versions := make([]string, len(origs))
			for k := range origs {
				versions[k] = lineAt(outs[k], i)
			}
			x, y := versions[0], lineAt(lb, i)
			if c := mask.timedColumns(x); c != nil {
				cols = c
			} else if !strings.ContainsAny(x, "0123456789") {
				cols = nil // a blank line or text ends the table
			}
			if x == y {
				continue
			}
			if eq, m := mask.Equal(x, y); eq || equalInTable(cols, x, y) {
				if m || !eq {
					masked = append(masked, Masked{Threads: n, Thread: th, Line: i + 1, Original: x, Fixed: y})
				}
				continue
			}
			if !varies(versions) || !oneOf(versions, y) && !numbersVaryOnly(versions, y) && !timedLike(mask, versions, y) {
				return &Mismatch{Threads: n, Thread: th, Line: i + 1, Original: x, Fixed: y}, masked
			}
			masked = append(masked, Masked{Threads: n, Thread: th, Line: i + 1, Original: x, Fixed: y, Varies: true})
		}
		statuses := make([]string, len(origs))
		for k, o := range origs {
			statuses[k] = status(thread(o, th))
		}
		if sb := status(thread(b, th)); sb != statuses[0] && !oneOf(statuses, sb) {
			return &Mismatch{Threads: n, Thread: th, Original: statuses[0], Fixed: sb}, masked
		}
	}
	ends := make([]string, len(origs))
	for k, o := range origs {
		ends[k] = strconv.Itoa(o.Status) + report(o)
	}
	if eb := strconv.Itoa(b.Status) + report(b); eb != ends[0] && !oneOf(ends, eb) {
		return &Mismatch{Threads: n, Thread: -1, Original: strconv.Itoa(a.Status) + report(a), Fixed: eb}, masked
	}
	return nil, masked
}

func lineAt(ls []string, i int) string {
	if i < len(ls) {
		return ls[i]
	}
	return "<end of output>"
}

func oneOf(vs []string, s string) bool {
	for _, v := range vs {
		if v == s {
			return true
		}
	}
	return false
}

// timedLike reports whether y equals one of the versions once the
// numbers of their timing clauses are set aside.
func timedLike(mask *Mask, versions []string, y string) bool {
	for _, v := range versions[1:] {
		if eq, _ := mask.Equal(v, y); eq {
			return true
		}
	}
	return false
}

// varies reports whether the versions are not all the same.
func varies(vs []string) bool {
	for _, v := range vs[1:] {
		if v != vs[0] {
			return true
		}
	}
	return false
}

// numbersVaryOnly reports whether y and every version are the same text
// once their numbers are set aside, and each number of y equals the
// first version's wherever all versions agree on it.
func numbersVaryOnly(versions []string, y string) bool {
	skel := skeleton(y)
	nums := make([][]string, len(versions))
	for k, v := range versions {
		if skeleton(v) != skel {
			return false
		}
		nums[k] = numberRE.FindAllString(v, -1)
	}
	ny := numberRE.FindAllString(y, -1)
	for j, num := range ny {
		same := true
		for k := range versions {
			same = same && nums[k][j] == nums[0][j]
		}
		if same && num != nums[0][j] {
			return false
		}
	}
	return true
}
