package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/internal/benchsrc"
)

// benchTree writes n small UPC files in 50 directories under dir, with a
// .upclint.yaml in every fifth directory, and returns the files.
func benchTree(b *testing.B, dir string, n int) []string {
	b.Helper()
	var files []string
	for d := range 50 {
		sub := filepath.Join(dir, "src", fmt.Sprintf("mod%02d", d/10), fmt.Sprintf("part%02d", d))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		if d%5 == 0 {
			cfg := "rules:\n  typecheck: {severity: warning}\nexclude: [\"*.gen.upc\"]\n"
			if err := os.WriteFile(filepath.Join(sub, ".upclint.yaml"), []byte(cfg), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	for i := range n {
		sub := filepath.Join(dir, "src", fmt.Sprintf("mod%02d", i%50/10), fmt.Sprintf("part%02d", i%50))
		src := benchsrc.Kernel(i)
		f := filepath.Join(sub, fmt.Sprintf("k%04d.upc", i))
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// cpuTime returns the CPU time (user + system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCheckOverhead compares, in CPU time (not wall time: the
// machine is shared), the whole `upclint check` path — configuration
// discovery, grouping, analysis, suppressions, fingerprints, a SARIF log
// and a text report — with the analysis alone (checks.Run) on a generated
// tree of 1,000 small UPC files. It reports both and the overhead in
// percent (the target is under 5%), and the size of the SARIF log.
//
//	go test -run '^$' -bench CheckOverhead -benchtime 4x -count 3 ./cmd/upclint
func BenchmarkCheckOverhead(b *testing.B) {
	dir := b.TempDir()
	b.Chdir(dir)
	files := benchTree(b, dir, 1000)
	rel := make([]string, len(files))
	for i, f := range files {
		rel[i], _ = filepath.Rel(dir, f)
	}
	const jobs = "2"
	var analysis, cli time.Duration
	b.ResetTimer()
	// The runs are labelled (and so are the goroutines they start) so that
	// a CPU profile tells their costs apart (go tool pprof -tags, or
	// -tagfocus run=cli); the garbage collector's background work is in
	// neither.
	runAnalysis := func() time.Duration {
		runtime.GC() // garbage of the other run is not this one's cost
		t0 := cpuTime()
		pprof.Do(context.Background(), pprof.Labels("run", "analysis"), func(context.Context) {
			if _, err := checks.Run(rel, &checks.Options{Jobs: 2}); err != nil {
				b.Fatal(err)
			}
		})
		return cpuTime() - t0
	}
	runCLI := func() time.Duration {
		runtime.GC()
		t0 := cpuTime()
		pprof.Do(context.Background(), pprof.Labels("run", "cli"), func(context.Context) { runCheckCmd(b, dir, jobs) })
		return cpuTime() - t0
	}
	for i := range b.N {
		if i%2 == 0 { // alternate the order: caches and heap growth favour the second
			analysis += runAnalysis()
			cli += runCLI()
		} else {
			cli += runCLI()
			analysis += runAnalysis()
		}
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(analysis.Milliseconds())/n, "analysis-cpu-ms/op")
	b.ReportMetric(float64(cli.Milliseconds())/n, "cli-cpu-ms/op")
	b.ReportMetric(100*(float64(cli)-float64(analysis))/float64(analysis), "overhead-%")
	if st, err := os.Stat(filepath.Join(dir, "out.sarif")); err == nil {
		b.ReportMetric(float64(st.Size()), "sarif-bytes")
	}
}

// runCheckCmd runs upclint check on dir/src, writing a SARIF log to
// dir/out.sarif and a text report to nowhere.
func runCheckCmd(b *testing.B, dir, jobs string) {
	cmd := newCheckCmd()
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SetArgs([]string{"--jobs", jobs, "--progress", "never", "--format", "sarif:" + filepath.Join(dir, "out.sarif"),
		"--format", "text", "src"})
	if err := cmd.Execute(); err != nil {
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitFindings {
			b.Fatal(err)
		}
	}
}
