/* Baseline for barrier.c: a process-shared pthread barrier across n
 * forked processes, in plain C. Usage: pthread_barrier NPROC ITERATIONS */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	(void)argc;
	int np = atoi(argv[1]), n = atoi(argv[2]);
	pthread_barrier_t *b = mmap(NULL, sizeof *b, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_barrierattr_t at;
	pthread_barrierattr_init(&at);
	pthread_barrierattr_setpshared(&at, PTHREAD_PROCESS_SHARED);
	pthread_barrier_init(b, &at, (unsigned)np);
	for (int p = 0; p < np; p++) {
		if (fork() == 0) {
			struct timespec t0, t1, c0, c1;
			pthread_barrier_wait(b);
			clock_gettime(CLOCK_MONOTONIC, &t0);
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
			for (int i = 0; i < n; i++)
				pthread_barrier_wait(b);
			clock_gettime(CLOCK_MONOTONIC, &t1);
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
			if (p == 0)
				printf("%.1f ns/barrier cpu %.1f\n", ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / n,
			       ((c1.tv_sec - c0.tv_sec) * 1e9 + (c1.tv_nsec - c0.tv_nsec)) / n);
			fflush(stdout);
			_exit(0);
		}
	}
	while (wait(NULL) > 0)
		;
	return 0;
}
