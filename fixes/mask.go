package fixes

import (
	"fmt"
	"regexp"
	"strings"
)

// DefaultMask matches the clauses of an output line that report a time or
// a rate, whose numbers differ from run to run: a word such as time,
// elapsed, seconds, rate, bandwidth, MFLOPS or MB/s, or a number followed
// by a time unit ("0.12 s", "35ms").
const DefaultMask = `(?i)(\b(times?|timings?|timer|elapsed|took|wall|clock|seconds?|secs?|msecs?|usecs?|nsecs?|` +
	`millisec(ond)?s?|microsec(ond)?s?|nanosec(ond)?s?|rate|bandwidth|throughput|speed|cycles|ticks)\b|` +
	`([kmgt]?flops|[kmgt]?flop/s|[kmgt]?ops?/s|[mg]ops|[kmgt]i?b/s|[kmgt]i?bytes/s|[kmgt]?b/sec)\b|` +
	`[0-9.]\s*(s|ms|us|µs|ns|sec)\b)`

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
		if !m.timed(ca[i]) || !m.timed(cb[i]) || hideNumbers(ca[i]) != hideNumbers(cb[i]) {
			return false, false
		}
	}
	return true, true
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
}

// Pattern is the line with its numbers shown as '#', as the report
// names it.
func (m Masked) Pattern() string { return hideNumbers(m.Original) }

// maskedSummary says in one line which lines were masked: the distinct
// patterns, the first few in full.
func maskedSummary(ms []Masked) string {
	if len(ms) == 0 {
		return ""
	}
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
	return fmt.Sprintf("%d timing lines masked (%s%s)", len(ms), strings.Join(pats, ", "), more)
}
