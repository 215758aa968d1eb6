package types

import (
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
)

// staticAssert checks a C11 static assertion: its expression must be an
// integer constant expression, and a zero value is an error at the
// expression, worded as GCC words it.
func (c *checker) staticAssert(a *ast.StaticAssert) {
	if a == nil || a.Cond == nil {
		return
	}
	n := len(c.diags)
	x := c.rvalue(a.Cond)
	if x.mode == ModeInvalid || IsInvalid(x.typ) || c.errorsSince(n) {
		return // already reported (an undeclared name, sizeof of an incomplete type)
	}
	if x.mode != ModeConstant || x.val.Kind != IntValue || !IsInteger(x.typ) {
		c.errorf(a.Cond, "expression in static assertion is not an integer constant expression")
		return
	}
	if x.val.Int != 0 {
		return
	}
	if msg := assertMessage(a.Msg); msg != "" {
		c.errorf(a.Cond, "static assertion failed: %s", msg)
	} else {
		c.errorf(a.Cond, "static assertion failed")
	}
}

// assertMessage joins the adjacent string literals of a static assertion's
// message into one literal, escapes kept as written: "a" "b" is "ab".
// An omitted message (C2x) gives "".
func assertMessage(msg []string) string {
	if len(msg) == 0 {
		return ""
	}
	var b strings.Builder
	for _, lit := range msg {
		open := strings.IndexByte(lit, '"')
		if open < 0 {
			continue
		}
		end := closingQuote(lit, open)
		b.WriteString(lit[open+1 : end])
	}
	return `"` + b.String() + `"`
}

// errorsSince reports whether an error was reported after the first n
// diagnostics.
func (c *checker) errorsSince(n int) bool {
	for _, d := range c.diags[n:] {
		if d.Severity == diag.Error {
			return true
		}
	}
	return false
}
