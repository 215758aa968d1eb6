/* THREADS and MYTHREAD are values, not variables. */
#include <upc.h>

#define RESET_RANK() (MYTHREAD = 0)

int main(void)
{
    int me = MYTHREAD;

    MYTHREAD = 0;                              // want "cannot assign"
    THREADS = 4;                               // want "cannot assign"
    THREADS += 1;                              // want "cannot assign"
    RESET_RANK();                              // want "cannot assign"
    return me;
}
