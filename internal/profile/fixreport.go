package profile

import (
	"fmt"
	"html"
	"io"
	"path/filepath"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/upclint/upclint/runtime"
)

// FixReport is what fix --validate --report shows.
type FixReport struct {
	Title string
	Files []FixFile
}

// FixFile is one fixed file: both texts, the statistics of both versions
// with the largest THREADS count validated (nil when not run) and its
// fixes.
type FixFile struct {
	Path            string
	Original, Fixed []byte
	Validated       bool
	Reason          string // why validation rejected the fixes ("" if it did not)
	Before, After   *runtime.Stats
	Fixes           []Fix
}

// Fix is one fix of a file.
type Fix struct {
	Rule, Message string
	Line          int // of the finding, in the original
	Kept          bool
	Reason        string // why it was not kept
	// Original and Fixed are the first and last lines the fix spans in
	// each text (zero when unknown).
	Original, Fixed [2]int
}

// context lines shown around a fix
const fixContext = 2

// WriteFixReport writes r as an HTML page.
func WriteFixReport(out io.Writer, r *FixReport) error {
	w := startPage(out, r.Title, "upclint fix report")
	if len(r.Files) == 0 {
		w.s("<p>No file was changed.</p>\n")
	}
	for fi, f := range r.Files {
		w.fixFile(fi, &f)
	}
	w.legend()
	w.tail()
	return w.err
}

func (w *writer) fixFile(fi int, f *FixFile) {
	w.f("<h2>%s</h2>\n", html.EscapeString(f.Path))
	switch {
	case !f.Validated:
		w.s("<p>Not validated (run with --validate to see the communication).</p>\n")
	case f.Reason != "":
		w.f("<p class=bad>Validation rejected the fixes: %s</p>\n", html.EscapeString(f.Reason))
	default:
		w.s("<p class=ok>Validated: every thread prints the same and exits the same.</p>\n")
	}
	before, after := costs(f.Before), costs(f.After)
	base := filepath.Base(f.Path)
	top := maxNs(before, after)
	if f.Before != nil && f.After != nil {
		b, a := f.Before.Total, f.After.Total
		w.f("<table class=hot><tr><th>THREADS = %d<th>remote ops<th>bytes<th>modeled time</tr>\n", f.After.Threads)
		w.f("<tr><td>original<td>%s<td>%s<td>%s</tr>\n", count(b.RemoteOps()), count(b.RemoteReadBytes+b.RemoteWriteBytes+b.BulkRemoteBytes), dur(f.Before.ModeledNs))
		w.f("<tr><td>fixed<td>%s<td>%s<td>%s</tr></table>\n", count(a.RemoteOps()), count(a.RemoteReadBytes+a.RemoteWriteBytes+a.BulkRemoteBytes), dur(f.After.ModeledNs))
		w.s("<div class=row>")
		g := fmt.Sprintf("m%d", fi) // one colour scale: the fixed version's is lighter where it communicates less
		w.matrixOf(g+"-before", "original", g, 200, f.Before)
		w.matrixOf(g+"-after", "fixed", g, 200, f.After)
		w.s("</div>\n")
	}
	orig := strings.Split(string(f.Original), "\n")
	fixed := strings.Split(string(f.Fixed), "\n")
	for i, x := range f.Fixes {
		state := "kept"
		if !x.Kept {
			state = "not kept: " + x.Reason
		}
		w.f("<h3>%d. [%s] line %d: %s <span class=%s>(%s)</span></h3>\n", i+1, html.EscapeString(x.Rule), x.Line,
			html.EscapeString(x.Message), map[bool]string{true: "ok", false: "bad"}[x.Kept], html.EscapeString(state))
		if !x.Kept || x.Original[0] == 0 || x.Fixed[0] == 0 {
			continue
		}
		lo, hi := span(x.Original, len(orig))
		flo, fhi := span(x.Fixed, len(fixed))
		fb, fa := sum(before[base], x.Original), sum(after[base], x.Fixed)
		w.f("<p>Lines %d-%d → %d-%d: %s → %s remote operations, %s → %s bytes, modeled %s → %s.</p>\n",
			x.Original[0], x.Original[1], x.Fixed[0], x.Fixed[1], count(fb.ops()), count(fa.ops()),
			count(fb.bytes+fb.bulkBytes), count(fa.bytes+fa.bulkBytes), dur(fb.ns), dur(fa.ns))
		d := udiff.Unified(fmt.Sprintf("a/%s:%d", base, x.Original[0]), fmt.Sprintf("b/%s:%d", base, x.Fixed[0]),
			strings.Join(orig[x.Original[0]-1:x.Original[1]], "\n")+"\n", strings.Join(fixed[x.Fixed[0]-1:x.Fixed[1]], "\n")+"\n")
		w.diff(d)
		w.s("<div class=pair><div><h4>original</h4>")
		w.excerpt(orig, lo, hi, before[base], top)
		w.s("</div><div><h4>fixed</h4>")
		w.excerpt(fixed, flo, fhi, after[base], top)
		w.s("</div></div>\n")
	}
}

// span widens lines by the context, within 1..n.
func span(lines [2]int, n int) (int, int) {
	return max(1, lines[0]-fixContext), min(n, lines[1]+fixContext)
}

// sum adds up the lines in [l[0], l[1]].
func sum(cs map[int]*lineCost, l [2]int) lineCost {
	var s lineCost
	for n := l[0]; n <= l[1]; n++ {
		if c := cs[n]; c != nil {
			s.reads += c.reads
			s.writes += c.writes
			s.bytes += c.bytes
			s.bulk += c.bulk
			s.bulkBytes += c.bulkBytes
			s.ns += c.ns
		}
	}
	return s
}

func (w *writer) excerpt(lines []string, lo, hi int, cs map[int]*lineCost, top float64) {
	w.s("<pre class=src>")
	for n := lo; n <= hi && n <= len(lines); n++ {
		text := html.EscapeString(strings.ReplaceAll(lines[n-1], "\t", "    "))
		w.f("<span class=n>%5d</span> ", n)
		if c := cs[n]; c != nil && c.ns > 0 {
			w.f("<span class=s%d title=\"%s\">%s</span>\n", shade(c.ns, top), html.EscapeString(tip(c)), text)
		} else {
			w.s(text, "\n")
		}
	}
	w.s("</pre>")
}

func (w *writer) diff(d string) {
	w.s("<pre class=diff>")
	for _, l := range strings.Split(strings.TrimSuffix(d, "\n"), "\n") {
		cls := ""
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"), strings.HasPrefix(l, "@@"):
		case strings.HasPrefix(l, "+"):
			cls = "add"
		case strings.HasPrefix(l, "-"):
			cls = "del"
		}
		if cls != "" {
			w.f("<span class=%s>%s</span>\n", cls, html.EscapeString(l))
		} else {
			w.s(html.EscapeString(l), "\n")
		}
	}
	w.s("</pre>\n")
}
