// UPC-IO list I/O: scattered file ranges to private and shared memory vectors.
// expect-all: ok
#include <upc.h>
#include <upc_io.h>
#include <string.h>
#include "check.h"
#define P 16
shared [P] char sbuf[P * THREADS];
int main(void)
{
    char out[2 * P], in[2 * P];
    struct upc_local_memvec mv[2];
    struct upc_shared_memvec sv[1];
    struct upc_filevec fv[2];
    upc_file_t *fd;
    int i;
    memset(out, 'a' + MYTHREAD % 26, P);
    memset(out + P, 'A' + MYTHREAD % 26, P);
    mv[0].baseaddr = out; mv[0].len = P;
    mv[1].baseaddr = out + P; mv[1].len = P;
    fv[0].offset = (upc_off_t)MYTHREAD * P; fv[0].len = P;
    fv[1].offset = (upc_off_t)(THREADS + MYTHREAD) * P; fv[1].len = P;
    fd = upc_all_fopen("list.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    CHECK_EQ(upc_all_fwrite_list_local(fd, 2, mv, 2, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), 2 * P);
    mv[0].baseaddr = in; mv[0].len = 2 * P;
    CHECK_EQ(upc_all_fread_list_local(fd, 1, mv, 2, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), 2 * P);
    CHECK(memcmp(in, out, 2 * P) == 0);
    /* thread t reads the second half of the file's piece t into its block of sbuf */
    sv[0].baseaddr = &sbuf[MYTHREAD * P]; sv[0].blocksize = P; sv[0].len = P;
    CHECK_EQ(upc_all_fread_list_shared(fd, 1, sv, 1, &fv[1], UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), P);
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        CHECK_EQ(sbuf[i * P + 3], 'A' + i % 26);
    CHECK_EQ(upc_all_fwrite_list_shared(fd, 1, sv, 1, &fv[0], UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), P);
    CHECK_EQ(upc_all_fread_list_local(fd, 1, mv, 1, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), P);
    CHECK_EQ(in[0], 'A' + MYTHREAD % 26);
    upc_all_fclose(fd);
    DONE();
    return 0;
}
