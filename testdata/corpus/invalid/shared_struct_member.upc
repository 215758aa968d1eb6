/* Members of structs and unions cannot be shared-qualified (a pointer to
   shared data is a fine member). */
#include <upc.h>

typedef shared int sint_t;

struct bucket {
    int key;
    shared int count;                          // want "member.*shared"
    shared int *next;                          /* fine: pointer-to-shared */
};

union cell {
    long l;
    shared double d;                           // want "member.*shared"
};

struct wrapper {
    sint_t hidden;                             // want "member.*shared"
    int plain;
};

shared struct bucket *table;

int main(void)
{
    table = NULL;
    return 0;
}
