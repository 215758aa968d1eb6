/* Remote reads only: every read goes to the next thread's element of a
 * cyclic array (BenchmarkPairsOverhead's per-operation cost). Prints the
 * sum and the loop's CPU time in ns (steadier than wall time on a busy
 * machine). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 4096
shared int a[N * THREADS];

int main(int argc, char **argv)
{
	long reps = argc > 1 ? atol(argv[1]) : 100, s = 0;
	int next = (MYTHREAD + 1) % THREADS;
	for (int i = MYTHREAD; i < N * THREADS; i += THREADS)
		a[i] = i;
	upc_barrier;
	clock_t c0 = clock();
	for (long r = 0; r < reps; r++)
		for (int i = 0; i < N; i++)
			s += a[i * THREADS + next];
	double ns = (double)(clock() - c0) * 1e9 / CLOCKS_PER_SEC;
	upc_barrier;
	printf("%ld %.0f\n", s, ns);
	return 0;
}
