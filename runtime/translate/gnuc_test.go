package translate_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/runtime/translate"
)

// TestGNUAndC11Expressions: shared accesses inside _Generic, __real__ and
// __imag__, with __auto_type and __builtin_types_compatible_p around them,
// are translated (a shared read selected by _Generic is a runtime read),
// and cc accepts the C output.
func TestGNUAndC11Expressions(t *testing.T) {
	src := `#include <upc.h>
#include <stdio.h>
shared double a[10 * THREADS];
double _Complex z;
int main(void) {
	int i;
	__auto_type n = 10 * THREADS;
	upc_forall (i = 0; i < n; i++; &a[i]) {
		a[i] = _Generic(a[i], double: 1.0, default: 0.0) + __builtin_types_compatible_p(int, long);
		__real__ z = a[i];
	}
	upc_barrier;
	for (i = 0; i < n; i++)
		z += _Generic(i, int: a[i], default: 0) + __imag__ z;
	if (MYTHREAD == 0)
		printf("%f\n", (double)__real__ z);
	return 0;
}
`
	c := translateOK(t, writeProgram(t, "gnu.upc", src), translate.Options{NoLines: true})
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	out := filepath.Join(t.TempDir(), "gnu.c")
	if err := os.WriteFile(out, c, 0o644); err != nil {
		t.Fatal(err)
	}
	inc := filepath.Join("..", "csrc", "src")
	if b, err := exec.Command(cc, "-std=gnu11", "-fsyntax-only", "-I", inc, out).CombinedOutput(); err != nil {
		t.Errorf("cc rejects the output: %v\n%s\n%s", err, b, c)
	}
}
