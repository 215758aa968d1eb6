// Package bench measures upclint against the seed papers: it fixes each
// bundled kernel, proves the fix on the bundled runtime, runs the original
// and the fixed program with several THREADS counts (with and without
// injected network delays), runs the project's Go benchmarks, and renders
// BENCHMARKS.md with SVG plots.
package bench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// Seed is a kernel's row of testdata/kernels/README.md.
type Seed struct {
	Section  string // the seed section the kernel reproduces
	Expected string // the expected findings
	Fix      string // what the fix should be
	Reports  string // what the seed reports
}

// ReadSeeds parses the kernel table of testdata/kernels/README.md, keyed
// by file name ("stencil.upc").
func ReadSeeds(readme string) (map[string]Seed, error) {
	f, err := os.Open(readme)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	seeds := map[string]Seed{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cols := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cols) < 5 {
			continue
		}
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
		}
		name := strings.Trim(cols[0], "`")
		seeds[name] = Seed{Section: cols[1], Expected: cols[2], Fix: cols[3], Reports: cols[4]}
	}
	return seeds, sc.Err()
}

// Config says what to measure.
type Config struct {
	Threads []int // THREADS counts (default 1, 2, 4, 8, 16)
	Reps    int   // runs per (version, THREADS, mode) for the wall times (default 5)
	Inject  bool  // also measure wall times with injected network delays
	Net     runtime.NetModel
	Timeout time.Duration // per run (default 2 minutes)
	CC      string
	// Log, when set, receives progress lines.
	Log func(format string, args ...any) `json:"-"`
}

func (c *Config) defaults() {
	if len(c.Threads) == 0 {
		c.Threads = []int{1, 2, 4, 8, 16}
	}
	if c.Reps <= 0 {
		c.Reps = 5
	}
	if c.Net == (runtime.NetModel{}) {
		c.Net = runtime.DefaultNet
	}
	if c.Timeout <= 0 {
		c.Timeout = 2 * time.Minute
	}
	if c.Log == nil {
		c.Log = func(string, ...any) {}
	}
}

// Sample summarises repeated measurements: the median and the spread.
type Sample struct {
	N                int
	Median, Min, Max float64
}

// Summarise returns the median, minimum and maximum of xs.
func Summarise(xs []float64) Sample {
	if len(xs) == 0 {
		return Sample{}
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Sample{N: len(s), Median: m, Min: s[0], Max: s[len(s)-1]}
}

// Measure is one version of a kernel run with one THREADS count.
type Measure struct {
	RemoteOps   uint64 // fine-grained reads and writes plus bulk remote copies
	RemoteBytes uint64
	Fine        uint64 // fine-grained remote reads and writes alone
	Bulk        uint64 // bulk remote copies
	Barriers    uint64
	Collectives uint64
	Modeled     time.Duration // LogGP-modeled communication time (deterministic)
	// Modeled is deterministic for a program that does not poll; when the
	// runs' communication differs (work stealing), the figures above are
	// those of the run with the median modeled time, ModeledRuns the
	// modeled time of every run in ns, and Changed the communication of
	// the lines the fix changes (fixes.ChangedLines), summed over the runs.
	Varies      bool
	ModeledRuns Sample
	Changed     fixes.LineComm
	Wall        Sample // program wall time in ms, no injected delays
	WallInject  Sample // program wall time in ms, remote operations delayed by their modeled cost
}

// Point is the original and the fixed program at one THREADS count.
type Point struct {
	Threads       int
	Before, After Measure
}

// ModeledSpeedup is the ratio of the modeled communication times (0 when
// the fixed version has none).
func (p Point) ModeledSpeedup() float64 {
	return ratio(float64(p.Before.Modeled), float64(p.After.Modeled))
}

// perKiB is the changed lines' modeled time per KiB they moved (0 if
// they moved nothing).
func (m Measure) perKiB() time.Duration {
	if m.Changed.RemoteBytes == 0 {
		return 0
	}
	return time.Duration(float64(m.Changed.Modeled) * 1024 / float64(m.Changed.RemoteBytes))
}

// ChangedSpeedup is the ratio of the changed lines' modeled time per KiB
// moved (0 when either version's moved nothing): the figure of a program
// whose communication varies between runs (see Measure.Varies).
func (p Point) ChangedSpeedup() float64 {
	a, b := p.Before.perKiB(), p.After.perKiB()
	if a == 0 || b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Varies reports whether either version's communication differed between
// runs.
func (p Point) Varies() bool { return p.Before.Varies || p.After.Varies }

// OpsRatio is how many times fewer remote operations the fix performs.
func (p Point) OpsRatio() float64 {
	return ratio(float64(p.Before.RemoteOps), float64(p.After.RemoteOps))
}

// WallSpeedup and InjectSpeedup are the ratios of the median wall times.
func (p Point) WallSpeedup() float64 { return ratio(p.Before.Wall.Median, p.After.Wall.Median) }

// InjectSpeedup is the ratio of the median wall times with injected delays.
func (p Point) InjectSpeedup() float64 {
	return ratio(p.Before.WallInject.Median, p.After.WallInject.Median)
}

func ratio(a, b float64) float64 {
	if b <= 0 {
		return 0
	}
	return a / b
}

// KernelResult is everything measured on one kernel.
type KernelResult struct {
	Name      string // file name, e.g. "stencil.upc"
	Path      string
	Seed      Seed
	Applied   []fixes.Applied
	Rejected  []fixes.Applied
	Remaining []string // rules of the findings left after fixing
	Findings  []string // rules of the findings on the original
	Changed   bool
	// Validated: every THREADS count gave every thread the same output
	// and exit status for the original and the fixed program.
	Validated bool
	Note      string // why the kernel was not measured or not fixed
	FixTime   time.Duration
	ValidTime time.Duration
	Points    []Point
}

// Point returns the point with n threads, if measured.
func (k *KernelResult) Point(n int) (Point, bool) {
	for _, p := range k.Points {
		if p.Threads == n {
			return p, true
		}
	}
	return Point{}, false
}

// skip are kernels that are not run: the reason is reported instead.
var skip = map[string]string{
	"barrier_bug.upc": "deadlocks by design with THREADS > 1 (the collectivity finding has no fix)",
}

// MeasureKernel fixes path (all rules, unsafe fixes included, as
// `upclint fix --unsafe`), validates the fix with every THREADS count of
// cfg and measures both versions.
func MeasureKernel(ctx context.Context, path string, seeds map[string]Seed, cfg Config) *KernelResult {
	cfg.defaults()
	name := filepath.Base(path)
	kr := &KernelResult{Name: name, Path: path, Seed: seeds[name]}
	t0 := time.Now()
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{Jobs: 1}, Unsafe: true})
	kr.FixTime = time.Since(t0)
	if res.Err != nil {
		kr.Note = res.Err.Error()
		return kr
	}
	kr.Findings = rulesOf(path)
	for _, f := range res.Remaining {
		kr.Remaining = append(kr.Remaining, f.Rule)
	}
	if why, ok := skip[name]; ok {
		kr.Note = why
		kr.Applied, kr.Rejected = res.Applied, res.Rejected
		return kr
	}
	if res.Changed() {
		t1 := time.Now()
		err := fixes.ValidateResult(ctx, res, fixes.ValidateOptions{Threads: cfg.Threads, Net: &cfg.Net, CC: cfg.CC, Timeout: cfg.Timeout})
		kr.ValidTime = time.Since(t1)
		if err != nil {
			kr.Note = err.Error()
			return kr
		}
		v := res.Validation
		kr.Validated = v != nil && v.OK
		if !kr.Validated && v != nil {
			switch {
			case v.Mismatch != nil:
				kr.Note = "validation failed: " + v.Mismatch.String()
			case v.Err != nil:
				kr.Note = "validation failed: " + v.Err.Error()
			}
		}
	}
	kr.Applied, kr.Rejected, kr.Changed = res.Applied, res.Rejected, res.Changed()
	if !kr.Changed && kr.Note == "" {
		kr.Note = "no fix applied"
	}
	binA, err := build(ctx, path, res.Original, cfg.CC)
	if err != nil {
		kr.Note = "build original: " + err.Error()
		return kr
	}
	binB := binA
	if kr.Changed {
		if binB, err = build(ctx, path, res.Fixed, cfg.CC); err != nil {
			kr.Note = "build fixed: " + err.Error()
			return kr
		}
	}
	del, ins := fixes.ChangedLines(res.Original, res.Fixed)
	for _, n := range cfg.Threads {
		cfg.Log("  %s THREADS=%d", name, n)
		a, err := measure(ctx, binA, n, cfg, path, del)
		if err != nil {
			kr.Note = fmt.Sprintf("original, THREADS=%d: %v", n, err)
			return kr
		}
		b := a
		if kr.Changed {
			if b, err = measure(ctx, binB, n, cfg, path, ins); err != nil {
				kr.Note = fmt.Sprintf("fixed, THREADS=%d: %v", n, err)
				return kr
			}
		}
		kr.Points = append(kr.Points, Point{Threads: n, Before: a, After: b})
	}
	return kr
}

// setComm sets the communication figures from the runs without injected
// delays: those of the run with the median modeled time, with the spread
// and the changed lines' sums when the runs differ.
func (m *Measure) setComm(runs []*runtime.Stats, path string, changed map[int]bool) {
	sorted := append([]*runtime.Stats(nil), runs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].ModeledNs < sorted[j].ModeledNs })
	med := sorted[len(sorted)/2]
	t := med.Total
	m.RemoteOps = t.RemoteOps()
	m.RemoteBytes = t.RemoteReadBytes + t.RemoteWriteBytes + t.BulkRemoteBytes
	m.Fine = t.RemoteReads + t.RemoteWrites
	m.Bulk = t.BulkRemote
	m.Barriers = t.Barriers
	m.Collectives = t.Collectives
	m.Modeled = med.Modeled()
	var ns []float64
	for _, r := range runs {
		ns = append(ns, r.ModeledNs)
		t, t0 := r.Total, runs[0].Total
		m.Varies = m.Varies || t.RemoteOps() != t0.RemoteOps() || r.ModeledNs != runs[0].ModeledNs
		c := fixes.LinesIn(r, path, changed)
		m.Changed.RemoteOps += c.RemoteOps
		m.Changed.RemoteBytes += c.RemoteBytes
		m.Changed.Modeled += c.Modeled
	}
	m.ModeledRuns = Summarise(ns)
}

// rulesOf returns the rules of the findings on path, in order.
func rulesOf(path string) []string {
	res, err := checks.Run([]string{path}, &checks.Options{Jobs: 1})
	if err != nil {
		return nil
	}
	var rules []string
	for _, f := range res.Findings {
		rules = append(rules, f.Rule)
	}
	return rules
}

// build translates src (the text of path) and compiles it with the runtime.
func build(ctx context.Context, path string, src []byte, cc string) (string, error) {
	return buildWith(ctx, path, src, cc, grammar.Config{}, translate.Options{})
}

// buildWith is build with a front-end configuration (macros) and
// translator options.
func buildWith(ctx context.Context, path string, src []byte, cc string, cfg grammar.Config, o translate.Options) (string, error) {
	cfg.ReadFile = func(name string) ([]byte, error) {
		if name == path {
			return src, nil
		}
		return os.ReadFile(name)
	}
	u := grammar.Load(gotoken.NewFileSet(), path, src, &cfg)
	o.Source, o.ReadFile = src, cfg.ReadFile
	code, err := translate.Translate(u, o)
	if err != nil {
		return "", err
	}
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".c"
	return runtime.Build(ctx, []runtime.Source{{Name: base, Code: code}}, runtime.BuildOptions{CC: cc})
}

var okLine = regexp.MustCompile(`: .* OK\s*$`)

// measure runs bin with n threads cfg.Reps times without and (if
// cfg.Inject) with injected delays.
func measure(ctx context.Context, bin string, n int, cfg Config, path string, changed map[int]bool) (Measure, error) {
	var m Measure
	var walls, injected []float64
	var runs []*runtime.Stats
	for _, inject := range []bool{false, true} {
		if inject && !cfg.Inject {
			continue
		}
		for range cfg.Reps {
			r, err := runtime.Run(ctx, bin, runtime.Options{Threads: n, Net: &cfg.Net, Inject: inject, Timeout: cfg.Timeout})
			if err != nil {
				return m, err
			}
			if err := r.Err(); err != nil {
				return m, err
			}
			if !okLine.Match(r.Stdout) {
				return m, fmt.Errorf("no OK line in the output: %q", strings.TrimSpace(string(r.Stdout)))
			}
			if r.Stats == nil {
				return m, errors.New("no statistics")
			}
			ms := r.Stats.WallSeconds * 1000
			if ms <= 0 {
				ms = float64(r.Wall) / 1e6
			}
			if inject {
				injected = append(injected, ms)
				continue
			}
			walls = append(walls, ms)
			runs = append(runs, r.Stats)
		}
	}
	if len(runs) > 0 {
		m.setComm(runs, path, changed)
	}
	m.Wall, m.WallInject = Summarise(walls), Summarise(injected)
	return m, nil
}
