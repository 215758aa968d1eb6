package headers_test

import (
	"fmt"
	gotoken "go/token"
	"io/fs"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/types"
)

// load runs the front end on src and returns its errors (its errors and
// warnings if warnings is set), one per line.
func load(t *testing.T, src string, cfg *grammar.Config) []string {
	return diags(t, src, cfg, false)
}

func diags(t *testing.T, src string, cfg *grammar.Config, warnings bool) []string {
	t.Helper()
	fset := gotoken.NewFileSet()
	u := grammar.Load(fset, "prog.upc", []byte(src), cfg)
	var errs []string
	for _, d := range u.Diags {
		if d.Severity == diag.Error || warnings {
			errs = append(errs, fmt.Sprintf("%s: %s [%s]", fset.Position(d.Pos), d.Message, d.Rule))
		}
	}
	return errs
}

// wantClean requires no error and no warning: a call of an undeclared
// function may be only a warning, as in C89.
func wantClean(t *testing.T, src string, cfg *grammar.Config) {
	t.Helper()
	if ds := diags(t, src, cfg, true); len(ds) > 0 {
		t.Errorf("unexpected diagnostics:\n%s", strings.Join(ds, "\n"))
	}
}

// TestBerkeleyNamesThroughUPCH uses, with only <upc.h> included, what
// Berkeley UPC's <upc.h> makes visible (the UPC 1.0 statement names, size_t
// and <stdlib.h>, <inttypes.h>, the Berkeley UPC extensions) and what GNU
// UPC's does (<sys/types.h>, upc_poll).
func TestBerkeleyNamesThroughUPCH(t *testing.T) {
	src := `#include <upc.h>

#if UPC_MAX_BLOCK_SIZE > 0 && UPC_MAX_BLOCK_SIZE >= 65536
shared [UPC_MAX_BLOCK_SIZE] char big[THREADS];
#else
#error UPC_MAX_BLOCK_SIZE is not usable in #if
#endif

shared [4] int a[4 * THREADS];
shared int cells[THREADS];

size_t total(size_t nbytes) { return nbytes * (size_t)THREADS; }

int main(void) {
	int i;
	char buf[BUPC_DUMP_MIN_LENGTH];
	int local[4];
	size_t strides[1] = { sizeof(int) }, count[2] = { sizeof(int), 4 };
	bupc_tick_t start = bupc_ticks_now(), stop;
	bupc_handle_t h;
	bupc_sem_t *sem = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_MPRODUCER);
	bupc_pmemvec_t pv[1];
	bupc_smemvec_t sv[1];
	void const *plist[1];
	shared void *slist[1];
	shared void *p;
	uintptr_t addr = (uintptr_t)&i;
	ssize_t got = -1;
	pid_t self = 0;
	int64_t old;
	int *heap = malloc(4 * sizeof(int));

	forall (i = 0; i < 4 * THREADS; i++; &a[i])
		a[i] = i;
	barrier;
	barrier_notify 1;
	barrier_wait 1;
	fence;

	h = bupc_memget_async(local, &a[4 * MYTHREAD], sizeof local);
	if (!bupc_trysync(h))
		bupc_waitsync(h);
	h = bupc_memput_async(&a[0], local, sizeof local);
	bupc_waitsync(h);
	if (h != BUPC_COMPLETE_HANDLE)
		return 1;
	bupc_memget_fstrided(local, sizeof(int), sizeof(int), 4, &a[0], sizeof(int), sizeof(int), 4);
	bupc_memput_fstrided(&a[0], sizeof(int), sizeof(int), 4, local, sizeof(int), sizeof(int), 4);
	bupc_waitsync(bupc_memget_fstrided_async(local, sizeof(int), sizeof(int), 4, &a[0], sizeof(int), sizeof(int), 4));
	pv[0].len = sizeof local;
	sv[0].len = sizeof local;
	bupc_memget_vlist(1, pv, 1, sv);
	bupc_waitsync(bupc_memput_vlist_async(1, sv, 1, pv));
	plist[0] = local;
	slist[0] = &a[0];
	bupc_memput_ilist(1, slist, sizeof local, 1, plist, sizeof local);
	bupc_memget_strided(local, strides, &a[0], strides, count, 1);
	bupc_waitsync(bupc_memput_strided_async(&a[0], strides, local, strides, count, 1));
	bupc_memput_signal(&a[0], local, sizeof local, sem, 1);
	bupc_sem_post(sem);
	bupc_sem_wait(sem);
	if (bupc_sem_try(sem))
		bupc_sem_postN(sem, 2);
	bupc_sem_free(sem);

	if (bupc_thread_distance(MYTHREAD, 0) == BUPC_THREADS_SAME ||
	    bupc_thread_distance(MYTHREAD, 0) >= BUPC_THREADS_FAR)
		bupc_dump_shared(&a[0], buf, BUPC_DUMP_MIN_LENGTH);
	p = bupc_ptradd(&a[0], 4, sizeof(int), 3);
	p = bupc_local_to_shared(local, MYTHREAD, 0);
	p = bupc_inverse_cast(local);
	(void)bupc_cast(&a[0]);
	(void)bupc_assert_type(i, int);
	old = bupc_atomicI64_fetchadd_strict(&cells[0], 1);
	old += bupc_atomicI64_cswap_relaxed(&cells[0], 0, 1);
	bupc_atomicU64_set_relaxed(&cells[0], bupc_atomicU64_read_strict(&cells[0]));
	(void)bupc_atomicI_cswap_strict(&cells[0], 0, 1);

	stop = bupc_ticks_now();
	printf_like(bupc_ticks_to_us(stop - start), bupc_ticks_to_ns(stop - start), bupc_tick_granularityus());
	bupc_trace_printf(("%d", i));
	upc_poll();
	free(heap);
	return (int)(addr + (uintptr_t)old + total(1) + (size_t)got + (size_t)self) == 0 && p == NULL;
}
`
	// printf_like stands for a function of the program, not of <upc.h>.
	src = strings.Replace(src, "#include <upc.h>\n", "#include <upc.h>\nvoid printf_like(uint64_t us, uint64_t ns, double g);\n", 1)
	wantClean(t, src, nil)
	wantClean(t, src, &grammar.Config{StaticThreads: 4})
}

// TestDisableExtensions: BUPC_DISABLE_EXTENSIONS keeps <upc.h> to the UPC
// library, as with Berkeley UPC.
func TestDisableExtensions(t *testing.T) {
	src := "#define BUPC_DISABLE_EXTENSIONS 1\n#include <upc.h>\nbupc_tick_t t;\nint main(void) { return 0; }\n"
	if errs := load(t, src, nil); len(errs) == 0 {
		t.Error("bupc_tick_t is visible with BUPC_DISABLE_EXTENSIONS")
	}
}

// TestUPCNamespace: older Berkeley UPC programs define BUPC_USE_UPC_NAMESPACE
// and use the extensions under upc_ names, also with <upc_nb.h> (whose
// upc_handle_t is then the Berkeley handle).
func TestUPCNamespace(t *testing.T) {
	src := `#define BUPC_USE_UPC_NAMESPACE 1
#include <upc.h>
#include <upc_nb.h>
#include <upc_collective.h>
shared int a[4 * THREADS];
shared int sum;
upc_sem_t *sem;
int main(void) {
	int local[4];
	upc_handle_t handles[2];
	handles[0] = upc_memget_async(local, &a[0], sizeof local);
	handles[1] = upc_memcpy_async(&a[1], &a[0], sizeof(int));
	upc_waitsync_all(handles, 2);
	if (upc_trysync(handles[0]) && handles[1] == UPC_COMPLETE_HANDLE)
		upc_sync(upc_memput_nb(&a[0], local, sizeof(int)));
	upc_memget_asynci(local, &a[0], sizeof local);
	upc_waitsynci();
	if (upc_thread_distance(0, MYTHREAD) == UPC_THREADS_SAME)
		sem = upc_sem_alloc(UPC_SEM_BOOLEAN);
	upc_all_reduce_allI(&sum, a, UPC_ADD, 4 * THREADS, 4, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	return upc_atomicI64_read_strict(&a[0]) != 0;
}
`
	wantClean(t, src, nil)
}

// TestCollectiveV checks the argument order of the all-value collectives
// (Berkeley UPC's bupc_allv_scatter takes the root thread before the
// source array), types of more than one token, and what
// <bupc_collectivev.h> makes visible.
func TestCollectiveV(t *testing.T) {
	src := `#include <bupc_collectivev.h>
int main(void) {
	int *src = NULL, all[64];
	double d = 1.5;
	int x = bupc_allv_scatter(int, 0, src);
	int b = bupc_allv_broadcast(int, x, 0);
	double r = bupc_allv_reduce_all(double, d, UPC_ADD);
	int *g = bupc_allv_gather_all(int, b, all);
	unsigned int ui = 3;
	shared char **scpp = NULL;
	shared [1] char *sp = NULL;
	char **cpp = NULL;
	/* Types of more than one token go through the type-generic functions. */
	unsigned int u = bupc_allv_broadcast(unsigned int, ui, 0);
	shared char **s2 = bupc_allv_broadcast(shared char **, scpp, 0);
	shared [1] char *p2 = bupc_allv_permute(shared [1] char *, sp, 1);
	char **c2 = bupc_allv_reduce_all(char * *, cpp, UPC_MAX);
	unsigned int *ug = bupc_allv_gather_all(unsigned int, ui, NULL);
	char msg[16];
	if (u == 0 || s2 == NULL || p2 == NULL || c2 == NULL || ug == NULL)
		return 1;
	strcpy(msg, "ok");
	printf("%s %d %d\n", msg, MIN(x, b), MAX(x, b));
	return (int)r + g[0] + (int)BUPC_COLLECTIVEV_VERSION_MAJOR;
}
`
	wantClean(t, src, nil)
	// The all-value collectives are not visible through <upc.h> alone.
	if errs := load(t, "#include <upc.h>\nint main(void) { int v = 1; return bupc_allv_reduce_all(int, v, UPC_ADD); }\n", nil); len(errs) == 0 {
		t.Error("bupc_allv_reduce_all is visible through <upc.h>")
	}
}

// TestUPCIOTypedefs: the typedef names of the UPC-IO draft that programs
// still use.
func TestUPCIOTypedefs(t *testing.T) {
	src := `#include <upc_io.h>
int main(void) {
	upc_local_memvec_t mv[1];
	upc_filevec_t fv[1];
	upc_shared_memvec_t sv[1];
	mv[0].len = fv[0].len = sv[0].len = 0;
	return 0;
}
`
	wantClean(t, src, nil)
}

// TestMaxBlockSizeMacro: UPC_MAX_BLOCK_SIZE is a predefined macro, usable
// in #if, whose value is the largest block size the type checker accepts.
func TestMaxBlockSizeMacro(t *testing.T) {
	src := `#if !defined(UPC_MAX_BLOCK_SIZE) || UPC_MAX_BLOCK_SIZE <= 0
#error UPC_MAX_BLOCK_SIZE
#endif
shared [UPC_MAX_BLOCK_SIZE] char ok[THREADS];
`
	wantClean(t, src, nil)
	errs := load(t, "shared [UPC_MAX_BLOCK_SIZE + 1] char bad[THREADS];\n", nil)
	if len(errs) != 1 || !strings.Contains(errs[0], "exceeds UPC_MAX_BLOCK_SIZE") {
		t.Errorf("block size UPC_MAX_BLOCK_SIZE + 1: got %q", errs)
	}
	// The same value as the type checker's limit.
	wantClean(t, fmt.Sprintf("#if UPC_MAX_BLOCK_SIZE != %d\n#error UPC_MAX_BLOCK_SIZE is not types.MaxBlockSize\n#endif\nint x = UPC_MAX_BLOCK_SIZE;\n", types.MaxBlockSize), nil)
}

// TestFrontEndReadsEveryHeader: upclint's own front end reads each bundled
// header, and all of them together, without a diagnostic.
func TestFrontEndReadsEveryHeader(t *testing.T) {
	var all strings.Builder
	err := fs.WalkDir(headers.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src := fmt.Sprintf("#include <%s>\nint upclint_unit;\n", path)
		if ds := diags(t, src, nil, true); len(ds) > 0 {
			t.Errorf("<%s>:\n%s", path, strings.Join(ds, "\n"))
		}
		fmt.Fprintf(&all, "#include <%s>\n", path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	wantClean(t, all.String()+all.String()+"int upclint_unit;\n", nil)
}

// TestInt128: the 128-bit integer type names GCC predeclares, used with
// <stdint.h> for wide multiplications.
func TestInt128(t *testing.T) {
	src := `#include <stdint.h>
uint64_t mulhi(uint64_t a, uint64_t b) {
	__uint128_t p = (__uint128_t)a * b;
	__int128_t s = -(__int128_t)p;
#ifdef __SIZEOF_INT128__
	return (uint64_t)(p >> 64) + (uint64_t)(s & 1);
#else
#error no 128-bit integers
#endif
}
`
	wantClean(t, src, nil)
}

// TestPerTypeDeclarations: the prototypes that <upc_collective.h>,
// <upc_io.h> and <complex.h> declare with a macro for each type or form are
// all there, and the helper macros do not stay defined.
func TestPerTypeDeclarations(t *testing.T) {
	src := `#include <upc_collective.h>
#include <upc_io.h>
#include <complex.h>
#if defined(_UPCLINT_REDUCE_DECLS) || defined(_UPCLINT_IO_TRANSFER) || defined(_UPCLINT_REAL3) || defined(_UPCLINT_COMPLEX3)
#error helper macro left defined
#endif
shared long double ld[THREADS];
shared unsigned char uc[THREADS];
shared [] char buf[64];
int main(void) {
	long double _Complex z = 0;
	upc_file_t *fd = upc_all_fopen("f", UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
	upc_all_reduceLD(ld, ld, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	upc_all_prefix_reduceUC(uc, uc, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	bupc_all_reduce_allUL(ld, ld, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	upc_all_fread_shared_async(fd, buf, 0, 1, 64, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	upc_off_t n = upc_all_fwait_async(fd) + upc_all_fwrite_list_local(fd, 0, NULL, 0, NULL, UPC_IN_ALLSYNC);
	long double r = cabsl(z) + creall(csqrtl(z)) + cimagf(cexpf(1.0f));
	return n == 0 && r == 0;
}
`
	wantClean(t, src, nil)
}

// TestMathForms: <math.h> declares the float and long double forms of each
// shape its per-shape macros cover, and does not leave the macros defined.
func TestMathForms(t *testing.T) {
	src := `#include <math.h>
#if defined(_UPCLINT_MATH1) || defined(_UPCLINT_MATH2) || defined(_UPCLINT_MATHTO) || defined(_UPCLINT_MATH1X)
#error helper macro left defined
#endif
int main(void) {
	long double x = 1;
	int e;
	long r = lroundl(x) + ilogbf(2.0f) + llrint(0.5);
	return (int)(frexpl(x, &e) + nexttowardf(1.0f, x) + hypotl(x, x) + sqrtf(4.0f) + fmodl(x, x) + isnan(x)) + (int)r;
}
`
	wantClean(t, src, nil)
}
