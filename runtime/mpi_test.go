package runtime

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// needMPI skips a test or benchmark when Open MPI (mpicc, mpirun) is not
// installed, and in -short mode (MPI runs start several processes each).
func needMPI(tb testing.TB) {
	tb.Helper()
	if testing.Short() {
		tb.Skip("runs MPI programs")
	}
	if !HaveMPI() {
		tb.Skip("mpicc or mpirun not found")
	}
}

const mpiBenchDir = "csrc/testdata/mpibench"

func buildMPIC(tb testing.TB, name string) string {
	tb.Helper()
	bin, err := BuildFiles(context.Background(), []string{filepath.Join(mpiBenchDir, name+".c")},
		BuildOptions{CacheDir: testCache, Backend: BackendMPI})
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

func runMPI(tb testing.TB, bin string, threads int, args ...string) *Result {
	tb.Helper()
	res, err := Run(context.Background(), bin, Options{Threads: threads, Args: args, Backend: BackendMPI,
		Timeout: time.Minute})
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// TestMPIRemote runs the benchmark program on the MPI backend: two ranks,
// remote bulk and scalar reads of another rank's data, the statistics of
// the run, and per-thread output.
func TestMPIRemote(t *testing.T) {
	needMPI(t)
	res := runMPI(t, buildMPIC(t, "get"), 2, "3", "10")
	if err := res.Err(); err != nil {
		t.Fatalf("%v\n%s", err, res.Stderr)
	}
	// x[1] = 1 read 10 times; the 1 MiB block of thread 1 is memset to 2
	if !regexp.MustCompile(`\(10 2\)`).Match(res.Threads[0].Stdout) {
		t.Errorf("thread 0 output %q, want the sum 10 and byte 2", res.Threads[0].Stdout)
	}
	if len(res.Threads[1].Stdout) != 0 {
		t.Errorf("thread 1 printed %q", res.Threads[1].Stdout)
	}
	if res.Stats == nil {
		t.Fatal("no statistics")
	}
	c := res.Stats.PerThread[0]
	if c.RemoteReads != 10 || c.RemoteReadBytes != 80 || c.BulkRemote != 3 || c.BulkRemoteBytes != 3<<20 {
		t.Errorf("thread 0 counters %+v, want 10 remote reads of 8 bytes and 3 bulk reads of 1 MiB", c)
	}
	if res.Stats.Total.Barriers != 4 {
		t.Errorf("%d barriers, want 2 per thread", res.Stats.Total.Barriers)
	}
}

// BenchmarkMPIGet compares the MPI backend's upc_memget of 1 MiB and a
// remote 8-byte read with the same transfers in plain MPI (MPI_Get and
// MPI_Win_flush on a window of the same kind), two ranks on this machine.
// ratio = backend / raw MPI.  $UPCLINT_MPIRUN_FLAGS selects the
// transport (e.g. "--mca btl self,tcp --mca osc pt2pt").
func BenchmarkMPIGet(b *testing.B) {
	needMPI(b)
	upc := buildMPIC(b, "get")
	raw := filepath.Join(b.TempDir(), "rawget")
	if msg, err := exec.Command("mpicc", "-O2", "-o", raw, filepath.Join(mpiBenchDir, "rawget.c")).CombinedOutput(); err != nil {
		b.Fatalf("%v: %s", err, msg)
	}
	const n, m = "200", "20000"
	runRaw := func() []byte {
		args := append([]string{"-n", "2", "--oversubscribe", "--bind-to", "none"}, MPIRunFlags()...)
		if os.Geteuid() == 0 {
			args = append(args, "--allow-run-as-root")
		}
		out, err := exec.Command("mpirun", append(args, raw, n, m)...).Output()
		if err != nil {
			b.Fatal(err)
		}
		return out
	}
	runBackend := func() []byte {
		res := runMPI(b, upc, 2, n, m)
		if err := res.Err(); err != nil {
			b.Fatalf("%v\n%s", err, res.Stderr)
		}
		return res.Threads[0].Stdout
	}
	var bulk, small, rawBulk, rawSmall float64
	for b.Loop() {
		bulk = bestOf(func() float64 { return firstNumber(b, runBackend(), "memget1MB") })
		small = bestOf(func() float64 { return firstNumber(b, runBackend(), "get8") })
		rawBulk = bestOf(func() float64 { return firstNumber(b, runRaw(), "memget1MB") })
		rawSmall = bestOf(func() float64 { return firstNumber(b, runRaw(), "get8") })
	}
	b.ReportMetric(bulk, "memget1MB-ns")
	b.ReportMetric(rawBulk, "raw-get1MB-ns")
	b.ReportMetric(bulk/rawBulk, "memget-ratio")
	b.ReportMetric(small, "get8-ns")
	b.ReportMetric(rawSmall, "raw-get8-ns")
	b.ReportMetric(small/rawSmall, "get8-ratio")
}

// TestMPITimeout: ranks that compute forever never reach a wait of the
// runtime, so Run's own limit stops mpirun and reports the timeout.
func TestMPITimeout(t *testing.T) {
	needMPI(t)
	bin := buildMPIC(t, "spin")
	res, err := Run(context.Background(), bin, Options{Threads: 2, Backend: BackendMPI, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Fatal()
	if !res.TimedOut || res.Status != 124 || f == nil || f.Kind != "timeout" {
		t.Fatalf("timed out %v, status %d, report %v\n%s", res.TimedOut, res.Status, f, res.Stderr)
	}
	if got := string(res.Stdout); got != "start\nstart\n" {
		t.Errorf("output %q, want each thread's line", got)
	}
}
