/* Qualifiers in all the places the grammar allows them. */
#include <upc.h>
#include <stdio.h>

int shared x;                         /* shared after the type */
const shared int cx = 5;              /* const shared scalar, initialized */
shared const int cx2 = 6;
shared void * strict shared vp;       /* a strict shared pointer-to-shared void */
int *shared lp;                       /* a shared pointer to private int */
shared [4] int
    split_decl[4 * THREADS];          /* the declarator on the next line */
shared
[
  2
]
long very_split[2 * THREADS];         /* layout qualifier split over lines */
int shared [3] after[3 * THREADS];    /* layout qualifier after the type */
shared [2] int *volatile vpp;         /* private volatile pointer to shared */
shared int *restrict rp;              /* restrict pointer to shared */
volatile shared int vol[THREADS];
shared [5] int (*ap)[5];              /* pointer to a shared array of 5 */

int main(void)
{
    int ok = 1;

    if (MYTHREAD == 0) {
        x = 1;
        vp = &x;
        lp = NULL;
    }
    vpp = (shared [2] int *)&split_decl[0];   /* layout-changing cast */
    rp = (shared int *)&vol[MYTHREAD];
    *rp = 1;
    after[3 * MYTHREAD] = MYTHREAD;
    split_decl[4 * MYTHREAD] = cx + cx2;
    very_split[2 * MYTHREAD + 1] = 7L;
    upc_barrier;
    if (*(shared int *)vp != 1 || split_decl[0] != 11 || vol[0] != 1)
        ok = 0;
    if (after[3 * ((MYTHREAD + 1) % THREADS)] != (MYTHREAD + 1) % THREADS)
        ok = 0;
    ap = 0;
    (void)vpp;
    (void)ap;
    printf("thread %d: test_qualifier_positions %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
