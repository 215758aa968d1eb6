/* <netinet/tcp.h>: TCP options. */
#ifndef _UPCLINT_NETINET_TCP_H
#define _UPCLINT_NETINET_TCP_H
#define TCP_NODELAY 1
#define TCP_MAXSEG 2
#endif /* _UPCLINT_NETINET_TCP_H */
