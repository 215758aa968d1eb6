package translate_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	gotoken "go/token"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// headerMacros reports whether a user header of u (not its main file, not a
// bundled header) contains a macro invocation.
func headerMacros(u *grammar.Unit) bool {
	for i := range u.File.Tokens {
		tok := &u.File.Tokens[i]
		if !tok.FromMacro() {
			continue
		}
		tf := u.Fset.File(tok.Exp)
		if tf != nil && tf.Name() != u.File.Name && !strings.HasPrefix(tf.Name(), cpp.BundledDir+"/") {
			return true
		}
	}
	return false
}

// TestHeaderMacroText translates every test program whose user headers
// invoke macros and compiles the C with implicit declarations as errors:
// a macro invocation printed with text from the wrong file shows up as an
// undeclared identifier or function.
func TestHeaderMacroText(t *testing.T) {
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	if _, err := exec.LookPath(cc); err != nil {
		t.Skip("no C compiler")
	}
	inc := t.TempDir()
	if err := runtime.RuntimeSources(inc); err != nil {
		t.Fatal(err)
	}
	var paths []string
	err := filepath.WalkDir("../../testdata", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".upc") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := parseSpec(t, path, src)
		cfg := &grammar.Config{Defines: s.defines, IncludeDirs: s.includes, StaticThreads: s.static}
		u := grammar.Load(gotoken.NewFileSet(), path, src, cfg)
		if !headerMacros(u) {
			continue
		}
		c, err := translate.Translate(u, translate.Options{Source: src})
		if err != nil {
			continue // not translatable (front-end errors, unsupported library): other tests cover it
		}
		tested++
		out := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(path), ".upc")+".c")
		if err := os.WriteFile(out, c, 0o644); err != nil {
			t.Fatal(err)
		}
		args := append(strings.Fields(cc)[1:], "-std=gnu99", "-fsyntax-only",
			"-Werror=implicit-function-declaration", "-I", inc)
		if s.static > 0 {
			args = append(args, "-DUPCR_STATIC_THREADS="+strconv.Itoa(s.static))
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, strings.Fields(cc)[0], append(args, out)...)
		var msg bytes.Buffer
		cmd.Stdout, cmd.Stderr = &msg, &msg
		if err := cmd.Run(); err != nil {
			t.Errorf("%s: the translated C does not compile: %v\n%s", path, err, firstLines(msg.String(), 8))
		}
		cancel()
	}
	if tested == 0 {
		t.Fatal("no test program with macros in its headers")
	}
	t.Logf("%d programs with macros in their headers compile", tested)
}
