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
