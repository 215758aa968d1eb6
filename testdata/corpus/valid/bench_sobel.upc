// upclint-flags: -DIMGSIZE=128
/*
 * Sobel edge detection on an image whose rows are distributed cyclically.
 * Each thread computes its rows; the rows above and below are remote.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#ifndef IMGSIZE
#define IMGSIZE 64
#endif
#define BYTE unsigned char

typedef struct { BYTE r[IMGSIZE]; } RowOfBytes;

shared RowOfBytes orig[IMGSIZE * THREADS];
shared RowOfBytes edge[IMGSIZE * THREADS];

#define ROWS (IMGSIZE * THREADS)

static void init_image(void)
{
    int i, j;
    upc_forall (i = 0; i < ROWS; i++; &orig[i])
        for (j = 0; j < IMGSIZE; j++)
            orig[i].r[j] = (BYTE)(((i / 8) + (j / 8)) % 2 ? 255 : 0);
}

static void sobel(void)
{
    int i, j, d1, d2;
    double magnitude;

    upc_forall (i = 1; i < ROWS - 1; i++; &edge[i]) {
        for (j = 1; j < IMGSIZE - 1; j++) {
            d1 = (int)orig[i - 1].r[j + 1] - orig[i - 1].r[j - 1];
            d1 += ((int)orig[i].r[j + 1] - orig[i].r[j - 1]) << 1;
            d1 += (int)orig[i + 1].r[j + 1] - orig[i + 1].r[j - 1];

            d2 = (int)orig[i - 1].r[j - 1] - orig[i + 1].r[j - 1];
            d2 += ((int)orig[i - 1].r[j] - orig[i + 1].r[j]) << 1;
            d2 += (int)orig[i - 1].r[j + 1] - orig[i + 1].r[j + 1];

            magnitude = sqrt((double)d1 * d1 + (double)d2 * d2);
            edge[i].r[j] = magnitude > 255.0 ? 255 : (BYTE)magnitude;
        }
    }
}

int main(void)
{
    long edges = 0;
    int i, j;

    init_image();
    upc_barrier;
    sobel();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < ROWS; i++)
            for (j = 0; j < IMGSIZE; j++)
                edges += edge[i].r[j] != 0;
        printf("sobel: %ld edge pixels\n", edges);
    }
    return 0;
}
