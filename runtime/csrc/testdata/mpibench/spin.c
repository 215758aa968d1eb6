/* Translated from spin.upc (a thread that computes forever):
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  int main(void) {
 *   4      volatile long x = 0;
 *   5      printf("start\n");
 *   6      for (;;) x++;
 *   7  }
 */
#include "upcr.h"
#include <stdio.h>

static const char *const upcr_files[] = {"spin.upc"};

int upcr_user_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	volatile long x = 0;
	printf("start\n");
	for (;;)
		x++;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
