// Command mpibench measures the seed kernels, original and fixed, on the
// MPI backend over Open MPI's shared-memory and TCP transports, and
// writes the result as the MPI section of BENCHMARKS.md (the rest of the
// document is left as it is). Run it from the repository root:
//
//	go run ./bench/cmd/mpibench
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	goruntime "runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/upclint/upclint/bench"
	_ "github.com/upclint/upclint/checks/rules/all" // register the rules
	"github.com/upclint/upclint/runtime"
)

func main() {
	var (
		root    = flag.String("root", ".", "repository root")
		out     = flag.String("out", "", "document to update (default ROOT/BENCHMARKS.md)")
		kernels = flag.String("kernels", "all", `kernels: "all" or comma-separated names (stencil,fig1)`)
		threads = flag.String("threads", "2,4", "THREADS counts")
		reps    = flag.Int("reps", 3, "runs per version, THREADS count and transport")
		tcp     = flag.Bool("tcp", true, "also run over TCP (--mca btl self,tcp --mca osc pt2pt)")
		timeout = flag.Duration("timeout", 2*time.Minute, "limit of one run")
		quiet   = flag.Bool("q", false, "no progress on standard error")
	)
	flag.Parse()
	if !runtime.HaveMPI() {
		fmt.Fprintln(os.Stderr, "mpibench: mpicc and mpirun are needed (apt-get install openmpi-bin libopenmpi-dev)")
		os.Exit(2)
	}
	if *out == "" {
		*out = filepath.Join(*root, "BENCHMARKS.md")
	}
	cfg := bench.MPIConfig{Reps: *reps, Timeout: *timeout}
	for _, t := range strings.Split(*threads, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "mpibench: bad THREADS count %q\n", t)
			os.Exit(2)
		}
		cfg.Threads = append(cfg.Threads, n)
	}
	cfg.Transports = bench.DefaultMPITransports
	if !*tcp {
		cfg.Transports = cfg.Transports[:1]
	}
	t0 := time.Now()
	if !*quiet {
		cfg.Log = func(format string, args ...any) {
			fmt.Fprintf(os.Stderr, "[%6.1fs] %s\n", time.Since(t0).Seconds(), fmt.Sprintf(format, args...))
		}
	}
	var paths []string
	if *kernels == "all" {
		var err error
		if paths, err = filepath.Glob(filepath.Join(*root, "testdata", "kernels", "*.upc")); err != nil {
			fmt.Fprintf(os.Stderr, "mpibench: %v\n", err)
			os.Exit(2)
		}
	} else {
		for _, k := range strings.Split(*kernels, ",") {
			k = strings.TrimSuffix(strings.TrimSpace(k), ".upc") + ".upc"
			paths = append(paths, filepath.Join(*root, "testdata", "kernels", k))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	load0 := loadavg()
	var ks []*bench.MPIKernel
	for _, p := range paths {
		if cfg.Log != nil {
			cfg.Log("%s", filepath.Base(p))
		}
		ks = append(ks, bench.MeasureMPIKernel(ctx, p, cfg))
		if ctx.Err() != nil {
			stop()
			fmt.Fprintln(os.Stderr, "mpibench: interrupted")
			os.Exit(1)
		}
	}
	stop()
	env := bench.MPIEnv{Date: time.Now().UTC().Format("2006-01-02"), Cores: goruntime.NumCPU(),
		Command: "go run ./bench/cmd/mpibench" + flagsSet(), Load: load0 + " at the start, " + loadavg() + " at the end"}
	if b, err := exec.Command("git", "-C", *root, "rev-parse", "--short", "HEAD").Output(); err == nil {
		env.Commit = strings.TrimSpace(string(b))
	}
	if b, err := exec.Command("mpirun", "--version").Output(); err == nil {
		env.MPI = strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
	}
	var sec bytes.Buffer
	if err := bench.WriteMPISection(&sec, env, cfg, ks); err != nil {
		fmt.Fprintf(os.Stderr, "mpibench: %v\n", err)
		os.Exit(1)
	}
	if err := bench.SpliceMPISection(*out, sec.String()); err != nil {
		fmt.Fprintf(os.Stderr, "mpibench: %v\n", err)
		os.Exit(1)
	}
}

// loadavg is the 1-minute load average ("?" if unknown).
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// flagsSet renders the flags given on the command line.
func flagsSet() string {
	var s string
	flag.Visit(func(f *flag.Flag) { s += fmt.Sprintf(" -%s=%s", f.Name, f.Value) })
	return s
}
