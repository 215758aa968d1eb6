package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/uri"
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
// percentile over the b.N edits.
func BenchmarkEditToDiagnostics(b *testing.B) {
	src := bigKernel(3000)
	c := newTestServer(b, nil)
	c.initialize(b.TempDir(), `{"debounceMs": -1}`)
	u := uri.File(filepath.Join(b.TempDir(), "big.upc"))
	c.open(u, src)
	if p := c.waitDiagnostics(u, version(1)); len(p.Diagnostics) != 0 {
		b.Fatalf("benchmark kernel has diagnostics: %s", fmtDiags(p))
	}
	lines := strings.Count(src, "\n")
	// Each edit toggles an undeclared name on a line in the middle, so every
	// other publication carries a diagnostic.
	line := uint32(lines / 2)
	var durs []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := int32(i + 2)
		start := time.Now()
		if i%2 == 0 {
			c.change(u, v, rng(line, 0, line, 0), "int zz = undeclared_zz;")
		} else {
			c.change(u, v, rng(line, 0, line, uint32(len("int zz = undeclared_zz;"))), "")
		}
		p := c.waitDiagnostics(u, version(v))
		durs = append(durs, time.Since(start))
		if want := (i%2 == 0); (len(p.Diagnostics) > 0) != want {
			b.Fatalf("edit %d: %s", i, fmtDiags(p))
		}
	}
	b.StopTimer()
	slices.Sort(durs)
	pct := func(p float64) float64 {
		return float64(durs[min(len(durs)-1, int(p*float64(len(durs))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(float64(lines), "lines")
}
