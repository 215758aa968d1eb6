/* C99 features mixed with UPC: declarations in for headers, VLAs and
 * array parameters with static/qualifiers, _Bool, inline, flexible array
 * members, hex floats, long long, universal character names in strings,
 * designated initializers of nested aggregates, __func__. */

#include <upc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <float.h>

#define N 8

struct msg {
    size_t len;
    int from;
    char body[];        /* flexible array member */
};

struct grid_desc {
    struct { int x, y; } dim;
    int halo;
    const char *name;
};

static const struct grid_desc gd = { .dim = { .x = N, .y = 2 * N }, .halo = 1, .name = "g\u00e9" };

shared double field[N * THREADS];
shared _Bool seen[THREADS];
shared long long checks[THREADS];

static inline bool in_range(int v, int lo, int hi) { return v >= lo && v < hi; }

static double sum_rows(int rows, int cols, const double m[static rows][cols])
{
    double s = 0x1.0p-3;   /* hex float: 0.125 */
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            s += m[i][j];
    return s;
}

static void copy_local(double *restrict dst, const double *restrict src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = src[i];
}

static struct msg *make_msg(const char *text)
{
    size_t n = strlen(text) + 1;
    struct msg *m = malloc(sizeof *m + n);
    if (!m)
        return NULL;
    m->len = n;
    m->from = MYTHREAD;
    memcpy(m->body, text, n);
    return m;
}

int main(void)
{
    int rows = gd.dim.x, cols = 3;
    double vla[rows][cols];
    double mine[N];
    long long big = LLONG_MAX / 2;
    unsigned long long mask = ~0ULL >> 1;
    struct msg *m;

    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            vla[i][j] = i * cols + j;

    upc_forall (int i = 0; i < N * THREADS; i++; &field[i])
        field[i] = (double)i;
    upc_barrier;

    copy_local(mine, (const double *)&field[MYTHREAD], 1);
    for (int k = 1; k < N; k++)
        mine[k] = field[MYTHREAD + k * THREADS];
    seen[MYTHREAD] = in_range((int)mine[0], 0, THREADS);
    checks[MYTHREAD] = (long long)sum_rows(rows, cols, (const double (*)[cols])vla) + (big & mask) % 7;
    m = make_msg(__func__);
    if (m && MYTHREAD == 0)
        printf("%s from %d (%zu bytes), grid %s %dx%d, eps %g\n", m->body, m->from, m->len,
               gd.name, gd.dim.x, gd.dim.y, DBL_EPSILON);
    free(m);
    upc_barrier;
    if (MYTHREAD == 0) {
        _Bool all = 1;
        for (int t = 0; t < THREADS; t++)
            all = all && seen[t];
        printf("c99: %s\n", all ? "passed" : "failed");
    }
    return 0;
}
