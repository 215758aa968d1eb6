package edit

import (
	gotoken "go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/token"
	"github.com/upclint/upclint/grammar/types"
)

// Const is an object-like macro whose expansion is one integer constant,
// as the source invokes it.
type Const struct {
	Name string
	V    int64
}

// Consts answers, for the rewrites of a unit, which source text names a
// constant: the macros the source invokes, so that a fix writes CHUNK or
// RB * N where the source does and the fixed program follows the macro
// when it is built with another value of it (-DN=24).
type Consts struct {
	unit *grammar.Unit
	// source returns the text of the file holding a position and the
	// position's offset in it.
	source func(gotoken.Pos) ([]byte, int, bool)
}

// NewConsts returns the constants of unit u, whose files' text source
// reads.
func NewConsts(u *grammar.Unit, source func(gotoken.Pos) ([]byte, int, bool)) *Consts {
	return &Consts{unit: u, source: source}
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Named returns the object-like macros invoked in the tokens of nodes,
// each expanding to one integer (#define CHUNK 20, -DIMGSIZE=1024), in the
// order of the nodes and of their tokens. A NodeList counts as its nodes.
func (c *Consts) Named(nodes ...ast.Node) []Const {
	if c == nil || c.unit == nil || c.unit.File == nil || c.source == nil {
		return nil
	}
	toks := c.unit.File.Tokens
	var out []Const
	for _, n := range nodes {
		if l, ok := n.(NodeList); ok {
			out = append(out, c.Named(l...)...)
			continue
		}
		if ast.IsNil(n) {
			continue
		}
		first, end := n.Span()
		if first < 0 || end > len(toks) || first >= end {
			continue
		}
		for i := first; i < end; {
			t := toks[i]
			if !t.FromMacro() {
				i++
				continue
			}
			j := i
			var num []token.Token
			other := false
			for ; j < end && toks[j].Exp == t.Exp && toks[j].ExpEnd() == t.ExpEnd(); j++ {
				switch {
				case toks[j].Kind == token.Int || toks[j].Kind == token.Number:
					num = append(num, toks[j])
				case !toks[j].Is("(") && !toks[j].Is(")"):
					other = true
				}
			}
			partial := i > 0 && toks[i-1].Exp == t.Exp && toks[i-1].ExpEnd() == t.ExpEnd()
			i = j
			if partial || other || len(num) != 1 || i < end && toks[i].Exp == t.Exp {
				continue
			}
			v, err := strconv.ParseInt(strings.TrimRight(num[0].Text, "uUlL"), 0, 64)
			if err != nil {
				continue
			}
			src, off, ok := c.source(t.Exp)
			e := off + int(t.ExpEnd()-t.Exp)
			if !ok || e > len(src) || e <= off || !identRE.MatchString(string(src[off:e])) {
				continue
			}
			name := string(src[off:e])
			if name == "THREADS" || name == "MYTHREAD" || strings.HasPrefix(name, "UPC_") || strings.HasPrefix(name, "__") {
				continue // the static thread count and the implementation's own
			}
			out = append(out, Const{Name: name, V: v})
		}
	}
	return out
}

// Text writes the constant v as the source does when a macro the source
// invokes in nodes names it, or v from such a macro simply (N, 2 * N,
// N - 1, RB * N), so that the fixed code follows the macro when the
// program is built with another value of it; else v as a number. Nodes
// come in order of preference: the first one's macros are tried first,
// and a value two macros of one node share is left a number (GWU
// matrix's N, M and P are all 128).
func (c *Consts) Text(v int64, nodes ...ast.Node) string {
	num := strconv.FormatInt(v, 10)
	if v < 2 {
		return num
	}
	for _, n := range nodes {
		cs := c.Named(n)
		// the one way each try writes v, "" for none, num when two differ
		for _, try := range []func(add func(string)){
			func(add func(string)) { // N
				for _, c := range cs {
					if c.V == v {
						add(c.Name)
					}
				}
			},
			func(add func(string)) { // RB * N, as a block size is written
				for i, a := range cs {
					for _, b := range cs[i+1:] {
						if a.V >= 2 && b.V >= 2 && a.V*b.V == v && a.Name != b.Name {
							add(a.Name + " * " + b.Name)
						}
					}
				}
			},
			func(add func(string)) { // 2 * N, N - 1
				for _, c := range cs {
					if c.V < 4 {
						continue
					}
					for k := int64(2); k <= 4; k++ {
						if c.V*k == v {
							add(strconv.FormatInt(k, 10) + " * " + c.Name)
						}
					}
					for d := int64(1); d <= 2; d++ {
						switch v {
						case c.V + d:
							add(c.Name + " + " + strconv.FormatInt(d, 10))
						case c.V - d:
							add(c.Name + " - " + strconv.FormatInt(d, 10))
						}
					}
				}
			},
		} {
			found, twice := "", false
			try(func(s string) {
				twice = twice || found != "" && found != s
				found = s
			})
			switch {
			case twice:
				return num // two macros of the node give v
			case found != "":
				return found
			}
		}
	}
	return num
}

// DeclNodes returns v's declarator and, for a file-scope v, the
// specifiers of its declaration (where a block size is written), nil
// ones left out.
func (c *Consts) DeclNodes(v *types.Var) []ast.Node {
	if v == nil || v.Decl == nil {
		return nil
	}
	out := []ast.Node{v.Decl}
	if c == nil || c.unit == nil || c.unit.File == nil {
		return out
	}
	f, e := v.Decl.Span()
	for _, x := range c.unit.File.Decls {
		d, ok := x.(*ast.Decl)
		if !ok || d.Specs == nil || d.Body != nil {
			continue
		}
		if df, de := d.Span(); df <= f && e <= de {
			return append(out, d.Specs)
		}
	}
	return out
}

// FromMacro reports whether the first token of n comes from a macro's
// expansion (a literal that is N in the source).
func (c *Consts) FromMacro(n ast.Node) bool {
	if c == nil || c.unit == nil || c.unit.File == nil || ast.IsNil(n) {
		return false
	}
	first, end := n.Span()
	toks := c.unit.File.Tokens
	return first >= 0 && first < end && end <= len(toks) && toks[first].FromMacro()
}

// NodeList is nodes whose macros count as one node's in Text.
type NodeList []ast.Node

func (NodeList) Start() gotoken.Pos     { return gotoken.NoPos }
func (NodeList) End() gotoken.Pos       { return gotoken.NoPos }
func (NodeList) Span() (first, end int) { return 0, 0 }

// DimSizes returns the size expressions of v's declarator, one per
// array dimension in order (A[P][M]: P and M), nil unless v is declared
// as a plain array.
func DimSizes(v *types.Var) []ast.Node {
	if v == nil || v.Decl == nil || v.Decl.Decl == nil || len(v.Decl.Decl.Ptrs) > 0 {
		return nil
	}
	d := v.Decl.Decl.Direct
	if d == nil || d.Name == nil || d.Nested != nil {
		return nil
	}
	var out []ast.Node
	for _, s := range d.Suffixes {
		if s.Array == nil || s.Array.Size == nil {
			return nil
		}
		out = append(out, s.Array.Size)
	}
	return out
}

// Spelled returns n's text as its file spells it when every token of n is
// the file's own or comes from a macro invocation that lies inside n
// (IMGSIZE/THREADS, not the tail of an invocation that also makes what
// precedes n).
func (c *Consts) Spelled(n ast.Node) (string, bool) {
	if c == nil || c.unit == nil || c.unit.File == nil || c.source == nil || ast.IsNil(n) {
		return "", false
	}
	toks := c.unit.File.Tokens
	first, end := n.Span()
	if first < 0 || end > len(toks) || first >= end {
		return "", false
	}
	inside := func(i int) bool { // token i's invocation ends within n
		t := &toks[i]
		return !t.FromMacro() || t.Exp >= toks[first].SitePos() && t.ExpEnd() <= toks[end-1].SiteEnd()
	}
	for i := first; i < end; i++ {
		if !inside(i) {
			return "", false
		}
	}
	start, stop := toks[first].SitePos(), toks[end-1].SiteEnd()
	if c.unit.Fset == nil || c.unit.Fset.File(start) != c.unit.Fset.File(stop-1) {
		return "", false
	}
	src, o, ok := c.source(start)
	e := o + int(stop-start)
	if !ok || o < 0 || e > len(src) || e <= o {
		return "", false
	}
	return string(src[o:e]), true
}

// LayoutText returns the block size of v as its declaration's layout
// qualifier spells it (shared [IMGSIZE/THREADS]), "" when the declaration
// has none or does not spell it in a file.
func (c *Consts) LayoutText(v *types.Var) string {
	var size ast.Expr
	for _, n := range c.DeclNodes(v) {
		if specs, ok := n.(*ast.DeclSpecs); ok {
			for _, s := range specs.List {
				if s.Shared != nil && s.Shared.Layout != nil {
					size = s.Shared.Layout.Size
				}
			}
		}
	}
	if size == nil {
		return ""
	}
	t, _ := c.Spelled(size)
	return t
}
