package translate_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// pvProgram has loops over the calling thread's elements in the shapes the
// forall fix emits and a few that must not be privatized; each thread
// prints what it computed.
const pvProgram = `#include <upc.h>
#include <stdio.h>
#define N 37
shared int a[N*THREADS], b[N*THREADS], c[N*THREADS];
shared double x[N*THREADS];
shared [4] long ab[N*THREADS];
shared [4] char cb[N*THREADS];
shared [] int d[N];
strict shared int s[N*THREADS];
shared int flag;
int main(void) {
    int i, n = 0, last, t0;
    long sum = 0;
    unsigned u;
    double dsum = 0;
    for (i = MYTHREAD; i < N*THREADS; i += THREADS) {        /* 1: cyclic, writes */
        a[i] = i; b[i] = 2 * i; c[i] = 0; x[i] = i / 2.0;
    }
    if (MYTHREAD == 0)                                           /* 2: indefinite */
        for (i = 0; i < N; i++) d[i] = 3 * i;
    for (long bl = MYTHREAD * 4; bl < N*THREADS; bl += THREADS * 4) /* 3: block-cyclic two-level */
        for (i = bl; i < N*THREADS && i < bl + 4; i++) { ab[i] = i; cb[i] = (char)(i % 100); }
    upc_barrier;
    for (i = MYTHREAD; i < N; i += THREADS)                      /* 4: read, compound, ++ */
        { c[i] += a[i] + b[i]; c[i]++; n += c[i]--; }
    t0 = 5 + ((MYTHREAD - 5) % THREADS + THREADS) % THREADS;
    for (i = t0; i <= N*THREADS - 3; i += THREADS) {             /* 5: MOD start, <=, break, continue */
        if (a[i] % 7 == 3) continue;
        if (b[i] > N * THREADS + 20) break;
        sum += a[i] * (long)b[i];
    }
    last = i;                                                    /* i after the loop */
    for (i = MYTHREAD + 1; i < N*THREADS - 1; i += THREADS)       /* 6: another thread's elements */
        sum += a[i];
    for (i = MYTHREAD; i < N*THREADS - 8; i += THREADS)          /* 7: offset 4: local when THREADS | 4 */
        sum += 3 * a[i + 4];
    for (i = MYTHREAD + 2; i < N*THREADS; i += THREADS)          /* 12: offset -2 */
        sum += b[i - 2];
    t0 = 2;
    for (i = MYTHREAD; i < (N - 2) * THREADS; i += THREADS)      /* 13: invariant offsets */
        sum += a[i + THREADS] + b[THREADS * t0 + i] - a[i + t0];
    for (i = MYTHREAD + 2 * THREADS; i < N * THREADS; i += THREADS) /* 14: i - 2*THREADS */
        b[i - 2 * THREADS] += 1;
    for (i = MYTHREAD; i < (N - 2) * THREADS; i += THREADS)      /* not: t0 changes */
        { sum += a[i + t0]; t0 = 3 - t0; }
    for (i = N*THREADS - 1 - ((N*THREADS - 1 - MYTHREAD) % THREADS); i >= 0; i -= THREADS)  /* 8: downwards */
        dsum += x[i] * 2;
    for (u = MYTHREAD; u < N; u += THREADS)                      /* 9: unsigned variable */
        { x[u] = x[u] + 1; sum += (long)u; }
    for (int k = 0; k < 3; k++)                                  /* 10: indefinite, all threads read */
        sum += d[k + 1];
    for (long bl = MYTHREAD * 4; bl < N*THREADS; bl += THREADS * 4) {  /* 11: block start accesses */
        sum += ab[bl] + ab[bl + 3];
        for (i = bl; i < N*THREADS && i < bl + 4; i++) sum += ab[i] * cb[i];
    }
    t0 = 3;
    for (long bl = MYTHREAD * 4; bl < N; bl += THREADS * 4)      /* 15: start 3 (max idiom) */
        for (i = 3 + (bl > 3 ? bl - 3 : 0); i < N && i < bl + 4; i++) ab[i] += i;
    for (long bl = (t0 / 4 + ((MYTHREAD - (t0 / 4)) % THREADS + THREADS) % THREADS) * 4; bl < N; bl += THREADS * 4)
        for (i = t0 + (bl > t0 ? bl - t0 : 0); i < N && i < bl + 4; i++) sum += ab[i]; /* 16: variable start */
    for (long bl = ((N - 1) / 4 - (((N - 1) / 4 - MYTHREAD) % THREADS + THREADS) % THREADS) * 4; bl + 3 >= 0; bl -= THREADS * 4)
        for (i = N - 1 - (bl + 3 < (N - 1) ? (N - 1) - (bl + 3) : 0); i >= 0 && i >= bl; i--) sum += 2 * cb[i]; /* 17: downwards */
    for (long bl = MYTHREAD * 4 - 2; bl < N; bl += THREADS * 4)  /* 18: affinity &cb[i + 2] */
        for (i = 5 + (bl > 5 ? bl - 5 : 0); i < N && i < bl + 4; i++) cb[i + 2] += 1;
    upc_barrier;
    for (long bl = MYTHREAD * 4; bl < N*THREADS; bl += THREADS * 4) /* 19: part of the block */
        for (i = bl + 1; i <= bl + 2; i++) sum += ab[i] - ab[bl + 3];
    for (i = 3 + ((MYTHREAD - 5) % THREADS + THREADS) % THREADS; i < N*THREADS - 2; i += THREADS)
        c[i + 2] += 1;                                           /* 21: affinity &c[i + 2] */
    t0 = 4;
    for (i = t0 + ((MYTHREAD - 1 - t0) % THREADS + THREADS) % THREADS; i < N*THREADS - 1 - THREADS; i += THREADS)
        c[i + 1] += c[i + 1 + THREADS] - b[i + 1];              /* 22: affinity i + 1 */
    upc_barrier;
    for (long bl = MYTHREAD * 4; bl < N*THREADS; bl += THREADS * 4) /* 20: never MYTHREAD's block */
        for (i = bl; i < bl + 4; i++) sum += ab[i + 1];
    for (i = MYTHREAD; i < N*THREADS; i += THREADS)              /* not: a strict access */
        s[i] = a[i];
    for (i = MYTHREAD; i < N; i += THREADS)                      /* not: a shared scalar */
        sum += a[i] + flag;
    for (i = MYTHREAD; i < 4; i += THREADS)                      /* not: a call */
        printf("%d ", a[i]);
    printf("\n%d: n=%d sum=%ld dsum=%.1f last=%d c=%d\n", MYTHREAD, n, sum, dsum, last, c[MYTHREAD]);
    return 0;
}
`

// pvLoops is how many loops of pvProgram are privatized.
const pvLoops = 22

// TestPrivatizedLoops checks that the privatized loops keep every thread's
// results and statistics (local and remote counts, per-line traffic)
// exactly as the general accessors have them, for dynamic THREADS 1, 2,
// 3, 4 and 8 with and without single-thread versions and for static
// THREADS, and that the loops that must not be privatized are not.
func TestPrivatizedLoops(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	path := writeProgram(t, "pv.upc", pvProgram)
	build := func(static int, o translate.Options) (string, string) {
		t.Helper()
		c, bin, err := compile(path, &grammar.Config{StaticThreads: static}, o, runtime.BuildOptions{StaticThreads: static})
		if err != nil {
			t.Fatal(err)
		}
		return string(c), bin
	}
	runOut := func(bin string, threads int) *runtime.Result {
		t.Helper()
		res := runOK(t, bin, runtime.Options{Threads: threads})
		if res.Stats == nil {
			t.Fatalf("THREADS=%d: no statistics", threads)
		}
		return res
	}
	same := func(name string, threads int, got, want *runtime.Result) {
		t.Helper()
		for th := range want.Threads {
			if g, w := string(got.Threads[th].Stdout), string(want.Threads[th].Stdout); g != w {
				t.Errorf("%s THREADS=%d thread %d: output %q, want %q", name, threads, th, g, w)
			}
		}
		for th, w := range want.Stats.PerThread {
			g := got.Stats.PerThread[th]
			// times depend on the machine; operations and bytes do not
			g.CommNs, g.ModeledNs, g.BarrierWaitNs, w.CommNs, w.ModeledNs, w.BarrierWaitNs = 0, 0, 0, 0, 0, 0
			if g != w {
				t.Errorf("%s THREADS=%d thread %d: counts\n%+v\nwant\n%+v", name, threads, th, g, w)
			}
		}
		if !reflect.DeepEqual(got.Stats.Lines, want.Stats.Lines) {
			t.Errorf("%s THREADS=%d: per-line traffic %+v, want %+v", name, threads, got.Stats.Lines, want.Stats.Lines)
		}
	}

	for _, nofast := range []bool{true, false} {
		name := "fast"
		if nofast {
			name = "nofast"
		}
		code, bin := build(0, translate.Options{NoFastLoop: nofast})
		_, ref := build(0, translate.Options{NoFastLoop: nofast, NoPrivatize: true})
		if nofast {
			// the privatized loops are the only ones with a counter array
			if n := strings.Count(code, "upcr_count_t "); n != pvLoops {
				t.Errorf("%d privatized loops, want %d\n%s", n, pvLoops, code)
			}
			if n := strings.Count(code, "UPCR_LP_"); n == 0 {
				t.Error("no privatized accesses")
			}
		}
		for _, threads := range threadCounts {
			same(name, threads, runOut(bin, threads), runOut(ref, threads))
		}
	}
	for _, static := range []int{3, 4} {
		_, bin := build(static, translate.Options{NoFastLoop: true})
		_, ref := build(static, translate.Options{NoFastLoop: true, NoPrivatize: true})
		same("static", static, runOut(bin, static), runOut(ref, static))
	}
}

// TestPrivatizedShape checks the code of a privatized cyclic loop: the
// test of the start's thread after the initialisation, one local base
// pointer per array, a strength-reduced index and the unchanged loop as
// the other version.
func TestPrivatizedShape(t *testing.T) {
	src := `#include <upc.h>
shared int a[10*THREADS], b[10*THREADS];
void f(void) {
    int i;
    for (i = MYTHREAD; i < 10*THREADS; i += THREADS)
        a[i] = b[i] + 1;
}
`
	path := writeProgram(t, "shape.upc", src)
	c := translateOK(t, path, translate.Options{NoFastLoop: true, NoLines: true})
	got := strings.Join(strings.Fields(string(c)), " ")
	for _, want := range []string{
		"{ upcr_count_t upcr_lc1[4] = {0, 0, 0, 0}; i = MYTHREAD; if ((int64_t)(i) % THREADS == MYTHREAD) {",
		"int64_t upcr_k2 = (int64_t)(i) / THREADS; const int64_t upcr_s3 = THREADS;",
		"int * upcr_pl4 = (int *)upcr_mylocal(a); int * upcr_pl5 = (int *)upcr_mylocal(b);",
		"for (; i < 10*THREADS; i += upcr_s3, upcr_k2 += 1) UPCR_LP_PUT((upcr_pl4 + upcr_k2), UPCR_LP_GET((upcr_pl5 + upcr_k2), upcr_lc1) + 1, upcr_lc1); }",
		"else for (; i < 10*THREADS; i += THREADS) upcr_put_int(upcr_index(a, i, sizeof(int), 1), upcr_get_int(upcr_index(b, i, sizeof(int), 1),",
		"upcr_l1_flush(upcr_lc1); }",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("translation lacks %q:\n%s", want, got)
		}
	}
	c = translateOK(t, path, translate.Options{NoFastLoop: true, NoPrivatize: true})
	if strings.Contains(string(c), "upcr_mylocal") {
		t.Errorf("NoPrivatize: privatized anyway:\n%s", c)
	}
}

// TestBlockLoopShape checks the two-level loop over a block-cyclic array:
// privatized with its inner loop marked ivdep, in the single-thread
// version with THREADS and MYTHREAD folded, and in both the inner loop's
// two bounds as one minimum (a loop the C compiler can count), but not
// when a bound is unsigned.
func TestBlockLoopShape(t *testing.T) {
	src := `#include <upc.h>
shared [8] int a[50*THREADS], b[50*THREADS];
void f(int n, unsigned m) {
    int i;
    for (long blk = MYTHREAD * 8; blk < n; blk += THREADS * 8)
        for (i = blk; i < n && i < blk + 8; i++)
            a[i] = b[i];
    for (long blk = MYTHREAD * 8; blk < n; blk += THREADS * 8)
        for (i = blk; i < m && i < blk + 8; i++)
            a[i] = b[i];
}
`
	path := writeProgram(t, "blk.upc", src)
	c := translateOK(t, path, translate.Options{NoLines: true})
	got := strings.Join(strings.Fields(string(c)), " ")
	for _, want := range []string{
		`if (THREADS == 1) { for (long blk = 0 * 8; blk < n; blk += 1 * 8) _Pragma("GCC ivdep") for (i = blk; (int64_t)(i) < ((int64_t)(n) < (int64_t)(blk + 8) ? (int64_t)(n) : (int64_t)(blk + 8)); i++)`,
		`if ((int64_t)(blk) >= 0 && (int64_t)(blk) / 8 % THREADS == MYTHREAD && (int64_t)(blk) % 8 == 0) { int64_t upcr_k3 = (int64_t)(blk) / 8 / THREADS * 8 + (int64_t)(blk) % 8;`,
		`for (; blk < n; blk += upcr_s`,
		`_Pragma("GCC ivdep") for (i = blk; (int64_t)(i) < ((int64_t)(n) < (int64_t)(blk + 8) ? (int64_t)(n) : (int64_t)(blk + 8)); i++) UPCR_LP_PUT(`,
		`_Pragma("GCC ivdep") for (i = blk; i < m && i < blk + 8; i++) upcr_l1put_int(`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("translation lacks %q:\n%s", want, got)
		}
	}
}
