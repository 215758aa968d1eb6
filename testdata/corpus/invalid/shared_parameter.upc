/* Parameters cannot be shared-qualified (pointers to shared data can). */
#include <upc.h>

typedef shared double sdouble_t;

void take_int(shared int x);                   // want "parameter.*shared"
int take_blocked(shared [4] int *a);          /* fine */
double take_typedef(sdouble_t v)               // want "parameter.*shared"
{
    return 0.0;
}

static void take_pointer(shared int *p)        /* fine */
{
    *p = 1;
}

int main(void)
{
    static shared int target;
    take_pointer(&target);
    return 0;
}
