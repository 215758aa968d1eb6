package parser

import (
	gotoken "go/token"
	"testing"
)

func TestSmoke(t *testing.T) {
	src := `typedef int T;
shared [4] int a[4*THREADS];
int main(int argc, char **argv) {
	T x = 3, *p = &x;
	int i;
	upc_forall (i = 0; i < 100; i++; &a[i]) { a[i] = (T)i * 2 + x; }
	upc_barrier;
	if (MYTHREAD == 0) printf("%d\n", a[0]);
	return 0;
}
`
	fset := gotoken.NewFileSet()
	toks := tokenize(fset, "a.upc", src)
	f, diags := ParseFile(fset, "a.upc", toks)
	for _, d := range diags {
		t.Errorf("%s: %s", fset.Position(d.Pos), d.Message)
	}
	for _, d := range f.Decls {
		t.Logf("%T %q", d, src[fset.Position(d.Start()).Offset:fset.Position(d.End()).Offset])
	}
}
