/* Non-blocking gets in the network model. With THREADS = 2, thread 0 reads
 * K = 16 times 8 bytes of thread 1's element of a[THREADS], in the way
 * argv[1] says:
 *   none      no read (the program's fixed cost)
 *   blocking  upc_memget each time
 *   nb        upc_memget_nb all, then upc_sync all
 *   nbsync    upc_memget_nb and upc_sync right after, each time
 *   nbi       upc_memget_nbi all, then upc_synci
 *   async     bupc_memget_async all, then bupc_waitsync all
 *   overlap   one upc_memget_nb, K blocking upc_memget, then its upc_sync
 * Written by hand in the translator's output form.
 */
#include "testprog.h"
#include <string.h>

#define K 16

TEST_FILES("nb_overlap.upc");

static upcr_sptr_t a;
static const upcr_shared_decl_t upcr_shared[] = {
	{&a, "a", sizeof(unsigned long), 1, 1, 1, NULL, 0},
};

int upcr_user_main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "none";
	unsigned long buf[K + 1];
	upc_handle_t h[K];
	bupc_handle_t b[K];
	upcr_put_ulong(upcr_index(a, MYTHREAD, sizeof(unsigned long), 1), (unsigned long)MYTHREAD + 1,
		       UPCR_LOC(0, 1));
	upcr_barrier(0, 0, UPCR_LOC(0, 2));
	if (MYTHREAD == 0 && THREADS > 1) {
		upcr_sptr_t src = upcr_index(a, 1, sizeof(unsigned long), 1);
		int k;
		if (!strcmp(mode, "blocking")) {
			for (k = 0; k < K; k++)
				upcr_memget(&buf[k], src, sizeof(unsigned long), UPCR_LOC(0, 3));
		} else if (!strcmp(mode, "nb")) {
			for (k = 0; k < K; k++)
				h[k] = upcr_memget_nb(&buf[k], src, sizeof(unsigned long), UPCR_LOC(0, 4));
			for (k = 0; k < K; k++)
				upcr_sync(h[k], UPCR_LOC(0, 5));
		} else if (!strcmp(mode, "nbsync")) {
			for (k = 0; k < K; k++) {
				h[k] = upcr_memget_nb(&buf[k], src, sizeof(unsigned long), UPCR_LOC(0, 6));
				upcr_sync(h[k], UPCR_LOC(0, 7));
			}
		} else if (!strcmp(mode, "nbi")) {
			for (k = 0; k < K; k++)
				upcr_memget_nbi(&buf[k], src, sizeof(unsigned long), UPCR_LOC(0, 8));
			upcr_synci(UPCR_LOC(0, 9));
		} else if (!strcmp(mode, "async")) {
			for (k = 0; k < K; k++)
				b[k] = upcr_bupc_memget_async(&buf[k], src, sizeof(unsigned long), UPCR_LOC(0, 10));
			for (k = 0; k < K; k++)
				upcr_bupc_waitsync(b[k], UPCR_LOC(0, 11));
		} else if (!strcmp(mode, "overlap")) {
			h[0] = upcr_memget_nb(&buf[K], src, sizeof(unsigned long), UPCR_LOC(0, 12));
			for (k = 0; k < K; k++)
				upcr_memget(&buf[k], src, sizeof(unsigned long), UPCR_LOC(0, 13));
			upcr_sync(h[0], UPCR_LOC(0, 14));
		}
		if (strcmp(mode, "none") && buf[0] != 2)
			printf("wrong value %lu\n", buf[0]);
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 15));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
