package gcsettings

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestUseRestores: nested claims apply the settings once and the last
// release restores what was there before.
func TestUseRestores(t *testing.T) {
	// t.Setenv restores the variables after the test; Use must not see them
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	for _, v := range []string{"GOGC", "GOMEMLIMIT"} {
		if err := os.Unsetenv(v); err != nil {
			t.Fatal(err)
		}
	}
	before := debug.SetGCPercent(123)
	defer debug.SetGCPercent(before)
	r1 := Use(Batch)
	r2 := Use(Server) // shares the first claim's settings
	if got := debug.SetGCPercent(Batch.Percent); got != Batch.Percent {
		t.Errorf("GOGC during use = %d, want %d", got, Batch.Percent)
	}
	r2()
	if got := debug.SetGCPercent(Batch.Percent); got != Batch.Percent {
		t.Errorf("GOGC after the inner release = %d, want %d", got, Batch.Percent)
	}
	r1()
	if got := debug.SetGCPercent(123); got != 123 {
		t.Errorf("GOGC after the last release = %d, want 123", got)
	}
}

// TestUserSettingsKept: a GOGC the user set is not overridden.
func TestUserSettingsKept(t *testing.T) {
	t.Setenv("GOGC", "77")
	before := debug.SetGCPercent(77)
	defer debug.SetGCPercent(before)
	r := Use(Batch)
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("GOGC = %d with the user's GOGC=77", got)
	}
	r()
}
