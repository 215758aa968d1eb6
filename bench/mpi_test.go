package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMPISection: the MPI section is rendered between its markers,
// appended to a document without one, replaced in place on the next
// measurement, and kept when the rest of the document is regenerated.
func TestMPISection(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "BENCHMARKS.md")
	if err := os.WriteFile(doc, []byte("# upclint benchmarks\n\nbody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	section := func(ms float64) string {
		var b bytes.Buffer
		k := &MPIKernel{Name: "stencil.upc", Changed: true, Validated: true, Points: []MPIPoint{{Threads: 2,
			Transport: "TCP", Before: MPIRun{RemoteOps: 100, Wall: Summarise([]float64{ms})},
			After: MPIRun{RemoteOps: 1, Wall: Summarise([]float64{2})}}}}
		if err := WriteMPISection(&b, MPIEnv{Date: "d", Commit: "c", MPI: "Open MPI", Command: "cmd", Cores: 2},
			MPIConfig{Threads: []int{2}}, []*MPIKernel{k, {Name: "broadcast.upc", Note: "no fix applied"}}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	first := section(10)
	if !strings.Contains(first, "| `stencil.upc` | yes | 2 | TCP | 100 → 1 | 10.0 | 2.0 | 5.00× |") ||
		!strings.Contains(first, "| `broadcast.upc` | no fix | | | no fix applied |") {
		t.Fatalf("section:\n%s", first)
	}
	if err := SpliceMPISection(doc, first); err != nil {
		t.Fatal(err)
	}
	if err := SpliceMPISection(doc, section(20)); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(doc)
	s := string(b)
	if strings.Count(s, MPIBegin) != 1 || !strings.Contains(s, "| 20.0 | 2.0 | 10.00× |") || !strings.HasPrefix(s, "# upclint benchmarks\n\nbody\n") {
		t.Fatalf("document after two measurements:\n%s", s)
	}
	if got := MPISection(doc); got != section(20) {
		t.Errorf("MPISection:\n%s\nwant:\n%s", got, section(20))
	}
	if err := Render(&Report{}, doc); err != nil {
		t.Fatal(err)
	}
	if MPISection(doc) != section(20) {
		t.Errorf("the section was lost when the document was regenerated")
	}
}
