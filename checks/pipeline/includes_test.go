package pipeline_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/upclint/upclint/checks/pipeline"
)

func writeTree(t *testing.T, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// summary lists the findings as "path:line rule".
func summary(out *pipeline.Outcome) []string {
	var got []string
	for _, f := range out.Findings {
		got = append(got, fmt.Sprintf("%s:%d %s", filepath.ToSlash(f.Pos.Path), f.Pos.Line, f.Rule))
	}
	return got
}

// TestIncludedParts: a file found in a directory that another checked file
// includes is analysed as part of it (its findings at their own lines,
// once even when two files include it), not alone; a file named on the
// command line is always a unit; files that only include each other keep
// the first as a unit.
func TestIncludedParts(t *testing.T) {
	t.Chdir(t.TempDir())
	writeTree(t, map[string]string{
		// part.c alone uses N, which only its includers define.
		"src/main.c":  "#define N 4\nint a[N];\n#include \"part.c\"\n#if 0\n#include \"never.c\"\n#endif\n",
		"src/main2.c": "#define N 8\nint b[N];\n#include \"part.c\"\n",
		"src/part.c":  "int f(void) { return N + undeclared; }\n",
		"src/never.c": "int g(void) { return N; }\n",
		"cyc/x.c":     "#ifndef X\n#define X\n#include \"y.c\"\nint x(void) { return gone_x; }\n#endif\n",
		"cyc/y.c":     "#include \"x.c\"\nint y(void) { return gone_y; }\n",
	})
	out, err := pipeline.Check(context.Background(), []string{"src", "cyc"}, pipeline.Settings{Jobs: 1, Extensions: []string{".c"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"cyc/x.c:4 typecheck", "cyc/y.c:2 typecheck", "src/part.c:1 typecheck"}
	if got := summary(out); !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	if out.Files != 3 {
		t.Errorf("Files = %d, want 3 (main.c, main2.c, x.c)", out.Files)
	}

	// Named, part.c is checked alone: N is undeclared too.
	out, err = pipeline.Check(context.Background(), []string{"src/part.c"}, pipeline.Settings{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(out.Findings); got != 2 || out.Files != 1 {
		t.Errorf("part.c alone: %d findings in %d files (%q), want 2 in 1", got, out.Files, summary(out))
	}
}

// TestDiscovery: without -p, the compilation database above a file (here
// in build/) gives its THREADS and macros.
func TestDiscovery(t *testing.T) {
	t.Chdir(t.TempDir())
	writeTree(t, map[string]string{
		"proj/build/compile_commands.json": `[{"directory": "..", "file": "src/k.upc",
			"arguments": ["/nowhere/upcc", "-T", "4", "-DSIZE=16", "-c", "src/k.upc"]}]`,
		"proj/src/k.upc": "shared int a[SIZE];\n#if THREADS != 4\n#error not 4\n#endif\n",
	})
	out, err := pipeline.Check(context.Background(), []string{"proj/src"}, pipeline.Settings{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Findings) != 0 {
		t.Errorf("findings %q, want none (THREADS and SIZE from build/compile_commands.json)", summary(out))
	}
	if err := os.Remove("proj/build/compile_commands.json"); err != nil {
		t.Fatal(err)
	}
	out, err = pipeline.Check(context.Background(), []string{"proj/src"}, pipeline.Settings{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Findings) == 0 {
		t.Error("without the database: no findings")
	}
}
