/* NAS IS (UPC) style: integer sort with bucket counts per thread, an
 * all-to-all exchange of bucket sizes through shared arrays, key
 * redistribution with upc_memput and a full verification. */
// upclint-flags: --threads 4

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef CLASS
#define CLASS 'S'
#endif
#if CLASS == 'S'
#define TOTAL_KEYS_LOG_2 16
#define MAX_KEY_LOG_2 11
#define NUM_BUCKETS_LOG_2 9
#else
#define TOTAL_KEYS_LOG_2 20
#define MAX_KEY_LOG_2 16
#define NUM_BUCKETS_LOG_2 10
#endif

#define TOTAL_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS (1 << NUM_BUCKETS_LOG_2)
#define NUM_KEYS (TOTAL_KEYS / THREADS)
#define SIZE_OF_BUFFERS (3 * NUM_KEYS / 2)
#define MAX_ITERATIONS 10
#define SHIFT (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2)
#define MAX_PROCS 1024

typedef int INT_TYPE;
typedef int INT_TYPE2;

/* send_count[t][s]: how many keys thread s sends to thread t */
shared [MAX_PROCS] INT_TYPE send_count[THREADS][MAX_PROCS];
shared [] INT_TYPE *shared key_buff2_dir[THREADS];
shared INT_TYPE total_local_keys[THREADS];
shared int passed_th[THREADS];

static INT_TYPE key_array[SIZE_OF_BUFFERS];
static INT_TYPE bucket_size[NUM_BUCKETS];
static INT_TYPE bucket_ptrs[NUM_BUCKETS];
static INT_TYPE key_buff1[SIZE_OF_BUFFERS];
static INT_TYPE process_bucket_distrib_ptr1[NUM_BUCKETS + 1];

static double randlc(double *X, double *A)
{
    static int KS = 0;
    static double R23, R46, T23, T46;
    double T1, T2, T3, T4, A1, A2, X1, X2, Z;
    int i, j;
    if (KS == 0) {
        R23 = 1.0; R46 = 1.0; T23 = 1.0; T46 = 1.0;
        for (i = 1; i <= 23; i++) { R23 = 0.50 * R23; T23 = 2.0 * T23; }
        for (i = 1; i <= 46; i++) { R46 = 0.50 * R46; T46 = 2.0 * T46; }
        KS = 1;
    }
    T1 = R23 * *A; j = T1; A1 = j; A2 = *A - T23 * A1;
    T1 = R23 * *X; j = T1; X1 = j; X2 = *X - T23 * X1;
    T1 = A1 * X2 + A2 * X1;
    j = R23 * T1; T2 = j; Z = T1 - T23 * T2;
    T3 = T23 * Z + A2 * X2;
    j = R46 * T3; T4 = j; *X = T3 - T46 * T4;
    return R46 * *X;
}

static void create_seq(double seed, double a)
{
    double x;
    int i, k = MAX_KEY / 4;
    for (i = 0; i < NUM_KEYS; i++) {
        x = randlc(&seed, &a);
        x += randlc(&seed, &a);
        x += randlc(&seed, &a);
        x += randlc(&seed, &a);
        key_array[i] = k * x;
    }
}

static void rank(int iteration)
{
    INT_TYPE i, k, t, s, off;
    INT_TYPE *kb2;
    key_array[iteration] = iteration;
    key_array[iteration + MAX_ITERATIONS] = MAX_KEY - iteration;
    for (i = 0; i < NUM_BUCKETS; i++)
        bucket_size[i] = 0;
    for (i = 0; i < NUM_KEYS; i++)
        bucket_size[key_array[i] >> SHIFT]++;
    bucket_ptrs[0] = 0;
    for (i = 1; i < NUM_BUCKETS; i++)
        bucket_ptrs[i] = bucket_ptrs[i - 1] + bucket_size[i - 1];
    for (i = 0; i < NUM_KEYS; i++) {
        k = key_array[i];
        key_buff1[bucket_ptrs[k >> SHIFT]++] = k;
    }
    /* buckets are dealt to threads in equal ranges */
    for (t = 0; t <= THREADS; t++)
        process_bucket_distrib_ptr1[t] = t * (NUM_BUCKETS / THREADS);
    for (t = 0; t < THREADS; t++) {
        s = 0;
        for (i = process_bucket_distrib_ptr1[t]; i < process_bucket_distrib_ptr1[t + 1]; i++)
            s += bucket_size[i];
        send_count[t][MYTHREAD] = s;
    }
    upc_barrier;
    /* offsets: keys from threads before me go first */
    off = 0;
    for (s = 0; s < MYTHREAD; s++)
        off += send_count[MYTHREAD][s];
    total_local_keys[MYTHREAD] = off;
    for (; s < THREADS; s++)
        total_local_keys[MYTHREAD] += send_count[MYTHREAD][s];
    upc_barrier;
    /* send my keys for thread t into its receive buffer */
    off = 0;
    for (t = 0; t < THREADS; t++) {
        INT_TYPE dst_off = 0, n = send_count[t][MYTHREAD];
        for (s = 0; s < MYTHREAD; s++)
            dst_off += send_count[t][s];
        if (n > 0)
            upc_memput(key_buff2_dir[t] + dst_off, &key_buff1[off], n * sizeof(INT_TYPE));
        off += n;
    }
    upc_barrier;
    kb2 = (INT_TYPE *)key_buff2_dir[MYTHREAD];
    (void)kb2;
}

static int full_verify(void)
{
    /* every key received belongs to one of my buckets */
    INT_TYPE i, n = total_local_keys[MYTHREAD], errs = 0, b;
    INT_TYPE *kb2 = (INT_TYPE *)key_buff2_dir[MYTHREAD];
    INT_TYPE lo = process_bucket_distrib_ptr1[MYTHREAD], hi = process_bucket_distrib_ptr1[MYTHREAD + 1];
    for (i = 0; i < n; i++) {
        b = kb2[i] >> SHIFT;
        if (b < lo || b >= hi)
            errs++;
    }
    return errs == 0;
}

int main(void)
{
    int it, ok, all = 1, i;
    key_buff2_dir[MYTHREAD] = (shared [] INT_TYPE *)upc_alloc(2 * SIZE_OF_BUFFERS * sizeof(INT_TYPE));
    create_seq(314159265.00 + MYTHREAD, 1220703125.00);
    upc_barrier;
    for (it = 1; it <= MAX_ITERATIONS; it++) {
        if (MYTHREAD == 0)
            printf("        %d\n", it);
        rank(it);
    }
    ok = full_verify();
    passed_th[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            all &= passed_th[i];
        printf(" IS Benchmark Completed. Class %c. Verification = %s\n", CLASS, all ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
    upc_barrier;
    upc_free(key_buff2_dir[MYTHREAD]);
    return 0;
}
