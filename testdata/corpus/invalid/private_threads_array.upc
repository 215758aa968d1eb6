/* NAS-style sizes derived from THREADS: a private array with static
   storage duration cannot have a variable length, and THREADS is not a
   constant under dynamic THREADS (only shared arrays may use it). */
#include <upc.h>

#define TOTAL_KEYS (1 << 16)
#define NUM_KEYS (TOTAL_KEYS / THREADS)
#define SIZE_OF_BUFFERS (3 * NUM_KEYS / 2)

static int key_array[SIZE_OF_BUFFERS];      // want "array 'key_array' with static storage duration cannot have a variable length: THREADS"
int bucket_of_thread[THREADS];              // want "array 'bucket_of_thread' with static storage duration"
shared int keys[NUM_KEYS * THREADS];        // want "THREADS must appear exactly once"
shared [] int *shared dir[THREADS];         /* fine: shared, THREADS once */

int rank(int n)
{
    static double scratch[NUM_KEYS];        // want "array 'scratch' with static storage duration"
    int local[NUM_KEYS];                    /* fine: automatic VLA */
    int i;
    for (i = 0; i < n && i < NUM_KEYS; i++)
        local[i] = key_array[i] + bucket_of_thread[MYTHREAD] + (int)scratch[i];
    return local[0];
}
