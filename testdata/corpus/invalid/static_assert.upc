/* Static assertions that fail, or whose expression is not an integer constant. */
#include <upc.h>

#define CHECK(c) _Static_assert(c, #c)

struct pair {
    int a, b;
    _Static_assert(sizeof(int) == 3, "int is three bytes");    // want "static assertion failed: \"int is three bytes\""
};

_Static_assert(sizeof(struct pair) == 2 * sizeof(int), "no padding");
_Static_assert(0, "always " "fails");                          // want "static assertion failed: \"always fails\""
__extension__ _Static_assert(1 - 1, "ext");                    // want "static assertion failed: \"ext\""
CHECK(sizeof(char) == 2);                                      // want "static assertion failed: \"sizeof\\(char\\) == 2\""
_Static_assert(THREADS > 0, "dynamic THREADS");                // want "not an integer constant expression"

int limit = 4;

int main(void)
{
    _Static_assert(limit > 0, "a variable");                   // want "not an integer constant expression"
    _Static_assert(1.5, "a double");                           // want "not an integer constant expression"
    _Static_assert(MYTHREAD == 0, "thread-dependent");         // want "not an integer constant expression"
    _Static_assert(sizeof(long) < 1, "long");                  // want "static assertion failed"
    upc_barrier;
    return limit;
}
