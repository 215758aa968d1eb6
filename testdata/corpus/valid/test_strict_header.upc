/* <upc_strict.h> makes unqualified shared accesses strict; relaxed can still be asked for. */
#include <upc_strict.h>
#include <stdio.h>

shared int token;                      /* strict by default in this file */
relaxed shared int bulk[16 * THREADS];

int main(void)
{
    int i, holder;

    if (MYTHREAD == 0)
        token = 0;
    upc_barrier;
    for (;;) {
        holder = token;
        if (holder == MYTHREAD) {
            for (i = 0; i < 16; i++)
                bulk[i * THREADS + MYTHREAD] = holder;
            upc_fence;                 /* make the relaxed writes visible first */
            token = holder + 1;
            break;
        }
    }
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        printf("test_strict_header: %s\n", token == THREADS ? "passed" : "failed");
    return 0;
}
