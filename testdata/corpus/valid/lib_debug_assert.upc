// upclint-flags: -DDEBUG_LEVEL=2 -UNDEBUG
/* Assertion and tracing macros with stringizing, token pasting and
   variadic arguments, compiled in or out by DEBUG_LEVEL. */
#include <upc.h>
#include <stdio.h>
#include <assert.h>

#ifndef DEBUG_LEVEL
#define DEBUG_LEVEL 0
#endif

#define STR_(x) #x
#define STR(x) STR_(x)
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define UNIQUE(name) CAT(name, __LINE__)

#if DEBUG_LEVEL >= 1
#  define TRACE(fmt, ...) fprintf(stderr, "[%d] %s:%d " fmt "\n", MYTHREAD, __FILE__, __LINE__, __VA_ARGS__)
#else
#  define TRACE(fmt, ...) ((void)0)
#endif

#if DEBUG_LEVEL >= 2
#  define UPC_ASSERT(cond)                                                       \
     do {                                                                        \
         if (!(cond)) {                                                          \
             fprintf(stderr, "[%d] assertion '%s' failed at " __FILE__ ":" STR(__LINE__) "\n", \
                     MYTHREAD, #cond);                                           \
             upc_global_exit(3);                                                 \
         }                                                                       \
     } while (0)
#  define CHECK_AFFINITY(p) UPC_ASSERT(upc_threadof(p) == (size_t)MYTHREAD)
#else
#  define UPC_ASSERT(cond) ((void)0)
#  define CHECK_AFFINITY(p) ((void)0)
#endif

#define VERSION_STRING "corpus-" STR(DEBUG_LEVEL)

shared [4] int arr[4 * THREADS];

int main(void)
{
    int CAT(tmp_, DEBUG_LEVEL) = 1;      /* tmp_2 */
    int UNIQUE(line_) = __LINE__;
    int i;

    TRACE("starting %s with %d threads", VERSION_STRING, THREADS);
    upc_forall (i = 0; i < 4 * THREADS; i++; &arr[i]) {
        CHECK_AFFINITY(&arr[i]);
        arr[i] = i;
    }
    upc_barrier;
    UPC_ASSERT(arr[4 * THREADS - 1] == 4 * THREADS - 1);
    assert(THREADS >= 1);
    TRACE("done, tmp=%d", CAT(tmp_, DEBUG_LEVEL));
    if (MYTHREAD == 0)
        puts("lib_debug_assert: passed");
    return 0;
}
