package runtime

import (
	"context"
	"fmt"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime/translate"
)

// BenchmarkPairsOverhead measures what recording the communication matrix
// (the target thread of every remote operation) costs. Kernels of a few
// milliseconds time too noisily on a shared machine to show a cost of
// about a nanosecond per operation, so it is measured where it is large:
// remote_reads.upc makes THREADS=2 x 4096 x 400 remote reads, run
// alternately with the matrix and without it (UPCR_NO_PAIRS), 9 times
// each; ns/remote-op is the median difference of the loop's CPU time
// per remote read (CPU time: wall time moves by more than the cost on a
// loaded machine).
// Then each kernel of testdata/kernels runs at THREADS=4 with statistics
// and its estimated overhead is its remote operations (fine-grained,
// bulk and collective transfers: the matrix's cells) times that cost
// over its wall time on min(4, cores) cores, as a percentage (%est); %measured is the median
// ratio of 5 alternating runs with and without the matrix (noisy:
// several percent either way on a busy machine).
func BenchmarkPairsOverhead(b *testing.B) {
	ctx := context.Background()
	var micro string
	build := func(path string) string {
		c, _, err := translate.TranslateFile(path, &grammar.Config{IncludeDirs: []string{filepath.Dir(path)}}, translate.Options{})
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(path), ".upc")
		bin, err := Build(ctx, []Source{{Name: name + ".c", Code: c}}, BuildOptions{CacheDir: testCache})
		if err != nil {
			b.Fatal(err)
		}
		return bin
	}
	runRes := func(bin string, threads int, args []string, env ...string) *Result {
		res, err := Run(ctx, bin, Options{Threads: threads, Args: args, Env: env})
		if err != nil || res.Err() != nil || res.Stats == nil {
			b.Fatalf("%s: %v %v", bin, err, res.Err())
		}
		return res
	}
	run := func(bin string, threads int, args []string, env ...string) *Stats {
		return runRes(bin, threads, args, env...).Stats
	}
	// cpu is the loop's CPU time per remote read, averaged over the threads
	cpu := func(env ...string) float64 {
		res := runRes(micro, 2, []string{"400"}, env...)
		var ns float64
		for _, th := range res.Threads {
			var sum, t float64
			if _, err := fmt.Sscan(string(th.Stdout), &sum, &t); err != nil {
				b.Fatalf("remote_reads printed %q", th.Stdout)
			}
			ns += t
		}
		return ns / float64(res.Stats.Total.RemoteOps())
	}
	micro = build(filepath.Join(benchDir, "remote_reads.upc"))
	var perOp, base float64 // ns per remote operation: the matrix's, the read's without it
	b.Run("remote_reads", func(b *testing.B) {
		for b.Loop() {
			var d, bs []float64
			for i := range 9 {
				var w, wo float64
				if i%2 == 0 {
					w, wo = cpu(), cpu("UPCR_NO_PAIRS=1")
				} else {
					wo, w = cpu("UPCR_NO_PAIRS=1"), cpu()
				}
				d, bs = append(d, w-wo), append(bs, wo)
			}
			perOp, base = median(d), median(bs)
		}
		b.ReportMetric(perOp, "ns/remote-op")
		b.ReportMetric(base, "ns/remote-op-without")
	})
	kernels, err := filepath.Glob("../testdata/kernels/*.upc")
	if err != nil || len(kernels) == 0 {
		b.Fatalf("kernels: %v", err)
	}
	var est []float64
	for _, k := range kernels {
		name := strings.TrimSuffix(filepath.Base(k), ".upc")
		if name == "barrier_bug" { // deadlocks on purpose
			continue
		}
		bin := build(k)
		b.Run(name, func(b *testing.B) {
			var e, ratio, wall float64
			for b.Loop() {
				var rs, ws, es []float64
				for i := range 5 {
					var w, wo *Stats
					if i%2 == 0 {
						w, wo = run(bin, 4, nil), run(bin, 4, nil, "UPCR_NO_PAIRS=1")
					} else {
						wo, w = run(bin, 4, nil, "UPCR_NO_PAIRS=1"), run(bin, 4, nil)
					}
					var ops uint64
					for _, p := range w.Pairs {
						ops += p.Ops
					}
					// the operations are spread over the cores the 4 threads run on
					es = append(es, 100*float64(ops)*max(perOp, 0)/float64(min(4, goruntime.NumCPU()))/(w.WallSeconds*1e9))
					rs, ws = append(rs, w.WallSeconds/wo.WallSeconds), append(ws, w.WallSeconds)
				}
				e, ratio, wall = median(es), median(rs), median(ws)
			}
			b.ReportMetric(e, "%est")
			b.ReportMetric(100*(ratio-1), "%measured")
			b.ReportMetric(wall*1e3, "ms")
			est = append(est, e)
		})
	}
	b.Run("max", func(b *testing.B) {
		for b.Loop() {
		}
		m := 0.0
		for _, e := range est {
			m = max(m, e)
		}
		b.ReportMetric(m, "%est")
	})
}
