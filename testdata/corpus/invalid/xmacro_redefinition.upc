/* An X-macro table that lists a field twice generates a function twice. */
#include <upc.h>

struct params {
    int nx, ny, nsteps;
};

shared struct params config;

#define GETTER(field) static int get_##field(void) { return config.field; }

GETTER(nx)
GETTER(ny)
GETTER(nsteps)
GETTER(nx)                                     // want "redefinition of"

int main(void)
{
    if (MYTHREAD == 0) {
        config.nx = 4;
        config.ny = 4;
        config.nsteps = 10;
    }
    upc_barrier;
    return get_nx() + get_ny() + get_nsteps();
}
