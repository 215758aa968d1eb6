// Using a UPC-IO handle after upc_all_fclose is an error.
// expect-error: closed
#include <upc.h>
#include <upc_io.h>
int main(void)
{
    upc_file_t *fd = upc_all_fopen("closed.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fclose(fd);
    upc_all_fsync(fd);
    return 0;
}
