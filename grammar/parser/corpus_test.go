package parser

import (
	gotoken "go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/token"
)

// upcFiles lists the valid .upc files under the repository's testdata and
// this package's testdata (not those under an "invalid" directory).
func upcFiles(t testing.TB) []string {
	var files []string
	for _, root := range []string{"../../testdata", "testdata"} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() && d.Name() == "invalid" {
				return filepath.SkipDir
			}
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".upc") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

var wantRe = regexp.MustCompile(`// want (.*)$`)

// TestInvalidCorpus checks the syntax errors on the corpus's invalid
// programs: every one must be wanted by a "// want" comment on its line,
// and every file named syntax_* must get at least one.
func TestInvalidCorpus(t *testing.T) {
	paths, _ := filepath.Glob("../../testdata/corpus/invalid/*.upc")
	for _, path := range paths {
		src, _ := os.ReadFile(path)
		lines := strings.Split(string(src), "\n")
		fset := gotoken.NewFileSet()
		toks := preprocess(t, fset, path)
		_, diags := ParseFile(fset, path, toks)
		if strings.HasPrefix(filepath.Base(path), "syntax_") && len(diags) == 0 {
			t.Errorf("%s: no syntax error", path)
		}
		for _, d := range diags {
			p := fset.Position(d.Pos)
			if p.Filename != path || p.Line > len(lines) {
				t.Errorf("%s: %s: syntax error outside the file: %s", path, p, d.Message)
				continue
			}
			m := wantRe.FindStringSubmatch(lines[p.Line-1])
			if m == nil || !wanted(m[1], d.Message) {
				t.Errorf("%s: unwanted syntax error: %s", p, d.Message)
			}
		}
	}
}

// wanted reports whether one of the quoted regexps in list matches msg.
func wanted(list, msg string) bool {
	for _, q := range regexp.MustCompile(`"(?:[^"\\]|\\.)*"`).FindAllString(list, -1) {
		if s, err := strconv.Unquote(q); err == nil {
			if re, err := regexp.Compile(s); err == nil && re.MatchString(msg) {
				return true
			}
		}
	}
	return false
}

var flagsRe = regexp.MustCompile(`(?m)^// upclint-flags:(.*)$`)

// preprocess runs grammar/cpp on a file with the -D flags its
// "// upclint-flags:" comment asks for.
func preprocess(t testing.TB, fset *gotoken.FileSet, path string) []token.Token {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &cpp.Config{Bundled: headers.FS, IncludeDirs: []string{filepath.Join(filepath.Dir(path), "include")}}
	if m := flagsRe.FindSubmatch(src); m != nil {
		for _, f := range strings.Fields(string(m[1])) {
			if strings.HasPrefix(f, "-D") {
				cfg.Defines = append(cfg.Defines, f[2:])
			}
		}
	}
	res := cpp.Preprocess(fset, path, src, cfg)
	return res.Tokens
}

// TestPieceRange checks that the range given to a deferred declaration
// without converting its tokens is the one convert's tokens give, for every
// piece of the valid corpus files (their headers included).
func TestPieceRange(t *testing.T) {
	files := upcFiles(t)
	if testing.Short() {
		files = files[:min(len(files), 20)]
	}
	pieces := 0
	for _, path := range files {
		toks := terminate(preprocess(t, gotoken.NewFileSet(), path))
		keep := retag(toks)
		tab := positions(toks, keep)
		for _, pc := range split(toks, keep, 0) {
			buf := convert(nil, toks, pc.lo, pc.hi, keep)
			want := rangeOf(tab, buf[0].Pos, buf[len(buf)-1].Pos)
			if got := pieceRange(tab, toks, pc.lo, pc.hi, keep); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: piece [%d, %d): range %v, convert gives %v", path, pc.lo, pc.hi, got, want)
			}
			pieces++
		}
	}
	if pieces < 1000 {
		t.Errorf("only %d pieces", pieces)
	}
}
