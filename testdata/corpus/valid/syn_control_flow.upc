/* Statements: goto and labels, switch with fall-through, do-while, the comma
   operator, nested ternaries, and a upc_forall body using all of them. */
#include <upc.h>
#include <stdio.h>

#define N 12

shared int grade[N * THREADS];
shared int tally[4 * THREADS];

static int classify(int v)
{
    int score = 0;
    switch (v % 5) {
    case 0:
        score += 1;
        /* fall through */
    case 1:
    case 2:
        score += 2;
        break;
    case 3: {
        int bonus = v > 10 ? 3 : v > 5 ? 2 : 1;
        score = bonus;
        break;
    }
    default:
        score = -1;
    }
    return score;
}

static int find_first_negative(const int *v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (v[i] < 0)
            goto found;
    return -1;
found:
    return i;
}

int main(void)
{
    int i, j, local[N], n = 0;
    int retries = 0;

    upc_forall (i = 0; i < N * THREADS; i++; &grade[i]) {
        int c = classify(i);
        if (c < 0)
            continue;
        grade[i] = c;
    }
    upc_barrier;

    for (i = 0, j = N - 1; i < j; i++, j--)
        local[i] = local[j] = (i * 7 + 3) % 5 - 2;
    if (N % 2)
        local[N / 2] = 0;

    do {
        n = find_first_negative(local, N);
        retries++;
    } while (n < 0 && retries < 3);

    tally[4 * MYTHREAD + 0] = n;
    tally[4 * MYTHREAD + 1] = retries;
    tally[4 * MYTHREAD + 2] = (n >= 0, retries);
    tally[4 * MYTHREAD + 3] = grade[MYTHREAD];

retry_barrier:
    upc_barrier;
    if (tally[4 * MYTHREAD + 1] == 0)
        goto retry_barrier;                 /* never taken: every thread made at least one try */
    if (MYTHREAD == 0)
        printf("syn_control_flow: %s\n", tally[1] == 1 && tally[2] == 1 ? "passed" : "failed");
    return 0;
}
