package types_test

import "testing"

// TestValidPrograms: constructs real programs use must not give errors.
func TestValidPrograms(t *testing.T) {
	progs := []string{`
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <math.h>
typedef struct node { struct node *next; int v; } node_t;
typedef union { int i; float f; unsigned char b[4]; } pun_t;
struct anon { int kind; union { int i; double d; }; struct { short x, y; } pt; };
enum color { RED, GREEN = 4, BLUE };
static const char *names[] = { "red", [GREEN] = "green", "blue" };
static int grid[3][4] = { {1, 2}, [2] = {3, 4, 5, 6} };
static int flat[2][2] = { 1, 2, 3, 4 };
static char msg[] = "hello";
struct flex { int n; double d[]; };
typedef int (*cmp_fn)(const void *, const void *);
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int sum(int n, ...) {
	va_list ap; int s = 0, i;
	va_start(ap, n);
	for (i = 0; i < n; i++) s += va_arg(ap, int);
	va_end(ap);
	return s;
}
static inline int sq(int x) { return x * x; }
int counter;
int counter;
extern int later[];
int later[5];
int proto();
int proto(int a) { return a; }
int main(int argc, char *argv[]) {
	node_t n1 = { 0, 1 }, *np = &n1;
	pun_t p; struct anon an; struct flex *fx;
	cmp_fn f = cmp;
	int arr[10], i, *ip = arr;
	unsigned char uc = 200; signed char sc = -1;
	long long ll = 1LL << 40; unsigned long long ull = ~0ULL;
	double _Complex z = 1.0;
	__typeof__(ll) t2 = ll;
	const char *s = names[RED];
	void *vp = malloc(10);
	char *cp = vp;
	p.i = 1; p.f = 1.0f; an.i = 3; an.d = 2.0; an.pt.x = 1;
	fx = malloc(sizeof *fx + 4 * sizeof(double)); fx->d[2] = 1.0;
	qsort(arr, 10, sizeof arr[0], f);
	qsort(arr, 10, sizeof(int), cmp);
	for (i = 0; i < 10; i++) arr[i] = sq(i) + (int)sqrt((double)i);
	i = sum(3, 1, 2, 3) + (uc > sc) + (int)(ll >> 3) + (int)(ull & 1) + (int)creal(z);
	ip += 2; ip -= 1; i = ip - arr; i = ip[0] + 1[ip];
	i = ({ int q = i * 2; q + 1; });
	i = argc > 1 ? atoi(argv[1]) : 0;
	i = (i, i + 1);
	np = np->next ? np->next : np;
	if (!np || !vp) return 1;
	memcpy(cp, msg, sizeof msg);
	printf("%s %d %lld %p\n", s, i, t2, (void *)np);
	switch ((enum color)i) { case RED: case GREEN ... BLUE: break; default: ; }
	goto done;
done:
	free(vp);
	(void)grid; (void)flat; (void)later; (void)proto;
	return counter;
}
`, `
#include <upc.h>
#include <upc_strict.h>
#define N 16
shared [N] double a[N*THREADS], b[N*THREADS];
shared double *dp;
shared [] int *ip;
shared void *gp;
strict shared int flag;
relaxed shared [4] long cnt[4*THREADS];
shared int *shared sharedp;
typedef shared [N] double row_t;
row_t *rowp;
upc_lock_t *lk;
struct pair { shared int *p; shared [] char *buf; };
shared struct pair pairs[THREADS];
void touch(shared [N] double *x, shared const void *src, size_t n) { upc_memget((void *)0, src, n); (void)x; }
int main(void) {
	int i; double s = 0; double *local;
	static shared int counter;
	static shared [] int table[100];
	dp = (shared double *)a;
	gp = a; gp = dp; dp = gp;
	ip = (shared [] int *)upc_alloc(10 * sizeof(int));
	rowp = &a[MYTHREAD * N];
	local = (double *)&a[MYTHREAD * N];
	upc_forall (i = 0; i < N * THREADS; i++; &a[i]) a[i] = b[i] * 2;
	upc_forall (i = 0; i < N * THREADS; i++; i) s += a[i];
	upc_forall (i = 0; i < N; i++; continue) { if (i == 3) continue; s += local[i]; }
	upc_forall (int j = 0; j < 10; j++;) { switch (j) { case 1: break; } }
	if (upc_threadof(&a[i - 1]) == MYTHREAD && upc_phaseof(dp) == 0) s += 1;
	if (dp == NULL || dp != (shared double *)0 || gp == dp || dp < (shared double *)a + 1) s -= 1;
	i = &a[5] - &a[2];
	i = upc_blocksizeof(a) + upc_elemsizeof(a) + upc_localsizeof(a) + (int)upc_blocksizeof(row_t);
	lk = upc_all_lock_alloc();
	upc_lock(lk); counter += 1; upc_unlock(lk);
	upc_barrier MYTHREAD % 1;
	upc_notify; upc_wait;
	upc_fence;
	flag = 1; cnt[MYTHREAD] = flag;
	pairs[MYTHREAD].p = &counter;
	table[3] = *pairs[0].p;
	touch(a, b, sizeof(double));
	upc_memput(&b[0], local, 8);
	upc_memcpy(a, b, 8);
	sharedp = 0;
	return (int)s + (int)sizeof(a) + (THREADS > 1);
}
`}
	for i, src := range progs {
		u := checkSrc(t, src, 0)
		for _, e := range u.errors() {
			t.Errorf("program %d: unexpected error: %s", i, e)
		}
		for _, w := range u.warnings() {
			t.Logf("program %d: warning: %s", i, w)
		}
	}
}

func TestBlockExternLinkage(t *testing.T) {
	src := `
void f(void) { extern int g(int); extern int v; v = g(1); }
int g(int x) { return x; }
int v = 3;
`
	u := checkSrc(t, src, 0)
	if e := u.errors(); len(e) > 0 {
		t.Fatal(e)
	}
	var gs, vs = map[any]bool{}, map[any]bool{}
	for id, obj := range u.info.Defs {
		switch id.Name {
		case "g":
			gs[obj] = true
		case "v":
			vs[obj] = true
		}
	}
	if len(gs) != 1 || len(vs) != 1 {
		t.Errorf("g has %d objects, v has %d; want one each", len(gs), len(vs))
	}
	if len(u.info.Funcs) != 2 || u.info.Funcs[1].Obj.Name() != "g" {
		t.Errorf("funcs: %v", u.info.Funcs)
	}
}
