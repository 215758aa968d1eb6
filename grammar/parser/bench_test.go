package parser

import (
	"fmt"
	gotoken "go/token"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/token"
)

// genSource writes about n lines of realistic UPC: typedefs, structs,
// shared arrays and functions with loops, conditionals and expressions.
func genSource(n int) string {
	var b strings.Builder
	b.WriteString(`typedef unsigned long size_t;
typedef struct { double re, im; } complex_t;
typedef int (*cmp_fn)(const void *, const void *);
extern int printf(const char *fmt, ...);
extern void *malloc(size_t n);
#define N 1024
shared [N] double grid[N*THREADS];
shared int counts[THREADS];
`)
	lines := strings.Count(b.String(), "\n")
	for i := 0; lines < n; i++ {
		fmt.Fprintf(&b, `
struct node%d {
	int key;
	double weight[4];
	struct node%d *next;
	unsigned flags : 3;
};

static double kernel%d(shared [N] double *a, const double *restrict b, int n, complex_t *z)
{
	int i, j;
	double sum = 0.0, t;
	struct node%d *p = (struct node%d *)malloc(sizeof(struct node%d));
	for (i = 0; i < n; i++) {
		t = b[i] * 2.5 + (double)i / (n + 1);
		if (t > 1e-3 && i %% 2 == 0)
			sum += t * t;
		else
			sum -= a[i + MYTHREAD] * z->re;
	}
	upc_forall (j = 0; j < n; j++; &a[j]) {
		a[j] = sum / (j + 1) + p->weight[j & 3];
		counts[MYTHREAD] += (j << 2) | 1;
	}
	while (p != 0 && p->key < %d) {
		p = p->next;
	}
	switch (n) {
	case 0:
		return 0.0;
	default:
		break;
	}
	upc_barrier;
	return sum > 0 ? sum : -sum;
}
`, i, i, i, i, i, i, i)
		lines += 36
	}
	return b.String()
}

func BenchmarkParse(b *testing.B) { benchParse(b, 100000) }

// BenchmarkParseParticiple parses with participle alone (no fast path), for
// comparison.
func BenchmarkParseParticiple(b *testing.B) {
	slowOnly = true
	defer func() { slowOnly = false }()
	benchParse(b, 20000)
}

func benchParse(b *testing.B, n int) {
	src := genSource(n)
	lines := strings.Count(src, "\n")
	fset := gotoken.NewFileSet()
	toks := tokenize(fset, "gen.upc", src)
	work := make([]token.Token, len(toks))
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(work, toks)
		_, diags := ParseFile(fset, "gen.upc", work)
		if len(diags) > 0 {
			b.Fatalf("%s: %s", fset.Position(diags[0].Pos), diags[0].Message)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
