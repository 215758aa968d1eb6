package bench

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/upclint/upclint/checks/rules/all"
)

// TestGenerateSmallKernel runs the generator end to end on one small
// kernel (THREADS 1 and 2, one run each, no Go benchmarks), so CI stays
// quick; the full suite is `go run ./bench/cmd/benchmarks`.
func TestGenerateSmallKernel(t *testing.T) {
	if testing.Short() {
		t.Log("-short: the measurement itself is skipped, parsing and plotting are still tested")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "BENCHMARKS.md")
	opts := Options{Root: "..", Out: out, PlotsDir: filepath.Join(dir, "plots"),
		Kernels: []string{filepath.Join("..", "testdata", "kernels", "fig1.upc")},
		Config:  Config{Threads: []int{1, 2}, Reps: 1, Inject: true}, Command: "test"}
	if testing.Short() {
		opts.Kernels = []string{}
	}
	r, err := Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# upclint benchmarks", "## 2. upclint's own speed", "o = 0.3 µs"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("document lacks %q", want)
		}
	}
	for _, p := range []string{"speedup.svg", "inject_speedup.svg", "messages.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, "plots", p))
		if err != nil || !strings.HasPrefix(string(b), "<svg") || !strings.HasSuffix(string(b), "</svg>\n") {
			t.Errorf("plot %s: %v", p, err)
		}
	}
	if testing.Short() {
		return
	}
	if len(r.Kernels) != 1 {
		t.Fatalf("%d kernels measured, want 1", len(r.Kernels))
	}
	k := r.Kernels[0]
	if !k.Changed || !k.Validated || len(k.Points) != 2 {
		t.Fatalf("fig1: changed=%v validated=%v points=%d note=%q", k.Changed, k.Validated, len(k.Points), k.Note)
	}
	p := k.Points[1]
	if p.Before.RemoteOps <= p.After.RemoteOps || p.ModeledSpeedup() <= 1 {
		t.Errorf("fig1 THREADS=2: remote ops %d → %d, modeled speedup %.2f: the fix should coalesce",
			p.Before.RemoteOps, p.After.RemoteOps, p.ModeledSpeedup())
	}
	if p.Before.Wall.N != 1 || p.Before.WallInject.N != 1 {
		t.Errorf("samples: %d wall, %d injected, want 1 each", p.Before.Wall.N, p.Before.WallInject.N)
	}
	if !strings.Contains(string(doc), "`fig1.upc`") {
		t.Error("document lacks the fig1 row")
	}
}

func TestParseBench(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkCheckFrontEnd-2   	       1	1712077739 ns/op	    102776 lines/cpu-s	     58694 lines/s
BenchmarkCheckFrontEnd-2   	       1	1612077739 ns/op	    100000 lines/cpu-s	     60000 lines/s
BenchmarkRules/all-2       	       2	 264013055 ns/op	      1931 B/line
PASS
`)
	ls := ParseBench(out)
	if len(ls) != 2 || ls[0].Name != "BenchmarkCheckFrontEnd" || ls[1].Name != "BenchmarkRules/all" {
		t.Fatalf("parsed %+v", ls)
	}
	s := Summarise(ls[0].Metrics["lines/s"])
	if s.N != 2 || s.Min != 58694 || s.Max != 60000 || s.Median != (58694+60000)/2.0 {
		t.Errorf("lines/s sample %+v", s)
	}
	if got := ls[0].SortedUnits(); got[len(got)-1] != "ns/op" {
		t.Errorf("units %v: ns/op should be last", got)
	}
}

func TestSummarise(t *testing.T) {
	s := Summarise([]float64{5, 1, 3, 2, 4})
	if s.Median != 3 || s.Min != 1 || s.Max != 5 || s.N != 5 {
		t.Errorf("%+v", s)
	}
}

func TestReadSeeds(t *testing.T) {
	seeds, err := ReadSeeds(filepath.Join("..", "testdata", "kernels", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name := range seedFigures {
		if _, ok := seeds[name]; !ok {
			t.Errorf("%s: no row in testdata/kernels/README.md", name)
		}
	}
	if s := seeds["matvec.upc"]; !strings.Contains(s.Reports, "100x") {
		t.Errorf("matvec seed figure %q", s.Reports)
	}
}

// TestScalingGrowth classifies synthetic series: a + b·log2 T is
// logarithmic, a + c·T linear, and the two-term fit recovers both.
func TestScalingGrowth(t *testing.T) {
	s := &Scaling{}
	for T := 2; T <= 512; T *= 2 {
		lg := math.Log2(float64(T))
		s.Points = append(s.Points, ScalingPoint{Threads: T,
			Orig:  time.Duration(1000 + 300*float64(T) + 2000*lg),
			Fixed: time.Duration(5000 * lg)})
	}
	o, f := s.Growth(false), s.Growth(true)
	if o.Kind != "linear" || f.Kind != "logarithmic" {
		t.Errorf("kinds %q, %q; want linear, logarithmic", o.Kind, f.Kind)
	}
	if math.Abs(o.C-300) > 1 || math.Abs(o.B-2000) > 5 || math.Abs(f.B-5000) > 1 || math.Abs(f.C) > 0.01 {
		t.Errorf("fits: orig %+v fixed %+v", o, f)
	}
	if f.R2Log < 0.999 || f.R2Log <= f.R2Linear {
		t.Errorf("fixed R² log %.4f linear %.4f", f.R2Log, f.R2Linear)
	}
	// 1000+300T+2000·lg vs 5000·lg: 20600 vs 25000 at T = 32, 32200 vs 30000 at 64
	if x := s.Crossover(); x != 64 {
		t.Errorf("crossover %d, want 64", x)
	}
}
