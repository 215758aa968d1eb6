// upclint-flags: -DNODE_ID=MYTHREAD
/* A rank macro passed on the command line expands to MYTHREAD; writing to
   it is an error at the use site. */
#include <upc.h>

shared int owner[THREADS];

int main(void)
{
    owner[NODE_ID] = NODE_ID;                  /* fine: reads */
    NODE_ID = (NODE_ID + 1) % THREADS;         // want "cannot assign"
    MYTHREAD -= 1;                             // want "cannot assign"
    return owner[0];
}
