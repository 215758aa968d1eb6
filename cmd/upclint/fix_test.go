package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runUpclint runs the command line with args and returns its standard
// output, standard error and exit code.
func runUpclint(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	root := newRootCmd()
	var out, errb bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetArgs(args)
	code := exitOK
	if err := root.Execute(); err != nil {
		var ee *exitError
		if !errors.As(err, &ee) {
			t.Fatalf("upclint %s: %v", strings.Join(args, " "), err)
		}
		code = ee.code
	}
	return out.String(), errb.String(), code
}

// fixTree copies seed kernels and goldens into a temporary tree.
func fixTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for dst, src := range map[string]string{
		"vecadd.upc":     "../../testdata/kernels/vecadd.upc",
		"sub/matvec.upc": "../../testdata/kernels/matvec.upc",
		"sub/crlf.upc":   "../../testdata/fixes/coalesce/cyclic_range.upc",
		"exec.upc":       "../../testdata/fixes/forall/cyclic.upc",
	} {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if dst == "sub/crlf.upc" {
			b = bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n"))
		}
		if dst == "exec.upc" {
			mode = 0o755
		}
		p := filepath.Join(dir, dst)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, mode); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		m[p] = info.Mode().String() + "\x00" + string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFixCommand: --diff prints the diff and writes nothing; fix writes
// every file (modes and CRLF kept, no temporary file left) and prints the
// summary by rule; a second run changes nothing.
func TestFixCommand(t *testing.T) {
	dir := fixTree(t)
	before := snapshot(t, dir)
	out, errOut, code := runUpclint(t, "fix", "--unsafe", "--diff", "--progress", "never", dir)
	if code != exitFindings {
		t.Errorf("--diff: exit %d, want %d (fixes would be applied)", code, exitFindings)
	}
	for _, want := range []string{"+++ b/", "upc_memget", "i += THREADS"} {
		if !strings.Contains(out, want) {
			t.Errorf("--diff output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "4 files, would fix 4") {
		t.Errorf("--diff summary:\n%s", errOut)
	}
	if after := snapshot(t, dir); len(after) != len(before) {
		t.Errorf("--diff created files: %d -> %d", len(before), len(after))
	} else {
		for p, s := range before {
			if after[p] != s {
				t.Errorf("--diff changed %s", p)
			}
		}
	}

	out, _, code = runUpclint(t, "fix", "--unsafe", "--progress", "never", dir)
	if code != exitOK && code != exitFindings {
		t.Fatalf("fix: exit %d:\n%s", code, out)
	}
	for _, want := range []string{"rule", "applied", "rejected", "forall", "finegrain", "4 files, fixed 4"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	fixed := snapshot(t, dir)
	if len(fixed) != len(before) {
		t.Errorf("files left behind: %v", fixed)
	}
	for p, s := range fixed {
		if s == before[p] {
			t.Errorf("%s not fixed", p)
		}
	}
	if st, err := os.Stat(filepath.Join(dir, "exec.upc")); err != nil || st.Mode().Perm() != 0o755 {
		t.Errorf("exec.upc mode: %v %v", st.Mode(), err)
	}
	crlf, _ := os.ReadFile(filepath.Join(dir, "sub", "crlf.upc"))
	if n, m := bytes.Count(crlf, []byte("\n")), bytes.Count(crlf, []byte("\r\n")); n != m || !bytes.Contains(crlf, []byte("upc_memget")) {
		t.Errorf("crlf.upc: %d line feeds, %d CRLF:\n%s", n, m, crlf)
	}

	out, _, _ = runUpclint(t, "fix", "--unsafe", "--progress", "never", dir)
	if !strings.Contains(out, "4 files, fixed 0") {
		t.Errorf("second run:\n%s", out)
	}
	for p, s := range snapshot(t, dir) {
		if s != fixed[p] {
			t.Errorf("the second run changed %s", p)
		}
	}
}

// TestFixCommandRulesAndValidate: --rules limits the fixes; --validate
// reports the communication before and after and keeps the fixes.
func TestFixCommandRulesAndValidate(t *testing.T) {
	dir := fixTree(t)
	out, _, _ := runUpclint(t, "fix", "--unsafe", "--rules", "forall", "--progress", "never", filepath.Join(dir, "sub"))
	if strings.Contains(out, "finegrain") || !strings.Contains(out, "forall  1") {
		t.Errorf("--rules forall: want only the forall fix of crlf.upc:\n%s", out)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "sub", "matvec.upc"))
	if want, _ := os.ReadFile("../../testdata/kernels/matvec.upc"); !bytes.Equal(got, want) {
		t.Error("--rules forall changed matvec.upc (finegrain findings only)")
	}
	if _, _, code := runUpclint(t, "fix", "--rules", "nosuchrule", dir); code != exitFailure {
		t.Errorf("unknown rule: exit %d", code)
	}
	if testing.Short() {
		return
	}
	if _, err := exec.LookPath("cc"); err != nil && os.Getenv("CC") == "" {
		t.Skip("no C compiler")
	}
	out, _, _ = runUpclint(t, "fix", "--validate", "--validate-threads", "1,3", "--progress", "never",
		filepath.Join(dir, "vecadd.upc"), filepath.Join(dir, "sub", "matvec.upc"))
	for _, want := range []string{"ok (THREADS 1,3)", "remote ops", "modeled comm", "communication saved", "2 files, fixed 2",
		"vecadd.upc:", "kept", " → "} {
		if !strings.Contains(out, want) {
			t.Errorf("--validate output lacks %q:\n%s", want, out)
		}
	}
}

// TestFixCommandValidateRejectsOneFix: of two fixes of a file, the one
// whose program prints something else is rejected (rule, line, first
// differing output line) and the other is kept and written.
func TestFixCommandValidateRejectsOneFix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs UPC programs")
	}
	if _, err := exec.LookPath("cc"); err != nil && os.Getenv("CC") == "" {
		t.Skip("no C compiler")
	}
	src, err := os.ReadFile("../../fixes/testdata/two_fixes.upc")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "two.upc")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runUpclint(t, "fix", "--unsafe", "--validate", "--validate-threads", "1,2", "--progress", "never", path)
	if code != exitFindings {
		t.Errorf("exit %d, want %d (the rejected fix's finding remains)", code, exitFindings)
	}
	for _, want := range []string{"ok (THREADS 1,2), 3 validations", "two.upc:17  forall  kept",
		`two.upc:11  forall  rejected: THREADS=2 thread 1 output line 1: "thread 1: i=-4" (original) vs`,
		"1 files, fixed 1, 1 findings remain"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	got, _ := os.ReadFile(path)
	if !strings.Contains(string(got), "for (i = MYTHREAD; i < N*THREADS; i += THREADS)") ||
		!strings.Contains(string(got), "upc_forall (i = lo;") {
		t.Errorf("written file:\n%s", got)
	}
}
