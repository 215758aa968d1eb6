/* Low-level GNU C in UPC code as found in timers and runtime glue:
 * inline asm, case ranges, ?: with an omitted operand, computed goto,
 * __int128, packed and zero-length structs, __sync and Berkeley atomics. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>
#include <stddef.h>
#include <bupc_extensions.h>
shared int64_t ctr[THREADS];
struct __attribute__((packed)) hdr { char c; int x; };
struct zl { int n; int data[0]; };
typedef unsigned __int128 u128;
static __inline__ uint64_t rdtsc(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}
int classify(int c)
{
    switch (c) {
    case 'a' ... 'z': return 1;
    case '0' ... '9': return 2;
    default: return 0;
    }
}
int main(void)
{
    int x = 0, *p = &x;
    int y = x ?: 5;
    __extension__ long long z = 1LL;
    size_t off = __builtin_offsetof(struct hdr, x);
    int al = __alignof__(double);
    void *lbl = &&done;
    int64_t old = bupc_atomicI64_fetchadd_relaxed(&ctr[0], 1);
    __sync_fetch_and_add(p, 1);
    asm volatile("" ::: "memory");
    typeof(x) w = 3;
    int *__restrict__ q = p;
    u128 big = (u128)1 << 100;
    (void)old;
    goto *lbl;
done:
    printf("%d %d %lld %zu %d %d %d %d\n", y, classify('q'), z, off, al, w, *q, (int)(big >> 100));
    return 0;
}
