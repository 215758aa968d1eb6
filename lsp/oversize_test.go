package lsp

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"go.lsp.dev/uri"
)

// writeOversizedHeader writes the header of a message of n bytes, over the
// limit, to the server.
func writeOversizedHeader(t *testing.T, c *testClient, n int64) {
	t.Helper()
	if _, err := fmt.Fprintf(c.toSrv, "Content-Length: %d\r\n\r\n", n); err != nil {
		t.Fatal(err)
	}
}

// writeZeros writes n bytes to the server in small pieces.
func writeZeros(t *testing.T, c *testClient, n int64) {
	t.Helper()
	buf := make([]byte, 64<<10)
	for n > 0 {
		k := min(n, int64(len(buf)))
		if _, err := c.toSrv.Write(buf[:k]); err != nil {
			t.Fatal(err)
		}
		n -= k
	}
}

// TestOversizedMessage: a message over the size limit is answered with a
// parse error (id null) as soon as its header is read, before its body
// arrives; the body is dropped without being held in memory (the process
// allocates a small fraction of it), and the session goes on.
func TestOversizedMessage(t *testing.T) {
	c := newTestServer(t, nil)
	c.initialize(t.TempDir(), `{"debounceMs": -1}`)
	ch := make(chan *envelope, 1)
	c.mu.Lock()
	c.waiting["null"] = ch
	c.mu.Unlock()

	n := int64(maxFrame) + 1
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	allocBefore := ms.TotalAlloc
	start := time.Now()
	writeOversizedHeader(t, c, n)
	// The answer comes before any of the body is sent.
	if err := c.await(ch, nil); err == nil || err.Code != codeParseError {
		t.Fatalf("oversized message: got %v, want code %d", err, codeParseError)
	}
	writeZeros(t, c, n)
	// An io.Pipe write returns once the reader has taken all of it: the
	// server has read the whole body.
	runtime.ReadMemStats(&ms)
	allocated := ms.TotalAlloc - allocBefore
	t.Logf("%d-byte message dropped in %v; %d bytes allocated meanwhile", n, time.Since(start).Round(time.Millisecond), allocated)
	if allocated > uint64(n)/16 {
		t.Errorf("%d bytes allocated while dropping a message of %d bytes", allocated, n)
	}

	// Still in sync and serving: an edit is analysed, a request answered.
	src := "int main(void) { return 0; }\n"
	u := uri.File(filepath.Join(t.TempDir(), "after.upc"))
	c.open(u, src)
	c.waitDiagnostics(u, version(1))
	if err := c.call("no/such/method", map[string]any{}, nil); err == nil || err.Code != codeMethodNotFound {
		t.Errorf("request after the oversized message: got %v", err)
	}
}

// TestOversizedMessageTruncated: a client that closes the stream inside the
// body of an oversized message (the length was corrupt) ends the session
// cleanly, after the error response.
func TestOversizedMessageTruncated(t *testing.T) {
	c := newTestServer(t, nil)
	c.initialize(t.TempDir(), "")
	ch := make(chan *envelope, 1)
	c.mu.Lock()
	c.waiting["null"] = ch
	c.mu.Unlock()
	writeOversizedHeader(t, c, 1<<40) // a terabyte: never sent
	if err := c.await(ch, nil); err == nil || err.Code != codeParseError {
		t.Fatalf("oversized message: got %v, want code %d", err, codeParseError)
	}
	writeZeros(t, c, 1<<20)
	_ = c.toSrv.Close() // closing an io.PipeWriter always succeeds
	select {
	case err := <-c.served:
		if err != nil {
			t.Errorf("Serve returned %v, want nil", err)
		}
		c.served <- err // for the cleanup
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop")
	}
}
