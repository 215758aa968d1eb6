// Berkeley VIS extensions: fixed-stride (fstrided), vector (vlist) and
// indexed (ilist) copies, get, put and shared-to-shared, and their _async
// forms completed with bupc_waitsync or bupc_trysync.
// expect-all: ok
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>
#include "check.h"

#define N 64
shared [N] int a[N * THREADS];   /* a[t*N + i] = 1000*t + i */
shared [N] int b[N * THREADS];

static void fill(void)
{
    int i;
    for (i = 0; i < N; i++) {
        a[MYTHREAD * N + i] = 1000 * MYTHREAD + i;
        b[MYTHREAD * N + i] = -1;
    }
}

int main(void)
{
    int me = MYTHREAD, nb = (MYTHREAD + 1) % THREADS;
    int buf[N], i, k;
    shared [] int *remote = (shared [] int *)&a[nb * N];
    shared [] int *mine = (shared [] int *)&b[me * N];
    shared [] int *theirs = (shared [] int *)&b[nb * N];
    bupc_handle_t h;

    fill();
    upc_barrier;

    /* fstrided get: every 4th int of the neighbour's block into a dense buffer */
    for (i = 0; i < N; i++) buf[i] = -7;
    bupc_memget_fstrided(buf, sizeof(int), sizeof(int), N / 4,
                         (shared void *)remote, sizeof(int), 4 * sizeof(int), N / 4);
    for (i = 0; i < N / 4; i++) CHECK_EQ(buf[i], 1000 * nb + 4 * i);
    CHECK_EQ(buf[N / 4], -7);

    /* fstrided get with unequal chunking: 2 chunks of 8 ints from 8 chunks of 2 ints, stride 4 ints */
    h = bupc_memget_fstrided_async(buf, 8 * sizeof(int), 16 * sizeof(int), 2,
                                   (shared void *)remote, 2 * sizeof(int), 4 * sizeof(int), 8);
    bupc_waitsync(h);
    for (k = 0; k < 16; k++) {
        int got = buf[(k / 8) * 16 + k % 8];
        CHECK_EQ(got, 1000 * nb + (k / 2) * 4 + k % 2);
    }

    /* fstrided put: a dense buffer to every other int of my b block */
    for (i = 0; i < N / 2; i++) buf[i] = 5000 + i;
    bupc_memput_fstrided((shared void *)mine, sizeof(int), 2 * sizeof(int), N / 2,
                         buf, N / 2 * sizeof(int), N / 2 * sizeof(int), 1);
    for (i = 0; i < N; i++) CHECK_EQ(mine[i], i % 2 ? -1 : 5000 + i / 2);
    upc_barrier;

    /* fstrided put async to the neighbour, then shared-to-shared copy back */
    for (i = 0; i < N; i++) buf[i] = 7000 + i;
    h = bupc_memput_fstrided_async((shared void *)theirs, 4 * sizeof(int), 8 * sizeof(int), 4,
                                   buf, 16 * sizeof(int), 16 * sizeof(int), 1);
    while (!bupc_trysync(h))
        ;
    upc_barrier;
    /* my block was written by the previous thread: ints 0-3 of each 8 */
    for (i = 0; i < 32; i++)
        if (i % 8 < 4) CHECK_EQ(mine[i], 7000 + (i / 8) * 4 + i % 8);
    upc_barrier;
    bupc_memcpy_fstrided((shared void *)mine, sizeof(int), sizeof(int), 8,
                         (shared void *)remote, sizeof(int), 2 * sizeof(int), 8);
    for (i = 0; i < 8; i++) CHECK_EQ(mine[i], 1000 * nb + 2 * i);
    upc_barrier;

    /* vlist get and put, sync and async */
    {
        int x[3], y[5];
        bupc_smemvec_t sv[2];
        bupc_pmemvec_t pv[2];
        sv[0].addr = (shared void *)&remote[10]; sv[0].len = 2 * sizeof(int);
        sv[1].addr = (shared void *)&remote[20]; sv[1].len = 6 * sizeof(int);
        pv[0].addr = x; pv[0].len = sizeof x;
        pv[1].addr = y; pv[1].len = sizeof y;
        bupc_memget_vlist(2, pv, 2, sv);
        CHECK_EQ(x[0], 1000 * nb + 10); CHECK_EQ(x[1], 1000 * nb + 11); CHECK_EQ(x[2], 1000 * nb + 20);
        for (i = 0; i < 5; i++) CHECK_EQ(y[i], 1000 * nb + 21 + i);
        for (i = 0; i < 3; i++) x[i] = 100 + i;
        for (i = 0; i < 5; i++) y[i] = 200 + i;
        sv[0].addr = (shared void *)&theirs[40];
        sv[1].addr = (shared void *)&theirs[50];
        h = bupc_memput_vlist_async(2, sv, 2, pv);
        bupc_waitsync(h);
        h = bupc_memget_vlist_async(2, pv, 2, sv);
        bupc_waitsync(h);
        CHECK_EQ(x[0], 100); CHECK_EQ(y[4], 204);
    }
    upc_barrier;
    CHECK_EQ(mine[40], 100); CHECK_EQ(mine[41], 101); CHECK_EQ(mine[50], 102); CHECK_EQ(mine[55], 204);
    upc_barrier;

    /* ilist get and put */
    {
        int p0[2], p1[2], p2[2];
        void *pl[3] = {p0, p1, p2};
        shared void *sl[2];
        sl[0] = (shared void *)&remote[30];
        sl[1] = (shared void *)&remote[60];
        bupc_memget_ilist(3, pl, 2 * sizeof(int), 2, (shared const void **)sl, 3 * sizeof(int));
        CHECK_EQ(p0[0], 1000 * nb + 30); CHECK_EQ(p1[0], 1000 * nb + 32); CHECK_EQ(p1[1], 1000 * nb + 60);
        CHECK_EQ(p2[1], 1000 * nb + 62);
        p0[0] = 1; p0[1] = 2; p1[0] = 3; p1[1] = 4; p2[0] = 5; p2[1] = 6;
        sl[0] = (shared void *)&theirs[0];
        sl[1] = (shared void *)&theirs[8];
        h = bupc_memput_ilist_async(2, sl, 3 * sizeof(int), 3, (const void **)pl, 2 * sizeof(int));
        bupc_waitsync(h);
    }
    upc_barrier;
    CHECK_EQ(mine[0], 1); CHECK_EQ(mine[2], 3); CHECK_EQ(mine[8], 4); CHECK_EQ(mine[10], 6);

    /* the totals of both sides must agree: checked by the runtime */
    DONE();
    return 0;
}
