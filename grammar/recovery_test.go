package grammar

import (
	"fmt"
	gotoken "go/token"
	"os"
	"strings"
	"testing"
)

// loadDiags loads src as /src/main.upc (with the given other files) and
// returns its diagnostics as "line:col: severity: message".
func loadDiags(t *testing.T, src string, files map[string]string) []string {
	t.Helper()
	fset := gotoken.NewFileSet()
	u := Load(fset, "/src/main.upc", []byte(src), &Config{ReadFile: func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}})
	var out []string
	for _, d := range u.Diags {
		p := fset.Position(d.Pos)
		out = append(out, fmt.Sprintf("%d:%d: %s: %s [%s]", p.Line, p.Column, d.Severity, d.Message, d.Rule))
	}
	return out
}

// TestMissingHeaderRecovery: a header that is not found is one warning; the
// declarations that use its types are kept (each unknown type name reported
// once, as a warning), every function is parsed, and the names it would have
// declared are notes of the header's warning instead of one error per use:
// at most one finding per missing header plus one per unknown type name.
func TestMissingHeaderRecovery(t *testing.T) {
	src := `#include <upc.h>
#include "npbparams.h"
#include <mpi.h>
boolean verified;
static dcomplex u[NX];
typedef struct { elem_t x; MPI_Status st; } S;
int f(boolean b, MPI_Comm c, elem_t *p);
int g(void)
{
	dcomplex z;
	MPI_Status *s, t;
	int n = sizeof(dcomplex);
	z = (dcomplex) n;
	s = (MPI_Status *) 0;
	MPI_Init(0, 0);
	return npb_foo(NX) + n;
}
`
	got := loadDiags(t, src, nil)
	want := []string{
		`2:10: warning: include file "npbparams.h" not found; declarations from it are unknown (add its directory with -I) [preprocessor]`,
		`3:10: warning: system header <mpi.h> not found; declarations from it are unknown [preprocessor]`,
		`4:1: warning: unknown type name 'boolean', probably declared in a header that was not found (npbparams.h, mpi.h); declarations using it have an unknown type [typecheck]`,
		`5:8: warning: unknown type name 'dcomplex', probably declared in a header that was not found (npbparams.h, mpi.h); declarations using it have an unknown type [typecheck]`,
		`6:18: warning: unknown type name 'elem_t', probably declared in a header that was not found (npbparams.h, mpi.h); declarations using it have an unknown type [typecheck]`,
		`6:28: warning: unknown type name 'MPI_Status', probably declared in a header that was not found (npbparams.h, mpi.h); declarations using it have an unknown type [typecheck]`,
		`7:18: warning: unknown type name 'MPI_Comm', probably declared in a header that was not found (npbparams.h, mpi.h); declarations using it have an unknown type [typecheck]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, d := range got {
		if strings.Contains(d, ": error: ") {
			t.Errorf("a missing header led to an error: %s", d)
		}
	}
	// the undeclared names are notes of the first missing header's warning
	fset := gotoken.NewFileSet()
	u := Load(fset, "/src/main.upc", []byte(src), &Config{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }})
	var notes []string
	for _, r := range u.Diags[0].Related {
		notes = append(notes, fmt.Sprintf("%d: %s", fset.Position(r.Pos).Line, r.Message))
	}
	wantNotes := []string{
		"5: 'NX' is not declared: taken to come from a header that was not found (npbparams.h, mpi.h); its uses are not checked",
		"15: 'MPI_Init' is not declared: taken to come from a header that was not found (npbparams.h, mpi.h); its uses are not checked",
		"16: 'npb_foo' is not declared: taken to come from a header that was not found (npbparams.h, mpi.h); its uses are not checked",
	}
	if strings.Join(notes, "\n") != strings.Join(wantNotes, "\n") {
		t.Errorf("notes of %s:\n%s\nwant:\n%s", got[0], strings.Join(notes, "\n"), strings.Join(wantNotes, "\n"))
	}
}

// TestUnknownTypeWithoutMissingHeader: with every header found, an unknown
// type name is an error, reported once per name, and the declarations
// around it still parse.
func TestUnknownTypeWithoutMissingHeader(t *testing.T) {
	src := `elem_t a;
elem_t *b, c;
void f(elem_t x) { elem_t y = x; (void)y; }
int g(void) { return 1; }
`
	got := loadDiags(t, src, nil)
	if len(got) != 1 || !strings.Contains(got[0], "1:1: error: unknown type name 'elem_t' [typecheck]") {
		t.Errorf("got %q, want one error for elem_t", got)
	}
}

// TestUndefinedBlockSizeMacro: a block size the build defines but the
// check was not told names the macro and the flag, once.
func TestUndefinedBlockSizeMacro(t *testing.T) {
	src := `#include <upc.h>
shared [BLOCKSIZE] double *a;
shared [BLOCKSIZE] double b[BLOCKSIZE*THREADS];
int main(void) { return 0; }
`
	var n int
	for _, d := range loadDiags(t, src, nil) {
		if strings.Contains(d, ": error: ") {
			t.Errorf("unexpected error %s", d)
		}
		if strings.Contains(d, "-D BLOCKSIZE=value") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("BLOCKSIZE reported %d times, want once", n)
	}
}

// TestC89AndBerkeleyForms: implicit int function definitions (also K&R
// ones) parse, and after "#pragma upc c_code" the UPC keywords are C
// identifiers until "#pragma upc upc_code".
func TestC89AndBerkeleyForms(t *testing.T) {
	src := `#include <stdio.h>
#pragma upc c_code
int foo(int shared) { return shared + 1; }
float MYTHREAD;
#pragma upc upc_code
shared int s;
add(a, b) int a, b; { return a + b; }
main()
{
	s = foo(1) + add(1, 2) + (int)MYTHREAD;
	return 0;
}
`
	for _, d := range loadDiags(t, src, nil) {
		if strings.Contains(d, ": error: ") {
			t.Errorf("unexpected %s", d)
		}
	}
}

// TestUndefinedTypeMacro: an unknown type name spelled like a macro is a
// type the build defines (-D DATA=int): a warning that says how, once.
func TestUndefinedTypeMacro(t *testing.T) {
	src := `#include <upc.h>
shared DATA a[THREADS];
DATA f(DATA x) { return x; }
`
	got := loadDiags(t, src, nil)
	if len(got) != 1 || !strings.Contains(got[0], "2:8: warning: unknown type name 'DATA': if the build defines it, set it with -D DATA=type") {
		t.Errorf("got %q", got)
	}
}

// TestMissingHeaderConstants: sizes computed from a missing header's
// constants are unknown (not variable), and a call of a name that is an
// object here may be a function-like macro of the missing header.
func TestMissingHeaderConstants(t *testing.T) {
	src := `#include <upc.h>
#include "npbparams.h"
static double local_a[(int)(NZ/THREADS*1.5)];
void f(void)
{
	static shared double max[THREADS];
	double p = 0, q = 1;
	p = max(p, q);
}
`
	for _, d := range loadDiags(t, src, nil) {
		if strings.Contains(d, ": error: ") {
			t.Errorf("unexpected %s", d)
		}
	}
}

// TestC11Keywords: the C11 keywords real code uses with GCC in C99 mode
// (_Noreturn, _Thread_local, _Alignas, and their <stdnoreturn.h> and
// <stdalign.h> spellings) are accepted.
func TestC11Keywords(t *testing.T) {
	src := `#include <stdlib.h>
#include <stdnoreturn.h>
#include <stdalign.h>
_Noreturn void die(void) { exit(1); }
noreturn void die2(void) { exit(2); }
static _Thread_local int tl;
_Alignas(16) static double a16[4];
alignas(8) static char a8[8];
int main(void) { tl = (int)a16[0] + a8[0] + (int)alignof(double); if (tl) die(); die2(); }
`
	for _, d := range loadDiags(t, src, nil) {
		if strings.Contains(d, ": error: ") {
			t.Errorf("unexpected %s", d)
		}
	}
}
