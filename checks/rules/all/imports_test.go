package all_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRulesImportNoRule keeps each rule a leaf, as the passes of
// golang.org/x/tools/go/analysis are: what two rules share lives in cfg/...,
// checks/facts or checks/edit, never in one of them. Only this package,
// which registers them, imports rules (and tests, to run a rule with the
// registry).
func TestRulesImportNoRule(t *testing.T) {
	const prefix = "github.com/upclint/upclint/checks/rules/"
	files, err := filepath.Glob(filepath.Join("..", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob(filepath.Join("..", "*", "*", "*.go"))
	files = append(files, more...)
	checked := 0
	for _, f := range files {
		rel, _ := filepath.Rel("..", f)
		if strings.HasPrefix(rel, "all"+string(filepath.Separator)) {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		own := prefix + filepath.ToSlash(filepath.Dir(rel))
		for _, imp := range af.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == own || path == prefix+"all" && strings.HasSuffix(f, "_test.go") {
				continue // an external test of the package, or one that runs the registry
			}
			if strings.HasPrefix(path, prefix) {
				t.Errorf("%s imports the rule package %s: move what they share to cfg/..., checks/facts or checks/edit", rel, path)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d files checked: the test no longer finds the rules", checked)
	}
}
