/* Member names that the struct or union does not have. */
#include <upc.h>

typedef struct {
    double mass;
    double pos[3];
} body_t;

union value {
    long i;
    double d;
};

shared body_t bodies[4 * THREADS];

int main(void)
{
    body_t b;
    body_t *bp = &b;
    union value v;

    b.mass = 1.0;
    bp->pos[0] = 0.0;
    bodies[MYTHREAD].mas = b.mass;             // want "no member named"
    bp->position[1] = 2.0;                     // want "no member named"
    v.f = 1.5f;                                // want "no member named"
    v.d = 2.0;
    return (int)v.d;
}
