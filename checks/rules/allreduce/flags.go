package allreduce

import (
	gotoken "go/token"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// syncFlags returns the synchronisation flags of the broadcast inserted
// before stmt, which reads the shared scalar rd, and the edit of the
// reduction that produced rd, if any (UPC 1.3 §7.3.1, as the IBM xlUPC
// compiler chose them for its broadcast of a reduced value):
//
//   - OUT is UPC_OUT_MYSYNC: each thread reads only its own element right
//     after the call, and MYSYNC returns once that element is complete.
//   - IN is UPC_IN_ALLSYNC unless the statement before stmt is the
//     upc_all_reduce into &rd with UPC_OUT_ALLSYNC: its return is a barrier
//     with no access between, so UPC_IN_NOSYNC.
//   - If that reduction's source S is accessed elsewhere only as
//     S[MYTHREAD] (a block-size-1 array: the thread's own element) and rd
//     nowhere but in the two statements, nothing after the reduction relies
//     on its ALLSYNC return: it returns with UPC_OUT_MYSYNC (its result is
//     complete when the owner of rd returns; each source element is read
//     when its owner returns), and the broadcast enters with UPC_IN_MYSYNC
//     (it reads rd once rd's owner has entered). The library then orders
//     both point to point, without a barrier.
func syncFlags(ed *edit.Editor, fn *facts.Func, stmt ast.Stmt, rd ast.Expr) (string, *analysis.TextEdit) {
	call, from, to := producer(ed, fn, stmt, rd)
	if call == nil {
		return "UPC_IN_ALLSYNC | UPC_OUT_MYSYNC", nil
	}
	if name, ok := ast.Unparen(rd).(*ast.Name); ok && ownElementsOnly(ed, call) && uses(ed, name.Name) == 2 {
		e := edit.ReplaceSpan(from, to, "UPC_OUT_MYSYNC")
		return "UPC_IN_MYSYNC | UPC_OUT_MYSYNC", &e
	}
	return "UPC_IN_NOSYNC | UPC_OUT_MYSYNC", nil
}

// flagWord matches one synchronisation flag of a flags argument.
var flagWord = regexp.MustCompile(`\bUPC_(IN|OUT)_(ALL|MY|NO)SYNC\b`)

// producer returns the upc_all_reduce call of the statement before stmt
// in its block when it reduces into &rd with UPC_OUT_ALLSYNC written as a
// flag name, and where that name (a macro invocation) is.
func producer(ed *edit.Editor, fn *facts.Func, stmt ast.Stmt, rd ast.Expr) (*ast.CallExpr, gotoken.Pos, gotoken.Pos) {
	blk, ok := edit.Parent(fn.Decl.Body, stmt).(*ast.Block)
	if !ok {
		return nil, 0, 0
	}
	var prev ast.Stmt
	for i, it := range blk.Items {
		if it == stmt && i > 0 {
			prev = blk.Items[i-1]
		}
	}
	es, ok := prev.(*ast.ExprStmt)
	if !ok || es.X == nil {
		return nil, 0, 0
	}
	x, ok := es.X.(ast.Expr)
	if !ok {
		return nil, 0, 0
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || !strings.HasPrefix(ast.CalleeName(call), "upc_all_reduce") || len(call.Args) != 7 {
		return nil, 0, 0
	}
	u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
	if !ok || u.Op != "&" || ast.NodeString(ast.Unparen(u.X)) != ast.NodeString(ast.Unparen(rd)) {
		return nil, 0, 0
	}
	// The flags as written: one IN and one OUT name, OUT_ALLSYNC.
	arg := call.Args[6]
	text := ed.Text(arg)
	words := flagWord.FindAllStringSubmatchIndex(text, -1)
	rest := strings.TrimSpace(strings.NewReplacer("|", "", "(", "", ")", "").Replace(flagWord.ReplaceAllString(text, "")))
	if len(words) != 2 || rest != "" {
		return nil, 0, 0
	}
	for _, w := range words {
		if text[w[2]:w[3]] == "OUT" && text[w[4]:w[5]] == "ALL" {
			return call, arg.Start() + gotoken.Pos(w[0]), arg.Start() + gotoken.Pos(w[1])
		}
	}
	return nil, 0, 0
}

// ownElementsOnly reports whether the reduction's source is a
// block-size-1 shared array named in the function bodies of the file only
// by the call and as S[MYTHREAD].
func ownElementsOnly(ed *edit.Editor, call *ast.CallExpr) bool {
	src, ok := ast.Unparen(call.Args[1]).(*ast.Name)
	if !ok {
		return false
	}
	at, ok := types.Core(ed.Facts.Unit.Info.TypeOf(src)).(*types.Array)
	if !ok || !types.QualsOf(at.Elem).Shared() || types.QualsOf(at.Elem).Block.BlockSize() != 1 {
		return false
	}
	own, all := 0, 0
	for _, f := range ed.Facts.Funcs {
		if f.Decl == nil || f.Decl.Body == nil {
			continue
		}
		ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.IndexExpr:
				b, isName := ast.Unparen(x.X).(*ast.Name)
				i, isExpr := x.Index.(ast.Expr)
				if isName && isExpr && b.Name == src.Name && ast.NodeString(ast.Unparen(i)) == "MYTHREAD" {
					own++
				}
			case *ast.Name:
				if x.Name == src.Name {
					all++
				}
			}
			return true
		})
	}
	return all == own+1
}

// uses counts the names name in the function bodies of the file.
func uses(ed *edit.Editor, name string) int {
	k := 0
	for _, f := range ed.Facts.Funcs {
		if f.Decl == nil || f.Decl.Body == nil {
			continue
		}
		ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
			if x, ok := n.(*ast.Name); ok && x.Name == name {
				k++
			}
			return true
		})
	}
	return k
}
