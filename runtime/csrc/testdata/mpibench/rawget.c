/* The baseline of get.c in plain MPI-3: the same transfers as MPI_Get +
 * MPI_Win_flush on a window allocated with MPI_Win_allocate under a
 * lock_all epoch, as the MPI backend does them. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MB (1 << 20)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, size, n = atoi(argv[1]), m = atoi(argv[2]);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	char *base;
	MPI_Win win;
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "same_size", "true");
	MPI_Info_set(info, "same_disp_unit", "true");
	MPI_Win_allocate(MB + 64, 1, info, MPI_COMM_WORLD, &base, &win);
	MPI_Info_free(&info);
	memset(base, 2, MB);
	double v = rank;
	memcpy(base + MB, &v, sizeof v);
	MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		char *dst = malloc(MB);
		double s = 0, x;
		int t = size - 1;
		double t0 = now();
		for (int i = 0; i < n; i++) {
			MPI_Get(dst, MB, MPI_BYTE, t, 0, MB, MPI_BYTE, win);
			MPI_Win_flush(t, win);
		}
		double t1 = now();
		for (int i = 0; i < m; i++) {
			MPI_Get(&x, 8, MPI_BYTE, t, MB, 8, MPI_BYTE, win);
			MPI_Win_flush(t, win);
			s += x;
		}
		double t2 = now();
		printf("memget1MB %.1f ns get8 %.1f ns (%g %d)\n", (t1 - t0) / n, (t2 - t1) / m, s, dst[7]);
		free(dst);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Win_unlock_all(win);
	MPI_Win_free(&win);
	MPI_Finalize();
	return 0;
}
