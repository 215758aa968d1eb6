// addr_shapes.upc - element-wise reads of cyclic shared arrays written as
// address arithmetic on an element, as C code ported to UPC keeps them:
// (&sig[i])[k] for a window that starts at element i, *(&sig[i] + k) for
// the same with pointer arithmetic, and (&img[r][0])[c] for a row of a
// two-dimensional array. Pointer arithmetic on a pointer-to-shared follows
// the array's layout, so each is the element-wise read sig[i + k] (or
// img[r][c]) and is coalesced as such: one upc_memget per owning thread.
#include <upc_relaxed.h>
#include <stdio.h>

#define NPER 40
#define TAPS 24
#define W 32

shared double sig[NPER * THREADS];
shared int img[4 * THREADS][W];

double fir(int i)
{
    int k;
    double s = 0;
    for (k = 0; k < TAPS; k++)
        s += (&sig[i])[k] * (TAPS - k);
    return s;
}

double energy(int i)
{
    int k;
    double s = 0;
    for (k = 0; k < TAPS; k++)
        s += *(&sig[i] + k) * *(&sig[i] + k);
    return s;
}

long row_checksum(int r)
{
    int c;
    long s = 0;
    for (c = 0; c < W; c++)
        s += (&img[r][0])[c] * (c + 1);
    return s;
}

int main(void)
{
    int i, c;
    upc_forall (i = 0; i < NPER * THREADS; i++; &sig[i])
        sig[i] = (i * 7) % 11 - 5;
    for (i = 0; i < 4 * THREADS; i++)
        upc_forall (c = 0; c < W; c++; &img[i][c])
            img[i][c] = (i * 31 + c * 17) % 23;
    upc_barrier;
    i = (MYTHREAD * 3) % (NPER * THREADS - TAPS);
    printf("thread %d: fir %.1f energy %.1f row %ld\n", MYTHREAD, fir(i), energy(i + 1),
           row_checksum((MYTHREAD + 1) % (4 * THREADS)));
    return 0;
}
