/* UPC-IO list and asynchronous calls: each thread writes two separate pieces
   of the file from a private buffer, then reads back asynchronously. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <string.h>

#define PIECE 32

shared [PIECE] char sbuf[PIECE * THREADS];

int main(void)
{
    char local[2 * PIECE], back[2 * PIECE];
    struct upc_local_memvec mv[1];
    struct upc_filevec fv[2];
    upc_file_t *fd;
    upc_off_t done;
    int ok;

    memset(local, 'A' + MYTHREAD % 26, sizeof local);
    mv[0].baseaddr = local;
    mv[0].len = sizeof local;
    fv[0].offset = (upc_off_t)MYTHREAD * PIECE;
    fv[0].len = PIECE;
    fv[1].offset = (upc_off_t)(THREADS + MYTHREAD) * PIECE;
    fv[1].len = PIECE;

    fd = upc_all_fopen("io_list.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (!fd)
        upc_global_exit(1);
    upc_all_fwrite_list_local(fd, 1, mv, 2, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, (upc_off_t)MYTHREAD * PIECE, UPC_SEEK_SET);
    upc_all_fread_local_async(fd, back, 1, PIECE, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    done = upc_all_fwait_async(fd);
    upc_all_fread_shared(fd, sbuf, PIECE, 1, PIECE * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    ok = done == PIECE && back[0] == local[0];
    printf("thread %d: test_io_list %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
