package runtime

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime/translate"
)

// BenchmarkPairsOverhead measures what recording the communication matrix
// (the target thread of every remote operation) costs: each kernel of
// testdata/kernels runs at THREADS=4 with statistics, alternately with
// the matrix and without it (UPCR_NO_PAIRS), 7 times each; the metric is
// the median of the per-round ratios of the program's own wall time
// (wall_seconds), as a percentage, per kernel and over all (the ratio of
// the summed medians).
func BenchmarkPairsOverhead(b *testing.B) {
	kernels, err := filepath.Glob("../testdata/kernels/*.upc")
	if err != nil || len(kernels) == 0 {
		b.Fatalf("kernels: %v", err)
	}
	ctx := context.Background()
	var sumWith, sumWithout float64
	for _, k := range kernels {
		name := strings.TrimSuffix(filepath.Base(k), ".upc")
		if name == "barrier_bug" { // deadlocks on purpose
			continue
		}
		c, _, err := translate.TranslateFile(k, &grammar.Config{IncludeDirs: []string{filepath.Dir(k)}}, translate.Options{})
		if err != nil {
			b.Fatal(err)
		}
		bin, err := Build(ctx, []Source{{Name: name + ".c", Code: c}}, BuildOptions{CacheDir: testCache})
		if err != nil {
			b.Fatal(err)
		}
		wall := func(env ...string) float64 {
			res, err := Run(ctx, bin, Options{Threads: 4, Env: env})
			if err != nil || res.Err() != nil || res.Stats == nil {
				b.Fatalf("%s: %v %v", name, err, res.Err())
			}
			return res.Stats.WallSeconds
		}
		b.Run(name, func(b *testing.B) {
			var ratio, with, without float64
			for b.Loop() {
				var rs, ws, wos []float64
				for range 7 {
					w, wo := wall(), wall("UPCR_NO_PAIRS=1")
					rs, ws, wos = append(rs, w/wo), append(ws, w), append(wos, wo)
				}
				ratio, with, without = median(rs), median(ws), median(wos)
			}
			b.ReportMetric(100*(ratio-1), "%overhead")
			b.ReportMetric(with*1e3, "ms-with")
			b.ReportMetric(without*1e3, "ms-without")
			sumWith += with
			sumWithout += without
		})
	}
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
		}
		if sumWithout > 0 {
			b.ReportMetric(100*(sumWith/sumWithout-1), "%overhead")
		}
	})
}
