// Blocked arrays smaller than one round of blocks (B*THREADS elements):
// their threads own unequal shares (small lies on the first quarter of
// the threads), so the message gives no count.
#include <upc_relaxed.h>

#define B 8

shared [B] int small[2 * THREADS];
shared [B] int big[B * THREADS * 4];
int sum;

void part_round(void)
{
    int i;
    for (i = 0; i < 2 * THREADS; i++)
        sum += small[i]; // want "fine-grained remote reads of small\\[i\\] in this loop: each element on another thread is a separate remote operation; coalesce"
}

void whole_rounds(void)
{
    int i;
    for (i = 0; i < B * THREADS * 4; i++)
        sum += big[i]; // want "about 32\\*THREADS\\*\\(THREADS-1\\)/THREADS remote reads per thread per execution"
}
