/* Casts among pointer types: to and from shared void *, layout changes,
   shared-to-local for local data, upc_resetphase and upc_addrfield. */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>

shared [5] short s5[5 * THREADS];
shared [2] int i2[2 * THREADS];
shared int lastcheck[THREADS];

int main(void)
{
    shared void *vp;
    shared [5] short *p5;
    shared [2] int *p2;
    shared [] short *pi;
    short *local;
    int ok = 1;

    p5 = &s5[5 * MYTHREAD + 3];
    vp = p5;                                  /* implicit to shared void * keeps phase */
    if (upc_phaseof(vp) != 3)
        ok = 0;
    p5 = (shared [5] short *)vp;              /* and back */
    if (upc_phaseof(p5) != 3 || p5 != &s5[5 * MYTHREAD + 3])
        ok = 0;

    p2 = (shared [2] int *)p5;                /* different block size: phase becomes 0 */
    if (upc_phaseof(p2) != 0 || upc_threadof(p2) != (size_t)MYTHREAD)
        ok = 0;

    pi = (shared [] short *)&s5[5 * MYTHREAD];
    if (upc_threadof(pi + 4) != (size_t)MYTHREAD)
        ok = 0;

    local = (short *)&s5[5 * MYTHREAD];       /* data with affinity to me */
    local[4] = (short)MYTHREAD;
    if (s5[5 * MYTHREAD + 4] != MYTHREAD)
        ok = 0;

    if (upc_phaseof(upc_resetphase(&s5[5 * MYTHREAD + 2])) != 0)
        ok = 0;
    if (upc_addrfield(&s5[5 * MYTHREAD + 1]) - upc_addrfield(&s5[5 * MYTHREAD]) != sizeof(short))
        ok = 0;

    /* null pointer constants convert to any pointer-to-shared */
    vp = 0;
    p2 = NULL;
    if (vp != NULL || p2)
        ok = 0;

    /* integer casts of local pointers are ordinary C */
    {
        uintptr_t bits = (uintptr_t)(void *)local;
        short *again = (short *)bits;
        if (again != local)
            ok = 0;
    }
    i2[2 * MYTHREAD] = ok;
    lastcheck[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t;
        for (t = 0; t < THREADS; t++)
            ok &= lastcheck[t];
        puts(ok ? "test_ptr_casts: passed" : "test_ptr_casts: failed");
    }
    return 0;
}
