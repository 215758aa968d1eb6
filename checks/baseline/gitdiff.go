package baseline

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/upclint/upclint/checks"
)

// Changes knows which lines of which files changed since a git revision,
// for `upclint check --new-from-rev REV`: the lines added or modified by
// `git diff -U0 REV` in the repository of each file (the working tree,
// staged or not, against REV), and every line of an untracked file.
type Changes struct {
	Rev string

	mu    sync.Mutex
	roots map[string]string    // directory → repository root ("" when none)
	repos map[string]*repoDiff // by root
	errs  map[string]error     // by directory
}

// repoDiff is the diff of one repository.
type repoDiff struct {
	lines     map[string]map[int]bool // absolute path → changed lines (new numbering)
	untracked map[string]bool
}

// NewChanges returns the changes since rev; the repositories are read when
// first needed.
func NewChanges(rev string) *Changes {
	return &Changes{Rev: rev, roots: map[string]string{}, repos: map[string]*repoDiff{}, errs: map[string]error{}}
}

var errNotRepo = errors.New("--new-from-rev: not in a git repository")

// Require checks that every file of paths is in a git repository that has
// the revision, reading the repositories' diffs.
func (c *Changes) Require(paths []string) error {
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		if _, err := c.repo(filepath.Dir(evalSymlinks(abs))); err != nil {
			return err
		}
	}
	return nil
}

// Filter returns the findings on changed lines. A finding without a line
// is kept when its file changed at all.
func (c *Changes) Filter(findings []checks.Finding) ([]checks.Finding, error) {
	var out []checks.Finding
	for _, f := range findings {
		ok, err := c.Changed(f.Pos.Path, f.Pos.Line)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, f)
		}
	}
	return out, nil
}

// Changed reports whether line (1-based; 0 for the whole file) of the file
// path changed since the revision.
func (c *Changes) Changed(path string, line int) (bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	abs = evalSymlinks(abs)
	d, err := c.repo(filepath.Dir(abs))
	if errors.Is(err, errNotRepo) {
		return false, nil // a system header, say: not part of the change
	}
	if err != nil {
		return false, err
	}
	if d.untracked[abs] {
		return true, nil
	}
	if line <= 0 {
		return len(d.lines[abs]) > 0, nil
	}
	return d.lines[abs][line], nil
}

func evalSymlinks(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// repo returns the diff of the repository containing dir.
func (c *Changes) repo(dir string) (*repoDiff, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.errs[dir]; err != nil {
		return nil, err
	}
	root, ok := c.roots[dir]
	if !ok {
		out, err := git(dir, "rev-parse", "--show-toplevel")
		if err != nil {
			err = fmt.Errorf("%w: %s (%w)", errNotRepo, dir, err)
			c.errs[dir] = err
			return nil, err
		}
		root = evalSymlinks(strings.TrimSpace(out))
		c.roots[dir] = root
	}
	if d := c.repos[root]; d != nil {
		return d, nil
	}
	d, err := readRepo(root, c.Rev)
	if err != nil {
		c.errs[dir] = err
		return nil, err
	}
	c.repos[root] = d
	return d, nil
}

func readRepo(root, rev string) (*repoDiff, error) {
	if _, err := git(root, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, fmt.Errorf("--new-from-rev: %q is not a revision of the git repository %s", rev, root)
	}
	diff, err := git(root, "-c", "core.quotePath=false", "diff", "-U0", "--no-color", "--no-ext-diff",
		"--no-renames", "--src-prefix=a/", "--dst-prefix=b/", rev, "--")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev: git diff %s: %w", rev, err)
	}
	d := &repoDiff{lines: parseDiff(root, diff), untracked: map[string]bool{}}
	others, err := git(root, "-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard", "--full-name")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev: git ls-files: %w", err)
	}
	for _, l := range strings.Split(others, "\n") {
		if l != "" {
			d.untracked[filepath.Join(root, filepath.FromSlash(l))] = true
		}
	}
	return d, nil
}

// parseDiff returns the added lines of each file of a unified diff with
// zero context, numbered in the new version.
func parseDiff(root, diff string) map[string]map[int]bool {
	out := map[string]map[int]bool{}
	var cur map[int]bool
	sc := bufio.NewScanner(strings.NewReader(diff))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "+++ "):
			cur = nil
			if name, ok := strings.CutPrefix(l[4:], "b/"); ok {
				name = strings.TrimSuffix(name, "\t")
				cur = map[int]bool{}
				out[filepath.Join(root, filepath.FromSlash(name))] = cur
			}
		case strings.HasPrefix(l, "@@ ") && cur != nil:
			// @@ -a[,b] +c[,d] @@
			fields := strings.Fields(l)
			if len(fields) < 3 || !strings.HasPrefix(fields[2], "+") {
				continue
			}
			start, count, _ := strings.Cut(fields[2][1:], ",")
			s, err1 := strconv.Atoi(start)
			n := 1
			var err2 error
			if count != "" {
				n, err2 = strconv.Atoi(count)
			}
			if err1 != nil || err2 != nil {
				continue
			}
			for i := s; i < s+n; i++ {
				cur[i] = true
			}
		}
	}
	return out
}

// git runs git in dir and returns its standard output.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && stderr.Len() > 0 {
			return "", errors.New(strings.TrimSpace(stderr.String()))
		}
		return "", err
	}
	return stdout.String(), nil
}
