// Barrier ids that differ between threads stop the program with an error.
// threads: 2 3 4
// expect-error: (?i)barrier|mismatch|id
#include <upc.h>
#include <stdio.h>
int main(void)
{
    upc_barrier MYTHREAD == 1 ? 5 : 6;
    printf("not reached\n");
    return 0;
}
