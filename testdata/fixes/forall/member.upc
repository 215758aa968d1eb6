// array member of a shared structure: the structure, members and all, has
// affinity to thread 0 (UPC 1.3 6.5.2.1), so one test before the loop
// selects the thread that runs every iteration.
// Self-checking: every iteration must run exactly once, on thread 0.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 37

struct S { int a[N]; int ran[N]; };
shared struct S st;
static int ran;                   /* iterations this thread ran */

void kernel(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &st.a[i]) {
        st.a[i] = i;
        st.ran[i] += MYTHREAD + 1;
        ran++;
    }
}

int main(void)
{
    int i, bad = 0;
    kernel();
    upc_barrier;
    printf("thread %d: %d iterations\n", MYTHREAD, ran);
    if (MYTHREAD == 0) {
        for (i = 0; i < N; i++) {
            if (st.ran[i] != 1 || st.a[i] != i) {
                if (bad++ < 3)
                    printf("iteration %d: ran on %d\n", i, st.ran[i] - 1);
            }
        }
        printf("member: %s\n", bad ? "FAILED" : "OK");
    }
    return bad != 0;
}
