// Package affine computes, for every array access and every access through
// a pointer-to-shared of a function, its flattened element index as an
// affine function of the induction variables of the enclosing loops and of
// terms invariant in them (constants, MYTHREAD, THREADS, loop-invariant
// names), and, for every loop, the bounding box of the indices at which it
// accesses each array (Chen, "Building a Source-to-Source UPC-to-C Translator", §8.1) with the stride of each access.
//
// Results are per function (Func) and looked up by AST node, like go/types
// Info.
package affine

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Names of the two UPC atoms.
const (
	MyThread = "MYTHREAD"
	Threads  = "THREADS"
)

// Term is Coef times the product of Atoms (sorted names, repeated for
// powers). A term with no atoms is not used: constants live in Form.Const.
type Term struct {
	Coef  int64
	Atoms []string
}

func (t Term) key() string { return strings.Join(t.Atoms, "*") }

// Form is an integer polynomial over named atoms: Const plus Terms, each
// term with a distinct atom product and a non-zero coefficient, sorted by
// product. It is affine in an atom when no term multiplies that atom by
// itself; Func.Affine checks the stronger property the analyses need.
type Form struct {
	Const int64
	Terms []Term
}

// ConstForm returns the constant c.
func ConstForm(c int64) *Form { return &Form{Const: c} }

// AtomForm returns the atom name.
func AtomForm(name string) *Form {
	x := &atomForm{a: [1]string{name}}
	x.t[0] = Term{Coef: 1, Atoms: x.a[:]}
	x.f.Terms = x.t[:]
	return &x.f
}

// form1 is a Form of one term with its array of terms, in one object
// rather than two: most forms are one index or one scaled name.
type form1 struct {
	f Form
	t [1]Term
}

// atomForm is a form1 with the array of its term's one atom.
type atomForm struct {
	form1
	a [1]string
}

// Coef returns the coefficient of the term that is exactly the product of
// atoms (in any order); Coef() is the constant.
func (f *Form) Coef(atoms ...string) int64 {
	if len(atoms) == 0 {
		return f.Const
	}
	a := append([]string(nil), atoms...)
	sort.Strings(a)
	k := strings.Join(a, "*")
	for _, t := range f.Terms {
		if t.key() == k {
			return t.Coef
		}
	}
	return 0
}

// IsConst reports whether f has no atoms.
func (f *Form) IsConst() bool { return len(f.Terms) == 0 }

// Has reports whether atom occurs in some term of f.
func (f *Form) Has(atom string) bool {
	for _, t := range f.Terms {
		for _, a := range t.Atoms {
			if a == atom {
				return true
			}
		}
	}
	return false
}

// Without returns f without the terms in which atom occurs.
func (f *Form) Without(atom string) *Form {
	out := &Form{Const: f.Const}
	for _, t := range f.Terms {
		if !slices.Contains(t.Atoms, atom) {
			out.Terms = append(out.Terms, t)
		}
	}
	return out
}

// Atoms returns the distinct atoms of f, sorted.
func (f *Form) Atoms() []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range f.Terms {
		for _, a := range t.Atoms {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Split returns f as c*atom + rest where rest has no term in which atom
// occurs linearly alone; ok is false when atom occurs in a product with
// another atom or with itself (then f is not affine in atom with a constant
// coefficient).
func (f *Form) Split(atom string) (c int64, rest *Form, ok bool) {
	rest = &Form{Const: f.Const}
	for _, t := range f.Terms {
		n := 0
		for _, a := range t.Atoms {
			if a == atom {
				n++
			}
		}
		switch {
		case n == 0:
			rest.Terms = append(rest.Terms, t)
		case n == 1 && len(t.Atoms) == 1:
			c = t.Coef
		default:
			return 0, nil, false
		}
	}
	return c, rest, true
}

func normalize(c int64, m map[string]*Term) *Form {
	f := &Form{Const: c}
	for _, t := range m {
		if t.Coef != 0 {
			f.Terms = append(f.Terms, *t)
		}
	}
	sort.Slice(f.Terms, func(i, j int) bool {
		a, b := f.Terms[i], f.Terms[j]
		if len(a.Atoms) != len(b.Atoms) {
			return len(a.Atoms) < len(b.Atoms)
		}
		return a.key() < b.key()
	})
	return f
}

func (f *Form) terms(m map[string]*Term, scale int64) {
	for _, t := range f.Terms {
		k := t.key()
		if x := m[k]; x != nil {
			x.Coef += scale * t.Coef
		} else {
			m[k] = &Term{Coef: scale * t.Coef, Atoms: t.Atoms}
		}
	}
}

// normalized reports whether f is in the form the arithmetic produces:
// non-zero coefficients, each term's atoms non-empty and sorted, terms
// strictly ordered by number of atoms and product. Adding a constant to such a form, or
// multiplying it by one, keeps its terms in place, which the arithmetic
// then does without rebuilding them.
func (f *Form) normalized() bool {
	for i, t := range f.Terms {
		if t.Coef == 0 || len(t.Atoms) == 0 || !sort.StringsAreSorted(t.Atoms) {
			return false
		}
		if i > 0 {
			p := f.Terms[i-1]
			if len(p.Atoms) > len(t.Atoms) || len(p.Atoms) == len(t.Atoms) && p.key() >= t.key() {
				return false
			}
		}
	}
	return true
}

// scaled returns the form with constant term constant and the terms of a
// normalized f times c, dropping those that become zero, as normalize
// would; atoms are copied when copyAtoms.
func (f *Form) scaled(c int64, constant int64, copyAtoms bool) *Form {
	var one *form1
	var out *Form
	if len(f.Terms) == 1 {
		one = new(form1)
		out = &one.f
		out.Const = constant
	} else {
		out = &Form{Const: constant}
	}
	for _, t := range f.Terms {
		coef := c * t.Coef
		if coef == 0 {
			continue
		}
		if out.Terms == nil {
			if one != nil {
				out.Terms = one.t[:0:1]
			} else {
				out.Terms = make([]Term, 0, len(f.Terms))
			}
		}
		atoms := t.Atoms
		if copyAtoms {
			atoms = append([]string(nil), atoms...)
		}
		out.Terms = append(out.Terms, Term{Coef: coef, Atoms: atoms})
	}
	return out
}

// Add returns f + g.
func (f *Form) Add(g *Form) *Form {
	if len(g.Terms) == 0 && f.normalized() {
		return f.scaled(1, f.Const+g.Const, false)
	}
	if len(f.Terms) == 0 && g.normalized() {
		return g.scaled(1, f.Const+g.Const, false)
	}
	m := map[string]*Term{}
	f.terms(m, 1)
	g.terms(m, 1)
	return normalize(f.Const+g.Const, m)
}

// Sub returns f - g.
func (f *Form) Sub(g *Form) *Form { return f.Add(g.Scale(-1)) }

// Scale returns c*f.
func (f *Form) Scale(c int64) *Form {
	if f.normalized() {
		return f.scaled(c, c*f.Const, false)
	}
	m := map[string]*Term{}
	f.terms(m, c)
	return normalize(c*f.Const, m)
}

// Mul returns f*g.
func (f *Form) Mul(g *Form) *Form {
	if len(g.Terms) == 0 && f.normalized() {
		return f.scaled(g.Const, f.Const*g.Const, true)
	}
	if len(f.Terms) == 0 && g.normalized() {
		return g.scaled(f.Const, f.Const*g.Const, true)
	}
	m := map[string]*Term{}
	add := func(c int64, atoms []string) {
		if c == 0 {
			return
		}
		a := append([]string(nil), atoms...)
		sort.Strings(a)
		t := Term{Coef: c, Atoms: a}
		if x := m[t.key()]; x != nil {
			x.Coef += c
		} else {
			m[t.key()] = &t
		}
	}
	fs := append([]Term{{Coef: f.Const}}, f.Terms...)
	gs := append([]Term{{Coef: g.Const}}, g.Terms...)
	c := int64(0)
	for _, a := range fs {
		for _, b := range gs {
			if len(a.Atoms)+len(b.Atoms) == 0 {
				c += a.Coef * b.Coef
				continue
			}
			add(a.Coef*b.Coef, append(append([]string(nil), a.Atoms...), b.Atoms...))
		}
	}
	return normalize(c, m)
}

// Equal reports whether f and g are the same polynomial.
func (f *Form) Equal(g *Form) bool {
	d := f.Sub(g)
	return d.IsConst() && d.Const == 0
}

// String renders f, e.g. "2*i + MYTHREAD + 1".
func (f *Form) String() string {
	if f == nil {
		return "<nil>"
	}
	var sb strings.Builder
	for i, t := range f.Terms {
		c := t.Coef
		switch {
		case i > 0 && c < 0:
			sb.WriteString(" - ")
			c = -c
		case i > 0:
			sb.WriteString(" + ")
		case c < 0:
			sb.WriteString("-")
			c = -c
		}
		if c != 1 {
			sb.WriteString(strconv.FormatInt(c, 10) + "*")
		}
		sb.WriteString(t.key())
	}
	switch {
	case len(f.Terms) == 0:
		sb.WriteString(strconv.FormatInt(f.Const, 10))
	case f.Const > 0:
		sb.WriteString(" + " + strconv.FormatInt(f.Const, 10))
	case f.Const < 0:
		sb.WriteString(" - " + strconv.FormatInt(-f.Const, 10))
	}
	return sb.String()
}

// FactorString renders f to stand as a factor or a divisor: in
// parentheses when it is a sum ("(n - 1)", but "n" and "2*n").
func (f *Form) FactorString() string {
	if len(f.Terms) > 1 || len(f.Terms) == 1 && f.Const != 0 {
		return "(" + f.String() + ")"
	}
	return f.String()
}

// GCD returns the greatest common divisor of |a| and |b| (|a| when b is 0).
func GCD(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
