// upclint-flags: --threads 2 -DNB=64
/* N-body force accumulation with a private copy of all positions; under
   static THREADS the position array is a plain cyclic shared array. */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#ifndef NB
#define NB 32
#endif

typedef struct { float x, y, z; } vec3;

shared vec3 pos[NB];
shared vec3 force[NB];

int main(void)
{
    vec3 p[NB];
    int i, j;

    upc_forall (i = 0; i < NB; i++; &pos[i]) {
        vec3 v = { (float)cos(i), (float)sin(i), 0.01f * i };
        pos[i] = v;
    }
    upc_barrier;
    for (i = 0; i < NB; i++)
        p[i] = pos[i];
    upc_forall (i = 0; i < NB; i++; &force[i]) {
        vec3 f = { 0, 0, 0 };
        for (j = 0; j < NB; j++) {
            float dx, dy, dz, r2, inv;
            if (j == i)
                continue;
            dx = p[j].x - p[i].x;
            dy = p[j].y - p[i].y;
            dz = p[j].z - p[i].z;
            r2 = dx * dx + dy * dy + dz * dz + 1e-3f;
            inv = 1.0f / (r2 * sqrtf(r2));
            f.x += dx * inv;
            f.y += dy * inv;
            f.z += dz * inv;
        }
        force[i] = f;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        vec3 tot = { 0, 0, 0 };
        for (i = 0; i < NB; i++) {
            tot.x += force[i].x;
            tot.y += force[i].y;
            tot.z += force[i].z;
        }
        printf("net force %.3e %.3e %.3e (should be ~0)\n", tot.x, tot.y, tot.z);
    }
    return 0;
}
