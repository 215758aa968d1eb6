// Posting a freed semaphore is an error.
// expect-error: semaphore
#include <upc.h>
#include <bupc_extensions.h>
int main(void)
{
    bupc_sem_t *s = bupc_sem_alloc(BUPC_SEM_INTEGER);
    bupc_sem_free(s);
    bupc_sem_post(s);
    return 0;
}
