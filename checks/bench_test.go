package checks_test

import (
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar"
)

// genUnit writes a realistic UPC translation unit of about n lines: the
// usual headers, typedefs, shared arrays, and functions with loops,
// conditionals, upc_forall, structs and barriers.
func genUnit(n, seed int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define N 1024
typedef struct { double re, im; } complex_t;
shared [N] double grid%d[N*THREADS];
shared int counts%d[THREADS];
`, seed, seed)
	lines := strings.Count(b.String(), "\n")
	for i := 0; lines < n; i++ {
		fmt.Fprintf(&b, `
struct node%[1]d {
	int key;
	double weight[4];
	struct node%[1]d *next;
	unsigned flags : 3;
};

static double kernel%[1]d(shared [N] double *a, const double *restrict b, int n, complex_t *z)
{
	int i, j;
	double sum = 0.0, t;
	struct node%[1]d *p = (struct node%[1]d *)malloc(sizeof(struct node%[1]d));
	if (p == NULL)
		return -1.0;
	memset(p, 0, sizeof *p);
	for (i = 0; i < n; i++) {
		t = b[i] * 2.5 + (double)i / (n + 1);
		if (t > 1e-3 && i %% 2 == 0)
			sum += sqrt(t * t);
		else
			sum -= a[i + MYTHREAD] * z->re;
	}
	upc_forall (j = 0; j < n; j++; &a[j]) {
		a[j] = sum / (j + 1) + p->weight[j & 3];
		counts%[2]d[MYTHREAD] += (j << 2) | 1;
	}
	while (p != NULL && p->key < %[1]d)
		p = p->next;
	switch (n) {
	case 0:
		return 0.0;
	default:
		break;
	}
	upc_barrier;
	printf("%%d: %%g\n", MYTHREAD, sum);
	return sum > 0 ? sum : -sum;
}
`, i, seed)
		lines += 43
	}
	b.WriteString("\nint main(void) { return 0; }\n")
	return b.String()
}

// genTree writes files of perFile lines each, about total lines in all.
func genTree(tb testing.TB, total, perFile int) ([]string, int) {
	dir := tb.TempDir()
	var files []string
	lines := 0
	for i := 0; lines < total; i++ {
		src := genUnit(perFile, i)
		p := filepath.Join(dir, fmt.Sprintf("unit%03d.upc", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			tb.Fatal(err)
		}
		files = append(files, p)
		lines += strings.Count(src, "\n")
	}
	return files, lines
}

// TestGeneratedTreeIsClean guards the benchmark input: it must be valid UPC,
// or the benchmark would measure error paths.
func TestGeneratedTreeIsClean(t *testing.T) {
	files, _ := genTree(t, 2000, 1000)
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
	files, lines := genTree(b, 100000, 1000)
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
	files, lines := genTree(b, 20000, 1000)
	srcs := make([][]byte, len(files))
	for i, f := range files {
		srcs[i], _ = os.ReadFile(f)
	}
	var perLine float64
	for b.Loop() {
		units := make([]*grammar.Unit, 0, len(files))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i, f := range files {
			units = append(units, grammar.Load(gotoken.NewFileSet(), f, srcs[i], nil))
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perLine = float64(after.HeapAlloc-before.HeapAlloc) / float64(lines)
		runtime.KeepAlive(units)
	}
	b.ReportMetric(perLine, "B/line")
}
