package types

import (
	"fmt"
	"slices"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
)

// staticUse is a declaration that is valid only in the static THREADS
// environment, with the reason.
type staticUse struct {
	n      ast.Node
	reason string
}

// needStatic records a declaration that only the static THREADS
// environment allows (UPC Language Specifications 1.3, §6.5.2.1: under
// dynamic THREADS a shared array with definite block size has THREADS in
// exactly one dimension). Programs written for static THREADS (NAS UPC, SPLASH-2,
// compiled with upcc -T) declare dozens of them; reportStaticThreads
// turns them into one error per translation unit that says how to check
// the program as it is built, instead of one error per declaration.
func (c *checker) needStatic(n ast.Node, format string, args ...any) {
	if c.declErr || n == nil {
		return
	}
	c.declErr = true
	c.staticUses = append(c.staticUses, staticUse{n, fmt.Sprintf(format, args...)})
}

// reportStaticThreads reports the declarations recorded by needStatic as
// one error at the first, the others as its related locations.
func (c *checker) reportStaticThreads() {
	uses := c.staticUses
	if len(uses) == 0 {
		return
	}
	slices.SortStableFunc(uses, func(a, b staticUse) int { return int(a.n.Start() - b.n.Start()) })
	const how = "check it with --threads N, 'threads: N' in .upclint.yaml, or a compile_commands.json whose command sets THREADS (upcc -T N; upclint capture records one)"
	if len(uses) == 1 {
		c.report(uses[0].n, diag.Error, "%s under dynamic THREADS: the program needs static THREADS; %s", uses[0].reason, how)
	} else {
		c.report(uses[0].n, diag.Error, "the program needs static THREADS: %d declarations are valid only with a constant THREADS (the first: %s); %s",
			len(uses), uses[0].reason, how)
	}
	d := &c.diags[len(c.diags)-1]
	for _, u := range uses[1:] {
		d.Related = append(d.Related, diag.Related{Pos: u.n.Start(), End: u.n.End(), Message: u.reason})
	}
}

// constantButThreads reports whether the array size e names nothing but
// THREADS (no variable, no enumeration constant, no function): NAS UPC's
// NZ = NA*(NONZER+1)*(NONZER+1)/THREADS + ..., a constant once THREADS is.
func constantButThreads(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if _, isName := n.(*ast.Name); isName {
			ok = false
		}
		return ok
	})
	return ok
}
