/* upc_localsizeof, upc_blocksizeof, upc_elemsizeof on expressions and type names. */
#include <upc.h>
#include <stdio.h>

#define B 6

typedef struct { int a; double b; } rec_t;

shared [B] rec_t recs[B * 2 * THREADS];
shared [] float flat[20];
shared long scalar;
shared [B] int twod[THREADS][B * 2];

int main(void)
{
    int ok = 1;
    shared [B] rec_t *rp = &recs[3];

    if (upc_blocksizeof(recs) != B) ok = 0;
    if (upc_blocksizeof(*rp) != B) ok = 0;
    if (upc_blocksizeof(shared [B] rec_t) != B) ok = 0;
    if (upc_blocksizeof(shared [] float) != 0) ok = 0;
    if (upc_blocksizeof flat != 0) ok = 0;
    if (upc_elemsizeof(recs) != sizeof(rec_t)) ok = 0;
    if (upc_elemsizeof(twod) != sizeof(int)) ok = 0;
    if (upc_elemsizeof(shared int [4 * THREADS]) != sizeof(int)) ok = 0;
    if (upc_localsizeof(recs) != 2 * B * sizeof(rec_t)) ok = 0;
    if (upc_localsizeof(scalar) < sizeof(long)) ok = 0;
    if (upc_localsizeof(shared [B] int [B * THREADS]) != B * sizeof(int)) ok = 0;
    if (upc_blocksizeof(shared int) != 1) ok = 0;
    if (sizeof(shared int *) < sizeof(int *) && sizeof(shared void *) < 8) ok = 0;
    printf("thread %d: test_sizeof_ops %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
