/* Non-blocking copies of <upc_nb.h>: explicit and implicit handles. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>
#include <string.h>

#define CH 32

shared [CH] char ring[CH * THREADS];
shared [CH] char copy[CH * THREADS];

int main(void)
{
    char out[CH], in[CH];
    upc_handle_t h;
    int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
    int ok = 1, i;

    memset(out, 'a' + MYTHREAD % 26, sizeof out);
    h = upc_memput_nb(&ring[right * CH], out, CH);
    upc_sync(h);
    upc_barrier;

    h = upc_memget_nb(in, &ring[MYTHREAD * CH], CH);
    while (!upc_sync_attempt(h))
        ;
    for (i = 0; i < CH; i++)
        if (in[i] != 'a' + left % 26)
            ok = 0;

    upc_memcpy_nbi(&copy[MYTHREAD * CH], &ring[MYTHREAD * CH], CH);
    upc_memset_nbi(&ring[MYTHREAD * CH], 0, CH / 2);
    upc_synci();
    h = upc_memset_nb(&ring[MYTHREAD * CH + CH / 2], 0, CH / 2);
    if (h != UPC_COMPLETE_HANDLE)
        upc_sync(h);
    while (!upc_synci_attempt())
        ;
    upc_barrier;
    if (copy[MYTHREAD * CH] != 'a' + left % 26 || ring[MYTHREAD * CH + CH - 1] != 0)
        ok = 0;
    printf("thread %d: test_nb_copies %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
