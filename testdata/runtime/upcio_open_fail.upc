// upc_all_fopen returns NULL on every thread when the file cannot be opened (missing, or UPC_EXCL on an existing one).
// expect-all: ok
#include <upc.h>
#include <upc_io.h>
#include "check.h"
int main(void)
{
    upc_file_t *fd = upc_all_fopen("does-not-exist.dat", UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
    CHECK(fd == NULL);
    fd = upc_all_fopen("excl.dat", UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE | UPC_EXCL, 0, NULL);
    CHECK(fd != NULL);
    upc_all_fclose(fd);
    fd = upc_all_fopen("excl.dat", UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE | UPC_EXCL, 0, NULL);
    CHECK(fd == NULL);
    DONE();
    return 0;
}
