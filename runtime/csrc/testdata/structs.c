/* Translated from structs.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  struct pt { int id; double x, y; char tag[4]; };
 *   4  shared struct pt pts[2*THREADS];
 *   5  int main(void) {
 *   6      int i;
 *   7      upc_forall (i = 0; i < 2*THREADS; i++; &pts[i]) {
 *   8          pts[i].id = i;
 *   9          pts[i].x = i * 0.5;
 *  10          shared struct pt *p = &pts[i];
 *  11          p->y = -i;
 *  12          p->tag[0] = 'a' + i % 26; p->tag[1] = 0;
 *  13      }
 *  14      upc_barrier;
 *  15      int r = (MYTHREAD + 1) % THREADS;
 *  16      struct pt copy = pts[r];
 *  17      shared double *py = &pts[r].y;
 *  18      printf("pt %d: id %d x %.1f y %.1f tag %s py %.1f t%d\n", r, copy.id, copy.x, copy.y, copy.tag,
 *  19             *py, (int)upc_threadof(py));
 *  20      upc_barrier;
 *  21      pts[MYTHREAD] = copy;
 *  22      upc_barrier;
 *  23      printf("moved %d\n", pts[MYTHREAD].id);
 *  24      return 0;
 *  25  }
 */
#include "testprog.h"
#include <stddef.h>
#include <stdio.h>

TEST_FILES("structs.upc");

struct pt {
	int id;
	double x, y;
	char tag[4];
};
static upcr_sptr_t pts;

static const upcr_shared_decl_t upcr_shared[] = {
	{&pts, "pts", sizeof(struct pt), 1, 2, 1, NULL, 0},
};

TEST_MAIN
{
	int i;
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < 2 * THREADS; i++) {
			if (!upcr_forall_mine_ptr(upcr_ctl, upcr_index(pts, i, sizeof(struct pt), 1)))
				continue;
			upcr_put_int(upcr_field(upcr_index(pts, i, sizeof(struct pt), 1), offsetof(struct pt, id)), i,
				     UPCR_LOC(0, 8));
			upcr_put_double(upcr_field(upcr_index(pts, i, sizeof(struct pt), 1), offsetof(struct pt, x)),
					i * 0.5, UPCR_LOC(0, 9));
			upcr_sptr_t p = upcr_index(pts, i, sizeof(struct pt), 1);
			upcr_put_double(upcr_field(p, offsetof(struct pt, y)), -i, UPCR_LOC(0, 11));
			upcr_put_char(upcr_add(upcr_field(p, offsetof(struct pt, tag)), 0, 1, 0), 'a' + i % 26,
				      UPCR_LOC(0, 12));
			upcr_put_char(upcr_add(upcr_field(p, offsetof(struct pt, tag)), 1, 1, 0), 0, UPCR_LOC(0, 12));
		}
		upcr_forall_end();
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 14));
	int r = (MYTHREAD + 1) % THREADS;
	struct pt copy = UPCR_GET(struct pt, upcr_index(pts, r, sizeof(struct pt), 1), UPCR_LOC(0, 16));
	upcr_sptr_t py = upcr_field(upcr_index(pts, r, sizeof(struct pt), 1), offsetof(struct pt, y));
	printf("pt %d: id %d x %.1f y %.1f tag %s py %.1f t%d\n", r, copy.id, copy.x, copy.y, copy.tag,
	       upcr_get_double(py, UPCR_LOC(0, 19)), (int)upc_threadof(py));
	upcr_barrier(0, 0, UPCR_LOC(0, 20));
	UPCR_PUT(struct pt, upcr_index(pts, MYTHREAD, sizeof(struct pt), 1), copy, UPCR_LOC(0, 21));
	upcr_barrier(0, 0, UPCR_LOC(0, 22));
	printf("moved %d\n",
	       upcr_get_int(upcr_field(upcr_index(pts, MYTHREAD, sizeof(struct pt), 1), offsetof(struct pt, id)),
			    UPCR_LOC(0, 23)));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
