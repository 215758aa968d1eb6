package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/upclint/upclint/checks"
)

// AssignFingerprints gives every finding without one a fingerprint that
// survives unrelated edits: a hash of the rule, the file's path (relative
// to the working directory, with forward slashes), the text of the
// finding's line with all white space removed, and the occurrence index of
// the finding among those with the same rule, path and line text (in
// report order). Inserting or deleting lines elsewhere, or re-indenting,
// leaves it unchanged; editing the line itself changes it.
//
// The form is "<16 hex digits>:<occurrence>", as GitHub code scanning
// expects of partialFingerprints.primaryLocationLineHash.
func AssignFingerprints(findings []checks.Finding) {
	seen := map[string]int{}
	for i := range findings {
		f := &findings[i]
		if f.Fingerprint != "" {
			continue
		}
		key := f.Rule + "\x00" + relPath(f.Pos.Path) + "\x00" + normalizeLine(f.Line)
		n := seen[key] + 1
		seen[key] = n
		sum := sha256.Sum256([]byte(key))
		f.Fingerprint = fmt.Sprintf("%s:%d", hex.EncodeToString(sum[:8]), n)
	}
}

// normalizeLine removes every white-space character.
func normalizeLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// relPath returns path relative to the working directory when it lies
// below it, with forward slashes.
func relPath(path string) string {
	if filepath.IsAbs(path) {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
				path = rel
			}
		}
	}
	if path == "" {
		return ""
	}
	return filepath.ToSlash(filepath.Clean(path))
}
