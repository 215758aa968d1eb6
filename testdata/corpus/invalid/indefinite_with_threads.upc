/* Indefinite block size puts everything on one thread: THREADS has no place
   in such an array's size. */
#include <upc.h>

#define PER 10

typedef shared [] char bytes_t;

shared [] int all_on_zero[PER * THREADS];       // want "indefinite.*THREADS"
shared [0] double zeros[THREADS];               // want "indefinite.*THREADS"
bytes_t buffer[64 * THREADS];                   // want "indefinite.*THREADS"
shared [] int fine[PER];                        /* no THREADS: fine */

int main(void)
{
    if (MYTHREAD == 0)
        fine[0] = PER;
    upc_barrier;
    return fine[0] != PER;
}
