package types_test

import (
	"strings"
	"testing"
)

// TestSharedStructPointerMember: a pointer member of a shared struct is
// itself shared and points to private data: the struct's shared qualifier
// and layout never reach the pointed-to type, through typedefs, blocked
// layouts, nested structs and arrows alike. Its value is a plain
// pointer-to-local.
func TestSharedStructPointerMember(t *testing.T) {
	u := checkSrc(t, `#include <upc.h>
typedef struct { double *p; int n; } S;
typedef struct { S in; S arr[2]; } O;
shared S s[THREADS];
shared [4] S b[4*THREADS];
shared O o[THREADS];
shared S *ps;
void f(int i) {
  int x;
  x = s[i].p;
  s[i].p = 1;
  b[i].p = 1;
  o[i].arr[1].p = 1;
  ps->p = 1;
  x = &s[i].p;
  x = *s[i].p;
}
`, 0)
	got := strings.Join(append(u.errors(), u.warnings()...), "\n")
	for _, want := range []string{
		"10:7: assigning to 'int' from 'double *' makes integer from pointer without a cast",
		"11:12: assigning to 'double *shared []' from 'int'",
		"12:12: assigning to 'double *shared []' from 'int'",
		"13:19: assigning to 'double *shared []' from 'int'",
		"14:11: assigning to 'double *shared []' from 'int'",
		"15:7: assigning to 'int' from 'double *shared [] *'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no diagnostic %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "shared [] double") || strings.Contains(got, "shared double") {
		t.Errorf("a pointed-to type became shared:\n%s", got)
	}
	if strings.Contains(got, "16:") {
		t.Errorf("*s[i].p is a double:\n%s", got)
	}
}
