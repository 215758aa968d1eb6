package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
)

// BenchmarkSemanticTokens measures a semanticTokens/full request on a
// 3,000-line file whose analysis is done: the affinity facts of every
// function are computed for the request.
func BenchmarkSemanticTokens(b *testing.B) {
	src := bigKernel(3000)
	c, u := openOne(b, nil, `{"debounceMs": -1}`, "big.upc", src)
	c.waitDiagnostics(u, version(1))
	params := &protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
	var st protocol.SemanticTokens
	b.ResetTimer()
	for range b.N {
		if err := c.call("textDocument/semanticTokens/full", params, &st); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if len(st.Data) == 0 {
		b.Fatal("no tokens")
	}
	b.ReportMetric(float64(len(st.Data)/5), "tokens")
}
