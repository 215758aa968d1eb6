/* An error-checking macro that returns, used inside a upc_forall body: the
   diagnostic points at the macro's use. */
#include <upc.h>
#include <stdio.h>

#define CHECK_OR_RETURN(cond, code)                   \
    do {                                              \
        if (!(cond)) {                                \
            fprintf(stderr, "check failed: %s\n", #cond); \
            return (code);                            \
        }                                             \
    } while (0)

#define N 32

shared [N] float samples[N * THREADS];

static int validate(void)
{
    int i;
    CHECK_OR_RETURN(THREADS > 0, -1);              /* fine: not inside the loop */
    upc_forall (i = 0; i < N * THREADS; i++; &samples[i]) {
        CHECK_OR_RETURN(samples[i] >= 0.0f, i);    // want "return.*upc_forall"
    }
    return 0;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &samples[i])
        samples[i] = (float)i;
    upc_barrier;
    return validate();
}
