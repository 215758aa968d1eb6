// member_rows.upc - an image kept as a shared array of row structures,
// distributed by blocks of rows and filtered under owner computes (GWU's
// Sobel benchmark): the neighbour rows are read element by element
// through the row's array member, their index given by a macro. The parts
// of the three rows that an iteration reads are fetched before the column
// loop, one upc_memget per row: only the rows next to another thread's
// block are remote. Each row's edge strength is summed into its owner's
// element of rowsum.
#include <upc_relaxed.h>
#include <stdio.h>

#define W 48
#define RB 5
#define H (RB * THREADS)
#define PREV_ROW(i) ((i) - 1)
#define NEXT_ROW(i) ((i) + 1)

typedef struct {
    unsigned char r[W];
} row_t;

shared [RB] row_t orig[RB * THREADS];
shared [RB] long rowsum[RB * THREADS];

void sobel(void)
{
    int i, j, d1, d2;
    upc_forall (i = 1; i < H - 1; i++; &rowsum[i]) {
        long t = 0;
        for (j = 1; j < W - 1; j++) {
            d1 = orig[PREV_ROW(i)].r[j + 1] - orig[PREV_ROW(i)].r[j - 1];
            d1 += (orig[i].r[j + 1] - orig[i].r[j - 1]) << 1;
            d1 += orig[NEXT_ROW(i)].r[j + 1] - orig[NEXT_ROW(i)].r[j - 1];
            d2 = orig[PREV_ROW(i)].r[j - 1] - orig[NEXT_ROW(i)].r[j - 1];
            d2 += (orig[PREV_ROW(i)].r[j] - orig[NEXT_ROW(i)].r[j]) << 1;
            d2 += orig[PREV_ROW(i)].r[j + 1] - orig[NEXT_ROW(i)].r[j + 1];
            d1 = d1 < 0 ? -d1 : d1;
            d2 = d2 < 0 ? -d2 : d2;
            t += d1 + d2 > 255 ? 255 : d1 + d2;
        }
        rowsum[i] = t;
    }
}

int main(void)
{
    int i, j;
    long s = 0;
    upc_forall (i = 0; i < H; i++; &orig[i]) {
        unsigned char row[W];
        for (j = 0; j < W; j++)
            row[j] = (unsigned char)((i * 37 + j * j * 11) % 251);
        upc_memput(&orig[i].r[0], row, W);
    }
    upc_barrier;
    sobel();
    upc_barrier;
    upc_forall (i = 1; i < H - 1; i++; &rowsum[i])
        s += rowsum[i] * (i % 7 + 1);
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
