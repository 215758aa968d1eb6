// upclint-flags: --threads 2
/* Two-thread ping-pong latency with strict flags. */
#include <upc.h>
#include <upc_tick.h>
#include <stdio.h>

#define ROUNDS 1000

strict shared int ball[THREADS];
shared [] double payload[8];

int main(void)
{
    int r, other = 1 - MYTHREAD;
    upc_tick_t t0;

    ball[MYTHREAD] = 0;
    upc_barrier;
    t0 = upc_ticks_now();
    for (r = 1; r <= ROUNDS; r++) {
        if (MYTHREAD == 0) {
            payload[r % 8] = r;
            ball[other] = r;                 /* ping */
            while (ball[MYTHREAD] != r)      /* wait for pong */
                ;
        } else {
            while (ball[MYTHREAD] != r)
                ;
            ball[other] = r;                 /* pong */
        }
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("st_pingpong: %.2f us per round trip\n",
               upc_ticks_to_ns(upc_ticks_now() - t0) / 1000.0 / ROUNDS);
    return 0;
}
