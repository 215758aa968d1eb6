package bench

import (
	"fmt"
	"math"
	"strings"
)

// A small SVG plotter: line charts over a log2 x axis and grouped bar
// charts over a log10 y axis, enough for BENCHMARKS.md.

// Series is one named line of a line chart.
type Series struct {
	Name string
	X, Y []float64 // Y <= 0 is a missing point
}

var palette = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39"}

func esc(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}

type canvas struct {
	b                      strings.Builder
	w, h                   float64
	left, right, top, bott float64 // plot area margins
}

func newCanvas(w, h, left, right, top, bottom float64, title string) *canvas {
	c := &canvas{w: w, h: h, left: left, right: right, top: top, bott: bottom}
	fmt.Fprintf(&c.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&c.b, `<rect width="%g" height="%g" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&c.b, `<text x="%g" y="20" text-anchor="middle" font-size="15" font-weight="bold">%s</text>`+"\n", w/2, esc(title))
	return c
}

func (c *canvas) px(fx float64) float64 { return c.left + fx*(c.w-c.left-c.right) }
func (c *canvas) py(fy float64) float64 { return c.h - c.bott - fy*(c.h-c.top-c.bott) }

func (c *canvas) text(x, y float64, anchor, s string, extra string) {
	fmt.Fprintf(&c.b, `<text x="%.1f" y="%.1f" text-anchor="%s"%s>%s</text>`+"\n", x, y, anchor, extra, esc(s))
}

func (c *canvas) line(x1, y1, x2, y2 float64, stroke string, width float64, dash string) {
	d := ""
	if dash != "" {
		d = fmt.Sprintf(` stroke-dasharray="%s"`, dash)
	}
	fmt.Fprintf(&c.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%g"%s/>`+"\n", x1, y1, x2, y2, stroke, width, d)
}

func (c *canvas) frame(xlabel, ylabel string) {
	fmt.Fprintf(&c.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="black"/>`+"\n",
		c.left, c.top, c.w-c.left-c.right, c.h-c.top-c.bott)
	c.text((c.px(0)+c.px(1))/2, c.h-8, "middle", xlabel, "")
	y := (c.py(0) + c.py(1)) / 2
	c.text(16, y, "middle", ylabel, fmt.Sprintf(` transform="rotate(-90 16 %.1f)"`, y))
}

func (c *canvas) done() string {
	c.b.WriteString("</svg>\n")
	return c.b.String()
}

// logRange returns decade bounds covering the positive values of ys.
func logRange(ys []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, y := range ys {
		if y > 0 {
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
	}
	if math.IsInf(lo, 1) {
		return 0, 1
	}
	lo, hi = math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if hi <= lo {
		hi = lo + 1
	}
	return lo, hi
}

func decadeLabel(e float64) string {
	v := math.Pow(10, e)
	switch {
	case e >= 6 || e <= -3:
		return fmt.Sprintf("1e%d", int(e))
	case v >= 1:
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprintf("%g", v)
	}
}

func (c *canvas) logYAxis(lo, hi float64) func(float64) float64 {
	fy := func(y float64) float64 { return c.py((math.Log10(y) - lo) / (hi - lo)) }
	for e := lo; e <= hi; e++ {
		y := c.py((e - lo) / (hi - lo))
		c.line(c.px(0), y, c.px(1), y, "#ddd", 1, "")
		c.text(c.left-6, y+4, "end", decadeLabel(e), "")
		for k := 2.0; k < 10 && e < hi; k++ {
			yy := c.py((e + math.Log10(k) - lo) / (hi - lo))
			c.line(c.px(0), yy, c.px(0)+4, yy, "#999", 1, "")
		}
	}
	return fy
}

// LineChart plots series over a log2 x axis (THREADS) and a log10 y axis,
// with a dashed reference line at y = ref when ref > 0.
func LineChart(title, xlabel, ylabel string, series []Series, ref float64) string {
	legendW := 150.0
	c := newCanvas(760, 440, 60, 20+legendW, 34, 40, title)
	var xs, ys []float64
	for _, s := range series {
		for i := range s.X {
			if s.Y[i] > 0 {
				xs, ys = append(xs, s.X[i]), append(ys, s.Y[i])
			}
		}
	}
	if ref > 0 {
		ys = append(ys, ref)
	}
	xlo, xhi := 0.0, 1.0
	if len(xs) > 0 {
		xlo, xhi = math.Inf(1), math.Inf(-1)
		for _, x := range xs {
			xlo, xhi = math.Min(xlo, math.Log2(x)), math.Max(xhi, math.Log2(x))
		}
		if xhi <= xlo {
			xhi = xlo + 1
		}
	}
	fx := func(x float64) float64 { return c.px((math.Log2(x) - xlo) / (xhi - xlo)) }
	lo, hi := logRange(ys)
	fy := c.logYAxis(lo, hi)
	for e := xlo; e <= xhi; e++ {
		x := c.px((e - xlo) / (xhi - xlo))
		c.line(x, c.py(0), x, c.py(0)+4, "black", 1, "")
		c.text(x, c.py(0)+16, "middle", fmt.Sprintf("%.0f", math.Pow(2, e)), "")
	}
	c.frame(xlabel, ylabel)
	if ref > 0 {
		c.line(c.px(0), fy(ref), c.px(1), fy(ref), "black", 1, "4 3")
	}
	for i, s := range series {
		col := palette[i%len(palette)]
		var pts []string
		for j := range s.X {
			if s.Y[j] <= 0 {
				continue
			}
			x, y := fx(s.X[j]), fy(s.Y[j])
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
			fmt.Fprintf(&c.b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s THREADS=%g: %.3g</title></circle>`+"\n", x, y, col, esc(s.Name), s.X[j], s.Y[j])
		}
		if len(pts) > 1 {
			fmt.Fprintf(&c.b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(pts, " "), col)
		}
		ly := c.top + 10 + float64(i)*18
		lx := c.w - legendW - 5
		c.line(lx, ly, lx+20, ly, col, 3, "")
		c.text(lx+26, ly+4, "start", s.Name, "")
	}
	return c.done()
}

// BarGroup is one category of a grouped bar chart: one value per bar
// name (<= 0: no bar).
type BarGroup struct {
	Name   string
	Values []float64
}

// BarChart draws grouped bars over a log10 y axis.
func BarChart(title, ylabel string, barNames []string, groups []BarGroup) string {
	c := newCanvas(math.Max(520, 90+float64(len(groups))*60), 460, 60, 20, 50, 90, title)
	var ys []float64
	for _, g := range groups {
		ys = append(ys, g.Values...)
	}
	lo, hi := logRange(ys)
	fy := c.logYAxis(lo, hi)
	c.frame("", ylabel)
	gw := (c.px(1) - c.px(0)) / float64(max(1, len(groups)))
	bw := gw * 0.8 / float64(max(1, len(barNames)))
	base := c.py(0)
	for gi, g := range groups {
		x0 := c.px(0) + float64(gi)*gw + gw*0.1
		for bi, v := range g.Values {
			if v <= 0 {
				continue
			}
			y := fy(v)
			fmt.Fprintf(&c.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s: %.0f</title></rect>`+"\n",
				x0+float64(bi)*bw, y, bw-1, base-y, palette[bi%len(palette)], esc(g.Name), esc(barNames[bi]), v)
		}
		cx := x0 + gw*0.4
		c.text(cx, base+12, "end", g.Name, fmt.Sprintf(` transform="rotate(-40 %.1f %.1f)"`, cx, base+12))
	}
	for bi, n := range barNames {
		lx := c.left + float64(bi)*170
		fmt.Fprintf(&c.b, `<rect x="%.1f" y="30" width="14" height="12" fill="%s"/>`+"\n", lx, palette[bi%len(palette)])
		c.text(lx+18, 41, "start", n, "")
	}
	return c.done()
}
