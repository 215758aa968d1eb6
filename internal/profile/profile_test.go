package profile

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/upclint/upclint/internal/profile/profiletest"
	"github.com/upclint/upclint/runtime"
)

// synthetic returns a program of n lines and statistics with THREADS=threads in
// which every thread talks to every other and every tenth line
// communicates.
func synthetic(n, threads int) *Profile {
	var src strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&src, "    a[i + %d] = b[i] * 2 + c[(i + 1) %% N]; /* line %d <&> */\n", i, i)
	}
	st := &runtime.Stats{Threads: threads, Net: runtime.NetParams{ONs: 300, LNs: 1500, GNsByte: 0.08}}
	for t := 0; t < threads; t++ {
		st.PerThread = append(st.PerThread, runtime.Counters{Thread: t, LocalReads: uint64(1000 * (t + 1)),
			RemoteReads: uint64(100 * (threads - t)), RemoteWrites: 50, BulkRemote: 3, BarrierWaitNs: float64(1e6 * (t%7 + 1))})
		for u := 0; u < threads; u++ {
			if u != t {
				st.Pairs = append(st.Pairs, runtime.Pair{From: t, To: u, Ops: uint64(1 + (t*u)%97), Bytes: uint64(8 * (1 + (t+u)%31))})
			}
		}
	}
	for i := 10; i <= n; i += 10 {
		st.Lines = append(st.Lines, runtime.LineStats{File: "big.upc", Line: i, RemoteReads: uint64(i), RemoteBytes: uint64(8 * i), Threads: threads})
	}
	st.Total.RemoteReads = 12345
	return &Profile{Title: "synthetic", Stats: st, Sources: []Source{{Path: "dir/big.upc", Text: []byte(src.String()),
		Findings: []Finding{{Line: 20, Severity: "warning", Rule: "finegrain", Message: "remote <reads>"}}}}}
}

func render(t testing.TB, p *Profile) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestWrite(t *testing.T) {
	page := string(render(t, synthetic(100, 4)))
	for _, want := range []string{
		`&lt;&amp;&gt;`, // source text escaped
		`title="warning: remote &lt;reads&gt; [finegrain]"`, // finding on its line
		`class="fm warning">      warning: remote &lt;reads&gt; [finegrain]`,
		`id="f-big-upc-20"`,
		`<script type=application/json class=matrix data-id=m data-group="">{"t":4,"p":[[0,1,`,
		`thread 3: local 4,000, remote gets 100, remote puts 50, remote bulk 3`,
		`waiting at barriers 4 ms`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// no network at view time: no URL outside the page
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*"?(https?:|//)`).FindString(page); m != "" {
		t.Errorf("page loads %q", m)
	}
	// the hottest line (100) gets the darkest shade, a line 1/10 as hot a lighter one
	if !regexp.MustCompile(`id="f-big-upc-100">  100</span> <span class=s8 `).MatchString(page) {
		t.Error("line 100 is not shaded s8")
	}
	if !regexp.MustCompile(`id="f-big-upc-10">   10</span> <span class=s[4-6] `).MatchString(page) {
		t.Error("line 10 is not shaded s4-s6")
	}
	if strings.Contains(page, `id="f-big-upc-11">   11</span> <span`) {
		t.Error("line 11 (no communication) is shaded")
	}
}

func TestShade(t *testing.T) {
	for _, c := range []struct {
		ns, top float64
		want    int
	}{{0, 10, 0}, {10, 10, 8}, {1, 10, 6}, {1e-3, 1, 1}, {1e-9, 1, 1}, {5, 0, 0}} {
		if got := shade(c.ns, c.top); got != c.want {
			t.Errorf("shade(%g, %g) = %d, want %d", c.ns, c.top, got, c.want)
		}
	}
}

// TestLargeSize: a 10,000-line program at THREADS=64 (every pair of
// threads communicating) stays a page a browser opens at once.
func TestLargeSize(t *testing.T) {
	p := synthetic(10000, 64)
	page := render(t, p)
	srcBytes := len(p.Sources[0].Text)
	t.Logf("%d bytes (source %d)", len(page), srcBytes)
	if len(page) > 2*srcBytes+400<<10 {
		t.Errorf("page of %d bytes for %d bytes of source: more than twice the source plus 400 KB", len(page), srcBytes)
	}
}

func TestWriteNoStats(t *testing.T) {
	page := string(render(t, &Profile{Sources: []Source{{Path: "a.upc", Text: []byte("int x;\n")}}}))
	if !strings.Contains(page, "wrote no statistics") {
		t.Error(page)
	}
}

func writePage(t *testing.T, page []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBrowser renders a profile in headless Chromium and reads the
// screenshot, then checks that the check fails on a page whose heatmap
// is blank and on one whose source is not shaded.
func TestBrowser(t *testing.T) {
	b := profiletest.Browser(t)
	ctx := context.Background()
	p := synthetic(60, 8)
	want := profiletest.Want{Threads: 8, Cells: len(p.Stats.Pairs), Shaded: true}
	page := render(t, p)
	if err := profiletest.Check(ctx, b, writePage(t, page), want); err != nil {
		t.Fatal(err)
	}
	blank := regexp.MustCompile(`("p":)\[\[.*?\]\]`).ReplaceAll(page, []byte(`$1[]`))
	if bytes.Equal(blank, page) {
		t.Fatal("could not blank the matrix")
	}
	if err := profiletest.Check(ctx, b, writePage(t, blank), want); err == nil || !strings.Contains(err.Error(), "heatmap") {
		t.Errorf("blank heatmap: got %v, want a heatmap error", err)
	}
	unshaded := regexp.MustCompile(`\.s[1-8]\{background:[^}]*\}`).ReplaceAll(page, nil)
	if err := profiletest.Check(ctx, b, writePage(t, unshaded), want); err == nil || !strings.Contains(err.Error(), "shaded") {
		t.Errorf("unshaded source: got %v, want a shading error", err)
	}
	broken := bytes.Replace(page, []byte(`"use strict";`), []byte(`"use strict"; noSuchFunction();`), 1)
	if err := profiletest.Check(ctx, b, writePage(t, broken), want); err == nil {
		t.Error("script error: no error")
	}
}

// BenchmarkLargeRender loads the 10,000-line, THREADS=64 profile in
// headless Chromium and reports the page's own time to its last script
// (render-ms) and its size.
func BenchmarkLargeRender(b *testing.B) {
	br := profiletest.Browser(b)
	page := render(b, synthetic(10000, 64))
	path := filepath.Join(b.TempDir(), "big.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		b.Fatal(err)
	}
	var total float64
	for b.Loop() {
		p, err := br.Load(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		v, _ := p.Attr("data-render-ms")
		var ms float64
		if _, err := fmt.Sscan(v, &ms); err != nil {
			b.Fatalf("data-render-ms=%q", v)
		}
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "render-ms")
	b.ReportMetric(float64(len(page)), "page-bytes")
}
