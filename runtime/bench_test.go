package runtime

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime/translate"
)

// The benchmarks run small C programs that time their own inner loop (so
// process start-up is not measured) and report the figure as a custom
// metric next to a plain-C baseline. Run with
//
//	go test ./runtime -run '^$' -bench . -benchtime 1x

const benchDir = "csrc/testdata/bench"

// buildPlainC compiles a baseline program that does not use the runtime.
func buildPlainC(b *testing.B, name string, extra ...string) string {
	b.Helper()
	out := filepath.Join(b.TempDir(), name)
	args := append([]string{"-std=gnu99", "-O2", "-o", out, filepath.Join(benchDir, name+".c")}, extra...)
	if msg, err := exec.Command(compiler(BuildOptions{}), args...).CombinedOutput(); err != nil {
		b.Fatalf("%v: %s", err, msg)
	}
	return out
}

func buildBench(b *testing.B, name string, opts BuildOptions) string {
	b.Helper()
	opts.CacheDir = testCache
	bin, err := BuildFiles(context.Background(), []string{filepath.Join(benchDir, name+".c")}, opts)
	if err != nil {
		b.Fatal(err)
	}
	return bin
}

// firstNumber returns the first number in a program's output line.
func firstNumber(b *testing.B, out []byte, after string) float64 {
	b.Helper()
	s := string(out)
	if after != "" {
		i := strings.Index(s, after)
		if i < 0 {
			b.Fatalf("no %q in output %q", after, s)
		}
		s = s[i+len(after):]
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		b.Fatalf("no number in output %q", out)
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		b.Fatalf("output %q: %v", out, err)
	}
	return v
}

// bestOf runs f three times and returns the smallest result: the
// machine may be busy with other work, and noise only ever adds time.
func bestOf(f func() float64) float64 {
	best := f()
	for range 2 {
		best = min(best, f())
	}
	return best
}

// bestOfMax is bestOf for throughputs.
func bestOfMax(f func() float64) float64 {
	best := f()
	for range 2 {
		best = max(best, f())
	}
	return best
}

func runUPC(b *testing.B, bin string, threads int, args ...string) []byte {
	b.Helper()
	res, err := Run(context.Background(), bin, Options{Threads: threads, Args: args})
	if err != nil {
		b.Fatal(err)
	}
	if err := res.Err(); err != nil {
		b.Fatalf("%v\n%s", err, res.Stderr)
	}
	return res.Threads[0].Stdout
}

const barrierIters = 20000

// BenchmarkBarrier reports ns per upc_barrier; BenchmarkPthreadBarrier is
// the same loop over a PTHREAD_PROCESS_SHARED barrier across processes.
func BenchmarkBarrier(b *testing.B) {
	bin := buildBench(b, "barrier", BuildOptions{})
	for _, n := range []int{2, 4, 8} {
		b.Run("T"+strconv.Itoa(n), func(b *testing.B) {
			var ns float64
			for b.Loop() {
				ns = bestOf(func() float64 { return firstNumber(b, runUPC(b, bin, n, strconv.Itoa(barrierIters)), "") })
			}
			b.ReportMetric(ns, "ns/barrier")
		})
	}
}

func BenchmarkPthreadBarrier(b *testing.B) {
	bin := buildPlainC(b, "pthread_barrier", "-pthread")
	for _, n := range []int{2, 4, 8} {
		b.Run("T"+strconv.Itoa(n), func(b *testing.B) {
			var ns float64
			for b.Loop() {
				ns = bestOf(func() float64 {
					out, err := exec.Command(bin, strconv.Itoa(n), strconv.Itoa(barrierIters)).Output()
					if err != nil {
						b.Fatal(err)
					}
					return firstNumber(b, out, "")
				})
			}
			b.ReportMetric(ns, "ns/barrier")
		})
	}
}

// BenchmarkBarrierRatio runs barrier.c and the pthread baseline back to
// back, 5 rounds per thread count, and reports the medians of the
// per-round ratios upc_barrier / pthread_barrier_wait: of the wall time
// per barrier (x-pthread) and of thread 0's CPU time per barrier
// (cpu-x-pthread, less sensitive to other load on the machine).
func BenchmarkBarrierRatio(b *testing.B) {
	bin := buildBench(b, "barrier", BuildOptions{})
	pt := buildPlainC(b, "pthread_barrier", "-pthread")
	for _, n := range []int{2, 4, 8} {
		b.Run("T"+strconv.Itoa(n), func(b *testing.B) {
			var ratio, cpuRatio, upc, base float64
			for b.Loop() {
				var rs, cs, us, ps []float64
				for range 5 {
					out, err := exec.Command(pt, strconv.Itoa(n), strconv.Itoa(barrierIters)).Output()
					if err != nil {
						b.Fatal(err)
					}
					p, pc := firstNumber(b, out, ""), firstNumber(b, out, "cpu")
					uo := runUPC(b, bin, n, strconv.Itoa(barrierIters))
					u, uc := firstNumber(b, uo, ""), firstNumber(b, uo, "cpu")
					rs, cs, us, ps = append(rs, u/p), append(cs, uc/pc), append(us, u), append(ps, p)
				}
				ratio, cpuRatio, upc, base = median(rs), median(cs), median(us), median(ps)
			}
			b.ReportMetric(upc, "ns/barrier")
			b.ReportMetric(base, "pthread-ns/barrier")
			b.ReportMetric(ratio, "x-pthread")
			b.ReportMetric(cpuRatio, "cpu-x-pthread")
		})
	}
}

// BenchmarkMemget reports upc_memget bandwidth of 1 MiB from another
// thread next to memcpy of 1 MiB between private buffers.
func BenchmarkMemget(b *testing.B) {
	bin := buildBench(b, "memget", BuildOptions{})
	var get, cpy float64
	for b.Loop() {
		get = bestOfMax(func() float64 { return firstNumber(b, runUPC(b, bin, 2, "200"), "memget") })
		cpy = bestOfMax(func() float64 { return firstNumber(b, runUPC(b, bin, 2, "200"), "memcpy") })
	}
	b.ReportMetric(get, "memget-MB/s")
	b.ReportMetric(cpy, "memcpy-MB/s")
}

// BenchmarkKernel compares a stencil over shared arrays at THREADS=1
// (translated accesses through the local fast path) with the same loop
// in plain C. ratio = translated / plain.
func BenchmarkKernel(b *testing.B) {
	plain := buildPlainC(b, "kernel_plain")
	plainNoVec := buildPlainC(b, "kernel_plain", "-fno-tree-vectorize")
	variants := []struct {
		name string
		opts BuildOptions
	}{
		{"dynamic", BuildOptions{}},
		{"static", BuildOptions{StaticThreads: 1}},
		{"static-nolocalcounts", BuildOptions{StaticThreads: 1, CFlags: []string{"-DUPCR_NO_LOCAL_COUNTS"}}},
	}
	const reps = "2000"
	measurePlain := func(b *testing.B, bin string) float64 {
		out, err := exec.Command(bin, reps).Output()
		if err != nil {
			b.Fatal(err)
		}
		return firstNumber(b, out, "")
	}
	var base, baseNoVec float64
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			base = bestOf(func() float64 { return measurePlain(b, plain) })
			baseNoVec = bestOf(func() float64 { return measurePlain(b, plainNoVec) })
		}
		b.ReportMetric(base, "ns/point")
		b.ReportMetric(baseNoVec, "novec-ns/point")
	})
	for _, v := range variants {
		bin := buildBench(b, "kernel", v.opts)
		b.Run(v.name, func(b *testing.B) {
			var ns float64
			for b.Loop() {
				ns = bestOf(func() float64 { return firstNumber(b, runUPC(b, bin, 1, reps), "") })
			}
			b.ReportMetric(ns, "ns/point")
			if base > 0 {
				b.ReportMetric(ns/base, "x-plain")
				b.ReportMetric(ns/baseNoVec, "x-plain-novec")
			}
		})
	}
}

// buildUPC translates a UPC benchmark program with runtime/translate and
// builds it (static THREADS when opts.StaticThreads > 0).
func buildUPC(b testing.TB, name string, opts BuildOptions) string {
	b.Helper()
	path := filepath.Join(benchDir, name+".upc")
	c, _, err := translate.TranslateFile(path, &grammar.Config{StaticThreads: opts.StaticThreads}, translate.Options{})
	if err != nil {
		b.Fatal(err)
	}
	if os.Getenv("UPCR_BENCH_DUMP") != "" {
		_ = os.WriteFile(filepath.Join(os.Getenv("UPCR_BENCH_DUMP"), name+".c"), c, 0o644)
	}
	opts.CacheDir = testCache
	bin, err := Build(context.Background(), []Source{{Name: name + ".c", Code: c}}, opts)
	if err != nil {
		b.Fatal(err)
	}
	return bin
}

// BenchmarkKernelUPC is BenchmarkKernel for the real pipeline: kernel.upc
// translated by runtime/translate, at THREADS=1 with static and dynamic
// THREADS. Both programs time CPU time; each round runs the plain C
// program and the translated one back to back, and the reported ratio is
// the median of the per-round ratios (robust on a busy machine).
func BenchmarkKernelUPC(b *testing.B) {
	plain := buildPlainC(b, "kernel_plain")
	const reps = "2000"
	for _, v := range []struct {
		name   string
		static int
	}{{"dynamic", 0}, {"static", 1}} {
		bin := buildUPC(b, "kernel", BuildOptions{StaticThreads: v.static})
		b.Run(v.name, func(b *testing.B) {
			var ratio, ns float64
			for b.Loop() {
				var ratios, nss []float64
				for range 5 {
					out, err := exec.Command(plain, reps).Output()
					if err != nil {
						b.Fatal(err)
					}
					base := firstNumber(b, out, "")
					n := firstNumber(b, runUPC(b, bin, 1, reps), "")
					ratios = append(ratios, n/base)
					nss = append(nss, n)
				}
				ratio, ns = median(ratios), median(nss)
			}
			b.ReportMetric(ns, "ns/point")
			b.ReportMetric(ratio, "x-plain")
		})
	}
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

// BenchmarkCachedBuild measures Build of a program that is already in
// the cache (hashing the sources and one stat).
func BenchmarkCachedBuild(b *testing.B) {
	src := []Source{{Name: "kernel.c", Code: mustRead(b, filepath.Join(benchDir, "kernel.c"))}}
	opts := BuildOptions{CacheDir: testCache}
	if _, err := Build(context.Background(), src, opts); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Build(context.Background(), src, opts); err != nil {
			b.Fatal(err)
		}
	}
}
