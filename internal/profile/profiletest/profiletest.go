// Package profiletest checks pages of package profile in headless
// Chromium: no console message or script error, and the heatmap and the
// shaded source drawn, read from the pixels of a screenshot.
package profiletest

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/internal/headless"
	"github.com/upclint/upclint/internal/testenv"
)

// Want says what a page must show at least: a heatmap of THREADS
// threads with Cells nonzero cells (0: the page's own matrix data says
// how many), shaded source. A page that has a heatmap or shaded lines
// beyond these must draw them too.
type Want struct {
	Threads int
	Cells   int
	Shaded  bool
}

// firstMatrix reads THREADS and the nonzero cells of the page's first
// matrix.
func firstMatrix(dom string) (threads, cells int, ok bool) {
	i := strings.Index(dom, `class="matrix"`)
	if i < 0 {
		return 0, 0, false
	}
	j := strings.IndexByte(dom[i:], '>')
	k := strings.Index(dom[i:], "</script>")
	if j < 0 || k < j {
		return 0, 0, false
	}
	var m struct {
		T int
		P [][4]uint64
	}
	if json.Unmarshal([]byte(html.UnescapeString(dom[i+j+1:i+k])), &m) != nil {
		return 0, 0, false
	}
	return m.T, len(m.P), true
}

// Blue is a colour of the heatmap's scale (light to dark blue); white,
// grey text and the orange shading are not.
func Blue(r, g, b uint8) bool { return int(b)-int(r) >= 20 && b >= 90 }

// Orange is a colour of the source shading; white and grey are not.
func Orange(r, g, b uint8) bool { return int(r)-int(b) > 20 && r > 150 }

// Check loads page, then screenshots it in a window tall enough for the
// first heatmap and the first shaded line, and reads their pixels: every
// nonzero cell of the heatmap must be drawn in the scale's colours (90%
// of their pixels) and a third of the shaded line's pixels must be orange (the rest is
// text).
func Check(ctx context.Context, b *headless.Browser, page string, want Want) error {
	p, err := b.Load(ctx, page)
	if err != nil {
		return err
	}
	if len(p.Console) > 0 {
		return fmt.Errorf("console: %s", strings.Join(p.Console, "\n"))
	}
	if v, ok := p.Attr("data-errors"); ok {
		return fmt.Errorf("%s script errors", v)
	}
	if v, _ := p.Attr("data-ready"); v != "1" {
		return fmt.Errorf("the page's script did not finish")
	}
	if want.Cells == 0 {
		if t, c, ok := firstMatrix(p.DOM); ok {
			want.Threads, want.Cells = t, c
		}
	}
	var hm, sh image.Rectangle
	bottom := 0
	if want.Cells > 0 {
		if hm, err = p.Rect("data-heatmap-rect"); err != nil {
			return err
		}
		bottom = hm.Max.Y
	}
	if v, _ := p.Attr("data-shade-rect"); v != "" {
		want.Shaded = true
	}
	if want.Shaded {
		if sh, err = p.Rect("data-shade-rect"); err != nil {
			return err
		}
		bottom = max(bottom, sh.Max.Y)
	}
	if bottom == 0 {
		return nil
	}
	shot := *b
	shot.Height = max(b.Height, bottom+20)
	img, err := shot.Screenshot(ctx, page, strings.TrimSuffix(page, filepath.Ext(page))+".png")
	if err != nil {
		return err
	}
	if want.Cells > 0 {
		inner := hm.Inset(1) // the canvas's border
		size := inner.Dx() / max(want.Threads, 1)
		need := want.Cells * size * size * 9 / 10
		if got := headless.Count(img, inner, Blue); got < need || need == 0 {
			return fmt.Errorf("heatmap at %v: %d pixels in the scale's colours, want at least %d (%d cells of %dx%d)",
				inner, got, need, want.Cells, size, size)
		}
	}
	if want.Shaded {
		area := sh.Dx() * sh.Dy()
		// a third: the text on the darkest shade is white
		if got := headless.Count(img, sh, Orange); area == 0 || got < area/3 {
			return fmt.Errorf("shaded line at %v: %d of %d pixels shaded", sh, got, area)
		}
	}
	return nil
}

// Browser returns a browser for a test, skipping the test when Chromium
// is not installed unless UPCLINT_REQUIRE_CHROMIUM is set (as in CI).
func Browser(tb testing.TB) *headless.Browser {
	tb.Helper()
	bin, err := headless.Find()
	if err != nil {
		testenv.Missing(tb, "UPCLINT_REQUIRE_CHROMIUM", "install Debian's chromium", err)
	}
	return &headless.Browser{Bin: bin, Width: 1400, Height: 900}
}
