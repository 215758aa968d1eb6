package cfg_test

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/annotate"
	"github.com/upclint/upclint/cfg/internal/testprogs"
	"github.com/upclint/upclint/cfg/variance"
)

// TestDotCorpusRenders writes the annotated DOT of every function of every
// program under testdata (as `upclint dump cfg --dot` does: the blocks'
// statements, line numbers, collectivity and variance facts and the affine
// index and affinity of each shared access, unreachable blocks included)
// and has Graphviz render it. It needs the dot program and is skipped only
// when it is not installed.
func TestDotCorpusRenders(t *testing.T) {
	dotPath, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("Graphviz dot not installed")
	}
	files, err := testprogs.Files("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 300 {
		t.Fatalf("only %d programs under testdata", len(files))
	}
	graphs := 0
	type job struct {
		name string
		dot  []byte
	}
	var jobs []job
	for _, name := range files {
		u, fset, err := testprogs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		vi := variance.Analyze(u.File, u.Info, &variance.Config{Graph: cfg.Build})
		var out bytes.Buffer
		for _, vf := range vi.Funcs {
			vf.Graph.WriteDot(&out, &cfg.DotOptions{Fset: fset, Annotate: annotate.Facts(fset, u.Info.StaticThreads, vi, vf), Unreachable: true})
			graphs++
		}
		if out.Len() > 0 {
			jobs = append(jobs, job{name, out.Bytes()})
		}
	}
	if graphs < 1000 {
		t.Errorf("only %d graphs", graphs)
	}
	t.Logf("%d files, %d graphs", len(files), graphs)
	// dot lays out each graph of its input: one run for everything, and
	// on failure one per file to name the culprits. Any error or warning
	// fails.
	render := func(src []byte) error {
		var stderr bytes.Buffer
		cmd := exec.Command(dotPath, "-Tsvg")
		cmd.Stdin = bytes.NewReader(src)
		cmd.Stdout = io.Discard
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%w: %s", err, stderr.String())
		}
		if stderr.Len() > 0 {
			return fmt.Errorf("dot warned: %s", stderr.String())
		}
		return nil
	}
	var all []byte
	for _, j := range jobs {
		all = append(all, j.dot...)
	}
	if err := render(all); err != nil {
		for _, j := range jobs {
			if err := render(j.dot); err != nil {
				t.Errorf("%s: dot rejects the output: %v", j.name, err)
			}
		}
		t.Errorf("dot rejects the output: %v", err)
	}
}
