/* upc_forall with affinity to members of shared structs and to elements
   reached through a pointer-to-shared expression. */
#include <upc.h>
#include <stdio.h>

typedef struct {
    int id;
    double weight;
    int neighbours[4];
} vertex_t;

shared vertex_t verts[8 * THREADS];
shared vertex_t *vp;

int main(void)
{
    int i, n = 0;

    vp = verts;
    upc_forall (i = 0; i < 8 * THREADS; i++; &verts[i].weight) {
        verts[i].id = i;
        verts[i].weight = 1.0 / (i + 1);
    }
    upc_forall (i = 0; i < 8 * THREADS; i++; &verts[i].neighbours[2])
        verts[i].neighbours[2] = (i + 2) % (8 * THREADS);
    upc_forall (i = 0; i < 8 * THREADS; i++; vp + i)
        n += verts[i].id == i;
    upc_forall (i = 0; i < 8 * THREADS; i++; &vp[i])
        n += verts[i].neighbours[2] == (i + 2) % (8 * THREADS);
    upc_barrier;
    printf("thread %d: test_forall_struct_affinity %s\n", MYTHREAD, n == 16 ? "passed" : "failed");
    return 0;
}
