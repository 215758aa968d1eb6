package fixes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/runtime"
)

func TestWriteFileKeepsMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.upc")
	if err := os.WriteFile(path, []byte("old\n"), 0o751); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(b) != "new\n" || st.Mode().Perm() != 0o751 {
		t.Errorf("got %q mode %v", b, st.Mode().Perm())
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*upclint*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

func TestLineEndings(t *testing.T) {
	if !IsCRLF([]byte("a\r\nb\r\nc\n")) || IsCRLF([]byte("a\nb\r\nc\n")) || IsCRLF([]byte("abc")) {
		t.Error("IsCRLF")
	}
	if got := ToCRLF("x\ny\r\nz"); got != "x\r\ny\r\nz" {
		t.Errorf("ToCRLF: %q", got)
	}
}

func TestCompareRuns(t *testing.T) {
	run := func(out ...string) *runtime.Result {
		r := &runtime.Result{}
		for i, o := range out {
			r.Threads = append(r.Threads, runtime.ThreadResult{Thread: i, Stdout: []byte(o)})
		}
		return r
	}
	if m := compareRuns(2, run("a\nb\n", "c\n"), run("a\nb\n", "c\n")); m != nil {
		t.Errorf("equal runs differ: %v", m)
	}
	m := compareRuns(2, run("a\nb\n", "c\nd\n"), run("a\nb\n", "c\nx\n"))
	if m == nil || m.Thread != 1 || m.Line != 2 || m.Original != "d" || m.Fixed != "x" {
		t.Errorf("got %+v", m)
	}
	b := run("a\n")
	b.Threads[0].ExitCode = 3
	if m := compareRuns(1, run("a\n"), b); m == nil || m.Line != 0 || m.Fixed != "3" {
		t.Errorf("exit status: %+v", m)
	}
}
