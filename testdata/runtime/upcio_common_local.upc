// UPC-IO local writes with the common pointer: pieces follow each other in thread order.
// expect-all: ok
#include <upc.h>
#include <upc_io.h>
#include "check.h"
int main(void)
{
    int mine[2] = {MYTHREAD, -MYTHREAD}, all[2 * 8], i;
    upc_file_t *fd = upc_all_fopen("cl.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC | UPC_DELETE_ON_CLOSE, 0, NULL);
    CHECK_EQ(upc_all_fwrite_local(fd, mine, sizeof(int), 2, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), sizeof mine);
    CHECK_EQ(upc_all_fseek(fd, 0, UPC_SEEK_CUR), THREADS * sizeof mine);
    upc_all_fcntl(fd, UPC_SET_INDIVIDUAL_FP, NULL);
    CHECK_EQ(upc_all_fcntl(fd, UPC_GET_FP, NULL), UPC_INDIVIDUAL_FP);
    CHECK_EQ(upc_all_fread_local(fd, all, sizeof(int), 2 * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC), 2 * THREADS * sizeof(int));
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ(all[2 * i], i);
        CHECK_EQ(all[2 * i + 1], -i);
    }
    upc_all_fclose(fd);
    DONE();
    return 0;
}
