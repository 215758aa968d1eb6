package fixes

import (
	"context"
	"errors"
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// DefaultThreads are the THREADS counts Validate runs by default.
var DefaultThreads = []int{1, 2, 3, 4, 8}

// ValidateOptions configure Validate.
type ValidateOptions struct {
	// Config is the front-end configuration of the file (include
	// directories, macros, static THREADS).
	Config grammar.Config
	// Main is a file with the program's main function, compiled with the
	// fixed file when that has none ("" if it has one).
	Main string
	// Threads are the THREADS counts to run (DefaultThreads if empty;
	// only the static count under static THREADS).
	Threads []int
	// Args are the program's arguments.
	Args []string
	// Timeout limits each run (default 60s).
	Timeout time.Duration
	// Net is the network model of the statistics (nil: runtime.DefaultNet).
	Net *runtime.NetModel
	// CC and CacheDir are passed to runtime.Build.
	CC, CacheDir string
}

// Comm is the communication of one run, from the runtime's statistics.
type Comm struct {
	Threads     int           `json:"threads"`
	RemoteOps   uint64        `json:"remote_ops"`
	RemoteBytes uint64        `json:"remote_bytes"`
	Modeled     time.Duration `json:"modeled_ns"`
}

// Mismatch is the first difference between the original and the fixed
// program.
type Mismatch struct {
	Threads  int    // the THREADS count
	Thread   int    // the UPC thread (-1: the launcher's exit status or a report)
	Line     int    // 1-based line of the thread's output (0: exit status)
	Original string // the original program's line or status
	Fixed    string
}

func (m *Mismatch) String() string {
	if m.Line == 0 {
		return fmt.Sprintf("THREADS=%d thread %d: exit status %s (original) vs %s (fixed)",
			m.Threads, m.Thread, m.Original, m.Fixed)
	}
	return fmt.Sprintf("THREADS=%d thread %d output line %d: %q (original) vs %q (fixed)",
		m.Threads, m.Thread, m.Line, m.Original, m.Fixed)
}

// Validation is the outcome of running the original and the fixed
// program.
type Validation struct {
	OK       bool
	Threads  []int     // the THREADS counts run
	Mismatch *Mismatch // the first difference, when !OK and both ran
	Err      error     // a failure to translate, build or run, when !OK
	// Before and After are the communication of the original and the
	// fixed program with the largest THREADS count.
	Before, After Comm
	Net           runtime.NetModel
}

// Saved returns the remote operations, bytes and modeled time the fix
// saves (negative if it costs more).
func (v *Validation) Saved() (ops, bytes int64, modeled time.Duration) {
	return int64(v.Before.RemoteOps) - int64(v.After.RemoteOps),
		int64(v.Before.RemoteBytes) - int64(v.After.RemoteBytes), v.Before.Modeled - v.After.Modeled
}

// Validate translates, builds and runs the original and the fixed text of
// path with every THREADS count and compares each thread's output and exit
// status. It returns a Validation whose OK is false when they differ or
// when a version could not be built or run (then Err says why); the error
// result is reserved for a cancelled ctx.
func Validate(ctx context.Context, path string, original, fixed []byte, opts ValidateOptions) (*Validation, error) {
	v := &Validation{Net: runtime.DefaultNet}
	if opts.Net != nil {
		v.Net = *opts.Net
	}
	threads := opts.Threads
	if len(threads) == 0 {
		threads = DefaultThreads
	}
	if opts.Config.StaticThreads > 0 {
		threads = []int{opts.Config.StaticThreads}
	}
	v.Threads = threads
	fail := func(err error) (*Validation, error) {
		v.Err = err
		if ctx.Err() != nil {
			return v, ctx.Err()
		}
		return v, nil
	}
	binOrig, err := buildVersion(ctx, path, original, opts)
	if err != nil {
		return fail(fmt.Errorf("original: %w", err))
	}
	binFixed, err := buildVersion(ctx, path, fixed, opts)
	if err != nil {
		return fail(fmt.Errorf("fixed: %w", err))
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = time.Minute
	}
	for _, n := range threads {
		ro := runtime.Options{Threads: n, Args: opts.Args, Timeout: timeout, Net: opts.Net}
		a, err := runtime.Run(ctx, binOrig, ro)
		if err != nil {
			return fail(fmt.Errorf("original, THREADS=%d: %w", n, err))
		}
		b, err := runtime.Run(ctx, binFixed, ro)
		if err != nil {
			return fail(fmt.Errorf("fixed, THREADS=%d: %w", n, err))
		}
		if m := compareRuns(n, a, b); m != nil {
			v.Mismatch = m
			return v, nil
		}
		v.Before, v.After = comm(n, a.Stats), comm(n, b.Stats)
	}
	v.OK = true
	return v, nil
}

func comm(n int, s *runtime.Stats) Comm {
	c := Comm{Threads: n}
	if s == nil {
		return c
	}
	t := s.Total
	c.RemoteOps = t.RemoteOps()
	c.RemoteBytes = t.RemoteReadBytes + t.RemoteWriteBytes + t.BulkRemoteBytes
	c.Modeled = s.Modeled()
	return c
}

// compareRuns returns the first difference between two runs with n
// threads: per thread, the output line by line, then the exit status;
// then the launcher's status and its fatal report.
func compareRuns(n int, a, b *runtime.Result) *Mismatch {
	for th := 0; th < max(len(a.Threads), len(b.Threads)); th++ {
		var ta, tb runtime.ThreadResult
		if th < len(a.Threads) {
			ta = a.Threads[th]
		}
		if th < len(b.Threads) {
			tb = b.Threads[th]
		}
		la, lb := lines(ta.Stdout), lines(tb.Stdout)
		for i := 0; i < max(len(la), len(lb)); i++ {
			var x, y string
			if i < len(la) {
				x = la[i]
			} else {
				x = "<end of output>"
			}
			if i < len(lb) {
				y = lb[i]
			} else {
				y = "<end of output>"
			}
			if x != y {
				return &Mismatch{Threads: n, Thread: th, Line: i + 1, Original: x, Fixed: y}
			}
		}
		if sa, sb := status(ta), status(tb); sa != sb {
			return &Mismatch{Threads: n, Thread: th, Original: sa, Fixed: sb}
		}
	}
	ra, rb := report(a), report(b)
	if a.Status != b.Status || ra != rb {
		return &Mismatch{Threads: n, Thread: -1,
			Original: strconv.Itoa(a.Status) + ra, Fixed: strconv.Itoa(b.Status) + rb}
	}
	return nil
}

func lines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func status(t runtime.ThreadResult) string {
	if t.Signal != "" {
		return t.Signal
	}
	return strconv.Itoa(t.ExitCode)
}

func report(r *runtime.Result) string {
	if f := r.Fatal(); f != nil {
		return " (" + f.Kind + ")"
	}
	return ""
}

// buildVersion translates src as the text of path (with opts.Main when
// path has no main function) and builds the program.
func buildVersion(ctx context.Context, path string, src []byte, opts ValidateOptions) (string, error) {
	cfg := opts.Config
	read := cfg.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	cfg.ReadFile = func(name string) ([]byte, error) {
		if name == path {
			return src, nil
		}
		return read(name)
	}
	u := grammar.Load(gotoken.NewFileSet(), path, src, &cfg)
	code, err := translate.Translate(u, translate.Options{Source: src, ReadFile: cfg.ReadFile})
	if err != nil {
		return "", err
	}
	srcs := []runtime.Source{{Name: cName(path), Code: code}}
	if !hasMain(u) {
		if opts.Main == "" || samePath(opts.Main, path) {
			return "", errors.New("no main function (give the file that has it with --validate-main)")
		}
		mc, _, err := translate.TranslateFile(opts.Main, &opts.Config, translate.Options{})
		if err != nil {
			return "", err
		}
		srcs = append(srcs, runtime.Source{Name: "main_" + cName(opts.Main), Code: mc})
	}
	return runtime.Build(ctx, srcs, runtime.BuildOptions{CC: opts.CC, StaticThreads: cfg.StaticThreads, CacheDir: opts.CacheDir})
}

func samePath(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

func cName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".c"
}

// hasMain reports whether u defines main.
func hasMain(u *grammar.Unit) bool {
	if u == nil || u.Info == nil {
		return false
	}
	for _, fd := range u.Info.Funcs {
		if fd.Obj != nil && fd.Obj.Name() == "main" {
			return true
		}
	}
	return false
}

// ValidateResult validates the fixes of r (see Validate) and reverts them
// when the programs differ or could not be run: a file keeps its fixes
// only when every THREADS count gives every thread the same output and
// exit status. r.Validation records the outcome. Unchanged files are not
// run.
func ValidateResult(ctx context.Context, r *FileResult, opts ValidateOptions) error {
	if r.Err != nil || !r.Changed() {
		return nil //nolint:nilerr // r.Err is the file's own failure, already reported with it
	}
	v, err := Validate(ctx, r.Path, r.Original, r.Fixed, opts)
	r.Validation = v
	if v != nil && !v.OK {
		r.Revert()
	}
	return err
}
