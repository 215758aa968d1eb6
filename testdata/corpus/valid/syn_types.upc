/* _Bool, bit-fields, unions, enums with explicit values, inline, restrict and
   variable-length arrays next to shared data. */
#include <upc.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <limits.h>

enum msg_kind { MSG_NONE = 0, MSG_DATA = 0x10, MSG_ACK, MSG_NACK = -1, MSG_LAST = MSG_ACK + 100 };

struct header {
    unsigned int kind : 8;
    unsigned int from : 12;
    unsigned int to : 12;
    signed int delta : 5;
    unsigned : 0;            /* unnamed zero-width field: start a new unit */
    _Bool urgent : 1;
    unsigned int : 3;        /* unnamed padding */
};

union payload {
    int64_t i;
    double d;
    struct { uint32_t lo, hi; } halves;
};

struct message {
    struct header h;
    union payload p;
};

shared struct message inbox[THREADS];
shared _Bool seen[THREADS];

static inline bool is_data(const struct header *h)
{
    return h->kind == (MSG_DATA & 0xff);
}

static void scale(int n, double *restrict dst, const double *restrict src, double f)
{
    int i;
    for (i = 0; i < n; i++)
        dst[i] = f * src[i];
}

/* a VLA parameter: the matrix has n columns */
static double trace(int n, double m[n][n])
{
    double t = 0;
    int i;
    for (i = 0; i < n; i++)
        t += m[i][i];
    return t;
}

int main(void)
{
    struct message m = { { MSG_DATA, 0, 0, -3, 1 }, { .d = 2.5 } };
    int n = 3 + MYTHREAD % 2;
    double vla[n][n];            /* variable-length array */
    double v[4] = { 1, 2, 3, 4 }, w[4];
    bool ok = true;
    int i, j;

    m.h.from = (unsigned)MYTHREAD;
    m.h.to = (unsigned)((MYTHREAD + 1) % THREADS);
    inbox[m.h.to] = m;
    seen[MYTHREAD] = false;
    upc_barrier;

    {
        struct message got = inbox[MYTHREAD];
        if (!is_data(&got.h) || got.h.delta != -3 || !got.h.urgent || got.p.d != 2.5)
            ok = false;
        seen[MYTHREAD] = got.h.from == (unsigned)((MYTHREAD + THREADS - 1) % THREADS);
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            vla[i][j] = i == j;
    if (trace(n, vla) != n || sizeof vla != (size_t)n * n * sizeof(double))
        ok = false;
    scale(4, w, v, 0.5);
    if (w[3] != 2.0 || MSG_ACK != 0x11 || MSG_LAST != 0x75 || MSG_NACK >= 0 || INT_MAX < 32767)
        ok = false;
    upc_barrier;
    printf("thread %d: syn_types %s\n", MYTHREAD, ok && seen[MYTHREAD] ? "passed" : "failed");
    return 0;
}
