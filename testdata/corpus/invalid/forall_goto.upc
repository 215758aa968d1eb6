/* goto out of a upc_forall is rejected; a goto within the body is fine. */
#include <upc.h>
#include <stdio.h>

#define N 16

shared int a[N * THREADS];

int main(void)
{
    int i, errors = 0;

    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        if (a[i] < 0)
            goto fail;                          // want "goto.*upc_forall"
        if (a[i] == 0)
            goto next;                          /* fine: stays inside */
        a[i]--;
    next:
        ;
    }
    upc_forall (i = 0; i < N * THREADS; i++; i) {
        if (i > N)
            goto done;                          // want "goto.*upc_forall"
    }
done:
    upc_barrier;
    return errors;
fail:
    printf("negative value\n");
    return 1;
}
