/* <sys/param.h>: old BSD system parameters, as glibc defines them on
   Linux x86-64. Like glibc's, it makes <sys/types.h> and <limits.h>
   visible. */
#ifndef _UPCLINT_SYS_PARAM_H
#define _UPCLINT_SYS_PARAM_H
#include <sys/types.h>
#include <limits.h>

#define NBBY CHAR_BIT
#define NGROUPS 65536
#define MAXSYMLINKS 20
#define CANBSIZ 255
#define MAXPATHLEN 4096
#define MAXHOSTNAMELEN 64
#define NCARGS 131072
#define NOGROUP (-1)
#define DEV_BSIZE 512
#define HZ 100
#define EXEC_PAGESIZE 4096

#define setbit(a, i) ((a)[(i) / NBBY] |= 1 << ((i) % NBBY))
#define clrbit(a, i) ((a)[(i) / NBBY] &= ~(1 << ((i) % NBBY)))
#define isset(a, i) ((a)[(i) / NBBY] & (1 << ((i) % NBBY)))
#define isclr(a, i) (((a)[(i) / NBBY] & (1 << ((i) % NBBY))) == 0)
#define howmany(x, y) (((x) + ((y) - 1)) / (y))
#define roundup(x, y) ((((x) + ((y) - 1)) / (y)) * (y))
#define powerof2(x) ((((x) - 1) & (x)) == 0)
/* The same spelling as in <bupc_collectivev.h>, so both can be included. */
#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#define MAX(a, b) (((a) > (b)) ? (a) : (b))

#endif /* _UPCLINT_SYS_PARAM_H */
