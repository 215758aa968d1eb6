/* <upc_io.h>: UPC parallel I/O (UPC 1.3 Optional Library). All functions
   are collective; arguments are single-valued except where the
   specification says otherwise (buffers with individual file pointers, list
   I/O vectors). upc_file_t is an opaque shared incomplete type. */
#ifndef _UPCLINT_UPC_IO_H
#define _UPCLINT_UPC_IO_H

#include <upc.h>
#include <upc_types.h>

typedef long upc_off_t;

typedef shared struct upc_file_struct upc_file_t;

/* upc_all_fopen flags; each value is a distinct bit. */
#define UPC_RDONLY (1 << 0)
#define UPC_WRONLY (1 << 1)
#define UPC_RDWR (1 << 2)
#define UPC_INDIVIDUAL_FP (1 << 3)
#define UPC_COMMON_FP (1 << 4)
#define UPC_APPEND (1 << 5)
#define UPC_CREATE (1 << 6)
#define UPC_EXCL (1 << 7)
#define UPC_STRONG_CA (1 << 8)
#define UPC_TRUNC (1 << 9)
#define UPC_DELETE_ON_CLOSE (1 << 10)

/* upc_all_fseek origins. */
#define UPC_SEEK_SET 0
#define UPC_SEEK_CUR 1
#define UPC_SEEK_END 2

/* upc_all_fcntl commands. */
#define UPC_GET_CA_SEMANTICS 1
#define UPC_SET_WEAK_CA_SEMANTICS 2
#define UPC_SET_STRONG_CA_SEMANTICS 3
#define UPC_GET_FP 4
#define UPC_SET_COMMON_FP 5
#define UPC_SET_INDIVIDUAL_FP 6
#define UPC_GET_FL 7
#define UPC_GET_FN 8
#define UPC_GET_HINTS 9
#define UPC_SET_HINT 10
#define UPC_ASYNC_OUTSTANDING 11

struct upc_hint {
	const char *key;
	const char *value;
};
typedef struct upc_hint upc_hint_t;

struct upc_local_memvec {
	void *baseaddr;
	size_t len;
};

struct upc_shared_memvec {
	shared void *baseaddr;
	size_t blocksize;
	size_t len;
};

struct upc_filevec {
	upc_off_t offset;
	size_t len;
};

/* The typedef names of the UPC-IO 1.0 draft, which implementations still
   accept. */
typedef struct upc_local_memvec upc_local_memvec_t;
typedef struct upc_shared_memvec upc_shared_memvec_t;
typedef struct upc_filevec upc_filevec_t;

upc_file_t *upc_all_fopen(const char *fname, int flags, size_t numhints, struct upc_hint const *hints);
int upc_all_fclose(upc_file_t *fd);
int upc_all_fsync(upc_file_t *fd);
upc_off_t upc_all_fseek(upc_file_t *fd, upc_off_t offset, int origin);
int upc_all_fset_size(upc_file_t *fd, upc_off_t size);
upc_off_t upc_all_fget_size(upc_file_t *fd);
int upc_all_fpreallocate(upc_file_t *fd, upc_off_t size);
int upc_all_fcntl(upc_file_t *fd, int cmd, void *arg);

/* Each transfer comes in a blocking form, which returns the number of bytes
   moved, and an _async form with the same arguments, completed by
   upc_all_fwait_async or upc_all_ftest_async. */
#define _UPCLINT_IO_TRANSFER(name, params) \
upc_off_t name params; \
void name##_async params;
_UPCLINT_IO_TRANSFER(upc_all_fread_local, (upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags))
_UPCLINT_IO_TRANSFER(upc_all_fread_shared, (upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags))
_UPCLINT_IO_TRANSFER(upc_all_fwrite_local, (upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags))
_UPCLINT_IO_TRANSFER(upc_all_fwrite_shared, (upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags))
_UPCLINT_IO_TRANSFER(upc_all_fread_list_local, (upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags))
_UPCLINT_IO_TRANSFER(upc_all_fread_list_shared, (upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags))
_UPCLINT_IO_TRANSFER(upc_all_fwrite_list_local, (upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags))
_UPCLINT_IO_TRANSFER(upc_all_fwrite_list_shared, (upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags))
#undef _UPCLINT_IO_TRANSFER
upc_off_t upc_all_fwait_async(upc_file_t *fd);
upc_off_t upc_all_ftest_async(upc_file_t *fd, int *flag);

#endif /* _UPCLINT_UPC_IO_H */
