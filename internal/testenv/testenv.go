// Package testenv lets a test depend on a program from a Debian package
// (emacs, nvim, pre-commit, chromium): the test is skipped where the
// program is absent, and fails instead when an environment variable says
// it must be there (as CI does), so that a missing package cannot pass
// unnoticed. It is golang's internal/testenv.MustHaveExecPath with that
// switch.
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// Missing ends the test because what it needs is absent (err says what):
// a failure when the environment variable require is set, a skip naming
// install, how to get it, otherwise.
func Missing(tb testing.TB, require, install string, err error) {
	tb.Helper()
	if os.Getenv(require) != "" {
		tb.Fatalf("%s is set but %v", require, err)
		return
	}
	tb.Skipf("%v: the test did not run (%s; set %s=1 to make its absence a failure)", err, install, require)
}

// LookPath returns the path of the program name, or ends the test through
// Missing when it is not on PATH.
func LookPath(tb testing.TB, name, require, install string) string {
	tb.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(tb, require, install, err)
	}
	return path
}
