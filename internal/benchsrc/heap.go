package benchsrc

import (
	gotoken "go/token"
	"runtime"
	"testing"

	"github.com/upclint/upclint/grammar"
)

// RetainedHeap loads every source with the front end, keeping all the
// units, and reports the heap they keep alive (tokens, syntax tree, type
// information) per source line as the metric B/line. names[i] is the file
// name of srcs[i]; lines is the line count of all of them.
func RetainedHeap(b *testing.B, names []string, srcs [][]byte, lines int) {
	var perLine float64
	for b.Loop() {
		units := make([]*grammar.Unit, 0, len(names))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i, name := range names {
			units = append(units, grammar.Load(gotoken.NewFileSet(), name, srcs[i], nil))
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perLine = float64(after.HeapAlloc-before.HeapAlloc) / float64(lines)
		runtime.KeepAlive(units)
	}
	b.ReportMetric(perLine, "B/line")
}
