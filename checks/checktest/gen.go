package checktest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// genUnit writes a realistic UPC translation unit of about n lines: the
// usual headers, typedefs, shared arrays, and functions with loops,
// conditionals, upc_forall, structs and barriers.
func genUnit(n, seed int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define N 1024
typedef struct { double re, im; } complex_t;
shared [N] double grid%d[N*THREADS];
shared int counts%d[THREADS];
`, seed, seed)
	lines := strings.Count(b.String(), "\n")
	for i := 0; lines < n; i++ {
		fmt.Fprintf(&b, `
struct node%[1]d {
	int key;
	double weight[4];
	struct node%[1]d *next;
	unsigned flags : 3;
};

static double kernel%[1]d(shared [N] double *a, const double *restrict b, int n, complex_t *z)
{
	int i, j;
	double sum = 0.0, t;
	struct node%[1]d *p = (struct node%[1]d *)malloc(sizeof(struct node%[1]d));
	if (p == NULL)
		return -1.0;
	memset(p, 0, sizeof *p);
	for (i = 0; i < n; i++) {
		t = b[i] * 2.5 + (double)i / (n + 1);
		if (t > 1e-3 && i %% 2 == 0)
			sum += sqrt(t * t);
		else
			sum -= a[i + MYTHREAD] * z->re;
	}
	upc_forall (j = 0; j < n; j++; &a[j]) {
		a[j] = sum / (j + 1) + p->weight[j & 3];
		counts%[2]d[MYTHREAD] += (j << 2) | 1;
	}
	while (p != NULL && p->key < %[1]d)
		p = p->next;
	switch (n) {
	case 0:
		return 0.0;
	default:
		break;
	}
	upc_barrier;
	printf("%%d: %%g\n", MYTHREAD, sum);
	return sum > 0 ? sum : -sum;
}
`, i, seed)
		lines += 43
	}
	b.WriteString("\nint main(void) { return 0; }\n")
	return b.String()
}

// GenerateTree writes realistic UPC files of about perFile lines each,
// about total lines in all, into a temporary directory, for benchmarks.
// It returns the paths and the number of lines.
func GenerateTree(tb testing.TB, total, perFile int) ([]string, int) {
	dir := tb.TempDir()
	var files []string
	lines := 0
	for i := 0; lines < total; i++ {
		src := genUnit(perFile, i)
		p := filepath.Join(dir, fmt.Sprintf("unit%03d.upc", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			tb.Fatal(err)
		}
		files = append(files, p)
		lines += strings.Count(src, "\n")
	}
	return files, lines
}
