package testenv

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how the test would end.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()                        {}
func (r *recorder) Fatalf(format string, a ...any) { r.fatal = fmt.Sprintf(format, a...) }
func (r *recorder) Skipf(format string, a ...any)  { r.skip = fmt.Sprintf(format, a...) }

func TestMissing(t *testing.T) {
	const env = "UPCLINT_TESTENV_REQUIRE_X"
	t.Setenv(env, "")
	r := &recorder{TB: t}
	Missing(r, env, "apt-get install -y x", errors.New("x not found"))
	if r.fatal != "" || !strings.Contains(r.skip, "x not found") || !strings.Contains(r.skip, "apt-get install -y x") {
		t.Errorf("without %s: fatal %q, skip %q; want a skip", env, r.fatal, r.skip)
	}
	t.Setenv(env, "1")
	r = &recorder{TB: t}
	Missing(r, env, "apt-get install -y x", errors.New("x not found"))
	if r.skip != "" || !strings.Contains(r.fatal, env+" is set but x not found") {
		t.Errorf("with %s: fatal %q, skip %q; want a failure", env, r.fatal, r.skip)
	}
}

func TestLookPath(t *testing.T) {
	r := &recorder{TB: t}
	if p := LookPath(r, "go", "UPCLINT_TESTENV_REQUIRE_GO", "install go"); p == "" || r.skip != "" || r.fatal != "" {
		t.Errorf("LookPath(go) = %q (skip %q, fatal %q)", p, r.skip, r.fatal)
	}
	t.Setenv("UPCLINT_TESTENV_REQUIRE_NONE", "")
	r = &recorder{TB: t}
	LookPath(r, "upclint-no-such-program", "UPCLINT_TESTENV_REQUIRE_NONE", "nothing to install")
	if r.skip == "" {
		t.Errorf("LookPath of a missing program did not skip")
	}
}
