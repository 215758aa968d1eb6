package bench

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/upclint/upclint/runtime"
)

// Env describes the machine and the run.
type Env struct {
	Command   string // the command that generated the document
	Commit    string
	Date      time.Time
	CPU       string
	Cores     int
	GoVersion string
	CC        string
	LoadStart string // /proc/loadavg at the start
	LoadEnd   string
	Elapsed   time.Duration // the generator's run time
	CPUTime   time.Duration // the generator's own CPU time (children included)
}

// SelfSpeed is upclint's own analysis speed measured in process.
type SelfSpeed struct {
	Name    string
	Files   int
	Lines   int
	Jobs    int
	Wall    Sample // lines/s
	CPU     Sample // lines/cpu-s
	Command string
}

// Report is everything BENCHMARKS.md shows.
type Report struct {
	Env      Env
	Config   Config
	Kernels  []*KernelResult
	Self     []SelfSpeed
	GoBench  []*GoBenchResult
	Scaling  *Scaling      // the allreduce kernel's modeled time vs THREADS (nil: not measured)
	Forall   *ForallResult // the forall fix on vecadd with and without single-thread loops (nil: not measured)
	PlotsDir string        // relative to the document
}

func f3(x float64) string {
	switch {
	case x == 0:
		return "—"
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

func xf(x float64) string {
	if x == 0 {
		return "—"
	}
	return f3(x) + "x"
}

func dur(d time.Duration) string {
	switch {
	case d == 0:
		return "0"
	case d < time.Millisecond:
		return fmt.Sprintf("%.1f µs", float64(d)/1e3)
	case d < time.Second:
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func ms(s Sample) string {
	if s.N == 0 {
		return "—"
	}
	return fmt.Sprintf("%s [%s–%s]", f3(s.Median), f3(s.Min), f3(s.Max))
}

func sampleStr(s Sample) string {
	if s.N == 0 {
		return "—"
	}
	if s.N == 1 || s.Min == s.Max {
		return num(s.Median)
	}
	return fmt.Sprintf("%s [%s–%s]", num(s.Median), num(s.Min), num(s.Max))
}

func num(x float64) string {
	a := math.Abs(x)
	switch {
	case a >= 1e6:
		return fmt.Sprintf("%.3gM", x/1e6)
	case a >= 1e4:
		return fmt.Sprintf("%.0fk", x/1e3)
	case a >= 100:
		return fmt.Sprintf("%.0f", x)
	case a >= 1:
		return fmt.Sprintf("%.3g", x)
	}
	return fmt.Sprintf("%.3g", x)
}

// kernelCommands are the commands that reproduce one kernel's figures.
func kernelCommands(k *KernelResult, n int) string {
	base := strings.TrimSuffix(k.Name, ".upc")
	return fmt.Sprintf("cp %s /tmp/%s_fixed.upc && go run ./cmd/upclint fix --unsafe --validate --validate-threads 1,2,4,8,16 /tmp/%s_fixed.upc\n"+
		"go run ./cmd/upclint run -n %d --stats %s            # original (add --inject for the injected wall time)\n"+
		"go run ./cmd/upclint run -n %d --stats /tmp/%s_fixed.upc   # fixed",
		filepath.ToSlash(k.Path), base, base, n, filepath.ToSlash(k.Path), n, base)
}

func rulesSummary(rules []string) string {
	if len(rules) == 0 {
		return "none"
	}
	count := map[string]int{}
	var order []string
	for _, r := range rules {
		if count[r] == 0 {
			order = append(order, r)
		}
		count[r]++
	}
	var parts []string
	for _, r := range order {
		parts = append(parts, fmt.Sprintf("%s ×%d", r, count[r]))
	}
	return strings.Join(parts, ", ")
}

func appliedRules(k *KernelResult) []string {
	var rs []string
	for _, a := range k.Applied {
		rs = append(rs, a.Rule)
	}
	return rs
}

// verdict compares the measured speedup at the largest THREADS count with
// the seed's figure.
func verdict(k *KernelResult) string {
	sf := seedFigures[k.Name]
	if len(k.Points) == 0 {
		return "not run"
	}
	if len(k.Findings) == 0 {
		return "no finding (by design)"
	}
	if !k.Changed {
		return "**no fix** (falls short)"
	}
	if !k.Validated {
		return "**fix not validated**"
	}
	p := k.Points[len(k.Points)-1]
	got := p.ModeledSpeedup()
	if sf.Metric == "wall" {
		got = p.WallSpeedup()
	}
	if p.Varies() {
		// The lines the fix changes decide; the median runs' ratio says
		// whether the whole program gains too.
		lines := p.ChangedSpeedup()
		if lines <= 1.05 || sf.Low != 0 && lines < sf.Low {
			return fmt.Sprintf("**no gain** on the lines the fix changes (%s per KiB moved; the whole program's communication varies between runs)", xf(lines))
		}
		if got > 1.05 {
			return fmt.Sprintf("improves (%s on the median run, %s per KiB moved on the lines the fix changes; the communication varies between runs)", xf(got), xf(lines))
		}
		return fmt.Sprintf("improves on the lines the fix changes (%s per KiB moved), **no gain** on the whole program's median run (%s; its communication varies between runs)", xf(lines), xf(got))
	}
	switch {
	case sf.Low == 0 && got > 1.05:
		return fmt.Sprintf("improves (%s); seed qualitative", xf(got))
	case sf.Low == 0:
		return fmt.Sprintf("**no gain** (%s); seed qualitative", xf(got))
	case got >= sf.Low:
		return fmt.Sprintf("reaches seed (%s ≥ %s)", xf(got), xf(sf.Low))
	case got > 1.05:
		return fmt.Sprintf("**below seed** (%s < %s)", xf(got), xf(sf.Low))
	}
	return fmt.Sprintf("**no gain** (%s; seed %s)", xf(got), xf(sf.Low))
}

// modeledCell is a version's modeled time, with its range over the runs
// when they differ.
func modeledCell(m Measure) string {
	if !m.Varies {
		return dur(m.Modeled)
	}
	r := m.ModeledRuns
	return fmt.Sprintf("%s [%s–%s]", dur(m.Modeled), dur(time.Duration(r.Min)), dur(time.Duration(r.Max)))
}

// writeChanged writes the table of the lines the fix changes for a kernel
// whose communication varies between runs.
func writeChanged(p func(string, ...any), k *KernelResult) {
	varies := false
	for _, pt := range k.Points {
		varies = varies || pt.Varies()
	}
	if !varies || !k.Changed {
		return
	}
	p("\nThe communication varies between runs of the same binary, so the fix is measured on the lines it changes, summed over the runs:\n\n")
	p("| THREADS | remote ops orig → fixed | bytes orig → fixed | modeled orig → fixed | modeled per KiB orig → fixed | ratio |\n|---|---|---|---|---|---|\n")
	for _, pt := range k.Points {
		a, b := pt.Before.Changed, pt.After.Changed
		p("| %d | %d → %d | %d → %d | %s → %s | %s → %s | %s |\n", pt.Threads, a.RemoteOps, b.RemoteOps, a.RemoteBytes, b.RemoteBytes,
			dur(a.Modeled), dur(b.Modeled), dur(pt.Before.perKiB()), dur(pt.After.perKiB()), xf(pt.ChangedSpeedup()))
	}
}

// Write renders the document.
func (r *Report) Write(w io.Writer) error {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	e := r.Env
	c := r.Config
	p("# upclint benchmarks\n\n")
	p("Generated by `%s` (writes this file and `%s/*.svg`).\n\n", e.Command, r.PlotsDir)
	p("- **Generator run time: %s** wall (%s CPU, including the programs and `go test` children) on this machine; the budget is 15 minutes on 2 cores.\n", e.Elapsed.Round(time.Second), e.CPUTime.Round(time.Second))
	p("- Machine: %s, **%d cores**, %s, C compiler `%s`; commit `%s`, %s.\n", e.CPU, e.Cores, e.GoVersion, e.CC, e.Commit, e.Date.UTC().Format("2006-01-02 15:04 MST"))
	p("- Load average (1/5/15 min) at the start: %s; at the end: %s. Other processes on the machine change wall times; modeled times and operation counts do not depend on load, and CPU-time figures (lines/cpu-s) much less than wall-clock ones.\n", e.LoadStart, e.LoadEnd)
	p("- `go test ./bench/...` runs a fast smoke test of this generator on one small kernel (THREADS 1 and 2, one run, no Go benchmarks); `go run ./bench/cmd/benchmarks -h` lists the options (`-kernels`, `-threads`, `-reps`, `-gobench=false`, ...).\n\n")

	p("## 1. Seed kernels: original vs fixed\n\n")
	p("Method, for each program of `testdata/kernels` (the seeds' kernels, default sizes):\n\n")
	p("1. **Fix**: all rules, unsafe fixes included (`upclint fix --unsafe`; in process: `fixes.FixFile` with `Unsafe: true`).\n")
	p("2. **Validate**: `fixes.ValidateResult` builds both versions on the bundled runtime and requires every thread's output and exit status to match with THREADS = %s; a failed validation reverts the fix.\n", joinInts(c.Threads))
	p("3. **Measure** both binaries with THREADS = %s, %d runs each, without and with inject mode (`runtime.Options.Inject`: every remote operation also waits its modeled cost in wall-clock time). Every run must print its `OK` line.\n", joinInts(c.Threads), c.Reps)
	p("4. **Remote operations** = fine-grained remote reads + writes + bulk remote copies (`Counters.RemoteOps`), **bytes** = their payload, summed over threads. **Modeled communication time** (LogGP, o = %s, L = %s, G = %g ns/B): a remote operation of n bytes costs its initiator 2o + 2L + nG and occupies its target o + nG; a phase ends at every barrier of all threads (user barriers and the collectives' ALLSYNC points and internal barriers; MYSYNC points too, except in broadcast and the tree reductions, which order them point to point), and per phase time advances by the larger of the busiest initiator and the busiest target, plus 2(o+L)·ceil(log2 THREADS) per barrier. It is deterministic (one value per configuration) for a program whose communication does not depend on the schedule. Where it does (`uts.upc`: how many steals happen, and who takes from whom, depends on which thread runs dry when), the same binary communicates differently in every run: the table gives the run with the median modeled time and its range over the runs, and the verdict compares **the lines the fix changes** (a line diff of the two texts), by their modeled time per KiB moved, summed over the runs (the rule `--validate` applies to such programs: `fixes.ScheduleVerdict`), and states the median runs' ratio. With THREADS = 1 nothing is remote, so modeled speedups start at THREADS = 2.\n",
		dur(c.Net.O), dur(c.Net.L), c.Net.G)
	p("5. **Wall time** = the program's own `wall_seconds` (runtime statistics), in ms: median [min–max] of the %d runs. The kernels' default sizes are small (well under a second), so wall times without injection are dominated by start-up and barriers and are noisy on 2 cores with up to 16 processes; injected wall times show the network model in real time.\n\n", c.Reps)

	p("### Summary (THREADS = 8 and 16)\n\n")
	p("Ratios are original / fixed: remote operations, modeled communication time, and the median wall time with injected delays (and without, for vecadd, whose fix removes computation, not communication).\n\n")
	p("| kernel | seed section | fixes applied (validated) | remote ops T=8 | ops ratio 8 / 16 | modeled speedup 8 / 16 | inject wall speedup 8 / 16 | wall speedup 8 / 16 | seed reports | verdict at T=16 |\n")
	p("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, k := range r.Kernels {
		sf := seedFigures[k.Name]
		fixed := rulesSummary(appliedRules(k))
		switch {
		case !k.Changed:
			fixed = "none"
		case k.Validated:
			fixed += " (yes)"
		default:
			fixed += " (**no**)"
		}
		p8, ok8 := k.Point(8)
		p16, ok16 := k.Point(16)
		cell := func(f func(Point) float64) string {
			a, b := "—", "—"
			if ok8 {
				a = xf(f(p8))
			}
			if ok16 {
				b = xf(f(p16))
			}
			return a + " / " + b
		}
		ops := "—"
		if ok8 {
			ops = fmt.Sprintf("%d → %d", p8.Before.RemoteOps, p8.After.RemoteOps)
		}
		p("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", k.Name, k.Seed.Section, fixed, ops,
			cell(Point.OpsRatio), cell(Point.ModeledSpeedup), cell(Point.InjectSpeedup), cell(Point.WallSpeedup), sf.Figure, verdict(k))
	}
	p("\n")
	p("![speedup vs THREADS](%s/speedup.svg)\n\n", r.PlotsDir)
	p("![inject wall speedup vs THREADS](%s/inject_speedup.svg)\n\n", r.PlotsDir)
	p("![remote messages before and after](%s/messages.svg)\n\n", r.PlotsDir)

	p("### Where upclint falls short of the seeds\n\n")
	for _, k := range r.Kernels {
		v := verdict(k)
		if strings.Contains(v, "**") {
			p("- `%s` — %s. %s", k.Name, strings.ReplaceAll(v, "**", ""), analysis[k.Name])
			if len(k.Remaining) > 0 {
				p(" Findings left after fixing: %s.", rulesSummary(k.Remaining))
			}
			p("\n")
		}
	}
	p("- The kernels run at their default (small) sizes, not the seeds' problem sizes, on one 2-core node: the seeds' multi-node scaling (allreduce to 46432 cores, collectives across nodes) is represented only through the LogGP model, which is flat (no topology, no contention besides per-target occupancy).\n\n")

	p("### Per kernel\n\n")
	for _, k := range r.Kernels {
		p("#### `%s` — %s\n\n", k.Name, k.Seed.Section)
		p("Seed: %s. Expected findings: %s. Fix: %s\n\n", k.Seed.Reports, k.Seed.Expected, k.Seed.Fix)
		p("Findings on the original: %s; fixes applied: %s; findings left: %s; validated: %v (THREADS %s). Fix time %s, validation time %s.\n\n",
			rulesSummary(k.Findings), rulesSummary(appliedRules(k)), rulesSummary(k.Remaining), k.Validated, joinInts(c.Threads), dur(k.FixTime), dur(k.ValidTime))
		if a := analysis[k.Name]; a != "" {
			p("%s\n\n", a)
		}
		if k.Note != "" {
			p("Note: %s\n\n", k.Note)
		}
		if len(k.Points) == 0 {
			continue
		}
		p("| THREADS | remote ops orig → fixed | bytes orig → fixed | barriers / collectives orig → fixed | modeled comm orig → fixed | modeled speedup | wall ms orig | wall ms fixed | inject wall ms orig | inject wall ms fixed | inject speedup |\n")
		p("|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, pt := range k.Points {
			a, bb := pt.Before, pt.After
			p("| %d | %d → %d (%s) | %d → %d | %d/%d → %d/%d | %s → %s | %s | %s | %s | %s | %s | %s |\n", pt.Threads,
				a.RemoteOps, bb.RemoteOps, xf(pt.OpsRatio()), a.RemoteBytes, bb.RemoteBytes,
				a.Barriers, a.Collectives, bb.Barriers, bb.Collectives,
				modeledCell(a), modeledCell(bb), xf(pt.ModeledSpeedup()),
				ms(a.Wall), ms(bb.Wall), ms(a.WallInject), ms(bb.WallInject), xf(pt.InjectSpeedup()))
		}
		writeChanged(p, k)
		p("\nReproduce one row (here THREADS = 8):\n\n```sh\n%s\n```\n\n", kernelCommands(k, 8))
	}

	if r.Scaling != nil {
		writeScaling(p, r.Scaling)
	}
	if r.Forall != nil {
		writeForall(p, r.Forall)
	}

	p("## 2. upclint's own speed\n\n")
	p("### Check throughput over the corpus and the kernels (in process)\n\n")
	p("`checks.Run` over the files, %d repetitions; lines/s is wall clock, lines/cpu-s divides by the process's user+system CPU time. Median [min–max].\n\n", c.Reps)
	p("| input | files | lines | jobs | lines/s | lines/cpu-s | command |\n|---|---|---|---|---|---|---|\n")
	for _, s := range r.Self {
		p("| %s | %d | %d | %d | %s | %s | `%s` |\n", s.Name, s.Files, s.Lines, s.Jobs, sampleStr(s.Wall), sampleStr(s.CPU), s.Command)
	}
	p("\nFix + validate time per kernel (validation builds both versions — cached after the first run — and runs them with THREADS %s):\n\n", joinInts(c.Threads))
	p("| kernel | fix (analyse + rewrite rounds) | validate |\n|---|---|---|\n")
	for _, k := range r.Kernels {
		p("| `%s` | %s | %s |\n", k.Name, dur(k.FixTime), dur(k.ValidTime))
	}
	p("\n")
	for _, g := range r.GoBench {
		p("### %s\n\n", g.Title)
		p("```sh\n%s\n```\n\n", g.Command())
		p("%s. Median [min–max] over -count=%d (took %s).\n\n", g.Note, g.Count, g.Elapsed.Round(100*time.Millisecond))
		if g.Err != "" {
			p("**Failed**: `%s`\n\n", strings.ReplaceAll(g.Err, "\n", " "))
		}
		if len(g.Lines) == 0 {
			continue
		}
		p("| benchmark | metrics |\n|---|---|\n")
		for _, l := range g.Lines {
			var ms []string
			for _, u := range l.SortedUnits() {
				ms = append(ms, fmt.Sprintf("%s %s", sampleStr(Summarise(l.Metrics[u])), u))
			}
			p("| %s | %s |\n", l.Name, strings.Join(ms, "; "))
		}
		p("\n")
		if d := derived(g); d != "" {
			p("%s\n\n", d)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// derived computes the ratios a benchmark group is read for.
func derived(g *GoBenchResult) string {
	var out []string
	if r, ok := g.Metric("BenchmarkRules", "all/frontend"); ok {
		fe, _ := g.Metric("BenchmarkRules", "frontend-lines/cpu-s")
		all, _ := g.Metric("BenchmarkRules", "all-lines/cpu-s")
		out = append(out, fmt.Sprintf("Rules' cost: front end + all rules takes %.2fx [%.2f–%.2f] the CPU time of the front end alone (%s vs %s lines/cpu-s; each iteration runs both, alternating the order).",
			r.Median, r.Min, r.Max, num(all.Median), num(fe.Median)))
	}
	if o, ok := g.Metric("BenchmarkCheckOverhead", "overhead-%"); ok {
		an, _ := g.Metric("BenchmarkCheckOverhead", "analysis-cpu-ms/op")
		cli, _ := g.Metric("BenchmarkCheckOverhead", "cli-cpu-ms/op")
		out = append(out, fmt.Sprintf("CLI overhead: the whole `upclint check` takes %.1f%% [%.1f–%.1f] more CPU time than the analysis alone (%s vs %s cpu-ms; negative values are noise).",
			o.Median, o.Min, o.Max, num(cli.Median), num(an.Median)))
	}
	if p, ok := g.Metric("BenchmarkEditToDiagnostics", "p95-ms"); ok {
		p50, _ := g.Metric("BenchmarkEditToDiagnostics", "p50-ms")
		out = append(out, fmt.Sprintf("Language server: p50 %s ms, p95 %s ms [%s–%s] (target: p95 ≤ 50 ms).",
			num(p50.Median), num(p.Median), num(p.Min), num(p.Max)))
	}
	for _, n := range []string{"T2", "T4", "T8"} {
		u, ok1 := g.Metric("BenchmarkBarrier/"+n, "ns/barrier")
		pt, ok2 := g.Metric("BenchmarkPthreadBarrier/"+n, "ns/barrier")
		if ok1 && ok2 && pt.Median > 0 {
			out = append(out, fmt.Sprintf("upc_barrier vs pthread barrier, %s: %s vs %s ns (%.2fx).", n, num(u.Median), num(pt.Median), u.Median/pt.Median))
		}
	}
	if get, ok := g.Metric("BenchmarkMemget", "memget-MB/s"); ok {
		if cpy, ok := g.Metric("BenchmarkMemget", "memcpy-MB/s"); ok && cpy.Median > 0 {
			out = append(out, fmt.Sprintf("upc_memget reaches %.0f%% of memcpy bandwidth (%s vs %s MB/s).", 100*get.Median/cpy.Median, num(get.Median), num(cpy.Median)))
		}
	}
	var sizes []string
	for _, l := range g.Lines {
		if strings.HasPrefix(l.Name, "BenchmarkFunc") || strings.HasPrefix(l.Name, "BenchmarkFile") {
			for _, u := range []string{"cpu-ns/line", "cpu-ns/func"} {
				if xs, ok := l.Metrics[u]; ok {
					sizes = append(sizes, fmt.Sprintf("%s %s %s", strings.TrimPrefix(l.Name, "Benchmark"), num(Summarise(xs).Median), u))
				}
			}
		}
	}
	if len(sizes) > 0 {
		out = append(out, "CFG/SSA scaling (CPU time per unit; flat = linear): "+strings.Join(sizes, ", ")+".")
	}
	return strings.Join(out, " ")
}

func joinInts(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, fmt.Sprint(x))
	}
	return strings.Join(s, ", ")
}

// Plots writes the SVG plots into dir.
func (r *Report) Plots(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var modeled, injected []Series
	var groups []BarGroup
	bars := []string{}
	maxT := 0
	for _, k := range r.Kernels {
		if len(k.Points) == 0 {
			continue
		}
		maxT = max(maxT, k.Points[len(k.Points)-1].Threads)
	}
	bars = append(bars, fmt.Sprintf("original (THREADS=%d)", maxT), fmt.Sprintf("fixed (THREADS=%d)", maxT))
	for _, k := range r.Kernels {
		if len(k.Points) == 0 || !k.Changed {
			continue
		}
		name := strings.TrimSuffix(k.Name, ".upc")
		sm, si := Series{Name: name}, Series{Name: name}
		for _, pt := range k.Points {
			sm.X, sm.Y = append(sm.X, float64(pt.Threads)), append(sm.Y, pt.ModeledSpeedup())
			si.X, si.Y = append(si.X, float64(pt.Threads)), append(si.Y, pt.InjectSpeedup())
		}
		modeled, injected = append(modeled, sm), append(injected, si)
		last := k.Points[len(k.Points)-1]
		groups = append(groups, BarGroup{Name: name, Values: []float64{float64(last.Before.RemoteOps), float64(last.After.RemoteOps)}})
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].Values[0] > groups[j].Values[0] })
	files := map[string]string{
		"speedup.svg": LineChart("Modeled communication speedup (original / fixed) vs THREADS",
			"THREADS", "speedup (log scale)", modeled, 1),
		"inject_speedup.svg": LineChart("Wall-time speedup with injected network delays vs THREADS",
			"THREADS", "speedup (log scale)", injected, 1),
		"messages.svg": BarChart(fmt.Sprintf("Remote operations before and after the fix (THREADS=%d, log scale)", maxT),
			"remote operations (log scale)", bars, groups),
	}
	for name, svg := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(svg), 0o644); err != nil {
			return err
		}
	}
	return nil
}

var _ = runtime.DefaultNet
