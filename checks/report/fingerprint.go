package report

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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
	var key []byte
	var fp [16 + 1 + 20]byte
	lastPath, lastRel := "", ""
	for i := range findings {
		f := &findings[i]
		if f.Fingerprint != "" {
			continue
		}
		// Findings come sorted by file: convert each path once.
		if f.Pos.Path != lastPath || lastRel == "" {
			lastPath, lastRel = f.Pos.Path, relPath(f.Pos.Path)
		}
		key = append(key[:0], f.Rule...)
		key = append(key, 0)
		key = append(key, lastRel...)
		key = append(key, 0)
		key = appendNormalizedLine(key, f.Line)
		n := seen[string(key)] + 1
		seen[string(key)] = n
		sum := sha256.Sum256(key)
		b := hex.AppendEncode(fp[:0], sum[:8])
		b = append(b, ':')
		f.Fingerprint = string(strconv.AppendInt(b, int64(n), 10))
	}
}

// appendNormalizedLine appends s without its white-space characters.
func appendNormalizedLine(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !asciiSpace[c] {
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			dst = utf8.AppendRune(dst, r)
		}
		i += size
	}
	return dst
}

// asciiSpace marks the ASCII characters unicode.IsSpace reports.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

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
