package finegrain

import (
	"slices"
	"strconv"
	"strings"

	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// consts answers which source text names a constant, for the rewrites.
func (fx *fixer) consts() *edit.Consts { return edit.NewConsts(fx.unit, fx.source) }

// constText writes the constant v as the source does (edit.Consts.Text).
func (fx *fixer) constText(v int64, nodes ...ast.Node) string {
	return fx.consts().Text(v, nodes...)
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
// specifiers of its declaration (edit.Consts.DeclNodes).
func (fx *fixer) declNodes(v *types.Var) []ast.Node { return fx.consts().DeclNodes(v) }

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
	for _, c := range fx.consts().Named(nodes...) {
		switch old, ok := m[c.V]; {
		case c.V < 3 || bad[c.V]:
		case ok && old != c.Name:
			delete(m, c.V)
			bad[c.V] = true
		default:
			m[c.V] = c.Name
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
	sizes := edit.DimSizes(p.v)
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
	if sizes := edit.DimSizes(p.v); lo.IsConst() && lo.Const == 0 && p.lay != nil && len(sizes) == len(p.lay.Dims) &&
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

// heads is loopHeads(s) as one node.
func heads(s ast.Stmt) ast.Node { return edit.NodeList(loopHeads(s)) }
