package finegrain

import (
	"fmt"
	"strings"
)

// colsBox is what boxFix knows of its box when colsCopy writes the copy.
type colsBox struct {
	n    string // the rows' count
	bs   int64  // the block size (0: indefinite)
	flo  string // the flat index of the box's first element, "0" at the start
	flat string // the address of the array's first element
	arr  string // the array's name when its rows can be indexed by it, else ""
	row0 string // the box's first row, with arr
	in   string // the indentation of the copy
	unit string // one level of indentation
	open func() // starts the copy's block, under the box's guard
}

// colsCopy writes the copy of only the columns p.cols of each row of the
// box: a stencil reading columns 1 to N of rows of N+2 moves those, not
// the whole rows, so the rewrite never moves more bytes than the loop
// reads (one upc_memget per row, or per row and block where a row's
// columns may cross a block boundary). The buffer keeps whole rows, so the
// loop indexes it as it indexed the array.
func (fx *fixer) colsCopy(c *checker, p *plan, b *strings.Builder, x colsBox) bool {
	nm, ok := fx.copyNames(c.fn.Decl, p.stmt)
	if !ok {
		return false
	}
	row, k, r := nm.t, nm.k, nm.len
	clo, chi := p.cols[0], p.cols[1]
	w := chi - clo + 1
	i1 := x.in + x.unit
	i2 := i1 + x.unit
	i3 := i2 + x.unit
	rt := p.rowText()
	if !strings.HasPrefix(rt, "(") {
		rt = factor(rt)
	}
	at := fmt.Sprintf("%s * %s + %d", row, rt, clo)
	if x.flo != "0" {
		at = x.flo + " + " + at
	}
	dst := fmt.Sprintf("&%s[%s][%d]", p.buf, row, clo)
	x.open()
	// A row lies in one block when the block size is a multiple of the
	// row's length (shared [N] double a[M][N]): its columns are then on one
	// thread, and one upc_memget fetches them.
	if x.bs == 0 || len(p.inner) == 1 && p.inner[0] > 0 && x.bs%p.inner[0] == 0 {
		src := fmt.Sprintf("%s + (%s)", x.flat, at)
		if x.arr != "" && len(p.inner) == 1 {
			r := row
			if x.row0 != "0" {
				r = x.row0 + " + " + row
			}
			src = fmt.Sprintf("&%s[%s][%d]", x.arr, r, clo)
		}
		fmt.Fprintf(b, "%s/* one upc_memget per row */\n", i1)
		fmt.Fprintf(b, "%ssize_t %s;\n", i1, row)
		fmt.Fprintf(b, "%sfor (%s = 0; %s < %s; %s++)\n", i1, row, row, x.n, row)
		fmt.Fprintf(b, "%supc_memget(%s, %s, %d * sizeof(%s));\n", i2, dst, src, w, p.elem)
		fmt.Fprintf(b, "%s}\n", x.in)
		return true
	}
	bst := fx.planBlockText(p, x.bs)
	fmt.Fprintf(b, "%s/* one upc_memget per row and block of %s elements */\n", i1, bst)
	fmt.Fprintf(b, "%ssize_t %s, %s, %s;\n", i1, row, k, r)
	fmt.Fprintf(b, "%sfor (%s = 0; %s < %s; %s++) {\n", i1, row, row, x.n, row)
	fmt.Fprintf(b, "%sfor (%s = 0; %s < %d; %s += %s) {\n", i2, k, k, w, k, r)
	fmt.Fprintf(b, "%s%s = %s - (%s + %s) %% %s;\n", i3, r, bst, at, k, operand(bst))
	fmt.Fprintf(b, "%sif (%s > %d - %s)\n%s%s%s = %d - %s;\n", i3, r, w, k, i3, x.unit, r, w, k)
	fmt.Fprintf(b, "%supc_memget(%s + %s, %s + (%s + %s), %s * sizeof(%s));\n", i3, dst, k, x.flat, at, k, r, p.elem)
	fmt.Fprintf(b, "%s}\n%s}\n%s}\n", i2, i1, x.in)
	return true
}
