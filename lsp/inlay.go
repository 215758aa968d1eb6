package lsp

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"

	"go.lsp.dev/protocol"
)

// Inlay hints put the finegrain rule's estimate of a loop's remote
// operations per thread at the end of the loop's first line, so that the
// cost of each loop is visible without opening the diagnostics.
//
// The estimate is the rule's own (checks/rules/finegrain, estimate.go): the
// hint shows the figure of the finding's message and points at the loop the
// finding names in its "in this loop" related location. TestInlayHints
// keeps this in step with the rule's wording.

// finegrainEstimate matches the estimate in a finegrain message: "...
// remote reads of a[i] in this loop: about N remote reads per thread per
// execution" (or "one remote operation per element on every iteration"
// when the rule cannot count); finegrainFields the one of a loop that
// reads several fields of a structure element per iteration.
var (
	finegrainEstimate = regexp.MustCompile(`remote (reads and writes|reads|writes) of (.+?) in this loop: (?:about (.+?) remote (?:reads and writes|reads|writes) per thread per execution|(one remote operation per element on every iteration))`)
	finegrainFields   = regexp.MustCompile(`remote (reads) of (\d+) fields of (.+?) \(.*\) in each iteration of this loop: one remote operation per field`)
)

// estimateLabel returns the hint text of a finegrain message, "" if it
// states no estimate.
func estimateLabel(msg string) string {
	if m := finegrainEstimate.FindStringSubmatch(msg); m != nil {
		ops, what, count := m[1], m[2], m[3]
		if count == "" {
			return "1 remote op per element per iteration (" + what + ")"
		}
		return "≈ " + count + " remote " + ops + "/thread (" + what + ")"
	}
	if m := finegrainFields.FindStringSubmatch(msg); m != nil {
		return m[2] + " remote " + m[1] + " per iteration (" + m[3] + ")"
	}
	return ""
}

// loopHint is the hint of one loop: the line of its head and the
// estimates of its findings.
type loopHint struct {
	line  int
	parts []string
	tips  []string
}

// loopHints returns the hints of snap's loops with finegrain findings, in
// document order.
func loopHints(snap *snapshot) []*loopHint {
	var hints []*loopHint
	byLine := map[int]*loopHint{}
	for _, f := range snap.findings {
		if f.Rule != "finegrain" || f.Pos.Path != snap.path {
			continue
		}
		loop := -1
		for _, r := range f.Related {
			if r.Message == "in this loop" && r.Pos.Path == snap.path && r.Pos.IsValid() {
				loop = r.Pos.Line - 1
			}
		}
		part := estimateLabel(f.Message)
		if loop < 0 || part == "" {
			continue
		}
		h := byLine[loop]
		if h == nil {
			h = &loopHint{line: loop}
			byLine[loop] = h
			hints = append(hints, h)
		}
		h.parts = append(h.parts, part)
		h.tips = append(h.tips, f.Message)
	}
	return hints
}

func (s *Server) inlayHint(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.InlayHintParams
	snap, err := s.docSnapshot(ctx, params, &p, &p.TextDocument)
	if err != nil {
		return nil, err
	}
	yes := true
	out := []protocol.InlayHint{}
	for _, h := range loopHints(snap) {
		if h.line >= len(snap.m.lines) {
			continue
		}
		pos := snap.m.position(snap.m.lineEnd(h.line))
		if pos.Line < p.Range.Start.Line || pos.Line > p.Range.End.Line {
			continue
		}
		out = append(out, protocol.InlayHint{
			Position:    pos,
			Label:       protocol.String(strings.Join(h.parts, "; ")),
			Tooltip:     protocol.String(strings.Join(h.tips, "\n\n")),
			PaddingLeft: &yes,
		})
	}
	return out, nil
}
