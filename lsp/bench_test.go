package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
)

// bigKernel returns a UPC translation unit of about n lines: shared arrays
// of several layouts and functions with upc_forall loops, reductions and
// barriers.
func bigKernel(n int) string {
	var b strings.Builder
	b.WriteString("#include <upc.h>\n#include <stdio.h>\n#define N 64\n")
	lines := 3
	for i := 0; lines < n; i++ {
		fmt.Fprintf(&b, `shared [%d] double a%d[N*THREADS];
shared double r%d[THREADS];
double kernel%d(int n, double scale) {
  double sum = 0.0;
  int me = MYTHREAD;
  upc_forall (int j = 0; j < N*THREADS; j++; &a%d[j]) {
    a%d[j] = a%d[j] * scale + j;
    sum += a%d[j];
  }
  r%d[me] = sum;
  upc_barrier;
  if (me == 0) {
    double t = 0.0;
    for (int k = 0; k < THREADS; k++)
      t += r%d[k];
    printf("%%f\n", t);
  }
  for (int k = 0; k < n; k++) {
    sum = sum / 2.0 + k;
  }
  upc_barrier;
  return sum;
}

`, i%8+1, i, i, i, i, i, i, i, i, i)
		lines += 23
	}
	b.WriteString("int main(void) { return (int)kernel0(3, 2.0); }\n")
	return b.String()
}

// BenchmarkEditToDiagnostics measures the time from an edit of a
// 3,000-line file to the publication of its diagnostics, without the
// debounce delay (debounceMs < 0), and reports the median and 95th
// percentile over the b.N edits. A publication counts as published when
// the client has read its message whole; the test client decodes it
// afterwards (in this process, on the same cores: that cost is in the CPU
// figures, not in the latency).
func BenchmarkEditToDiagnostics(b *testing.B) {
	src := bigKernel(3000)
	c := newTestServer(b, nil)
	c.initialize(b.TempDir(), `{"debounceMs": -1}`)
	u := uri.File(filepath.Join(b.TempDir(), "big.upc"))
	c.open(u, src)
	// The kernel has findings of every performance rule (forall,
	// finegrain, collidiom), most with fixes, and no error.
	base := len(c.waitDiagnostics(u, version(1)).Diagnostics)
	if base == 0 {
		b.Fatal("benchmark kernel has no findings: are the rules registered?")
	}
	lines := strings.Count(src, "\n")
	// Each edit toggles an undeclared name on a line in the middle, so every
	// other publication carries one more diagnostic.
	line := uint32(lines / 2)
	var durs, cpus []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := int32(i + 2)
		cpu0 := processCPU(b)
		start := time.Now()
		if i%2 == 0 {
			c.change(u, v, rng(line, 0, line, 0), "int zz = undeclared_zz;")
		} else {
			c.change(u, v, rng(line, 0, line, uint32(len("int zz = undeclared_zz;"))), "")
		}
		p := c.waitDiagnostics(u, version(v))
		// Up to the publication's arrival: the client's own decoding of
		// hundreds of diagnostics, after that, is not the server's latency.
		durs = append(durs, c.arrivedAt(p).Sub(start))
		cpus = append(cpus, processCPU(b)-cpu0)
		if want := base + (i+1)%2; len(p.Diagnostics) != want {
			b.Fatalf("edit %d: %d diagnostics, want %d", i, len(p.Diagnostics), want)
		}
	}
	b.StopTimer()
	pct := func(ds []time.Duration, p float64) float64 {
		ds = slices.Sorted(slices.Values(ds))
		return float64(ds[min(len(ds)-1, int(p*float64(len(ds))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(durs, 0.50), "p50-ms")
	b.ReportMetric(pct(durs, 0.95), "p95-ms")
	// The CPU time of the whole process (server and test client, all
	// threads, the garbage collector included) per edit: what the latency
	// would be on a machine with nothing else to run, as long as the
	// analysis is sequential.
	b.ReportMetric(pct(cpus, 0.50), "cpu-p50-ms")
	b.ReportMetric(pct(cpus, 0.95), "cpu-p95-ms")
	b.ReportMetric(float64(lines), "lines")
	b.ReportMetric(float64(base), "findings")
}

// processCPU returns the user and system CPU time used by the process.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAnalyzeKernel measures the driver alone on the benchmark's
// 3,000-line file (what BenchmarkEditToDiagnostics spends outside the
// server), in wall-clock and CPU time per analysis.
func BenchmarkAnalyzeKernel(b *testing.B) { benchmarkAnalyzeKernel(b, false, false) }

// BenchmarkAnalyzeKernelNoFixes is BenchmarkAnalyzeKernel without building
// fixes, as the language server analyses for diagnostics.
func BenchmarkAnalyzeKernelNoFixes(b *testing.B) { benchmarkAnalyzeKernel(b, true, false) }

// BenchmarkAnalyzeKernelNoFixesParallel is BenchmarkAnalyzeKernelNoFixes
// with checks.Options.Parallel, exactly as the language server analyses.
func BenchmarkAnalyzeKernelNoFixesParallel(b *testing.B) { benchmarkAnalyzeKernel(b, true, true) }

func benchmarkAnalyzeKernel(b *testing.B, noFixes, parallel bool) {
	src := []byte(bigKernel(3000))
	path := filepath.Join(b.TempDir(), "big.upc")
	var cpu time.Duration
	b.ResetTimer()
	for range b.N {
		cpu0 := processCPU(b)
		_, fs := checks.AnalyzeSource(path, src, &checks.Options{Jobs: 1, NoFixes: noFixes, Parallel: parallel})
		cpu += processCPU(b) - cpu0
		if len(fs) == 0 {
			b.Fatal("no findings")
		}
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
