/* config.h: build-time choices for the solver (selected with -D flags). */
#ifndef SOLVER_CONFIG_H
#define SOLVER_CONFIG_H

#if defined(USE_FLOAT) && defined(USE_DOUBLE)
#  error "choose one of USE_FLOAT and USE_DOUBLE"
#elif defined(USE_FLOAT)
   typedef float real_t;
#  define REAL_FMT "%f"
#  define REAL_REDUCE upc_all_reduceF
#else
   typedef double real_t;
#  define REAL_FMT "%lf"
#  define REAL_REDUCE upc_all_reduceD
#endif

#ifndef CHUNK
#  define CHUNK 64
#endif

#if defined(USE_STRICT)
#  include <upc_strict.h>
#else
#  include <upc_relaxed.h>
#endif

#endif
