package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"syscall"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// Options configure Generate.
type Options struct {
	Root     string   // repository root (default ".")
	Out      string   // the document (default Root/BENCHMARKS.md)
	PlotsDir string   // the plots, relative to Root (default bench/plots)
	Kernels  []string // kernel files (default Root/testdata/kernels/*.upc)
	Config   Config
	GoBench  []GoBench // the Go benchmarks to run (nil: none)
	Self     bool      // measure check throughput in process
	Command  string    // the command line shown in the document
	Commit   string    // the measured commit when git cannot tell
	// Scaling measures the allreduce kernel's modeled time, original and
	// fixed, for THREADS = 2, 4, ..., ScalingMax (default 512).
	Scaling    bool
	ScalingMax int
	// Forall measures the forall fix on vecadd with and without the
	// translator's single-thread loop versions, ForallRuns rounds (default 5).
	Forall     bool
	ForallRuns int
	Log        func(format string, args ...any)
}

// Generate measures everything and writes the document and the plots.
func Generate(ctx context.Context, o Options) (*Report, error) {
	start := time.Now()
	cpu0 := cpuTime()
	if o.Root == "" {
		o.Root = "."
	}
	if o.Out == "" {
		o.Out = filepath.Join(o.Root, "BENCHMARKS.md")
	}
	if o.PlotsDir == "" {
		o.PlotsDir = "bench/plots"
	}
	if o.Log == nil {
		o.Log = func(string, ...any) {}
	}
	o.Config.Log = o.Log
	o.Config.defaults()
	if o.Kernels == nil {
		ks, err := filepath.Glob(filepath.Join(o.Root, "testdata", "kernels", "*.upc"))
		if err != nil {
			return nil, err
		}
		o.Kernels = ks
	}
	seeds, err := ReadSeeds(filepath.Join(o.Root, "testdata", "kernels", "README.md"))
	if err != nil {
		return nil, err
	}
	r := &Report{Config: o.Config, Env: environment(o)}
	for _, k := range o.Kernels {
		o.Log("kernel %s", filepath.Base(k))
		kr := MeasureKernel(ctx, k, seeds, o.Config)
		if rel, err := filepath.Rel(o.Root, k); err == nil {
			kr.Path = rel
		}
		r.Kernels = append(r.Kernels, kr)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	if o.Scaling {
		o.Log("allreduce scaling")
		if o.ScalingMax <= 0 {
			o.ScalingMax = 512
		}
		var ts []int
		for t := 2; t <= o.ScalingMax; t *= 2 {
			ts = append(ts, t)
		}
		// fewer iterations than the kernel's default keep THREADS = 512 to seconds
		r.Scaling = MeasureScaling(ctx, filepath.Join(o.Root, "testdata", "kernels", "allreduce.upc"),
			[]string{"ITERATIONS=5"}, ts, o.Config)
	}
	if o.Forall {
		o.Log("forall vecadd")
		if o.ForallRuns <= 0 {
			o.ForallRuns = 5
		}
		r.Forall = MeasureForall(ctx, filepath.Join(o.Root, "testdata", "kernels", "vecadd.upc"),
			forallDefines(1<<20, 16), []int{1, 2, 4}, o.ForallRuns, o.Config)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if o.Self {
		o.Log("check throughput")
		r.Self = selfSpeed(o.Root, o.Config.Reps)
	}
	for _, g := range o.GoBench {
		o.Log("go %s", strings.Join(g.Args(), " "))
		r.GoBench = append(r.GoBench, RunGoBench(ctx, o.Root, g))
	}
	r.PlotsDir = o.PlotsDir
	plots := o.PlotsDir
	if !filepath.IsAbs(plots) {
		plots = filepath.Join(o.Root, plots)
	}
	if err := r.Plots(plots); err != nil {
		return nil, err
	}
	r.Env.LoadEnd = loadavg()
	r.Env.Elapsed = time.Since(start)
	r.Env.CPUTime = cpuTime() - cpu0 + childCPU()
	if js, err := json.MarshalIndent(r, "", " "); err == nil {
		_ = os.WriteFile(filepath.Join(plots, "results.json"), js, 0o644)
	}
	return r, Render(r, o.Out)
}

// Render writes the document of r (the plots are written by Generate or
// by Report.Plots).
func Render(r *Report, out string) error {
	kept := KeptSections(out) // measured by other commands: kept
	mpi := MPISection(out)    // measured separately (go run ./bench/cmd/mpibench): kept
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := r.Write(f); err != nil {
		_ = f.Close()
		return err
	}
	if kept != "" {
		if _, err := f.WriteString("\n" + kept); err != nil {
			_ = f.Close()
			return err
		}
	}
	if mpi != "" {
		if _, err := f.WriteString("\n" + mpi); err != nil {
			_ = f.Close()
			return err
		}
	}
	return f.Close()
}

func environment(o Options) Env {
	e := Env{Command: o.Command, Date: time.Now(), Cores: goruntime.NumCPU(), GoVersion: goruntime.Version(),
		LoadStart: loadavg(), Commit: o.Commit}
	if out, err := exec.Command("git", "-C", o.Root, "rev-parse", "--short", "HEAD").Output(); err == nil {
		e.Commit = strings.TrimSpace(string(out))
		if st, err := exec.Command("git", "-C", o.Root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
			e.Commit += " (with uncommitted changes)"
		}
	}
	if e.Commit == "" {
		e.Commit = "unknown"
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				if _, v, ok := strings.Cut(l, ":"); ok {
					e.CPU = strings.TrimSpace(v)
				}
				break
			}
		}
	}
	if e.CPU == "" {
		e.CPU = goruntime.GOARCH
	}
	cc := o.Config.CC
	if cc == "" {
		cc = os.Getenv("CC")
	}
	if cc == "" {
		cc = "cc"
	}
	if out, err := exec.Command(cc, "--version").Output(); err == nil {
		e.CC = strings.SplitN(string(out), "\n", 2)[0]
	} else {
		e.CC = cc
	}
	return e
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " / ")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func childCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// selfSpeed measures checks.Run over the valid corpus and the kernels.
func selfSpeed(root string, reps int) []SelfSpeed {
	frontEnd := func(rule string) bool {
		return rule == diag.RuleSyntax || rule == diag.RuleTypecheck || rule == diag.RulePreprocessor
	}
	var out []SelfSpeed
	for _, in := range []struct {
		name, dir string
		enabled   func(string) bool
	}{
		{"corpus (testdata/corpus/valid), front end only", "testdata/corpus/valid", frontEnd},
		{"corpus (testdata/corpus/valid), all rules", "testdata/corpus/valid", nil},
		{"kernels (testdata/kernels), all rules", "testdata/kernels", nil},
	} {
		files, err := checks.CollectFiles([]string{filepath.Join(root, in.dir)}, []string{".upc"})
		if err != nil || len(files) == 0 {
			continue
		}
		lines := 0
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil {
				lines += strings.Count(string(b), "\n")
			}
		}
		jobs := goruntime.NumCPU()
		var wall, cpu []float64
		for range reps {
			t0, c0 := time.Now(), cpuTime()
			if _, err := checks.Run(files, &checks.Options{Jobs: jobs, Enabled: in.enabled}); err != nil {
				break
			}
			wall = append(wall, float64(lines)/time.Since(t0).Seconds())
			cpu = append(cpu, float64(lines)/(cpuTime()-c0).Seconds())
		}
		cmd := fmt.Sprintf("go run ./bench/cmd/benchmarks -kernels none -gobench=false -reps %d -out /tmp/self.md", reps)
		out = append(out, SelfSpeed{Name: in.name, Files: len(files), Lines: lines, Jobs: jobs,
			Wall: Summarise(wall), CPU: Summarise(cpu), Command: cmd})
	}
	return out
}
