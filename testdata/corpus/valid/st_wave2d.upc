// upclint-flags: --threads 4 -DNX=64 -DNY=64
/* 2-D wave equation, three time levels rotated through pointers-to-shared. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#ifndef NX
#define NX 32
#endif
#ifndef NY
#define NY 32
#endif
#define C2 0.2
#define STEPS 50

typedef shared [NX * NY / THREADS] double field_t[NX][NY];

field_t u0, u1, u2;

int main(void)
{
    shared [NX * NY / THREADS] double (*prev)[NY] = u0;
    shared [NX * NY / THREADS] double (*cur)[NY] = u1;
    shared [NX * NY / THREADS] double (*next)[NY] = u2;
    int s, i, j;

    upc_forall (i = 0; i < NX; i++; &u0[i][0])
        for (j = 0; j < NY; j++) {
            double r = hypot(i - NX / 2, j - NY / 2);
            u0[i][j] = u1[i][j] = exp(-r * r / 8.0);
            u2[i][j] = 0.0;
        }
    upc_barrier;
    for (s = 0; s < STEPS; s++) {
        shared [NX * NY / THREADS] double (*tmp)[NY];
        upc_forall (i = 1; i < NX - 1; i++; &next[i][0])
            for (j = 1; j < NY - 1; j++)
                next[i][j] = 2 * cur[i][j] - prev[i][j]
                           + C2 * (cur[i + 1][j] + cur[i - 1][j] + cur[i][j + 1] + cur[i][j - 1] - 4 * cur[i][j]);
        upc_barrier;
        tmp = prev;
        prev = cur;
        cur = next;
        next = tmp;
    }
    if (MYTHREAD == 0)
        printf("st_wave2d: centre amplitude %.6f\n", cur[NX / 2][NY / 2]);
    return 0;
}
