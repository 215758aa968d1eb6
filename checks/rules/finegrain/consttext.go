package finegrain

import (
	gotoken "go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/token"
	"github.com/upclint/upclint/grammar/types"
)

// namedConst is an object-like macro whose expansion is one integer
// constant, as the source invokes it.
type namedConst struct {
	name string
	v    int64
}

// namedConsts returns the object-like macros invoked in the tokens of
// nodes, each expanding to one integer (#define CHUNK 20, -DIMGSIZE=1024),
// in the order of the nodes and of their tokens.
func (fx *fixer) namedConsts(nodes ...ast.Node) []namedConst {
	if fx.unit == nil || fx.unit.File == nil {
		return nil
	}
	toks := fx.unit.File.Tokens
	var out []namedConst
	for _, n := range nodes {
		if l, ok := n.(nodeList); ok {
			out = append(out, fx.namedConsts(l...)...)
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
			for ; j < end && toks[j].Exp == t.Exp && toks[j].ExpEnd == t.ExpEnd; j++ {
				switch {
				case toks[j].Kind == token.Int || toks[j].Kind == token.Number:
					num = append(num, toks[j])
				case !toks[j].Is("(") && !toks[j].Is(")"):
					other = true
				}
			}
			partial := i > 0 && toks[i-1].Exp == t.Exp && toks[i-1].ExpEnd == t.ExpEnd
			i = j
			if partial || other || len(num) != 1 || i < end && toks[i].Exp == t.Exp {
				continue
			}
			v, err := strconv.ParseInt(strings.TrimRight(num[0].Text, "uUlL"), 0, 64)
			if err != nil {
				continue
			}
			src, off, ok := fx.source(t.Exp)
			e := off + int(t.ExpEnd-t.Exp)
			if !ok || e > len(src) || e <= off || !ident.MatchString(string(src[off:e])) {
				continue
			}
			name := string(src[off:e])
			if name == "THREADS" || name == "MYTHREAD" || strings.HasPrefix(name, "UPC_") || strings.HasPrefix(name, "__") {
				continue // the static thread count and the implementation's own
			}
			out = append(out, namedConst{name: name, v: v})
		}
	}
	return out
}

// constText writes the constant v as the source does when a macro the
// source invokes in nodes names it, or v from such a macro simply (N,
// 2 * N, N - 1), so that the fixed code follows the macro when the
// program is built with another value of it; else v as a number. Nodes
// come in order of preference: the first one's macros are tried first,
// and a value two macros of one node share is left a number (GWU
// matrix's N, M and P are all 128).
func (fx *fixer) constText(v int64, nodes ...ast.Node) string {
	num := strconv.FormatInt(v, 10)
	if v < 2 {
		return num
	}
	for _, n := range nodes {
		cs := fx.namedConsts(n)
		// the one way each try writes v, "" for none, num when two differ
		for _, try := range []func(add func(string)){
			func(add func(string)) { // N
				for _, c := range cs {
					if c.v == v {
						add(c.name)
					}
				}
			},
			func(add func(string)) { // RB * N, as a block size is written
				for i, a := range cs {
					for _, b := range cs[i+1:] {
						if a.v >= 2 && b.v >= 2 && a.v*b.v == v && a.name != b.name {
							add(a.name + " * " + b.name)
						}
					}
				}
			},
			func(add func(string)) { // 2 * N, N - 1
				for _, c := range cs {
					if c.v < 4 {
						continue
					}
					for k := int64(2); k <= 4; k++ {
						if c.v*k == v {
							add(strconv.FormatInt(k, 10) + " * " + c.name)
						}
					}
					for d := int64(1); d <= 2; d++ {
						switch v {
						case c.v + d:
							add(c.name + " + " + strconv.FormatInt(d, 10))
						case c.v - d:
							add(c.name + " - " + strconv.FormatInt(d, 10))
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

// factor parenthesises a constant's text for a product or a sum it is
// one term of (CHUNK + 1 is (CHUNK + 1) in (CHUNK + 1) * sizeof *buf).
func factor(s string) string {
	if strings.ContainsAny(s, "+-") {
		return "(" + s + ")"
	}
	return s
}

// operand parenthesises a constant's text for any operator (x % (RB * N)).
func operand(s string) string {
	if strings.Contains(s, " ") {
		return "(" + s + ")"
	}
	return s
}

// dimText is the text of the plan's inner dimension k.
func (p *plan) dimText(k int) string {
	if k < len(p.dims) {
		return p.dims[k]
	}
	return strconv.FormatInt(p.inner[k], 10)
}

// declNodes returns v's declarator and, for a file-scope v, the
// specifiers of its declaration (where a block size is written), nil
// ones left out.
func (fx *fixer) declNodes(v *types.Var) []ast.Node {
	if v == nil || v.Decl == nil {
		return nil
	}
	out := []ast.Node{v.Decl}
	if fx.unit == nil || fx.unit.File == nil {
		return out
	}
	f, e := v.Decl.Span()
	for _, x := range fx.unit.File.Decls {
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

// rowText is the number of elements of a row of the plan's array (the
// product of its inner dimensions), from the dimensions' text.
func (p *plan) rowText() string {
	var parts []string
	for k := range p.inner {
		parts = append(parts, p.dimText(k))
	}
	return product(parts...)
}

// product writes the product of the factors' texts, the numbers among
// them multiplied out (3 * NC, not 3 * 1 * NC; 48, not 6 * 8).
func product(fs ...string) string {
	n := int64(1)
	var names []string
	for _, f := range fs {
		if v, err := strconv.ParseInt(f, 10, 64); err == nil {
			n *= v
			continue
		}
		names = append(names, factor(f))
	}
	if n != 1 || len(names) == 0 {
		names = append([]string{strconv.FormatInt(n, 10)}, names...)
	}
	return strings.Join(names, " * ")
}

// blockText writes the block size bs of v as v's declaration does.
func (fx *fixer) blockText(bs int64, v *types.Var) string {
	nodes := fx.declNodes(v)
	slices.Reverse(nodes) // the specifiers first
	return fx.constText(bs, nodes...)
}

// dimSizes returns the size expressions of v's declarator, one per
// array dimension in order (A[P][M]: P and M), nil unless v is declared
// as a plain array.
func dimSizes(v *types.Var) []ast.Node {
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

// coefNames maps the values of the macros g's loop and its arrays'
// declarations invoke to their names, for the coefficients of the
// rewrite's index forms (a row stride l * M flattens to 128 * l): values
// of at least 3 that one name gives (GWU matrix's N, M and P, all 128,
// are named by the array's own dimension, or not at all).
func (fx *fixer) coefNames(g *group) map[int64]string {
	nodes := []ast.Node{g.loop.Stmt}
	seen := map[*types.Var]bool{}
	for _, a := range g.accs {
		if a.Var != nil && !seen[a.Var] {
			seen[a.Var] = true
			nodes = append(nodes, fx.declNodes(a.Var)...)
		}
	}
	m := map[int64]string{}
	bad := map[int64]bool{}
	for _, c := range fx.namedConsts(nodes...) {
		switch old, ok := m[c.v]; {
		case c.v < 3 || bad[c.v]:
		case ok && old != c.name:
			delete(m, c.v)
			bad[c.v] = true
		default:
			m[c.v] = c.name
		}
	}
	return m
}

// perText writes the per thread count per of an owner rewrite reading
// rows (a form) from lo, when the rows are the whole first dimension of
// an array declared [P][M] or [NR * THREADS][NC]: P * M / THREADS, or
// NR * NC; per itself otherwise.
func (fx *fixer) perText(p *plan, lo, rows *affine.Form, per int64) string {
	num := strconv.FormatInt(per, 10)
	if !lo.IsConst() || lo.Const != 0 || p.lay == nil || len(p.lay.Dims) != len(p.inner)+1 {
		return num
	}
	d0 := p.lay.Dims[0]
	sizes := dimSizes(p.v)
	if len(sizes) != len(p.lay.Dims) {
		return num
	}
	whole := rows.IsConst() && !d0.Threads && d0.Len == rows.Const
	if d0.Threads {
		whole = rows.Equal(affine.AtomForm(affine.Threads).Scale(d0.Len))
	}
	if !whole {
		return num
	}
	rt := fx.constText(d0.Len, sizes[0])
	if _, err := strconv.ParseInt(rt, 10, 64); err == nil && d0.Len != 1 {
		return num
	}
	if d0.Threads {
		return product(rt, p.rowText())
	}
	return product(rt, p.rowText()) + " / THREADS"
}

// rowsText writes the n rows from lo a rewrite fetches of p's array: as
// the first dimension's declared size when they are all of it (a[N][P]
// read whole is N rows, whatever else the loop names 8), else from the
// macros of the loop.
func (fx *fixer) rowsText(p *plan, lo *affine.Form, n int64) string {
	if sizes := dimSizes(p.v); lo.IsConst() && lo.Const == 0 && p.lay != nil && len(sizes) == len(p.lay.Dims) &&
		len(sizes) > 0 && !p.lay.Dims[0].Threads && p.lay.Dims[0].Len == n {
		return fx.constText(n, sizes[0])
	}
	return fx.constText(n, heads(p.stmt))
}

// loopHeads returns the headers' clauses of s and the loops inside it,
// where the bounds a rewrite's counts come from are written: a macro of
// the same value in a body (x * SCALE) names no count.
func loopHeads(s ast.Stmt) []ast.Node {
	var out []ast.Node
	add := func(ns ...ast.Node) {
		for _, n := range ns {
			if !ast.IsNil(n) {
				out = append(out, n)
			}
		}
	}
	ast.InspectStmts(s, func(st ast.Stmt) bool {
		switch l := st.(type) {
		case *ast.ForStmt:
			add(&l.Init, l.Cond, l.Post)
		case *ast.ForallStmt:
			add(&l.Init, l.Cond, l.Post)
		}
		return true
	})
	return out
}

// nodeList is nodes whose macros count as one node's in constText.
type nodeList []ast.Node

func (nodeList) Start() gotoken.Pos     { return gotoken.NoPos }
func (nodeList) End() gotoken.Pos       { return gotoken.NoPos }
func (nodeList) Span() (first, end int) { return 0, 0 }

// heads is loopHeads(s) as one node.
func heads(s ast.Stmt) ast.Node { return nodeList(loopHeads(s)) }
