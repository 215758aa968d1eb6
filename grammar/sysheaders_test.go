package grammar

import (
	"bufio"
	"bytes"
	"fmt"
	gotoken "go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/grammar/types"
)

// gccEnv is what gcc itself uses to compile C: its predefined macros and
// its include search path.
type gccEnv struct {
	gcc     string
	defines []string
	dirs    []string
}

// findGCC asks gcc for its predefined macros and include directories.
func findGCC(t *testing.T) *gccEnv {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc is not installed")
	}
	env := &gccEnv{gcc: gcc}
	out, err := exec.Command(gcc, "-std=gnu11", "-dM", "-E", "-xc", os.DevNull).Output()
	if err != nil {
		t.Skipf("gcc -dM: %v", err)
	}
	define := regexp.MustCompile(`^#define (\S+) ?(.*)$`)
	for _, line := range strings.Split(string(out), "\n") {
		if m := define.FindStringSubmatch(line); m != nil {
			env.defines = append(env.defines, m[1]+"="+m[2])
		}
	}
	cmd := exec.Command(gcc, "-std=gnu11", "-E", "-v", "-xc", os.DevNull)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Skipf("gcc -v: %v", err)
	}
	in := false
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		switch line := sc.Text(); {
		case strings.HasPrefix(line, "#include <...> search starts here"):
			in = true
		case strings.HasPrefix(line, "End of search list"):
			in = false
		case in:
			env.dirs = append(env.dirs, strings.TrimSpace(line))
		}
	}
	return env
}

// loadSystem runs the front end on src as gcc would see it: gcc's macros
// and include path, and no bundled header.
func loadSystem(env *gccEnv, fset *gotoken.FileSet, name string, src []byte) diag.List {
	pp := cpp.Preprocess(fset, name, src, &cpp.Config{IncludeDirs: env.dirs, Defines: env.defines, Prefixes: cpp.NoPrefixCache})
	diags := pp.Diags
	file, pdiags := parser.ParseFile(fset, name, pp.Tokens)
	diags = append(diags, pdiags...)
	_, tdiags := types.Check(fset, file, &types.Config{Missing: pp.Missing, Partial: len(pdiags) > 0})
	diags = append(diags, tdiags...)
	diags.Sort()
	return diags
}

// systemHeaders lists the headers under root that a C program may include
// on its own: the top level and one directory down (sys/, openssl/,
// libxml2/libxml/ ...), except the kernel's and C++'s.
func systemHeaders(root string) []string {
	var hs []string
	skip := map[string]bool{"c++": true, "linux": true, "asm-generic": true, "llvm-14": true, "llvm-c-14": true, "node": true, "python3.11": true}
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return filepath.SkipDir // unreadable: leave it out
		}
		rel, _ := filepath.Rel(root, p)
		depth := strings.Count(rel, string(filepath.Separator))
		if d.IsDir() {
			if skip[rel] || depth > 2 {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".h") {
			rel = strings.TrimPrefix(rel, "x86_64-linux-gnu/")
			hs = append(hs, rel)
		}
		return nil
	})
	sort.Strings(hs)
	return slices.Compact(hs)
}

// sysUnit is one translation unit of the system corpus: a file, or a
// header included alone.
type sysUnit struct {
	name string // what the report calls it
	file string // where gcc reads it
	src  string
	dirs []string // -I of the unit
	// c: a C program, whose UPC keywords are identifiers (a header is
	// checked as a UPC unit that includes it)
	c bool
}

// cText makes src a C translation unit for upclint: UPC's keywords are
// identifiers in it (C code uses shared, strict, relaxed freely), as after
// Berkeley UPC's "#pragma upc c_code".
func cText(file, src string) string {
	return "#pragma upc c_code\n#line 1 \"" + file + "\"\n" + src
}

// runSystemCorpus checks every unit that gcc -fsyntax-only accepts and
// logs the rate of those that give upclint no error, with the most
// frequent first errors; it returns the rate.
func runSystemCorpus(t *testing.T, env *gccEnv, units []sysUnit) float64 {
	t.Helper()
	if only := os.Getenv("UPCLINT_SYSCORPUS"); only != "" {
		var keep []sysUnit
		re := regexp.MustCompile(only)
		for _, u := range units {
			if re.MatchString(u.name) {
				keep = append(keep, u)
			}
		}
		units = keep
	}
	type result struct {
		gccOK bool
		errs  []string
	}
	res := make([]result, len(units))
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				u := units[i]
				args := []string{"-std=gnu11", "-fsyntax-only", "-w"}
				for _, d := range u.dirs {
					args = append(args, "-I", d)
				}
				if exec.Command(env.gcc, append(args, u.file)...).Run() != nil {
					continue
				}
				res[i].gccOK = true
				fset := gotoken.NewFileSet()
				uenv := *env
				uenv.dirs = append(append([]string{filepath.Dir(u.file)}, u.dirs...), env.dirs...)
				src := u.src
				if u.c {
					src = cText(u.file, src)
				}
				for _, d := range loadSystem(&uenv, fset, u.file, []byte(src)) {
					if d.Severity == diag.Error {
						p := fset.Position(d.Pos)
						res[i].errs = append(res[i].errs, fmt.Sprintf("%s:%d:%d: %s [%s]", p.Filename, p.Line, p.Column, d.Message, d.Rule))
					}
				}
			}
		}()
	}
	for i := range units {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	total, clean := 0, 0
	causes := map[string]int{}
	for i, r := range res {
		if !r.gccOK {
			continue
		}
		total++
		if len(r.errs) == 0 {
			clean++
			continue
		}
		// the first error says what went wrong; the rest mostly follow
		msg := r.errs[0]
		if j := strings.Index(msg, ": "); j >= 0 {
			msg = msg[j+2:]
		}
		causes[msg]++
		if testing.Verbose() {
			t.Logf("%s: %s (%d errors)", units[i].name, r.errs[0], len(r.errs))
		}
	}
	type cause struct {
		msg string
		n   int
	}
	var cs []cause
	for m, n := range causes {
		cs = append(cs, cause{m, n})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].n > cs[j].n || cs[i].n == cs[j].n && cs[i].msg < cs[j].msg })
	for i, c := range cs {
		if i == 20 {
			break
		}
		t.Logf("%4d  %s", c.n, c.msg)
	}
	if total == 0 {
		t.Skip("gcc accepts none of the units")
	}
	rate := float64(clean) / float64(total)
	t.Logf("%d of %d units that gcc accepts give upclint no error (%.1f%%)", clean, total, 100*rate)
	return rate
}

// TestSystemHeaders parses the C headers of the system (glibc, GCC's own,
// and those of the libraries installed) as real GNU C written by others:
// a header that gcc -fsyntax-only accepts alone must give upclint no error
// either when a UPC unit includes it, with gcc's macros and include path
// and the bundled headers bypassed. UPCLINT_SYSCORPUS=regexp selects units
// by name.
func TestSystemHeaders(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: runs gcc on every header")
	}
	root := "/usr/include"
	if _, err := os.Stat(filepath.Join(root, "stdio.h")); err != nil {
		t.Skip("no system headers in /usr/include")
	}
	env := findGCC(t)
	dir := t.TempDir()
	var units []sysUnit
	for i, h := range systemHeaders(root) {
		file := filepath.Join(dir, fmt.Sprintf("u%d.c", i))
		src := fmt.Sprintf("#include <%s>\nint upclint_unit_marker;\n", h)
		if os.WriteFile(file, []byte(src), 0o644) != nil {
			t.Fatal("cannot write", file)
		}
		units = append(units, sysUnit{name: h, file: file, src: src})
	}
	if rate := runSystemCorpus(t, env, units); rate < sysHeadersMin {
		t.Errorf("rate %.3f below %.3f", rate, sysHeadersMin)
	}
}

// The rates the system corpus keeps. On Debian 12 with gcc 12 and the
// -dev packages of the development machine: 1301/1301 headers, 121/121
// programs; the margin is for other package sets.
const (
	sysHeadersMin = 0.995
	sysSourcesMin = 0.97
)

// TestSystemSources parses the C programs that come with the system
// (the examples of Debian's -dev packages, Go's cgo sources): each one
// gcc -fsyntax-only accepts must give upclint no error.
func TestSystemSources(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: runs gcc on every file")
	}
	env := findGCC(t)
	roots := []string{"/usr/share/doc", "/usr/share/vim", "/usr/share/libtool"}
	if goroot, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		roots = append(roots, filepath.Join(strings.TrimSpace(string(goroot)), "src"))
	}
	var units []sysUnit
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return filepath.SkipDir // unreadable: leave it out
			}
			if d.IsDir() || !strings.HasSuffix(p, ".c") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err == nil && len(src) < 1<<20 {
				units = append(units, sysUnit{name: p, file: p, src: string(src), dirs: sourceDirs, c: true})
			}
			return nil
		})
	}
	if len(units) == 0 {
		t.Skip("no C sources on the system")
	}
	if rate := runSystemCorpus(t, env, units); rate < sysSourcesMin {
		t.Errorf("rate %.3f below %.3f", rate, sysSourcesMin)
	}
}

// sourceDirs are the include directories of libraries whose headers are
// not on gcc's default path.
var sourceDirs = []string{"/usr/include/libxml2", "/usr/include/xmlsec1", "/usr/include/pmix", "/usr/include/openmpi"}
