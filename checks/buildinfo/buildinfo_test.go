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

// TestFinder: without -p, a file's database is the first
// compile_commands.json in its directory or above, or in their build/.
func TestFinder(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("proj/build/compile_commands.json", `[{"directory": "..", "file": "src/a.upc", "command": "upcc -T4 -c src/a.upc"}]`)
	write("proj/src/a.upc", "")
	write("proj/src/deep/b.upc", "")
	write("proj/lib/compile_commands.json", `[{"directory": ".", "file": "c.upc", "command": "upcc -T 2 -c c.upc"}]`)
	write("proj/lib/c.upc", "")
	write("broken/compile_commands.json", `{`)
	write("broken/d.upc", "")
	write("alone/e.upc", "")

	f := NewFinder()
	for _, tc := range []struct {
		file, db string
		threads  int // of the file's entry; -1: no entry
	}{
		{"proj/src/a.upc", "proj/build/compile_commands.json", 4},
		{"proj/src/deep/b.upc", "proj/build/compile_commands.json", -1},
		{"proj/lib/c.upc", "proj/lib/compile_commands.json", 2},
		{"alone/e.upc", "", -1},
	} {
		db, err := f.For(filepath.Join(root, tc.file))
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		got := ""
		if db != nil {
			got, _ = filepath.Rel(root, db.Path)
		}
		if filepath.ToSlash(got) != tc.db {
			t.Errorf("%s: database %q, want %q", tc.file, got, tc.db)
		}
		threads := -1
		if e := db.Lookup(filepath.Join(root, tc.file)); e != nil {
			threads = e.Threads
		}
		if threads != tc.threads {
			t.Errorf("%s: THREADS %d, want %d", tc.file, threads, tc.threads)
		}
	}
	if _, err := f.For(filepath.Join(root, "broken/d.upc")); err == nil {
		t.Error("broken database: no error")
	}
}
