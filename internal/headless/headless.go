// Package headless loads pages in headless Chromium for tests: the DOM
// after the page's scripts ran, the console messages, and screenshots
// whose pixels a test can read.
package headless

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Find returns the path of a Chromium binary, or an error when none is
// installed.
func Find() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium on PATH")
}

// Browser runs one Chromium binary with a private profile directory.
type Browser struct {
	Bin     string
	Width   int // window size in CSS pixels (device scale factor 1)
	Height  int
	Timeout time.Duration
}

func (b *Browser) run(ctx context.Context, page string, extra ...string) (stdout, stderr []byte, err error) {
	abs, err := filepath.Abs(page)
	if err != nil {
		return nil, nil, err
	}
	prof, err := os.MkdirTemp("", "upclint-chromium-")
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = os.RemoveAll(prof) }()
	to := b.Timeout
	if to == 0 {
		to = 2 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, to)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
		"--user-data-dir=" + prof, "--force-device-scale-factor=1", "--hide-scrollbars",
		fmt.Sprintf("--window-size=%d,%d", b.Width, b.Height), "--enable-logging=stderr", "--v=0",
		"--virtual-time-budget=10000",
		// paint the whole page before the capture: without it a loaded
		// machine gets screenshots with the lower part still blank
		"--run-all-compositor-stages-before-draw", "--disable-features=PaintHolding"}, extra...)
	args = append(args, "file://"+abs)
	cmd := exec.CommandContext(ctx, b.Bin, args...)
	cmd.Dir = prof
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	if err != nil {
		err = fmt.Errorf("%s: %w\n%s", b.Bin, err, tail(e.String(), 2000))
	}
	return o.Bytes(), e.Bytes(), err
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// Page is a page after its scripts ran.
type Page struct {
	DOM string
	// Console are the messages the page wrote to the console (Chromium
	// logs them all at one level, errors and uncaught exceptions alike).
	Console []string
}

var consoleRE = regexp.MustCompile(`:CONSOLE[:(]\d*\)?\] (.*)`)

// Load loads page (a file) and returns its DOM and console messages.
func (b *Browser) Load(ctx context.Context, page string) (*Page, error) {
	out, errOut, err := b.run(ctx, page, "--dump-dom")
	if err != nil {
		return nil, err
	}
	p := &Page{DOM: string(out)}
	for _, l := range strings.Split(string(errOut), "\n") {
		if m := consoleRE.FindStringSubmatch(l); m != nil {
			p.Console = append(p.Console, m[1])
		}
	}
	return p, nil
}

// Attr returns the value of attribute name of the page's <html> element.
func (p *Page) Attr(name string) (string, bool) {
	start := strings.Index(p.DOM, "<html")
	if start < 0 {
		return "", false
	}
	end := strings.IndexByte(p.DOM[start:], '>')
	if end < 0 {
		return "", false
	}
	m := regexp.MustCompile(`\s` + regexp.QuoteMeta(name) + `="([^"]*)"`).FindStringSubmatch(p.DOM[start : start+end])
	if m == nil {
		return "", false
	}
	return m[1], true
}

// Rect reads an "x,y,w,h" attribute of <html>.
func (p *Page) Rect(name string) (image.Rectangle, error) {
	v, ok := p.Attr(name)
	if !ok || v == "" {
		return image.Rectangle{}, fmt.Errorf("no %s on the page", name)
	}
	f := strings.Split(v, ",")
	if len(f) != 4 {
		return image.Rectangle{}, fmt.Errorf("%s=%q", name, v)
	}
	var n [4]int
	for i, s := range f {
		x, err := strconv.Atoi(s)
		if err != nil {
			return image.Rectangle{}, fmt.Errorf("%s=%q: %w", name, v, err)
		}
		n[i] = x
	}
	return image.Rect(n[0], n[1], n[0]+n[2], n[1]+n[3]), nil
}

// Screenshot renders page in a window of the browser's size and decodes
// the PNG.
func (b *Browser) Screenshot(ctx context.Context, page, png string) (image.Image, error) {
	if _, _, err := b.run(ctx, page, "--screenshot="+png); err != nil {
		return nil, err
	}
	return ReadPNG(png)
}

// ReadPNG decodes a PNG file.
func ReadPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	return png.Decode(f)
}

// Count returns how many pixels of img inside r satisfy pred (8-bit
// components).
func Count(img image.Image, r image.Rectangle, pred func(r, g, b uint8) bool) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if pred(uint8(cr>>8), uint8(cg>>8), uint8(cb>>8)) {
				n++
			}
		}
	}
	return n
}
