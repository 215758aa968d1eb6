package checks_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/internal/corpus"
)

// The rules whose precision is measured on the development corpus: those
// that judge the program (the front end's rules are measured by
// TestDevelopmentCorpus).
var precisionRules = map[string]bool{
	"allreduce": true, "collectivity": true, "collidiom": true,
	"finegrain": true, "forall": true, "irregular": true, "singlevalued": true,
}

// labelsFile holds findings of the development corpus judged by reading the
// code: file, line, rule, message key, verdict (true/false) and a one-line
// reason. Only positions and judgements are stored, never the corpus's code.
const labelsFile = "testdata/precision/labels.tsv"

// label is one judged finding.
type label struct {
	file, rule, key, verdict, reason string
	line                             int
	sample                           string // the "# sample:" draw it belongs to
}

func (l label) id() string { return l.place() + "\t" + l.key }

// place is the label's file, line and rule.
func (l label) place() string { return fmt.Sprintf("%s:%d\t%s", l.file, l.line, l.rule) }

// messageKey shortens a message to the words that say what is reported,
// without names, numbers and quoted text, so that a label survives a
// rewording of the details.
func messageKey(msg string) string {
	m := normalizeMessage(msg)
	m = nonWord.ReplaceAllString(strings.ToLower(m), " ")
	f := strings.Fields(m)
	if len(f) > 4 {
		f = f[:4]
	}
	return strings.Join(f, "-")
}

var nonWord = regexp.MustCompile(`[^a-z_]+`)

// TestPrecision re-runs the measured rules over the development corpus and
// compares their findings with the labelled set: a finding labelled false
// that is reported again fails the test (one whose reason starts with
// "open:", not fixed yet, is only listed); a finding labelled true that is
// no longer reported is lost recall and is listed. It logs each rule's
// precision over the labelled findings still reported.
//
// With UPCLINT_PRECISION_SAMPLE=seed,perRule,out.tsv it also writes a random
// sample of the unlabelled findings to out.tsv (verdict column empty) for
// labelling.
func TestPrecision(t *testing.T) {
	root := corpus.Root()
	if root == "" {
		t.Skipf("set %s to a Berkeley UPC test tree to run", corpus.EnvVar)
	}
	labels, err := readLabels(labelsFile)
	if err != nil {
		t.Fatal(err)
	}
	found := corpusFindings(t, root)
	foundAt := map[string]checks.Finding{}
	for id, f := range found {
		place, _, _ := strings.Cut(id, "\t")
		rule, _, _ := strings.Cut(id[len(place)+1:], "\t")
		foundAt[place+"\t"+rule] = f
	}

	type tally struct{ tp, fp, lost int }
	per := map[string]*tally{} // by sample and rule
	get := func(l label) *tally {
		k := l.sample + "\t" + l.rule
		if per[k] == nil {
			per[k] = &tally{}
		}
		return per[k]
	}
	labelled := map[string]bool{}
	trueAt := map[string]bool{}
	for _, l := range labels {
		labelled[l.id()] = true
		if l.verdict == "true" {
			trueAt[l.place()] = true
		}
	}
	for _, l := range labels {
		f, reported := found[l.id()]
		if l.verdict == "false" && !reported && !trueAt[l.place()] {
			// A reworded false positive is still a false positive: with no
			// true finding at the place, any finding of the rule there counts.
			f, reported = foundAt[l.place()]
		}
		switch {
		case l.verdict == "false" && reported && strings.HasPrefix(l.reason, "open: "):
			get(l).fp++
			t.Logf("%s:%d: [%s] open false positive: %s (%s)", l.file, l.line, l.rule, f.Message, l.reason)
		case l.verdict == "false" && reported:
			get(l).fp++
			t.Errorf("%s:%d: [%s] false positive is back: %s (%s)", l.file, l.line, l.rule, f.Message, l.reason)
		case l.verdict == "true" && reported:
			get(l).tp++
		case l.verdict == "true":
			get(l).lost++
			t.Logf("%s:%d: [%s] true finding %q no longer reported (%s)", l.file, l.line, l.rule, l.key, l.reason)
		}
	}
	rules := make([]string, 0, len(per))
	for r := range per {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	var b strings.Builder
	fmt.Fprintf(&b, "%-8s %-13s %5s %5s %9s %5s\n", "sample", "rule", "true", "false", "precision", "lost")
	for _, r := range rules {
		c := per[r]
		sample, rule, _ := strings.Cut(r, "\t")
		fmt.Fprintf(&b, "%-8s %-13s %5d %5d %8.0f%% %5d\n", sample, rule, c.tp, c.fp, 100*float64(c.tp)/float64(max(c.tp+c.fp, 1)), c.lost)
	}
	t.Logf("precision over the %d labelled findings (%d findings reported):\n%s", len(labels), len(found), b.String())

	if spec := os.Getenv("UPCLINT_PRECISION_SAMPLE"); spec != "" {
		if err := writeSample(spec, found, labelled); err != nil {
			t.Fatal(err)
		}
	}
}

// corpusFindings checks every unit the harness expects to compile and
// returns the findings of the measured rules, keyed by label id.
func corpusFindings(t *testing.T, root string) map[string]checks.Finding {
	t.Helper()
	_, units, err := corpus.LoadUnits(root)
	if err != nil {
		t.Fatal(err)
	}
	var positive []corpus.Unit
	for _, u := range units {
		if !u.Negative {
			positive = append(positive, u)
		}
	}
	results, _ := checkUnits(t, positive)
	found := map[string]checks.Finding{}
	for _, fs := range results {
		for _, f := range fs {
			if !precisionRules[f.Rule] {
				continue
			}
			rel, err := filepath.Rel(root, f.Pos.Path)
			if err != nil {
				rel = f.Pos.Path
			}
			l := label{file: filepath.ToSlash(rel), line: f.Pos.Line, rule: f.Rule, key: messageKey(f.Message)}
			found[l.id()] = f
		}
	}
	return found
}

func readLabels(path string) ([]label, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	var ls []label
	sc := bufio.NewScanner(f)
	n := 0
	sample := ""
	for sc.Scan() {
		n++
		line := sc.Text()
		if s, ok := strings.CutPrefix(line, "# sample: "); ok {
			sample, _, _ = strings.Cut(s, " ")
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 6 {
			return nil, fmt.Errorf("%s:%d: want 6 tab-separated columns, have %d", path, n, len(c))
		}
		ln, err := strconv.Atoi(c[1])
		if err != nil || (c[4] != "true" && c[4] != "false") {
			return nil, fmt.Errorf("%s:%d: want a line number and a verdict true or false", path, n)
		}
		ls = append(ls, label{file: c[0], line: ln, rule: c[2], key: c[3], verdict: c[4], reason: c[5], sample: sample})
	}
	return ls, sc.Err()
}

// writeSample writes up to perRule unlabelled findings of each rule, drawn
// with the given seed, as label lines with an empty verdict, followed by
// the full message as a comment for the labeller.
func writeSample(spec string, found map[string]checks.Finding, labelled map[string]bool) error {
	parts := strings.Split(spec, ",")
	if len(parts) != 3 {
		return fmt.Errorf("UPCLINT_PRECISION_SAMPLE: want seed,perRule,out.tsv")
	}
	seed, err1 := strconv.ParseUint(parts[0], 10, 64)
	n, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("UPCLINT_PRECISION_SAMPLE: bad seed or count")
	}
	byRule := map[string][]string{}
	for id, f := range found {
		if !labelled[id] {
			byRule[f.Rule] = append(byRule[f.Rule], id)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	var b strings.Builder
	rules := make([]string, 0, len(byRule))
	for r := range byRule {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	for _, r := range rules {
		ids := byRule[r]
		sort.Strings(ids)
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		fmt.Fprintf(&b, "# %s: %d unlabelled findings\n", r, len(ids))
		for _, id := range ids[:min(n, len(ids))] {
			f := found[id]
			loc, rest, _ := strings.Cut(id, "\t")
			file, line, _ := strings.Cut(loc, ":")
			fmt.Fprintf(&b, "%s\t%s\t%s\t\t\n# %s\n", file, line, rest, f.Message)
		}
	}
	return os.WriteFile(parts[2], []byte(b.String()), 0o644)
}
