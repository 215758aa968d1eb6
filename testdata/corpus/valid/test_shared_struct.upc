/* Shared structs: whole-struct copies, member access, &s.member, arrays of structs. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

struct particle {
    double pos[3];
    double mass;
    int id;
    struct particle *next_local;          /* a private pointer member: fine in shared data */
    shared struct particle *next_shared;  /* a pointer-to-shared member: fine */
};

typedef struct {
    int wait;           /* not a keyword: upc_wait is */
    int notify;
    int barrier;
    long shared_count;
} counters_t;

shared struct particle parts[4 * THREADS];
shared counters_t ctr[THREADS];
shared struct particle origin;          /* a scalar shared struct: lives on thread 0 */

int main(void)
{
    struct particle p;
    shared [] double *mp;
    int i, ok = 1;

    memset(&p, 0, sizeof p);
    p.mass = 1.0 + MYTHREAD;
    p.id = MYTHREAD;
    upc_forall (i = 0; i < 4 * THREADS; i++; &parts[i]) {
        p.pos[0] = i;
        p.next_shared = &parts[(i + 1) % (4 * THREADS)];
        parts[i] = p;                      /* whole-struct store */
    }
    ctr[MYTHREAD].wait = 1;
    ctr[MYTHREAD].notify = 2;
    ctr[MYTHREAD].barrier = 3;
    ctr[MYTHREAD].shared_count = 0;
    if (MYTHREAD == 0) {
        origin.mass = 0.0;
        origin.pos[2] = -1.0;
    }
    upc_barrier;

    for (i = 0; i < 4 * THREADS; i++) {
        struct particle q = parts[i];      /* whole-struct load */
        if (q.pos[0] != i)
            ok = 0;
        if (q.next_shared != &parts[(i + 1) % (4 * THREADS)])
            ok = 0;
        if (parts[i].next_shared->pos[0] != (i + 1) % (4 * THREADS))
            ok = 0;
    }
    mp = (shared [] double *)&origin.pos[0];  /* a member of a shared struct */
    if (mp[2] != -1.0 || upc_threadof(mp) != 0)
        ok = 0;
    if (ctr[(MYTHREAD + 1) % THREADS].wait + ctr[0].notify + ctr[0].barrier != 6)
        ok = 0;
    upc_barrier;
    printf("thread %d: test_shared_struct %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
