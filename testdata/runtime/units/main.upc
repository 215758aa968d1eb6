/* A program of two translation units: the shared objects of units.upc
   (one with a constant initializer, one with an address initializer that
   thread 0 sets before main) are laid out with the program's own. */
#include <upc.h>
#include <stdio.h>
extern shared int counts[THREADS];
extern shared [2] int table[4 * THREADS];
extern shared [2] int *shared cursor;
extern int total(void);
shared int mine = 5;
int main(int argc, char **argv)
{
    int t;
    counts[MYTHREAD] = MYTHREAD + argc;
    upc_barrier;
    t = total();
    if (MYTHREAD == 0)
        printf("%d %d %d %d %s\n", t, table[1], *cursor, mine, argv[argc - 1]);
    return 0;
}
