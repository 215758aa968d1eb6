package lsp

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestRealisticEditsStayBounded edits a 300-line kernel with findings of
// every performance rule a few thousand times without debounce, waiting
// for the diagnostics every ten edits (as typing with pauses would), and
// asking for code actions (which compute and keep the fixes of the
// snapshot) every hundred. The snapshots replaced along the way must be garbage, and
// the heap retained at the end, after a collection, must stay within a
// bound computed from the measured size of one snapshot: keeping a few
// older snapshots, or FileSets, or the fixes of older versions, exceeds it.
func TestRealisticEditsStayBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	const edits = 3000
	src := bigKernel(300)
	dir := t.TempDir()
	c := newTestServer(t, nil)
	c.initialize(dir, `{"debounceMs": -1}`)
	u := uri.File(filepath.Join(dir, "k.upc"))
	heap := func() uint64 {
		runtime.GC()
		runtime.GC() // and the pools' victim caches
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	// The test client keeps every publication and message: keep only the
	// newest publication, so that the client does not grow.
	published := 0 // publications trimmed away
	trim := func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if pubs := c.pubs[u]; len(pubs) > 1 {
			published += len(pubs) - 1
			c.pubs[u] = []*protocol.PublishDiagnosticsParams{pubs[len(pubs)-1]}
		}
		c.arrived = map[*protocol.PublishDiagnosticsParams]time.Time{}
		c.notes = nil
	}
	snapOf := func() *snapshot {
		c.srv.mu.Lock()
		defer c.srv.mu.Unlock()
		return c.srv.docs[uriPath(u)].snap
	}
	lines := uint32(strings.Count(src, "\n"))
	whole := rng(0, 0, lines, 0)
	withFixes := func() int {
		n := 0
		for _, a := range codeActionsAt(t, c, u, whole, nil) {
			if a.Edit != nil && a.Kind != nil && *a.Kind == protocol.CodeActionKindQuickFix {
				n++
			}
		}
		return n
	}

	base := heap()
	c.open(u, src)
	p := c.waitDiagnostics(u, version(1))
	if len(p.Diagnostics) < 20 {
		t.Fatalf("the kernel has %d findings, want a realistic number: %s", len(p.Diagnostics), fmtDiags(p))
	}
	if n := withFixes(); n < 10 {
		t.Fatalf("%d quick fixes with edits on the kernel, want many", n)
	}
	trim()
	// One snapshot with its fixes (and the document's text, and one
	// publication on the client side).
	one := heap() - base
	first := snapOf()
	firstBase := first.unit.Fset.Base()
	olds := []weak.Pointer[snapshot]{weak.Make(first)}
	first = nil

	start := time.Now()
	line := lines / 2
	const ins = "int zz = undeclared_zz;"
	for v := int32(2); v <= edits+1; v++ {
		if v%2 == 0 {
			c.change(u, v, rng(line, 0, line, 0), ins)
		} else {
			c.change(u, v, rng(line, 0, line, uint32(len(ins))), "")
		}
		switch {
		case v%100 == 0:
			c.waitDiagnostics(u, version(v))
			withFixes()
			olds = append(olds, weak.Make(snapOf()))
			trim()
		case v%10 == 0:
			// Typing with pauses: most edits are analysed, some
			// supersede an analysis that is queued or running.
			c.waitDiagnostics(u, version(v))
		}
	}
	c.waitDiagnostics(u, version(edits+1))
	trim()
	elapsed := time.Since(start)
	last := snapOf()
	after := heap()
	t.Logf("%d edits in %v, %d publications; heap: %d bytes before opening, one snapshot %d, after the edits %d (%.1f snapshots)",
		edits, elapsed.Round(time.Millisecond), published, base, one, after, float64(after-base)/float64(one))

	alive := 0
	for _, w := range olds {
		if s := w.Value(); s != nil && s != last {
			alive++
		}
	}
	if alive > 0 {
		t.Errorf("%d of %d replaced snapshots are still reachable", alive, len(olds))
	}
	if b := last.unit.Fset.Base(); b > firstBase+len(src)+len(ins) {
		t.Errorf("FileSet base grew from %d to %d: positions accumulate across analyses", firstBase, b)
	}
	// The newest snapshot, plus room for one more (an analysis's garbage
	// that a collection keeps, the allocator's state): retaining the
	// snapshot of one version in a hundred would be 30.
	if bound := base + 3*one; after > bound {
		t.Errorf("heap after %d edits %d bytes, over %d (before opening %d + 3 × one snapshot %d)", edits, after, bound, base, one)
	}
	c.srv.mu.Lock()
	defer c.srv.mu.Unlock()
	if len(c.srv.inflight) != 0 || len(c.srv.docs) != 1 {
		t.Errorf("leftover state: %d requests in flight, %d documents", len(c.srv.inflight), len(c.srv.docs))
	}
}
