package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDumpDotRenders renders the annotated CFG of every test program with
// Graphviz: the DOT that `upclint dump cfg --dot` writes must be valid.
func TestDumpDotRenders(t *testing.T) {
	dotPath, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("Graphviz dot not installed")
	}
	var files []string
	for _, pat := range []string{"../../testdata/corpus/valid/*.upc", "../../testdata/kernels/*.upc", "../../testdata/runtime/*.upc", "../../testdata/fixes/*/*.upc"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no test programs")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := dump(&out, "cfg", f, "", src, 0, true); err != nil {
			if strings.Contains(err.Error(), "no function") {
				continue // a header-like file without function definitions
			}
			t.Errorf("%s: dump: %v", f, err)
			continue
		}
		cmd := exec.Command(dotPath, "-Tsvg", "-o", os.DevNull)
		cmd.Stdin = &out
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: dot rejects the output: %v\n%s", f, err, msg)
		}
	}
}
