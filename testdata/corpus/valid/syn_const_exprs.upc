/* Integer constant expressions in layout qualifiers and array sizes: enums,
   sizeof, offsetof, casts, conditional operators. */
#include <upc.h>
#include <stdio.h>
#include <stddef.h>

enum { VEC = 4, LINE = 64 / sizeof(double) };

struct cell { char tag; double value; int count; };

#define BLOCK_OF(T) (LINE * sizeof(double) / sizeof(T))
#define PICK(c, a, b) ((c) ? (a) : (b))

shared [VEC] int vecs[VEC * THREADS];
shared [LINE] double lines[LINE * THREADS];
shared [BLOCK_OF(float)] float fl[BLOCK_OF(float) * THREADS];
shared [PICK(sizeof(long) == 8, 2, 4)] long picked[4 * THREADS];
shared [(int)5.9] short casted[5 * THREADS];
shared [offsetof(struct cell, count) / 4] char bytes[offsetof(struct cell, count) / 4 * THREADS];
shared [1 << 3] unsigned char pow2[(1 << 3) * THREADS];

static char static_assert_line[LINE == 8 ? 1 : -1];

int main(void)
{
    int ok = 1;
    if (upc_blocksizeof(vecs) != VEC || upc_blocksizeof(lines) != 8)
        ok = 0;
    if (upc_blocksizeof(fl) != 16 || upc_blocksizeof(casted) != 5)
        ok = 0;
    if (upc_blocksizeof(picked) != 2 || upc_blocksizeof(pow2) != 8)
        ok = 0;
    if (upc_blocksizeof(bytes) != offsetof(struct cell, count) / 4)
        ok = 0;
    (void)static_assert_line;
    printf("thread %d: syn_const_exprs %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
