package translate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/runtime"
)

// Which thread reports a race-dependent error first (several threads
// fail at once) may differ between runs: reports are compared without
// thread numbers.
var threadNums = regexp.MustCompile(`threads? [0-9][0-9,\-]*`)

func sameReport(a, b *runtime.Report) string {
	switch {
	case a == nil && b == nil:
		return ""
	case a == nil || b == nil:
		return fmt.Sprintf("fatal report %v on smp, %v on mpi", a, b)
	case a.Kind != b.Kind:
		return fmt.Sprintf("report kind %q on smp, %q on mpi", a.Kind, b.Kind)
	case threadNums.ReplaceAllString(a.Message, "thread N") != threadNums.ReplaceAllString(b.Message, "thread N"):
		return fmt.Sprintf("report %q on smp, %q on mpi", a.Message, b.Message)
	}
	return ""
}

func sortedLines(b []byte) string {
	l := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	sort.Strings(l)
	return strings.Join(l, "\n")
}

// compareBackends says how an MPI run differs from the SMP run of the
// same program ("" if it does not): exit status, each thread's output,
// the fatal report and the kinds of the other reports.
func compareBackends(a, b *runtime.Result) string {
	if a.Status != b.Status {
		return fmt.Sprintf("exit status %d on smp, %d on mpi\nmpi stderr:\n%s", a.Status, b.Status, b.Stderr)
	}
	if msg := sameReport(a.Fatal(), b.Fatal()); msg != "" {
		return msg
	}
	// after a fatal error the other threads print until they are
	// stopped, which depends on timing on either backend
	if a.Fatal() == nil {
		if sortedLines(a.Stdout) != sortedLines(b.Stdout) {
			return fmt.Sprintf("output on smp:\n%s\non mpi:\n%s", a.Stdout, b.Stdout)
		}
		for t := range a.Threads {
			if t < len(b.Threads) && string(a.Threads[t].Stdout) != string(b.Threads[t].Stdout) {
				return fmt.Sprintf("thread %d output on smp:\n%s\non mpi:\n%s", t, a.Threads[t].Stdout, b.Threads[t].Stdout)
			}
		}
	}
	kinds := func(r *runtime.Result) string {
		var k []string
		for _, rep := range r.Reports {
			if !rep.Fatal {
				k = append(k, rep.Kind)
			}
		}
		sort.Strings(k)
		return strings.Join(slicesCompact(k), ",")
	}
	if kinds(a) != kinds(b) {
		return fmt.Sprintf("warnings %s on smp, %s on mpi", kinds(a), kinds(b))
	}
	return ""
}

func slicesCompact(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// buildBoth builds the program at path for the SMP and the MPI backend.
func buildBoth(t *testing.T, path string, s *spec) (smp, mpi string) {
	t.Helper()
	sem <- struct{}{}
	defer func() { <-sem }()
	smp, err := buildOn(path, s, runtime.BackendSMP)
	if err == nil {
		mpi, err = buildOn(path, s, runtime.BackendMPI)
	}
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return smp, mpi
}

// runBoth runs the program on both backends with n threads.
func runBoth(t *testing.T, smp, mpi string, n int, s *spec) (a, b *runtime.Result) {
	t.Helper()
	sem <- struct{}{}
	defer func() { <-sem }()
	a, err := runOn(smp, n, s, runtime.BackendSMP, time.Minute)
	if err == nil {
		b, err = runOn(mpi, n, s, runtime.BackendMPI, time.Minute)
	}
	if err != nil {
		t.Fatalf("THREADS=%d: %v", n, err)
	}
	return a, b
}

// TestMPIConformance runs the conformance programs on the MPI backend and
// compares each run with the SMP backend's: the same status, output and
// error reports.  Every program runs with one of the THREADS counts 1, 2,
// 3, 4 and 8 in turn (all of them with UPCLINT_MPI_ALL_THREADS=1: the
// machine has few cores and each MPI run starts THREADS processes and
// mpirun).  Programs run with --check compare their error reports too.
func TestMPIConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	if !runtime.HaveMPI() {
		t.Skip("mpicc or mpirun not found")
	}
	all := os.Getenv("UPCLINT_MPI_ALL_THREADS") == "1"
	for i, path := range programs(t, "../../testdata/runtime") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			s := readSpec(t, path)
			counts := s.threads
			if !all && len(counts) > 1 {
				counts = []int{counts[i%len(counts)]}
			}
			smp, mpi := buildBoth(t, path, s)
			for _, n := range counts {
				a, b := runBoth(t, smp, mpi, n, s)
				if msg := checkResult(b, n, s); msg != "" {
					t.Errorf("THREADS=%d on mpi: %s", n, msg)
				}
				if msg := compareBackends(a, b); msg != "" {
					t.Errorf("THREADS=%d: %s", n, msg)
				}
			}
		})
	}
}

// TestMPIStats runs the kernels on both backends: the statistics (every
// counter, the modeled time and the per-line table) must be the same,
// since the counting and the network model are the runtime interface's.
func TestMPIStats(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	if !runtime.HaveMPI() {
		t.Skip("mpicc or mpirun not found")
	}
	for _, path := range programs(t, "../../testdata/kernels") {
		switch filepath.Base(path) {
		case "barrier_bug.upc", // deadlocks by design
			"uts.upc": // work stealing: the traffic depends on the timing
			continue
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			s := &spec{threads: []int{4}}
			smp, mpi := buildBoth(t, path, s)
			a, b := runBoth(t, smp, mpi, 4, s)
			if msg := compareBackends(a, b); msg != "" {
				t.Fatal(msg)
			}
			if a.Stats == nil || b.Stats == nil {
				t.Fatalf("statistics missing: smp %v, mpi %v", a.Stats != nil, b.Stats != nil)
			}
			ta, tb := a.Stats.Total, b.Stats.Total
			// times: the modeled one is compared below, the waits are wall time
			ta.CommNs, tb.CommNs, ta.ModeledNs, tb.ModeledNs = 0, 0, 0, 0
			ta.BarrierWaitNs, tb.BarrierWaitNs = 0, 0
			if ta != tb {
				t.Errorf("counters differ:\nsmp %+v\nmpi %+v", ta, tb)
			}
			if d := a.Stats.ModeledNs - b.Stats.ModeledNs; d > 1 || d < -1 {
				t.Errorf("modeled time %.0f ns on smp, %.0f ns on mpi", a.Stats.ModeledNs, b.Stats.ModeledNs)
			}
			if fmt.Sprint(a.Stats.Lines) != fmt.Sprint(b.Stats.Lines) {
				t.Errorf("per-line tables differ:\nsmp %v\nmpi %v", a.Stats.Lines, b.Stats.Lines)
			}
			if fmt.Sprint(a.Stats.Pairs) != fmt.Sprint(b.Stats.Pairs) {
				t.Errorf("communication matrices differ:\nsmp %v\nmpi %v", a.Stats.Pairs, b.Stats.Pairs)
			}
		})
	}
}
