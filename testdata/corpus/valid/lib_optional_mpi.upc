/* Hybrid code: MPI is included only when built with -DUSE_MPI (not here). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(USE_MPI)
#  include <mpi.h>
#  define INIT(argc, argv) MPI_Init(&(argc), &(argv))
#  define FINALIZE()       MPI_Finalize()
#elif defined(USE_SHMEM)
#  include <shmem.h>
#  define INIT(argc, argv) shmem_init()
#  define FINALIZE()       shmem_finalize()
#else
#  define INIT(argc, argv) ((void)(argc), (void)(argv))
#  define FINALIZE()       ((void)0)
#endif

#if 0
#include <this/header/does/not/exist.h>
this is not C at all, and is never compiled;
#endif

shared int tokens[THREADS];

int main(int argc, char **argv)
{
    int t, ok = 1;

    INIT(argc, argv);
    tokens[MYTHREAD] = MYTHREAD * MYTHREAD;
    upc_barrier;
    for (t = 0; t < THREADS; t++)
        if (tokens[t] != t * t)
            ok = 0;
    FINALIZE();
    printf("thread %d: lib_optional_mpi %s\n", MYTHREAD, ok ? "passed" : "failed");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
