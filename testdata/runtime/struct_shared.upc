// Shared structs and arrays of structs: field access through pointers-to-shared.
// expect-all: ok
#include <upc.h>
#include "check.h"
typedef struct { int id; double x, y; char tag[4]; } pt_t;
struct cell { long v; int flags; };
shared pt_t pts[3 * THREADS];
shared struct cell single;
shared [2] struct cell cells[2 * THREADS];
int main(void)
{
    int i;
    upc_forall (i = 0; i < 3 * THREADS; i++; &pts[i]) {
        pts[i].id = i;
        pts[i].x = i * 0.5;
        pts[i].y = -i;
        pts[i].tag[0] = 'a' + i % 26;
        pts[i].tag[1] = 0;
    }
    if (MYTHREAD == 0) {
        single.v = 42;
        single.flags = 3;
    }
    upc_forall (i = 0; i < 2 * THREADS; i++; &cells[i]) {
        shared [2] struct cell *c = &cells[i];
        c->v = 10 * i;
        (*c).flags = i;
    }
    upc_barrier;
    for (i = 0; i < 3 * THREADS; i++) {
        shared pt_t *p = &pts[i];
        pt_t copy = pts[i];
        CHECK_EQ(p->id, i);
        CHECK(p->x == i * 0.5);
        CHECK(copy.y == -i);
        CHECK_EQ(copy.tag[0], 'a' + i % 26);
        CHECK_EQ(upc_threadof(&p->y), i % THREADS);
        CHECK_EQ(upc_threadof(&pts[i].tag[2]), i % THREADS);
    }
    CHECK_EQ(single.v, 42);
    CHECK_EQ(single.flags, 3);
    for (i = 0; i < 2 * THREADS; i++) {
        struct cell c = cells[i];
        CHECK_EQ(c.v, 10 * i);
        CHECK_EQ(cells[i].flags, i);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        pt_t z = {7, 1.0, 2.0, "zz"};
        pts[THREADS - 1] = z;
    }
    upc_barrier;
    CHECK_EQ(pts[THREADS - 1].id, 7);
    CHECK_EQ(pts[THREADS - 1].tag[1], 'z');
    DONE();
    return 0;
}
