package buildinfo

import (
	"slices"
	"strings"
	"testing"
)

func TestRewriteCompilerPaths(t *testing.T) {
	const dir = "/rec"
	for _, tc := range []struct{ in, want string }{
		{"/upcc -T4 -c a.upc", "UPCLINT_CAPTURE_REAL='/upcc' '/rec/upcc' -T4 -c a.upc"},
		{"cd src && /opt/bin/gupc -c b.upc; echo /upcc", "cd src && UPCLINT_CAPTURE_REAL='/opt/bin/gupc' '/rec/gupc' -c b.upc; echo /upcc"},
		{"X=1 ./mpicc x.c | tee log", "X=1 UPCLINT_CAPTURE_REAL='./mpicc' '/rec/mpicc' x.c | tee log"},
		{"upcc -c a.upc", "upcc -c a.upc"},                     // reached through PATH
		{"'/upcc' -c a.upc", "'/upcc' -c a.upc"},               // quoted: kept
		{"$UPC/upcc -c a.upc", "$UPC/upcc -c a.upc"},           // an expansion: kept
		{"/usr/bin/ar rcs x.a a.o", "/usr/bin/ar rcs x.a a.o"}, // not a compiler
		{"echo 'a; /upcc' \"b\"", "echo 'a; /upcc' \"b\""},     // inside quotes
		{"if true; then /upcc -c a.c; fi", "if true; then UPCLINT_CAPTURE_REAL='/upcc' '/rec/upcc' -c a.c; fi"},
	} {
		if got := rewriteCompilerPaths(tc.in, dir); got != tc.want {
			t.Errorf("rewriteCompilerPaths(%q) =\n  %q, want\n  %q", tc.in, got, tc.want)
		}
	}
}

func TestSourceFiles(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"upcc", "-T", "4", "-I", "inc", "-c", "a.upc", "-o", "a.o"}, []string{"a.upc"}},
		{[]string{"gcc", "-o", "x.c", "b.c", "c.o", "-lm"}, []string{"b.c"}},
		{[]string{"upcc", "a.o", "b.o", "-o", "prog"}, nil},
	} {
		if got := sourceFiles(tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("sourceFiles(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
	if got := objectOutputs([]string{"upcc", "-c", "dir/k.upc"}); !slices.Equal(got, []string{"k.o"}) {
		t.Errorf("objectOutputs = %q, want k.o", got)
	}
}

func TestParseDryRun(t *testing.T) {
	out := "make: Entering directory '/p'\n" +
		"cd sub && ccache upcc -T 4 -c a.upc -o a.o > log 2>&1\n" +
		"make[1]: Entering directory `/p/lib'\n" +
		"gcc -O2 -I../inc \\\n  -c util.c\n" +
		"echo upcc -c not.upc; ar rcs libx.a util.o\n" +
		"make[1]: Leaving directory `/p/lib'\n" +
		"X=1 /opt/bin/mpicc -c 'my file.c'\n" +
		"upcc a.o -o prog\n"
	var got []string
	for _, r := range parseDryRun([]byte(out), "/wd") {
		got = append(got, r.Directory+": "+strings.Join(r.Arguments, " "))
	}
	want := []string{
		"/p/sub: upcc -T 4 -c a.upc -o a.o",
		"/p/lib: gcc -O2 -I../inc -c util.c",
		"/p: /opt/bin/mpicc -c my file.c",
		"/p: upcc a.o -o prog",
	}
	if !slices.Equal(got, want) {
		t.Errorf("parseDryRun:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
