/* What every hand-translated test program has in common, so that each
 * states only its own file table, shared objects and body: the runtime's
 * interface, <stdio.h> for the output the .expect files compare, the file
 * table that UPCR_LOC indexes, and a main that takes no arguments. */
#ifndef TESTPROG_H
#define TESTPROG_H

#include "upcr.h"
#include <stdio.h>

/* The file table of a program translated from one .upc file. */
#define TEST_FILES(upc_name) static const char *const upcr_files[] = {upc_name}

/* TEST_MAIN { body } defines upcr_user_main for a program that ignores its
 * command line. */
#define TEST_MAIN                                         \
	static int test_main(void);                       \
	int upcr_user_main(int argc, char **argv)         \
	{                                                 \
		(void)argc;                               \
		(void)argv;                               \
		return test_main();                       \
	}                                                 \
	static int test_main(void)

#endif
