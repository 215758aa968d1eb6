// Package annotate describes the facts of the shared analyses for each
// block of a control-flow graph, as the dump command shows them.
package annotate

import (
	"fmt"
	gotoken "go/token"

	"github.com/upclint/upclint/grammar/ast"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/variance"
)

// Facts returns, for the blocks of vf's graph, the analyses' facts that
// `upclint dump cfg` prints and writes into its DOT output: collectivity
// (with the thread-dependent condition that breaks it and the enclosing
// upc_forall), the thread-dependent branch a block ends in, and each shared
// access's affine index and affinity; threads is the static THREADS (0:
// dynamic).
func Facts(fset *gotoken.FileSet, threads int, vi *variance.Info, vf *variance.Func) func(*cfg.Block) []string {
	cf := collective.Analyze(vi, vf)
	af := affine.Analyze(vf.Graph, vi.Types)
	aff := affinity.Analyze(af, threads)
	return func(b *cfg.Block) []string {
		var out []string
		x := cf.Block(b)
		if x.Kind != collective.Collective {
			s := x.Kind.String()
			if x.Reason != nil && x.Reason.Node != nil {
				s += fmt.Sprintf(" at %s: %s", fset.Position(x.Reason.Node.Start()), x.Reason.What)
			}
			if x.Aligned {
				s += " (aligned collectives)"
			}
			out = append(out, "not collective: "+s)
		}
		if br := vf.Branch(b); br != nil {
			out = append(out, "thread-dependent branch: "+br.What)
		}
		if x.Forall != nil {
			out = append(out, fmt.Sprintf("in upc_forall at %s", fset.Position(x.Forall.Start())))
		}
		for _, a := range af.Accesses {
			if a.Block != b {
				continue
			}
			s := ast.NodeString(a.Expr) + ": index "
			if a.Index != nil {
				s += a.Index.String()
			} else {
				s += "not affine (" + a.Reason + ")"
			}
			if f := aff.Of(a); f != nil {
				s += ", " + f.Kind.String()
				if f.Reason != "" {
					s += " (" + f.Reason + ")"
				}
			}
			out = append(out, s)
		}
		return out
	}
}
