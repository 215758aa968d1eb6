/* Dynamic THREADS: a shared array with a definite block size needs THREADS
   exactly once, in one dimension, alone or times a constant. */
#include <upc.h>
#include <stdio.h>

#define N 100
#define SQUARE_ARRAY(T, name) shared T name[THREADS][THREADS]

shared [4] int fixed[N];                         // want "THREADS must appear exactly once"
shared int square[THREADS][THREADS];             // want "THREADS must appear exactly once"
shared [N] double ok_rows[N * THREADS];          /* fine */
SQUARE_ARRAY(long, via_macro);                   // want "THREADS must appear exactly once"

typedef shared [2] int pair_t;
pair_t pairs[16];                                // want "THREADS must appear exactly once"

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &ok_rows[i])
        ok_rows[i] = i;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%g\n", ok_rows[N * THREADS - 1]);
    return 0;
}
