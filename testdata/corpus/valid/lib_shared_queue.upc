/* A bounded multi-producer queue on thread 0, protected by one lock; a
   simple task farm on top of it. */
#include <upc.h>
#include <stdio.h>
#include <stdbool.h>

#define QCAP 256
#define NTASKS 100

typedef struct task {
    int id;
    int cost;
} task_t;

typedef struct queue {
    int head, tail, count;
    task_t slot[QCAP];
} queue_t;

shared queue_t q;                 /* lives on thread 0 */
upc_lock_t *qlock;
shared [] int done_by[NTASKS];   /* indefinite: on thread 0 */
shared int work_done[THREADS];

static bool q_push(task_t t)
{
    bool ok = false;
    upc_lock(qlock);
    if (q.count < QCAP) {
        q.slot[q.tail] = t;
        q.tail = (q.tail + 1) % QCAP;
        q.count++;
        ok = true;
    }
    upc_unlock(qlock);
    return ok;
}

static bool q_pop(task_t *out)
{
    bool ok = false;
    upc_lock(qlock);
    if (q.count > 0) {
        *out = q.slot[q.head];
        q.head = (q.head + 1) % QCAP;
        q.count--;
        ok = true;
    }
    upc_unlock(qlock);
    return ok;
}

static int do_task(const task_t *t)
{
    int i, x = t->id;
    for (i = 0; i < t->cost; i++)
        x = (x * 31 + 7) % 1009;
    return x;
}

int main(void)
{
    task_t t;
    int i, mine = 0;

    qlock = upc_all_lock_alloc();
    if (MYTHREAD == 0) {
        q.head = q.tail = q.count = 0;
        for (i = 0; i < NTASKS; i++) {
            task_t nt = { i, 10 + i % 7 };
            while (!q_push(nt))
                ;
        }
    }
    upc_barrier;
    while (q_pop(&t)) {
        (void)do_task(&t);
        done_by[t.id] = MYTHREAD;
        mine++;
    }
    work_done[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (i = 0; i < THREADS; i++)
            total += work_done[i];
        printf("lib_shared_queue: %d tasks done: %s\n", total, total == NTASKS ? "passed" : "failed");
        upc_lock_free(qlock);
    }
    return 0;
}
