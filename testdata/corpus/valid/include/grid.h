/* grid.h: a 2-D grid distributed by row slabs (static THREADS only). */
#ifndef GRID_H
#define GRID_H

#include <upc_relaxed.h>

#ifndef __UPC_STATIC_THREADS__
#  error "grid.h needs static THREADS (compile with -T/--threads)"
#endif
#ifndef GRID_N
#  define GRID_N 64
#endif

#define GRID_SLAB (GRID_N / THREADS)
#define GRID_BLOCK (GRID_SLAB * GRID_N)

typedef shared [GRID_BLOCK] double grid_t[GRID_N][GRID_N];
typedef shared [GRID_BLOCK] double (*grid_rows_t)[GRID_N];

#define GRID_FIRST_ROW() (MYTHREAD * GRID_SLAB)
#define GRID_LOCAL(g) ((double (*)[GRID_N])&(g)[GRID_FIRST_ROW()][0])

extern double grid_norm(grid_rows_t g);

#endif
