// struct_random.upc - several fields of one remote struct element per
// iteration at a random index (seed 000 section 4.2, Listing 5 random):
// the index idx[k] is not affine, so the loop is not coalesced as a whole,
// but Table[idx[k]].a, .b and .c are one element in each iteration and are
// read from one private copy of it (one transfer instead of three).
#include <upc_relaxed.h>
#include <stdio.h>

#define SIZE 500

typedef struct data {
    double a;
    double b;
    long c;
} data_t;

shared data_t Table[SIZE * THREADS];

static int pick(int i) { return (i * 193 + 71) % SIZE; }

double gather(const int *idx, int n)
{
    int k;
    double r = 0.0;
    for (k = 0; k < n; k++) {
        r += Table[idx[k]].a * Table[idx[k]].b;
        r -= Table[idx[k]].c;
    }
    return r;
}

int main(void)
{
    int i, k, n = 0;
    int idx[SIZE];
    double want = 0.0, got;
    for (i = MYTHREAD; i < SIZE; i += THREADS) {
        Table[i].a = i % 11;
        Table[i].b = i % 3 + 1;
        Table[i].c = i % 17;
    }
    for (i = MYTHREAD; i < SIZE; i += THREADS)
        idx[n++] = pick(i);
    upc_barrier;
    got = gather(idx, n);
    for (k = 0; k < n; k++) {
        int j = idx[k];
        want += (double)(j % 11) * (j % 3 + 1) - j % 17;
    }
    printf("thread %d: r=%.1f %s\n", MYTHREAD, got, got == want ? "OK" : "FAILED");
    return got == want ? 0 : 1;
}
