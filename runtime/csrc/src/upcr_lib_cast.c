/*
 * upcr_lib_cast.c - <upc_castable.h> (UPC 1.3 optional library) and the
 * Berkeley pointer conversions.  Every thread maps the whole shared
 * segment at the same address, so every valid pointer-to-shared is
 * castable, to the same local address in every thread.
 */
#include "upcr.h"

static int valid(upcr_sptr_t p)
{
	return p.thread < (uint32_t)upcr_threads_ && p.off < upcr_partsize_;
}

/* upc_cast: the null pointer for a null pointer-to-shared, else the
 * object's address (for MYTHREAD's data the same as (void *)ptr). */
void *upcr_cast_local(upcr_sptr_t ptr, upcr_loc_t loc)
{
	(void)loc;
	if (upcr_isnull(ptr) || !valid(ptr))
		return NULL;
	return upcr_addr(ptr);
}

/* Every region of every thread is castable. */
upc_thread_info_t upcr_thread_info(size_t threadId, upcr_loc_t loc)
{
	(void)loc;
	upc_thread_info_t r = {0, 0};
	if (threadId < (size_t)upcr_threads_) {
		r.guaranteedCastable = UPC_CASTABLE_ALL;
		r.probablyCastable = UPC_CASTABLE_ALL;
	}
	return r;
}

void *upcr_bupc_cast(upcr_sptr_t ptr, upcr_loc_t loc) { return upcr_cast_local(ptr, loc); }

int upcr_bupc_castable(upcr_sptr_t ptr, upcr_loc_t loc)
{
	(void)loc;
	return upcr_isnull(ptr) || valid(ptr);
}

int upcr_bupc_thread_castable(unsigned int threadnum, upcr_loc_t loc)
{
	(void)loc;
	return threadnum < (unsigned)upcr_threads_;
}

/* The pointer-to-shared (phase 0) whose address is ptr, or null if ptr is
 * not inside the shared segment. */
upcr_sptr_t upcr_bupc_inverse_cast(void *ptr, upcr_loc_t loc)
{
	(void)loc;
	char *c = ptr;
	if (!c || c < upcr_partbase_ || c >= upcr_partbase_ + (size_t)upcr_threads_ * upcr_partsize_)
		return UPCR_NULL;
	size_t d = (size_t)(c - upcr_partbase_);
	upcr_sptr_t p = {d % upcr_partsize_, (uint32_t)(d / upcr_partsize_), 0};
	return p;
}
