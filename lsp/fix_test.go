package lsp

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
)

// fixSrc has a forall finding and a finegrain finding, both with a safe
// fix, and a collectivity error. The fixed lines start with characters
// that take 2 and 4 bytes in UTF-8 and 1 and 2 code units in UTF-16, so a
// byte column sent as a UTF-16 one lands in the wrong place.
const fixSrc = `#include <upc_relaxed.h>
#include <stdio.h>

#define N 37

shared int a[N * THREADS];
shared int X[100 * THREADS];

void kernel(void)
{
    int i;
    /* é😀 */ upc_forall (i = 0; i < N; i++; &a[i]) {
        a[i] = i;
    }
}

long window_sum(void)
{
    int j;
    long s = 0;
    for (j = 10; j < 300; j++)
        /* ü😀 */ s += X[j] * (j % 3);
    return s;
}

void sync_some(void)
{
    if (MYTHREAD == 0)
        upc_barrier;
}

int main(void)
{
    kernel();
    sync_some();
    printf("%ld\n", window_sum());
    return 0;
}
`

// fixLoop is the forall loop of fixSrc and its rewrite.
const (
	fixLoop      = "    /* é😀 */ upc_forall (i = 0; i < N; i++; &a[i]) {\n"
	fixLoopFixed = "    /* é😀 */ for (i = MYTHREAD; i < N; i += THREADS) {\n"
)

// applyTextEdits applies LSP text edits (UTF-16 positions, all relative
// to src) the way a client does. It converts positions on its own, not
// with the server's mapper.
func applyTextEdits(t *testing.T, src string, edits []protocol.TextEdit) string {
	t.Helper()
	lines := strings.SplitAfter(src, "\n")
	offset := func(p protocol.Position) int {
		if int(p.Line) >= len(lines) {
			t.Fatalf("edit position %+v past the end", p)
		}
		off := 0
		for _, l := range lines[:p.Line] {
			off += len(l)
		}
		line, units := lines[p.Line], 0
		for i, r := range line {
			if units == int(p.Character) {
				return off + i
			}
			if units > int(p.Character) || r == '\n' {
				break
			}
			units += utf16Len(string(r))
		}
		if units == int(p.Character) && !strings.HasSuffix(line, "\n") {
			return off + len(line)
		}
		t.Fatalf("edit position %+v is not on a character boundary of %q", p, line)
		return 0
	}
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{offset(e.Range.Start), offset(e.Range.End), e.NewText})
	}
	slices.SortStableFunc(spans, func(a, b span) int { return cmp.Compare(b.start, a.start) })
	out := src
	for i, s := range spans {
		if s.end < s.start || i > 0 && s.end > spans[i-1].start {
			t.Fatalf("bad or overlapping edits: %+v", edits)
		}
		out = out[:s.start] + s.text + out[s.end:]
	}
	return out
}

// diagOfRule returns the diagnostic of rule in p.
func diagOfRule(t *testing.T, p *protocol.PublishDiagnosticsParams, rule string) protocol.Diagnostic {
	t.Helper()
	for _, d := range p.Diagnostics {
		if codeOf(d) == rule {
			return d
		}
	}
	t.Fatalf("no %s diagnostic: %s", rule, fmtDiags(p))
	return protocol.Diagnostic{}
}

func codeActionsAt(t *testing.T, c *testClient, u uri.URI, r protocol.Range, diags []protocol.Diagnostic, only ...protocol.CodeActionKind) []protocol.CodeAction {
	t.Helper()
	var out []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: r, Context: protocol.CodeActionContext{Diagnostics: diags, Only: only}}, &out); err != nil {
		t.Fatalf("codeAction: %v", err)
	}
	return out
}

// replaceAll sends the whole new text as one incremental change.
func replaceAll(c *testClient, u uri.URI, v int32, old, text string) {
	c.change(u, v, rng(0, 0, uint32(strings.Count(old, "\n")), 0), text)
}

// ruleFixes returns the fixes of the findings of rule that the driver
// reports on src (byte offsets, no UTF-16 involved).
func ruleFixes(t *testing.T, path, src, rule string) []checks.Fix {
	t.Helper()
	_, fs := checks.AnalyzeSource(path, []byte(src), &checks.Options{Jobs: 1})
	for _, f := range fs {
		if f.Rule == rule {
			return f.Fixes
		}
	}
	t.Fatalf("the driver reports no %s finding", rule)
	return nil
}

// TestQuickFixesFromRules requests the quick fixes of the forall and
// finegrain findings over the protocol, applies them as a client does and
// compares the result with the rules' own byte-offset edits.
func TestQuickFixesFromRules(t *testing.T) {
	c, u := openOne(t, nil, `{"debounceMs": -1}`, "k.upc", fixSrc)
	path := uriPath(u)
	p := c.waitDiagnostics(u, version(1))
	if len(p.Diagnostics) != 3 {
		t.Fatalf("diagnostics: %s", fmtDiags(p))
	}
	diagOfRule(t, p, "collectivity")
	for i, tc := range []struct{ rule, title string }{
		{"forall", "iterate with stride THREADS from this thread's first iteration"},
		{"finegrain", "coalesce the reads of X: fetch the elements with one upc_memget per thread before the loop"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			d := diagOfRule(t, p, tc.rule)
			// Neovim asks for the diagnostic's start only; VS Code for its range.
			for _, r := range []protocol.Range{d.Range, {Start: d.Range.Start, End: d.Range.Start}} {
				var fix *protocol.CodeAction
				var titles []string
				for _, a := range codeActionsAt(t, c, u, r, []protocol.Diagnostic{d}) {
					titles = append(titles, a.Title)
					if a.Title == tc.title {
						fix = &a
					}
				}
				if fix == nil {
					t.Fatalf("no action %q at %+v: %q", tc.title, r, titles)
				}
				if *fix.Kind != protocol.CodeActionKindQuickFix || fix.IsPreferred == nil || !*fix.IsPreferred ||
					len(fix.Diagnostics) != 1 || codeOf(fix.Diagnostics[0]) != tc.rule || len(fix.Edit.Changes) != 1 {
					t.Errorf("action: %+v", fix)
				}
				got := applyTextEdits(t, fixSrc, fix.Edit.Changes[u])
				fixes := ruleFixes(t, path, fixSrc, tc.rule)
				want, err := applyBytes(fixSrc, fixes[0].Edits)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("quick fix applied over the protocol differs from the rule's byte edits: %s", lineDiff(got, want))
				}
				if tc.rule == "forall" {
					if want := strings.Replace(fixSrc, fixLoop, fixLoopFixed, 1); got != want {
						t.Errorf("forall fix:\n%s", got)
					}
					// The keyword starts after 4 spaces and "/* é😀 */ ": 9 UTF-16 units, 14 bytes.
					kw := utf16Len("    /* é😀 */ ")
					if !slices.ContainsFunc(fix.Edit.Changes[u], func(e protocol.TextEdit) bool {
						return e.Range == rng(11, uint32(kw), 11, uint32(kw+len("upc_forall"))) && e.NewText == "for"
					}) {
						t.Errorf("no edit of upc_forall at 11:%d: %+v", kw, fix.Edit.Changes[u])
					}
				}
			}
			// The client applies the fix: the finding goes away and the
			// collectivity error stays.
			var fix protocol.CodeAction
			for _, a := range codeActionsAt(t, c, u, d.Range, []protocol.Diagnostic{d}) {
				if a.Title == tc.title {
					fix = a
				}
			}
			fixed := applyTextEdits(t, fixSrc, fix.Edit.Changes[u])
			v := int32(2 + 2*i)
			replaceAll(c, u, v, fixSrc, fixed)
			after := c.waitDiagnostics(u, version(v))
			diagOfRule(t, after, "collectivity")
			for _, d := range after.Diagnostics {
				if codeOf(d) == tc.rule || codeOf(d) == "syntax" || codeOf(d) == "typecheck" {
					t.Errorf("after the fix: %s", fmtDiags(after))
				}
			}
			replaceAll(c, u, v+1, fixed, fixSrc) // back to the original for the next rule
			c.waitDiagnostics(u, version(v+1))
		})
	}
}

// applyBytes applies checks edits (byte offsets) to src.
func applyBytes(src string, edits []checks.Edit) (string, error) {
	out, err := fixes.Apply([]byte(src), edits)
	return string(out), err
}

// TestFixAllFromRules runs source.fixAll.upclint with the real rules: it
// applies the forall and finegrain fixes together, as `upclint fix` does
// in one round, and leaves the collectivity error.
func TestFixAllFromRules(t *testing.T) {
	c, u := openOne(t, nil, `{"debounceMs": -1}`, "k.upc", fixSrc)
	path := uriPath(u)
	p := c.waitDiagnostics(u, version(1))
	for _, only := range [][]protocol.CodeActionKind{{kindFixAll}, {protocol.CodeActionKindSourceFixAll}, {protocol.CodeActionKindSource}} {
		got := codeActionsAt(t, c, u, rng(0, 0, 0, 0), nil, only...)
		if len(got) != 1 || *got[0].Kind != kindFixAll || got[0].Title != "Apply all safe upclint fixes (2)" {
			t.Fatalf("only %v: %+v", only, got)
		}
	}
	// The file-wide action also comes with the quick fixes.
	d := diagOfRule(t, p, "forall")
	all := codeActionsAt(t, c, u, d.Range, []protocol.Diagnostic{d})
	if i := slices.IndexFunc(all, func(a protocol.CodeAction) bool { return *a.Kind == kindFixAll }); i < 0 {
		t.Fatalf("no fix-all action among the quick fixes: %+v", all)
	}
	action := codeActionsAt(t, c, u, rng(0, 0, 0, 0), nil, kindFixAll)[0]
	got := applyTextEdits(t, fixSrc, action.Edit.Changes[u])
	cli := fixes.FixSource(path, []byte(fixSrc), &fixes.Options{Check: &checks.Options{Jobs: 1}, MaxRounds: 1})
	if len(cli.Applied) != 2 || got != string(cli.Fixed) {
		t.Fatalf("fix all over the protocol differs from upclint fix (%d applied): %s", len(cli.Applied), lineDiff(got, string(cli.Fixed)))
	}
	if !strings.Contains(got, fixLoopFixed) || !strings.Contains(got, "/* ü😀 */ s += X_local[j - 10] * (j % 3);") {
		t.Errorf("fixed text:\n%s", got)
	}
	replaceAll(c, u, 2, fixSrc, got)
	after := c.waitDiagnostics(u, version(2))
	if len(after.Diagnostics) != 1 || codeOf(after.Diagnostics[0]) != "collectivity" {
		t.Errorf("after fix all: %s", fmtDiags(after))
	}
	if !utf8.ValidString(got) {
		t.Error("fixed text is not UTF-8")
	}
}

// lineDiff describes the first line where got and want differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, gl, wl)
		}
	}
	return "equal"
}
