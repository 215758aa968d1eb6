// With individual file pointers a thread's share of a collective shared read
// or write may be empty (size 0, nmemb 0, a null buffer): it transfers nothing.
// expect-all: {MYTHREAD} 0 0 ok
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
shared [] char data[8];
int main(void)
{
    long w, r;
    upc_file_t *fd = upc_all_fopen("empty.dat", UPC_INDIVIDUAL_FP | UPC_RDWR | UPC_CREATE | UPC_TRUNC | UPC_DELETE_ON_CLOSE, 0, NULL);
    if (MYTHREAD == 0) {
        int i;
        for (i = 0; i < 8; i++)
            data[i] = (char)('a' + i);
        w = (long)upc_all_fwrite_shared(fd, data, 0, 1, 8, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    } else
        w = (long)upc_all_fwrite_shared(fd, NULL, 0, 0, 0, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    if (MYTHREAD == 0)
        r = (long)upc_all_fread_shared(fd, data, 0, 1, 8, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        r = (long)upc_all_fread_shared(fd, NULL, 0, 0, 0, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("%d %ld %ld %s\n", MYTHREAD, MYTHREAD ? w : w - 8, MYTHREAD ? r : r - 8, data[7] == 'h' ? "ok" : "FAILED");
    upc_all_fclose(fd);
    return 0;
}
