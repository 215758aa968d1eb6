package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// GoBench is one `go test -bench` invocation of the project's benchmarks.
type GoBench struct {
	Title     string // what it measures
	Pkg       string // package path, e.g. "./checks"
	Bench     string // -bench regexp
	Benchtime string // -benchtime, e.g. "3x"
	Count     int    // -count
	Note      string // how to read the numbers
}

// Args are the arguments of `go` that run b.
func (b GoBench) Args() []string {
	return []string{"test", "-run", "^$", "-bench", b.Bench, "-benchtime", b.Benchtime,
		"-count", strconv.Itoa(b.Count), b.Pkg}
}

// Command is the shell command that reproduces b.
func (b GoBench) Command() string {
	args := b.Args()
	for i, a := range args {
		if strings.ContainsAny(a, "^$|*() ") {
			args[i] = "'" + a + "'"
		}
	}
	return "go " + strings.Join(args, " ")
}

// BenchLine is one benchmark's repeated results: metric unit → samples.
type BenchLine struct {
	Name    string // without the -GOMAXPROCS suffix
	Metrics map[string][]float64
	Units   []string // in the order of the output
}

// GoBenchResult is the parsed output of one GoBench.
type GoBenchResult struct {
	GoBench
	Lines   []*BenchLine
	Elapsed time.Duration
	Err     string // a failure, with the tail of the output
}

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+(\d+)\s+(.*)$`)

// ParseBench parses `go test -bench` output; repeated lines of one
// benchmark (-count) accumulate samples.
func ParseBench(out []byte) []*BenchLine {
	var lines []*BenchLine
	byName := map[string]*BenchLine{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		bl := byName[m[1]]
		if bl == nil {
			bl = &BenchLine{Name: m[1], Metrics: map[string][]float64{}}
			byName[m[1]] = bl
			lines = append(lines, bl)
		}
		f := strings.Fields(m[3])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			u := f[i+1]
			if _, ok := bl.Metrics[u]; !ok {
				bl.Units = append(bl.Units, u)
			}
			bl.Metrics[u] = append(bl.Metrics[u], v)
		}
	}
	return lines
}

// RunGoBench runs b in dir and parses its output.
func RunGoBench(ctx context.Context, dir string, b GoBench) *GoBenchResult {
	r := &GoBenchResult{GoBench: b}
	cmd := exec.CommandContext(ctx, "go", b.Args()...)
	cmd.Dir = dir
	t0 := time.Now()
	out, err := cmd.CombinedOutput()
	r.Elapsed = time.Since(t0)
	r.Lines = ParseBench(out)
	if err != nil {
		tail := string(out)
		if len(tail) > 600 {
			tail = tail[len(tail)-600:]
		}
		r.Err = fmt.Sprintf("%v: %s", err, strings.TrimSpace(tail))
	}
	return r
}

// Metric returns the samples of unit for the benchmark named name.
func (r *GoBenchResult) Metric(name, unit string) (Sample, bool) {
	for _, l := range r.Lines {
		if l.Name == name {
			if xs, ok := l.Metrics[unit]; ok {
				return Summarise(xs), true
			}
		}
	}
	return Sample{}, false
}

// SortedUnits returns the units of l with ns/op, B/op and allocs/op last.
func (l *BenchLine) SortedUnits() []string {
	rank := func(u string) int {
		switch u {
		case "ns/op":
			return 1
		case "B/op", "allocs/op":
			return 2
		}
		return 0
	}
	us := append([]string(nil), l.Units...)
	sort.SliceStable(us, func(i, j int) bool { return rank(us[i]) < rank(us[j]) })
	return us
}

// DefaultGoBenches are the project benchmarks BENCHMARKS.md reports.
func DefaultGoBenches() []GoBench {
	return []GoBench{
		{Title: "Front end over the generated 100k-line tree (all cores); retained heap per line",
			Pkg: "./checks", Bench: "^(BenchmarkCheckFrontEnd|BenchmarkRetainedHeap)$", Benchtime: "2x", Count: 3,
			Note: "lines/s is wall-clock throughput on all cores; lines/cpu-s does not depend much on other load; B/line is the heap a loaded unit keeps alive"},
		{Title: "Front-end phases (lex, preprocess, parse, typecheck)",
			Pkg: "./grammar", Bench: "^BenchmarkPhases$", Benchtime: "3x", Count: 3,
			Note: "single goroutine; ns/line per phase"},
		{Title: "Front end alone vs front end + every rule, generated 100k-line tree",
			Pkg: "./checks/rules/all", Bench: "^BenchmarkRules$", Benchtime: "2x", Count: 5,
			Note: "the CPU-time ratio all/frontend is the rules' cost (target ≤ 1.5)"},
		{Title: "Whole CLI vs the analysis alone, generated tree of 1,000 files",
			Pkg: "./cmd/upclint", Bench: "^BenchmarkCheckOverhead$", Benchtime: "4x", Count: 5,
			Note: "CPU time of `upclint check` (configuration discovery, suppressions, fingerprints, a SARIF file and a text report) and of checks.Run alone, alternating; overhead-% is the CLI's extra (target < 5%)"},
		{Title: "CFG, dominators and SSA scaling (one big function; many functions)",
			Pkg: "./cfg", Bench: ".", Benchtime: "3x", Count: 3,
			Note: "ns/line (or ns/func) should stay flat as the size doubles: linear scaling"},
		{Title: "Language server: edit of a 3,000-line file to published diagnostics",
			Pkg: "./lsp", Bench: ".", Benchtime: "40x", Count: 3,
			Note: "p50/p95 latency without the debounce delay"},
		{Title: "Runtime overheads: barrier vs pthread barrier, memget vs memcpy, THREADS=1 kernel vs plain C, cached build",
			Pkg: "./runtime", Bench: "^(BenchmarkBarrier|BenchmarkPthreadBarrier|BenchmarkMemget|BenchmarkKernel|BenchmarkKernelUPC|BenchmarkCachedBuild)$", Benchtime: "1x", Count: 3,
			Note: "each iteration is already a best-of/median of several program runs; x-plain is the translated time over plain C"},
	}
}
