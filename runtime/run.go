package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// NetModel holds the LogGP parameters of the modeled network.
type NetModel struct {
	O time.Duration // per-message send/receive overhead (default 0.3µs)
	L time.Duration // latency (default 1.5µs)
	G float64       // gap per byte in nanoseconds (default 0.08 ns/B)
}

// DefaultNet is the runtime's default network model.
var DefaultNet = NetModel{O: 300 * time.Nanosecond, L: 1500 * time.Nanosecond, G: 0.08}

// Options configure one run.
type Options struct {
	Threads int      // number of UPC threads (default 1)
	Args    []string // program arguments
	Env     []string // extra environment, KEY=VALUE
	Dir     string   // working directory (default: the current one)
	// Timeout stops the program (all threads) after this long and
	// reports where each thread was; 0 means no limit besides ctx.
	Timeout time.Duration
	// DeadlockAfter is how long every thread must be blocked without
	// progress before the watchdog reports a deadlock (default 2s).
	DeadlockAfter time.Duration
	Net           *NetModel // network model (nil: DefaultNet)
	Inject        bool      // delay remote operations by their modeled cost
	Check         bool      // runtime checks: casts, bulk ranges, collective arguments
	HeapMB        int       // shared heap per thread in MiB (default: the machine's memory, reserved lazily)
	// Backend is the runtime the binary was built for (BuildOptions.Backend):
	// BackendMPI starts it with mpirun, one rank per thread.
	Backend  string
	MPIFlags []string // extra mpirun flags, e.g. "--mca", "btl", "self,tcp"
	// Stdout and Stderr, if set, receive the relayed output live, line
	// by line as threads produce it.
	Stdout, Stderr io.Writer
}

// ThreadResult is what one UPC thread did.
type ThreadResult struct {
	Thread   int    `json:"thread"`
	Pid      int    `json:"pid"`
	ExitCode int    `json:"exit_code"` // -1 if killed by a signal
	Signal   string `json:"signal"`    // e.g. "SIGSEGV", empty if it exited
	Killed   bool   `json:"killed"`    // stopped by the launcher (after another thread's failure)
	State    string `json:"state"`     // last runtime state: done, exiting, blocked, running
	Stdout   []byte `json:"-"`
	Stderr   []byte `json:"-"`
}

// Report is a runtime finding: a fatal error that stopped the program
// (Kind "deadlock", "crash", "barrier-mismatch", "timeout",
// "unlock-not-held", "double-free", ...) or a --check warning.
type Report struct {
	Kind    string `json:"kind"`
	Thread  int    `json:"thread"` // -1 when no single thread is to blame
	Fatal   bool   `json:"fatal"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

func (r Report) String() string { return r.Message }

// Result is the outcome of Run.
type Result struct {
	Status      int            // the launcher's exit status
	Threads     []ThreadResult // per thread, indexed by MYTHREAD
	Stdout      []byte         // relayed output of all threads, line-interleaved
	Stderr      []byte         // relayed error output, then the runtime's reports
	Reports     []Report
	Stats       *Stats
	GlobalExit  bool   // a thread called upc_global_exit
	TimedOut    bool   // stopped by Options.Timeout
	Interrupted string // signal that stopped the launcher (e.g. ctx cancelled)
	Wall        time.Duration
	LauncherPid int // process id of the launcher (the threads' parent)
}

// Fatal returns the first fatal report, or nil.
func (r *Result) Fatal() *Report {
	for i := range r.Reports {
		if r.Reports[i].Fatal {
			return &r.Reports[i]
		}
	}
	return nil
}

// Err summarises a failed run as an error (nil when the program exited
// with status 0 and no fatal report).
func (r *Result) Err() error {
	if f := r.Fatal(); f != nil {
		return &RunError{Status: r.Status, Report: f}
	}
	if r.Status != 0 {
		return &RunError{Status: r.Status}
	}
	return nil
}

// RunError is a program that failed.
type RunError struct {
	Status int
	Report *Report
}

func (e *RunError) Error() string {
	if e.Report != nil {
		return fmt.Sprintf("upc program failed (status %d): %s", e.Status, e.Report.Message)
	}
	return fmt.Sprintf("upc program exited with status %d", e.Status)
}

type reportFile struct {
	Status      int            `json:"status"`
	Threads     []ThreadResult `json:"threads"`
	GlobalExit  bool           `json:"global_exit"`
	Timeout     bool           `json:"timeout"`
	Interrupted string         `json:"interrupted"`
	Reports     []Report       `json:"reports"`
}

// lockedBuffer lets the relay writer and Result share a buffer safely.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	w  io.Writer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.Write(p)
	if l.w != nil {
		_, _ = l.w.Write(p) // a failing live writer must not stop the run
	}
	return len(p), nil
}

// killGrace is how long the launcher gets to stop its threads after
// SIGTERM before the whole process group is killed.
const killGrace = 3 * time.Second

// Run executes a built program. The returned error is non-nil only if
// the program could not be run or its results not read; a program that
// fails (non-zero status, deadlock, crash...) is described by Result.
func Run(ctx context.Context, binary string, opts Options) (*Result, error) {
	threads := opts.Threads
	if threads <= 0 {
		threads = 1
	}
	tmp, err := os.MkdirTemp("", "upcr-run-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(tmp) }() // best effort: a leftover is only disk space
	statsPath := filepath.Join(tmp, "stats.json")
	net := DefaultNet
	if opts.Net != nil {
		net = *opts.Net
	}
	env := append(os.Environ(),
		"UPCR_THREADS="+strconv.Itoa(threads),
		"UPCR_OUTDIR="+tmp,
		"UPCR_STATS="+statsPath,
		"UPCR_NET_O_NS="+strconv.FormatFloat(float64(net.O)/float64(time.Nanosecond), 'g', -1, 64),
		"UPCR_NET_L_NS="+strconv.FormatFloat(float64(net.L)/float64(time.Nanosecond), 'g', -1, 64),
		"UPCR_NET_G_NS_PER_BYTE="+strconv.FormatFloat(net.G, 'g', -1, 64),
	)
	if opts.Inject {
		env = append(env, "UPCR_INJECT=1")
	}
	if opts.Check {
		env = append(env, "UPCR_CHECK=1")
	}
	if opts.Timeout > 0 {
		env = append(env, "UPCR_TIMEOUT_MS="+strconv.FormatInt(opts.Timeout.Milliseconds(), 10))
	}
	if opts.DeadlockAfter > 0 {
		env = append(env, "UPCR_DEADLOCK_MS="+strconv.FormatInt(opts.DeadlockAfter.Milliseconds(), 10))
	}
	if opts.HeapMB > 0 {
		env = append(env, "UPCR_HEAP_MB="+strconv.Itoa(opts.HeapMB))
	}
	env = append(env, opts.Env...)

	cmd := exec.Command(binary, opts.Args...)
	if opts.Backend == BackendMPI {
		cmd = mpirunCommand(binary, threads, env, opts)
	}
	cmd.Env = env
	cmd.Dir = opts.Dir
	stdout := &lockedBuffer{w: opts.Stdout}
	stderr := &lockedBuffer{w: opts.Stderr}
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	var noise *mpiNoiseFilter
	if opts.Backend == BackendMPI {
		noise = &mpiNoiseFilter{w: stderr}
		cmd.Stderr = noise
	}
	// Own process group: if the launcher itself must be killed, its
	// threads go with it (they also die with it by PR_SET_PDEATHSIG).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// The launcher enforces Timeout itself and reports; the hard limit
	// here only catches a launcher that does not stop.
	var hard <-chan time.Time
	if opts.Timeout > 0 {
		t := time.NewTimer(opts.Timeout + killGrace + 2*time.Second)
		defer t.Stop()
		hard = t.C
	}
	var waitErr error
	hardStop := false
	select {
	case waitErr = <-done:
	case <-ctx.Done():
		waitErr = stop(cmd, done)
	case <-hard:
		waitErr = stop(cmd, done)
		hardStop = true
	}
	res := &Result{Wall: time.Since(start), Stdout: stdout.b.Bytes(), Stderr: stderr.b.Bytes(),
		LauncherPid: cmd.Process.Pid}
	if noise != nil {
		noise.Flush()
		res.Stderr = stderr.b.Bytes()
		collectMPIOutput(tmp)
	}
	var exitErr *exec.ExitError
	switch {
	case waitErr == nil:
	case errors.As(waitErr, &exitErr):
		res.Status = exitErr.ExitCode()
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.Status = 128 + int(ws.Signal())
		}
	default:
		return nil, waitErr
	}
	if err := readReport(tmp, threads, res); err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		if hardStop && opts.Backend == BackendMPI {
			// ranks that never wait in the runtime cannot see the
			// timeout themselves: mpirun was stopped from here
			mpiTimedOut(res, opts.Timeout, opts.Stderr)
			return res, nil
		}
		return res, err
	}
	if b, err := os.ReadFile(statsPath); err == nil {
		var st Stats
		if err := json.Unmarshal(b, &st); err != nil {
			return res, fmt.Errorf("reading runtime statistics: %w", err)
		}
		res.Stats = &st
	}
	return res, nil
}

// stop asks the launcher to end (SIGTERM: it kills its threads, reaps
// them and writes its report), then kills the whole process group if it
// does not end in time.
func stop(cmd *exec.Cmd, done <-chan error) error {
	pid := cmd.Process.Pid
	_ = syscall.Kill(pid, syscall.SIGTERM) // it may have just exited: Wait tells
	select {
	case err := <-done:
		return err
	case <-time.After(killGrace):
		_ = syscall.Kill(-pid, syscall.SIGKILL) // likewise
		return <-done
	}
}

func readReport(dir string, threads int, res *Result) error {
	res.Threads = make([]ThreadResult, threads)
	for t := range res.Threads {
		res.Threads[t].Thread = t
		res.Threads[t].Stdout, _ = os.ReadFile(filepath.Join(dir, strconv.Itoa(t)+".out"))
		res.Threads[t].Stderr, _ = os.ReadFile(filepath.Join(dir, strconv.Itoa(t)+".err"))
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		// The launcher died before writing its report (killed from
		// outside, or it refused to start: see Stderr).
		if len(res.Stderr) > 0 {
			return fmt.Errorf("upc launcher failed (status %d): %s", res.Status, bytes.TrimSpace(res.Stderr))
		}
		return fmt.Errorf("upc launcher wrote no report (status %d)", res.Status)
	}
	var rf reportFile
	if err := json.Unmarshal(b, &rf); err != nil {
		return fmt.Errorf("reading runtime report: %w", err)
	}
	for i, tr := range rf.Threads {
		if i < len(res.Threads) {
			tr.Stdout, tr.Stderr = res.Threads[i].Stdout, res.Threads[i].Stderr
			res.Threads[i] = tr
		}
	}
	res.Reports = rf.Reports
	res.GlobalExit = rf.GlobalExit
	res.TimedOut = rf.Timeout
	res.Interrupted = rf.Interrupted
	return nil
}
