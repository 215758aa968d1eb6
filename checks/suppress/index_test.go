package suppress

import (
	"errors"
	"fmt"
	"testing"

	"github.com/upclint/upclint/checks"
)

// TestIndex: applying the comments of text added to an Index gives what
// Apply gives reading the same text, and reads only files not added.
func TestIndex(t *testing.T) {
	src := []byte("x; // upclint:ignore typecheck generated\ny;\n// upclint:ignore syntax\n")
	hdr := []byte("// upclint:file-ignore preprocessor vendor header\n")
	files := map[string][]byte{"f.upc": src, "h.h": hdr}
	findings := func() []checks.Finding {
		h := finding("preprocessor", 1)
		h.Pos.Path = "h.h"
		return []checks.Finding{finding("typecheck", 2), h}
	}
	read := func(name string) ([]byte, error) {
		if b, ok := files[name]; ok {
			return b, nil
		}
		return nil, errors.New("no such file")
	}
	want := fmt.Sprint(Apply(findings(), []string{"f.upc"}, read, nil))

	var x Index
	x.Add("f.upc", src)
	var reads []string
	got := x.Apply(findings(), []string{"f.upc"}, func(name string) ([]byte, error) {
		reads = append(reads, name)
		return read(name)
	}, nil)
	if fmt.Sprint(got) != want {
		t.Errorf("Index.Apply = %v\nwant %v", got, want)
	}
	if fmt.Sprint(reads) != "[h.h]" {
		t.Errorf("read %v, want only the header", reads)
	}
}
