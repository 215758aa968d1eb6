// Package runtime builds and runs translated UPC programs on the bundled
// UPC runtime.
//
// A translated program is C that includes upcr.h (see runtime/csrc and its
// CONTRACT.md). Build compiles the embedded runtime once per content hash
// and links each program against it, caching both in a content-addressed
// directory so that building an unchanged program costs a few hashes and a
// stat. Run starts the program's launcher with a number of threads,
// supervises it and returns each thread's output, the exit status, the
// runtime's error reports (deadlock, crash, barrier mismatch, ...) and the
// communication statistics.
package runtime

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/upclint/upclint/runtime/csrc"
)

// Source is one translated C file, or a header (Name ending in ".h") that
// the C files include with #include "Name".
type Source struct {
	Name string // file name used in compiler messages, e.g. "kernel.c"
	Code []byte
}

// BuildOptions control compilation.
type BuildOptions struct {
	// CC is the C compiler; empty means $CC, else "cc".
	CC string
	// StaticThreads > 0 compiles the program for static THREADS (THREADS
	// becomes that constant); it must then run with that many threads.
	StaticThreads int
	// CFlags are extra compiler flags for the program's sources (not the
	// runtime), e.g. "-DN=64".
	CFlags []string
	// CacheDir overrides the cache directory ($UPCLINT_CACHE, else
	// os.UserCacheDir()/upclint).
	CacheDir string
	// Backend selects the runtime implementation (BackendSMP, the
	// default, or BackendMPI, built with mpicc).
	Backend string
}

// BuildError is a compiler failure; Output holds the compiler's messages.
type BuildError struct {
	Cmd    string
	Output string
	Err    error
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("%s: %v\n%s", e.Cmd, e.Err, strings.TrimSpace(e.Output))
}

func (e *BuildError) Unwrap() error { return e.Err }

// Flags every runtime and program compilation uses.
var baseFlags = []string{"-std=gnu99", "-O2"}

// CacheDir returns the cache directory Build uses for opts.
func CacheDir(opts BuildOptions) (string, error) {
	if opts.CacheDir != "" {
		return opts.CacheDir, nil
	}
	if d := os.Getenv("UPCLINT_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set UPCLINT_CACHE): %w", err)
	}
	return filepath.Join(d, "upclint"), nil
}

func compiler(opts BuildOptions) string {
	if opts.CC != "" {
		return opts.CC
	}
	if opts.Backend == BackendMPI {
		return filesOf(BackendMPI).cc
	}
	if cc := os.Getenv("CC"); cc != "" {
		return cc
	}
	return "cc"
}

// ccIdentity names the compiler binary for cache keys: resolved path,
// size and modification time. It is memoized: a cached build must not
// pay for running the compiler.
var ccIDs sync.Map // string -> string

func ccIdentity(cc string) (string, error) {
	if id, ok := ccIDs.Load(cc); ok {
		return id.(string), nil
	}
	fields := strings.Fields(cc)
	if len(fields) == 0 {
		return "", errors.New("empty C compiler name")
	}
	path, err := exec.LookPath(fields[0])
	if err != nil {
		return "", fmt.Errorf("c compiler %q not found (set CC): %w", fields[0], err)
	}
	resolved, err := filepath.EvalSymlinks(path)
	if err != nil {
		resolved = path
	}
	fi, err := os.Stat(resolved)
	if err != nil {
		return "", err
	}
	id := fmt.Sprintf("%s|%s|%d|%d", cc, resolved, fi.Size(), fi.ModTime().UnixNano())
	ccIDs.Store(cc, id)
	return id, nil
}

// runtimeKey hashes the embedded runtime sources; computed once.
var runtimeKey = sync.OnceValue(func() string {
	h := sha256.New()
	for _, name := range csrc.Files() {
		b, err := csrc.Read(name)
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
})

func hashStrings(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// runtimeDir returns the cache directory holding the compiled runtime
// (include/ with the headers, and one object per .c file), building it
// if needed. Concurrent builders each compile into a private directory
// and rename it into place; the loser of the race discards its copy.
func runtimeDir(ctx context.Context, cache, cc, ccID, backend string) (string, error) {
	rf := filesOf(backend)
	dir := filepath.Join(cache, "rt-"+hashStrings(backendKey(backend), ccID, strings.Join(baseFlags, " ")))
	if exists(filepath.Join(dir, "ok")) {
		return dir, nil
	}
	// Within one process, concurrent builds wait for one compilation
	// instead of each compiling the runtime.
	mu, _ := rtBuildLocks.LoadOrStore(dir, new(sync.Mutex))
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()
	if exists(filepath.Join(dir, "ok")) {
		return dir, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(cache, "tmp-rt-")
	if err != nil {
		return "", err
	}
	defer func() { _ = os.RemoveAll(tmp) }() // best effort: a leftover is only disk space
	inc := filepath.Join(tmp, "include")
	if err := os.Mkdir(inc, 0o755); err != nil {
		return "", err
	}
	var objs []string
	for _, name := range rf.files() {
		b, err := rf.read(name)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(inc, name), b, 0o644); err != nil {
			return "", err
		}
	}
	args := append(strings.Fields(cc)[1:], baseFlags...)
	args = append(args, "-c", "-I", inc)
	for _, name := range rf.sources() {
		args = append(args, filepath.Join(inc, name))
		objs = append(objs, strings.TrimSuffix(name, ".c")+".o")
	}
	if err := runCC(ctx, tmp, strings.Fields(cc)[0], args); err != nil {
		return "", err
	}
	// The .c files are not needed after compilation; keep only headers.
	for _, name := range rf.sources() {
		_ = os.Remove(filepath.Join(inc, name)) // an extra file in the cache is harmless
	}
	if err := os.WriteFile(filepath.Join(tmp, "ok"), []byte(strings.Join(objs, "\n")), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Someone else finished first (the target exists and is not
		// empty): use theirs.
		if exists(filepath.Join(dir, "ok")) {
			return dir, nil
		}
		return "", err
	}
	return dir, nil
}

var rtBuildLocks sync.Map // runtime cache dir -> *sync.Mutex

func runCC(ctx context.Context, dir, cc string, args []string) error {
	cmd := exec.CommandContext(ctx, cc, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return &BuildError{Cmd: cc + " " + strings.Join(args, " "), Output: out.String(), Err: err}
	}
	return nil
}

// Build compiles the translated sources with the runtime and returns the
// path of the executable in the cache. The path is stable for the same
// inputs; callers must not modify or delete the file.
func Build(ctx context.Context, srcs []Source, opts BuildOptions) (string, error) {
	if len(srcs) == 0 {
		return "", errors.New("runtime.Build: no sources")
	}
	cache, err := CacheDir(opts)
	if err != nil {
		return "", err
	}
	cc := compiler(opts)
	ccID, err := ccIdentity(cc)
	if err != nil {
		return "", err
	}
	if err := ValidBackend(opts.Backend); err != nil {
		return "", err
	}
	parts := []string{backendKey(opts.Backend), ccID, strings.Join(baseFlags, " "), strings.Join(opts.CFlags, "\x00"),
		strconv.Itoa(opts.StaticThreads)}
	for _, s := range srcs {
		parts = append(parts, s.Name, string(s.Code))
	}
	key := hashStrings(parts...)
	bin := filepath.Join(cache, "bin", key)
	if exists(bin) {
		return bin, nil
	}
	rt, err := runtimeDir(ctx, cache, cc, ccID, opts.Backend)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Join(cache, "bin"), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(cache, "tmp-prog-")
	if err != nil {
		return "", err
	}
	defer func() { _ = os.RemoveAll(tmp) }() // best effort: a leftover is only disk space
	ccf := strings.Fields(cc)
	args := append(ccf[1:], baseFlags...)
	args = append(args, "-I", filepath.Join(rt, "include"))
	if opts.StaticThreads > 0 {
		args = append(args, "-DUPCR_STATIC_THREADS="+strconv.Itoa(opts.StaticThreads))
	}
	args = append(args, opts.CFlags...)
	// Headers share one quoted-include directory; being sources, they are
	// part of the cache key, so editing one rebuilds its programs.
	hdrs := filepath.Join(tmp, "hdr")
	if err := os.Mkdir(hdrs, 0o755); err != nil {
		return "", err
	}
	args = append(args, "-iquote", hdrs)
	for i, s := range srcs {
		name := filepath.Base(s.Name)
		if name == "." || name == "/" || name == "" {
			name = fmt.Sprintf("prog%d.c", i)
		}
		if strings.HasSuffix(name, ".h") {
			if err := os.WriteFile(filepath.Join(hdrs, name), s.Code, 0o644); err != nil {
				return "", err
			}
			continue
		}
		sub := filepath.Join(tmp, strconv.Itoa(i)) // distinct dirs keep equal names apart
		if err := os.Mkdir(sub, 0o755); err != nil {
			return "", err
		}
		p := filepath.Join(sub, name)
		if err := os.WriteFile(p, s.Code, 0o644); err != nil {
			return "", err
		}
		args = append(args, p)
	}
	objs, err := os.ReadFile(filepath.Join(rt, "ok"))
	if err != nil {
		return "", err
	}
	for _, o := range strings.Fields(string(objs)) {
		args = append(args, filepath.Join(rt, o))
	}
	out := filepath.Join(tmp, "a.out")
	args = append(args, "-o", out, "-lm")
	if err := runCC(ctx, tmp, ccf[0], args); err != nil {
		return "", err
	}
	if err := os.Rename(out, bin); err != nil {
		return "", err
	}
	return bin, nil
}

// BuildFiles reads translated C files from disk and builds them. A header
// that a file includes with #include "name.h" and that lies beside it is
// found as cc would find it: it is built along as a header Source.
func BuildFiles(ctx context.Context, paths []string, opts BuildOptions) (string, error) {
	var srcs []Source
	seen := map[string]bool{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return "", err
		}
		srcs = append(srcs, Source{Name: filepath.Base(p), Code: b})
		for _, m := range quotedInclude.FindAllSubmatch(b, -1) {
			h := filepath.Join(filepath.Dir(p), string(m[1]))
			if seen[h] {
				continue
			}
			seen[h] = true
			if hb, err := os.ReadFile(h); err == nil { // absent: a runtime header such as upcr.h
				srcs = append(srcs, Source{Name: string(m[1]), Code: hb})
			}
		}
	}
	return Build(ctx, srcs, opts)
}

var quotedInclude = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]+"([^"/]+\.h)"`)

// RuntimeSources writes the runtime's headers and C files to dir, for
// building by hand or inspecting.
func RuntimeSources(dir string) error {
	return fs.WalkDir(csrc.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := csrc.Read(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, path), b, 0o644)
	})
}
