package cfg

import (
	"bytes"
	"fmt"
	gotoken "go/token"
	"io"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
)

// Fprint writes a readable listing of the graph: one paragraph per block
// with its kind, predecessors, nodes and labelled successor edges. With a
// FileSet, each node is prefixed by its line and column.
//
//	b2 for.cond  preds: b0 b4
//		i < n
//		true → b3, false → b5
func (g *Graph) Fprint(w io.Writer, fset *gotoken.FileSet) {
	fmt.Fprintf(w, "func %s: %d blocks\n", g.Name, len(g.Blocks))
	for _, b := range g.Blocks {
		fmt.Fprintf(w, "b%d %s", b.Index, b.Kind)
		if b.Comment != "" {
			fmt.Fprintf(w, " %q", b.Comment)
		}
		if !b.Live {
			fmt.Fprint(w, " (unreachable)")
		}
		if b.Forall != nil {
			fmt.Fprintf(w, " (forall depth %d)", b.ForallDepth)
		}
		if len(b.Preds) > 0 {
			fmt.Fprint(w, "  preds:")
			for _, p := range b.Preds {
				fmt.Fprintf(w, " b%d", p.Index)
			}
		}
		fmt.Fprintln(w)
		for _, n := range b.Nodes {
			fmt.Fprint(w, "\t")
			if fset != nil {
				if p := fset.Position(n.Start()); p.IsValid() {
					fmt.Fprintf(w, "%d:%d: ", p.Line, p.Column)
				}
			}
			fmt.Fprintln(w, ast.NodeString(n))
		}
		if len(b.Succs) > 0 {
			fmt.Fprintf(w, "\t%s\n", succString(b))
		}
	}
}

func succString(b *Block) string {
	var parts []string
	for i, s := range b.Succs {
		e := b.Edges[i]
		label := e.Kind.String()
		if e.Label != nil {
			label = ast.NodeString(e.Label)
		}
		parts = append(parts, fmt.Sprintf("%s → b%d", label, s.Index))
	}
	return strings.Join(parts, ", ")
}

// String returns the listing of the graph without positions.
func (g *Graph) String() string {
	var buf bytes.Buffer
	g.Fprint(&buf, nil)
	return buf.String()
}

// DotOptions configures WriteDot.
type DotOptions struct {
	// Fset, if set, adds line numbers to the nodes.
	Fset *gotoken.FileSet
	// Annotate, if set, returns extra lines shown in a block's box (e.g.
	// the facts an analysis computed for it).
	Annotate func(b *Block) []string
	// Unreachable, if set, includes the unreachable blocks (dashed).
	Unreachable bool
}

// WriteDot writes the graph in Graphviz DOT syntax: one box per block with
// its kind and nodes, edges labelled with their kind (true, false, case
// values, default, return, ...). Back edges of natural loops are bold.
func (g *Graph) WriteDot(w io.Writer, opts *DotOptions) {
	if opts == nil {
		opts = &DotOptions{}
	}
	fmt.Fprintf(w, "digraph %s {\n", dotQuote(g.Name))
	fmt.Fprintln(w, "\tnode [shape=box fontname=\"monospace\"];")
	for _, b := range g.Blocks {
		if !b.Live && !opts.Unreachable {
			continue
		}
		var lines []string
		lines = append(lines, fmt.Sprintf("b%d %s", b.Index, b.Kind))
		for _, n := range b.Nodes {
			s := ast.NodeString(n)
			if opts.Fset != nil {
				if p := opts.Fset.Position(n.Start()); p.IsValid() {
					s = fmt.Sprintf("%d: %s", p.Line, s)
				}
			}
			lines = append(lines, s)
		}
		if opts.Annotate != nil {
			lines = append(lines, opts.Annotate(b)...)
		}
		var label strings.Builder
		for _, l := range lines {
			label.WriteString(dotEscape(l))
			label.WriteString(`\l`)
		}
		attrs := ""
		if !b.Live {
			attrs = " style=dashed"
		} else if b.Forall != nil {
			attrs = " style=filled fillcolor=\"#eef4ff\""
		}
		fmt.Fprintf(w, "\tb%d [label=\"%s\"%s];\n", b.Index, label.String(), attrs)
	}
	for _, b := range g.Blocks {
		if !b.Live && !opts.Unreachable {
			continue
		}
		for i, s := range b.Succs {
			if !s.Live && !opts.Unreachable {
				continue
			}
			e := b.Edges[i]
			label := e.Kind.String()
			if e.Label != nil {
				label = ast.NodeString(e.Label)
			}
			attrs := ""
			if b.Live && s.Live && g.Dominates(s, b) {
				attrs = " style=bold"
			}
			if e.Kind == Jump {
				fmt.Fprintf(w, "\tb%d -> b%d [%s];\n", b.Index, s.Index, strings.TrimPrefix(attrs, " "))
			} else {
				fmt.Fprintf(w, "\tb%d -> b%d [label=\"%s\"%s];\n", b.Index, s.Index, dotEscape(label), attrs)
			}
		}
	}
	fmt.Fprintln(w, "}")
}

func dotQuote(s string) string {
	if s == "" {
		return "cfg"
	}
	return "\"" + dotEscape(s) + "\""
}

func dotEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return r.Replace(s)
}
