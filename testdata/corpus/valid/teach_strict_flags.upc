/* Teaching example: producer/consumer hand-off with strict flags.
 * The file is compiled in the strict model with #pragma upc strict; a
 * block-scoped #pragma upc relaxed speeds up the bulk fill. */

#include <upc.h>
#include <stdio.h>

#pragma upc strict

#define MSG 32

shared int flag[THREADS];
shared [MSG] int mailbox[THREADS][MSG];
shared int acks[THREADS];

static void fill(int to, int seq)
{
#pragma upc relaxed
    int i;
    for (i = 0; i < MSG; i++)
        mailbox[to][i] = seq * MSG + i;
}

int main(void)
{
    int right = (MYTHREAD + 1) % THREADS;
    int left = (MYTHREAD + THREADS - 1) % THREADS;
    int round, i, sum;

    flag[MYTHREAD] = 0;
    upc_barrier;
    for (round = 1; round <= 3; round++) {
        fill(right, round);
        flag[right] = round;            /* strict write: ordered after the fill */
        while (flag[MYTHREAD] != round)
            ;                           /* strict read: spin until the message arrives */
        sum = 0;
        for (i = 0; i < MSG; i++)
            sum += mailbox[MYTHREAD][i];
        if (sum != round * MSG * MSG + MSG * (MSG - 1) / 2)
            printf("thread %d round %d: bad sum %d from %d\n", MYTHREAD, round, sum, left);
        upc_barrier;
    }
    acks[MYTHREAD] = 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        sum = 0;
        for (i = 0; i < THREADS; i++)
            sum += acks[i];
        printf("%s\n", sum == THREADS ? "passed" : "failed");
    }
    return 0;
}
