/* <netdb.h>: network database lookups (POSIX), with the glibc x86-64
   layouts and values. */
#ifndef _UPCLINT_NETDB_H
#define _UPCLINT_NETDB_H
#include <netinet/in.h>

struct hostent {
	char *h_name;
	char **h_aliases;
	int h_addrtype;
	int h_length;
	char **h_addr_list;
};
#define h_addr h_addr_list[0]

struct addrinfo {
	int ai_flags;
	int ai_family;
	int ai_socktype;
	int ai_protocol;
	socklen_t ai_addrlen;
	struct sockaddr *ai_addr;
	char *ai_canonname;
	struct addrinfo *ai_next;
};

#define AI_PASSIVE 0x0001
#define AI_CANONNAME 0x0002
#define AI_NUMERICHOST 0x0004
#define NI_MAXHOST 1025
#define NI_MAXSERV 32
#define NI_NUMERICHOST 1
#define NI_NUMERICSERV 2
#define EAI_AGAIN -3
#define EAI_FAIL -4
#define EAI_NONAME -2

extern struct hostent *gethostbyname(const char *name);
extern struct hostent *gethostbyaddr(const void *addr, socklen_t len, int type);
extern int getaddrinfo(const char * restrict name, const char * restrict service, const struct addrinfo * restrict req, struct addrinfo ** restrict pai);
extern void freeaddrinfo(struct addrinfo *ai);
extern const char *gai_strerror(int ecode);
extern int getnameinfo(const struct sockaddr * restrict sa, socklen_t salen, char * restrict host, socklen_t hostlen, char * restrict serv, socklen_t servlen, int flags);

#endif /* _UPCLINT_NETDB_H */
