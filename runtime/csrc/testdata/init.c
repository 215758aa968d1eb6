/* Translated from init.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared int answer = 42;
 *   4  shared [] double table[5] = {0.5, 1.5, 2.5};
 *   5  shared [3] int blocks[3*THREADS] = {1, 2, 3, 4, 5, 6, 7};
 *   6  shared int *shared cursor = &blocks[2];
 *   7  struct cfg { int n; char name[8]; };
 *   8  shared struct cfg conf = {7, "upc"};
 *   9  int main(void) {
 *  10      int i;
 *  11      printf("answer %d table", answer);
 *  12      for (i = 0; i < 5; i++) printf(" %.1f", table[i]);
 *  13      printf("\nblocks");
 *  14      for (i = 0; i < 3*THREADS && i < 9; i++) printf(" %d@%d", blocks[i], (int)upc_threadof(&blocks[i]));
 *  15      printf("\ncursor %d conf %d %s\n", *(shared [3] int *)cursor, conf.n, conf.name);
 *  16      return 0;
 *  17  }
 */
#include "testprog.h"
#include <stddef.h>
#include <stdio.h>

TEST_FILES("init.upc");

struct cfg {
	int n;
	char name[8];
};
static upcr_sptr_t answer, table, blocks, cursor, conf;

/* constant initialisers: row-major images of the objects' first elements */
static const int answer_init = 42;
static const double table_init[] = {0.5, 1.5, 2.5};
static const int blocks_init[] = {1, 2, 3, 4, 5, 6, 7};
static const struct cfg conf_init = {7, "upc"};

static const upcr_shared_decl_t upcr_shared[] = {
	{&answer, "answer", sizeof(int), 0, 1, 0, &answer_init, sizeof answer_init},
	{&table, "table", sizeof(double), 0, 5, 0, table_init, sizeof table_init},
	{&blocks, "blocks", sizeof(int), 3, 3, 1, blocks_init, sizeof blocks_init},
	{&cursor, "cursor", sizeof(upcr_sptr_t), 0, 1, 0, NULL, 0},
	{&conf, "conf", sizeof(struct cfg), 0, 1, 0, &conf_init, sizeof conf_init},
};

/* initialisers that are addresses of shared objects run on thread 0
 * before main */
static void upcr_init(void)
{
	upcr_put_sptr(cursor, upcr_cast(upcr_index(blocks, 2, sizeof(int), 3)), UPCR_LOC(0, 6));
}

TEST_MAIN
{
	int i;
	printf("answer %d table", upcr_get_int(answer, UPCR_LOC(0, 11)));
	for (i = 0; i < 5; i++)
		printf(" %.1f", upcr_get_double(upcr_index(table, i, sizeof(double), 0), UPCR_LOC(0, 12)));
	printf("\nblocks");
	for (i = 0; i < 3 * THREADS && i < 9; i++)
		printf(" %d@%d", upcr_get_int(upcr_index(blocks, i, sizeof(int), 3), UPCR_LOC(0, 14)),
		       (int)upc_threadof(upcr_index(blocks, i, sizeof(int), 3)));
	printf("\ncursor %d conf %d %s\n", upcr_get_int(upcr_get_sptr(cursor, UPCR_LOC(0, 15)), UPCR_LOC(0, 15)),
	       upcr_get_int(upcr_field(conf, offsetof(struct cfg, n)), UPCR_LOC(0, 15)),
	       UPCR_GET(struct cfg, conf, UPCR_LOC(0, 15)).name);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, upcr_init, upcr_user_main);
