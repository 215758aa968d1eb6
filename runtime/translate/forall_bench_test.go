package translate_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all"
	"github.com/upclint/upclint/checks/rules/forall"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// BenchmarkForallVecadd measures the computation-side gain of the forall
// fix (seed 001 §7, Figures 8-9: removing the per-iteration affinity test
// was more than 20% faster sequentially and scaled linearly). It builds
// testdata/kernels/vecadd.upc and its forall-fixed version (package fixes,
// as upclint fix --rules forall) with a size where the loops dominate
// (-DN=1<<20, -DREPS=16; override with UPCLINT_VECADD_N and
// UPCLINT_VECADD_REPS), each translated twice: as usual ("fast") and with
// translate.Options.NoFastLoop ("nofast"). Under dynamic THREADS the usual
// translation emits a single-thread version of such loops (fastloop.go)
// in which a upc_forall has no affinity test at all, so at THREADS=1 there
// is little left for the fix to remove; without it every iteration tests
// its affinity, as in the seed's compiler. In both settings the loops the
// fix produces (step THREADS, the two-level block-cyclic loop, the
// indefinite array's one test) are privatized (privloop.go): their
// accesses become local loads and stores at a strength-reduced index,
// which the per-iteration affinity test keeps the original's upc_forall
// from (seed §7: the branches "inhibit many useful loop optimizations").
// Without single-thread versions the fixed kernel is then several times
// faster at every THREADS; with them the two are close at THREADS=1,
// where both run the same single-thread loops. The four binaries run
// alternately UPCLINT_VECADD_RUNS times (default 7) at THREADS 1, 2 and 4;
// the benchmark reports per setting the medians of the original/fixed
// ratios of the runtime's wall_seconds and of the CPU time of the run's
// processes, and the scaling of each version against its THREADS=1 median
// wall time (UPCLINT_VECADD_DEBUG=1 logs every run). Run with
//
//	go test ./runtime/translate -run '^$' -bench ForallVecadd -benchtime 1x -v
func BenchmarkForallVecadd(b *testing.B) {
	path := "../../testdata/kernels/vecadd.upc"
	n := envInt("UPCLINT_VECADD_N", 1<<20)
	reps := envInt("UPCLINT_VECADD_REPS", 16)
	runs := envInt("UPCLINT_VECADD_RUNS", 7)
	cfg := grammar.Config{Defines: []string{"N=" + strconv.Itoa(n), "REPS=" + strconv.Itoa(reps)}}
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{Config: cfg}, Rules: []string{forall.Name}})
	if res.Err != nil {
		b.Fatal(res.Err)
	}
	if len(res.Applied) == 0 {
		b.Fatal("no forall fix applied")
	}
	type variant struct{ setting, version, bin string }
	var vs []variant
	for _, setting := range []string{"fast", "nofast"} {
		o := translate.Options{NoFastLoop: setting == "nofast"}
		vs = append(vs, variant{setting, "orig", buildVariant(b, path, cfg, nil, o)},
			variant{setting, "fixed", buildVariant(b, path, cfg, res.Fixed, o)})
	}
	for range b.N {
		wall1 := map[string]float64{}
		for _, threads := range []int{1, 2, 4} {
			walls, cpus := map[string][]float64{}, map[string][]float64{}
			for range runs {
				for _, v := range vs {
					w, c := timeRun(b, v.bin, threads)
					walls[v.setting+"-"+v.version] = append(walls[v.setting+"-"+v.version], w)
					cpus[v.setting+"-"+v.version] = append(cpus[v.setting+"-"+v.version], c)
					if os.Getenv("UPCLINT_VECADD_DEBUG") != "" {
						b.Logf("T=%d %s %s wall %.3f cpu %.3f", threads, v.setting, v.version, w, c)
					}
				}
			}
			t := "T" + strconv.Itoa(threads)
			for _, setting := range []string{"fast", "nofast"} {
				var wallRatio, cpuRatio []float64
				for i := range runs {
					wallRatio = append(wallRatio, walls[setting+"-orig"][i]/walls[setting+"-fixed"][i])
					cpuRatio = append(cpuRatio, cpus[setting+"-orig"][i]/cpus[setting+"-fixed"][i])
				}
				mw, mc := median(wallRatio), median(cpuRatio)
				b.ReportMetric(mw, t+"-"+setting+"-wall-speedup")
				b.ReportMetric(mc, t+"-"+setting+"-cpu-speedup")
				line := ""
				for _, v := range []string{"orig", "fixed"} {
					k := setting + "-" + v
					w := median(walls[k])
					if threads == 1 {
						wall1[k] = w
					} else {
						b.ReportMetric(wall1[k]/w, t+"-"+k+"-scaling")
						line += " " + v + " scaling " + strconv.FormatFloat(wall1[k]/w, 'f', 2, 64) + "x"
					}
					line += " " + v + " median wall " + strconv.FormatFloat(w, 'f', 3, 64) + " s"
				}
				b.Logf("vecadd N=%d REPS=%d THREADS=%d %s: original/fixed median ratio wall %.3fx, CPU %.3fx;%s",
					n, reps, threads, setting, mw, mc, line)
			}
		}
	}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// buildVariant translates (with o) and compiles the kernel (src replaces
// its text when not nil).
func buildVariant(b *testing.B, path string, cfg grammar.Config, src []byte, o translate.Options) string {
	b.Helper()
	o.Source = src
	_, bin, err := compile(path, &cfg, o, runtime.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return bin
}

// timeRun runs bin and returns the runtime's wall_seconds and the CPU time
// (user + system) of the launcher and the threads it waited for.
func timeRun(b *testing.B, bin string, threads int) (wall, cpu float64) {
	b.Helper()
	var before, after syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &before)
	res, err := runtime.Run(context.Background(), bin, runtime.Options{Threads: threads, Timeout: 5 * time.Minute})
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &after)
	if err != nil {
		b.Fatal(err)
	}
	if res.Status != 0 || !strings.Contains(string(res.Stdout), " OK") {
		b.Fatalf("THREADS=%d: status %d:\n%s%s", threads, res.Status, res.Stdout, res.Stderr)
	}
	wall = res.Wall.Seconds()
	if res.Stats != nil && res.Stats.WallSeconds > 0 {
		wall = res.Stats.WallSeconds
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	cpu = tv(after.Utime) - tv(before.Utime) + tv(after.Stime) - tv(before.Stime)
	return wall, cpu
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
