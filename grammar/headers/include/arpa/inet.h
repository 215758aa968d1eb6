/* <arpa/inet.h>: Internet address conversions (POSIX). */
#ifndef _UPCLINT_ARPA_INET_H
#define _UPCLINT_ARPA_INET_H
#include <netinet/in.h>
extern in_addr_t inet_addr(const char *cp);
extern int inet_aton(const char *cp, struct in_addr *inp);
extern char *inet_ntoa(struct in_addr in);
extern int inet_pton(int af, const char * restrict cp, void * restrict buf);
extern const char *inet_ntop(int af, const void * restrict cp, char * restrict buf, socklen_t len);
#endif /* _UPCLINT_ARPA_INET_H */
