/* Macro-heavy utility layer in the style of real UPC libraries: variadic
 * logging macros, GNU statement expressions, __typeof__, __attribute__,
 * _Pragma, branch hints, compound literals and designated initializers. */

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <stdint.h>

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define UNUSED __attribute__((unused))
#define NORETURN __attribute__((noreturn))
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define ALIGNED(n) __attribute__((aligned(n)))

#define MIN(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SWAP(x, y) do { __typeof__(x) _t = (x); (x) = (y); (y) = _t; } while (0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define STR_(x) #x
#define STR(x) STR_(x)
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

#define LOG_LEVEL 2
#define LOG(lvl, fmt, ...)                                                  \
    do {                                                                    \
        if ((lvl) <= LOG_LEVEL)                                             \
            log_msg(lvl, "[%d/%d] %s:%d: " fmt "\n", MYTHREAD, THREADS,      \
                    __func__, __LINE__, ##__VA_ARGS__);                      \
    } while (0)
#define DIE(...) fatal(__FILE__, __LINE__, __VA_ARGS__)
#define ROOT_ONLY(stmt) do { if (MYTHREAD == 0) { stmt; } } while (0)

#define BLK 4
typedef shared [BLK] double blk_vec_t[BLK * THREADS];

static int log_msg(int lvl, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void fatal(const char *file, int line, const char *fmt, ...) NORETURN;

static int log_msg(int lvl UNUSED, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vfprintf(stderr, fmt, ap);
    va_end(ap);
    return n;
}

static void fatal(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "fatal at %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    upc_global_exit(1);
    abort();
}

struct opts {
    int n;
    double alpha;
    const char *name;
    unsigned verbose : 1;
    unsigned check : 1;
};

static const struct opts defaults = { .n = 64, .alpha = 0.5, .name = "axpy", .verbose = 0, .check = 1 };

blk_vec_t xv, yv;
shared double dots[THREADS];
shared double dot_all;
static double scratch[BLK] ALIGNED(64);

static inline double local_dot(const double *restrict a, const double *restrict b, int n)
{
    double s = 0.0;
    _Pragma("GCC ivdep")
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static void axpy(double alpha, blk_vec_t *x, blk_vec_t *y)
{
    int i;
    upc_forall (i = 0; i < BLK * THREADS; i++; &(*y)[i])
        (*y)[i] += alpha * (*x)[i];
}

int main(int argc, char **argv)
{
    struct opts o = defaults;
    int i, lo, hi;
    double d, *xl, *yl;
    int counts[] = { [0] = 1, [3] = 4, [7] = 8 };
    __typeof__(o.n) n2 = o.n * 2;

    if (argc > 1 && !strcmp(argv[1], "-v"))
        o.verbose = 1;
    if (unlikely(BLK <= 0))
        DIE("bad block size %d", BLK);
    LOG(1, "starting %s with n=%d, " STR(BLK) " per block", o.name, o.n);
    LOG(3, "never printed");

    upc_forall (i = 0; i < BLK * THREADS; i++; &xv[i]) {
        xv[i] = 1.0;
        yv[i] = (double)i;
    }
    upc_barrier;
    axpy(o.alpha, &xv, &yv);
    upc_barrier;

    xl = (double *)&xv[MYTHREAD * BLK];
    yl = (double *)&yv[MYTHREAD * BLK];
    memcpy(scratch, xl, sizeof scratch);
    d = local_dot(scratch, yl, BLK);
    dots[MYTHREAD] = d;
    upc_all_reduceD(&dot_all, dots, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    lo = MIN(MYTHREAD, 3);
    hi = MAX(lo + 1, (int)ARRAY_SIZE(counts));
    SWAP(lo, hi);
    ROOT_ONLY(printf("dot = %g (lo %d hi %d n2 %d c %d)\n", dot_all, lo, hi, n2, counts[3]));
    {
        struct opts *p = &(struct opts){ .n = 1, .name = "tmp" };
        int CAT(tmp_, __LINE__) = p->n; (void)CAT(tmp_, __LINE__);
    }
    return 0;
}
