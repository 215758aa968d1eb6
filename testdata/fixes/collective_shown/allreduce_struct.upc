// allreduce_struct.upc - members of a shared configuration struct read by
// every thread: one broadcast per member.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

typedef struct {
    int n;
    double tol;
} config_t;

shared config_t cfg;

int main(void)
{
    int n;
    if (MYTHREAD == 0) {
        cfg.n = 64;
        cfg.tol = 0.25;
    }
    upc_barrier;
    n = cfg.n;
    double tol = cfg.tol;
    int ok = n == 64 && tol == 0.25;
    printf("thread %d: n=%d tol=%.2f %s\n", MYTHREAD, n, tol, ok ? "OK" : "FAILED");
    return !ok;
}
