/* Barrier statements need their semicolon: without it the next token is
   taken as the start of the barrier expression. */
#include <upc.h>
#include <stdio.h>

shared int phase[THREADS];

static void step_one(void);
static void step_two(void);

static void step_one(void)
{
    phase[MYTHREAD] = 1;
    upc_barrier
    if (MYTHREAD == 0)                      // want "expected|unexpected"
        puts("step one done");
}

static void step_two(void)
{
    phase[MYTHREAD] = 2;
    upc_notify
}                                           // want "expected|unexpected"

int main(void)
{
    step_one();
    step_two();
    upc_wait;
    return phase[MYTHREAD] != 2;
}
