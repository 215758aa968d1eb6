// ptr_blocked_tables.upc - the difference-table search of the UPC
// cryptanalysis pearl: a routine receives a blocked 3-D table of tables
// as an array parameter (a pointer to tables, shared [BLK] int
// DT[][IN][OUT]) and scans table k element by element for its largest
// entry. Every call passes the declared DTS, so the parameter's element 0
// is thread 0's first; table k spans two blocks, fetched with one
// upc_memget per block into a private copy with the table's shape.
#include <upc_relaxed.h>
#include <stdio.h>

#define NS 4
#define IN 6
#define OUT 8
#define BLK (IN * OUT / 2)

shared [BLK] int DTS[NS * THREADS][IN][OUT];
int dex[NS * 8], dey[NS * 8];

int findDC(int k, shared [BLK] int DT[][IN][OUT])
{
    int i, j, cur, best = -1;
    for (i = 0; i < IN; i++) {
        for (j = 0; j < OUT; j++) {
            cur = DT[k][i][j];
            if (cur > best && cur != IN) {
                best = cur;
                dex[k] = i;
                dey[k] = j;
            }
        }
    }
    return best;
}

int main(void)
{
    int k, t, best;
    upc_forall (k = 0; k < NS * THREADS * IN * OUT; k++; &DTS[0][0][k])
        DTS[0][0][k] = (k * 37 + 11) % 29;
    upc_barrier;
    t = (MYTHREAD * NS + 1) % (NS * THREADS);
    best = findDC(t, DTS);
    printf("thread %d: table %d best %d at %d,%d\n", MYTHREAD, t, best, dex[t], dey[t]);
    return 0;
}
