// Layouts whose distribution finegrain and forall once judged apart: the
// answer is cfg/affinity's (BlockOf).
#include <upc_relaxed.h>

#define N 64

struct S { int a[N]; };
shared struct S st;          /* on thread 0, members and all */
shared int *shared sp;       /* the pointer on thread 0, its target cyclic */
int sum;

void member_array(void)
{
    int i;
    for (i = 0; i < N; i++)
        sum += st.a[i]; // want "about 64 remote reads per thread per execution \\(on every thread but the owner of st.a\\)"
}

void pointer_in_shared(void)
{
    int i;
    for (i = 0; i < N; i++)
        sum += sp[i]; // want "about 64\\*\\(THREADS-1\\)/THREADS remote reads per thread per execution; coalesce"
}

void pointer_affinity(shared int *p)
{
    int i;
    upc_forall (i = 0; i < N; i++; &p[i]) /* p[i] is the affinity's element: local */
        sum += p[i];
    upc_forall (i = 0; i < N; i++; &p[i + 1])
        sum += p[i]; // want "fine-grained remote reads of p\\[i\\] in this loop"
}

void nested_forall(void)
{
    int i, j;
    /* the inner affinity is ignored: the outer iteration's thread runs
       every j, and st.a lies on thread 0 */
    upc_forall (i = 0; i < N; i++; i)
        upc_forall (j = 0; j < N; j++; &st.a[j])
            sum += st.a[j]; // want "fine-grained remote reads of st.a\\[j\\]"
}

/* Rows blocked in pairs against an affinity of one row per block: row i of
   c2 is on thread (i / 2) % THREADS, not i % THREADS. */
#define NP 8
shared [NP] double a1[NP * THREADS][NP];
shared [4 * NP] double c2[NP * THREADS][2 * NP];

void product_pairs(void)
{
    int i, j;
    upc_forall (i = 0; i < NP * THREADS; i++; &a1[i][0])
        for (j = 0; j < 2 * NP; j++)
            c2[i][j] += a1[i][j % NP]; // want "fine-grained remote reads and writes of c2\\[i\\]\\[j\\]"
}
