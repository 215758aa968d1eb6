// Bulk copies of struct arrays with affinity to one thread.
// expect-all: ok
#include <upc.h>
#include "check.h"
typedef struct { int k; float v; } kv_t;
shared [] kv_t table[32];
int main(void)
{
    kv_t local[32];
    int i;
    if (MYTHREAD == 0) {
        for (i = 0; i < 32; i++) {
            local[i].k = i;
            local[i].v = i * 0.25f;
        }
        upc_memput(table, local, sizeof local);
    }
    upc_barrier;
    upc_memget(local, &table[8], 8 * sizeof(kv_t));
    for (i = 0; i < 8; i++) {
        CHECK_EQ(local[i].k, 8 + i);
        CHECK(local[i].v == (8 + i) * 0.25f);
    }
    DONE();
    return 0;
}
