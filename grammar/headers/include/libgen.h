/* <libgen.h>: path name components (POSIX). */
#ifndef _UPCLINT_LIBGEN_H
#define _UPCLINT_LIBGEN_H
extern char *dirname(char *path);
extern char *basename(char *path);
#endif /* _UPCLINT_LIBGEN_H */
