/* A type is either strict or relaxed, never both, typedefs included. */
#include <upc.h>

typedef strict shared int flag_t;

strict relaxed shared int both;                // want "both strict and relaxed"
relaxed flag_t via_typedef;                    // want "both strict and relaxed"
flag_t ok_flag;                                /* fine */

int main(void)
{
    relaxed strict shared int *p = NULL;       // want "both strict and relaxed"
    ok_flag = 1;
    (void)p;
    return 0;
}
