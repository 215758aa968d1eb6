/* Leaving a upc_forall with break is undefined; breaking out of an inner
   loop or switch is fine. */
#include <upc.h>

#define N 32

shared int keys[N * THREADS];
shared int found[THREADS];

int main(void)
{
    int i, j;

    found[MYTHREAD] = -1;
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) {
        if (keys[i] == 42) {
            found[MYTHREAD] = i;
            break;                              // want "break.*upc_forall"
        }
    }
    upc_forall (i = 0; i < N * THREADS; i++; &keys[i]) {
        for (j = 0; j < 3; j++)
            if (j == keys[i])
                break;                          /* fine: leaves the for */
        switch (keys[i]) {
        case 0:
            break;                              /* fine: leaves the switch */
        default:
            keys[i] = j;
        }
        if (keys[i] < 0)
            break;                              // want "break.*upc_forall"
    }
    return 0;
}
