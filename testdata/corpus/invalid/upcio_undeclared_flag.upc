/* UPC-IO with a misspelled open flag. */
#include <upc.h>
#include <upc_io.h>

#define BLK 64

shared [BLK] int data[BLK * THREADS];

int main(void)
{
    upc_file_t *fd;
    fd = upc_all_fopen("out.dat", UPC_WRONLY | UPC_COMMON_FP | UPC_CREAT, 0, NULL);   // want "undeclared identifier"
    upc_all_fwrite_shared(fd, data, BLK, sizeof(int), BLK * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    return 0;
}
