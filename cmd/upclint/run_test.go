package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunStopsOnFrontEndErrors: a program with syntax, typecheck or
// preprocessor errors is not compiled: run prints the errors as check
// does and exits with status 2, without a C compiler message.
func TestRunStopsOnFrontEndErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, src, want string }{
		{"shared_to_local.upc", `#include <upc.h>
#include <stdio.h>
shared int a[THREADS];
int get(int *p) { return *p; }
int main(void) {
  printf("%d\n", get(&a[MYTHREAD]));
  return 0;
}
`, "shared_to_local.upc:6:22: error: conversion from pointer-to-shared 'shared int *' to pointer-to-local 'int *' requires a cast (passing argument 1 of 'get') [typecheck]"},
		{"syntax.upc", "int main(void) { return 0 }\n", "syntax.upc:1:27: error: expected ';', found '}' [syntax]"},
		{"pp.upc", "#error stop here\nint main(void) { return 0; }\n", "pp.upc:1:1: error: #error stop here [preprocessor]"},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errs, code := runUpclint(t, "run", "-n", "2", "--cc", "/nonexistent/cc", path)
		if code != exitFailure {
			t.Errorf("%s: exit %d, want %d", tt.name, code, exitFailure)
		}
		if out != "" {
			t.Errorf("%s: stdout %q", tt.name, out)
		}
		if !strings.Contains(errs, filepath.Join(dir, tt.want)) {
			t.Errorf("%s: stderr lacks %q:\n%s", tt.name, tt.want, errs)
		}
		if strings.Contains(errs, "nonexistent") {
			t.Errorf("%s: the C compiler ran:\n%s", tt.name, errs)
		}
	}
}

// TestRunWarningsAndOldStyle: front-end warnings do not stop run, and an
// old-style (K&R) program builds and runs.
func TestRunWarningsAndOldStyle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs UPC programs")
	}
	if _, err := exec.LookPath("cc"); err != nil && os.Getenv("CC") == "" {
		t.Skip("no C compiler")
	}
	warn := filepath.Join(t.TempDir(), "warn.upc")
	src := `#include <upc.h>
#include <stdio.h>
int main(void) {
  int x = 3;
  long *p = &x; /* incompatible pointer types: a warning */
  if (MYTHREAD == 0) printf("warned %d\n", *p != 0);
  return 0;
}
`
	if err := os.WriteFile(warn, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{warn, "warned 1\n"},
		{"../../testdata/corpus/valid/syn_knr_defs.upc", "passed\n"},
	} {
		out, errs, code := runUpclint(t, "run", "-n", "2", tt.path)
		if code != exitOK || out != tt.want {
			t.Errorf("%s: exit %d, stdout %q, want %q; stderr:\n%s", tt.path, code, out, tt.want, errs)
		}
	}
}

// TestRunCheck: --check reaches the translator as well as the runtime, so
// a local access through a pointer-to-shared past the end of its
// allocation is reported (the runtime alone sees only remote accesses),
// and the same program runs unchecked without it.
func TestRunCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs UPC programs")
	}
	if _, err := exec.LookPath("cc"); err != nil && os.Getenv("CC") == "" {
		t.Skip("no C compiler")
	}
	prog := "../../testdata/runtime/check_ptr_past_end.upc"
	_, errs, code := runUpclint(t, "run", "-n", "1", "--check", prog)
	if code == exitOK || !strings.Contains(errs, "is out of bounds") || !strings.Contains(errs, "past its end") {
		t.Errorf("--check: exit %d; stderr lacks the out-of-bounds report:\n%s", code, errs)
	}
	_, errs, _ = runUpclint(t, "run", "-n", "1", prog)
	if strings.Contains(errs, "out of bounds") {
		t.Errorf("without --check: a bounds report:\n%s", errs)
	}
}
