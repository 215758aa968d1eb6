package lexer

import (
	"fmt"
	gotoken "go/token"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// typicalC returns about n lines of ordinary C/UPC code.
func typicalC(n int) string {
	var b strings.Builder
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < n; i++ {
		fmt.Fprintf(&b, `/* Compute block %d of the stencil. */
static double stencil_%d(shared [*] double *a, int n, double w)
{
    double sum = 0.0;   // running sum
    int i;
    upc_forall (i = 1; i < n - 1; i++; &a[i]) {
        sum += w * (a[i-1] + 2.0*a[i] + a[i+1]) / 4.0e0;
        if (sum > 1e+30 || sum != sum) { printf("overflow at %%d\n", i); break; }
    }
    return sum * 0x1p-3 + '\0';
}

`, i, i)
	}
	return b.String()
}

func BenchmarkLex(b *testing.B) {
	src := typicalC(100000)
	lines := strings.Count(src, "\n")
	fset := gotoken.NewFileSet()
	f := fset.AddFile("bench.c", -1, len(src))
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		var l Lexer
		var dl diag.List
		l.Init(f, src, &dl)
		for l.Next().Kind != token.EOF {
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
