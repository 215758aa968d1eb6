package token

import (
	"testing"
	"unsafe"
)

// TestTokenSize: a token takes 40 bytes on a 64-bit machine (a unit copies
// thousands), and keeps its expansion's end.
func TestTokenSize(t *testing.T) {
	if n := unsafe.Sizeof(Token{}); unsafe.Sizeof(uintptr(0)) == 8 && n != 40 {
		t.Errorf("a Token takes %d bytes, want 40 (on a 64-bit machine)", n)
	}
	var tok Token
	if tok.FromMacro() || tok.ExpEnd() != NoPos {
		t.Errorf("a token spelled in the source has an expansion: %v-%v", tok.Exp, tok.ExpEnd())
	}
	tok.Pos, tok.Text = 5, "x"
	tok.SetExp(1<<30, 1<<30+1<<20)
	if !tok.FromMacro() || tok.SitePos() != 1<<30 || tok.SiteEnd() != 1<<30+1<<20 {
		t.Errorf("SetExp(2^30, 2^30+2^20) gives %v-%v", tok.SitePos(), tok.SiteEnd())
	}
}
