// Package buildinfo reads a compilation database, compile_commands.json
// (the JSON Compilation Database format written by CMake, Bear and
// others), and extracts from each entry what the UPC front end needs: the
// include directories, macro definitions and undefinitions, and the static
// THREADS count.
//
// Command lines of upcc (Berkeley UPC), gupc, clang-upc and plain cc/gcc/
// clang are understood, also behind ccache, sccache, distcc or icecc:
//
//	-I dir, -Idir, -isystem dir, -iquote dir, -idirafter dir   include directories
//	-D name[=value], -Dname, -U name, -Uname                      macros
//	-T N, -T=N, -TN (UPC compilers), -fupc-threads-N, -fupc-threads=N      static THREADS
//	-n N (upcc, gupc)                                              static THREADS
//
// Other options are ignored; the arguments of options that take one (-o,
// -MF, -x, -include, ...) are skipped. Relative paths are resolved against
// the entry's "directory".
package buildinfo

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FileName is the name of a compilation database.
const FileName = "compile_commands.json"

// Entry is the front-end configuration of one file of the database.
type Entry struct {
	File     string   // absolute, cleaned
	Dir      string   // the working directory of the command
	Compiler string   // base name of the command's first word
	Include  []string // absolute include directories, in command-line order
	Define   []string // name or name=value
	Undefine []string
	Threads  int // static THREADS; 0 for dynamic
}

// Key identifies the front-end settings of the entry (files with equal keys
// can be analysed with the same options).
func (e *Entry) Key() string {
	if e == nil {
		return ""
	}
	return fmt.Sprintf("%q|%q|%q|%d", e.Include, e.Define, e.Undefine, e.Threads)
}

// UPCCompiler reports whether the entry's command runs a UPC compiler.
func (e *Entry) UPCCompiler() bool { return isUPCCompiler(e.Compiler) }

func isUPCCompiler(name string) bool {
	return strings.HasPrefix(name, "upcc") || strings.Contains(name, "gupc") ||
		strings.Contains(name, "clang-upc") || name == "upc"
}

// DB is a loaded compilation database.
type DB struct {
	Path    string
	entries map[string]*Entry
	order   []*Entry
}

type rawEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
}

// Load reads dir/compile_commands.json, or dir itself when it names a
// .json file.
func Load(dir string) (*DB, error) {
	path := dir
	if st, err := os.Stat(dir); err != nil && !strings.HasSuffix(dir, ".json") || err == nil && st.IsDir() {
		path = filepath.Join(dir, FileName)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses the contents of the database at path. Relative "directory"
// values are taken relative to the database's directory.
func Parse(path string, data []byte) (*DB, error) {
	var raw []rawEntry
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: not a compilation database: %w", path, err)
	}
	base, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	db := &DB{Path: path, entries: map[string]*Entry{}}
	for i, r := range raw {
		args := r.Arguments
		if len(args) == 0 {
			if args, err = SplitCommand(r.Command); err != nil {
				return nil, fmt.Errorf("%s: entry %d: %w", path, i+1, err)
			}
		}
		if r.File == "" || len(args) == 0 {
			return nil, fmt.Errorf("%s: entry %d: needs \"file\" and \"arguments\" or \"command\"", path, i+1)
		}
		dir := r.Directory
		if dir == "" {
			dir = base
		} else if !filepath.IsAbs(dir) {
			dir = filepath.Join(base, dir)
		}
		e := ParseCommand(args, dir)
		e.File = abs(dir, r.File)
		if _, dup := db.entries[e.File]; dup {
			continue // the first command of a file wins, as in clang tools
		}
		db.entries[e.File] = e
		db.order = append(db.order, e)
	}
	return db, nil
}

func abs(dir, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p)
}

// Lookup returns the entry of the source file path, or nil.
func (db *DB) Lookup(path string) *Entry {
	if db == nil {
		return nil
	}
	a, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	return db.entries[filepath.Clean(a)]
}

// Entries returns the entries in database order, one per file.
func (db *DB) Entries() []*Entry { return db.order }

// optionsWithArg are the options (of gcc, clang, upcc and gupc) whose
// argument is the next word when not attached.
var optionsWithArg = map[string]bool{
	"-o": true, "-MF": true, "-MT": true, "-MQ": true, "-x": true, "-include": true, "-imacros": true,
	"-isysroot": true, "--sysroot": true, "-target": true, "--target": true, "-arch": true,
	"-Xclang": true, "-Xlinker": true, "-Xpreprocessor": true, "-Xassembler": true, "-L": true,
	"-l": true, "-aux-info": true,
}

// launchers are the programs that run a compiler given as their first
// argument.
var launchers = map[string]bool{"ccache": true, "sccache": true, "distcc": true, "icecc": true, "buildcache": true}

// ParseCommand extracts the front-end settings from a command line (its
// first word is the compiler, possibly after a launcher such as ccache)
// run in directory dir.
func ParseCommand(args []string, dir string) *Entry {
	e := &Entry{Dir: dir}
	// A compiler launcher (CMAKE_<LANG>_COMPILER_LAUNCHER, "ccache upcc
	// ...") runs the compiler that follows it.
	for len(args) > 1 && launchers[filepath.Base(args[0])] {
		args = args[1:]
	}
	if len(args) == 0 {
		return e
	}
	e.Compiler = filepath.Base(args[0])
	upc := isUPCCompiler(e.Compiler)
	upcc := strings.HasPrefix(e.Compiler, "upcc")
	threads := func(s string) {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			e.Threads = n
		}
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		next := func() (string, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return "", false
		}
		// value returns the argument of option opt, attached ("-Idir",
		// "-T=4" when eq) or the next word.
		value := func(opt string, eq bool) (string, bool) {
			rest := a[len(opt):]
			if eq {
				rest = strings.TrimPrefix(rest, "=")
			}
			if rest != "" {
				return rest, true
			}
			return next()
		}
		switch {
		case a == "-c" || !strings.HasPrefix(a, "-"):
			// compile only; positional arguments (the source file)
		case strings.HasPrefix(a, "-isystem"), strings.HasPrefix(a, "-iquote"), strings.HasPrefix(a, "-idirafter"):
			opt := "-isystem"
			if strings.HasPrefix(a, "-iquote") {
				opt = "-iquote"
			} else if strings.HasPrefix(a, "-idirafter") {
				opt = "-idirafter"
			}
			if v, ok := value(opt, false); ok {
				e.Include = append(e.Include, abs(dir, v))
			}
		case strings.HasPrefix(a, "-I"):
			if v, ok := value("-I", false); ok {
				e.Include = append(e.Include, abs(dir, v))
			}
		case strings.HasPrefix(a, "-D"):
			if v, ok := value("-D", false); ok {
				e.Define = append(e.Define, v)
			}
		case strings.HasPrefix(a, "-U"):
			if v, ok := value("-U", false); ok {
				e.Undefine = append(e.Undefine, v)
			}
		case strings.HasPrefix(a, "-fupc-threads-"):
			threads(strings.TrimPrefix(a, "-fupc-threads-"))
		case strings.HasPrefix(a, "-fupc-threads="):
			threads(strings.TrimPrefix(a, "-fupc-threads="))
		case strings.HasPrefix(a, "-T"):
			// THREADS for a UPC compiler; a linker script for cc.
			if v, ok := value("-T", true); ok && upc {
				threads(v)
			}
		case a == "-n" && (upcc || upc):
			if v, ok := next(); ok {
				threads(v)
			}
		case optionsWithArg[a]:
			next()
		}
	}
	return e
}

// SplitCommand splits a shell command line into words as a POSIX shell
// would, without expansions: single quotes keep everything literally,
// double quotes keep everything but \" \\ \$ \` and a backslash-newline,
// and a backslash outside quotes escapes the next character.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '\t', '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case '\\':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++ // a continued line, not a word
				continue
			}
			inWord = true
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
		case '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in command %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case '"':
			inWord = true
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0 {
					i++
					if s[i] == '\n' {
						continue
					}
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated \" in command %q", s)
			}
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// Finder finds the compilation database of a source file without -p, as
// clangd does: in the file's directory and each directory above it, the
// first compile_commands.json found in the directory itself or in its
// build/ subdirectory. Results are cached per directory; a Finder is not
// safe for concurrent use.
type Finder struct {
	dirs map[string]*DB   // directory -> the database that covers it, or nil
	dbs  map[string]*DB   // database path -> loaded database
	errs map[string]error // database path -> why it could not be loaded
}

// NewFinder returns an empty Finder.
func NewFinder() *Finder {
	return &Finder{dirs: map[string]*DB{}, dbs: map[string]*DB{}, errs: map[string]error{}}
}

// For returns the database that covers the source file path, or nil when
// no directory above it has one. A database that exists but cannot be
// read or parsed is an error.
func (f *Finder) For(path string) (*DB, error) {
	a, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	var walked []string
	dir := filepath.Dir(a)
	var db *DB
	for {
		if d, ok := f.dirs[dir]; ok {
			db = d
			break
		}
		walked = append(walked, dir)
		if db, err = f.load(dir); err != nil || db != nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if err != nil {
		return nil, err
	}
	for _, d := range walked {
		f.dirs[d] = db
	}
	return db, nil
}

// load returns the database of dir (dir/compile_commands.json, else
// dir/build/compile_commands.json), or nil when it has none.
func (f *Finder) load(dir string) (*DB, error) {
	for _, p := range []string{filepath.Join(dir, FileName), filepath.Join(dir, "build", FileName)} {
		if db, ok := f.dbs[p]; ok {
			return db, f.errs[p]
		}
		st, err := os.Stat(p)
		if err != nil || st.IsDir() {
			continue
		}
		data, err := os.ReadFile(p)
		var db *DB
		if err == nil {
			db, err = Parse(p, data)
		}
		f.dbs[p], f.errs[p] = db, err
		return db, err
	}
	return nil, nil
}
