/* Ordered greetings: each thread waits for its turn on a strict shared flag. */
#include <upc_strict.h>
#include <stdio.h>

shared int turn = 0;

int main(int argc, char **argv)
{
    (void)argc;
    while (turn != MYTHREAD)
        ;                       /* spin on a strict read */
    printf("%s: thread %d says hello\n", argv[0], MYTHREAD);
    fflush(stdout);
    turn = turn + 1;
    upc_barrier;
    return 0;
}
