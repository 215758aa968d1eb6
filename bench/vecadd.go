package bench

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/rules/forall"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// ForallSetting is the original and the forall-fixed vecadd translated one
// way, at every THREADS count measured.
type ForallSetting struct {
	NoFastLoop bool // translate.Options.NoFastLoop
	// Per THREADS count (ForallResult.Threads): wall seconds of each
	// version, and the per-round original/fixed ratios.
	Orig, Fixed []Sample
	Speedup     []Sample
}

// Scaling returns a version's median wall time at THREADS=1 over the one
// at index i (0 when not measured).
func (s *ForallSetting) Scaling(fixed bool, i int) float64 {
	v := s.Orig
	if fixed {
		v = s.Fixed
	}
	if i >= len(v) || len(v) == 0 || v[i].Median <= 0 {
		return 0
	}
	return v[0].Median / v[i].Median
}

// ForallResult is the computation-side measurement of the forall fix on
// vecadd.upc (seed 001 Figure 9), with and without the translator's
// single-thread loop versions.
type ForallResult struct {
	Kernel   string
	Defines  []string
	Threads  []int
	Runs     int
	Settings []ForallSetting // the usual translation, then NoFastLoop
	Note     string
	Elapsed  time.Duration
}

// MeasureForall fixes path with the forall rule only (as `upclint fix
// --rules forall`), builds original and fixed with and without
// translate.Options.NoFastLoop, and runs the four binaries alternately
// runs times at each THREADS count; the figure is the runtime's
// wall_seconds.
func MeasureForall(ctx context.Context, path string, defines []string, threads []int, runs int, cfg Config) *ForallResult {
	cfg.defaults()
	t0 := time.Now()
	r := &ForallResult{Kernel: filepath.Base(path), Defines: defines, Threads: threads, Runs: runs}
	defer func() { r.Elapsed = time.Since(t0) }()
	gcfg := grammar.Config{Defines: defines}
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{Jobs: 1, Config: gcfg}, Rules: []string{forall.Name}})
	if res.Err != nil {
		r.Note = res.Err.Error()
		return r
	}
	if !res.Changed() {
		r.Note = "no forall fix applied"
		return r
	}
	var bins [2][2]string // [setting][orig, fixed]
	for si, nofast := range []bool{false, true} {
		for vi, src := range [][]byte{res.Original, res.Fixed} {
			bin, err := buildWith(ctx, path, src, cfg.CC, gcfg, translate.Options{NoFastLoop: nofast})
			if err != nil {
				r.Note = "build: " + err.Error()
				return r
			}
			bins[si][vi] = bin
		}
		r.Settings = append(r.Settings, ForallSetting{NoFastLoop: nofast})
	}
	for _, n := range threads {
		cfg.Log("  %s forall THREADS=%d", r.Kernel, n)
		var walls [2][2][]float64
		for range runs {
			for si := range bins {
				for vi := range bins[si] {
					w, err := wallOf(ctx, bins[si][vi], n, cfg)
					if err != nil {
						r.Note = fmt.Sprintf("THREADS=%d: %v", n, err)
						return r
					}
					walls[si][vi] = append(walls[si][vi], w)
				}
			}
		}
		for si := range r.Settings {
			s := &r.Settings[si]
			var ratios []float64
			for i := range runs {
				ratios = append(ratios, walls[si][0][i]/walls[si][1][i])
			}
			s.Orig = append(s.Orig, Summarise(walls[si][0]))
			s.Fixed = append(s.Fixed, Summarise(walls[si][1]))
			s.Speedup = append(s.Speedup, Summarise(ratios))
		}
	}
	return r
}

// wallOf runs bin once and returns the runtime's wall_seconds.
func wallOf(ctx context.Context, bin string, n int, cfg Config) (float64, error) {
	r, err := runtime.Run(ctx, bin, runtime.Options{Threads: n, Timeout: cfg.Timeout})
	if err != nil {
		return 0, err
	}
	if err := r.Err(); err != nil {
		return 0, err
	}
	if !okLine.Match(r.Stdout) {
		return 0, fmt.Errorf("no OK line in the output: %q", strings.TrimSpace(string(r.Stdout)))
	}
	if r.Stats != nil && r.Stats.WallSeconds > 0 {
		return r.Stats.WallSeconds, nil
	}
	return r.Wall.Seconds(), nil
}

// forallDefines are the macros of the generator's vecadd measurement:
// loops long enough to dominate start-up, short enough for the budget.
func forallDefines(n, reps int) []string {
	return []string{"N=" + strconv.Itoa(n), "REPS=" + strconv.Itoa(reps)}
}
