package edit_test

import (
	gotoken "go/token"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar"
)

// TestNames checks every way a name can be taken. The fix editors of the
// rules chose fresh names three ways before (the unit's tokens, the words
// of the file, the function's names plus any substring of the file); a
// name is now taken when any of the first two says so, or the file scope.
func TestNames(t *testing.T) {
	src := []byte(`#include <upc.h>
#include <stdio.h>
#define _upclint_m 1
/* _upclint_c is a word of a comment */
shared int a[THREADS];
int main(void) {
	int _upclint_a = 0, i_blk = 0, i_blk2 = 0;
	return _upclint_a + i_blk + i_blk2;
}
`)
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", src, nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	pass := &analysis.Pass{ReadFile: func(string) ([]byte, error) { return src, nil }}
	n := edit.NewNames(pass, u)
	for name, want := range map[string]bool{
		"_upclint_a":  true,  // a token
		"_upclint_m":  true,  // a macro's name: in the text, not in the tokens
		"_upclint_c":  true,  // a word of a comment
		"printf":      true,  // declared at file scope by a header
		"main":        true,  // declared at file scope
		"upclint_a":   false, // a substring of a token is free
		"_upclint_b":  false,
		"_upclint_a2": false,
	} {
		if got := n.Taken(name); got != want {
			t.Errorf("Taken(%s) = %v, want %v", name, got, want)
		}
	}
	numbered := func(b string, k int) string { return b + "_" + string(rune('0'+k)) }
	if got := n.Fresh("_upclint_a", numbered); got != "_upclint_a_2" {
		t.Errorf("Fresh(_upclint_a) = %s", got)
	}
	if got := n.Fresh("_upclint_a", numbered); got != "_upclint_a_3" {
		t.Errorf("second Fresh(_upclint_a) = %s, want the next number", got)
	}
	if n.Claim("_upclint_a_3") || !n.Claim("_upclint_z") || n.Claim("_upclint_z") {
		t.Error("Claim: a name is claimed once")
	}
	if got := n.Fresh("i_blk", func(b string, k int) string { return b + string(rune('0'+k)) }); got != "i_blk3" {
		t.Errorf("Fresh(i_blk) = %s", got)
	}
}

// TestIncludeLines checks the #include lines found in a text.
func TestIncludeLines(t *testing.T) {
	src := []byte("#include <upc.h>\n  #  include \"my.h\"\n#define X 1\n#include <stdlib.h>")
	var got []edit.Include
	for inc := range edit.IncludeLines(src) {
		got = append(got, inc)
	}
	want := []edit.Include{{0, 16, "upc.h", true}, {17, 36, "my.h", false}, {49, 68, "stdlib.h", true}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestNamesAfterManyQuestions: the set of words Taken builds after many
// questions gives the answers that reading the tokens and text gave.
func TestNamesAfterManyQuestions(t *testing.T) {
	src := []byte("#include <upc.h>\n#include <stdio.h>\n#define _m 1\n/* _c */\nint main(void) { int _a = 0; return _a; }\n")
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", src, nil)
	pass := &analysis.Pass{ReadFile: func(string) ([]byte, error) { return src, nil }}
	names := []string{"_a", "_m", "_c", "printf", "FILE", "main", "_b", "_a2", "stdout", "while", "int", "size_t", "_z"}
	first := map[string]bool{}
	n := edit.NewNames(pass, u)
	for _, name := range names {
		first[name] = n.Taken(name)
	}
	for range 4 {
		for _, name := range names {
			if got := n.Taken(name); got != first[name] {
				t.Errorf("Taken(%s) = %v after many questions, %v before", name, got, first[name])
			}
		}
	}
	for name, want := range map[string]bool{"_a": true, "_m": true, "_c": true, "printf": true, "FILE": true, "int": true, "while": false, "_b": false, "_z": false} {
		if first[name] != want {
			t.Errorf("Taken(%s) = %v, want %v", name, first[name], want)
		}
	}
}
