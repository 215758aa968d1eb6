package corpus

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const harness = `# harness file
BEGIN_DEFAULT_CONFIG
Flags:
Files:          $TESTNAME$.upc
DynamicThreads: $DEFAULT$
StaticThreads:  $DEFAULT$
CompileResult:  pass
PassExpr:       ^Success:
ExitCode:       0
BuildCmd:       upcc
TimeLimit:      $DEFAULT$
END_DEFAULT_CONFIG

WildCard:  <*>.upc

TestName: mat-none
Files: mat.c
Flags: -DELEM_T=double -DOPT_NONE -Iinc
DynamicThreads: 0	# static threads only
StaticThreads: 2,4

TestName: bad
CompileResult:	fail	# must not compile
TimeLimit: 30

BEGIN_DEFAULT_CONFIG
Flags:          -DDATA=long
Files:          $TESTNAME$.c
END_DEFAULT_CONFIG

TestName: typed
`

func TestLoadAndUnits(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "suite")
	write(t, filepath.Join(dir, "harness.conf"), harness)
	write(t, filepath.Join(dir, "mat.c"), "#include \"mat-opt-none.c\"\nint main(void){return 0;}\n")
	write(t, filepath.Join(dir, "mat-opt-none.c"), "int f(void);\n")
	write(t, filepath.Join(dir, "bad.upc"), "int x = ;\n")
	write(t, filepath.Join(dir, "wild.upc"), "int main(void){return 0;}\n")

	tests, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]Test{}
	for _, tt := range tests {
		names[tt.Name] = tt
	}
	if len(tests) != 4 {
		t.Fatalf("got %d tests, want mat-none, bad, typed and the wildcard's wild: %+v", len(tests), tests)
	}
	mat := names["mat-none"]
	if !reflect.DeepEqual(mat.Files, []string{"mat.c"}) || mat.Dynamic() || !mat.Static() || mat.threads() != 2 {
		t.Errorf("mat-none: %+v", mat)
	}
	if v, ok := mat.Define("ELEM_T"); !ok || v != "double" {
		t.Errorf("ELEM_T = %q, %v", v, ok)
	}
	if v, ok := mat.Define("OPT_NONE"); !ok || v != "1" {
		t.Errorf("OPT_NONE = %q, %v", v, ok)
	}
	bad := names["bad"]
	if bad.CompileResult != "fail" || bad.TimeLimit != 30 || bad.PassExpr != "^Success:" || !bad.Dynamic() {
		t.Errorf("bad: %+v", bad)
	}
	if typed := names["typed"]; !reflect.DeepEqual(typed.Files, []string{"typed.c"}) || !reflect.DeepEqual(typed.Flags, []string{"-DDATA=long"}) {
		t.Errorf("typed does not take the second default block: %+v", typed)
	}
	if len(bad.Flags) != 0 {
		t.Errorf("bad takes defaults that come after it: %v", bad.Flags)
	}
	if _, ok := names["wild"]; !ok {
		t.Errorf("the wildcard made no test of wild.upc")
	}

	units, err := Units(root, tests)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Unit{}
	for _, u := range units {
		got[u.Rel] = u
	}
	if _, ok := got[filepath.Join("suite", "mat-opt-none.c")]; ok {
		t.Errorf("an included file is a unit of its own")
	}
	m := got[filepath.Join("suite", "mat.c")]
	if m.Threads != 2 || !reflect.DeepEqual(m.Define, []string{"ELEM_T=double", "OPT_NONE"}) ||
		!reflect.DeepEqual(m.Include, []string{filepath.Join(dir, "inc")}) {
		t.Errorf("mat.c unit: %+v", m)
	}
	if !got[filepath.Join("suite", "bad.upc")].Negative {
		t.Errorf("bad.upc is not a negative test")
	}
	if w := got[filepath.Join("suite", "wild.upc")]; w.Negative || w.Threads != 0 {
		t.Errorf("wild.upc unit: %+v", w)
	}
}

func TestShellWordsAndLimits(t *testing.T) {
	got := shellWords(`UPC is "Unified Parallel C" 'a b'c  x=""`)
	want := []string{"UPC", "is", "Unified Parallel C", "a bc", "x="}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shellWords = %q, want %q", got, want)
	}
	for in, secs := range map[string]int{"$DEFAULT$": DefaultTimeLimit, "0": 0, "30": 30, "2:30": 150, "1:00:05": 3605, "x": 0} {
		if got := timeLimit(in); got != secs {
			t.Errorf("timeLimit(%q) = %d, want %d", in, got, secs)
		}
	}
}
