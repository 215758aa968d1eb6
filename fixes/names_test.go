package fixes

import (
	"testing"

	"github.com/upclint/upclint/checks"
)

// TestDistinctNames: of two fixes of one round that declare the same
// name absent from the text at file scope (after an indented block
// comment too, as irregular's gather tables), the second waits; names
// the text already has, and names declared inside a function, do not
// hold a fix back.
func TestDistinctNames(t *testing.T) {
	src := []byte("shared int x[THREADS];\nvoid f(void) { }\nvoid g(void) { }\n")
	ins := func(off, col int, text string) checks.Fix {
		return checks.Fix{Edits: []checks.Edit{{Pos: checks.Position{Offset: off, Col: col}, End: checks.Position{Offset: off, Col: col}, NewText: text}}}
	}
	table := "/*\n * the gather table of x\n */\nstatic struct gather_x { int v[4]; } gather_x;\n\n"
	fixes := []checks.Fix{
		ins(23, 1, table),                       // before f
		ins(41, 1, table),                       // before g: the same new name
		ins(41, 1, "shared int x_value;\n"),     // another name
		ins(30, 8, "\n    int gather_x = 0;\n"), // inside f: not file scope
		ins(23, 1, "extern shared int x[THREADS];\n"),
	}
	var chosen []Chosen
	for i := range fixes {
		chosen = append(chosen, Chosen{Finding: &checks.Finding{}, Fix: &fixes[i]})
	}
	keep, clash := distinctNames(chosen, src)
	if len(clash) != 1 || clash[0].Fix != &fixes[1] {
		t.Fatalf("clash %+v, want the second table", clash)
	}
	if len(keep) != 4 {
		t.Errorf("kept %d fixes, want 4", len(keep))
	}
}
