/* Member access through pointers-to-shared checks names like any other. */
#include <upc.h>

struct node {
    int value;
    shared struct node *next;
};

shared struct node nodes[4 * THREADS];

int main(void)
{
    shared struct node *p = &nodes[MYTHREAD];
    int s = 0;
    p->next = &nodes[(MYTHREAD + 1) % THREADS];
    s += p->next->value;
    s += p->nxt->value;                        // want "no member named"
    s += nodes[0].val;                         // want "no member named"
    return s;
}
