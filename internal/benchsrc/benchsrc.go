// Package benchsrc writes the small UPC files of the benchmarks that measure
// upclint's cost over many files (the command's check overhead, the
// reporters), so both measure the same program, and measures the heap that
// loaded units keep alive for the front end's and the checker's benchmarks.
package benchsrc

import "fmt"

// Kernel returns the i-th file: a upc_forall over a blocked array, a
// per-thread partial sum that thread 0 adds up after a barrier, and an
// undeclared identifier (missing0 to missing6), so every file has findings
// of the front end and of the rules.
func Kernel(i int) string {
	return fmt.Sprintf(`#include <upc.h>
#define N 64
shared [N] double a%[1]d[N*THREADS];
shared double sum%[1]d[THREADS];

double kernel%[1]d(int n) {
    double s = 0.0;
    int i;
    upc_forall (i = 0; i < N*THREADS; i++; &a%[1]d[i]) {
        s += a%[1]d[i] * 2.0;
    }
    sum%[1]d[MYTHREAD] = s;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            s += sum%[1]d[i];
    }
    return s + n + missing%[2]d;
}
`, i, i%7)
}
