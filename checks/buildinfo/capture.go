package buildinfo

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/upclint/upclint/internal/atomicfile"
)

// Capture records the compile commands of a build into a compilation
// database, as Bear does, without needing the compilers: the build runs
// with a directory of recorders first on PATH, one per compiler name
// (Compilers). A recorder appends its command line to a log, then runs the
// real compiler of that name when one exists and otherwise succeeds
// (creating an empty object file for a -c compile), so that a project is
// captured on a machine without a UPC compiler. make is also given
// SHELL=<a recording shell>, which points the commands that call a
// compiler by a path ($(UPC)/upcc, whether or not it exists) at the
// recorder, so that they are recorded too.

// Compilers are the command names Capture records.
var Compilers = []string{"upcc", "upc", "gupc", "clang-upc", "cc", "gcc", "clang", "mpicc"}

// The recorders call the upclint executable with these first arguments.
const (
	RecordArg = "__capture-record"
	ShellArg  = "__capture-shell"
)

// Environment of the recorders.
const (
	envDir  = "UPCLINT_CAPTURE_DIR"  // the directory of the recorders and the log
	envReal = "UPCLINT_CAPTURE_REAL" // the path a command named the compiler by
)

const (
	logName   = "commands.jsonl"
	shellName = "upclint-capture-sh"
)

// record is one line of the log.
type record struct {
	Directory string   `json:"directory"`
	Arguments []string `json:"arguments"`
	// NoCompiler: no compiler of that name exists, the command was only
	// recorded; Faked lists the object files it created empty.
	NoCompiler bool     `json:"noCompiler,omitempty"`
	Faked      []string `json:"faked,omitempty"`
	DryRun     bool     `json:"-"` // printed by make -n, not run
}

// capturedEntry is an entry of the database Capture writes.
type capturedEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Arguments []string `json:"arguments"`
}

// CaptureOptions configure Capture.
type CaptureOptions struct {
	Self   string   // the upclint executable the recorders call
	Output string   // the database to write
	Args   []string // the build command
	// DryRun does not run the build: the compile commands are those that
	// make -n prints (the build command must be make).
	DryRun bool
	Stdout io.Writer
	Stderr io.Writer
}

// CaptureResult sums up a capture.
type CaptureResult struct {
	Commands int // compile commands recorded
	Files    int // entries written (one per source file and command)
	Faked    int // commands recorded without a compiler to run
	DryRun   int // commands read from make -n
	// BuildErr is the build command's failure, if any; the database is
	// written all the same.
	BuildErr error
}

// Capture runs the build command opts.Args with the recorders and writes
// the compile commands it ran into opts.Output. Its error is one that
// stops the capture (the build could not start, the database could not
// be written); a failed build is CaptureResult.BuildErr.
func Capture(ctx context.Context, opts CaptureOptions) (*CaptureResult, error) {
	if len(opts.Args) == 0 {
		return nil, errors.New("no build command (write upclint capture -- make ...)")
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	res := &CaptureResult{}
	var recs []record
	if opts.DryRun {
		if !isMake(opts.Args[0]) {
			return nil, fmt.Errorf("a dry run reads the commands make -n prints; %s is not make", opts.Args[0])
		}
		if recs, err = dryRun(ctx, opts.Args, wd, opts.Stderr); err != nil {
			return nil, err
		}
	} else if recs, err = runRecorded(ctx, opts, res); err != nil {
		return nil, err
	}
	if res.BuildErr != nil && isMake(opts.Args[0]) {
		// The build stopped at a failure: the commands make would have run
		// after it come from a dry run (-k goes on after failures).
		if more, err := dryRun(ctx, opts.Args, wd, io.Discard); err == nil {
			recs = appendNewFiles(recs, more)
		}
	}
	return res, writeDB(opts.Output, recs, res)
}

// appendNewFiles appends to recs the records of more that compile a
// source file no record of recs compiles.
func appendNewFiles(recs, more []record) []record {
	known := map[string]bool{}
	for _, r := range recs {
		for _, src := range sourceFiles(r.Arguments) {
			known[abs(r.Directory, src)] = true
		}
	}
	for _, r := range more {
		srcs := sourceFiles(r.Arguments)
		if len(srcs) > 0 && !slices.ContainsFunc(srcs, func(src string) bool { return known[abs(r.Directory, src)] }) {
			recs = append(recs, r)
		}
	}
	return recs
}

// runRecorded runs the build with the recorders and returns their
// records; a failed build is res.BuildErr.
func runRecorded(ctx context.Context, opts CaptureOptions, res *CaptureResult) ([]record, error) {
	dir, err := os.MkdirTemp("", "upclint-capture-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }() // a temporary directory
	self := shellQuote(opts.Self)
	for _, name := range Compilers {
		if err := writeScript(filepath.Join(dir, name), fmt.Sprintf("exec %s %s %s \"$@\"\n", self, RecordArg, name)); err != nil {
			return nil, err
		}
	}
	if err := writeScript(filepath.Join(dir, shellName), fmt.Sprintf("exec %s %s \"$@\"\n", self, ShellArg)); err != nil {
		return nil, err
	}
	args := slices.Clone(opts.Args)
	if isMake(args[0]) && !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "SHELL=") }) {
		args = slices.Insert(args, 1, "SHELL="+filepath.Join(dir, shellName))
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Stdin = os.Stdin
	cmd.Stdout, cmd.Stderr = opts.Stdout, opts.Stderr
	cmd.Env = append(withoutEnv(os.Environ(), "PATH", envDir, envReal),
		"PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), envDir+"="+dir)
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return nil, fmt.Errorf("running %s: %w", args[0], err)
		}
		res.BuildErr = err
	}
	return readLog(filepath.Join(dir, logName))
}

// writeDB writes the database of the compile commands of recs to path,
// atomically; when there is none, it keeps what path holds.
func writeDB(path string, recs []record, res *CaptureResult) error {
	var db []capturedEntry
	seen := map[string]bool{}
	for _, r := range recs {
		srcs := sourceFiles(r.Arguments)
		if len(srcs) == 0 {
			continue // a link or a query (cc --version)
		}
		res.Commands++
		if r.NoCompiler {
			res.Faked++
		}
		if r.DryRun {
			res.DryRun++
		}
		for _, src := range srcs {
			key := r.Directory + "\x00" + src + "\x00" + strings.Join(r.Arguments, "\x00")
			if seen[key] {
				continue
			}
			seen[key] = true
			db = append(db, capturedEntry{Directory: r.Directory, File: src, Arguments: r.Arguments})
		}
	}
	res.Files = len(db)
	if len(db) == 0 {
		// Keep a database a previous capture wrote: make may just have
		// found everything up to date.
		return nil
	}
	data, err := json.MarshalIndent(db, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'))
}

// isMake reports whether a build command runs GNU make, which takes
// SHELL=... on its command line for every recipe, also in sub-makes.
func isMake(cmd string) bool {
	b := filepath.Base(cmd)
	return b == "make" || b == "gmake"
}

func writeScript(path, body string) error {
	return os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755)
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withoutEnv returns env without the variables names.
func withoutEnv(env []string, names ...string) []string {
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.Contains(names, name)
	})
}

func readLog(path string) ([]record, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []record
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r record
		if json.Unmarshal(sc.Bytes(), &r) == nil && len(r.Arguments) > 0 {
			recs = append(recs, r)
		}
	}
	return recs, sc.Err()
}

// sourceExts are the extensions of the files a compile command compiles.
var sourceExts = []string{".c", ".upc", ".i", ".cc", ".cpp", ".cxx", ".C"}

// sourceFiles returns the source files of a compiler command line.
func sourceFiles(args []string) []string {
	upc := isUPCCompiler(filepath.Base(args[0]))
	var out []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case optionsWithArg[a], slices.Contains([]string{"-I", "-D", "-U", "-isystem", "-iquote", "-idirafter"}, a),
			upc && (a == "-T" || a == "-n"):
			i++
		case strings.HasPrefix(a, "-"):
		case slices.Contains(sourceExts, filepath.Ext(a)):
			out = append(out, a)
		}
	}
	return out
}

func hasCompileOnly(args []string) bool { return slices.Contains(args[1:], "-c") }

// objectOutputs returns the object files a -c compile writes: -o's
// argument, else each source's base name with .o.
func objectOutputs(args []string) []string {
	if !hasCompileOnly(args) {
		return nil
	}
	for i := 1; i+1 < len(args); i++ {
		if args[i] == "-o" {
			return []string{args[i+1]}
		}
	}
	var out []string
	for _, src := range sourceFiles(args) {
		out = append(out, strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))+".o")
	}
	return out
}

// Record is the recorder of compiler name, run with the compiler's
// arguments inside a capture: it logs the command, then runs the real
// compiler when there is one. Without one it creates the object files of
// a -c compile empty and succeeds. A real compiler that fails on object
// files a faked compile created succeeds too (the build goes on to record
// the rest). It returns the exit status.
func Record(name string, args []string) int {
	dir := os.Getenv(envDir)
	argv0 := name
	if p := os.Getenv(envReal); p != "" {
		argv0 = p
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "upclint capture:", err)
		return 1
	}
	rec := record{Directory: wd, Arguments: append([]string{argv0}, args...)}
	env := withoutEnv(os.Environ(), envDir, envReal, "PATH")
	env = append(env, "PATH="+pathWithout(os.Getenv("PATH"), dir))
	real := findCompiler(argv0, name, dir)
	if real == "" {
		rec.NoCompiler = true
		rec.Faked = objectOutputs(rec.Arguments)
		for _, o := range rec.Faked {
			if _, err := os.Stat(o); err != nil {
				if f, err := os.Create(o); err == nil {
					_ = f.Close() // an empty file; nothing was written
				}
			}
		}
		if err := appendLog(dir, rec); err != nil {
			fmt.Fprintln(os.Stderr, "upclint capture:", err)
			return 1
		}
		return 0
	}
	if err := appendLog(dir, rec); err != nil {
		fmt.Fprintln(os.Stderr, "upclint capture:", err)
		return 1
	}
	cmd := exec.Command(real, args...)
	cmd.Args[0] = argv0
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = env
	err = cmd.Run()
	if err == nil {
		return 0
	}
	code := 1
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() > 0 {
		code = ee.ExitCode()
	}
	if usesFaked(dir, wd, args) {
		fmt.Fprintf(os.Stderr, "upclint capture: %s failed on object files that were only recorded (no compiler made them); going on\n", name)
		return 0
	}
	return code
}

// findCompiler returns the compiler to run: the path the command named
// it by when that exists, else name on PATH outside the recorders'
// directory; "" when there is none.
func findCompiler(argv0, name, dir string) string {
	if strings.Contains(argv0, "/") {
		if st, err := os.Stat(argv0); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return argv0
		}
		return ""
	}
	for _, d := range filepath.SplitList(pathWithout(os.Getenv("PATH"), dir)) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// pathWithout returns the PATH list without dir.
func pathWithout(path, dir string) string {
	var keep []string
	for _, d := range filepath.SplitList(path) {
		if dir == "" || filepath.Clean(d) != filepath.Clean(dir) {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, string(os.PathListSeparator))
}

// appendLog appends rec to the log as one write, so that the records of
// parallel compiles (make -j) do not interleave.
func appendLog(dir string, rec record) error {
	if dir == "" {
		return fmt.Errorf("%s is not set: the recorder runs only inside upclint capture", envDir)
	}
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dir, logName), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// usesFaked reports whether args (run in wd) name an object file that a
// faked compile created.
func usesFaked(dir, wd string, args []string) bool {
	recs, err := readLog(filepath.Join(dir, logName))
	if err != nil {
		return false
	}
	faked := map[string]bool{}
	for _, r := range recs {
		for _, o := range r.Faked {
			faked[abs(r.Directory, o)] = true
		}
	}
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && faked[abs(wd, a)] {
			return true
		}
	}
	return false
}
