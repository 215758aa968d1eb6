package parser

import (
	gotoken "go/token"
	"os"
	"sync"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
)

// FuzzParse checks that no input crashes the parser, that every
// diagnostic is a syntax error inside the file, and that printing a parsed
// file gives text that parses again to the same printed text.
func FuzzParse(f *testing.F) {
	for _, path := range upcFiles(f) {
		if src, err := os.ReadFile(path); err == nil && len(src) < 20000 {
			f.Add(string(src))
		}
	}
	for _, s := range grammarSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		fset := gotoken.NewFileSet()
		file, diags := ParseFile(fset, "f.upc", tokenize(fset, "f.upc", src))
		tf := fset.File(1)
		for _, d := range diags {
			if d.Pos < gotoken.Pos(tf.Base()) || int(d.Pos) > tf.Base()+tf.Size() {
				t.Fatalf("diagnostic outside the file: %v %s", d.Pos, d.Message)
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if n != nil && n.End() < n.Start() {
				t.Fatalf("%T ends before it starts", n)
			}
			return true
		})
		if len(diags) > 0 {
			return
		}
		out := ast.String(file)
		fset2 := gotoken.NewFileSet()
		file2, diags2 := ParseFile(fset2, "g.upc", tokenize(fset2, "g.upc", out))
		if len(diags2) > 0 {
			t.Fatalf("printed text does not parse: %s\n%s", diags2[0].Message, out)
		}
		if out2 := ast.String(file2); out2 != out {
			t.Fatalf("printing is not stable:\n%s", firstDiff(out, out2))
		}
	})
}

// TestConcurrent parses files in parallel (run with -race).
func TestConcurrent(t *testing.T) {
	files := upcFiles(t)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j, path := range files {
				if j%4 != i {
					continue
				}
				fset := gotoken.NewFileSet()
				toks := preprocess(t, fset, path)
				ParseFile(fset, path, toks)
				// participle's parsers are shared too
				keep := retag(toks)
				for _, pc := range split(toks, keep, 0) {
					if !pc.pragma && pc.deep < 0 {
						buf := convert(nil, toks, pc.lo, pc.hi, keep)
						if _, err := declParser.ParseFromLexer(peeking(buf)); err != nil {
							t.Error(err)
						}
					}
				}
			}
		}(i)
	}
	wg.Wait()
}
