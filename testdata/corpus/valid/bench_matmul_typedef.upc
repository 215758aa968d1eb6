// upclint-flags: -DBLK=16 -I include
/* Row-block matrix-vector product under dynamic THREADS using the blocked
   typedefs of blk_types.uph. */
#include "blk_types.uph"
#include <stdio.h>

#define ROWS_PER 4

blk_t M[ROWS_PER * THREADS][BLK];            /* shared [BLK] double M[..][BLK] */
blk_t xv[BLK * THREADS];
blk_t yv[BLK * THREADS];

int main(void)
{
    double xl[BLK];
    int i, j;

    upc_forall (i = 0; i < ROWS_PER * THREADS; i++; &M[i][0])
        for (j = 0; j < BLK; j++)
            M[i][j] = (i == j % (ROWS_PER * THREADS)) ? 1.0 : 0.0;
    upc_forall (j = 0; j < BLK * THREADS; j++; &xv[j])
        xv[j] = j;
    upc_barrier;
    upc_memget(xl, &xv[0], sizeof xl);           /* the first block lives on thread 0 */
    upc_forall (i = 0; i < ROWS_PER * THREADS; i++; &M[i][0]) {
        double s = 0;
        for (j = 0; j < BLK; j++)
            s += M[i][j] * xl[j];
        yv[i] = s;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("y[1] = %.1f\n", yv[1]);
    return 0;
}
