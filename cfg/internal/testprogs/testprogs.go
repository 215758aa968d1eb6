// Package testprogs lists the UPC programs of the repository's test data,
// for the tests that run an analysis over every one of them.
package testprogs

import (
	gotoken "go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/internal/testflags"
)

// Files returns every .upc and .c file under root/testdata (recursively)
// and under root/checks/rules/*/testdata, where root is the repository's
// top directory, sorted. Headers are not listed: they are read through
// #include.
func Files(root string) ([]string, error) {
	dirs := []string{filepath.Join(root, "testdata")}
	rules, err := filepath.Glob(filepath.Join(root, "checks", "rules", "*", "testdata"))
	if err != nil {
		return nil, err
	}
	dirs = append(dirs, rules...)
	var out []string
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(p, ".upc") || strings.HasSuffix(p, ".c")) {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// Load reads and loads the program name with the flags of its
// `// upclint-flags:` line, in a fresh FileSet.
func Load(name string) (*grammar.Unit, *gotoken.FileSet, error) {
	src, conf, err := testflags.Read(name)
	if err != nil {
		return nil, nil, err
	}
	fset := gotoken.NewFileSet()
	return grammar.Load(fset, name, src, &conf), fset, nil
}
