package translate_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/runtime/translate"
)

// TestStaticAssertDropped: static assertions, checked by the front end on
// the UPC program, become empty declarations in the C output, which gcc
// -std=gnu99 accepts at file scope, in blocks, in struct bodies and as the
// body of an if.
func TestStaticAssertDropped(t *testing.T) {
	src := `#include <upc.h>
#define CHECK(c) __extension__ _Static_assert(c, #c)
_Static_assert(sizeof(shared int *) > 0, "file scope");
struct s { int a; _Static_assert(sizeof(int) > 1, "member"); int b; };
shared struct s v[THREADS];
int main(void) {
	struct s x = {1, 2};
	_Static_assert(upc_blocksizeof(v) == 1, "block");
	if (x.a)
		CHECK(sizeof x == 2 * sizeof(int));
	v[MYTHREAD] = x;
	return x.b - 2;
}
`
	c := translateOK(t, writeProgram(t, "sa.upc", src), translate.Options{NoLines: true})
	if strings.Contains(string(c), "_Static_assert") {
		t.Errorf("a static assertion reached the C output:\n%s", c)
	}
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	inc := filepath.Join("..", "csrc", "src")
	out := filepath.Join(t.TempDir(), "sa.c")
	if err := os.WriteFile(out, c, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(cc, "-std=gnu99", "-fsyntax-only", "-I", inc, out).CombinedOutput(); err != nil {
		t.Errorf("cc -std=gnu99 rejects the output: %v\n%s\n%s", err, b, c)
	}
}
