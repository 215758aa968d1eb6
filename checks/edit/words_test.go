package edit

import (
	"strings"
	"testing"
)

// TestHasWord: hasWord finds exactly the words countWords counts, in text
// where identifiers touch numbers, other identifiers and the text's ends.
func TestHasWord(t *testing.T) {
	text := []byte("abc x1abc 1abc 0x1fabc 1.5e3abc abc_ _abc abc2 (abc) a.abc\nb\tabc; é abc» zz")
	words, _ := countWords(text)
	// every substring that could be asked for: each run of identifier
	// characters and each of its suffixes and prefixes
	asked := map[string]bool{"": true, "1abc": true, "zz": true, "z": true}
	for _, f := range strings.FieldsFunc(string(text), func(r rune) bool { return r > 127 || !isIdentChar(byte(r)) }) {
		for i := range len(f) {
			for j := i + 1; j <= len(f); j++ {
				asked[f[i:j]] = true
			}
		}
	}
	for w := range asked {
		if got, want := hasWord(text, w), words[w] > 0; got != want {
			t.Errorf("hasWord(%q) = %v, countWords says %v", w, got, want)
		}
	}
}
