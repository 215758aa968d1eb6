package checks_test

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/checktest"
	"github.com/upclint/upclint/internal/benchsrc"
)

// TestGeneratedTreeIsClean guards the benchmark input: it must be valid UPC,
// or the benchmark would measure error paths.
func TestGeneratedTreeIsClean(t *testing.T) {
	files, _ := checktest.GenerateTree(t, 2000, 1000)
	res, err := checks.Run(files, &checks.Options{Enabled: frontEndOnly})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		t.Errorf("%s:%d: %s [%s]", f.Pos.Path, f.Pos.Line, f.Message, f.Rule)
	}
}

// BenchmarkCheckFrontEnd runs `check` with only the front end over a
// generated 100k-line tree (100 files of 1,000 lines, each including five
// headers) on all cores, and reports source lines per second.
func BenchmarkCheckFrontEnd(b *testing.B) {
	files, lines := checktest.GenerateTree(b, 100000, 1000)
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := checks.Run(files, &checks.Options{Enabled: frontEndOnly}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(lines*b.N)/b.Elapsed().Seconds(), "lines/s")
	// CPU time is what a loaded machine cannot distort: lines per CPU-second
	// times the cores is the rate on an otherwise idle machine.
	b.ReportMetric(float64(lines*b.N)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
}

// cpuTime is the process's user plus system time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRetainedHeap reports the heap that loaded units (tokens, syntax
// tree, type information) keep alive, per source line, for 1,000-line
// units of the generated tree.
func BenchmarkRetainedHeap(b *testing.B) {
	files, lines := checktest.GenerateTree(b, 20000, 1000)
	srcs := make([][]byte, len(files))
	for i, f := range files {
		srcs[i], _ = os.ReadFile(f)
	}
	benchsrc.RetainedHeap(b, files, srcs, lines)
}
