package lsp

import (
	"path/filepath"
	"sync"
	"testing"

	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar"
)

// TestFixesComputedOnDemand checks that diagnostics come from an analysis
// without fixes and that the fixes are computed once per document version,
// on the first code action request.
func TestFixesComputedOnDemand(t *testing.T) {
	var mu sync.Mutex
	var withFix, without int
	dir := workspace(t, map[string]string{"k.upc": fixSrc})
	c := newTestServer(t, func(s *Server) {
		analyze := s.analyze
		s.analyze = func(path string, src []byte, opts *checks.Options) (*grammar.Unit, []checks.Finding) {
			mu.Lock()
			if opts.NoFixes {
				without++
			} else {
				withFix++
			}
			mu.Unlock()
			return analyze(path, src, opts)
		}
	})
	c.initialize(dir, `{"debounceMs": -1}`)
	u := uri.File(filepath.Join(dir, "k.upc"))
	c.open(u, fixSrc)
	p := c.waitDiagnostics(u, version(1))
	count := func() (int, int) {
		mu.Lock()
		defer mu.Unlock()
		return without, withFix
	}
	if n, f := count(); n != 1 || f != 0 {
		t.Fatalf("after publication: %d analyses without fixes, %d with; want 1, 0", n, f)
	}
	d := diagOfRule(t, p, "forall")
	for range 2 {
		quick := 0
		for _, a := range codeActionsAt(t, c, u, d.Range, nil) {
			if a.Edit != nil && a.Title == "iterate with stride THREADS from this thread's first iteration" {
				quick++
			}
		}
		if quick != 1 {
			t.Fatalf("%d forall quick fixes, want 1", quick)
		}
	}
	if n, f := count(); n != 1 || f != 1 {
		t.Errorf("after two code action requests: %d analyses without fixes, %d with; want 1, 1", n, f)
	}
	// A new version computes its fixes anew.
	c.change(u, 2, rng(0, 0, 0, 0), "\n")
	p = c.waitDiagnostics(u, version(2))
	codeActionsAt(t, c, u, diagOfRule(t, p, "forall").Range, nil)
	if n, f := count(); n != 2 || f != 2 {
		t.Errorf("after an edit and a request: %d analyses without fixes, %d with; want 2, 2", n, f)
	}
}
