/* An "on thread 0" macro used for a per-thread-sized buffer. */
#include <upc.h>

#define ON_ZERO shared []
#define PER_THREAD 8

ON_ZERO int results[PER_THREAD * THREADS];     // want "indefinite.*THREADS"
ON_ZERO int header[PER_THREAD];                /* fine */

int main(void)
{
    if (MYTHREAD == 0)
        header[0] = THREADS;
    results[MYTHREAD] = MYTHREAD;
    return 0;
}
