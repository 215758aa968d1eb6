// Command benchmarks regenerates BENCHMARKS.md and bench/plots/*.svg: the
// seed kernels original vs fixed on the bundled runtime, and upclint's own
// speed (see package bench). Run it from the repository root:
//
//	go run ./bench/cmd/benchmarks
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/upclint/upclint/bench"
	_ "github.com/upclint/upclint/checks/rules/all" // register the rules
)

func main() {
	var (
		root    = flag.String("root", ".", "repository root")
		out     = flag.String("out", "", "output document (default ROOT/BENCHMARKS.md)")
		plots   = flag.String("plots", "bench/plots", "plot directory, relative to ROOT")
		kernels = flag.String("kernels", "all", `kernels to measure: "all", "none" or comma-separated names (stencil,fig1)`)
		threads = flag.String("threads", "1,2,4,8,16", "THREADS counts")
		reps    = flag.Int("reps", 5, "runs per version, THREADS count and mode (medians and min–max)")
		inject  = flag.Bool("inject", true, "also measure wall times with injected network delays")
		gobench = flag.Bool("gobench", true, "run the project's Go benchmarks")
		self    = flag.Bool("self", true, "measure check throughput in process")
		scaling = flag.Int("scaling-max", 512, "largest THREADS of the allreduce scaling table (0: no table)")
		forallN = flag.Int("forall-runs", 5, "rounds of the vecadd forall measurement with and without single-thread loops (0: none)")
		commit  = flag.String("commit", "", "commit to report when git cannot tell")
		quiet   = flag.Bool("q", false, "no progress on standard error")
		render  = flag.String("render", "", "only re-render the document and plots from a results.json of an earlier run")
	)
	flag.Parse()
	if *render != "" {
		if err := rerender(*render, *root, *out, *plots); err != nil {
			fmt.Fprintf(os.Stderr, "benchmarks: %v\n", err)
			os.Exit(1)
		}
		return
	}
	o := bench.Options{Root: *root, Out: *out, PlotsDir: *plots, Self: *self, Commit: *commit,
		Command: "go run ./bench/cmd/benchmarks" + flagsSet()}
	o.Config.Reps, o.Config.Inject = *reps, *inject
	o.Scaling, o.ScalingMax = *scaling > 0, *scaling
	o.Forall, o.ForallRuns = *forallN > 0, *forallN
	for _, t := range strings.Split(*threads, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "benchmarks: bad THREADS count %q\n", t)
			os.Exit(2)
		}
		o.Config.Threads = append(o.Config.Threads, n)
	}
	switch *kernels {
	case "all":
	case "none":
		o.Kernels = []string{}
	default:
		for _, k := range strings.Split(*kernels, ",") {
			k = strings.TrimSuffix(strings.TrimSpace(k), ".upc") + ".upc"
			o.Kernels = append(o.Kernels, filepath.Join(*root, "testdata", "kernels", k))
		}
	}
	if *gobench {
		o.GoBench = bench.DefaultGoBenches()
	}
	t0 := time.Now()
	if !*quiet {
		o.Log = func(format string, args ...any) {
			fmt.Fprintf(os.Stderr, "[%6.1fs] %s\n", time.Since(t0).Seconds(), fmt.Sprintf(format, args...))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	_, err := bench.Generate(ctx, o)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "benchmarks: %v\n", err)
		os.Exit(1)
	}
	if !*quiet {
		fmt.Fprintf(os.Stderr, "done in %s\n", time.Since(t0).Round(time.Second))
	}
}

// flagsSet returns the flags given on the command line, for the document.
func flagsSet() string {
	var s []string
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "q" || f.Name == "commit" {
			return
		}
		s = append(s, fmt.Sprintf("-%s=%s", f.Name, f.Value))
	})
	if len(s) == 0 {
		return ""
	}
	return " " + strings.Join(s, " ")
}

// rerender writes the document and plots of a saved results.json.
func rerender(path, root, out, plots string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var r bench.Report
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	if out == "" {
		out = filepath.Join(root, "BENCHMARKS.md")
	}
	r.PlotsDir = plots
	if !filepath.IsAbs(plots) {
		plots = filepath.Join(root, plots)
	}
	if err := r.Plots(plots); err != nil {
		return err
	}
	return bench.Render(&r, out)
}
