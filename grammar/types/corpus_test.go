package types_test

import (
	gotoken "go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/grammar/types"
)

var flagsRe = regexp.MustCompile(`(?m)^\s*//\s*upclint-flags:(.*)$`)

// fileConfig parses the "// upclint-flags:" comment of a corpus file:
// -DNAME[=V], -UNAME, -I DIR (or -IDIR), --threads N (or --threads=N).
func fileConfig(path string, src []byte) (*cpp.Config, int) {
	dir := filepath.Dir(path)
	cfg := &cpp.Config{Bundled: headers.FS, IncludeDirs: []string{filepath.Join(dir, "include")}}
	threads := 0
	m := flagsRe.FindSubmatch(src)
	if m == nil {
		return cfg, 0
	}
	f := strings.Fields(string(m[1]))
	for i := 0; i < len(f); i++ {
		a := f[i]
		next := func() string {
			if i+1 < len(f) {
				i++
				return f[i]
			}
			return ""
		}
		switch {
		case a == "-D":
			cfg.Defines = append(cfg.Defines, next())
		case strings.HasPrefix(a, "-D"):
			cfg.Defines = append(cfg.Defines, a[2:])
		case a == "-U":
			cfg.Undefs = append(cfg.Undefs, next())
		case strings.HasPrefix(a, "-U"):
			cfg.Undefs = append(cfg.Undefs, a[2:])
		case a == "-I":
			cfg.IncludeDirs = append([]string{filepath.Join(dir, next())}, cfg.IncludeDirs...)
		case strings.HasPrefix(a, "-I"):
			cfg.IncludeDirs = append([]string{filepath.Join(dir, a[2:])}, cfg.IncludeDirs...)
		case a == "--threads" || a == "-threads" || a == "-fupc-threads":
			threads, _ = strconv.Atoi(next())
		case strings.HasPrefix(a, "--threads="):
			threads, _ = strconv.Atoi(strings.TrimPrefix(a, "--threads="))
		case strings.HasPrefix(a, "-fupc-threads="):
			threads, _ = strconv.Atoi(strings.TrimPrefix(a, "-fupc-threads="))
		}
	}
	cfg.StaticThreads = threads
	return cfg, threads
}

type unit struct {
	fset  *gotoken.FileSet
	file  *ast.File
	info  *types.Info
	diags diag.List // typecheck only
	other diag.List // preprocessor and parser
}

func loadFile(t testing.TB, path string) *unit {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg, threads := fileConfig(path, src)
	fset := gotoken.NewFileSet()
	res := cpp.Preprocess(fset, path, src, cfg)
	f, pd := parser.ParseFile(fset, path, res.Tokens)
	info, td := types.Check(fset, f, &types.Config{StaticThreads: threads})
	u := &unit{fset: fset, file: f, info: info, diags: td}
	u.other = append(append(u.other, res.Diags...), pd...)
	return u
}

func corpusFiles(t testing.TB, sub string) []string {
	var files []string
	root := filepath.Join("..", "..", "testdata", "corpus", sub)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".upc") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

var wantRe = regexp.MustCompile("//\\s*want\\s+((?:(?:\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)\\s*)+)")
var wantStrRe = regexp.MustCompile("\"((?:[^\"\\\\]|\\\\.)*)\"|`([^`]*)`")

// TestCorpus checks that the valid corpus has no typecheck errors and that
// every `// want "re"` of the invalid corpus is matched by a typecheck
// diagnostic on its line.
func TestCorpus(t *testing.T) {
	valid := corpusFiles(t, "valid")
	if len(valid) == 0 {
		t.Skip("no corpus")
	}
	for _, path := range valid {
		u := loadFile(t, path)
		for _, d := range u.diags {
			if d.Severity == diag.Error {
				t.Errorf("%s: unexpected error: %s", u.fset.Position(d.Pos), d.Message)
			}
		}
	}
	for _, path := range corpusFiles(t, "invalid") {
		checkWants(t, path)
	}
}

func checkWants(t *testing.T, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u := loadFile(t, path)
	type want struct {
		line int
		re   *regexp.Regexp
		hit  bool
	}
	var wants []*want
	for i, line := range strings.Split(string(src), "\n") {
		m := wantRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, s := range wantStrRe.FindAllStringSubmatch(m[1], -1) {
			pat := s[2]
			if strings.HasPrefix(s[0], `"`) {
				var err error
				pat, err = strconv.Unquote(`"` + s[1] + `"`)
				if err != nil {
					pat = s[1]
				}
			}
			re, err := regexp.Compile(pat)
			if err != nil {
				t.Errorf("%s:%d: bad want regexp %q: %v", path, i+1, pat, err)
				continue
			}
			wants = append(wants, &want{line: i + 1, re: re})
		}
	}
	all := withRelated(append(append(diag.List{}, u.diags...), u.other...))
	for _, d := range all {
		p := u.fset.Position(d.Pos)
		if filepath.Clean(p.Filename) != filepath.Clean(path) {
			if d.Rule == diag.RuleTypecheck && d.Severity == diag.Error {
				t.Errorf("%s: unexpected error outside the file: %s", p, d.Message)
			}
			continue
		}
		matched := false
		for _, w := range wants {
			if w.line == p.Line && w.re.MatchString(d.Message) {
				w.hit = true
				matched = true
			}
		}
		if !matched && d.Rule == diag.RuleTypecheck && d.Severity == diag.Error {
			t.Errorf("%s: unexpected error: %s", p, d.Message)
		}
	}
	syntaxErrs := 0
	for _, d := range u.other {
		if d.Severity == diag.Error {
			syntaxErrs++
		}
	}
	for _, w := range wants {
		if !w.hit {
			if syntaxErrs > 0 {
				// the parser's recovery decides what is left to check
				t.Logf("%s:%d: no diagnostic matching %q (file has syntax errors)", path, w.line, w.re)
				continue
			}
			t.Errorf("%s:%d: no diagnostic matching %q", path, w.line, w.re)
		}
	}
}

// withRelated returns l with each related location of an error as an
// error of its own (the declarations that need static THREADS are the
// related locations of one error per unit), so that a test expects an
// error on each such line.
func withRelated(l diag.List) diag.List {
	var out diag.List
	for _, d := range l {
		out = append(out, d)
		if d.Severity != diag.Error || !strings.Contains(d.Message, "needs static THREADS") {
			continue
		}
		for _, r := range d.Related {
			out = append(out, diag.Diagnostic{Pos: r.Pos, End: r.End, Severity: d.Severity, Rule: d.Rule, Message: r.Message})
		}
	}
	return out
}
