// Package profile writes the communication of a run as one self-contained
// HTML page: the source shaded line by line by its remote operations, the
// THREADS x THREADS communication matrix as a heatmap and per-thread
// totals as bars (upclint run --profile), and the before/after view of
// validated fixes (upclint fix --validate --report). The page needs no
// network: its CSS, script and pictures are inline.
//
// Per-line summaries follow Berkeley UPC's upc_trace; the matrix is the
// communication matrix of TAU, Scalasca and Vampir.
package profile

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/upclint/upclint/runtime"
)

//go:embed page.css
var pageCSS string

//go:embed page.js
var pageJS string

// Finding is a finding of check shown on its line.
type Finding struct {
	Line     int
	Severity string // "error", "warning", "note"
	Rule     string
	Message  string
}

// Source is one translation unit of the program.
type Source struct {
	Path     string
	Text     []byte
	Findings []Finding
}

// Profile is what run --profile shows.
type Profile struct {
	Title   string
	Stats   *runtime.Stats
	Sources []Source
}

// levels is the number of shades of a line.
const levels = 8

// lineCost is one line's communication.
type lineCost struct {
	reads, writes, bytes, bulk, bulkBytes uint64
	threads                               int
	ns                                    float64
}

func (c *lineCost) ops() uint64 { return c.reads + c.writes + c.bulk }

// costs indexes the per-line statistics of s by file (base name, as the
// runtime's names may be relative) and line, with each line's modeled
// cost 2o+2L+nG per operation (what its initiators pay).
func costs(s *runtime.Stats) map[string]map[int]*lineCost {
	m := map[string]map[int]*lineCost{}
	if s == nil {
		return m
	}
	for _, l := range s.Lines {
		k := filepath.Base(l.File)
		if m[k] == nil {
			m[k] = map[int]*lineCost{}
		}
		c := m[k][l.Line]
		if c == nil {
			c = &lineCost{}
			m[k][l.Line] = c
		}
		c.reads += l.RemoteReads
		c.writes += l.RemoteWrites
		c.bytes += l.RemoteBytes
		c.bulk += l.Bulk
		c.bulkBytes += l.BulkBytes
		c.threads = max(c.threads, l.Threads)
		ops := l.RemoteReads + l.RemoteWrites + l.Bulk
		c.ns += float64(ops)*2*(s.Net.ONs+s.Net.LNs) + float64(l.RemoteBytes+l.BulkBytes)*s.Net.GNsByte
	}
	return m
}

func maxNs(ms ...map[string]map[int]*lineCost) float64 {
	var m float64
	for _, x := range ms {
		for _, f := range x {
			for _, c := range f {
				m = math.Max(m, c.ns)
			}
		}
	}
	return m
}

// shade maps ns to 1..levels on a log scale up to top (0: no
// communication): a line a thousand times cheaper than the hottest one
// is still visible.
func shade(ns, top float64) int {
	if ns <= 0 || top <= 0 {
		return 0
	}
	r := math.Log10(ns/top*1000+1) / math.Log10(1001)
	return min(levels, max(1, int(math.Ceil(r*levels))))
}

// writer collects the first write error.
type writer struct {
	w   *bufio.Writer
	err error
}

func (w *writer) s(parts ...string) {
	for _, p := range parts {
		if w.err == nil {
			_, w.err = w.w.WriteString(p)
		}
	}
}

func (w *writer) f(format string, args ...any) {
	if w.err == nil {
		_, w.err = fmt.Fprintf(w.w, format, args...)
	}
}

func (w *writer) head(title string) {
	w.s("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>", html.EscapeString(title),
		"</title>\n<script>", consoleHook, "</script>\n<style>", pageCSS, "</style></head>\n<body>\n<h1>",
		html.EscapeString(title), "</h1>\n")
}

func (w *writer) tail() {
	w.s("<script>", pageJS, "</script>\n</body></html>\n")
	if w.err == nil {
		w.err = w.w.Flush()
	}
}

// consoleHook records script errors in the page (data-errors on <html>)
// so that a test in a headless browser sees them in the DOM as well as
// on the console.
const consoleHook = `(function(){var n=0,d=document.documentElement;function f(){d.setAttribute("data-errors",String(++n))}` +
	`window.addEventListener("error",f);var e=console.error;console.error=function(){f();return e.apply(console,arguments)}})();`

// startPage starts an HTML page on out, titled title, or deflt when title
// is empty.
func startPage(out io.Writer, title, deflt string) *writer {
	w := &writer{w: bufio.NewWriterSize(out, 1<<16)}
	if title == "" {
		title = deflt
	}
	w.head(title)
	return w
}

// Write writes p as an HTML page.
func Write(out io.Writer, p *Profile) error {
	w := startPage(out, p.Title, "communication profile")
	s := p.Stats
	if s == nil {
		w.s("<p>The run wrote no statistics.</p>\n")
		w.tail()
		return w.err
	}
	w.f("<p class=sum>THREADS = %d · %s remote operations · %s bytes · modeled communication time %s · wall time %.3f s · network model o = %s, L = %s, G = %g ns/B</p>\n",
		s.Threads, count(s.Total.RemoteOps()), count(s.Total.RemoteReadBytes+s.Total.RemoteWriteBytes+s.Total.BulkRemoteBytes),
		dur(s.ModeledNs), s.WallSeconds, dur(s.Net.ONs), dur(s.Net.LNs), s.Net.GNsByte)
	w.s("<div class=row>\n")
	w.matrix(s)
	w.bars(s)
	w.s("</div>\n")
	cs := costs(s)
	top := maxNs(cs)
	w.hottest(s, p.Sources, cs, top)
	for _, src := range p.Sources {
		w.f("<h2 id=\"%s\">%s</h2>\n", html.EscapeString(anchor(src.Path)), html.EscapeString(src.Path))
		w.source(src, cs[filepath.Base(src.Path)], top, anchor(src.Path))
	}
	if s.LinesTruncated {
		w.s("<p class=warn>The runtime's per-line table overflowed: some lines are missing.</p>\n")
	}
	w.legend()
	w.tail()
	return w.err
}

func anchor(path string) string {
	return "f-" + strings.NewReplacer("/", "-", ".", "-", " ", "-").Replace(filepath.Base(path))
}

// matrix writes the communication matrix with its heading.
func (w *writer) matrix(s *runtime.Stats) {
	w.s("<section class=mat><h2>Who accesses whose memory</h2>\n",
		"<p>Row: the thread that initiates; column: the thread whose memory it reads or writes. Hover for the figures.</p>\n")
	w.matrixOf("m", "", "", 320, s)
	w.s("</section>\n")
}

// matrixOf writes one matrix (operations and bytes): the data as JSON
// for the script, which draws it on canvases (a THREADS=64 matrix as SVG
// would be 4,096 elements). Matrices of one group share their colour
// scale; px is the canvas size.
func (w *writer) matrixOf(id, caption, group string, px int, s *runtime.Stats) {
	if caption != "" {
		caption += ": "
	}
	if s == nil || len(s.Pairs) == 0 {
		w.f("<p>%sno remote operations between threads.</p>\n", html.EscapeString(caption))
		return
	}
	b, _ := json.Marshal(struct {
		T     int            `json:"t"`
		Pairs []runtime.Pair `json:"p"`
	}{s.Threads, s.Pairs})
	w.f("<div class=hm><figure><canvas id=%s-ops width=%d height=%d></canvas><figcaption>%sremote operations (threads 0-%d)</figcaption></figure>", id, px, px, html.EscapeString(caption), s.Threads-1)
	w.f("<figure><canvas id=%s-bytes width=%d height=%d></canvas><figcaption>%sbytes</figcaption></figure></div>\n", id, px, px, html.EscapeString(caption))
	w.f("<div id=%s-tip class=tip>&nbsp;</div>\n<script type=application/json class=matrix data-id=%s data-group=\"%s\">", id, id, html.EscapeString(group))
	w.s(strings.ReplaceAll(string(b), "<", "\\u003c"), "</script>\n")
}

// bars writes the per-thread totals as inline SVG bars.
func (w *writer) bars(s *runtime.Stats) {
	type seg struct {
		name, class string
		v           func(c *runtime.Counters) float64
	}
	groups := []struct {
		title string
		unit  func(float64) string
		segs  []seg
	}{
		{"local and remote accesses", count64, []seg{
			{"local", "c-local", func(c *runtime.Counters) float64 { return float64(c.LocalReads + c.LocalWrites + c.BulkLocal) }},
			{"remote gets", "c-get", func(c *runtime.Counters) float64 { return float64(c.RemoteReads) }},
			{"remote puts", "c-put", func(c *runtime.Counters) float64 { return float64(c.RemoteWrites) }},
			{"remote bulk", "c-bulk", func(c *runtime.Counters) float64 { return float64(c.BulkRemote) }},
		}},
		{"barrier wait time", dur, []seg{
			{"waiting at barriers", "c-wait", func(c *runtime.Counters) float64 { return c.BarrierWaitNs }},
		}},
	}
	w.s("<section class=bars><h2>Per thread</h2>\n")
	n := len(s.PerThread)
	const width = 360
	h := 12
	if n > 32 { // THREADS=64 stays on one screen
		h = 5
	}
	step := h + 1
	for _, g := range groups {
		var top float64
		for i := range s.PerThread {
			var t float64
			for _, sg := range g.segs {
				t += sg.v(&s.PerThread[i])
			}
			top = math.Max(top, t)
		}
		w.f("<h3>%s</h3><svg class=bar width=%d height=%d role=img aria-label=\"%s\">", g.title, width+40, n*step+2, g.title)
		for i := range s.PerThread {
			c := &s.PerThread[i]
			x := 0.0
			var tip []string
			for _, sg := range g.segs {
				v := sg.v(c)
				tip = append(tip, sg.name+" "+g.unit(v))
				if top <= 0 || v <= 0 {
					continue
				}
				wd := v / top * width
				w.f("<rect class=%s x=%.1f y=%d width=%.1f height=%d></rect>", sg.class, 30+x, i*step, math.Max(wd, 0.5), h)
				x += wd
			}
			w.f("<rect class=hit x=0 y=%d width=%d height=%d><title>thread %d: %s</title></rect>", i*step, width+40, step, c.Thread, strings.Join(tip, ", "))
			if n <= 32 || i%8 == 0 {
				w.f("<text x=0 y=%d>%d</text>", i*step+h, c.Thread)
			}
		}
		w.s("</svg>\n<p class=key>")
		for _, sg := range g.segs {
			w.f("<span class=\"sw %s\"></span>%s ", sg.class, sg.name)
		}
		w.s("</p>\n")
	}
	w.s("</section>\n")
}

// hottest lists the ten lines with the most modeled communication, linked
// to their place in the source.
func (w *writer) hottest(s *runtime.Stats, srcs []Source, cs map[string]map[int]*lineCost, top float64) {
	type hot struct {
		file string
		line int
		c    *lineCost
	}
	var hs []hot
	for f, m := range cs {
		for l, c := range m {
			hs = append(hs, hot{f, l, c})
		}
	}
	if len(hs) == 0 {
		return
	}
	sort.Slice(hs, func(i, j int) bool {
		if hs[i].c.ns != hs[j].c.ns {
			return hs[i].c.ns > hs[j].c.ns
		}
		if hs[i].file != hs[j].file {
			return hs[i].file < hs[j].file
		}
		return hs[i].line < hs[j].line
	})
	text := map[string][]string{}
	for _, src := range srcs {
		text[filepath.Base(src.Path)] = strings.Split(string(src.Text), "\n")
	}
	w.s("<h2>Hottest lines</h2>\n<table class=hot><tr><th>line<th>remote ops<th>bytes<th>modeled<th>source</tr>\n")
	for i, h := range hs {
		if i == 10 {
			break
		}
		code := ""
		if t := text[h.file]; h.line >= 1 && h.line <= len(t) {
			code = strings.TrimSpace(t[h.line-1])
		}
		w.f("<tr><td><a href=\"#%s-%d\">%s:%d</a><td>%s<td>%s<td>%s<td><code class=s%d title=\"%s\">%s</code></tr>\n",
			anchor(h.file), h.line, html.EscapeString(h.file), h.line, count(h.c.ops()), count(h.c.bytes+h.c.bulkBytes),
			dur(h.c.ns), shade(h.c.ns, top), html.EscapeString(tip(h.c)), html.EscapeString(code))
	}
	w.s("</table>\n")
}

func tip(c *lineCost) string {
	var parts []string
	if c.reads > 0 {
		parts = append(parts, count(c.reads)+" remote reads")
	}
	if c.writes > 0 {
		parts = append(parts, count(c.writes)+" remote writes")
	}
	if c.reads+c.writes > 0 {
		parts = append(parts, count(c.bytes)+" bytes")
	}
	if c.bulk > 0 {
		parts = append(parts, fmt.Sprintf("%s bulk (%s bytes)", count(c.bulk), count(c.bulkBytes)))
	}
	return fmt.Sprintf("%s; %d thread(s); modeled %s", strings.Join(parts, ", "), c.threads, dur(c.ns))
}

// source writes one translation unit: a line number, a finding mark and
// the text, shaded when the line communicates. Lines without
// communication or findings carry no markup beyond their number, which
// keeps a 10,000-line program small.
func (w *writer) source(src Source, cs map[int]*lineCost, top float64, id string) {
	fs := map[int][]Finding{}
	for _, f := range src.Findings {
		fs[f.Line] = append(fs[f.Line], f)
	}
	lines := strings.Split(strings.TrimSuffix(string(src.Text), "\n"), "\n")
	w.s("<pre class=src>")
	for i, text := range lines {
		n := i + 1
		// an anchor only where the hottest lines link to: most lines
		// carry just their number
		if c := cs[n]; c != nil || len(fs[n]) > 0 {
			w.f("<span class=n id=\"%s-%d\">%5d</span>", id, n, n)
		} else {
			w.f("<span class=n>%5d</span>", n)
		}
		if f := fs[n]; len(f) > 0 {
			var msgs []string
			sev := "note"
			for _, x := range f {
				msgs = append(msgs, fmt.Sprintf("%s: %s [%s]", x.Severity, x.Message, x.Rule))
				if x.Severity == "error" || x.Severity == "warning" && sev == "note" {
					sev = x.Severity
				}
			}
			w.f("<span class=\"fd %s\" title=\"%s\">●</span>", sev, html.EscapeString(strings.Join(msgs, "\n")))
		} else {
			w.s(" ")
		}
		text = strings.ReplaceAll(text, "\t", "    ")
		if c := cs[n]; c != nil && c.ns > 0 {
			w.f("<span class=s%d title=\"%s\">%s</span>\n", shade(c.ns, top), html.EscapeString(tip(c)), html.EscapeString(text))
		} else {
			w.s(html.EscapeString(text), "\n")
		}
		for _, x := range fs[n] {
			w.f("<span class=\"fm %s\">      %s: %s [%s]</span>\n", x.Severity, x.Severity, html.EscapeString(x.Message), x.Rule)
		}
	}
	w.s("</pre>\n")
}

func (w *writer) legend() {
	w.s("<p class=key>Shading: modeled communication time of the line (2o+2L+nG per remote operation of n bytes, summed over threads), on a log scale from the hottest line down to 1/1000 of it: ")
	for i := 1; i <= levels; i++ {
		w.f("<span class=\"sw s%d\"></span>", i)
	}
	w.s("</p>\n")
}

func count(v uint64) string { return count64(float64(v)) }

// count64 writes v with thousands separators.
func count64(v float64) string {
	s := fmt.Sprintf("%.0f", v)
	var b bytes.Buffer
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func dur(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.3g s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3g µs", ns/1e3)
	}
	return fmt.Sprintf("%.3g ns", ns)
}
