// struct_fields.upc - several fields of one remote struct element per
// iteration (seed 000 section 4.2): Table[i+1].a, .b and .c become reads of
// one private copy of the elements, fetched with one upc_memget.
#include <upc_relaxed.h>
#include <stdio.h>

#define SIZE 600

typedef struct data {
    double a;
    double b;
    long c;
} data_t;

shared data_t Table[SIZE * THREADS];

double sweep(void)
{
    int i;
    double r = 0.0;
    for (i = MYTHREAD; i < SIZE - 1; i += THREADS) {
        r += Table[i + 1].a * Table[i + 1].b; /* two fields */
        r -= Table[i + 1].c;                  /* and a third */
    }
    return r;
}

int main(void)
{
    int i;
    for (i = MYTHREAD; i < SIZE; i += THREADS) {
        Table[i].a = i % 11;
        Table[i].b = i % 3 + 1;
        Table[i].c = i % 17;
    }
    upc_barrier;
    printf("thread %d: r=%.1f\n", MYTHREAD, sweep());
    return 0;
}
