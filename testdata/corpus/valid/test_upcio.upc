/* UPC-IO: write a blocked shared array with one collective call, read it back
   into private buffers with individual file pointers. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <stdlib.h>

#define BLK 256
#define FNAME "upcio_test.dat"

shared [BLK] int data[BLK * THREADS];

int main(void)
{
    upc_file_t *fd;
    struct upc_hint hints[1];
    int buf[BLK];
    upc_off_t n, size;
    int i, ok = 1;

    hints[0].key = "access_style";
    hints[0].value = "write_once";

    upc_forall (i = 0; i < BLK * THREADS; i++; &data[i])
        data[i] = i;

    fd = upc_all_fopen(FNAME, UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC, 1, hints);
    if (fd == NULL) {
        if (MYTHREAD == 0)
            fprintf(stderr, "cannot open %s\n", FNAME);
        upc_global_exit(1);
    }
    n = upc_all_fwrite_shared(fd, data, BLK, sizeof(int), BLK * THREADS,
                              UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (n != (upc_off_t)(BLK * THREADS * sizeof(int)))
        ok = 0;
    upc_all_fsync(fd);
    size = upc_all_fget_size(fd);
    upc_all_fclose(fd);

    fd = upc_all_fopen(FNAME, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
    upc_all_fseek(fd, (upc_off_t)MYTHREAD * BLK * sizeof(int), UPC_SEEK_SET);
    n = upc_all_fread_local(fd, buf, sizeof(int), BLK, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    for (i = 0; i < BLK; i++)
        if (buf[i] != MYTHREAD * BLK + i)
            ok = 0;
    printf("thread %d: file size %ld, test_upcio %s\n", MYTHREAD, (long)size,
           ok && n > 0 ? "passed" : "failed");
    return 0;
}
