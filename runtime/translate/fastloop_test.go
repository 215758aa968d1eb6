package translate_test

import (
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// l1Program exercises the single-thread loop versions (fastloop.go): the
// comments give each loop's shared accesses at THREADS=1.
const l1Program = `#include <upc.h>
#include <stdio.h>
#include <math.h>
#define N 100
shared [*] double a[N*THREADS], b[N*THREADS];
shared int c[N*THREADS];
strict shared int s;
shared double alpha;
double scale = 0.5;
struct pt { int x; double y; };
shared struct pt ps[N*THREADS];
int f(int i) { return c[i] + 1; }
int main(void) {
    int i, j;
    double sum = 0;
    upc_forall (i = 0; i < N*THREADS; i++; &a[i]) { a[i] = i; b[i] = 2*i; c[i] = i; } /* 300 w, 2000 B */
    upc_barrier;
    for (i = 0; i < N; i++) sum += a[i] * b[i];         /* 200 r, 1600 B */
    for (i = 0; i < N; i++) { c[i] += 2; c[i]++; }      /* 200 r 800 B, 200 w 800 B */
    i = 0;
    while (1) { if (c[i] > 50) break; i++; }            /* 49 r, 196 B */
    j = 0;
    do { j++; if (j % 2) continue; a[j] = sqrt(b[j]); } while (j < 10); /* 5 r 40 B, 5 w 40 B */
    upc_forall (i = 0; i < N; i++; i)
        for (j = 0; j < 3; j++) b[i] += 1.0;            /* 300 r 2400 B, 300 w 2400 B */
    for (i = 0; i < N; i++) ps[i].y = a[i];             /* 100 r 800 B, 100 w 800 B */
    shared double *p = (shared double *)&a[0]; /* block size 1 over a: a cast, as UPC requires */
    for (i = 0; i < N; i++) sum += p[i];                /* 100 r, 800 B */
    for (i = 0; i < 10; i++) sum += f(i);               /* not versioned: 10 r, 40 B */
    for (i = 0; i < 5; i++) s = i;                      /* not versioned: 5 w, 20 B */
    for (i = 1; i < N; i++) a[i] = a[i-1] + 1.0;        /* 99 r 792 B, 99 w 792 B; no ivdep */
    for (i = 0; i < N - 1; i++) b[i] = a[i] * 2 + a[i+1]; /* 198 r 1584 B, 99 w 792 B */
    if (MYTHREAD == 0) alpha = 4.0;                     /* 1 w, 8 B */
    upc_barrier;
    for (i = 0; i < N; i++) a[i] = scale * alpha * b[i]; /* 200 r 1600 B, 100 w 800 B */
    for (i = 0; i < N; i++) scale += a[i];              /* 100 r 800 B; no ivdep */
    printf("%.1f %d %.1f %.1f %.1f\n", sum, c[7], a[N-1], b[N-2], scale); /* 3 r, 20 B */
    return 0;
}
`

// TestSingleThreadLoops checks that the single-thread loop versions keep
// the results and the local access statistics exact, with dynamic and
// static THREADS, and that only the loops that may be versioned (and
// marked ivdep) are; with Options.NoFastLoop no loop is versioned and the
// results and counts are the same.
func TestSingleThreadLoops(t *testing.T) {
	path := writeProgram(t, "l1.upc", l1Program)
	for _, tc := range []struct {
		static, versioned, ivdep int
		nofast                   bool
	}{{0, 12, 5, false}, {1, 12, 5, false}, {0, 0, 0, true}} {
		static := tc.static
		c, bin, err := compile(path, &grammar.Config{StaticThreads: static}, translate.Options{NoFastLoop: tc.nofast},
			runtime.BuildOptions{StaticThreads: static})
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(c), "if (THREADS == 1)"); n != tc.versioned {
			t.Errorf("static %d nofast %v: %d versioned loops, want %d\n%s", static, tc.nofast, n, tc.versioned, c)
		}
		if n := strings.Count(string(c), `_Pragma("GCC ivdep")`); n != tc.ivdep {
			t.Errorf("static %d nofast %v: %d loops marked ivdep, want %d\n%s", static, tc.nofast, n, tc.ivdep, c)
		}
		res := runOK(t, bin, runtime.Options{Threads: 1})
		if got := strings.TrimSpace(string(res.Threads[0].Stdout)); got != "661721.8 10 402.0 295.0 29706.5" {
			t.Errorf("static %d: output %q", static, got)
		}
		if res.Stats == nil {
			t.Fatal("no statistics")
		}
		tot := res.Stats.Total
		if tot.LocalReads != 1564 || tot.LocalReadBytes != 11472 || tot.LocalWrites != 1209 || tot.LocalWriteBytes != 8452 ||
			tot.RemoteReads != 0 || tot.RemoteWrites != 0 {
			t.Errorf("static %d: counts %+v, want 1564 reads (11472 B), 1209 writes (8452 B)", static, tot)
		}
	}
}
