// upc_all_fclose with an asynchronous operation outstanding fails (returns
// -1, a warning) and leaves the file open; after upc_all_fwait_async it closes.
// expect-warning: asynchronous operation outstanding
// expect-all: -1 10 0
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
int main(void)
{
    char buf[10];
    int i, r1, r3;
    long r2;
    upc_file_t *fd = upc_all_fopen("pending.dat", UPC_INDIVIDUAL_FP | UPC_RDWR | UPC_CREATE | UPC_DELETE_ON_CLOSE, 0, NULL);
    if (fd == NULL) {
        printf("open failed\n");
        return 1;
    }
    for (i = 0; i < 10; i++)
        buf[i] = (char)('0' + MYTHREAD % 10);
    upc_all_fseek(fd, 10 * MYTHREAD, UPC_SEEK_SET);
    upc_all_fwrite_local_async(fd, buf, 1, 10, 0);
    r1 = upc_all_fclose(fd);
    r2 = (long)upc_all_fwait_async(fd);
    r3 = upc_all_fclose(fd);
    printf("%d %ld %d\n", r1, r2, r3);
    return 0;
}
