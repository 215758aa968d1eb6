#include <upc.h>
extern void bad(void); /* in freeunit.upc */
int main(void) { bad(); return 0; }
