package fixes

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/upclint/upclint/runtime"
)

// FixComm is the communication of the source lines one fix rewrites, from
// the runtime's per-line statistics of the original and the fixed program
// with the largest THREADS count. The lines are those the fix spans: the
// hull of its finding and of its edits (less the #include and file-scope
// declaration lines it adds), in the original text and, mapped through
// every round's edits, in the fixed text. The figures count what the
// runtime attributes to those lines, summed over threads: element-wise
// remote reads and writes, bulk transfers (upc_memget/upc_memput and the
// transfers inside collectives). Modeled is their cost in the network
// model, 2o+2L+nG per operation of n bytes (what each initiator pays); it
// leaves out the barriers a collective adds and the waiting on a busy
// target, which only the whole program's modeled time includes, so a
// collective rewrite can show a lower figure here while the program's
// time grows.
type FixComm struct {
	Threads    int      `json:"threads"`
	Original   [2]int   `json:"original_lines"` // first and last line in the original
	Fixed      [2]int   `json:"fixed_lines"`    // first and last line in the fixed text
	Before     LineComm `json:"before"`
	After      LineComm `json:"after"`
	Incomplete bool     `json:"incomplete,omitempty"` // a run's per-line table overflowed: figures may be low
}

// LineComm is the communication of a range of source lines.
type LineComm struct {
	RemoteOps   uint64        `json:"remote_ops"`
	RemoteBytes uint64        `json:"remote_bytes"`
	Modeled     time.Duration `json:"modeled_ns"`
}

// setComm sets the per-fix communication of the applied fixes from a
// passed validation.
func (r *FileResult) setComm(v *Validation) {
	if v == nil || !v.OK || v.before == nil || v.after == nil {
		return
	}
	for i := range r.Applied {
		a := &r.Applied[i]
		if a.orig.end < a.orig.start || a.fixed.end < a.fixed.start || a.fixed.end > len(r.Fixed) || a.orig.end > len(r.Original) {
			continue
		}
		c := &FixComm{Threads: v.Before.Threads, Original: lineRange(r.Original, a.orig), Fixed: lineRange(r.Fixed, a.fixed),
			Incomplete: v.before.LinesTruncated || v.after.LinesTruncated}
		c.Before = linesComm(v.before, r.Path, c.Original)
		c.After = linesComm(v.after, r.Path, c.Fixed)
		a.Comm = c
	}
}

// lineRange returns the first and last line (1-based) of sp in text.
func lineRange(text []byte, sp span) [2]int {
	first := 1 + bytes.Count(text[:sp.start], []byte{'\n'})
	last := first
	if sp.end > sp.start {
		last = 1 + bytes.Count(text[:sp.end-1], []byte{'\n'})
	}
	return [2]int{first, last}
}

// linesComm sums the statistics of the lines of file path in [lines[0],
// lines[1]].
func linesComm(s *runtime.Stats, path string, lines [2]int) LineComm {
	return linesCommWhere(s, path, func(line int) bool { return line >= lines[0] && line <= lines[1] })
}

// linesCommWhere sums the statistics of the lines of file path for which
// in is true.
func linesCommWhere(s *runtime.Stats, path string, in func(line int) bool) LineComm {
	var c LineComm
	var ns float64
	for _, l := range s.Lines {
		if !in(l.Line) || !statsFile(l.File, path) {
			continue
		}
		ops := l.RemoteReads + l.RemoteWrites + l.Bulk
		bytes := l.RemoteBytes + l.BulkBytes
		c.RemoteOps += ops
		c.RemoteBytes += bytes
		ns += float64(ops)*2*(s.Net.ONs+s.Net.LNs) + float64(bytes)*s.Net.GNsByte
	}
	c.Modeled = time.Duration(ns)
	return c
}

// statsFile reports whether the statistics' file name is path.
func statsFile(name, path string) bool {
	return name == path || samePath(name, path) || filepath.Base(name) == filepath.Base(path) && !filepath.IsAbs(name)
}

// costlierFix returns an applied fix whose own lines communicate more
// after it than before (remote operations, bytes or modeled time), when
// the text of no other applied fix overlaps its own, in the original or in
// the fixed text (else the figures mix two fixes: a fix that makes the
// copy another one inserted non-blocking counts that copy), or nil. The whole file may still communicate less: a
// rewrite that fetches all of a matrix for a loop over its diagonal hides
// behind one that saves far more.
func (r *FileResult) costlierFix() *Applied {
	for i := range r.Applied {
		a := &r.Applied[i]
		if a.Comm == nil || a.Comm.Incomplete || a.Comm.costlier() == "" {
			continue
		}
		alone := true
		for j := range r.Applied {
			b := &r.Applied[j]
			if j != i && (overlap(a.orig, b.orig) || overlap(a.fixed, b.fixed)) {
				alone = false
			}
		}
		if alone {
			return a
		}
	}
	return nil
}

// overlap reports whether two byte ranges share a byte (or are the same
// empty range).
func overlap(a, b span) bool {
	return a.start < b.end && b.start < a.end || a == b
}

// costlier says how the fix's lines communicate more after it than
// before, "" if they do not.
func (c *FixComm) costlier() string {
	var parts []string
	if c.After.RemoteOps > c.Before.RemoteOps {
		parts = append(parts, fmt.Sprintf("remote operations %d -> %d", c.Before.RemoteOps, c.After.RemoteOps))
	}
	if c.After.RemoteBytes > c.Before.RemoteBytes {
		parts = append(parts, fmt.Sprintf("remote bytes %d -> %d", c.Before.RemoteBytes, c.After.RemoteBytes))
	}
	if c.After.Modeled > c.Before.Modeled {
		parts = append(parts, fmt.Sprintf("modeled time %v -> %v", c.Before.Modeled, c.After.Modeled))
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("THREADS=%d: the lines it rewrites (%d-%d) communicate more than before: %s", c.Threads, c.Original[0], c.Original[1], strings.Join(parts, ", "))
}
