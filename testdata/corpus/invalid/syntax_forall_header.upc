/* upc_forall takes exactly four clauses. */
#include <upc.h>

#define N 8

shared int x[N * THREADS];
shared int y[N * THREADS];

void init_x(void);
void init_y(void);

void init_x(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i]; i)   // want "expected|unexpected"
        x[i] = 0;
}

void init_y(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++)             // want "expected|unexpected"
        y[i] = 0;
}

int main(void)
{
    int i;
    init_x();
    init_y();
    upc_forall (i = 0; i < N * THREADS; i++; &x[i])
        x[i] += y[i];
    return 0;
}
