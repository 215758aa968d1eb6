/* A shared qualifier on a member hidden in a nested aggregate and in an
   array member. */
#include <upc.h>

#define NSLOTS 4

struct mailbox {
    struct {
        int from;
        int tag;
    } header;
    shared int count;                          // want "member.*shared"
};

struct registry {
    union {
        long id;
        shared [] char *name;                  /* fine: pointer-to-shared */
    } key;
    struct entry {
        strict shared int ready;               // want "member.*shared"
    } entry;
};

shared struct registry reg[THREADS];

int main(void)
{
    reg[MYTHREAD].key.id = MYTHREAD;
    return 0;
}
