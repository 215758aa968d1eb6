package ssa_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/internal/testprogs"
	"github.com/upclint/upclint/cfg/ssa"
	"github.com/upclint/upclint/grammar/ast"
)

// TestCorpus builds the graph, the dominator trees, the loop forest and
// the SSA form of every function of every program under testdata (the
// front-end corpus, valid and invalid, the seed kernels, the runtime and
// fix programs, and each rule's test cases), loaded with the flags its
// `// upclint-flags:` line names, and runs the sanity checker on each.
func TestCorpus(t *testing.T) {
	files, err := testprogs.Files(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 300 {
		t.Fatalf("only %d programs under testdata", len(files))
	}
	funcs := 0
	dirs := map[string]int{}
	for _, name := range files {
		u, _, err := testprogs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range u.File.Decls {
			d, ok := d.(*ast.Decl)
			if !ok || d.Body == nil {
				continue
			}
			funcs++
			rel, _ := filepath.Rel(filepath.Join("..", ".."), filepath.Dir(name))
			dirs[filepath.ToSlash(rel)]++
			g := cfg.Build(d)
			checkGraph(t, name, g)
			fn := ssa.Build(g, &ssa.Config{File: u.File})
			for _, err := range ssa.Sanity(fn) {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	// Every kind of test program contributes functions.
	for _, dir := range []string{"testdata/corpus/valid", "testdata/corpus/invalid", "testdata/kernels", "testdata/runtime", "testdata/fixes/forall", "checks/rules/collectivity/testdata", "checks/rules/singlevalued/testdata", "checks/rules/finegrain/testdata"} {
		if dirs[dir] == 0 {
			t.Errorf("no function checked under %s", dir)
		}
	}
	t.Logf("%d files, %d functions", len(files), funcs)
}

// checkGraph checks the graph's own invariants and the tree facts.
func checkGraph(t *testing.T, file string, g *cfg.Graph) {
	t.Helper()
	for i, b := range g.Blocks {
		if b.Index != i {
			t.Errorf("%s: %s: block %d has index %d", file, g.Name, i, b.Index)
		}
		if len(b.Succs) != len(b.Edges) {
			t.Errorf("%s: %s: b%d: %d succs, %d edges", file, g.Name, i, len(b.Succs), len(b.Edges))
		}
		for _, s := range b.Succs {
			if s.PredIndex(b) < 0 {
				t.Errorf("%s: %s: b%d→b%d missing from preds", file, g.Name, i, s.Index)
			}
		}
		if b != g.Exit && len(b.Succs) == 0 {
			t.Errorf("%s: %s: b%d has no successor", file, g.Name, i)
		}
		if !b.Live {
			continue
		}
		if b != g.Entry {
			if d := g.Idom(b); d == nil || !g.Dominates(d, b) || d == b {
				t.Errorf("%s: %s: bad idom of b%d", file, g.Name, i)
			}
		}
		if p := g.Ipdom(b); b != g.Exit && (p == nil || !g.PostDominates(p, b)) {
			t.Errorf("%s: %s: bad ipdom of b%d", file, g.Name, i)
		}
	}
	lf := g.Loops()
	for _, l := range lf.Loops {
		if !l.Contains(l.Header) {
			t.Errorf("%s: %s: loop header outside its loop", file, g.Name)
		}
		for _, b := range l.Blocks {
			if !g.Dominates(l.Header, b) {
				t.Errorf("%s: %s: header b%d does not dominate loop block b%d", file, g.Name, l.Header.Index, b.Index)
			}
		}
		if l.Parent != nil && !l.Parent.Contains(l.Header) {
			t.Errorf("%s: %s: loop not inside its parent", file, g.Name)
		}
	}
}
