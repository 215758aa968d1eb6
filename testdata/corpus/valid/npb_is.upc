// upclint-flags: -DCLASS_S
/*
 * NPB IS kernel, UPC: bucket sort of integer keys.  Keys are ranked locally,
 * bucket sizes are exchanged through shared arrays, then keys are sent to
 * their owner with upc_memput into a per-thread receive buffer.
 */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(CLASS_S)
#  define TOTAL_KEYS_LOG_2 16
#  define MAX_KEY_LOG_2 11
#  define NUM_BUCKETS_LOG_2 9
#elif defined(CLASS_W)
#  define TOTAL_KEYS_LOG_2 20
#  define MAX_KEY_LOG_2 16
#  define NUM_BUCKETS_LOG_2 10
#else
#  define TOTAL_KEYS_LOG_2 23
#  define MAX_KEY_LOG_2 19
#  define NUM_BUCKETS_LOG_2 10
#endif

#define TOTAL_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS (1 << NUM_BUCKETS_LOG_2)
#define MAX_ITERATIONS 10
#define SHIFT (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2)
#define RECV_PER_THREAD TOTAL_KEYS   /* generous: the key distribution is skewed */

typedef int INT_TYPE;
typedef shared [] INT_TYPE *row_t;     /* a row that lives on one thread */

/* directory of rows: send_count[t][s] = keys thread s sends to thread t */
shared row_t send_count[THREADS];
shared row_t recv_buf[THREADS];
shared INT_TYPE recv_total[THREADS];
shared INT_TYPE passed_verification;

static INT_TYPE key_array[TOTAL_KEYS];
static INT_TYPE bucket_size[NUM_BUCKETS];
static INT_TYPE bucket_ptrs[NUM_BUCKETS];
static INT_TYPE key_buff2[TOTAL_KEYS];

static double randlc(double *x, double a)
{
    const double r23 = 1.1920928955078125e-07, t23 = 8388608.0;
    const double r46 = r23 * r23, t46 = t23 * t23;
    double t1, t2, t3, t4, a1, a2, x1, x2, z;

    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;
    t1 = r23 * *x;
    x1 = (int)t1;
    x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int)(r46 * t3);
    *x = t3 - t46 * t4;
    return r46 * *x;
}

static void create_seq(double seed, double a, int nkeys)
{
    double x;
    int i, k = MAX_KEY / 4;
    for (i = 0; i < nkeys; i++) {
        x = randlc(&seed, a);
        x += randlc(&seed, a);
        x += randlc(&seed, a);
        x += randlc(&seed, a);
        key_array[i] = (INT_TYPE)(k * x);
    }
}

static void rank(int iteration, int nkeys)
{
    int i, t;
    INT_TYPE *my_counts;

    key_array[iteration] = iteration;
    key_array[iteration + MAX_ITERATIONS] = MAX_KEY - iteration;

    memset(bucket_size, 0, sizeof bucket_size);
    for (i = 0; i < nkeys; i++)
        bucket_size[key_array[i] >> SHIFT]++;
    bucket_ptrs[0] = 0;
    for (i = 1; i < NUM_BUCKETS; i++)
        bucket_ptrs[i] = bucket_ptrs[i - 1] + bucket_size[i - 1];
    for (i = 0; i < nkeys; i++)
        key_buff2[bucket_ptrs[key_array[i] >> SHIFT]++] = key_array[i];

    /* buckets are split evenly: bucket b goes to thread b / (NUM_BUCKETS/THREADS) */
    my_counts = malloc(THREADS * sizeof(INT_TYPE));
    for (t = 0; t < THREADS; t++)
        my_counts[t] = 0;
    for (i = 0; i < NUM_BUCKETS; i++)
        my_counts[i * THREADS / NUM_BUCKETS] += bucket_size[i];
    for (t = 0; t < THREADS; t++)
        send_count[t][MYTHREAD] = my_counts[t];
    upc_barrier;

    {
        INT_TYPE offset = 0, s0 = 0;
        const INT_TYPE *mine = (const INT_TYPE *)send_count[MYTHREAD];
        for (t = 0; t < THREADS; t++) {
            row_t counts_t = send_count[t];
            INT_TYPE before = 0;
            int s;
            for (s = 0; s < MYTHREAD; s++)
                before += counts_t[s];
            if (my_counts[t] > 0)
                upc_memput(recv_buf[t] + before, key_buff2 + offset,
                           my_counts[t] * sizeof(INT_TYPE));
            offset += my_counts[t];
        }
        for (s0 = 0, t = 0; t < THREADS; t++)
            s0 += mine[t];
        recv_total[MYTHREAD] = s0;
    }
    upc_barrier;
    free(my_counts);
}

int main(void)
{
    const int nkeys = TOTAL_KEYS / THREADS;
    int it;

    send_count[MYTHREAD] = (row_t)upc_alloc(THREADS * sizeof(INT_TYPE));
    recv_buf[MYTHREAD] = (row_t)upc_alloc(RECV_PER_THREAD * sizeof(INT_TYPE));
    create_seq(314159265.00 + MYTHREAD, 1220703125.00, nkeys);
    if (MYTHREAD == 0)
        passed_verification = 0;
    upc_barrier;

    for (it = 1; it <= MAX_ITERATIONS; it++) {
        if (MYTHREAD == 0)
            printf("        %d\n", it);
        rank(it, nkeys);
    }

    if (MYTHREAD == 0) {
        long total = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            total += recv_total[t];
        printf("IS: %ld keys received in the last pass (%s)\n", total,
               total == (long)nkeys * THREADS ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
    upc_barrier;
    upc_free(send_count[MYTHREAD]);
    upc_free(recv_buf[MYTHREAD]);
    return 0;
}
