package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/uri"
)

// upclintBinary is `upclint` built once for the tests that run the server
// as a process.
var upclintBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if upclintBinary.dir != "" {
		_ = os.RemoveAll(upclintBinary.dir) // a leftover temporary directory is harmless
	}
	os.Exit(code)
}

// buildUpclint returns the path of the upclint binary, building it on the
// first call.
func buildUpclint(t *testing.T) string {
	t.Helper()
	b := &upclintBinary
	b.once.Do(func() {
		b.dir, b.err = os.MkdirTemp("", "upclint-lsp-test")
		if b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "upclint")
		if out, err := exec.Command("go", "build", "-o", b.path, "../cmd/upclint").CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// stdioSession runs `upclint lsp` with its standard input and output as the
// connection.
type stdioSession struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startStdio(t *testing.T) *stdioSession {
	t.Helper()
	cmd := exec.Command(buildUpclint(t), "lsp", "--log", filepath.Join(t.TempDir(), "server.log"))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill() // the test failed before the exit; the error of Kill does not matter
			_ = cmd.Wait()
		}
	})
	return &stdioSession{t: t, cmd: cmd, in: in, out: bufio.NewReader(out)}
}

func (s *stdioSession) send(msg string) {
	s.t.Helper()
	if _, err := fmt.Fprintf(s.in, "Content-Length: %d\r\n\r\n%s", len(msg), msg); err != nil {
		s.t.Fatal(err)
	}
}

// next reads messages until one satisfies ok and returns it.
func (s *stdioSession) next(ok func(*envelope) bool) *envelope {
	s.t.Helper()
	for {
		frame, err := readFrame(s.out)
		if err != nil {
			s.t.Fatalf("reading the server's output: %v", err)
		}
		var env envelope
		if err := json.Unmarshal(frame, &env); err != nil {
			s.t.Fatalf("server wrote invalid JSON %s: %v", frame, err)
		}
		if ok(&env) {
			return &env
		}
	}
}

// exitCode closes the server's input after exit and returns its status.
func (s *stdioSession) exitCode() int {
	s.t.Helper()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			s.t.Fatal(err)
		}
		return 0
	case <-time.After(20 * time.Second):
		s.t.Fatal("upclint lsp did not exit")
		return -1
	}
}

func isResponse(id string) func(*envelope) bool {
	return func(e *envelope) bool { return e.Method == nil && string(e.ID) == id }
}

// TestStdio runs `upclint lsp` as a process over its standard input and
// output: initialize, diagnostics of an opened document, shutdown and exit
// (status 0), and an exit without shutdown (status 1).
func TestStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("short: builds the binary")
	}
	dir := t.TempDir()
	u := uri.File(filepath.Join(dir, "s.upc"))
	s := startStdio(t)
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + string(uri.File(dir)) + `","capabilities":{}}}`)
	init := s.next(isResponse("1"))
	if !strings.Contains(string(init.Result), `"textDocumentSync":{"openClose":true,"change":2`) ||
		!strings.Contains(string(init.Result), `"name":"upclint"`) {
		t.Errorf("initialize result: %s", init.Result)
	}
	s.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	s.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + string(u) +
		`","languageId":"upc","version":1,"text":"int main(void) { return missing; }\n"}}}`)
	pub := s.next(func(e *envelope) bool { return e.Method != nil && *e.Method == "textDocument/publishDiagnostics" })
	p, err := decodePublication(pub.Params)
	if err != nil || p.URI != u || len(p.Diagnostics) != 1 || codeOf(p.Diagnostics[0]) != "typecheck" || !strings.Contains(msgOf(p.Diagnostics[0]), "missing") {
		t.Errorf("publication over stdout: %s (%v)", pub.Params, err)
	}
	s.send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	if r := s.next(isResponse("2")); string(r.Result) != "null" || len(r.Error) != 0 {
		t.Errorf("shutdown response: result %s error %s", r.Result, r.Error)
	}
	s.send(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := s.exitCode(); code != 0 {
		t.Errorf("exit after shutdown: status %d, want 0", code)
	}

	s = startStdio(t)
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`)
	s.next(isResponse("1"))
	s.send(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := s.exitCode(); code != 1 {
		t.Errorf("exit without shutdown: status %d, want 1", code)
	}
}
