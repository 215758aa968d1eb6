// upclint-flags: --threads 4 -DWIDTH=256 -DHEIGHT=192
/* Mandelbrot set with dynamic row scheduling through a locked shared counter. */
#include <upc.h>
#include <stdio.h>

#ifndef WIDTH
#define WIDTH 128
#endif
#ifndef HEIGHT
#define HEIGHT 96
#endif
#define MAXITER 256

shared [WIDTH] unsigned short image[HEIGHT][WIDTH];
shared int next_row;
shared int rows_done[THREADS];
upc_lock_t *row_lock;

static unsigned short escape(double cr, double ci)
{
    double zr = 0.0, zi = 0.0;
    unsigned short n = 0;
    while (n < MAXITER && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2.0 * zr * zi + ci;
        zr = t;
        n++;
    }
    return n;
}

static int grab_row(void)
{
    int r;
    upc_lock(row_lock);
    r = next_row;
    next_row = r + 1;
    upc_unlock(row_lock);
    return r < HEIGHT ? r : -1;
}

int main(void)
{
    unsigned short line[WIDTH];
    int r, c, count = 0;

    row_lock = upc_all_lock_alloc();
    if (MYTHREAD == 0)
        next_row = 0;
    upc_barrier;
    while ((r = grab_row()) >= 0) {
        for (c = 0; c < WIDTH; c++)
            line[c] = escape(-2.0 + 3.0 * c / WIDTH, -1.2 + 2.4 * r / HEIGHT);
        upc_memput(&image[r][0], line, sizeof line);
        count++;
    }
    rows_done[MYTHREAD] = count;
    upc_barrier;
    if (MYTHREAD == 0) {
        long inside = 0;
        int total = 0;
        for (r = 0; r < THREADS; r++)
            total += rows_done[r];
        for (r = 0; r < HEIGHT; r++)
            for (c = 0; c < WIDTH; c++)
                inside += image[r][c] == MAXITER;
        printf("st_mandelbrot: %d rows, %ld points inside: %s\n", total, inside,
               total == HEIGHT ? "passed" : "failed");
        upc_lock_free(row_lock);
    }
    return 0;
}
