/* <pupc.h>: the GASP profiling interface for programs (pupc_control and
   user-defined events), as Berkeley UPC and GNU UPC declare it. The
   implementation defines __UPC_PUPC__ when the program is built with
   profiling; upclint does not, so programs keep their unprofiled path. */
#ifndef _UPCLINT_PUPC_H
#define _UPCLINT_PUPC_H

int pupc_control(int on);
unsigned int pupc_create_event(const char *name, const char *desc);
void pupc_event_start(unsigned int evttag, ...);
void pupc_event_end(unsigned int evttag, ...);
void pupc_event_atomic(unsigned int evttag, ...);

#endif /* _UPCLINT_PUPC_H */
