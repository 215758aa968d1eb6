package cpp

import (
	"fmt"
	gotoken "go/token"
	"strings"
	"testing"
)

// benchInput returns about n lines of UPC code that uses macros and
// includes small guarded headers, and the headers.
func benchInput(n int) (string, map[string]string) {
	headers := map[string]string{}
	for i := 0; i < 8; i++ {
		headers[fmt.Sprintf("/src/h%d.h", i)] = fmt.Sprintf(`#ifndef H%d_H
#define H%d_H
#include <upc.h>
#define BLOCK%d (N / THREADS + %d)
#define IDX%d(i, j) ((i) * N + (j))
typedef struct { double v[4]; int tag; } rec%d_t;
extern shared [BLOCK%d] double grid%d[N * THREADS];
static inline int clamp%d(int x) { return x < 0 ? 0 : x > N ? N : x; }
#endif
`, i, i, i, i, i, i, i, i, i)
	}
	headers["/inc/upc.h"] = "#pragma once\n#define upc_all_sum(x) upc_all_reduceD(x)\nvoid upc_all_reduceD(double);\n"
	var b strings.Builder
	b.WriteString("#define N 1024\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#define SQR(x) ((x) * (x))\n#define DEBUG 0\n")
	for i := 0; i*16 < n; i++ {
		fmt.Fprintf(&b, `#include "h%d.h"
/* Relax row %d. */
double relax_%d(shared double *a, int n)
{
    double s = 0.0;
    int i;
    upc_forall (i = 1; i < n - 1; i++; &a[i]) {
        s = MAX(s, SQR(a[IDX%d(i, 0)] - a[i - 1]) * 0.5);
#if DEBUG > 1
        printf("%%d %%g\n", i, s);
#endif
    }
    upc_barrier;
    return s + BLOCK%d + clamp%d(n);
}

`, i%8, i, i, i%8, i%8, i%8)
	}
	return b.String(), headers
}

func BenchmarkPreprocess(b *testing.B) {
	src, headers := benchInput(100000)
	lines := strings.Count(src, "\n")
	cfg := &Config{IncludeDirs: []string{"/inc"}, ReadFile: memFiles(headers)}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		fset := gotoken.NewFileSet()
		r := Preprocess(fset, "/src/main.c", []byte(src), cfg)
		if len(r.Diags) != 0 {
			b.Fatalf("diagnostics: %v", r.Diags[0].Message)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
