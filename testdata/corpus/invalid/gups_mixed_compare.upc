/* Random access with a private cache of recently touched entries: the cache
   stores local copies, and comparing them with table addresses mixes
   pointer kinds. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>

#define TABSIZE 1024
#define CACHE 8

shared uint64_t table[TABSIZE * THREADS];

static uint64_t cache_val[CACHE];
static uint64_t *cache_ptr[CACHE];

static int cached(shared uint64_t *p)
{
    int k;
    for (k = 0; k < CACHE; k++)
        if (cache_ptr[k] == p)                 // want "mixes pointer-to-shared and pointer-to-local"
            return k;
    return -1;
}

int main(void)
{
    uint64_t ran = 1, i;
    int hits = 0;

    for (i = 0; i < TABSIZE; i++) {
        shared uint64_t *p;
        ran = (ran << 1) ^ ((int64_t)ran < 0 ? 7 : 0);
        p = &table[ran % (TABSIZE * THREADS)];
        if (cached(p) >= 0)
            hits++;
        *p ^= ran;
    }
    cache_val[0] = cache_ptr[0] != NULL;
    printf("%d hits\n", hits);
    return 0;
}
