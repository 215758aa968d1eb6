package forall_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/rules/forall"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
)

// TestFixOwnStepOnly: a upc_forall whose step clause also steps another
// variable (Berkeley's bug557: i++, j--) is left alone, since the stride
// THREADS rewrite would drop j's step or break j = 10 - i; the loop
// stepping only i next to it is rewritten.
func TestFixOwnStepOnly(t *testing.T) {
	src := []byte(`#include <upc.h>
#include <stdio.h>
int main(void)
{
    upc_forall (int i = 0; i < 10; i++; i)
        printf("%i\n", i);
    upc_forall (int i = 0, j = 10; i < 10; i++, j--; i)
        printf("%i %i\n", i, j);
    return 0;
}
`)
	path := filepath.Join(t.TempDir(), "step.upc")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{}, Unsafe: true, Rules: []string{forall.Name}})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Applied) != 1 || res.Applied[0].Line != 5 {
		t.Errorf("applied %+v, want only the first loop's fix (line 5):\n%s", res.Applied, res.Diff())
	}
	if fixtest.HaveCC() {
		validate(t, path, res.Original, res.Fixed)
	}
}
