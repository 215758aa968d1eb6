// bupc_ptradd is pointer arithmetic for a block size and element size known
// at run time; the tracing calls are accepted (nothing is traced).
// expect: ok BGP
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>
shared [3] double a[3 * THREADS * 2];
int main(void)
{
    int i, bad = 0;
    bupc_trace_setmask("BGP");
    bupc_trace_settracelocal(0);
    for (i = 0; i < 6 * THREADS; i++) {
        shared [3] double *p = bupc_ptradd((shared void *)a, 3, sizeof(double), i);
        shared [3] double *q = bupc_ptradd((shared void *)p, 3, sizeof(double), -i);
        if (p != &a[i] || q != &a[0] || upc_threadof(p) != upc_threadof(&a[i]) || upc_phaseof(p) != upc_phaseof(&a[i]))
            bad++;
    }
    if (MYTHREAD == 0)
        printf("%s %s\n", bad || bupc_trace_gettracelocal() ? "FAILED" : "ok", bupc_trace_getmask());
    return 0;
}
