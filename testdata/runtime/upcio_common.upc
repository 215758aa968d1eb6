// UPC-IO with the common file pointer: write a blocked shared array, read it back into another layout.
// expect-all: ok
#include <upc.h>
#include <upc_io.h>
#include "check.h"
#define B 8
shared [B] int a[B * THREADS];
shared int c[B * THREADS];
int main(void)
{
    int i;
    upc_file_t *fd;
    upc_off_t n;
    upc_forall (i = 0; i < B * THREADS; i++; &a[i])
        a[i] = i * 3;
    fd = upc_all_fopen("common.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    CHECK(fd != NULL);
    n = upc_all_fwrite_shared(fd, a, B, sizeof(int), B * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK_EQ(n, B * THREADS * sizeof(int));
    CHECK_EQ(upc_all_fget_size(fd), B * THREADS * sizeof(int));
    CHECK_EQ(upc_all_fseek(fd, 0, UPC_SEEK_CUR), B * THREADS * sizeof(int));
    CHECK_EQ(upc_all_fseek(fd, 0, UPC_SEEK_SET), 0);
    n = upc_all_fread_shared(fd, c, 1, sizeof(int), B * THREADS, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    CHECK_EQ(n, B * THREADS * sizeof(int));
    upc_barrier;
    for (i = 0; i < B * THREADS; i++)
        CHECK_EQ(c[i], i * 3);
    /* at end of file: nothing more */
    CHECK_EQ(upc_all_fread_shared(fd, c, 1, sizeof(int), 1, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), 0);
    CHECK_EQ(upc_all_fsync(fd), 0);
    CHECK_EQ(upc_all_fclose(fd), 0);
    DONE();
    return 0;
}
