package buildinfo

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`upcc -c a.upc`, []string{"upcc", "-c", "a.upc"}},
		{`gcc  -DMSG="hello world" -I'my dir' x.c`, []string{"gcc", "-DMSG=hello world", "-Imy dir", "x.c"}},
		{`cc -DQ=\"q\" a\ b.c "x\"y\\z" 'it''s'`, []string{"cc", `-DQ="q"`, "a b.c", `x"y\z`, "its"}},
		{`cc "" -c`, []string{"cc", "", "-c"}},
	} {
		got, err := SplitCommand(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitCommand(%s) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`cc 'a`, `cc "a`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%s): no error", bad)
		}
	}
}

func TestParseCommand(t *testing.T) {
	dir := filepath.FromSlash("/build")
	for _, tc := range []struct {
		args          []string
		include       []string
		define, undef []string
		threads       int
	}{
		{[]string{"upcc", "-T", "8", "-I", "inc", "-Iother", "-DN=4", "-D", "M", "-UDEBUG", "-U", "X", "-c", "-o", "k.o", "k.upc"},
			[]string{"/build/inc", "/build/other"}, []string{"N=4", "M"}, []string{"DEBUG", "X"}, 8},
		{[]string{"/usr/bin/upcc", "-T=16", "k.upc"}, nil, nil, nil, 16},
		{[]string{"upcc", "-n", "4", "k.upc"}, nil, nil, nil, 4},
		{[]string{"gupc", "-fupc-threads-6", "-isystem", "/opt/upc/include", "-isystem/sys", "k.upc"},
			[]string{"/opt/upc/include", "/sys"}, nil, nil, 6},
		{[]string{"clang-upc", "-fupc-threads=12", "-iquote", "q", "k.upc"}, []string{"/build/q"}, nil, nil, 12},
		// cc: -T is a linker script, -n is not THREADS; -o's argument is skipped.
		{[]string{"gcc", "-T", "link.ld", "-n", "-o", "-Iskipped", "-I../up", "x.c"}, []string{"/up"}, nil, nil, 0},
		{[]string{"cc", "-MF", "-Dno", "-x", "c", "-include", "-Dno2", "-DYES", "x.c"}, nil, []string{"YES"}, nil, 0},
		// A launcher runs the compiler after it.
		{[]string{"/usr/bin/ccache", "upcc", "-T4", "k.upc"}, nil, nil, nil, 4},
		{[]string{"sccache", "gupc", "-fupc-threads-3", "k.upc"}, nil, nil, nil, 3},
		{[]string{"ccache", "cc", "-T", "link.ld", "x.c"}, nil, nil, nil, 0},
		// Not a THREADS count: zero, negative, not a number.
		{[]string{"upcc", "-T", "0", "-fupc-threads-x", "-T=-2", "k.upc"}, nil, nil, nil, 0},
	} {
		e := ParseCommand(tc.args, dir)
		var inc []string
		for _, d := range tc.include {
			inc = append(inc, filepath.FromSlash(d))
		}
		if !reflect.DeepEqual(e.Include, inc) || !reflect.DeepEqual(e.Define, tc.define) ||
			!reflect.DeepEqual(e.Undefine, tc.undef) || e.Threads != tc.threads {
			t.Errorf("ParseCommand(%q) = include %q define %q undefine %q threads %d", tc.args, e.Include, e.Define, e.Undefine, e.Threads)
		}
	}
}

func TestLoad(t *testing.T) {
	root := t.TempDir()
	db := `[
  {"directory": "` + filepath.ToSlash(root) + `/build", "file": "../src/a.upc",
   "arguments": ["upcc", "-T", "4", "-I../include", "-DN=8", "-c", "../src/a.upc"]},
  {"directory": "src", "file": "b.upc", "command": "gupc -fupc-threads=2 -I 'inc dir' -c b.upc"},
  {"directory": "src", "file": "b.upc", "command": "gupc -fupc-threads=3 -c b.upc"}
]`
	if err := os.WriteFile(filepath.Join(root, FileName), []byte(db), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(d.Entries()); n != 2 {
		t.Fatalf("%d entries, want 2 (the first command of a file wins)", n)
	}
	a := d.Lookup(filepath.Join(root, "src", "a.upc"))
	if a == nil || a.Threads != 4 || a.Include[0] != filepath.Join(root, "include") || a.Define[0] != "N=8" || !a.UPCCompiler() {
		t.Fatalf("bad entry for a.upc: %+v", a)
	}
	b := d.Lookup(filepath.Join(root, "src", "b.upc"))
	if b == nil || b.Threads != 2 || b.Include[0] != filepath.Join(root, "src", "inc dir") {
		t.Fatalf("bad entry for b.upc: %+v", b)
	}
	if a.Key() == b.Key() {
		t.Error("different settings, same key")
	}
	if _, err := Parse("x.json", []byte(`{"not": "a list"}`)); err == nil {
		t.Error("no error for a bad database")
	}
	if _, err := Parse("x.json", []byte(`[{"file": "a.upc"}]`)); err == nil {
		t.Error("no error for an entry without a command")
	}
}
