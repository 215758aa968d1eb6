package fixes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/unit"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/grammar/ast"
)

// worseFixer is a rule of this test alone: it rewrites "x = worse[1];" to
// read worse[2] twice more, a fix that communicates more than the line it
// replaces. It reports nothing in a file without an array named worse.
var worseFixer = &analysis.Analyzer{
	Name:     "testworsefix",
	Doc:      "test analyzer",
	Requires: []*analysis.Analyzer{unit.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		u := unit.Of(pass)
		ast.Inspect(u.File, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignExpr)
			if !ok || ast.NodeString(as.R) != "worse[1]" {
				return true
			}
			ix := as.R
			edits := []analysis.TextEdit{{Pos: ix.End(), End: ix.End(), NewText: []byte(" + worse[2] - worse[2]")}}
			checks.Report(pass, analysis.Diagnostic{Pos: ix.Start(), End: ix.End(), Message: "read it again"},
				*checks.FixOf(&analysis.SuggestedFix{Message: "read more", TextEdits: edits}, ""))
			return true
		})
		return nil, nil
	},
}

func init() {
	checks.Register(&checks.Rule{Name: worseFixer.Name, Kind: checks.KindPerformance, Analyzer: worseFixer, SafeFixes: true})
}

// TestValidateRefusesCostlierFix: in a file whose fixes together
// communicate far less (a coalesced loop), a fix whose own lines
// communicate more is refused with the figures, and the others are kept.
func TestValidateRefusesCostlierFix(t *testing.T) {
	fixtest.NeedCC(t)
	src := `#include <upc_relaxed.h>
#include <stdio.h>
#define N 256
shared int a[N * THREADS];
shared int worse[3 * THREADS];

int main(void)
{
    int i, k;
    long s = 0, x = 0;
    for (i = MYTHREAD; i < N * THREADS; i += THREADS)
        a[i] = i % 7;
    if (MYTHREAD == 0)
        for (i = 0; i < 3 * THREADS; i++)
            worse[i] = i;
    upc_barrier;
    for (i = 0; i < N; i++)
        s += a[i] * a[i];
    for (k = 0; k < 4; k++)
        x = worse[1];
    printf("thread %d: %ld %ld\n", MYTHREAD, s, x);
    return 0;
}
`
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res := fixCopy(t, "worse.upc", []byte(src), unsafeOpts("finegrain", worseFixer.Name))
	rules := func(as []fixes.Applied) (finegrain, worse int) {
		for _, a := range as {
			switch a.Rule {
			case "finegrain":
				finegrain++
			case worseFixer.Name:
				worse++
			}
		}
		return finegrain, worse
	}
	if fg, w := rules(res.Applied); fg == 0 || w != 1 {
		t.Fatalf("applied %+v, want finegrain fixes and the test fix", res.Applied)
	}
	if err := fixes.ValidateResult(ctx, res, fixes.ValidateOptions{Threads: []int{1, 4}, Timeout: time.Minute}); err != nil {
		t.Fatal(err)
	}
	if v := res.Validation; v == nil || !v.OK {
		t.Fatalf("not validated: %+v", v)
	}
	if fg, w := rules(res.Applied); fg == 0 || w != 0 {
		t.Errorf("kept %+v, want the finegrain fixes alone", res.Applied)
	}
	if len(res.Rejected) != 1 || res.Rejected[0].Rule != worseFixer.Name ||
		!strings.Contains(res.Rejected[0].Reason, "communicate more than before: remote operations") {
		t.Errorf("rejected %+v, want the test fix, refused for its own lines' communication", res.Rejected)
	}
	if strings.Contains(string(res.Fixed), "worse[2]") {
		t.Error("the fixed text keeps the costlier fix")
	}
}
