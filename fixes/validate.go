package fixes

import (
	"bytes"
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
	// Sources are the program's other translation units (its build lists
	// several files), translated and linked with the fixed one's.
	Sources []string
	// Unit, when set, is the file that includes the fixed one: it is the
	// translation unit built, with the fixed file's text in its place.
	Unit string
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
	// Backend is the runtime to validate on (runtime.BackendSMP by default).
	Backend string
	// MaxRevalidations bounds the extra validations of ValidateResult
	// (DefaultMaxRevalidations if 0).
	MaxRevalidations int
	// MaskPatterns are regular expressions naming more output clauses
	// whose numbers may differ because they report a time or a rate (see
	// Mask); ExactOutput leaves out DefaultMask.
	MaskPatterns []string
	ExactOutput  bool
	// AllowCostlier keeps a fixed program that communicates more than
	// the original (a collective, whose gain over a loop over THREADS
	// shows only beyond the counts run). Without it such a fix fails.
	AllowCostlier bool
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

// Costlier is a fixed program that communicates more than the original:
// more remote operations, more remote bytes or a longer modeled
// communication time with one THREADS count, or, when the original's
// communication depends on its schedule, more on the lines the fix
// changes (see ScheduleVerdict).
type Costlier struct {
	Before, After Comm
	// Schedule is set when the original's communication depends on its
	// schedule: the changed lines decided.
	Schedule *ScheduleVerdict
}

func (c *Costlier) String() string {
	if c.Schedule != nil {
		return c.Schedule.String()
	}
	var parts []string
	b, a := c.Before, c.After
	if a.RemoteOps > b.RemoteOps {
		parts = append(parts, fmt.Sprintf("remote ops %d → %d (%s)", b.RemoteOps, a.RemoteOps, growth(float64(b.RemoteOps), float64(a.RemoteOps), "")))
	}
	if a.RemoteBytes > b.RemoteBytes {
		parts = append(parts, fmt.Sprintf("bytes %d → %d (%s)", b.RemoteBytes, a.RemoteBytes, growth(float64(b.RemoteBytes), float64(a.RemoteBytes), "")))
	}
	if a.Modeled > b.Modeled {
		parts = append(parts, fmt.Sprintf("modeled %v → %v (%s)", b.Modeled, a.Modeled, growth(float64(b.Modeled), float64(a.Modeled), (a.Modeled-b.Modeled).String())))
	}
	return fmt.Sprintf("THREADS=%d: communicates more than the original: %s", a.Threads, strings.Join(parts, ", "))
}

// growth says by how much after exceeds before: the difference (diff if
// given) and the ratio when before is not zero.
func growth(before, after float64, diff string) string {
	if diff == "" {
		diff = strconv.FormatFloat(after-before, 'f', -1, 64)
	}
	if before == 0 {
		return "+" + diff
	}
	return fmt.Sprintf("+%s, %.2fx", diff, after/before)
}

// costlier returns the increase of after over before, nil if after
// communicates no more in operations, bytes and modeled time.
func costlier(before, after Comm) *Costlier {
	if after.RemoteOps > before.RemoteOps || after.RemoteBytes > before.RemoteBytes || after.Modeled > before.Modeled {
		return &Costlier{Before: before, After: after}
	}
	return nil
}

// Validation is the outcome of running the original and the fixed
// program.
type Validation struct {
	OK       bool
	Threads  []int     // the THREADS counts run
	Mismatch *Mismatch // the first difference, when !OK and both ran
	// Costlier is set when the outputs match but the fixed program
	// communicates more with one of the THREADS counts (then !OK).
	Costlier *Costlier
	// Schedule are the THREADS counts whose original communicated
	// differently in two runs, where the changed lines decided (see
	// ScheduleVerdict).
	Schedule []*ScheduleVerdict
	// Masked are the output lines that differed only in the numbers of
	// a time or a rate (see Mask).
	Masked []Masked
	Err    error // a failure to translate, build or run, when !OK
	// Before and After are the communication of the original and the
	// fixed program with the largest THREADS count.
	Before, After Comm
	Net           runtime.NetModel
	// Runs is the number of validations ValidateResult made for the file
	// (1 when all its fixes passed together).
	Runs int
	// before and after are the statistics behind Before and After.
	before, after *runtime.Stats
}

// Reason says in one line why the validation failed ("" if it passed):
// the first differing output line or exit status, else the first
// compiler error or the first line of the failure.
func (v *Validation) Reason() string {
	switch {
	case v.OK:
		return ""
	case v.Mismatch != nil:
		return v.Mismatch.String()
	case v.Costlier != nil:
		return v.Costlier.String()
	case v.Err == nil:
		return "not run"
	}
	msg := v.Err.Error()
	first, _, _ := strings.Cut(msg, "\n")
	for i, line := range strings.Split(msg, "\n") {
		if strings.Contains(line, "error:") {
			if i > 0 { // the first line names the version: keep its name
				prefix, _, _ := strings.Cut(first, ":")
				first = prefix + ": " + strings.TrimSpace(line)
			}
			break
		}
	}
	if r := []rune(first); len(r) > 200 {
		first = string(r[:200]) + "…"
	}
	return first
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
	return newValidator(path, original, opts).validate(ctx, fixed)
}

// validator validates several fixed versions of one original, which it
// builds and runs once.
type validator struct {
	path     string
	original []byte
	opts     ValidateOptions
	threads  []int
	net      runtime.NetModel
	built    bool
	bin      string
	buildErr error
	runs     map[int]*runtime.Result // the original's runs by THREADS count
	runErr   map[int]error
	mask     *Mask

	// again holds the original's runs after its first, by THREADS count
	// (see compare).
	again map[int][]*runtime.Result
}

func newValidator(path string, original []byte, opts ValidateOptions) *validator {
	vd := &validator{path: path, original: original, opts: opts, net: runtime.DefaultNet,
		runs: map[int]*runtime.Result{}, runErr: map[int]error{}}
	if opts.Net != nil {
		vd.net = *opts.Net
	}
	vd.threads = opts.Threads
	if len(vd.threads) == 0 {
		vd.threads = DefaultThreads
	}
	if opts.Config.StaticThreads > 0 {
		vd.threads = []int{opts.Config.StaticThreads}
	}
	if vd.opts.Timeout <= 0 {
		vd.opts.Timeout = time.Minute
	}
	// New and the configuration checked the patterns: a bad one here
	// (an API caller's) masks nothing rather than everything.
	vd.mask, _ = NewMask(opts.ExactOutput, opts.MaskPatterns...)
	return vd
}

// originalFailed reports whether the original itself could not be built
// or run (then no fixed version can be validated).
func (vd *validator) originalFailed() bool {
	if vd.buildErr != nil {
		return true
	}
	for _, err := range vd.runErr {
		if err != nil {
			return true
		}
	}
	return false
}

func (vd *validator) runOriginal(ctx context.Context, n int) (*runtime.Result, error) {
	if !vd.built {
		vd.bin, vd.buildErr = buildVersion(ctx, vd.path, vd.original, vd.opts)
		vd.built = ctx.Err() == nil
	}
	if vd.buildErr != nil {
		return nil, fmt.Errorf("original: %w", vd.buildErr)
	}
	if r, ok := vd.runs[n]; ok {
		return r, vd.runErr[n]
	}
	r, err := vd.run(ctx, vd.bin, vd.runOptions(n))
	switch {
	case err != nil:
		err = fmt.Errorf("original, THREADS=%d: %w", n, err)
	case r.TimedOut:
		// What it printed before is no reference: a fixed program
		// stopped at the same point would compare equal.
		err = fmt.Errorf("original, THREADS=%d: timed out after %v", n, vd.opts.Timeout)
	}
	if ctx.Err() == nil {
		vd.runs[n], vd.runErr[n] = r, err
	}
	return r, err
}

// run runs bin with ro in a scratch directory of its own whose entries
// are links to those of the working directory: the program reads its input
// files as from there, and the files it creates (an output file, a
// benchmark's results) go to the scratch directory, removed after the run,
// instead of into the user's directory, where the runs of the original and
// of the fixed program would write them in turn. A file that exists in the
// working directory and that the program opens for writing is written
// through its link, as a run there would.
func (vd *validator) run(ctx context.Context, bin string, ro runtime.Options) (*runtime.Result, error) {
	dir, err := os.MkdirTemp("", "upclint-validate-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }() // the links, not what they name
	wd := ro.Dir
	if wd == "" {
		wd, _ = os.Getwd()
	}
	if wd != "" {
		if ents, err := os.ReadDir(wd); err == nil {
			for _, e := range ents {
				_ = os.Symlink(filepath.Join(wd, e.Name()), filepath.Join(dir, e.Name()))
			}
		}
	}
	ro.Dir = dir
	return runtime.Run(ctx, bin, ro)
}

func (vd *validator) runOptions(n int) runtime.Options {
	return runtime.Options{Threads: n, Args: vd.opts.Args, Timeout: vd.opts.Timeout, Net: vd.opts.Net,
		Backend: vd.opts.Backend}
}

// fixedTimeout is the time a fixed program may run where the original
// run orig took orig.Wall: the timeout, and at least twice that, so that
// a loaded machine does not stop a fixed program that is no slower.
func (vd *validator) fixedTimeout(orig *runtime.Result) time.Duration {
	return max(vd.opts.Timeout, 2*orig.Wall)
}

func (vd *validator) validate(ctx context.Context, fixed []byte) (*Validation, error) {
	v := &Validation{Net: vd.net, Threads: vd.threads, Runs: 1}
	fail := func(err error) (*Validation, error) {
		v.Err = err
		if ctx.Err() != nil {
			return v, ctx.Err()
		}
		return v, nil
	}
	if _, err := vd.runOriginal(ctx, vd.threads[0]); err != nil && vd.buildErr != nil {
		return fail(err)
	}
	binFixed, err := buildVersion(ctx, vd.path, fixed, vd.opts)
	if err != nil {
		return fail(fmt.Errorf("fixed: %w", err))
	}
	var counts []*countRuns // the runs whose communication is compared
	for _, n := range vd.threads {
		a, err := vd.runOriginal(ctx, n)
		if err != nil {
			return fail(err)
		}
		ro := vd.runOptions(n)
		ro.Timeout = vd.fixedTimeout(a)
		b, err := vd.run(ctx, binFixed, ro)
		if err != nil {
			return fail(fmt.Errorf("fixed, THREADS=%d: %w", n, err))
		}
		if b.TimedOut {
			// Its output stops where it was stopped: a timeout, not a
			// difference in what the program prints.
			return fail(fmt.Errorf("fixed, THREADS=%d: timed out after %v (the original ran in %v)",
				n, ro.Timeout, a.Wall.Round(time.Millisecond)))
		}
		m, masked := vd.compare(ctx, n, a, b)
		v.Masked = append(v.Masked, masked...)
		if m != nil {
			v.Mismatch = m
			return v, nil
		}
		v.Before, v.After = comm(n, a.Stats), comm(n, b.Stats)
		v.before, v.after = a.Stats, b.Stats
		if a.Stats != nil && b.Stats != nil && !vd.opts.AllowCostlier {
			cr, err := vd.countRuns(ctx, n, a, b, binFixed)
			if err != nil {
				return fail(err)
			}
			if cr.costlier != nil && !cr.varies() && !mayPoll(a.Stats) {
				v.Costlier = cr.costlier // reproducible, and nothing polls
				return v, nil
			}
			counts = append(counts, cr)
		}
	}
	if c := vd.judgeCounts(v, counts, fixed); c != nil {
		v.Costlier = c
		return v, nil
	}
	v.OK = true
	return v, nil
}

// MaskedSummary says in one line which output lines the validation
// masked ("" if none).
func (v *Validation) MaskedSummary() string { return maskedSummary(v.Masked) }

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
// threads: per thread, the output line by line (lines equal under mask
// are returned as masked), then the exit status; then the launcher's
// status and its fatal report.
func compareRuns(n int, a, b *runtime.Result, mask *Mask) (*Mismatch, []Masked) {
	return compareVariants(n, []*runtime.Result{a}, b, mask)
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
		if name == path || opts.Unit != "" && samePath(name, path) {
			return src, nil
		}
		return read(name)
	}
	unitPath, unitSrc := path, src
	if opts.Unit != "" {
		var err error
		if unitSrc, err = read(opts.Unit); err != nil {
			return "", err
		}
		unitPath = opts.Unit
	}
	u := grammar.Load(gotoken.NewFileSet(), unitPath, unitSrc, &cfg)
	if err := translate.CheckFrontEnd(u); err != nil {
		return "", err
	}
	code, err := translate.Translate(u, translate.Options{Source: unitSrc, ReadFile: cfg.ReadFile})
	if err != nil {
		return "", err
	}
	path = unitPath
	srcs := []runtime.Source{{Name: cName(path), Code: code}}
	for _, s := range opts.Sources {
		if samePath(s, path) {
			continue
		}
		sc, su, err := translate.TranslateFile(s, &opts.Config, translate.Options{})
		if ferr := translate.CheckFrontEnd(su); ferr != nil {
			err = ferr
		}
		if err != nil {
			return "", err
		}
		srcs = append(srcs, runtime.Source{Name: "unit_" + cName(s), Code: sc})
	}
	if !hasMain(u) && len(opts.Sources) == 0 {
		if opts.Main == "" || samePath(opts.Main, path) {
			return "", errors.New("no main function (give the file that has it with --validate-main)")
		}
		mc, mu, err := translate.TranslateFile(opts.Main, &opts.Config, translate.Options{})
		if ferr := translate.CheckFrontEnd(mu); ferr != nil {
			err = ferr
		}
		if err != nil {
			return "", err
		}
		srcs = append(srcs, runtime.Source{Name: "main_" + cName(opts.Main), Code: mc})
	}
	return runtime.Build(ctx, srcs, runtime.BuildOptions{CC: opts.CC, StaticThreads: cfg.StaticThreads, CacheDir: opts.CacheDir,
		Backend: opts.Backend})
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

// DefaultMaxRevalidations bounds the extra validations ValidateResult
// makes for a file whose fixes fail together: each costs a build of the
// fixed program and its runs with every THREADS count (the original is
// built and run once per file).
const DefaultMaxRevalidations = 8

// ValidateResult validates the fixes of r (see Validate) and keeps those
// that pass: a fixed text is kept only when every THREADS count gives
// every thread the same output and exit status as the original. Unchanged
// files are not run.
//
// A fix whose own lines communicate more (see costlierFix) fails too,
// unless opts.AllowCostlier, even when the whole file communicates less.
//
// When the fixes fail together and r came from FixSource, the culprits
// are searched greedily: in the order they were applied, each fix is
// added to those kept so far, the file is fixed again with only that set
// (re-analysing round after round as FixSource does, so a fix that an
// earlier one enabled is re-derived) and the result is validated; the fix
// is kept if it passes and rejected, with the first differing output
// line, if not. A fix that cannot be applied without a rejected one is
// rejected too. At most opts.MaxRevalidations (DefaultMaxRevalidations if
// 0) extra validations are made: the fixes left when the budget is spent
// are rejected as not validated. When the original itself cannot be built
// or run, every fix is rejected. r.Validation is the validation of the
// kept text (or the failed one when nothing is kept), with Runs the
// number of validations made; per kept fix, Comm gives the communication
// of the lines it rewrites (see FixComm).
func ValidateResult(ctx context.Context, r *FileResult, opts ValidateOptions) error {
	if r.Err != nil || !r.Changed() {
		return nil //nolint:nilerr // r.Err is the file's own failure, already reported with it
	}
	vd := newValidator(r.Path, r.Original, opts)
	v, err := vd.validate(ctx, r.Fixed)
	r.Validation = v
	switch {
	case err != nil:
		r.reject(v.Reason())
		return err
	case v.OK:
		r.setComm(v)
		a := r.costlierFix()
		if a == nil || opts.AllowCostlier {
			return nil
		}
		if r.opts == nil || len(r.Applied) < 2 || !bytes.Equal(r.Fixed, r.derived) {
			r.reject(a.Comm.costlier())
			return nil
		}
		// the file communicates less, but one fix more than it replaces:
		// try the fixes one at a time, as for a failure
	case vd.originalFailed() || r.opts == nil || len(r.Applied) < 2 || !bytes.Equal(r.Fixed, r.derived):
		r.reject(v.Reason())
		return nil
	}
	budget := opts.MaxRevalidations
	if budget <= 0 {
		budget = DefaultMaxRevalidations
	}
	keep := map[string]bool{}
	var best *FileResult
	var bestV *Validation
	var rejected []Applied
	runs := 1
	for _, a := range r.Applied {
		if budget == 0 {
			a.Reason = fmt.Sprintf("not validated: the limit of %d extra validations per file was reached", opts.maxRevalidations())
			rejected = append(rejected, a)
			continue
		}
		try := map[string]bool{a.id: true}
		for id := range keep {
			try[id] = true
		}
		cand := fixSource(r.Path, r.Original, r.opts, try)
		if !cand.has(a.id) {
			a.Reason = "not applicable without the fixes rejected before it"
			rejected = append(rejected, a)
			continue
		}
		cv := v
		if !bytes.Equal(cand.Fixed, r.Fixed) { // the whole set is known to fail
			budget--
			runs++
			if cv, err = vd.validate(ctx, cand.Fixed); err != nil {
				r.reject(cv.Reason())
				return err
			}
		}
		if cv.OK {
			cand.setComm(cv)
			if c := cand.costlierFix(); c == nil || c.id != a.id || opts.AllowCostlier {
				keep, best, bestV = try, cand, cv
				continue
			} else {
				a.Reason = c.Comm.costlier()
			}
		} else {
			a.Reason = cv.Reason()
		}
		rejected = append(rejected, a)
	}
	if best == nil {
		r.Applied = rejected
		r.reject("")
		v.Runs = runs
		return nil
	}
	r.Fixed, r.Applied, r.Remaining, r.Rounds = best.Fixed, best.Applied, best.Remaining, best.Rounds
	r.Rejected = append(r.Rejected, rejected...)
	bestV.Runs = runs
	r.Validation = bestV
	r.setComm(bestV)
	return nil
}

func (o ValidateOptions) maxRevalidations() int {
	if o.MaxRevalidations > 0 {
		return o.MaxRevalidations
	}
	return DefaultMaxRevalidations
}

// has reports whether the fix named id was applied.
func (r *FileResult) has(id string) bool {
	for _, a := range r.Applied {
		if a.id == id {
			return true
		}
	}
	return false
}

// reject reverts the file's fixes, giving those without one the reason.
func (r *FileResult) reject(reason string) {
	for i := range r.Applied {
		if r.Applied[i].Reason == "" {
			r.Applied[i].Reason = reason
		}
	}
	r.Revert()
}
