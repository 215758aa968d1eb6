/* Calling something that is not a function. */
#include <upc.h>

#define SIZE_OF(v) v(0)

struct config {
    int nsteps;
    double (*step)(double);
};

shared int counts[THREADS];

static double half(double x) { return x / 2; }

int main(void)
{
    int nsteps = 10;
    struct config cfg = { 10, half };
    double x = 1.0;

    x = cfg.step(x);                           /* fine: a function pointer member */
    x += nsteps(2);                            // want "not a function"
    x += cfg.nsteps(3);                        // want "not a function"
    x += SIZE_OF(counts[MYTHREAD]);            // want "not a function"
    return (int)x;
}
