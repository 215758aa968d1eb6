package profile

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/upclint/upclint/runtime"
)

func TestWriteFixReport(t *testing.T) {
	orig := "int main(void) {\n  for (i = 0; i < N; i++)\n    s += a[i];\n  return 0;\n}\n"
	fixed := "int main(void) {\n  upc_memget(buf, a, N);\n  for (i = 0; i < N; i++)\n    s += buf[i];\n  return 0;\n}\n"
	net := runtime.NetParams{ONs: 300, LNs: 1500, GNsByte: 0.08}
	before := &runtime.Stats{Threads: 4, Net: net, Pairs: []runtime.Pair{{From: 0, To: 1, Ops: 1000, Bytes: 4000}},
		Lines: []runtime.LineStats{{File: "k.upc", Line: 3, RemoteReads: 1000, RemoteBytes: 4000, Threads: 4}}}
	after := &runtime.Stats{Threads: 4, Net: net, Pairs: []runtime.Pair{{From: 0, To: 1, Ops: 1, Bytes: 4000}},
		Lines: []runtime.LineStats{{File: "k.upc", Line: 2, Bulk: 1, BulkBytes: 4000, Threads: 4}}}
	r := &FixReport{Files: []FixFile{{Path: "dir/k.upc", Original: []byte(orig), Fixed: []byte(fixed), Validated: true,
		Before: before, After: after, Fixes: []Fix{
			{Rule: "finegrain", Message: "coalesce a", Line: 2, Kept: true, Original: [2]int{2, 3}, Fixed: [2]int{2, 4}},
			{Rule: "forall", Message: "stride", Line: 2, Reason: "THREADS=2 thread 0 output line 1: \"1\" (original) vs \"2\" (fixed)"},
		}}}}
	var b bytes.Buffer
	if err := WriteFixReport(&b, r); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"Validated: every thread prints the same",
		"Lines 2-3 → 2-4: 1,000 → 1 remote operations, 4,000 → 4,000 bytes",
		`<span class=del>-    s += a[i];</span>`,
		`<span class=add>+  upc_memget(buf, a, N);</span>`,
		`data-group="m0"`, // both versions' matrices on one scale
		`not kept: THREADS=2 thread 0 output line 1: &#34;1&#34; (original) vs &#34;2&#34; (fixed)`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// one scale: the original's hot line is the darkest, the fixed line
	// (one bulk transfer) much lighter
	if !regexp.MustCompile(`<span class=n>    3</span> <span class=s8 `).MatchString(page) {
		t.Error("original line 3 is not shaded s8")
	}
	if !regexp.MustCompile(`<span class=n>    2</span> <span class=s[1-3] `).MatchString(page) {
		t.Error("fixed line 2 is not shaded light (s1-s3)")
	}
	if n := strings.Count(page, "class=matrix"); n != 2 {
		t.Errorf("%d matrices, want 2", n)
	}
}
