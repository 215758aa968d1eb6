// UPC-IO with individual file pointers: local reads and writes, seeks, sizes, fcntl.
// expect-all: ok
#include <upc.h>
#include <upc_io.h>
#include <string.h>
#include "check.h"
#define N 10
int main(void)
{
    int buf[N], back[N], i, fl;
    const char *name = 0;
    upc_file_t *fd = upc_all_fopen("indiv.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    CHECK(fd != NULL);
    for (i = 0; i < N; i++)
        buf[i] = MYTHREAD * 100 + i;
    CHECK_EQ(upc_all_fseek(fd, (upc_off_t)MYTHREAD * sizeof buf, UPC_SEEK_SET), MYTHREAD * sizeof buf);
    CHECK_EQ(upc_all_fwrite_local(fd, buf, sizeof(int), N, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), sizeof buf);
    CHECK_EQ(upc_all_fseek(fd, 0, UPC_SEEK_CUR), (MYTHREAD + 1) * sizeof buf);
    CHECK_EQ(upc_all_fget_size(fd), THREADS * sizeof buf);
    CHECK_EQ(upc_all_fseek(fd, -(upc_off_t)sizeof buf, UPC_SEEK_END), (THREADS - 1) * sizeof buf);
    CHECK_EQ(upc_all_fread_local(fd, back, sizeof(int), N, UPC_IN_NOSYNC | UPC_OUT_NOSYNC), sizeof back);
    CHECK_EQ(back[0], (THREADS - 1) * 100);
    CHECK_EQ(upc_all_fcntl(fd, UPC_GET_FP, NULL), UPC_INDIVIDUAL_FP);
    fl = upc_all_fcntl(fd, UPC_GET_FL, NULL);
    CHECK(fl & UPC_RDWR);
    upc_all_fcntl(fd, UPC_GET_FN, &name);
    CHECK(name && strcmp(name, "indiv.dat") == 0);
    CHECK_EQ(upc_all_fcntl(fd, UPC_ASYNC_OUTSTANDING, NULL), 0);
    CHECK_EQ(upc_all_fset_size(fd, 4), 0);
    CHECK_EQ(upc_all_fget_size(fd), 4);
    CHECK_EQ(upc_all_fpreallocate(fd, 100), 0);
    CHECK(upc_all_fget_size(fd) >= 100);
    upc_all_fclose(fd);
    DONE();
    return 0;
}
