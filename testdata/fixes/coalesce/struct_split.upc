// struct_split.upc - struct element coalescing across the items of a loop
// body (seed 000 section 4.2): the reads of Grid[j] form one group until j
// is assigned again, and the reads after that form another, so each
// iteration copies two elements, each once. The element has an array
// member, read through the copy too. Each group reads every field: a copy
// of an element of which a loop reads some fields is only shown.
#include <upc_relaxed.h>
#include <stdio.h>

#define SIZE 300

typedef struct cell {
    int id;
    float scale; /* no padding: a copy moves only the fields read */
    double w[3];
} cell_t;

shared cell_t Grid[SIZE * THREADS];

double walk(int start, int steps)
{
    int s, j = start;
    double acc = 0.0;
    for (s = 0; s < steps; s++) {
        double first = Grid[j].w[0] * Grid[j].scale + Grid[j].id;
        acc += first + Grid[j].w[2] - Grid[j].w[1];
        j = (j * 7 + 3) % SIZE;
        acc -= Grid[j].id * 0.5;
        acc += Grid[j].w[1] + Grid[j].scale;
        acc += Grid[j].w[0] * Grid[j].w[2];
    }
    return acc;
}

int main(void)
{
    int i, s, j;
    double want = 0.0, got;
    for (i = MYTHREAD; i < SIZE; i += THREADS) {
        Grid[i].id = i;
        Grid[i].w[0] = i % 5;
        Grid[i].w[1] = i % 7;
        Grid[i].w[2] = i % 9;
        Grid[i].scale = (float)(i % 4) + 0.5f;
    }
    upc_barrier;
    got = walk(MYTHREAD * 11 % SIZE, 200);
    j = MYTHREAD * 11 % SIZE;
    for (s = 0; s < 200; s++) {
        want += (j % 5) * ((float)(j % 4) + 0.5f) + j + j % 9 - j % 7;
        j = (j * 7 + 3) % SIZE;
        want -= j * 0.5;
        want += j % 7 + ((float)(j % 4) + 0.5f);
        want += (j % 5) * (j % 9);
    }
    printf("thread %d: acc=%.2f %s\n", MYTHREAD, got, got == want ? "OK" : "FAILED");
    return got == want ? 0 : 1;
}
