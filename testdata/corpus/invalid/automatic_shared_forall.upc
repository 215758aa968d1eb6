/* A shared temporary declared inside a upc_forall body is still automatic. */
#include <upc.h>

#define N 8

shared int out[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &out[i]) {
        shared int tmp;                        // want "automatic storage"
        static shared int counter;             /* fine */
        tmp = i;
        out[i] = tmp;
        counter = i;
    }
    return 0;
}
