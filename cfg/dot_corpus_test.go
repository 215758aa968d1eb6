package cfg_test

import (
	"bytes"
	"fmt"
	gotoken "go/token"
	"io"
	"os"
	"os/exec"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/internal/testprogs"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks/checktest"
	"github.com/upclint/upclint/grammar"
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
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		conf, err := checktest.ParseFlags(name, src)
		if err != nil {
			t.Fatal(err)
		}
		fset := gotoken.NewFileSet()
		u := grammar.Load(fset, name, src, &conf)
		vi := variance.Analyze(u.File, u.Info, &variance.Config{Graph: cfg.Build})
		var out bytes.Buffer
		for _, vf := range vi.Funcs {
			vf.Graph.WriteDot(&out, &cfg.DotOptions{Fset: fset, Annotate: annotator(fset, u.Info.StaticThreads, vi, vf), Unreachable: true})
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

// annotator returns the facts shown in each block, like the dump command's.
func annotator(fset *gotoken.FileSet, threads int, vi *variance.Info, vf *variance.Func) func(*cfg.Block) []string {
	cf := collective.Analyze(vi, vf)
	af := affine.Analyze(vf.Graph, vi.Types)
	aff := affinity.Analyze(af, threads)
	return func(b *cfg.Block) []string {
		var out []string
		if x := cf.Block(b); x.Kind != collective.Collective {
			s := "not collective: " + x.Kind.String()
			if x.Reason != nil && x.Reason.Node != nil {
				s += fmt.Sprintf(" at %s: %s", fset.Position(x.Reason.Node.Start()), x.Reason.What)
			}
			out = append(out, s)
		}
		if br := vf.Branch(b); br != nil {
			out = append(out, "thread-dependent branch: "+br.What)
		}
		for _, a := range af.Accesses {
			if a.Block != b {
				continue
			}
			s := cfg.NodeString(a.Expr) + ": index "
			if a.Index != nil {
				s += a.Index.String()
			} else {
				s += "not affine (" + a.Reason + ")"
			}
			if f := aff.Of(a); f != nil {
				s += ", " + f.Kind.String() + " (" + f.Reason + ")"
			}
			out = append(out, s)
		}
		return out
	}
}
