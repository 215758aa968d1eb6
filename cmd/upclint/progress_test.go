package main

import (
	"bytes"
	"os"
	"testing"
)

// TestShowProgress: auto draws a bar only on a terminal and for more than
// progressThreshold files; always and never are unconditional.
func TestShowProgress(t *testing.T) {
	var buf bytes.Buffer
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := f.Close(); err != nil {
			t.Error(err)
		}
	}()
	for _, tc := range []struct {
		mode string
		w    interface{ Write([]byte) (int, error) }
		n    int
		want bool
	}{
		{"auto", &buf, 1000, false}, // not a file
		{"auto", f, 1000, false},    // a regular file, not a terminal
		{"always", &buf, 1, true},
		{"never", &buf, 1000, false},
	} {
		if got := showProgress(tc.mode, tc.w, tc.n); got != tc.want {
			t.Errorf("showProgress(%s, %T, %d) = %t", tc.mode, tc.w, tc.n, got)
		}
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer func() {
			if err := tty.Close(); err != nil {
				t.Error(err)
			}
		}()
		t.Setenv("TERM", "xterm")
		if !showProgress("auto", tty, progressThreshold+1) || showProgress("auto", tty, progressThreshold) {
			t.Errorf("auto on a terminal: want a bar above %d files only", progressThreshold)
		}
	}
}
