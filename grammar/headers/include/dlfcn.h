/* <dlfcn.h>: dynamic linking (POSIX), with the glibc values. */
#ifndef _UPCLINT_DLFCN_H
#define _UPCLINT_DLFCN_H
#define RTLD_LAZY 0x00001
#define RTLD_NOW 0x00002
#define RTLD_NOLOAD 0x00004
#define RTLD_DEEPBIND 0x00008
#define RTLD_GLOBAL 0x00100
#define RTLD_LOCAL 0
#define RTLD_NODELETE 0x01000
#define RTLD_NEXT ((void *)-1l)
#define RTLD_DEFAULT ((void *)0)
extern void *dlopen(const char *file, int mode);
extern int dlclose(void *handle);
extern void *dlsym(void * restrict handle, const char * restrict name);
extern char *dlerror(void);
#endif /* _UPCLINT_DLFCN_H */
