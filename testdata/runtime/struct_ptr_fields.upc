// Structs with pointer-to-shared members, private and shared.
// expect-all: ok
#include <upc.h>
#include "check.h"
struct node { shared struct node *next; int val; };
shared struct node nodes[THREADS];
struct view { shared [] int *base; int len; };
shared [] int buf[8];
int main(void)
{
    struct view v;
    int i, n;
    shared struct node *p;
    nodes[MYTHREAD].val = MYTHREAD;
    nodes[MYTHREAD].next = MYTHREAD + 1 < THREADS ? &nodes[MYTHREAD + 1] : NULL;
    if (MYTHREAD == 0)
        for (i = 0; i < 8; i++)
            buf[i] = i * 3;
    upc_barrier;
    n = 0;
    for (p = &nodes[0]; p != NULL; p = p->next)
        n += p->val + 1;
    CHECK_EQ(n, THREADS * (THREADS + 1) / 2);
    v.base = buf;
    v.len = 8;
    for (i = 0; i < v.len; i++)
        CHECK_EQ(v.base[i], 3 * i);
    CHECK(sizeof(struct node) == 24);
    DONE();
    return 0;
}
