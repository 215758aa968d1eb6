package types_test

import (
	"fmt"
	gotoken "go/token"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/grammar/types"
)

// benchSource generates a UPC program of about n lines in the style of the
// corpus kernels.
func benchSource(n int) (string, int) {
	var b strings.Builder
	b.WriteString(`#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#define N 64
#define B 8
typedef struct { double x, y, z; int id; } point_t;
shared [B] double grid[N*THREADS];
shared point_t pts[THREADS];
shared int counts[THREADS];
upc_lock_t *lock;
`)
	lines := strings.Count(b.String(), "\n")
	for i := 0; lines < n; i++ {
		fmt.Fprintf(&b, `
static double kernel%d(shared [B] double *a, const double *w, int n)
{
    int i, j;
    double s = 0.0, t[16];
    point_t p = { 1.0, 2.0, 3.0, %d };
    for (i = 0; i < 16; i++)
        t[i] = w[i %% 4] * (double)i + p.x;
    upc_forall (i = 0; i < n; i++; &a[i]) {
        double v = a[i];
        for (j = 0; j < 16; j++) {
            if (v > t[j] && j != i)
                s += v * t[j] - (p.y / (j + 1));
            else
                s -= (double)(i ^ j) * 0.5;
        }
        a[i] = s > 1e9 ? 0.0 : v + s;
    }
    switch (n %% 3) {
    case 0: s += pts[MYTHREAD].x; break;
    case 1: s += counts[(MYTHREAD + 1) %% THREADS]; break;
    default: s = -s;
    }
    upc_lock(lock);
    counts[MYTHREAD] += (int)s & 0xff;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0 && s != s)
        printf("kernel %%d: %%f %%lu\n", %d, s, (unsigned long)upc_threadof(&a[n - 1]));
    return s + sizeof(point_t) * upc_blocksizeof(grid);
}
`, i, i, i)
		lines += 32
	}
	return b.String(), lines
}

func BenchmarkCheck(b *testing.B) {
	src, lines := benchSource(50000)
	fset := gotoken.NewFileSet()
	res := cpp.Preprocess(fset, "bench.upc", []byte(src), &cpp.Config{Bundled: headers.FS})
	f, pd := parser.ParseFile(fset, "bench.upc", res.Tokens)
	if len(pd) > 0 {
		b.Fatalf("parse: %s", pd[0].Message)
	}
	_, diags := types.Check(fset, f, nil)
	for _, d := range diags {
		b.Fatalf("%s: %s", fset.Position(d.Pos), d.Message)
	}
	b.ReportAllocs()
	runtime.GC()
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		types.Check(fset, f, nil)
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	// CPU time (all threads, GC included) is what "lines per second on one
	// core" means on a loaded machine.
	b.ReportMetric(float64(lines)*float64(b.N)/cpu.Seconds(), "lines/cpu-s")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCheckCorpus checks every valid corpus program (with its
// headers); lines are those of the programs only.
func BenchmarkCheckCorpus(b *testing.B) {
	var units []*unit
	lines := 0
	for _, p := range corpusFiles(b, "valid") {
		u := loadFile(b, p)
		units = append(units, u)
		lines += countLines(p)
	}
	if len(units) == 0 {
		b.Skip("no corpus")
	}
	b.ReportAllocs()
	runtime.GC()
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, u := range units {
			types.Check(u.fset, u.file, &types.Config{StaticThreads: u.info.StaticThreads})
		}
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(lines)*float64(b.N)/cpu.Seconds(), "lines/cpu-s")
}

func countLines(path string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return strings.Count(string(src), "\n")
}
