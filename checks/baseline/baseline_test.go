package baseline

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
)

// TestWriteRead: a written baseline reads back as the set of its
// fingerprints; unreadable, non-JSON and other-version files are errors
// naming the file.
func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "base.json")
	findings := []checks.Finding{
		{Rule: "typecheck", Message: "m1", Pos: checks.Position{Path: "a.upc", Line: 3}, Fingerprint: "0123456789abcdef:1"},
		{Rule: "forall", Message: "m2", Pos: checks.Position{Path: "b.upc", Line: 9}, Fingerprint: "fedcba9876543210:2"},
	}
	if err := Write(path, findings); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]bool{"0123456789abcdef:1": true, "fedcba9876543210:2": true}; !reflect.DeepEqual(got, want) {
		t.Errorf("Read = %v, want %v", got, want)
	}
	if err := Write(path, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := Read(path); err != nil || len(got) != 0 {
		t.Errorf("empty baseline: %v, %v", got, err)
	}
	for name, content := range map[string]string{
		"v2.json":   `{"version": 2, "findings": []}`,
		"csv.json":  "fingerprint,rule\n",
		"none.json": "",
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: got %v, want an error naming the file", name, err)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing baseline is not an error")
	}
	if err := Write(filepath.Join(dir, "no", "dir.json"), findings); err == nil {
		t.Error("writing into a missing directory is not an error")
	}
}

// TestParseDiff: added and modified lines, numbered in the new version,
// per file; deletions add nothing; deleted files and names with spaces.
func TestParseDiff(t *testing.T) {
	diff := `diff --git a/src/k.upc b/src/k.upc
index 1..2 100644
--- a/src/k.upc
+++ b/src/k.upc
@@ -3 +3 @@ int f(void) {
-    return 1;
+    return 2;
@@ -10,0 +11,2 @@ int g(void) {
+int h;
+int i;
@@ -20,2 +22,0 @@
-gone
-gone too
diff --git a/old.upc b/old.upc
deleted file mode 100644
--- a/old.upc
+++ /dev/null
@@ -1,2 +0,0 @@
-int a;
-int b;
diff --git a/with space.upc b/with space.upc
--- a/with space.upc	
+++ b/with space.upc	
@@ -1 +1 @@
-x
+y
`
	got := parseDiff("/r", diff)
	want := map[string]map[int]bool{
		filepath.Join("/r", "src", "k.upc"):   {3: true, 11: true, 12: true},
		filepath.Join("/r", "with space.upc"): {1: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseDiff = %v, want %v", got, want)
	}
}

// TestChanges runs git: lines changed since a revision, staged or not, and
// untracked files are changed; a bad revision and a directory outside any
// repository are errors; a file outside any repository is not changed.
func TestChanges(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	repo := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1", "HOME="+repo)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, content string) string {
		p := filepath.Join(repo, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	k := write("k.upc", "a\nb\nc\nd\n")
	s := write("staged.upc", "1\n2\n")
	run("init", "-q")
	run("add", ".")
	run("commit", "-q", "-m", "first")
	write("k.upc", "new\na\nb\nC\nd\n")
	write("staged.upc", "1\n2\n3\n")
	run("add", "staged.upc")
	u := write("untracked.upc", "x\n")

	c := NewChanges("HEAD")
	if err := c.Require([]string{k, s, u}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		line int
		want bool
	}{
		{k, 1, true}, {k, 2, false}, {k, 3, false}, {k, 4, true}, {k, 5, false}, {k, 0, true},
		{s, 2, false}, {s, 3, true},
		{u, 1, true}, {u, 0, true},
	} {
		got, err := c.Changed(tc.path, tc.line)
		if err != nil || got != tc.want {
			t.Errorf("Changed(%s, %d) = %t, %v; want %t", filepath.Base(tc.path), tc.line, got, err, tc.want)
		}
	}
	outside := filepath.Join(t.TempDir(), "h.h")
	if got, err := c.Changed(outside, 1); got || err != nil {
		t.Errorf("a file outside any repository: %t, %v", got, err)
	}
	if err := NewChanges("nosuchrev").Require([]string{k}); err == nil || !strings.Contains(err.Error(), `"nosuchrev" is not a revision`) {
		t.Errorf("bad revision: %v", err)
	}
	if err := NewChanges("HEAD").Require([]string{outside}); err == nil || !strings.Contains(err.Error(), "not in a git repository") {
		t.Errorf("outside a repository: %v", err)
	}
}
