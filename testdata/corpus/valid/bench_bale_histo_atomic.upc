/* bale histogram in plain UPC with UPC 1.3 atomics: random updates to a
 * distributed table through an atomic domain, compared against a
 * lock-protected variant; counts are checked collectively. */

#include <upc.h>
#include <upc_atomic.h>
#include <upc_tick.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define L_NUM_COUNTS 1000
#define L_NUM_UPDATES 10000
#define NLOCKS 64

shared int64_t counts[L_NUM_COUNTS * THREADS];
upc_lock_t *shared locks[NLOCKS * THREADS];
shared int64_t tot_th[THREADS];
shared int64_t tot_all;

typedef struct {
    int64_t *index;
    int64_t n;
    double t;
} histo_t;

static double wall(void) { return (double)upc_ticks_to_ns(upc_ticks_now()) * 1e-9; }

static void histo_atomic(histo_t *h, upc_atomicdomain_t *dom)
{
    int64_t i;
    double t0 = wall();
    for (i = 0; i < h->n; i++)
        upc_atomic_relaxed(dom, NULL, UPC_INC, &counts[h->index[i]], NULL, NULL);
    upc_barrier;
    h->t = wall() - t0;
}

static void histo_locked(histo_t *h)
{
    int64_t i, idx;
    for (i = 0; i < h->n; i++) {
        idx = h->index[i];
        upc_lock(locks[idx % (NLOCKS * THREADS)]);
        counts[idx] -= 1;
        upc_unlock(locks[idx % (NLOCKS * THREADS)]);
    }
    upc_barrier;
}

int main(int argc, char **argv)
{
    histo_t h;
    int64_t i, tab = L_NUM_COUNTS * THREADS, err = 0;
    upc_atomicdomain_t *dom;
    unsigned seed = 0x1234u + 17u * MYTHREAD;

    (void)argc;
    (void)argv;
    h.n = L_NUM_UPDATES;
    h.index = malloc(h.n * sizeof(int64_t));
    if (h.index == NULL)
        upc_global_exit(1);
    for (i = 0; i < h.n; i++)
        h.index[i] = rand_r(&seed) % tab;
    upc_forall (i = 0; i < tab; i++; &counts[i])
        counts[i] = 0;
    for (i = MYTHREAD; i < NLOCKS * THREADS; i += THREADS)
        locks[i] = upc_global_lock_alloc();
    dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_INC | UPC_ADD, 0);
    upc_barrier;

    histo_atomic(&h, dom);
    histo_locked(&h);

    tot_th[MYTHREAD] = 0;
    upc_forall (i = 0; i < tab; i++; &counts[i])
        if (counts[i] != 0)
            err++;
    tot_th[MYTHREAD] = err;
    upc_all_reduceL(&tot_all, tot_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("histo: %ld bad counters, atomic phase %.3f s -> %s\n", (long)tot_all, h.t,
               tot_all == 0 ? "passed" : "failed");
    upc_all_atomicdomain_free(dom);
    free(h.index);
    return 0;
}
