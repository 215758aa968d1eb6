package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/internal/atomicfile"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// The seed kernels on the MPI backend: each kernel is fixed as by
// `upclint fix --unsafe`, the fix is validated on the MPI backend, and
// the original and the fixed program run under Open MPI over its
// transports (shared memory on one node; TCP with the point-to-point
// one-sided component), so that a fix's gain is measured on a real
// transport and not only in the network model.  The section of
// BENCHMARKS.md it renders sits between two markers and survives the
// regeneration of the rest of the document.

// MPITransport is one way of running the ranks.
type MPITransport struct {
	Name  string
	Flags []string // extra mpirun flags
}

// DefaultMPITransports are shared memory (Open MPI's default components
// on one node) and TCP.
var DefaultMPITransports = []MPITransport{
	{Name: "shared memory", Flags: nil},
	{Name: "TCP", Flags: []string{"--mca", "btl", "self,tcp", "--mca", "osc", "pt2pt"}},
}

// MPIConfig says what to measure on the MPI backend.
type MPIConfig struct {
	Threads    []int // THREADS counts (default 2, 4)
	Reps       int   // runs per version, count and transport (default 3)
	Transports []MPITransport
	Timeout    time.Duration // per run (default 2 minutes)
	Log        func(format string, args ...any)
}

func (c *MPIConfig) defaults() {
	if len(c.Threads) == 0 {
		c.Threads = []int{2, 4}
	}
	if c.Reps <= 0 {
		c.Reps = 3
	}
	if c.Transports == nil {
		c.Transports = DefaultMPITransports
	}
	if c.Timeout <= 0 {
		c.Timeout = 2 * time.Minute
	}
	if c.Log == nil {
		c.Log = func(string, ...any) {}
	}
}

// MPIRun is one version of a kernel with one THREADS count over one
// transport.
type MPIRun struct {
	RemoteOps uint64
	Wall      Sample // program wall time in ms (from the start-up barrier to the end)
	Err       string // the run failed or timed out
}

// MPIPoint is the original and the fixed program at one THREADS count
// over one transport.
type MPIPoint struct {
	Threads       int
	Transport     string
	Before, After MPIRun
}

// MPIKernel is everything measured on one kernel.
type MPIKernel struct {
	Name      string
	Changed   bool
	Validated bool // the fix validated on the MPI backend (every THREADS count)
	Note      string
	Points    []MPIPoint
}

// MeasureMPIKernel fixes path, validates the fix on the MPI backend and
// runs both versions.
func MeasureMPIKernel(ctx context.Context, path string, cfg MPIConfig) *MPIKernel {
	cfg.defaults()
	k := &MPIKernel{Name: filepath.Base(path)}
	if why, ok := skip[k.Name]; ok {
		k.Note = why
		return k
	}
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{Jobs: 1}, Unsafe: true})
	if res.Err != nil {
		k.Note = res.Err.Error()
		return k
	}
	k.Changed = res.Changed()
	if !k.Changed {
		k.Note = "no fix applied"
		return k
	}
	err := fixes.ValidateResult(ctx, res, fixes.ValidateOptions{Threads: cfg.Threads, Timeout: cfg.Timeout,
		Backend: runtime.BackendMPI})
	if v := res.Validation; err == nil && v != nil {
		k.Validated = v.OK
		switch {
		case v.Mismatch != nil:
			k.Note = "validation failed: " + v.Mismatch.String()
		case v.Err != nil:
			k.Note = "validation failed: " + v.Err.Error()
		}
	} else if err != nil {
		k.Note = err.Error()
	}
	binA, err := buildMPI(ctx, path, res.Original)
	if err != nil {
		k.Note = "build original: " + err.Error()
		return k
	}
	binB, err := buildMPI(ctx, path, res.Fixed)
	if err != nil {
		k.Note = "build fixed: " + err.Error()
		return k
	}
	for _, tr := range cfg.Transports {
		for _, n := range cfg.Threads {
			cfg.Log("  %s THREADS=%d over %s", k.Name, n, tr.Name)
			p := MPIPoint{Threads: n, Transport: tr.Name}
			p.Before = measureMPI(ctx, binA, n, tr, cfg)
			p.After = measureMPI(ctx, binB, n, tr, cfg)
			k.Points = append(k.Points, p)
		}
	}
	return k
}

func buildMPI(ctx context.Context, path string, src []byte) (string, error) {
	cfg := grammar.Config{ReadFile: func(name string) ([]byte, error) {
		if name == path {
			return src, nil
		}
		return os.ReadFile(name)
	}}
	code, _, err := translate.TranslateFile(path, &cfg, translate.Options{Source: src, ReadFile: cfg.ReadFile})
	if err != nil {
		return "", err
	}
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".c"
	return runtime.Build(ctx, []runtime.Source{{Name: base, Code: code}}, runtime.BuildOptions{Backend: runtime.BackendMPI})
}

func measureMPI(ctx context.Context, bin string, n int, tr MPITransport, cfg MPIConfig) MPIRun {
	var m MPIRun
	var walls []float64
	for range cfg.Reps {
		r, err := runtime.Run(ctx, bin, runtime.Options{Threads: n, Timeout: cfg.Timeout, Backend: runtime.BackendMPI,
			MPIFlags: tr.Flags})
		if err == nil {
			err = r.Err()
		}
		if err == nil && !okLine.Match(r.Stdout) {
			err = fmt.Errorf("no OK line in the output: %q", strings.TrimSpace(string(r.Stdout)))
		}
		if err == nil && r.Stats == nil {
			err = errors.New("no statistics")
		}
		if err != nil {
			if r != nil && r.TimedOut {
				err = fmt.Errorf("over %v", cfg.Timeout)
			}
			m.Err = err.Error()
			return m
		}
		walls = append(walls, r.Stats.WallSeconds*1000)
		m.RemoteOps = r.Stats.Total.RemoteOps()
	}
	m.Wall = Summarise(walls)
	return m
}

// Markers of the MPI section in BENCHMARKS.md.
const (
	MPIBegin = "<!-- mpi-section: begin (go run ./bench/cmd/mpibench) -->"
	MPIEnd   = "<!-- mpi-section: end -->"
)

// MPIEnv describes the machine and MPI of a measurement.
type MPIEnv struct {
	Date, Commit, MPI, Command string
	Cores                      int
	Load                       string // load average while measuring (other work on the machine)
}

// WriteMPISection renders the measurements as the marked section.
func WriteMPISection(w io.Writer, env MPIEnv, cfg MPIConfig, ks []*MPIKernel) error {
	cfg.defaults()
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n## Seed kernels on Open MPI: original vs fixed\n\n", MPIBegin)
	fmt.Fprintf(&b, "The same translated programs linked against the MPI-3 backend (`upclint run --backend mpi`: one rank per UPC\n"+
		"thread, passive-target one-sided communication on one window) and started with `mpirun`. Each kernel is fixed\n"+
		"as by `upclint fix --unsafe`, the fix is validated on the MPI backend (`upclint fix --unsafe --validate --backend mpi`,\n"+
		"THREADS %s), then the original and the fixed program run %d times per THREADS count and transport: Open MPI's\n"+
		"shared-memory components on this machine, and TCP (`--mca btl self,tcp --mca osc pt2pt`: every remote access is a\n"+
		"message through the kernel's TCP stack, so the fixes' gain is measured on a real transport). Times are the\n"+
		"program's wall time in ms (median of the runs, start-up barrier to exit, mpirun's start-up excluded); remote ops are\n"+
		"the runtime's counts (fine-grained reads and writes plus bulk copies, all threads).\n\n",
		joinInts(cfg.Threads), cfg.Reps)
	fmt.Fprintf(&b, "Measured %s on commit %s, %d cores, %s, load average %s. Command: `%s`.\n\n", env.Date, env.Commit,
		env.Cores, env.MPI, env.Load, env.Command)
	fmt.Fprintf(&b, "A failed cell is a run that exceeded the limit (`over`) or that mpirun could not complete; with more\n"+
		"ranks than cores and other work on the machine, wall times vary widely (the min–max ranges).\n\n")
	fmt.Fprintf(&b, "| kernel | validated on MPI | THREADS | transport | remote ops original → fixed | ms original | ms fixed | speedup |\n")
	fmt.Fprintf(&b, "|---|---|---:|---|---|---:|---:|---:|\n")
	for _, k := range ks {
		val := "no fix"
		switch {
		case k.Validated:
			val = "yes"
		case k.Changed && k.Note == "":
			val = "reverted" // the validation kept none of the fixes: they communicate more
		case k.Changed:
			val = "**no**"
		}
		if len(k.Points) == 0 {
			fmt.Fprintf(&b, "| `%s` | %s | | | %s | | | |\n", k.Name, val, mdEscape(k.Note))
			continue
		}
		for _, p := range k.Points {
			fmt.Fprintf(&b, "| `%s` | %s | %d | %s | %d → %d | %s | %s | %s |\n", k.Name, val, p.Threads, p.Transport,
				p.Before.RemoteOps, p.After.RemoteOps, msCell(p.Before), msCell(p.After), speedupCell(p))
		}
		if k.Note != "" && k.Changed && !k.Validated {
			fmt.Fprintf(&b, "| | %s | | | | | | |\n", mdEscape(k.Note))
		}
	}
	fmt.Fprintf(&b, "\n%s\n", MPIEnd)
	_, err := w.Write(b.Bytes())
	return err
}

func msCell(r MPIRun) string {
	if r.Err != "" {
		return "failed: " + mdEscape(r.Err)
	}
	if r.Wall.N > 1 {
		return fmt.Sprintf("%.1f (%.1f–%.1f)", r.Wall.Median, r.Wall.Min, r.Wall.Max)
	}
	return fmt.Sprintf("%.1f", r.Wall.Median)
}

func speedupCell(p MPIPoint) string {
	if p.Before.Err != "" || p.After.Err != "" || p.After.Wall.Median <= 0 {
		return ""
	}
	return fmt.Sprintf("%.2f×", p.Before.Wall.Median/p.After.Wall.Median)
}

func mdEscape(s string) string {
	s = strings.ReplaceAll(s, "|", "\\|")
	return strings.ReplaceAll(s, "\n", " ")
}

// MPISection returns the marked MPI section of the document at path
// ("" if it has none).
func MPISection(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	s := string(b)
	i, j := strings.Index(s, MPIBegin), strings.Index(s, MPIEnd)
	if i < 0 || j < i {
		return ""
	}
	return s[i:j+len(MPIEnd)] + "\n"
}

// SpliceMPISection replaces the marked section of the document at path
// with section (or appends it) and writes the file atomically.
func SpliceMPISection(path, section string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, MPIBegin), strings.Index(s, MPIEnd)
	if i >= 0 && j > i {
		rest := strings.TrimPrefix(s[j+len(MPIEnd):], "\n")
		s = s[:i] + section + rest
	} else {
		s = strings.TrimRight(s, "\n") + "\n\n" + section
	}
	return atomicfile.Write(path, []byte(s))
}
