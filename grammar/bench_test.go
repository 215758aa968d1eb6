package grammar_test

import (
	"bytes"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/lexer"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/grammar/token"
	"github.com/upclint/upclint/internal/benchsrc"
)

// corpusFile is one valid program of the test corpus.
type corpusFile struct {
	name string
	src  []byte
}

// loadCorpus returns the valid corpus programs that need no flags: realistic
// UPC in many styles, which the front-end benchmarks replay.
func loadCorpus(b *testing.B) ([]corpusFile, int) {
	b.Helper()
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "valid", "*.upc"))
	var files []corpusFile
	lines := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if bytes.Contains(src, []byte("upclint-flags:")) {
			continue
		}
		files = append(files, corpusFile{p, src})
		lines += bytes.Count(src, []byte{'\n'})
	}
	if len(files) == 0 {
		b.Skip("no corpus")
	}
	return files, lines
}

// BenchmarkPhases measures each front-end phase over the corpus, one core,
// as time per source line (headers are processed but not counted, as in a
// real run). The shares are the differences between successive phases.
func BenchmarkPhases(b *testing.B) {
	files, lines := loadCorpus(b)
	cfg := &cpp.Config{Bundled: headers.FS}
	// phase runs one phase, each iteration over every file, and reports
	// its time per line.
	phase := func(name string, run func(f corpusFile)) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, f := range files {
					run(f)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
			b.ReportMetric(float64(b.N*lines)/b.Elapsed().Seconds(), "lines/s")
		})
	}
	phase("lex", func(f corpusFile) {
		fset := gotoken.NewFileSet()
		tf := fset.AddFile(f.name, -1, len(f.src))
		var l lexer.Lexer
		var dl diag.List
		l.Init(tf, string(f.src), &dl)
		for l.Next().Kind != token.EOF {
		}
	})
	phase("preprocess", func(f corpusFile) {
		cpp.Preprocess(gotoken.NewFileSet(), f.name, f.src, cfg)
	})
	phase("parse", func(f corpusFile) {
		fset := gotoken.NewFileSet()
		r := cpp.Preprocess(fset, f.name, f.src, cfg)
		parser.ParseFile(fset, f.name, r.Tokens)
	})
	// Load is the three phases above plus the type checker, configured as
	// the driver uses it.
	phase("typecheck", func(f corpusFile) {
		grammar.Load(gotoken.NewFileSet(), f.name, f.src, nil)
	})
}

// BenchmarkRetainedHeap reports the heap a loaded unit keeps alive, per
// source line of the corpus.
func BenchmarkRetainedHeap(b *testing.B) {
	files, lines := loadCorpus(b)
	names := make([]string, len(files))
	srcs := make([][]byte, len(files))
	for i, f := range files {
		names[i], srcs[i] = f.name, f.src
	}
	benchsrc.RetainedHeap(b, names, srcs, lines)
}

// TestCorpusLoads guards the benchmarks' input: every corpus file loads
// without front-end errors.
func TestCorpusLoads(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "valid", "*.upc"))
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(src, []byte("upclint-flags:")) {
			continue
		}
		u := grammar.Load(gotoken.NewFileSet(), p, src, nil)
		for _, d := range u.Diags {
			if d.Severity == 0 && !strings.Contains(p, "invalid") {
				t.Errorf("%s: %s [%s]", u.Fset.Position(d.Pos), d.Message, d.Rule)
			}
		}
	}
}
