// A second asynchronous UPC-IO operation before the wait is an error.
// expect-error: asynchronous
#include <upc.h>
#include <upc_io.h>
int main(void)
{
    int v[2] = {0, 0};
    upc_file_t *fd = upc_all_fopen("twice.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    upc_all_fwrite_local_async(fd, v, sizeof(int), 2, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fwrite_local_async(fd, v, sizeof(int), 2, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return 0;
}
