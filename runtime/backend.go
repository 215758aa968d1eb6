package runtime

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/upclint/upclint/runtime/csrc"
)

// Backends: the implementations of the runtime interface a translated
// program can be linked against.
const (
	// BackendSMP runs the threads as processes of one machine over a
	// shared memory segment (the default; needs only a C compiler).
	BackendSMP = "smp"
	// BackendMPI runs one MPI rank per thread over MPI-3 one-sided
	// communication: built with mpicc, started with mpirun, so it runs on
	// one machine or many.
	BackendMPI = "mpi"
)

// Backends lists the valid backend names.
var Backends = []string{BackendSMP, BackendMPI}

// ValidBackend reports whether name is a backend ("" is the default).
func ValidBackend(name string) error {
	switch name {
	case "", BackendSMP, BackendMPI:
		return nil
	}
	return fmt.Errorf("unknown backend %q (want %s)", name, strings.Join(Backends, " or "))
}

// rtFiles is one backend's runtime sources.
type rtFiles struct {
	files   func() []string
	sources func() []string
	read    func(string) ([]byte, error)
	cc      string // default compiler
}

var backendFiles = map[string]rtFiles{
	BackendSMP: {csrc.Files, csrc.Sources, csrc.Read, "cc"},
	BackendMPI: {csrc.MPIFiles, csrc.MPISources, csrc.ReadMPI, "mpicc"},
}

func filesOf(backend string) rtFiles {
	if backend == BackendMPI {
		return backendFiles[BackendMPI]
	}
	return backendFiles[BackendSMP]
}

var rtKeys sync.Map // backend -> hash of its sources

// backendKey hashes a backend's runtime sources; computed once each.
func backendKey(backend string) string {
	if backend != BackendMPI {
		return runtimeKey()
	}
	if k, ok := rtKeys.Load(backend); ok {
		return k.(string)
	}
	f := filesOf(backend)
	h := sha256.New()
	fmt.Fprintf(h, "backend:%s\x00", backend)
	for _, name := range f.files() {
		b, err := f.read(name)
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	k := hex.EncodeToString(h.Sum(nil))
	rtKeys.Store(backend, k)
	return k
}

// HaveMPI reports whether the MPI backend can be used here: mpicc and
// mpirun on PATH.
func HaveMPI() bool {
	_, err1 := exec.LookPath("mpicc")
	_, err2 := exec.LookPath("mpirun")
	return err1 == nil && err2 == nil
}

// MPIRunFlags are extra mpirun flags from $UPCLINT_MPIRUN_FLAGS (for
// example "--mca btl self,tcp --mca osc pt2pt" to run over TCP, or a
// hostfile), split on spaces.
func MPIRunFlags() []string { return strings.Fields(os.Getenv("UPCLINT_MPIRUN_FLAGS")) }

// mpirunCommand is the command that starts binary with one rank per
// thread.  Open MPI refuses to run as root without being told, and more
// ranks than cores without --oversubscribe; with more ranks than cores a
// waiting rank must yield its core to the rank it waits for.
func mpirunCommand(binary string, threads int, env []string, opts Options) *exec.Cmd {
	args := []string{"-n", strconv.Itoa(threads), "--oversubscribe", "--bind-to", "none"}
	if threads > goruntime.NumCPU() {
		args = append(args, "--mca", "mpi_yield_when_idle", "1")
	}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-run-as-root")
	}
	// forward the runtime's settings to ranks on other machines; each
	// rank's output also goes to files, as the SMP launcher stores it
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if ok && strings.HasPrefix(k, "UPCR_") {
			args = append(args, "-x", k)
		}
		if k == "UPCR_OUTDIR" {
			args = append(args, "--output-filename", filepath.Join(v, "mpiout"))
		}
	}
	args = append(args, opts.MPIFlags...)
	args = append(args, MPIRunFlags()...)
	args = append(args, binary)
	args = append(args, opts.Args...)
	return exec.Command("mpirun", args...)
}

// mpiTimedOut describes a run of the MPI backend stopped by Run's own
// timer: no rank reached a wait of the runtime (where it checks the
// timeout) before the limit, so none wrote a report.
func mpiTimedOut(res *Result, limit time.Duration, live io.Writer) {
	res.TimedOut = true
	res.Status = 124
	r := Report{Kind: "timeout", Thread: -1, Fatal: true,
		Message: fmt.Sprintf("timeout after %.1f s: the threads were computing, outside the runtime's waits", limit.Seconds())}
	res.Reports = append(res.Reports, r)
	line := "upcr: error: " + r.Message + "\n"
	res.Stderr = append(res.Stderr, line...)
	if live != nil {
		_, _ = io.WriteString(live, line) // as the launcher prints its reports
	}
}

// collectMPIOutput moves mpirun's per-rank output files
// (dir/mpiout/JOB/rank.N/stdout) to where the SMP launcher puts them
// (dir/N.out, dir/N.err).
func collectMPIOutput(dir string) {
	m, _ := filepath.Glob(filepath.Join(dir, "mpiout", "*", "rank.*", "std*"))
	for _, p := range m {
		n, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(filepath.Dir(p)), "rank."))
		if err != nil {
			continue
		}
		switch filepath.Base(p) {
		case "stdout":
			_ = os.Rename(p, filepath.Join(dir, strconv.Itoa(n)+".out")) // missing output reads as empty
		case "stderr":
			_ = os.Rename(p, filepath.Join(dir, strconv.Itoa(n)+".err"))
		}
	}
}

// mpiNoiseFilter drops mpirun's own messages about the job it stopped
// (the runtime's report says what happened): banner blocks between dashed
// lines and "[host:pid] ..." diagnostics.  It passes the rest on line by
// line.
type mpiNoiseFilter struct {
	w        io.Writer
	buf      []byte
	inBanner bool
}

var mpiDashes = regexp.MustCompile(`^-{20,}\n$`)
var mpiDiag = regexp.MustCompile(`^\[[^\]\n]+:\d+\] `)

func (f *mpiNoiseFilter) Write(p []byte) (int, error) {
	f.buf = append(f.buf, p...)
	for {
		i := bytes.IndexByte(f.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		f.emit(f.buf[:i+1])
		f.buf = f.buf[i+1:]
	}
}

func (f *mpiNoiseFilter) emit(line []byte) {
	switch {
	case mpiDashes.Match(line):
		f.inBanner = !f.inBanner
	case f.inBanner || mpiDiag.Match(line):
	default:
		_, _ = f.w.Write(line) // a lockedBuffer: cannot fail
	}
}

// Flush passes on an unterminated last line.
func (f *mpiNoiseFilter) Flush() {
	if len(f.buf) > 0 && !f.inBanner {
		_, _ = f.w.Write(f.buf)
	}
	f.buf = nil
}
