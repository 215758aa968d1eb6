package main

import (
	"fmt"
	gotoken "go/token"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/annotate"
	"github.com/upclint/upclint/cfg/ssa"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

func newDumpCmd() *cobra.Command {
	var dot bool
	var threads int
	cmd := &cobra.Command{
		Use:   "dump ast|cfg|ssa [--dot] FILE.upc[:FUNCTION]",
		Short: "Print the syntax tree, control-flow graphs or SSA form with the analyses' facts",
		Long: `dump prints the syntax tree, the control-flow graph or the SSA form of every
function of a file (or of the one named after a colon). Control-flow graphs are
annotated with collectivity (and the thread-dependent branch that breaks it) and
with the affine index and affinity of each shared access; --dot writes Graphviz.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			what, path := args[0], args[1]
			if what != "ast" && what != "cfg" && what != "ssa" {
				return fail(fmt.Errorf("dump: unknown structure %q (want ast, cfg or ssa)", what))
			}
			fn := ""
			if i := strings.LastIndex(path, ":"); i > 0 {
				path, fn = path[:i], path[i+1:]
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return fail(err)
			}
			return dump(cmd.OutOrStdout(), what, path, fn, src, threads, dot)
		},
	}
	cmd.Flags().BoolVar(&dot, "dot", false, "write Graphviz DOT (cfg)")
	cmd.Flags().IntVar(&threads, "threads", 0, "static THREADS count (0: dynamic)")
	return cmd
}

func dump(w io.Writer, what, path, fn string, src []byte, threads int, dot bool) error {
	fset := gotoken.NewFileSet()
	u := grammar.Load(fset, path, src, &grammar.Config{StaticThreads: threads})
	if what == "ast" && fn == "" {
		return ast.Fprint(w, u.File)
	}
	graphs := map[*ast.Decl]*cfg.Graph{}
	vi := variance.Analyze(u.File, u.Info, &variance.Config{Graph: func(d *ast.Decl) *cfg.Graph {
		g := cfg.Build(d)
		graphs[d] = g
		return g
	}})
	found := false
	for _, vf := range vi.Funcs {
		g := vf.Graph
		if fn != "" && g.Name != fn {
			continue
		}
		found = true
		switch what {
		case "ast":
			if err := ast.Fprint(w, vf.Decl); err != nil {
				return err
			}
		case "ssa":
			if _, err := ssa.Build(g, &ssa.Config{File: u.File}).WriteTo(w); err != nil {
				return err
			}
		case "cfg":
			ann := annotate.Facts(fset, u.Info.StaticThreads, vi, vf)
			if dot {
				g.WriteDot(w, &cfg.DotOptions{Fset: fset, Annotate: ann})
				continue
			}
			g.Fprint(w, fset)
			fmt.Fprintf(w, "facts of %s:\n", g.Name)
			if vf.Collective != nil {
				fmt.Fprintf(w, "\texecutes a collective (%s)\n", fset.Position(vf.Collective.Start()))
			}
			if vf.Result != nil {
				fmt.Fprintf(w, "\tresult is thread-dependent: %s\n", vf.Result.What)
			}
			for _, b := range g.LiveBlocks() {
				for _, line := range ann(b) {
					fmt.Fprintf(w, "\tb%d: %s\n", b.Index, line)
				}
			}
		}
	}
	if !found {
		return fail(fmt.Errorf("dump: no function %q in %s", fn, path))
	}
	return nil
}
