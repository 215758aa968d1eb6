package runtime

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"

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
	args := []string{"-n", strconv.Itoa(threads), "--oversubscribe", "--bind-to", "none",
		"--mca", "mpi_yield_when_idle", "1"}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-run-as-root")
	}
	// forward the runtime's settings to ranks on other machines
	for _, kv := range env {
		if k, _, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "UPCR_") {
			args = append(args, "-x", k)
		}
	}
	args = append(args, opts.MPIFlags...)
	args = append(args, MPIRunFlags()...)
	args = append(args, binary)
	args = append(args, opts.Args...)
	return exec.Command("mpirun", args...)
}

// mpiNoise matches mpirun's own messages about the job it stopped (the
// runtime's report says what happened): banner blocks between dashed
// lines and "[host:pid]" diagnostics.
var mpiBanner = regexp.MustCompile(`(?ms)^-{20,}\n.*?^-{20,}\n`)
var mpiDiag = regexp.MustCompile(`(?m)^\[[^\]\n]+:\d+\] .*\n`)

func filterMPINoise(b []byte) []byte {
	b = mpiBanner.ReplaceAll(b, nil)
	return mpiDiag.ReplaceAll(b, nil)
}
