/* coll_decls.h - a user header that brings in the collectives. */
#include <upc_collective.h>
