/* <upc_nb.h>: non-blocking transfers (UPC 1.3 Optional Library). Each
   upc_mem*_nb handle must reach a successful upc_sync or upc_sync_attempt;
   _nbi transfers complete at the next successful upc_synci or
   upc_synci_attempt. */
#ifndef _UPCLINT_UPC_NB_H
#define _UPCLINT_UPC_NB_H

#include <upc.h>

/* An explicit handle; UPC_COMPLETE_HANDLE has all bits 0. Under
   BUPC_USE_UPC_NAMESPACE, <upc.h> has already made both names those of the
   Berkeley UPC handle. */
#ifndef UPC_COMPLETE_HANDLE
typedef struct upc_handle_struct *upc_handle_t;

#define UPC_COMPLETE_HANDLE ((upc_handle_t)0)
#endif

upc_handle_t upc_memcpy_nb(shared void * restrict dst, shared const void * restrict src, size_t n);
upc_handle_t upc_memget_nb(void * restrict dst, shared const void * restrict src, size_t n);
upc_handle_t upc_memput_nb(shared void * restrict dst, const void * restrict src, size_t n);
upc_handle_t upc_memset_nb(shared void *dst, int c, size_t n);

void upc_memcpy_nbi(shared void * restrict dst, shared const void * restrict src, size_t n);
void upc_memget_nbi(void * restrict dst, shared const void * restrict src, size_t n);
void upc_memput_nbi(shared void * restrict dst, const void * restrict src, size_t n);
void upc_memset_nbi(shared void *dst, int c, size_t n);

int upc_sync_attempt(upc_handle_t handle);
void upc_sync(upc_handle_t handle);
int upc_synci_attempt(void);
void upc_synci(void);

#endif /* _UPCLINT_UPC_NB_H */
