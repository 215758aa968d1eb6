// Package fixes applies the rewrites that rules suggest: it merges the
// edits of many fixes per file, resolves conflicts deterministically, writes
// files atomically, and validates rewrites by running the original and the
// rewritten program on the bundled runtime.
package fixes

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/upclint/upclint/checks"
)

// Conflict is a fix that was not applied because it overlaps an earlier one.
type Conflict struct {
	Finding *checks.Finding
	Fix     *checks.Fix
}

// Chosen is a fix selected for application with the finding it belongs to.
type Chosen struct {
	Finding *checks.Finding
	Fix     *checks.Fix
}

// Select picks, per file, the fixes to apply from findings: the first fix
// of each finding that accept allows, in finding order; a fix whose edits
// overlap an already selected fix's edits is skipped (it will be offered
// again on the next round, against the rewritten text). The result is
// keyed by path.
func Select(findings []checks.Finding, accept func(*checks.Finding, *checks.Fix) bool) (map[string][]Chosen, []Conflict) {
	chosen := map[string][]Chosen{}
	taken := map[string][]checks.Edit{}
	var conflicts []Conflict
	for i := range findings {
		f := &findings[i]
		for j := range f.Fixes {
			fix := &f.Fixes[j]
			if !accept(f, fix) || len(fix.Edits) == 0 {
				continue
			}
			path := fix.Edits[0].Pos.Path
			if overlapsAny(fix.Edits, taken[path]) || !sameFile(fix.Edits) {
				conflicts = append(conflicts, Conflict{f, fix})
				break
			}
			taken[path] = append(taken[path], fix.Edits...)
			chosen[path] = append(chosen[path], Chosen{f, fix})
			break
		}
	}
	return chosen, conflicts
}

func sameFile(edits []checks.Edit) bool {
	for _, e := range edits {
		if e.Pos.Path != edits[0].Pos.Path || e.End.Path != e.Pos.Path {
			return false
		}
	}
	return true
}

// overlapsAny reports whether an edit of a overlaps an edit of b. Two
// insertions at the same offset overlap too: their order would be
// arbitrary. Two identical insertions of #include lines (two fixes that
// need the same header) do not: they are merged into one (see Edits).
func overlapsAny(a, b []checks.Edit) bool {
	for _, x := range a {
		for _, y := range b {
			if shared(x, y) {
				continue
			}
			if x.Pos.Offset < y.End.Offset && y.Pos.Offset < x.End.Offset ||
				x.Pos.Offset == y.Pos.Offset {
				return true
			}
		}
	}
	return false
}

// Apply returns src with the edits applied. Edits must not overlap; their
// offsets refer to src.
func Apply(src []byte, edits []checks.Edit) ([]byte, error) {
	sorted := append([]checks.Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Pos.Offset < sorted[j].Pos.Offset })
	var out bytes.Buffer
	last := 0
	for _, e := range sorted {
		start, end := e.Pos.Offset, e.End.Offset
		if start < last || end < start || end > len(src) {
			return nil, fmt.Errorf("fixes: bad or overlapping edit at %s:%d:%d", e.Pos.Path, e.Pos.Line, e.Pos.Col)
		}
		out.Write(src[last:start])
		out.WriteString(e.NewText)
		last = end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// Edits flattens the edits of chosen fixes; an #include insertion that
// several fixes make identically is kept once.
func Edits(chosen []Chosen) []checks.Edit {
	var out []checks.Edit
	for _, c := range chosen {
	next:
		for _, e := range c.Fix.Edits {
			for _, o := range out {
				if shared(e, o) {
					continue next
				}
			}
			out = append(out, e)
		}
	}
	return out
}

// shared reports whether x and y are the same insertion of #include
// directives only: the edit two fixes make when both need a header the
// file lacks.
func shared(x, y checks.Edit) bool {
	if x.Pos.Offset != y.Pos.Offset || x.End.Offset != x.Pos.Offset || y.End.Offset != y.Pos.Offset ||
		x.NewText != y.NewText || x.Pos.Path != y.Pos.Path {
		return false
	}
	n := 0
	for _, line := range strings.Split(x.NewText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		rest, ok := strings.CutPrefix(line, "#")
		if !ok || !strings.HasPrefix(strings.TrimSpace(rest), "include") {
			return false
		}
		n++
	}
	return n > 0
}
