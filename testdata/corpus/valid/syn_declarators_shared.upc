/* Declarators that combine pointers-to-shared with functions and arrays. */
#include <upc.h>
#include <stdio.h>

#define B 4

typedef shared [B] int blk_int;
typedef int handler_fn(shared int *, int);          /* a function type */

shared [B] int data[B * THREADS];
shared int flags[THREADS];

/* an array of pointers to shared blocked ints */
static shared [B] int *rows[2];
/* a pointer to an array of 2 pointers-to-shared */
static shared [B] int *(*prows)[2] = &rows;
/* a function returning a pointer-to-shared */
static shared [B] int *row_of(int t) { return &data[B * t]; }
/* a pointer to a function returning a pointer-to-shared */
static shared [B] int *(*row_fn)(int) = row_of;
/* a function declared through a function typedef */
static handler_fn set_flag;
/* a function returning a pointer to a function that takes a pointer-to-shared */
static handler_fn *choose(int which);

static int set_flag(shared int *f, int v)
{
    *f = v;
    return v;
}

static handler_fn *choose(int which)
{
    return which ? set_flag : 0;
}

int main(void)
{
    blk_int *p;
    handler_fn *h = choose(1);
    int ok = 1;
    size_t s1 = sizeof(shared [B] int *(*)(int));
    size_t s2 = sizeof(blk_int (*)[B]);

    rows[0] = row_of(MYTHREAD);
    rows[1] = (*row_fn)((MYTHREAD + 1) % THREADS);
    p = (*prows)[0];
    p[0] = MYTHREAD;
    h(&flags[MYTHREAD], 1);
    upc_barrier;
    if ((*prows)[1][0] != (MYTHREAD + 1) % THREADS || flags[(MYTHREAD + 1) % THREADS] != 1)
        ok = 0;
    if (s1 == 0 || s2 == 0 || (shared void *)p != (shared void *)&data[B * MYTHREAD])
        ok = 0;
    printf("thread %d: syn_declarators_shared %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
