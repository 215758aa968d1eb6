package grammar

import (
	"bytes"
	"fmt"
	gotoken "go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/diag"
)

// gnuCase is a small program of the differential test: gcc -fsyntax-only
// accepts it exactly when upclint reports no error on it.
type gnuCase struct {
	name string
	src  string
	ok   bool // the program is valid GNU C (gcc accepts it)
	// upc: a UPC program, checked through the bundled headers only (gcc
	// cannot compile it)
	upc bool
	// gap: a known disagreement, and why; the test fails once it is gone,
	// so that the table is updated
	gap string
}

// gnuCases cover the C99/C11 grammar and the GNU extensions that real C
// code uses, and some invalid programs of the same shapes, so that the
// test fails as well when upclint accepts what a compiler rejects.
var gnuCases = []gnuCase{
	{"knr definition", `
int add(a, b) int a; long b; { return a + b; }
char *pick(s, n) char *s; { return s + n; }
int main() { return add(1, 2L) + (pick("ab", 1) != 0); }
`, true, false, ""},
	{"implicit int", `
static x = 3;
f(void) { return x; }
const y = 2;
unsigned u;
int main(void) { return f() + y + u; }
`, true, false, ""},
	{"old-style declaration without prototype", `
double sqrt();
int g();
int main(void) { return (int)sqrt(4.0) + g(1, 2); }
int g(a, b) int a, b; { return a - b; }
`, true, false, ""},
	{"designated initializers", `
struct pt { int x, y; };
struct line { struct pt a, b; int tag[4]; };
struct line l = { .a = { .x = 1 }, .b.y = 2, .tag[2] = 5, .tag = { [0] = 1, [3] = 4 } };
int arr[10] = { [0 ... 3] = 1, [4] = 2, [5 ... 9] = 3 };
struct pt pts[] = { [2].x = 1, [0] = { 1, 2 } };
char s[8] = { [1] = 'a' };
int main(void) { return l.a.x + arr[4] + pts[2].x + s[1]; }
`, true, false, ""},
	{"compound literals", `
struct pt { int x, y; };
static int *p = (int[]){ 1, 2, 3 };
int dist(struct pt a) { return a.x * a.y; }
int main(void) {
	struct pt q = (struct pt){ .x = 1, .y = 2 };
	int n = dist((struct pt){ 3, 4 }) + ((int[3]){ 0, 1, 2 })[1];
	char *s = (char[]){ "abc" };
	q = (struct pt){ 0 };
	return n + p[0] + q.x + s[0] + *(const int *)&(const int){ 5 };
}
`, true, false, ""},
	{"vla and static array parameters", `
#include <stddef.h>
void fill(size_t n, double a[static n]) { for (size_t i = 0; i < n; i++) a[i] = 0; }
double sum2(int n, int m, double a[n][m]) { return a[n - 1][m - 1]; }
void f(int n, double a[restrict static 3], double b[const], double c[*]);
int main(int argc, char **argv) {
	int n = argc + 2;
	double v[n];
	double m[n][n];
	typedef int row[n];
	row r;
	fill(n, v);
	r[0] = sizeof m / sizeof m[0];
	return (int)sum2(n, n, m) + r[0] + (int)sizeof(double[n]) + (argv != 0);
}
`, true, false, ""},
	{"flexible array member", `
#include <stdlib.h>
struct buf { size_t len; char data[]; };
struct buf0 { int n; int tail[0]; };
int main(void) {
	struct buf *b = malloc(sizeof *b + 10);
	b->len = 10; b->data[9] = 0;
	return (int)sizeof(struct buf) + (int)sizeof(struct buf0);
}
`, true, false, ""},
	{"anonymous struct and union members", `
struct v { int kind; union { int i; float f; struct { short lo, hi; }; }; };
typedef struct { union { struct { double x, y; }; double c[2]; }; } vec2;
int main(void) {
	struct v a; vec2 b;
	a.i = 1; a.lo = 2; b.x = 1; b.c[1] = 2;
	return a.kind + a.hi + (int)b.y + (int)(struct v){ .f = 1 }.f;
}
`, true, false, ""},
	{"bit-fields", `
struct flags { unsigned a : 1, b : 3; signed int c : 4; int : 0; _Bool d : 1; unsigned long long e : 40; enum { X, Y } k : 2; };
int main(void) { struct flags f = { 1, 2, -1 }; f.e = 5; return f.a + f.b + f.c + f.d + (int)f.e + f.k + (int)sizeof f; }
`, true, false, ""},
	{"_Bool, stdbool and complex", `
#include <stdbool.h>
#include <complex.h>
_Bool b0 = 1;
bool b1 = true;
double _Complex z1 = 1.0 + 2.0 * I;
float complex z2;
long double _Complex z3;
_Complex double z4;
__complex__ double z5;
int main(void) { z2 = conjf(z2); return b0 + b1 + (int)creal(z1) + (int)__real__ z5 + (int)__imag__ z4 + (int)cabsl(z3); }
`, true, false, ""},
	{"C11 alignment, static assert, noreturn, thread local", `
#include <stdalign.h>
#include <stdnoreturn.h>
#include <stdlib.h>
#include <stddef.h>
_Static_assert(sizeof(int) == 4, "int is 32 bits");
struct s { _Alignas(16) char c; alignas(double) int x; };
_Thread_local int tl;
static __thread int tl2;
_Noreturn void die(void) { exit(1); }
noreturn void die2(void) { abort(); }
int main(void) {
	_Static_assert(_Alignof(struct s) == 16, "aligned");
	static_assert(alignof(double) == 8, "double");
	_Alignas(32) int local;
	local = (int)_Alignof(max_align_t) + (int)__alignof__(long) + tl + tl2;
	return local;
}
`, true, false, ""},
	{"_Generic", `
#define kind(x) _Generic((x), int: 1, long: 2, double: 3, char *: 4, default: 0)
_Static_assert(kind(1) == 1 && kind(2L) == 2 && kind(1.0) == 3 && kind((char *)0) == 4 && kind(1.0f) == 0, "selection");
_Static_assert(_Generic((const int)1, int: 1, default: 0) && _Generic("s", char *: 1, default: 0), "lvalue conversion");
_Static_assert(__builtin_types_compatible_p(int, const int) && !__builtin_types_compatible_p(int, long), "compatible");
_Static_assert(sizeof(__real__ (double _Complex)0) == sizeof(double) && sizeof(__imag__ 1.0f) == sizeof(float), "parts");
int main(void) { char *s = 0; return kind(1) + kind(2L) + kind(1.0) + kind(s) + kind('c') + _Generic(1.0f, float: 1, default: 2); }
`, true, false, ""},
	{"inline and restrict spellings", `
static inline int a(int x) { return x; }
static __inline__ int b(int x) { return x; }
static __inline int c(int x) { return x; }
extern inline __attribute__((gnu_inline)) int d(int x) { return x; }
void cp(char *restrict dst, const char *__restrict src, int *__restrict__ n);
int main(void) { return a(1) + b(2) + c(3) + d(4); }
`, true, false, ""},
	{"attributes in every position", `
#include <stdlib.h>
struct __attribute__((packed)) p1 { char c; int i; };
struct p2 { char c; int i; } __attribute__((packed, aligned(4)));
typedef int v4si __attribute__((vector_size(16)));
typedef struct { int a; } __attribute__((aligned(8))) al_t;
__attribute__((noreturn)) void die(void);
void die(void) { exit(1); }
int f(int x __attribute__((unused)), int y) __attribute__((const));
int f(int x, int y) { return y; }
static int unused_var __attribute__((unused)) = 2;
int __attribute__((weak)) weak_fn(void) { return 0; }
void *my_alloc(size_t) __attribute__((malloc, alloc_size(1)));
int pf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
enum __attribute__((packed)) e { E1 __attribute__((deprecated)) = 1, E2 };
int arr[4] __attribute__((aligned(16)));
int main(void) {
	__attribute__((unused)) int local = 0;
	int other __attribute__((aligned(8))) = 1;
	switch (local) { case 0: other++; __attribute__((fallthrough)); default: break; }
lbl: __attribute__((unused));
	return f(1, 2) + other + (int)sizeof(struct p1) + (int)sizeof(v4si) + unused_var;
}
`, true, false, ""},
	{"extension, typeof, statement expressions", `
#define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
__extension__ typedef long long ll_t;
__extension__ static unsigned long long big = 1ULL << 63;
int main(void) {
	typeof(big) c = big;
	__typeof(c) *pc = &c;
	int x = max(1, 2);
	int y = __extension__ ({ int t = x; t * 2; });
	ll_t z = ({ 3; });
	typeof(int[4]) arr = { 1 };
	return x + y + (int)z + (int)*pc + arr[0];
}
`, true, false, ""},
	{"builtins", `
#include <stdarg.h>
#include <stddef.h>
struct s { int a; char b[4]; struct { int c; } in; };
int va(int n, ...) {
	__builtin_va_list ap; int r;
	__builtin_va_start(ap, n);
	r = __builtin_va_arg(ap, int);
	__builtin_va_end(ap);
	return r;
}
int main(int argc, char **argv) {
	int r = 0;
	if (__builtin_expect(argc > 1, 0)) r = 1;
	if (__builtin_expect(!!(argv), 1)) r += 2;
	r += offsetof(struct s, b[2]) + offsetof(struct s, in.c) + __builtin_offsetof(struct s, b);
	r += __builtin_popcount(7u) + __builtin_clz(1u) + __builtin_ctzll(8ull) + __builtin_abs(-1);
	r += __builtin_constant_p(r) + __builtin_types_compatible_p(int, long);
	r += (int)__builtin_huge_val() * 0 + (int)__builtin_inff() * 0 + (int)__builtin_nan("") * 0;
	r += __builtin_bswap32(1u) != 0;
	__builtin_prefetch(argv);
	if (r < 0) __builtin_unreachable();
	if (r < -1) __builtin_trap();
	return r + (int)__builtin_object_size(argv, 0) + (int)(long)__builtin_frame_address(0) * 0 + va(1, 2);
}
`, true, false, ""},
	{"asm statements", `
static inline unsigned long long rdtsc(void) {
	unsigned int lo, hi;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((unsigned long long)hi << 32) | lo;
}
int add(int a, int b) {
	int r;
	asm volatile("addl %2, %0" : "=r"(r) : "0"(a), "r"(b) : "cc");
	asm("" ::: "memory");
	__asm ("nop");
	asm goto("jmp %l0" :::: out);
	return r;
out:
	return 0;
}
void load(const void *cfg, int *out) {
	__asm__ volatile("" :: "m"(*((const void **)cfg)));
	__asm__("" : "=m"(*(int *)out) : "r"((long)(int)(short)1));
}
int reg_var asm("renamed_var");
int f(void) __asm__("f_impl");
int main(void) { register int rv asm("rbx") = 1; return add(1, 2) + (int)rdtsc() * 0 + rv * 0; }
`, true, false, ""},
	{"labels as values and case ranges", `
int main(int argc, char **argv) {
	static void *tbl[] = { &&a, &&b };
	void *p = tbl[argc & 1];
	goto *p;
a:
	switch (argc) {
	case 1 ... 3: return 1;
	case 'a' ... 'z': return 2;
	default: break;
	}
b:
	return argv == 0;
}
`, true, false, ""},
	{"nested functions", `
int apply(int (*f)(int), int x) { return f(x); }
int main(void) {
	int k = 3;
	int add_k(int x) { return x + k; }
	auto int twice(int);
	int twice(int x) { return 2 * x; }
	return apply(add_k, 1) + twice(2);
}
`, true, false, ""},
	{"int128, float128, long double and hex floats", `
__int128 a = 1;
unsigned __int128 b = 2;
__int128_t c;
__uint128_t d;
_Float128 e;
__float128 f;
_Float64 g = 1.0;
long double h = 1.5L;
double hx = 0x1.8p3;
float hf = 0x1p-2f;
long double hl = 0xAp0L;
double ex = 1e-3, ey = .5e+2, ez = 5.;
unsigned long long u = 0x7fffffffffffffffULL;
int main(void) { return (int)(a + b + c + d) + (int)e + (int)f + (int)g + (int)h + (int)hx + (int)hf + (int)hl + (int)(ex + ey + ez) + (int)u; }
`, true, false, ""},
	{"literal suffixes of GNU and TS 18661-3", `
__float128 q = 1.0Q;
_Float128 r = 2.0f128;
_Float32 f = 1.5f32;
_Float64 d = 2.5f64;
_Float64x x = 1.0f64x;
double _Complex im = 2.0i + 1.0;
float _Complex jf = 3.0fi;
int bin = 0b1011;
unsigned long long big = 18446744073709551615ULL;
long double ld = 1e4000L * 0 + 0x1p-16382L;
int main(void) { return (int)q + (int)r + (int)f + (int)d + (int)x + (int)__imag__ im + (int)__imag__ jf + bin + (big != 0) + (ld != 0); }
`, true, false, ""},
	{"character and string literals", `
#include <wchar.h>
#include <stddef.h>
const char *s = "abc" "def" "\x41\101\n\t\\\"";
const wchar_t *w = L"wide" L"er";
const char *u8 = u8"utf8";
const char *ucn = "\u00e9\U0001F600";
int \u00e9t\u00e9 = 1;
char c1 = '\'', c2 = '\0', c3 = '\xff', c4 = 'ab';
wchar_t wc = L'x';
int main(void) { return s[0] + w[0] + u8[0] + ucn[0] + c1 + c2 + c3 + c4 + (int)wc + \u00e9t\u00e9 + (int)sizeof(u"x") + (int)sizeof(U"y"); }
`, true, false, ""},
	{"macro string concatenation", `
#define STR(x) #x
#define XSTR(x) STR(x)
#define VERSION 3
#define PREFIX "v"
#define CAT(a, b) a ## b
const char *v = PREFIX XSTR(VERSION) "." STR(1);
int CAT(my, var) = 2;
int main(void) { return v[0] + myvar + sizeof(__FILE__) + __LINE__ + sizeof(__func__) + sizeof(__FUNCTION__) + sizeof(__PRETTY_FUNCTION__); }
`, true, false, ""},
	{"pragmas in odd places", `
#pragma once
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused"
#define DO_PRAGMA(x) _Pragma(#x)
#define LOOP _Pragma("GCC unroll 4") for (i = 0; i < 4; i++)
struct s {
#pragma pack(push, 1)
	char c;
	int i;
#pragma pack(pop)
};
int main(void) {
	int i, s = 0;
	#pragma omp parallel for
	for (i = 0; i < 4; i++) s += i;
	DO_PRAGMA(message("hello"))
	LOOP s++;
	_Pragma("GCC diagnostic pop") return s;
}
`, true, false, ""},
	{"digraphs and line continuations", `
%:define PASTE(a, b) a %:%: b
int arr<:3:> = <% 1, 2, 3 %>;
int PASTE(x, y) = 1;
int lo\
ng_name = 2;
#define LONG_MACRO(a) \
	((a) + \
	 1)
int main(void) <% ret\
urn arr<:0:> + xy + long_name + LONG_MACRO(1) + 0x1\
0; %>
`, true, false, ""},
	{"preprocessor directives", `
#ident "$Id$"
#sccs "x"
#warning this is a warning
#if defined(__has_include)
#if __has_include(<stdio.h>) && !__has_include("no-such-header.h")
#include <stdio.h>
#endif
#endif
#ifdef __has_include_next
#endif
#if __has_attribute(unused) && __has_builtin(__builtin_expect)
#define HAVE 1
#endif
#line 100 "renamed.c"
int c0 = __COUNTER__, c1 = __COUNTER__;
#ifndef HAVE
#define HAVE 0
#endif
#if 0
#error not this
#garbage directive in skipped group
#elif 1
#else
#endif
#
int main(void) { return c0 + c1 + HAVE; }
`, true, false, ""},
	{"variadic macros", `
#include <stdio.h>
#define LOG(fmt, ...) fprintf(stderr, fmt, __VA_ARGS__)
#define LOG2(fmt, ...) fprintf(stderr, fmt, ##__VA_ARGS__)
#define LOG3(fmt, ...) fprintf(stderr, fmt __VA_OPT__(,) __VA_ARGS__)
#define NAMED(fmt, args...) fprintf(stderr, fmt, ## args)
#define EMPTY(x) x
#define FIRST(a, b) a
#define COUNT(...) (sizeof((int[]){ 0, ##__VA_ARGS__ }) / sizeof(int) - 1)
int main(void) {
	LOG("%d\n", 1);
	LOG2("plain\n");
	LOG2("%d %d\n", 1, 2);
	LOG3("none\n");
	LOG3("%d\n", 3);
	NAMED("x\n");
	NAMED("%s\n", "y");
	int e = EMPTY() 1 + FIRST(, 2) 3;
	return e + (int)COUNT() + (int)COUNT(1, 2);
}
`, true, false, ""},
	{"function-like macro name without parentheses", `
#define f(x) ((x) + 1)
int (f)(int x) { return x; }
int (*fp)(int) = f;
#define g(x) x
int g = 3;
int main(void) { return f(1) + fp(2) + g; }
`, true, false, ""},
	{"errors: array of functions", `
static int (arr_of_fns[4])(int);
int main(void) { return 0; }
`, false, false, ""},
	{"declaration forms valid", `
typedef int (*fptr)(int);
typedef int arr3[3];
fptr table[2];
int (*(*ptr_to_fn_returning_ptr_to_arr)(void))[3];
void (*signal_like(int sig, void (*func)(int)))(int);
static const volatile int cvi = 1;
const int *const cp = &cvi + 0;
int const typedef_after_type;
long unsigned int lui; short int si; long long int lli; signed sg; unsigned char volatile ucv;
struct fwd; struct fwd *fp; union u; enum en { A, B, };
int f(void), g(int), h;
extern int ext[];
int (paren_decl);
int *((paren_ptr));
static int (*arr_of_fn_ptrs[4])(int);
int long typedef long ltl;
char unsigned cu;
int main(void) { arr3 a = { 1 }; for (int i = 0, j = 1; i < j; i++) ; ltl q = 0; return a[0] + lui + si + lli + sg + ucv + cvi + (int)q + cu; }
`, true, false, ""},
	{"statements", `
int main(int argc, char **argv) {
	int i = 0, s = 0;
	do s++; while (s < 3);
	for (;;) { if (++i > 3) break; else continue; }
	while (i--) ;
	switch (argc) { case 1: { int scoped = 1; s += scoped; } default: ; }
	if (argc) { } else if (argv) ; else { goto end; }
	{ ; ; }
	for (int k = 0; k < 2; k++) for (int k = 0; k < 2; k++) s += k;
end:
	;
	return s ? : 1;
}
`, true, false, ""},
	{"conditional with omitted operand and casts", `
int main(int argc, char **argv) {
	const char *p = argv[0] ?: "none";
	long l = (long)(char)(unsigned short)argc;
	void *v = (void *)(unsigned long)l;
	int (*fp)(void) = (int (*)(void))0;
	typedef union { int i; float f; } pun;
	pun u = (pun){ .i = 1 };
	return (int)(p != 0) + (int)(long)v + (fp == 0) + u.i + (int)sizeof(int (*)[3]);
}
`, true, false, ""},
	{"gnu array of length zero and empty struct", `
struct empty { };
struct zero { int n; char d[0]; };
int main(void) { struct empty e; (void)e; return (int)sizeof(struct zero) + (int)sizeof(struct empty); }
`, true, false, ""},
	{"void pointer arithmetic (GNU)", `
int main(void) { char c[4]; void *p = c; p += 1; p = p + 2; return (int)((char *)p - c); }
`, true, false, ""},
	{"enum forward declaration and trailing comma", `
enum fwd;
enum fwd { F1, F2, };
enum { ANON = 1 << 3, ANON2 = ANON | 1 };
int main(void) { enum fwd x = F2; return x + ANON2; }
`, true, false, ""},
	{"string with embedded macros and stringizing spaces", `
#define Q(x) #x
const char *a = Q(  a   +   b  );
const char *b = Q("quoted" 'c');
const char *c = Q();
int main(void) { return a[0] + b[0] + c[0]; }
`, true, false, ""},
	{"a library call through the bundled header", `
#include <stdlib.h>
int main(void) { return abs(-1); }
`, true, false, ""},
	{"typedef redefinition (C11)", `
typedef int myint;
typedef int myint;
int main(void) { myint x = 0; return x; }
`, true, false, ""},
	{"old C habits", `
#include <stdio.h>
main(argc, argv)
	char **argv;
{
	register i;
	auto j = 2;
	static k;
	for (i = 0; i < argc; i++) printf("%s\n", argv[i]);
	return j + k;
}
`, true, false, ""},
	{"wide declarations in for and sizeof expressions", `
#include <string.h>
struct s { int a[10]; };
int main(void) {
	struct s x;
	int n = sizeof x.a / sizeof x.a[0];
	int m = sizeof(x) + sizeof x + sizeof(struct s) + sizeof(int[4]) + sizeof(char) * 2;
	memset(&x, 0, sizeof x);
	return n + m + (int)sizeof((x).a) + (int)sizeof &x + (int)sizeof *&x;
}
`, true, false, ""},
	{"transparent union and attributes on parameters", `
typedef union { int *ip; const char *cp; } arg_t __attribute__((__transparent_union__));
void takes(arg_t a);
void varfn(int n, ...) __attribute__((__sentinel__));
static void cleanup_fn(int *p) { (void)p; }
int main(void) {
	int x __attribute__((cleanup(cleanup_fn))) = 0;
	return x;
}
`, true, false, ""},
	{"vector extension", `
typedef float v4sf __attribute__((vector_size(16)));
typedef int v4si __attribute__((__vector_size__(4 * sizeof(int))));
int main(void) { v4sf a = { 1, 2, 3, 4 }, b = a + a; v4si c = { 1 }; return (int)b[0] + c[0]; }
`, true, false, ""},
	{"errors: subscripting a scalar", `
typedef float scalar;
int main(void) { scalar f = 1; return (int)f[0]; }
`, false, false, ""},
	{"vector arithmetic", `
typedef float v4sf __attribute__((vector_size(16)));
v4sf axpy(float a, v4sf x, v4sf y) { v4sf av = { a, a, a, a }; return av * x + y; }
int main(void) { v4sf x = { 1 }, y = { 2 }; x = axpy(2, x, y); return 0; }
`, true, false, ""},
	{"glibc names through the headers that make them visible", `
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include <time.h>
#include <math.h>
#include <limits.h>
int main(void) {
	int64_t big = 1; uint u = 2; pid_t p = getpid(); off_t o = 0; fd_set fds;
	char buf[16]; void *a = alloca(16);
	int st = system("true");
	bzero(buf, sizeof buf); bcopy("x", buf, 1);
	if (WIFEXITED(st)) st = WEXITSTATUS(st);
	FD_ZERO(&fds);
	tzset();
	return (int)big + (int)u + p + (int)o + st + (a != 0) + (int)timezone + daylight + (int)MAXFLOAT * 0 + LONG_BIT + getc_unlocked(stdin) + (int)significand(1.0) + index(buf, 'x')[0];
}
`, true, false, ""},
	{"UPC with GNU C inside", `
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdint.h>
#define MIN(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
shared [4] int64_t a[4 * THREADS] __attribute__((aligned(8)));
static inline __attribute__((always_inline)) int owner(int i) { return (int)upc_threadof(&a[i]); }
int main(void) {
	int i;
	upc_forall (i = 0; i < 4 * THREADS; i++; &a[i]) {
		a[i] = MIN(i, 3) + __builtin_expect(owner(i) == MYTHREAD, 1);
	}
	upc_barrier;
	if (MYTHREAD == 0) printf("%ld\n", (long)a[0]);
	return 0;
}
`, true, true, ""},
	{"UPC shared array of a C11 type", `
#include <upc.h>
#include <stddef.h>
#include <stdalign.h>
_Static_assert(sizeof(max_align_t) >= 16, "max_align_t");
typedef struct { alignas(16) double v[2]; } pair;
shared pair p[THREADS];
int main(void) { p[MYTHREAD].v[0] = _Generic(p[0].v[0], double: 1.0, default: 0.0); upc_barrier; return 0; }
`, true, true, ""},
	{"errors: UPC shared local variable", `
#include <upc.h>
int main(void) { shared int x; x = 1; return 0; }
`, false, true, ""},
	{"unicode identifiers in utf-8", `
int café = 1;
int main(void) { return café; }
`, true, false, ""},
	{"typedef names reused as other names", `
typedef int T;
struct S { T T; int U; };
typedef struct S U;
int f(T x) { T T = x; return T; }
int g(int T) { return T * 2; }
int h(void) { U u; u.T = 1; { typedef char T; T c = 'a'; return c + u.T; } }
int main(void) { T t = 1; for (T i = 0; i < 2; i++) t += i; return f(t) + g(t) + h(); }
`, true, false, ""},
	{"typedef name redeclared in a for header, braced body", `
typedef int T;
int main(void) { T t = 1; for (T T = 0; T < 2; T++) { t += T; } for (T i = 0; i < 2; i++) { T x = i; t += x; } return t; }
`, true, false, ""},
	{"typedef name redeclared in a for header", `
typedef int T;
int main(void) { T t = 1; for (T T = 0; T < 2; T++) t += T; return t; }
`, true, false, "the typedef pass closes the for statement's scope at its ')': in a body without braces T is a type again"},
	{"GNU empty initializers and casts to union", `
struct s { int a, b; };
union u { int i; double d; };
int main(void) {
	struct s x = {};
	int arr[4] = {};
	union u v = (union u)3;
	union u w = (union u)1.5;
	return x.a + arr[0] + v.i + (int)w.d;
}
`, true, false, ""},
	{"GNU __auto_type, __builtin_choose_expr and section attributes", `
static int table[4] __attribute__((section(".data.tbl"), used)) = { 1 };
#define pick(x) __builtin_choose_expr(sizeof(x) == 4, 1, 2)
int main(void) {
	__auto_type n = 3L;
	__auto_type p = &table[1];
	__auto_type d = 1.5f * 2;
	_Static_assert(sizeof n == sizeof(long) && sizeof *p == sizeof(int) && sizeof d == sizeof(float), "inferred types");
	return (int)n + *p + pick(1) + pick(1.0) + (int)d;
}
`, true, false, ""},
	{"void returns, void conditionals and implicit declarations", `
void f(void) { }
void g(int c) { return f(); }
void h(int c) { c ? f() : g(c); }
int main() { h(1); puts("x"); return printf("%d", 1) < 0; }
`, true, false, ""},
	{"static initializer of a flexible array member (GNU)", `
struct f { int n; int d[]; };
static struct f one = { 2, { 3, 4 } };
int main(void) { return one.d[1]; }
`, true, false, ""},
	{"enum with long values and enum bit-fields", `
enum big { SMALL = 1, LARGE = 0x100000000LL };
enum color { RED, GREEN, BLUE };
struct px { enum color c : 2; unsigned alpha : 6; };
int main(void) { struct px p = { BLUE, 3 }; return p.c + p.alpha + (int)(LARGE >> 32) + (int)sizeof(enum big); }
`, true, false, ""},
	{"computed labels arithmetic", `
int main(int argc, char **argv) {
	static const int offs[] = { &&one - &&zero, &&two - &&zero };
	goto *(&&zero + offs[argc & 1]);
zero:
	return 0;
one:
	return 1;
two:
	return argv == 0;
}
`, true, false, ""},
	{"errors: #include of a name that is not a macro", `
#define HDR <stdio.h>
#include HDR
#define STR(x) #x
#define XSTR(x) STR(x)
#define LOCAL XSTR(stddef.h)
#include LOCAL_ABSENT_OK
#define IS_SET defined(HDR)
#if IS_SET
int ok = 1;
#endif
int main(void) { return ok + (stdout == 0); }
`, false, false, ""},
	{"macro-expanded include", `
#define HDR <stdio.h>
#include HDR
#define Q(x) #x
#define QQ(x) Q(x)
#include QQ(stddef.h)
int main(void) { return stdout == NULL; }
`, true, false, ""},
	{"struct declared in a parameter list and complex declarators", `
int takes(struct { int a; } *p);
int (*(*fpa[3])(int))[4];
char (*(*x(void))[3])(void);
typedef double (*matrix_row)[8];
int main(void) { matrix_row r = 0; return (int)sizeof *r + (int)sizeof(*fpa) + (fpa[0] == 0) + (x == 0); }
char (*(*x(void))[3])(void) { return 0; }
`, true, false, ""},
	{"attributes on bit-fields, labels and statements", `
struct s { int a : 3 __attribute__((packed)); int b __attribute__((aligned(4))); char c[2] __attribute__((nonstring)); };
int main(void) {
	int x = 0;
	goto out;
out: __attribute__((unused))
	x++;
	__attribute__((assume(x > 0)));
	return x;
}
`, true, false, ""},
	{"asm with named operands and memory clobbers", `
static inline void cpuid(unsigned op, unsigned *a, unsigned *b) {
	__asm__ __volatile__("cpuid" : [ra] "=a"(*a), [rb] "=b"(*b) : "0"(op) : "ecx", "edx", "memory");
}
static inline unsigned long long rd(void) { unsigned long long v; __asm__ volatile("" : "=r"(v) :: "cc"); return v; }
int main(void) { unsigned a, b; cpuid(0, &a, &b); return (int)(a + b + rd()); }
`, true, false, ""},
	{"wide, unicode and escaped literals", `
#include <stddef.h>
#include <wchar.h>
const wchar_t w[] = L"\x263a\u00e9";
const char o[] = "\0\07\101\x7f\a\b\f\v\?";
int main(void) { return (int)sizeof w + (int)sizeof o + L'\u00e9' + '\377' + sizeof(u8"é"); }
`, true, false, ""},
	{"preprocessor arithmetic and conditionals", `
#define A 3
#define B (A * 2)
#if B == 6 && defined A && !defined(C) && (1 ? 2 : 3) == 2 && -1 < 0 && 0x10 == 16 && 'a' == 97
int good = 1;
#else
#error arithmetic
#endif
#if __STDC__ && __STDC_HOSTED__ && defined(__x86_64__) && __CHAR_BIT__ == 8
int good2 = 1;
#endif
#ifdef __GNUC__
#define LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define LIKELY(x) (x)
#endif
int main(void) { return LIKELY(good) + good2; }
`, true, false, ""},
	{"stringizing and pasting corner cases", `
#define CAT3(a, b, c) a ## b ## c
#define STR(x) #x
#define EMPTY
#define CALL(f, ...) f(__VA_ARGS__)
int CAT3(x, , y) = 1;
int CAT3(, z, ) = 2;
const char *s = STR(a "b" 'c' \n);
int add(int a, int b) { return a + b; }
int main(void) { return xy + z + s[0] + CALL(add, 1, 2) + CALL(add, EMPTY 1, 2 EMPTY); }
`, true, false, ""},
	{"errors: conflicting typedef", `
typedef int T;
typedef long T;
int main(void) { return 0; }
`, false, false, ""},
	{"excess initializers (a warning)", `
int a[2] = { 1, 2, 3 };
int main(void) { return a[0]; }
`, true, false, ""},
	{"errors: void value used", `
void f(void) { }
int main(void) { int x = f(); return x; }
`, false, false, ""},
	{"errors: dereferencing a non-pointer", `
int main(void) { int x = 1; return *x; }
`, false, false, ""},
	{"errors: label redefined", `
int main(void) { a: ; a: ; return 0; }
`, false, false, ""},
	{"errors: unknown type in a parameter list", `
int f(undeclared_type x);
int main(void) { return 0; }
`, false, false, ""},
	{"constant expressions with offsetof, sizeof and compound literals", `
#include <stddef.h>
struct s { char c; double d; int a[4]; };
static char buf[offsetof(struct s, a[2]) + sizeof(struct s)];
enum { N = sizeof((int[]){ 1, 2, 3 }) / sizeof(int) };
static int arr[N == 3 ? 1 : -1];
int main(void) { return (int)sizeof buf + arr[0] + (int)_Alignof(struct s); }
`, true, false, ""},
	{"block-scope aggregates with run-time values", `
struct pt { int x, y; };
int main(int argc, char **argv) {
	int a[2] = { argc, argc * 2 };
	struct pt p = { .y = argc, .x = a[1] };
	char s[3] = "abc";
	const char *names[] = { argv[0], "x", 0 };
	struct { struct pt a[2]; } nested = { .a[1].y = 5, .a[0] = { 1, 2 } };
	return a[0] + p.x + s[2] + (names[2] == 0) + nested.a[1].y;
}
`, true, false, ""},
	{"function typedefs and function pointers", `
#include <stddef.h>
typedef void handler_fn(int);
handler_fn on_signal;
void on_signal(int s) { (void)s; }
static handler_fn *const table[] = { on_signal, 0 };
void vla_param(int n, int (*a)[n]) { (*a)[0] = n; }
int main(int argc, char *argv[static 1]) {
	int row[3];
	void *vp = (void *)on_signal;
	vla_param(3, &row);
	return (table[1] == NULL) + (vp != 0) + row[0] + (argv != 0);
}
`, true, false, ""},
	{"pragmas with clauses inside loops", `
int main(void) {
	int i, s = 0, a[8];
#pragma omp parallel for reduction(+:s) schedule(static, 2)
	for (i = 0; i < 8; i++) {
		a[i] = i;
#pragma GCC diagnostic ignored "-Wunused"
		s += a[i];
	}
#pragma GCC ivdep
	for (i = 0; i < 8; i++)
		a[i]++;
#pragma GCC unroll 2
	for (i = 0; i < 2; i++)
		s++;
	return s;
}
`, true, false, ""},
	{"unions, designated members and qualified pointers in conditionals", `
union val { int i; double d; const char *s; };
int main(int argc, char **argv) {
	union val v = { .d = 1.5 };
	const int ci = 1; int mi = 2;
	const int *p = argc ? &ci : &mi;
	void *q = argc ? (void *)argv : 0;
	switch (argc) { case 'a': return 1; case sizeof(int): return 2; }
	return (int)v.d + *p + (q != 0);
}
`, true, false, ""},
	{"errors: goto into the scope of a VLA", `
int main(int n) { goto in; { int v[n]; in: v[0] = 1; return v[0]; } }
`, false, false, "a jump into the scope of a variably modified object is not checked"},
	{"errors: duplicate member", `
struct s { int a; double a; };
int main(void) { return 0; }
`, false, false, ""},
	{"errors: conflicting function declarations", `
int f(int);
int f(double);
int main(void) { return 0; }
`, false, false, ""},
	{"errors: attributes after the declarator of a definition", `
void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2))) { (void)fmt; }
int main(void) { return 0; }
`, false, false, "attributes between a definition's declarator and its body are accepted"},
	{"UPC: GNU C in shared declarations and forall", `
#include <upc.h>
#include <stdlib.h>
typedef struct { double v[4]; } __attribute__((aligned(32))) vec_t;
shared [1] vec_t grid[THREADS];
shared int64_t counts[THREADS];
static inline int64_t sq(int64_t x) { return x * x; }
int main(void) {
	int i;
	__auto_type me = MYTHREAD;
	upc_forall (i = 0; i < THREADS; i++; i) {
		counts[i] = ({ int64_t t = sq(i); t + me; });
		grid[i].v[0] = (double)__builtin_expect(counts[i], 0);
	}
	upc_barrier;
	return (int)counts[0] + (int)offsetof(vec_t, v[1]) * 0;
}
`, true, true, ""},
	{"UPC: static THREADS arrays and layout queries", `
#include <upc_strict.h>
#define N 16
shared [N / 4] double a[N * THREADS];
shared [] int *p;
int main(void) {
	size_t bs = upc_blocksizeof(a), es = upc_elemsizeof(a), ls = upc_localsizeof(a);
	_Static_assert(sizeof(double) == 8, "double");
	p = (shared [] int *)upc_all_alloc(THREADS, sizeof(int));
	return (int)(bs + es + ls) + (p == NULL);
}
`, true, true, ""},
	{"UPC: a C header's parameters named like UPC keywords", `
#include <upc.h>
int utf8_next(const char *s, int len, int strict);
int set_mode(int shared, double relaxed);
static inline int pick(int strict, int relaxed) { return strict ? relaxed : 0; }
void h(shared int *p, strict shared int *q, shared [4] int *r);
int main(void) { return pick(1, 2) + utf8_next("", 0, 1) * 0; }
`, true, true, ""},
	{"errors: UPC pointer-to-shared arithmetic on shared void", `
#include <upc.h>
shared void *p;
int main(void) { p = p + 1; return 0; }
`, false, true, ""},
	{"errors: invalid floating suffix", `
double d = 1.0zz;
int main(void) { return (int)d; }
`, false, false, ""},
	{"errors: invalid integer suffix", `
int n = 12qq;
int main(void) { return n; }
`, false, false, ""},
	{"HPC C idioms through the bundled headers", `
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <inttypes.h>
#include <math.h>
#include <time.h>
#include <sys/time.h>
#include <unistd.h>
#include <getopt.h>
#include <assert.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <sched.h>
#include <pthread.h>
#include <limits.h>
#include <float.h>
typedef struct node node;
struct node { node *next; double v; };
static volatile sig_atomic_t stop;
static jmp_buf env;
static const char *const names[] = { "a", "b" };
#define DEBUG(...) do { if (0) fprintf(stderr, __VA_ARGS__); } while (0)
static void __attribute__((constructor)) init(void) { stop = 0; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static double vsum(int n, ...) { va_list ap, aq; double s = 0; va_start(ap, n); va_copy(aq, ap); for (int i = 0; i < n; i++) s += va_arg(aq, double); va_end(aq); va_end(ap); return s; }
static void scale(int n, double (*m)[n], double f) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m[i][j] *= f; }
int main(int argc, char *argv[], char *envp[]) {
	static struct option opts[] = { { "size", required_argument, 0, 's' }, { 0, 0, 0, 0 } };
	int c, n = 4;
	while ((c = getopt_long(argc, argv, "s:", opts, NULL)) != -1) if (c == 's') n = atoi(optarg);
	struct timespec ts; struct timeval t0, t1, dt;
	clock_gettime(CLOCK_MONOTONIC, &ts); gettimeofday(&t0, NULL); gettimeofday(&t1, NULL); timersub(&t1, &t0, &dt);
	double (*m)[n] = malloc(sizeof(double[n][n]));
	double *v; if (posix_memalign((void **)&v, 64, n * sizeof *v)) return 1;
	for (size_t i = 0; i < (size_t)n; i++) v[i] = drand48() * M_PI + sqrt(fabs(sin((double)i))) + (isnan(v[0]) ? 0 : 1);
	qsort(v, n, sizeof *v, cmp); scale(n, m, 2.0);
	int64_t big = INT64_C(1) << 40; printf("%" PRId64 " %zu %s\n", big, (size_t)n, names[0]);
	char *line = NULL; size_t cap = 0; ssize_t len = 0; (void)len; (void)line; (void)cap;
	char *save, buf[32] = "a,b"; for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) DEBUG("%s", tok);
	if (setjmp(env)) return 2;
	if (errno == ERANGE || v[0] > DBL_MAX || n > INT_MAX) longjmp(env, 1);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN); cpu_set_t set; CPU_ZERO(&set); CPU_SET(0, &set);
	pthread_barrier_t bar; pthread_barrier_init(&bar, NULL, 1); pthread_barrier_wait(&bar);
	node a = { .next = NULL, .v = vsum(2, 1.0, 2.0) }, b = a; b.next = &a;
	assert(b.next->v == 3.0 && envp != NULL);
	free(m); free(v);
	return (int)cpus * 0 + (int)ts.tv_nsec * 0 + (int)dt.tv_usec * 0 + (stop ? EXIT_FAILURE : EXIT_SUCCESS);
}
`, true, false, ""},
	{"errors: undeclared identifier", `
int main(void) { return undefined_name; }
`, false, false, ""},
	{"errors: missing semicolon", `
int main(void) { int x = 1 return x; }
`, false, false, ""},
	{"errors: unbalanced braces", `
int main(void) { if (1) { return 0; }
`, false, false, ""},
	{"errors: #error", `
#error stop here
int main(void) { return 0; }
`, false, false, ""},
	{"errors: assigning to const", `
int main(void) { const int x = 1; x = 2; return x; }
`, false, false, ""},
	{"errors: struct without member", `
struct s { int a; };
int main(void) { struct s v; return v.b; }
`, false, false, ""},
	{"errors: calling a non-function", `
int main(void) { int x = 1; return x(); }
`, false, false, ""},
	{"errors: duplicate case", `
int main(int c) { switch (c) { case 1: case 1: return 0; } return 1; }
`, false, false, ""},
	{"errors: static assert fails", `
_Static_assert(sizeof(char) == 2, "char");
int main(void) { return 0; }
`, false, false, ""},
	{"errors: unterminated conditional", `
#if 1
int main(void) { return 0; }
`, false, false, ""},
	{"errors: incompatible redefinition", `
int x;
double x;
int main(void) { return 0; }
`, false, false, ""},
	{"errors: _Generic without a match", `
int main(void) { return _Generic(1.0, int: 1, long: 2); }
`, false, false, ""},
	{"errors: wrong _Generic selection", `
_Static_assert(_Generic(1L, int: 1, long: 2) == 1, "long is not int");
int main(void) { return 0; }
`, false, false, ""},
	{"errors: break outside loop", `
int main(void) { break; return 0; }
`, false, false, ""},
}

// gccAccepts reports whether gcc -std=gnu11 -fsyntax-only accepts src,
// with its message when not.
func gccAccepts(t *testing.T, gcc, src string) (bool, string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "main.c")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gcc, "-std=gnu11", "-fsyntax-only", "-w", file)
	var out bytes.Buffer
	cmd.Stderr = &out
	err := cmd.Run()
	return err == nil, out.String()
}

// upclintErrors returns upclint's errors on src (a .c or a .upc file).
func upclintErrors(src string, upc bool) []string {
	fset := gotoken.NewFileSet()
	name := "/src/main.c"
	if upc {
		name = "/src/main.upc"
	}
	u := Load(fset, name, []byte(src), &Config{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }})
	var errs []string
	for _, d := range u.Diags {
		if d.Severity == diag.Error {
			p := fset.Position(d.Pos)
			errs = append(errs, fmt.Sprintf("%d:%d: %s [%s]", p.Line, p.Column, d.Message, d.Rule))
		}
	}
	return errs
}

// TestDifferentialGCC: on each program upclint reports an error exactly
// when the case says the program is invalid, and gcc, when installed,
// agrees with the case (so the table itself is checked against a compiler).
func TestDifferentialGCC(t *testing.T) {
	gcc, _ := exec.LookPath("gcc")
	agree := 0
	for _, c := range gnuCases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			if gcc != "" && !c.upc {
				if ok, msg := gccAccepts(t, gcc, c.src); ok != c.ok {
					t.Fatalf("gcc accepts=%v, the case says %v:\n%s", ok, c.ok, msg)
				}
			}
			errs := upclintErrors(c.src, c.upc)
			if c.gap != "" {
				if c.ok == (len(errs) == 0) {
					t.Errorf("the known gap is gone (%s): update the table", c.gap)
				}
				return
			}
			if c.ok && len(errs) > 0 {
				t.Errorf("upclint reports errors on a valid program:\n%s", strings.Join(errs, "\n"))
				return
			}
			if !c.ok && len(errs) == 0 {
				t.Errorf("upclint accepts an invalid program")
				return
			}
			if len(errs) > 1 {
				// one mistake, one error: recovery must not cascade
				t.Errorf("%d errors for one mistake:\n%s", len(errs), strings.Join(errs, "\n"))
				return
			}
			agree++
		})
	}
	t.Logf("upclint agrees with the table on %d of %d programs (the others are known gaps)", agree, len(gnuCases))
}

// mutations each put one mistake in a program, before or in its main.
var mutations = []struct {
	name string
	edit func(src string) string // "" if it does not apply
}{
	{"a ';' dropped", func(s string) string { return cutAfter(s, "int main", ";") }},
	{"a ')' dropped", func(s string) string { return cutAfter(s, "int main", ")") }},
	{"a stray token", func(s string) string { return insertBefore(s, "int main", "int @ junk;\n") }},
	{"a misspelled type name", func(s string) string {
		return insertBefore(s, "int main", "int helper(void) { itn x = 1; return x; }\n")
	}},
}

// cutAfter removes the first cut after the first mark.
func cutAfter(src, mark, cut string) string {
	i := strings.Index(src, mark)
	if i < 0 {
		return ""
	}
	j := strings.Index(src[i:], cut)
	if j < 0 {
		return ""
	}
	return src[:i+j] + src[i+j+len(cut):]
}

func insertBefore(src, mark, text string) string {
	i := strings.Index(src, mark)
	if i < 0 {
		return ""
	}
	return src[:i] + text + src[i:]
}

// TestOneMistakeOneError: each valid program of the differential table,
// with one mistake put in, gets exactly one error: the mistake is found,
// and recovery does not cascade.
func TestOneMistakeOneError(t *testing.T) {
	n := 0
	for _, c := range gnuCases {
		if !c.ok || c.gap != "" {
			continue
		}
		for _, m := range mutations {
			src := m.edit(c.src)
			if src == "" {
				continue
			}
			n++
			errs := upclintErrors(src, c.upc)
			if len(errs) != 1 {
				t.Errorf("%s, with %s: %d errors:\n%s", c.name, m.name, len(errs), strings.Join(errs, "\n"))
			}
		}
	}
	t.Logf("%d programs with one mistake", n)
}
