/* A layout qualifier whose ']' is missing. */
#include <upc.h>

#define B 4

shared [B int blocked[B * THREADS];        // want "expected|unexpected"

shared [B * 2] double ok_one[B * 2 * THREADS];

shared [*
int starred[10 * THREADS];                 // want "expected|unexpected"

int main(void)
{
    int i;
    upc_forall (i = 0; i < B * 2 * THREADS; i++; &ok_one[i])
        ok_one[i] = i;
    return 0;
}
