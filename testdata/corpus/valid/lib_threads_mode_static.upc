// upclint-flags: -DNPERTHREAD=64 --threads 8
/* Conditional compilation on the THREADS mode: with static THREADS the array
   size is written as a total, with dynamic THREADS per thread. Built here in
   the static environment (8 threads); lib_threads_mode.upc is the dynamic build. */
#include <upc.h>
#include <stdio.h>

#ifndef NPERTHREAD
#define NPERTHREAD 16
#endif

#ifdef __UPC_STATIC_THREADS__
#  define TOTAL (NPERTHREAD * THREADS)
   shared [NPERTHREAD] int data[TOTAL];           /* THREADS is a constant here */
   shared [*] int star[TOTAL];
#  define MODE "static"
#else
   shared [NPERTHREAD] int data[NPERTHREAD * THREADS];
   shared [*] int star[NPERTHREAD * THREADS];
#  define MODE "dynamic"
#endif

#if defined(__UPC_DYNAMIC_THREADS__) && defined(__UPC_STATIC_THREADS__)
#  error "both THREADS modes defined"
#endif

#if __UPC__ != 1 || __UPC_VERSION__ < 200505L
#  error "needs a UPC 1.2 or later compiler"
#endif

int main(void)
{
    int i, ok = 1;

    upc_forall (i = 0; i < NPERTHREAD * THREADS; i++; &data[i]) {
        data[i] = i;
        star[i] = -i;
    }
    upc_barrier;
    for (i = 0; i < NPERTHREAD * THREADS; i++)
        if (upc_threadof(&data[i]) != upc_threadof(&star[i]) || data[i] + star[i] != 0)
            ok = 0;
    if (MYTHREAD == 0)
        printf("lib_threads_mode (%s, UPC %ld): %s\n", MODE, (long)__UPC_VERSION__,
               ok ? "passed" : "failed");
    return 0;
}
