/* Two definitions of the same name in one scope. */
#include <upc.h>

shared int total = 0;
shared int total = 1;                          // want "redefinition of"

struct point { int x, y; };
struct point { double x, y; };                 // want "redefinition of"

static int clamp(int v) { return v < 0 ? 0 : v; }
static int clamp(int v) { return v > 9 ? 9 : v; }     // want "redefinition of"

int main(void)
{
    int n = 1;
    int n = 2;                                 // want "redefinition of"
    struct point p = { 1, 2 };
    return clamp(p.x) + (int)n + total;
}
