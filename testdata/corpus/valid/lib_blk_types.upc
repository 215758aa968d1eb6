// upclint-flags: -I include -DBLK=32
/* Using typedefs that carry shared and a block size from a .uph header. */
#include "blk_types.uph"
#include <stdio.h>

#define NBLK 3

blk_t vec[BLK * NBLK * THREADS];          /* shared [BLK] double vec[...] */
sint_t cyc[4 * THREADS];
sflag_t done_flag;
shared blk_vec_t descr[THREADS];          /* shared struct with pointer-to-shared members */

static double local_norm1(blk_vec_t *v)
{
    double s = 0.0;
    int b, i;
    for (b = 0; b < v->nblocks; b++) {
        blk_ptr_t blockp = v->data + (size_t)(b * THREADS + MYTHREAD) * BLK;
        double *lp = (double *)blockp;
        for (i = 0; i < BLK; i++)
            s += lp[i] < 0 ? -lp[i] : lp[i];
    }
    return s;
}

int main(void)
{
    blk_vec_t d;
    size_t i;
    int ok = 1;

    d.nblocks = NBLK;
    d.data = vec;
    d.mine = (row_ptr_t)&vec[MYTHREAD * BLK];
    descr[MYTHREAD] = d;

    upc_forall (i = 0; i < (size_t)BLK * NBLK * THREADS; i++; &vec[i])
        vec[i] = (i % 2) ? -1.0 : 1.0;
    if (MYTHREAD == 0)
        done_flag = 0;
    upc_barrier;

    for (i = 0; i < (size_t)BLK * NBLK * THREADS; i += BLK)
        if (upc_threadof(&vec[i]) != blk_owner(i))
            ok = 0;
    if (local_norm1(&d) != BLK * NBLK)
        ok = 0;
    {
        blk_vec_t other = descr[(MYTHREAD + 1) % THREADS];
        if (other.mine[0] != 1.0 || upc_blocksizeof(*other.data) != BLK)
            ok = 0;
    }
    cyc[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < (size_t)THREADS; i++)
            ok = ok && cyc[i];
        done_flag = 1;
        printf("lib_blk_types: %s\n", ok ? "passed" : "failed");
    }
    return 0;
}
