package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/upclint/upclint/internal/profile/profiletest"
	"github.com/upclint/upclint/runtime"
)

// TestKernelPages writes the profile (run --profile) and the fix report
// (fix --validate --report) of every kernel of testdata/kernels and opens
// both in headless Chromium: no console message, and the heatmap and the
// shaded source drawn in the screenshot (profiletest.Check).
func TestKernelPages(t *testing.T) {
	b := profiletest.Browser(t)
	kernels, err := filepath.Glob("../../testdata/kernels/*.upc")
	if err != nil || len(kernels) < 10 {
		t.Fatalf("kernels: %v (%d)", err, len(kernels))
	}
	if testing.Short() {
		kernels = kernels[:3]
	}
	var mu sync.Mutex
	withHeatmap, ran := 0, 0
	t.Run("kernels", func(t *testing.T) {
		for _, k := range kernels {
			name := strings.TrimSuffix(filepath.Base(k), ".upc")
			t.Run(name, func(t *testing.T) {
				t.Parallel() // a run waits on its processes and the browser as much as it computes
				dir := t.TempDir()
				src, err := os.ReadFile(k)
				if err != nil {
					t.Fatal(err)
				}
				prog := filepath.Join(dir, name+".upc")
				if err := os.WriteFile(prog, src, 0o644); err != nil {
					t.Fatal(err)
				}
				page, js := filepath.Join(dir, "profile.html"), filepath.Join(dir, "stats.json")
				// barrier_bug deadlocks on purpose: its profile shows the traffic up to the deadlock
				_, errs, code := runUpclint(t, "run", "-n", "4", "--timeout", "60", "--profile", page, "--stats-json", js, prog)
				raw, err := os.ReadFile(js)
				if err != nil {
					t.Fatalf("run (status %d): %v\n%s", code, err, errs)
				}
				var st runtime.Stats
				if err := json.Unmarshal(raw, &st); err != nil {
					t.Fatal(err)
				}
				want := profiletest.Want{Threads: st.Threads, Cells: len(st.Pairs), Shaded: len(st.Lines) > 0}
				mu.Lock()
				ran++
				if want.Cells > 0 {
					withHeatmap++
				}
				mu.Unlock()
				if err := profiletest.Check(context.Background(), b, page, want); err != nil {
					t.Errorf("profile: %v", err)
				}
				report := filepath.Join(dir, "fix.html")
				_, errs, code = runUpclint(t, "fix", "--unsafe", "--validate", "--validate-threads", "4", "--diff", "--report", report, prog)
				if code > 1 {
					t.Fatalf("fix: status %d\n%s", code, errs)
				}
				if err := profiletest.Check(context.Background(), b, report, profiletest.Want{}); err != nil {
					t.Errorf("fix report: %v", err)
				}
			})
		}
	})
	if ran == len(kernels) && withHeatmap < len(kernels)/2 {
		t.Errorf("only %d of %d kernels communicate between threads", withHeatmap, len(kernels))
	}
}
