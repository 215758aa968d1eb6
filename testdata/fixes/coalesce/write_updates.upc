// write_updates.upc - loops that update every element of a remote range
// once (x += e), as real codes write them: the NAS EP benchmark adds its
// counts into a shared array under a lock, a matrix product adds each dot
// product into a row of C blocked otherwise than A (the upc_forall's
// affinity), a thread bumps its neighbour's row, and thread 0 adds to a
// cyclic array too long for one buffer. The range is fetched into a
// private buffer before the loop, updated there and put back after it: the
// bytes of the reads and writes it replaces, in one upc_memget and one
// upc_memput per block or per thread (per strip for the long one). A loop
// whose body runs an inner loop before the write (a neighbour's S-box row
// filled bit by bit) writes each element once too.
#include <upc_relaxed.h>
#include <stdio.h>

#define NQ 10
#define NR 2
#define M 6
#define P 5
#define LEN 12
#define PER 700
#define NB 16

shared double q[NQ * THREADS];
shared [P] double a[NR * THREADS][P];
shared [2 * M] double c[NR * THREADS][M];
shared [LEN] int x[THREADS][LEN];
shared long cnt[PER * THREADS];
shared [NB] int sbox[THREADS][NB];
upc_lock_t *lk;

void reduce(const double *qq)
{
    int i;
    upc_lock(lk);
    for (i = 0; i <= NQ - 1; i++)
        q[i] += qq[i];
    upc_unlock(lk);
}

void product(double bl[P][M])
{
    int i, j, l;
    upc_forall (i = 0; i < NR * THREADS; i++; &a[i][0]) {
        for (j = 0; j < M; j++) {
            double sum = 0;
            for (l = 0; l < P; l++)
                sum += a[i][l] * bl[l][j];
            c[i][j] += sum;
        }
    }
}

void bump(int by)
{
    int i;
    int peer = (MYTHREAD + 1) % THREADS;
    for (i = 0; i < LEN; i++)
        x[peer][i] += by * i;
}

void count(int n)
{
    int i;
    for (i = 0; i < n; i++)
        cnt[i] += i % 4 + 1;
}

void fill(int r)
{
    int i, j;
    int peer = (MYTHREAD + 1) % THREADS;
    for (i = 0; i < NB; i++) {
        int t = 0;
        for (j = 0; j < 4; j++)
            t |= ((i >> j) & 1) << (3 - j);
        sbox[peer][i] = t + r;
    }
}

int main(void)
{
    int i, j, l;
    double qq[NQ], bl[P][M], s = 0.0;
    long t = 0;
    lk = upc_all_lock_alloc();
    for (i = 0; i < NQ; i++)
        qq[i] = MYTHREAD + i * 0.5;
    for (l = 0; l < P; l++)
        for (j = 0; j < M; j++)
            bl[l][j] = (l + 2 * j) % 5;
    upc_forall (i = 0; i < NR * THREADS; i++; &a[i][0])
        for (l = 0; l < P; l++)
            a[i][l] = (i + l) % 3;
    upc_forall (i = 0; i < NR * THREADS; i++; &c[i][0])
        for (j = 0; j < M; j++)
            c[i][j] = i - j;
    upc_forall (i = 0; i < NQ * THREADS; i++; &q[i])
        q[i] = 1.0;
    upc_forall (i = 0; i < THREADS; i++; &x[i][0])
        for (j = 0; j < LEN; j++)
            x[i][j] = j;
    upc_forall (i = 0; i < PER * THREADS; i++; &cnt[i])
        cnt[i] = i;
    upc_barrier;
    reduce(qq);
    product(bl);
    bump(MYTHREAD + 1);
    fill(MYTHREAD);
    if (MYTHREAD == 0)
        count(PER * THREADS);
    upc_barrier;
    upc_forall (i = 0; i < NQ * THREADS; i++; &q[i])
        s += q[i] * (i + 1);
    upc_forall (i = 0; i < NR * THREADS; i++; &c[i][0])
        for (j = 0; j < M; j++)
            s += c[i][j] * (j + 1);
    upc_forall (i = 0; i < THREADS; i++; &x[i][0])
        for (j = 0; j < LEN; j++)
            t += x[i][j] * (j + 1);
    upc_forall (i = 0; i < PER * THREADS; i++; &cnt[i])
        t += cnt[i] % 7;
    upc_forall (i = 0; i < THREADS; i++; &sbox[i][0])
        for (j = 0; j < NB; j++)
            t += sbox[i][j] * (j + 1);
    printf("thread %d: %.1f %ld\n", MYTHREAD, s, t);
    return 0;
}
