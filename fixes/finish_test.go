package fixes_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar/diag"
)

// TestFixFindingsPostProcessed: the findings fix leaves take the
// severities of the file's configuration and its suppression comments, as
// check's and the language server's do (suppress.Finish). Before, fix
// applied the comments but not the severities.
func TestFixFindingsPostProcessed(t *testing.T) {
	src := []byte(`#include <upc.h>
shared int a[THREADS], b[THREADS];
void f(int x) {
	if (MYTHREAD == 0)
		upc_barrier;
	if (MYTHREAD == 1)
		upc_barrier; // upclint:ignore collectivity the test silences this one
}
`)
	conf, err := config.Parse("upclint.yaml", []byte("rules:\n  collectivity: {severity: note}\n"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "f.upc")
	collectivity := func(opts *fixes.Options, text []byte) []checks.Finding {
		var out []checks.Finding
		for _, f := range fixes.FixSource(path, text, opts).Remaining {
			if f.Rule == "collectivity" {
				out = append(out, f)
			}
		}
		return out
	}
	// Without the configuration and the comment: two errors.
	plain := bytes.Replace(src, []byte("// upclint:ignore"), []byte("// "), 1)
	if got := collectivity(&fixes.Options{Check: &checks.Options{}}, plain); len(got) != 2 || got[0].Severity != diag.Error {
		t.Fatalf("without configuration and comment: %+v, want two errors", got)
	}
	got := collectivity(&fixes.Options{Check: &checks.Options{}, Config: conf.For(path)}, src)
	if len(got) != 1 || got[0].Pos.Line != 5 || got[0].Severity != diag.Note {
		t.Errorf("collectivity findings left = %+v, want one note on line 5", got)
	}
}
