// UPC-IO asynchronous operations: wait and test return the transferred bytes.
// expect-all: ok
#include <upc.h>
#include <upc_io.h>
#include "check.h"
shared [4] int s[4 * THREADS];
int main(void)
{
    int v[4] = {1, 2, 3, MYTHREAD}, w[4] = {0}, flag = 0, i;
    upc_file_t *fd = upc_all_fopen("async.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    upc_all_fseek(fd, (upc_off_t)MYTHREAD * sizeof v, UPC_SEEK_SET);
    upc_all_fwrite_local_async(fd, v, sizeof(int), 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK_EQ(upc_all_fcntl(fd, UPC_ASYNC_OUTSTANDING, NULL), 1);
    CHECK_EQ(upc_all_fwait_async(fd), sizeof v);
    upc_all_fseek(fd, (upc_off_t)MYTHREAD * sizeof v, UPC_SEEK_SET);
    upc_all_fread_local_async(fd, w, sizeof(int), 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK_EQ(upc_all_ftest_async(fd, &flag), sizeof w);
    CHECK_EQ(flag, 1);
    CHECK_EQ(w[3], MYTHREAD);
    upc_all_fcntl(fd, UPC_SET_COMMON_FP, NULL);
    upc_all_fread_shared_async(fd, s, 4, sizeof(int), 4 * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK_EQ(upc_all_fwait_async(fd), 4 * THREADS * sizeof(int));
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        CHECK_EQ(s[4 * i + 3], i);
    upc_all_fclose(fd);
    DONE();
    return 0;
}
