package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/upclint/upclint/checks"
)

// referenceFingerprints computes fingerprints the plain way: baselines
// and code scanning alerts are keyed by them, so they must not change.
func referenceFingerprints(findings []checks.Finding) []string {
	seen := map[string]int{}
	var out []string
	for _, f := range findings {
		line := strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, f.Line)
		key := f.Rule + "\x00" + relPath(f.Pos.Path) + "\x00" + line
		n := seen[key] + 1
		seen[key] = n
		sum := sha256.Sum256([]byte(key))
		out = append(out, fmt.Sprintf("%s:%d", hex.EncodeToString(sum[:8]), n))
	}
	return out
}

// TestFingerprintValues: fingerprints are the documented hash, with
// white space (Unicode's) removed and invalid UTF-8 read as U+FFFD.
func TestFingerprintValues(t *testing.T) {
	fs := []checks.Finding{
		{Rule: "typecheck", Pos: checks.Position{Path: "src/a.upc", Line: 3}, Line: "\t return  nope ;\u00a0"},
		{Rule: "typecheck", Pos: checks.Position{Path: "src/a.upc", Line: 9}, Line: "return nope;"},
		{Rule: "finegrain", Pos: checks.Position{Path: "./src//b.upc", Line: 1}, Line: "x\u2003=\v1;\r"},
		{Rule: "syntax", Pos: checks.Position{Path: ""}, Line: ""},
		{Rule: "syntax", Pos: checks.Position{Path: "c.upc", Line: 2}, Line: "a\xffb\xc3 \u0085c\ufffd\x85"},
		{Rule: "syntax", Pos: checks.Position{Path: "c.upc", Line: 4}, Line: "a\ufffdb\ufffdc\ufffd\ufffd"},
		{Rule: "syntax", Pos: checks.Position{Path: "d.upc", Line: 4}, Line: "é 中\t😀"},
	}
	want := referenceFingerprints(fs)
	AssignFingerprints(fs)
	for i, f := range fs {
		if f.Fingerprint != want[i] {
			t.Errorf("%q: fingerprint %s, want %s", f.Line, f.Fingerprint, want[i])
		}
	}
	// Values computed once, so that a change to both ways is noticed.
	for i, w := range []string{"da427cd47b38e05d:1", "da427cd47b38e05d:2", "10a1bf806f829be2:1", "340820de0e326893:1"} {
		if fs[i].Fingerprint != w {
			t.Errorf("finding %d: fingerprint %s, want %s", i, fs[i].Fingerprint, w)
		}
	}
	if fs[5].Fingerprint != fs[4].Fingerprint[:16]+":2" {
		t.Errorf("invalid UTF-8 not read as U+FFFD: %s, %s", fs[4].Fingerprint, fs[5].Fingerprint)
	}
}
