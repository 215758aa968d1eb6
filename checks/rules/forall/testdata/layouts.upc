// Layouts whose distribution finegrain and forall once judged apart: the
// answer is cfg/affinity's (BlockOf).
#include <upc_relaxed.h>

#define N 64

struct S { int a[N]; struct { int b[N]; } in; };
shared struct S st;          /* on thread 0, members and all */
shared int *shared sp;       /* the pointer on thread 0, its target cyclic */
int sum;

void member_array(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &st.a[i]) // want "st.a is a member of a shared structure \\(one thread owns every element\\): test the affinity once"
        st.a[i] = i;
}

void nested_member_array(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &st.in.b[i]) // want "st.in.b is a member of a shared structure"
        st.in.b[i] = i;
}

void pointer_in_shared(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &sp[i]) // want "sp is cyclic: iterate with stride THREADS"
        sum += 1;
}
