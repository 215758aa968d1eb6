package affine_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

func analyze(t *testing.T, src, fn string, threads int) *affine.Func {
	t.Helper()
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(src), &grammar.Config{StaticThreads: threads})
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	for _, d := range u.File.Decls {
		if d, ok := d.(*ast.Decl); ok && d.Body != nil && ast.FuncName(d) == fn {
			return affine.Analyze(cfg.Build(d), u.Info)
		}
	}
	t.Fatalf("no function %s", fn)
	return nil
}

func access(t *testing.T, f *affine.Func, text string) *affine.Access {
	t.Helper()
	for _, a := range f.Accesses {
		if ast.NodeString(a.Expr) == text {
			return a
		}
	}
	var all []string
	for _, a := range f.Accesses {
		all = append(all, ast.NodeString(a.Expr))
	}
	t.Fatalf("no access %s among %q", text, all)
	return nil
}

func TestIndexForm(t *testing.T) {
	f := analyze(t, `
shared int a[100*THREADS];
shared [4] double m[10][20*THREADS];
void g(int n) {
	int i, j;
	for (i = 0; i < n; i++) {
		a[2*i+MYTHREAD+1] = 0;
		a[i*i] = 1;
		a[i/2] = 2;
		for (j = 0; j < 20; j++)
			m[i][j] = m[i][j+1];
	}
}`, "g", 0)
	a := access(t, f, "a[2 * i + MYTHREAD + 1]")
	if a.Index == nil || a.Index.Coef("i") != 2 || a.Index.Coef(affine.MyThread) != 1 || a.Index.Coef() != 1 || len(a.Index.Terms) != 2 {
		t.Errorf("a[2*i+MYTHREAD+1]: got %v (%s)", a.Index, a.Reason)
	}
	if !a.Shared || a.Layout == nil || !a.Write {
		t.Errorf("a[...]: shared=%v layout=%v write=%v", a.Shared, a.Layout, a.Write)
	}
	if a := access(t, f, "a[i * i]"); a.Index != nil || a.Reason != "product of induction variables i*i" {
		t.Errorf("a[i*i] affine: %v", a.Index)
	}
	if a := access(t, f, "a[i / 2]"); a.Index != nil || a.Reason != "integer division" {
		t.Errorf("a[i/2]: %v %q", a.Index, a.Reason)
	}
	m := access(t, f, "m[i][j + 1]")
	// i*(20*THREADS) + j + 1
	if m.Index == nil || m.Index.Coef("i", affine.Threads) != 20 || m.Index.Coef("j") != 1 || m.Index.Coef() != 1 {
		t.Errorf("m[i][j+1] = %v (%s)", m.Index, m.Reason)
	}
	// A symbolic coefficient has no bounding box.
	if _, _, why := f.Bounds(m.Index, f.Graph.Loops().Roots[0]); why != "non-constant coefficient in THREADS*i" {
		t.Errorf("bounds of m[i][j+1]: %q", why)
	}
}

func TestBoundingBox(t *testing.T) {
	f := analyze(t, `
shared double b[1000*THREADS];
double c[1000];
void g(int N) {
	int i;
	for (i = 0; i < N-1; i++)
		c[i] = b[i+1] + b[i];
	for (i = N; i >= 2; i -= 2)
		c[3*i] = 0;
}`, "g", 0)
	loops := f.Graph.Loops().Loops
	if len(loops) != 2 {
		t.Fatalf("%d loops", len(loops))
	}
	boxes := f.Boxes(loops[0])
	if len(boxes) != 2 {
		t.Fatalf("boxes: %d", len(boxes))
	}
	got := map[string]*affine.Box{}
	for _, b := range boxes {
		got[b.Base] = b
	}
	bb := got["b"]
	if bb == nil || bb.Lo == nil || bb.Lo.String() != "0" || bb.Hi.String() != "N - 1" || !bb.Shared {
		t.Errorf("box of b = %+v", bb)
	}
	// Alone, b[i+1] spans [1, N-1].
	lo, hi, why := f.Bounds(access(t, f, "b[i + 1]").Index, loops[0])
	if lo == nil || lo.String() != "1" || hi.String() != "N - 1" {
		t.Errorf("b[i+1] box [%v, %v] %s", lo, hi, why)
	}
	if bb.Span().String() != "N" || !bb.StrideKnown || bb.Stride != 1 {
		t.Errorf("span %v stride %d %v", bb.Span(), bb.Stride, bb.StrideKnown)
	}
	cb := f.Boxes(loops[1])[0]
	if cb.Lo == nil || cb.Lo.String() != "6" || cb.Hi.String() != "3*N" || cb.Stride != -6 {
		t.Errorf("box of c[3*i] = [%v, %v] stride %d %s", cb.Lo, cb.Hi, cb.Stride, cb.Reason)
	}
}

func TestNestedAndPointers(t *testing.T) {
	f := analyze(t, `
shared [*] int a[64][64];
void g(shared int *p, int n) {
	int i, j, k;
	for (i = 0; i < 64; i++)
		for (j = i; j < 64; j++)
			a[i][j] = *(p + j) + p[i] + *p;
	for (i = 0; i < n; i++) {
		k = i * 2;
		p[k] = 0;
	}
}`, "g", 4)
	outer := f.Graph.Loops().Roots[0]
	var ab *affine.Box
	for _, b := range f.Boxes(outer) {
		if b.Base == "a" {
			ab = b
		}
	}
	// i in [0,63], j in [i,63]: 64*i+j in [0, 64*63+63].
	if ab == nil || ab.Lo == nil || ab.Lo.String() != "0" || ab.Hi.String() != "4095" {
		t.Errorf("box of a = %+v", ab)
	}
	if a := access(t, f, "*(p + j)"); a.Index == nil || a.Index.Coef("j") != 1 || !a.Pointer || !a.Shared {
		t.Errorf("*(p+j): %+v", a)
	}
	if a := access(t, f, "*p"); a.Index == nil || !a.Index.IsConst() {
		t.Errorf("*p: %+v", a)
	}
	if a := access(t, f, "p[k]"); a.Index != nil || a.Reason != "k changes in the loop" {
		t.Errorf("p[k]: %v %q", a.Index, a.Reason)
	}
}

// TestRowAddress: an element that is an array (a row) converts to its
// address; only the accesses to scalar elements read.
func TestRowAddress(t *testing.T) {
	f := analyze(t, `
#include <upc.h>
shared [128] unsigned D[4][256][256];
void g(int r) {
	int dx, i;
	unsigned *p;
	unsigned s = 0;
	for (dx = 0; dx < 256; dx++)
		upc_forall (i = 0; i < 256; i += 128; upc_threadof(D[r][dx] + i)) {
			p = (unsigned *)(D[r][dx] + i);
			s += D[r][dx][i];
		}
}`, "g", 4)
	for _, a := range f.Accesses {
		row := ast.NodeString(a.Expr) == "D[r][dx]"
		if a.Addr != row {
			t.Errorf("%s: Addr %v, want %v", ast.NodeString(a.Expr), a.Addr, row)
		}
	}
	access(t, f, "D[r][dx][i]")
}
