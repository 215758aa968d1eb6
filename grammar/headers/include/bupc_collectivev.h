/* <bupc_collectivev.h>: the all-value collectives, declared with the other
   Berkeley UPC extensions. */
#ifndef _UPCLINT_BUPC_COLLECTIVEV_H
#define _UPCLINT_BUPC_COLLECTIVEV_H
#include <bupc_extensions.h>
#endif /* _UPCLINT_BUPC_COLLECTIVEV_H */
