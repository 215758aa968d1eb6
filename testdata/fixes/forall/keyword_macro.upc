// UPC 1.1's spelling of the keyword: <upc.h> defines forall as upc_forall.
// The invocation is the file's own text, replaced whole; a loop that a
// macro writes (CHECK) keeps its affinity test. Sizes are written as the
// declarations name them: rows of NC where NR and NC are equal (GWU's
// matrix), a block size that no one macro names as its declaration's text.
// Self-checking: every iteration must run exactly once, on the thread the
// affinity names; each thread prints what it ran, thread 0 the verdict.
#include <upc.h>
#include <stdio.h>

#define NR 16
#define NC 16
#define IMG 40

typedef struct { unsigned char r[IMG]; } row_t;

shared [NC] double m[NR * THREADS][NC];    /* one row per block */
shared double v[NC * THREADS];     /* cyclic */
shared [IMG/10] row_t img[IMG * THREADS];  /* blocks of 4 rows */
shared [] int flag[8];             /* all on thread 0 */
shared int hit[(IMG + 8) * THREADS];  /* 1 + the thread that ran iteration i */
static int ran;                   /* iterations this thread ran */
static long sum;                  /* and the sum of their numbers */

#define CHECK(x) forall (i = 0; i < 8; i++; &x[i]) x[i] += i;

void kernel(void)
{
    int i, j;
    forall(i=0;i<NR;i++;&m[i][0])
      for(j=0;j<NC;j++)
        m[i][j] = i * j + 1;

    forall(j=0;j<NC;j++;&v[j])
      v[j] = j + 3;

    forall(j=0;j<8;j++;&flag[j])
      flag[j] = j * j;

    forall(i=1; i<(IMG-1); i++; &img[i])
    {
      img[i].r[0] = (unsigned char)i;
      hit[i] += MYTHREAD + 1;
      ran++;
      sum += i;
    }
    CHECK(flag)
}

int main(void)
{
    int i, j, bad = 0;
    double s = 0;
    kernel();
    upc_barrier;
    printf("thread %d: %d iterations, sum %ld\n", MYTHREAD, ran, sum);
    if (MYTHREAD == 0) {
        for (i = 0; i < IMG + 8; i++) {
            int want = i >= 1 && i < IMG - 1 ? (i / (IMG/10)) % THREADS + 1 : 0;
            if (hit[i] != want) {
                if (bad++ < 3)
                    printf("iteration %d: ran on %d, want %d\n", i, hit[i] - 1, want - 1);
            }
        }
        for (i = 0; i < NR; i++)
            for (j = 0; j < NC; j++)
                s += m[i][j] * (j + 1) + v[j];
        for (i = 0; i < 8; i++)
            s += flag[i];
        printf("checksum %.1f\n", s);
        printf("keyword_macro: %s\n", bad ? "FAILED" : "OK");
    }
    return bad != 0;
}
