/* Test-suite style: shared structs, arrays of shared structs, pointers to
 * shared struct members, shared pointers stored in shared memory,
 * upc_*sizeof on struct types and struct copies through upc_memcpy. */

#include <upc.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

struct particle {
    double pos[3];
    double vel[3];
    int id;
    char tag[4];
};

typedef struct particle particle_t;
typedef struct cell {
    int count;
    int first;
    shared [] particle_t *list;   /* pointer to shared inside a struct */
} cell_t;

#define NP 8

shared [NP] particle_t parts[NP * THREADS];
shared cell_t cells[THREADS];
shared [] particle_t *shared spare;
shared int ok_th[THREADS];

static int errors;
#define T(c) do { if (!(c)) { errors++; fprintf(stderr, "T%d line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

static void init_parts(void)
{
    int i, k;
    upc_forall (i = 0; i < NP * THREADS; i++; &parts[i]) {
        for (k = 0; k < 3; k++) {
            parts[i].pos[k] = i + k;
            parts[i].vel[k] = 0.0;
        }
        parts[i].id = i;
        strcpy((char *)parts[i].tag, "p");
    }
}

static void test_member_pointers(void)
{
    shared [NP] particle_t *p = &parts[MYTHREAD * NP + 1];
    shared double *vx = (shared double *)&p->vel[0];
    shared [] int *idp = &parts[MYTHREAD * NP].id;   /* &member of a shared struct: shared [] */
    T(upc_threadof(p) == (size_t)MYTHREAD);
    T(upc_threadof(idp) == (size_t)MYTHREAD);
    T(*idp == MYTHREAD * NP);
    *vx = 2.5;
    T(parts[MYTHREAD * NP + 1].vel[0] == 2.5);
    T(offsetof(particle_t, id) == 6 * sizeof(double));
}

static void test_cells(void)
{
    cell_t c;
    c.count = NP;
    c.first = MYTHREAD * NP;
    c.list = (shared [] particle_t *)&parts[MYTHREAD * NP];
    cells[MYTHREAD] = c;
    upc_barrier;
    {
        int nb = (MYTHREAD + 1) % THREADS;
        cell_t other = cells[nb];
        particle_t copy;
        T(other.count == NP);
        T(upc_threadof(other.list) == (size_t)nb);
        upc_memget(&copy, &other.list[NP - 1], sizeof copy);
        T(copy.id == other.first + NP - 1);
    }
}

static void test_spare(void)
{
    particle_t mine;
    if (MYTHREAD == 0)
        spare = (shared [] particle_t *)upc_alloc(THREADS * sizeof(particle_t));
    upc_barrier;
    memset(&mine, 0, sizeof mine);
    mine.id = 1000 + MYTHREAD;
    upc_memput(&spare[MYTHREAD], &mine, sizeof mine);
    upc_barrier;
    T(spare[(MYTHREAD + 1) % THREADS].id == 1000 + (MYTHREAD + 1) % THREADS);
    T(upc_localsizeof(parts) == NP * sizeof(particle_t));
    T(upc_elemsizeof(parts) == sizeof(particle_t));
    T(upc_blocksizeof(parts) == NP);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(spare);
}

int main(void)
{
    int i, bad = 0;
    init_parts();
    upc_barrier;
    test_member_pointers();
    test_cells();
    test_spare();
    ok_th[MYTHREAD] = errors == 0;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            bad += !ok_th[i];
        puts(bad ? "shared_struct_ptrs: failed" : "shared_struct_ptrs: passed");
    }
    return 0;
}
