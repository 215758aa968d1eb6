// Accesses only some threads run in an iteration, and writes to two
// distinct shared structures.
#include <upc_relaxed.h>

#define N 100

struct rec { long len; long off; };
shared [] struct rec all[N];          /* on thread 0 */
shared [] int split[N];               /* on thread 0 */
struct rec mine[N];

/* Each thread copies the records assigned to it: it reads about
   N/THREADS of them, so the message states no count. */
int select_mine(void)
{
    int i, k = 0;
    for (i = 0; i < N; i++)
        if (split[i] == MYTHREAD) // want "fine-grained remote reads of split\\[i\\] in this loop: about 100 remote reads per thread per execution"
            mine[k++] = all[i]; // want "fine-grained remote reads of all\\[i\\] in this loop: each element on another thread is a separate remote operation"
    return k;
}

typedef struct { int a[64]; } U;
shared U udata, adata[2 * THREADS];

/* udata.a and adata[1].a are two distinct objects: no aliasing. */
void two_structs(void)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < THREADS; i++) {
            udata.a[i] = i;
            adata[1].a[i] = i; // want "fine-grained remote writes of adata\\[1\\].a\\[i\\] in this loop: about THREADS remote writes per thread per execution \\(on every thread but the owner of adata\\[1\\].a\\); write into a private buffer"
        }
}
