/* Designated initializers, nested initializer lists, compound literals,
   initialized shared scalars and arrays (initialized by thread 0). */
#include <upc.h>
#include <stdio.h>
#include <string.h>

struct point { int x, y; };
struct rect { struct point lo, hi; const char *name; };
union number { long i; double d; unsigned char bytes[8]; };

enum color { RED = 1, GREEN = 2, BLUE = 4, ALL = RED | GREEN | BLUE };

static const struct rect boxes[] = {
    [2] = { .lo = { 0, 0 }, .hi = { .x = 4, .y = 4 }, .name = "third" },
    [0] = { { 1, 1 }, { 2, 2 }, "first" },
    { .name = "second", .hi.x = 9 },
};

static const int table[4][4] = {
    { 1, 2, 3, 4 },
    [2] = { [3] = 12 },
    { 5 },                      /* continues after [2]: this is row 3 */
};

static const char *names[] = { [BLUE] = "blue", [RED] = "red", [GREEN] = "green" };

shared int counter = 0;
shared [] int init_on_zero[4] = { 10, 20, 30, 40 };
shared double weights[THREADS];

static int area(const struct rect *r)
{
    return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y);
}

static int sum_points(int n, const struct point *p)
{
    int s = 0;
    while (n--)
        s += p[n].x + p[n].y;
    return s;
}

int main(void)
{
    union number u = { .d = 1.0 };
    struct point origin = (struct point){ 0 };
    int *tmp = (int []){ 3, 1, 4, 1, 5 };
    int ok = 1;
    int k;

    weights[MYTHREAD] = 1.0 / THREADS;
    if (area(&boxes[2]) != 16 || area(&(struct rect){ .hi = { 3, 3 } }) != 9)
        ok = 0;
    if (sum_points(3, (struct point[]){ { 1, 2 }, { 3, 4 }, [2].y = 5 }) != 15)
        ok = 0;
    if (boxes[1].hi.x != 9 || boxes[1].lo.x != 0 || strcmp(boxes[0].name, "first") != 0)
        ok = 0;
    if (table[2][3] != 12 || table[0][3] != 4 || table[1][0] != 0 || table[3][0] != 5)
        ok = 0;
    if (strcmp(names[BLUE], "blue") != 0 || names[3] != NULL || ALL != 7)
        ok = 0;
    if (tmp[2] != 4 || origin.x != 0 || u.i == 0)
        ok = 0;
    for (k = 0; k < 4; k++)
        if (init_on_zero[k] != 10 * (k + 1))
            ok = 0;
    upc_barrier;
    printf("thread %d: syn_initializers %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
