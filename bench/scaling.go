package bench

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// ScalingPoint is the modeled communication time of the original and the
// fixed kernel at one THREADS count.
type ScalingPoint struct {
	Threads     int
	Orig, Fixed time.Duration
}

// Scaling is how a kernel's modeled communication time grows with
// THREADS, original and fixed (`upclint fix --unsafe`).
type Scaling struct {
	Kernel  string   // file name, e.g. "allreduce.upc"
	Defines []string // macros the runs were built with, e.g. ITERATIONS=5
	Points  []ScalingPoint
	Note    string // why the table is incomplete
	Elapsed time.Duration
}

// MeasureScaling fixes the kernel at path with every rule (unsafe fixes
// included), builds both versions with defines and runs each once per
// THREADS count in threads (the modeled time is deterministic); both
// versions must print the same OK line.
func MeasureScaling(ctx context.Context, path string, defines []string, threads []int, cfg Config) *Scaling {
	cfg.defaults()
	t0 := time.Now()
	s := &Scaling{Kernel: filepath.Base(path), Defines: defines}
	defer func() { s.Elapsed = time.Since(t0) }()
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{Jobs: 1}, Unsafe: true})
	if res.Err != nil {
		s.Note = res.Err.Error()
		return s
	}
	if !res.Changed() {
		s.Note = "no fix applied"
		return s
	}
	binA, err := buildDefs(ctx, path, res.Original, cfg.CC, defines)
	if err != nil {
		s.Note = "build original: " + err.Error()
		return s
	}
	binB, err := buildDefs(ctx, path, res.Fixed, cfg.CC, defines)
	if err != nil {
		s.Note = "build fixed: " + err.Error()
		return s
	}
	run := func(bin string, n int) (time.Duration, string, error) {
		r, err := runtime.Run(ctx, bin, runtime.Options{Threads: n, Net: &cfg.Net, Timeout: cfg.Timeout})
		if err != nil {
			return 0, "", err
		}
		if err := r.Err(); err != nil {
			return 0, "", err
		}
		if !okLine.Match(r.Stdout) || r.Stats == nil {
			return 0, "", fmt.Errorf("no OK line or no statistics: %q", strings.TrimSpace(string(r.Stdout)))
		}
		return r.Stats.Modeled(), string(r.Stdout), nil
	}
	for _, n := range threads {
		cfg.Log("  %s scaling THREADS=%d", s.Kernel, n)
		a, outA, err := run(binA, n)
		if err != nil {
			s.Note = fmt.Sprintf("original, THREADS=%d: %v", n, err)
			return s
		}
		b, outB, err := run(binB, n)
		if err != nil {
			s.Note = fmt.Sprintf("fixed, THREADS=%d: %v", n, err)
			return s
		}
		if outA != outB {
			s.Note = fmt.Sprintf("THREADS=%d: outputs differ: %q vs %q", n, outA, outB)
			return s
		}
		s.Points = append(s.Points, ScalingPoint{Threads: n, Orig: a, Fixed: b})
	}
	return s
}

// Growth describes how one version's modeled time grows with THREADS.
type Growth struct {
	PerDoubling []float64 // increments between consecutive points, ns
	LastRatio   float64   // last increment over the one before (≈1: logarithmic, ≈2: linear)
	// Two-term least squares time ≈ A + B·log2 T + C·T, ns.
	A, B, C float64
	// R² of the one-term fits time ≈ a + b·T and time ≈ a + b·log2 T.
	R2Linear, R2Log float64
	Kind            string // "linear", "logarithmic" or "between", from LastRatio
}

// Growth analyses the original (fixed = false) or the fixed version.
func (s *Scaling) Growth(fixed bool) Growth {
	var xs, ys []float64
	for _, p := range s.Points {
		v := p.Orig
		if fixed {
			v = p.Fixed
		}
		xs = append(xs, float64(p.Threads))
		ys = append(ys, float64(v))
	}
	var g Growth
	for i := 1; i < len(ys); i++ {
		g.PerDoubling = append(g.PerDoubling, ys[i]-ys[i-1])
	}
	if k := len(g.PerDoubling); k >= 2 && g.PerDoubling[k-2] > 0 {
		g.LastRatio = g.PerDoubling[k-1] / g.PerDoubling[k-2]
	}
	switch {
	case g.LastRatio >= 1.6:
		g.Kind = "linear"
	case g.LastRatio > 0 && g.LastRatio <= 1.2:
		g.Kind = "logarithmic"
	default:
		g.Kind = "between"
	}
	lg := make([]float64, len(xs))
	for i, x := range xs {
		lg[i] = math.Log2(x)
	}
	g.R2Linear = r2(xs, ys)
	g.R2Log = r2(lg, ys)
	if c, ok := lsq3(lg, xs, ys); ok {
		g.A, g.B, g.C = c[0], c[1], c[2]
	}
	return g
}

// Crossover is the smallest measured THREADS count from which on the fixed
// version's modeled time stays below the original's (0: never).
func (s *Scaling) Crossover() int {
	at := 0
	for i := len(s.Points) - 1; i >= 0; i-- {
		if s.Points[i].Fixed >= s.Points[i].Orig {
			break
		}
		at = s.Points[i].Threads
	}
	return at
}

// r2 is the coefficient of determination of the least-squares line y ≈ a + b·x.
func r2(x, y []float64) float64 {
	n := float64(len(x))
	if n < 3 {
		return 0
	}
	var sx, sy, sxx, sxy, syy float64
	for i := range x {
		sx, sy = sx+x[i], sy+y[i]
		sxx, sxy, syy = sxx+x[i]*x[i], sxy+x[i]*y[i], syy+y[i]*y[i]
	}
	vx, vy, cxy := sxx-sx*sx/n, syy-sy*sy/n, sxy-sx*sy/n
	if vx <= 0 || vy <= 0 {
		return 0
	}
	return cxy * cxy / (vx * vy)
}

// lsq3 fits y ≈ c0 + c1·u + c2·v by least squares (normal equations,
// Gaussian elimination with partial pivoting).
func lsq3(u, v, y []float64) ([3]float64, bool) {
	var m [3][4]float64
	for i := range y {
		row := [3]float64{1, u[i], v[i]}
		for r := range 3 {
			for c := range 3 {
				m[r][c] += row[r] * row[c]
			}
			m[r][3] += row[r] * y[i]
		}
	}
	for col := range 3 {
		p := col
		for r := col + 1; r < 3; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[p][col]) {
				p = r
			}
		}
		if math.Abs(m[p][col]) < 1e-12 {
			return [3]float64{}, false
		}
		m[col], m[p] = m[p], m[col]
		for r := range 3 {
			if r == col {
				continue
			}
			f := m[r][col] / m[col][col]
			for c := col; c < 4; c++ {
				m[r][c] -= f * m[col][c]
			}
		}
	}
	return [3]float64{m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]}, true
}

// buildDefs is build with macros defined (NAME=VALUE).
func buildDefs(ctx context.Context, path string, src []byte, cc string, defines []string) (string, error) {
	return buildWith(ctx, path, src, cc, grammar.Config{Defines: defines}, translate.Options{})
}
