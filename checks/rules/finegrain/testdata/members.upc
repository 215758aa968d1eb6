// upclint-flags: --threads 4
// An array member of a shared structure element is storage of that
// element, not a pointer: a write to edge[i].r[j] cannot alias orig
// (GWU's Sobel benchmark); it lies on edge[i], the upc_forall's affinity
// element, so it is local.
#include <upc_relaxed.h>

#define IMGSIZE 256

typedef struct {
    unsigned char r[IMGSIZE];
} RowOfBytes;

shared [IMGSIZE / THREADS] RowOfBytes orig[IMGSIZE], edge[IMGSIZE];

void sobel(void)
{
    int i, j;
    upc_forall (i = 1; i < IMGSIZE - 1; i++; &edge[i])
        for (j = 1; j < IMGSIZE - 1; j++)
            edge[i].r[j] = orig[i - 1].r[j] + orig[i + 1].r[j]; // want "remote reads of orig\\[i - 1\\] and orig\\[i \\+ 1\\] in this loop: .*not coalescible here: each thread runs only its own iterations" "remote reads of orig\\[i - 1\\].r\\[j\\] in this loop: .*; coalesce with upc_memget" "remote reads of orig\\[i \\+ 1\\].r\\[j\\] in this loop: .*; coalesce with upc_memget"
}
