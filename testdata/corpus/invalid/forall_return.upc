/* Returning from inside a upc_forall leaves it: undefined behaviour that the
   checker rejects. */
#include <upc.h>

#define N 16

shared double x[N * THREADS];

static int first_negative(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i])
        if (x[i] < 0)
            return i;                           // want "return.*upc_forall"
    return -1;
}

static void normalise(double s)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; i) {
        if (s == 0.0) {
            return;                             // want "return.*upc_forall"
        }
        x[i] /= s;
    }
}

int main(void)
{
    normalise(2.0);
    return first_negative() >= 0;
}
