/*
 * upcr_lib_check.c - --check support that the translator emits when asked
 * (translate.Options.Check): shared array subscripts checked against the
 * array's element count.  A subscript outside [0, n) is an "out-of-bounds"
 * warning (recorded once per source line); the access then proceeds as
 * the unchecked one would.  Accesses through pointers-to-shared are
 * checked against the extent of the object they land in
 * (upcr_extent_check in upcr_alloc.c): outside it is a fatal error.
 */
#include "upcr_internal.h"

#include <stdio.h>

void upcr_check_bounds(upcr_sptr_t a, int64_t i, int64_t n, upcr_loc_t loc)
{
	(void)a;
	upcr_warn("out-of-bounds", loc,
		  "thread %d indexes a shared array of %lld elements with %lld (valid subscripts are 0 to %lld)",
		  upcr_mythread_, (long long)n, (long long)i, (long long)(n - 1));
}

void upcr_check_access(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc)
{
	upcr_extent_check(p, n, write ? "write" : "read", loc);
}
