package parser

import (
	gotoken "go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/token"
)

// upcFiles lists the .upc files under the repository's testdata and this
// package's testdata.
func upcFiles(t testing.TB) []string {
	var files []string
	for _, root := range []string{"../../testdata", "testdata"} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".upc") {
				files = append(files, path)
			}
			return nil
		})
	}
	return files
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
