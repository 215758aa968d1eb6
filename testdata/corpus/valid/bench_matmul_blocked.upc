// upclint-flags: -DN=256 -DBS=32
/*
 * C = A * B with square blocks owned whole by one thread.  A block of the
 * matrix is one element of a shared array of block structs; remote blocks are
 * fetched with upc_memget before the local dgemm.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef N
#define N 128
#endif
#ifndef BS
#define BS 16
#endif
#define NB (N / BS)

typedef struct block {
    double v[BS][BS];
} block_t;

/* NB*NB blocks, spread round-robin over the threads */
shared block_t *A, *B, *C;

static void local_dgemm(double (*restrict c)[BS], const double (*restrict a)[BS],
                        const double (*restrict b)[BS])
{
    int i, j, k;
    for (i = 0; i < BS; i++)
        for (k = 0; k < BS; k++) {
            const double aik = a[i][k];
            for (j = 0; j < BS; j++)
                c[i][j] += aik * b[k][j];
        }
}

static inline int owner_index(int bi, int bj) { return bi * NB + bj; }

int main(void)
{
    static block_t abuf, bbuf;
    int bi, bj, bk, idx;
    double checksum = 0.0;

    A = (shared block_t *)upc_all_alloc(NB * NB, sizeof(block_t));
    B = (shared block_t *)upc_all_alloc(NB * NB, sizeof(block_t));
    C = (shared block_t *)upc_all_alloc(NB * NB, sizeof(block_t));

    upc_forall (idx = 0; idx < NB * NB; idx++; &C[idx]) {
        block_t *a = (block_t *)&A[idx];
        block_t *b = (block_t *)&B[idx];
        block_t *c = (block_t *)&C[idx];
        int i, j;
        for (i = 0; i < BS; i++)
            for (j = 0; j < BS; j++) {
                a[0].v[i][j] = 1.0;
                b->v[i][j] = (i == j) ? 2.0 : 0.0;
                c->v[i][j] = 0.0;
            }
    }
    upc_barrier;

    for (bi = 0; bi < NB; bi++)
        for (bj = 0; bj < NB; bj++) {
            idx = owner_index(bi, bj);
            if (upc_threadof(&C[idx]) != MYTHREAD)
                continue;
            for (bk = 0; bk < NB; bk++) {
                upc_memget(&abuf, &A[owner_index(bi, bk)], sizeof(block_t));
                upc_memget(&bbuf, &B[owner_index(bk, bj)], sizeof(block_t));
                local_dgemm(((block_t *)&C[idx])->v,
                            (const double (*)[BS])abuf.v,
                            (const double (*)[BS])bbuf.v);
            }
        }
    upc_barrier;

    if (MYTHREAD == 0) {
        block_t tmp;
        for (idx = 0; idx < NB * NB; idx++) {
            upc_memget(&tmp, &C[idx], sizeof tmp);
            checksum += tmp.v[0][0] + tmp.v[BS - 1][BS - 1];
        }
        printf("checksum %.1f expected %.1f: %s\n", checksum, 4.0 * NB * NB * NB,
               checksum == 4.0 * NB * NB * NB ? "passed" : "failed");
        upc_free(A);
        upc_free(B);
        upc_free(C);
    }
    return 0;
}
