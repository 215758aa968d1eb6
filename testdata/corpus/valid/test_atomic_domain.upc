/* UPC 1.3 atomics: a fetch-and-add counter, compare-and-swap election, min. */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdint.h>

shared int64_t counter;
shared int leader = -1;
shared double best;

int main(void)
{
    upc_atomicdomain_t *add_dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD, 0);
    upc_atomicdomain_t *cas_dom = upc_all_atomicdomain_alloc(UPC_INT, UPC_CSWAP, UPC_ATOMIC_HINT_LATENCY);
    upc_atomicdomain_t *min_dom = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_MIN, UPC_ATOMIC_HINT_DEFAULT);
    const int64_t one = 1;
    int64_t before;
    int expect = -1, me = MYTHREAD, old;
    double mine = 100.0 - MYTHREAD, ignored;
    int i;

    if (MYTHREAD == 0) {
        counter = 0;
        best = 1e300;
    }
    upc_barrier;

    for (i = 0; i < 10; i++)
        upc_atomic_relaxed(add_dom, &before, UPC_ADD, &counter, &one, NULL);
    upc_atomic_strict(cas_dom, &old, UPC_CSWAP, &leader, &expect, &me);
    upc_atomic_relaxed(min_dom, &ignored, UPC_MIN, &best, &mine, NULL);
    upc_barrier;

    if (MYTHREAD == 0) {
        int64_t total;
        upc_atomic_strict(add_dom, &total, UPC_GET, &counter, NULL, NULL);
        printf("counter %lld, leader %d, best %.1f, fast add: %d\n", (long long)total,
               leader, best, upc_atomic_isfast(UPC_INT64, UPC_ADD, &counter));
        printf("test_atomic_domain: %s\n",
               total == 10 * THREADS && leader >= 0 && best == 100.0 - (THREADS - 1)
                   ? "passed" : "failed");
    }
    upc_barrier;
    upc_all_atomicdomain_free(add_dom);
    upc_all_atomicdomain_free(cas_dom);
    upc_all_atomicdomain_free(min_dom);
    return 0;
}
