package types_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/types"
)

// structDecls are laid out by both upclint and the system C compiler.
const structDecls = `
struct s1 { char c; int i; char d; };
struct s2 { char c; double d; short s; };
struct s3 { char a[3]; short b; long double ld; char z; };
struct s4 { unsigned a : 3, b : 5, c : 9; char d; };
struct s5 { char c; int x : 4; int : 0; char e; };
struct s6 { char c; long long b : 40; char z; };
struct s7 { int n; double d[]; };
struct s8 { char c; struct { short a; char b; } in; int t; };
union u1 { char c; int i; double d; char buf[13]; };
struct s9 { char c; union { int i; char b[5]; }; short t; };
struct s10 { _Bool b; char c; unsigned short us : 7; unsigned short vs : 10; };
struct s11 { char c; __int128 big; };
struct s12 { float _Complex fc; char c; double _Complex dc; };
struct s13 { char c; int *p; void (*fn)(int); };
struct s14 { char c; unsigned char x : 1; unsigned char : 3; unsigned char y : 6; };
struct s15 { char c; int arr[3][2]; char e; } __attribute__((packed));
struct s16 { char c; int i __attribute__((aligned(16))); };
struct s17 { short s; char c; } __attribute__((aligned(8)));
struct s18 { char a; long l : 3; char b; };
union u2 { int a : 3; long b : 40; char c; };
`

var layoutStructs = map[string][]string{
	"struct s1":  {"c", "i", "d"},
	"struct s2":  {"c", "d", "s"},
	"struct s3":  {"a", "b", "ld", "z"},
	"struct s4":  {"d"},
	"struct s5":  {"c", "e"},
	"struct s6":  {"c", "z"},
	"struct s7":  {"n", "d"},
	"struct s8":  {"c", "in", "t"},
	"union u1":   {"c", "i", "d", "buf"},
	"struct s9":  {"c", "i", "b", "t"},
	"struct s10": {"b", "c"},
	"struct s11": {"c", "big"},
	"struct s12": {"fc", "c", "dc"},
	"struct s13": {"c", "p", "fn"},
	"struct s14": {"c"},
	"struct s15": {"c", "arr", "e"},
	"struct s16": {"c", "i"},
	"struct s17": {"s", "c"},
	"struct s18": {"a", "b"},
	"union u2":   {"c"},
}

// TestStructLayoutMatchesCC compares sizes, alignments and member offsets
// with what the system C compiler computes (skipped without cc).
func TestStructLayoutMatchesCC(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no cc")
	}
	dir := t.TempDir()
	var prog strings.Builder
	prog.WriteString("#include <stdio.h>\n#include <stddef.h>\n" + structDecls + "int main(void) {\n")
	var names []string
	for name := range layoutStructs {
		names = append(names, name)
	}
	for _, name := range names {
		fmt.Fprintf(&prog, "printf(\"%s size %%zu align %%zu\\n\", sizeof(%s), _Alignof(%s));\n", name, name, name)
		for _, f := range layoutStructs[name] {
			fmt.Fprintf(&prog, "printf(\"%s.%s %%zu\\n\", offsetof(%s, %s));\n", name, f, name, f)
		}
	}
	prog.WriteString("return 0; }\n")
	src := filepath.Join(dir, "l.c")
	if err := os.WriteFile(src, []byte(prog.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "l")
	if out, err := exec.Command(cc, "-std=gnu11", "-o", exe, src).CombinedOutput(); err != nil {
		t.Skipf("cc failed: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		switch len(f) {
		case 5: // name name size N align M? ("struct s1 size 12 align 4")
		}
		if len(f) == 6 && f[2] == "size" {
			n, _ := strconv.ParseInt(f[3], 10, 64)
			a, _ := strconv.ParseInt(f[5], 10, 64)
			want[f[0]+" "+f[1]+" size"] = n
			want[f[0]+" "+f[1]+" align"] = a
		} else if len(f) == 3 {
			n, _ := strconv.ParseInt(f[2], 10, 64)
			want[f[0]+" "+f[1]] = n
		}
	}

	u := checkSrc(t, structDecls, 0)
	if e := u.errors(); len(e) > 0 {
		t.Fatalf("errors: %v", e)
	}
	for _, name := range names {
		kind, tag, _ := strings.Cut(name, " ")
		tg := u.info.FileScope.LookupTag(tag)
		if tg == nil {
			t.Errorf("%s: not declared", name)
			continue
		}
		r := tg.Type.(*types.Record)
		_ = kind
		size, _ := types.Sizeof(r)
		if w := want[name+" size"]; size != w {
			t.Errorf("sizeof(%s) = %d, cc says %d", name, size, w)
		}
		if w := want[name+" align"]; types.Alignof(r) != w {
			t.Errorf("alignof(%s) = %d, cc says %d", name, types.Alignof(r), w)
		}
		for _, f := range layoutStructs[name] {
			off, ok := fieldOffset(r, f)
			if !ok {
				t.Errorf("%s.%s: no such member", name, f)
				continue
			}
			if w := want[name+"."+f]; off != w {
				t.Errorf("offsetof(%s, %s) = %d, cc says %d", name, f, off, w)
			}
		}
	}
}

func fieldOffset(r *types.Record, name string) (int64, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Offset, true
		}
		if f.Name == "" {
			if sub, ok := types.Core(f.Type).(*types.Record); ok {
				if off, ok := fieldOffset(sub, name); ok {
					return f.Offset + off, true
				}
			}
		}
	}
	return 0, false
}

// TestSharedLayouts checks the layout of shared arrays and the
// thread/phase/offset of every element against a brute-force distribution.
func TestSharedLayouts(t *testing.T) {
	tests := []struct {
		decl      string
		block     int64 // for THREADS = 4 (static) / as declared
		indef     bool
		dims      string
		threadDim int
	}{
		{"shared int a[10*THREADS];", 1, false, "10*THREADS", 0},
		{"shared [3] int a[7*THREADS];", 3, false, "7*THREADS", 0},
		{"shared [5] double a[THREADS][6];", 5, false, "THREADS 6", 0},
		{"shared [4] char a[3][2*THREADS];", 4, false, "3 2*THREADS", 1},
		{"shared [] long a[17];", 0, true, "17", -1},
		{"shared [*] int a[9*THREADS];", 9, false, "9*THREADS", 0},
		{"typedef int R[5]; shared [2] R a[3*THREADS];", 2, false, "3*THREADS 5", 0},
		{"shared [6] struct { char c; double d; } a[2*THREADS];", 6, false, "2*THREADS", 0},
		{"shared int a;", 1, false, "", -1},
	}
	for _, tt := range tests {
		u := checkSrc(t, tt.decl, 0)
		if e := u.errors(); len(e) > 0 {
			t.Errorf("%s: errors %v", tt.decl, e)
			continue
		}
		if len(u.info.SharedVars) != 1 {
			t.Errorf("%s: %d shared vars", tt.decl, len(u.info.SharedVars))
			continue
		}
		l := u.info.Layouts[u.info.SharedVars[0]]
		var dims []string
		for _, d := range l.Dims {
			dims = append(dims, d.String())
		}
		if got := strings.Join(dims, " "); got != tt.dims {
			t.Errorf("%s: dims %q, want %q", tt.decl, got, tt.dims)
		}
		if l.ThreadsDim != tt.threadDim {
			t.Errorf("%s: THREADS in dimension %d, want %d", tt.decl, l.ThreadsDim, tt.threadDim)
		}
		if l.Block.Indefinite != tt.indef || (!tt.indef && l.BlockFor(4) != tt.block) {
			t.Errorf("%s: block %+v, want %d", tt.decl, l.Block, tt.block)
		}
		for _, threads := range []int{1, 2, 3, 4, 8} {
			b := l.BlockFor(threads)
			n := l.Total.For(threads)
			// brute force: deal blocks round-robin, count per-thread fill
			fill := make([]int64, threads)
			for i := int64(0); i < n; i++ {
				var th, ph, off int64
				if b == 0 {
					th, ph, off = 0, 0, i*l.ElemSize
				} else {
					th = (i / b) % int64(threads)
					ph = i % b
					off = fill[th] * l.ElemSize
					fill[th]++
				}
				gt, gp, go_ := l.Locate(i, threads)
				if gt != th || gp != ph || go_ != off {
					t.Fatalf("%s THREADS=%d element %d: got (%d,%d,%d), want (%d,%d,%d)", tt.decl, threads, i, gt, gp, go_, th, ph, off)
				}
			}
			var maxFill int64
			for _, f := range fill {
				if f > maxFill {
					maxFill = f
				}
			}
			if b > 0 && n > 0 {
				// LocalSize is a whole number of blocks covering the fullest thread
				if ls := l.LocalSize(threads); ls < maxFill*l.ElemSize || ls > (maxFill+b)*l.ElemSize {
					t.Errorf("%s THREADS=%d: LocalSize %d, fullest thread has %d bytes", tt.decl, threads, ls, maxFill*l.ElemSize)
				}
			}
		}
	}
}

func TestStaticThreadsLayout(t *testing.T) {
	u := checkSrc(t, "shared [*] int a[10]; shared [2] int b[3][5];", 3)
	if e := u.errors(); len(e) > 0 {
		t.Fatal(e)
	}
	la := u.info.Layouts[u.info.SharedVars[0]]
	if la.Block.Size != 4 || la.Total.For(3) != 10 {
		t.Errorf("a: block %d total %v", la.Block.Size, la.Total)
	}
	if th, ph, off := la.Locate(9, 3); th != 2 || ph != 1 || off != 4 {
		t.Errorf("a[9]: %d %d %d", th, ph, off)
	}
	if got := la.Var.Type().String(); got != "shared [4] int[10]" {
		t.Errorf("a has type %s", got)
	}
	lb := u.info.Layouts[u.info.SharedVars[1]]
	if th, ph, off := lb.Locate(13, 3); th != 0 || ph != 1 || off != 20 {
		t.Errorf("b[2][3]: %d %d %d", th, ph, off)
	}
}
