package translate

import (
	"fmt"
	"strings"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/diag"
)

// FrontEndError reports that a unit has front-end errors (syntax,
// typecheck, preprocessor): it is not translated, since the C compiler
// would fail on it or build something the source does not say.
type FrontEndError struct {
	File  string
	Diags []string // each error as "file:line:col: error: message [rule]"
}

// Error is the first diagnostic, with the count of the others.
func (e *FrontEndError) Error() string {
	if len(e.Diags) == 1 {
		return e.Diags[0]
	}
	return fmt.Sprintf("%s (and %d more errors)", e.Diags[0], len(e.Diags)-1)
}

// CheckFrontEnd returns a *FrontEndError listing the front-end errors of u,
// or nil when it has none. Warnings and notes do not count.
func CheckFrontEnd(u *grammar.Unit) error {
	if u == nil {
		return nil
	}
	var e *FrontEndError
	for _, d := range u.Diags {
		if d.Severity != diag.Error {
			continue
		}
		if e == nil {
			e = &FrontEndError{}
			if u.File != nil {
				e.File = u.File.Name
			}
		}
		p := u.Fset.Position(d.Pos)
		msg := strings.ReplaceAll(d.Message, "\n", " ")
		e.Diags = append(e.Diags, fmt.Sprintf("%s:%d:%d: error: %s [%s]", p.Filename, p.Line, p.Column, msg, d.Rule))
	}
	if e == nil {
		return nil
	}
	return e
}
