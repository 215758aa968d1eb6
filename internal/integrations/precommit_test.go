package integrations

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/internal/testenv"
)

// finding is a UPC file with one finegrain finding; clean is the same
// program without the loop.
const (
	finding = `#include <upc.h>
#define N 100
shared int a[N * THREADS];
int main(void) {
  int s = 0;
  if (MYTHREAD == 0)
    for (int i = 0; i < N * THREADS; i++)
      s += a[i];
  return s;
}
`
	clean = `#include <upc.h>
int main(void) {
  upc_barrier;
  return 0;
}
`
)

// repoRoot returns the root of the git work tree holding this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not in a git work tree: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// documentedSnippet returns the pre-commit configuration lines of
// docs/ci/README.md, unindented.
func documentedSnippet(t *testing.T, root string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(root, "docs", "ci", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```yaml\n(\\s*- repo: [^\n]*\n.*?)\\s*```").FindStringSubmatch(string(doc))
	if m == nil {
		t.Fatal("docs/ci/README.md has no pre-commit configuration block")
	}
	lines := strings.Split(m[1], "\n")
	indent := len(lines[0]) - len(strings.TrimLeft(lines[0], " "))
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, strings.Repeat(" ", indent))
	}
	return strings.Join(lines, "\n")
}

func run(t *testing.T, ctx context.Context, dir string, env []string, name string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestPreCommitHook adds upclint to a project with the documented
// configuration lines, pointing at a clone of this repository, and runs
// Debian's pre-commit on it: the hook must fail on a file with a finding
// (printing the finding) and pass once the file is clean.
func TestPreCommitHook(t *testing.T) {
	preCommit := testenv.LookPath(t, "pre-commit", "UPCLINT_REQUIRE_PRECOMMIT", "apt-get install -y pre-commit")
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH: pre-commit builds the hook with it")
	}
	if testing.Short() {
		t.Skip("short: the hook test builds upclint from a clone")
	}
	root := repoRoot(t)
	if _, err := os.Stat(filepath.Join(root, ".pre-commit-hooks.yaml")); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	gomodcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(tmp, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	// pre-commit gives the Go build its own GOPATH; the module cache and
	// build cache stay the user's, so the build needs no network and
	// -trimpath lets a later run reuse the compiled packages.
	gocache, _ := exec.Command("go", "env", "GOCACHE").Output()
	env := append(os.Environ(),
		"HOME="+home, "PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit-cache"),
		"GOMODCACHE="+strings.TrimSpace(string(gomodcache)), "GOCACHE="+strings.TrimSpace(string(gocache)),
		"GOFLAGS=-trimpath -mod=readonly", "GOPROXY=off", "GOTOOLCHAIN=local",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_NOSYSTEM=1", "PRE_COMMIT_COLOR=never")

	// The hook repository: a clone of this one at its HEAD commit.
	clone := filepath.Join(tmp, "upclint")
	if out, err := run(t, ctx, tmp, env, "git", "clone", "--quiet", "--no-hardlinks", root, clone); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(clone, ".pre-commit-hooks.yaml")); err != nil {
		t.Fatalf("the committed tree has no .pre-commit-hooks.yaml: %v", err)
	}
	rev, err := run(t, ctx, clone, env, "git", "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}

	// The project: its configuration is the documented lines with the
	// clone for the repository and its commit for the rev.
	proj := filepath.Join(tmp, "project")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	snippet := documentedSnippet(t, root)
	snippet = regexp.MustCompile(`(?m)^(- repo:) \S+`).ReplaceAllLiteralString(snippet, "- repo: "+clone)
	snippet = regexp.MustCompile(`(?m)^(\s+rev:) \S+`).ReplaceAllString(snippet, "${1} "+strings.TrimSpace(rev))
	if n := len(strings.Split(strings.TrimSpace(snippet), "\n")); n != 3 {
		t.Errorf("the documented configuration has %d lines, want 3:\n%s", n, snippet)
	}
	config := "repos:\n" + snippet + "\n"
	t.Logf(".pre-commit-config.yaml:\n%s", config)
	files := map[string]string{".pre-commit-config.yaml": config, "kernel.upc": finding, "notes.txt": "not UPC\n"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "--quiet"}, {"add", "."}} {
		if out, err := run(t, ctx, proj, env, "git", args...); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}

	start := time.Now()
	out, err := run(t, ctx, proj, env, preCommit, "run", "--all-files")
	t.Logf("pre-commit run (installs the hook) in %v:\n%s", time.Since(start).Round(time.Millisecond), out)
	if ctx.Err() != nil {
		t.Fatalf("pre-commit timed out")
	}
	if err == nil {
		t.Fatalf("pre-commit passed on a file with a finding")
	}
	if !regexp.MustCompile(`upclint\.+Failed`).MatchString(out) ||
		!strings.Contains(out, "kernel.upc:8:12: warning: fine-grained remote reads of a[i]") ||
		!strings.Contains(out, "[finegrain]") || strings.Contains(out, "notes.txt") {
		t.Errorf("pre-commit should fail the upclint hook with the finding on kernel.upc only:\n%s", out)
	}

	if err := os.WriteFile(filepath.Join(proj, "kernel.upc"), []byte(clean), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := run(t, ctx, proj, env, "git", "add", "kernel.upc"); err != nil {
		t.Fatalf("git add: %v\n%s", err, out)
	}
	out, err = run(t, ctx, proj, env, preCommit, "run", "--all-files")
	if err != nil || !regexp.MustCompile(`upclint\.+Passed`).MatchString(out) {
		t.Errorf("pre-commit on the clean file: %v\n%s", err, out)
	}
}
