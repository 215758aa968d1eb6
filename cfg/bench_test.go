package cfg_test

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/ssa"
	"github.com/upclint/upclint/grammar/ast"
)

// unit is 16 lines of typical loop code: nested loops, a conditional with
// short circuit, a switch with fall-through, a upc_forall and a barrier.
const unit = `	for (i = 0; i < n; i++) {
		if (q[i] > s && i != t) s += q[i];
		else t = t * 2 + i;
		for (j = i; j > 0; j -= 2) u += j;
	}
	while (t > 100) { t /= 3; if (t == 7) break; }
	switch (s & 3) {
	case 0: s++;
	case 1: t--; break;
	default: u = s;
	}
	upc_forall (j = 0; j < n; j++; &a[j]) {
		a[j] = s + u;
	}
	if (u > 1000) goto out%d;
	upc_barrier;
out%d:
`

// genFunc returns a function of about lines lines.
func genFunc(name string, lines int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "int %s(int n, int *q) {\n\tint i, j, s = 0, t = 1, u = 2;\n", name)
	k := 0
	for n := 0; n < lines; n += strings.Count(unit, "\n") {
		fmt.Fprintf(&sb, unit, k, k)
		k++
	}
	sb.WriteString("\treturn s + t + u;\n}\n")
	return sb.String()
}

const header = "#include <upc.h>\nshared int a[100*THREADS];\n"

func benchFuncs(b *testing.B, src string) []*ast.Decl {
	_, f := parse(b, src)
	var ds []*ast.Decl
	for _, d := range f.Decls {
		if d, ok := d.(*ast.Decl); ok && d.Body != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// analyse builds everything the analyses use for one function.
func analyse(d *ast.Decl, file *ast.File) {
	g := cfg.Build(d)
	g.Idom(g.Exit)
	g.Ipdom(g.Entry)
	g.ControlDeps(g.Entry)
	for _, l := range g.Loops().Loops {
		l.Induction()
	}
	ssa.Build(g, &ssa.Config{File: file})
}

func benchmarkBigFunc(b *testing.B, lines int) {
	ds := benchFuncs(b, header+genFunc("big", lines))
	if len(ds) != 1 {
		b.Fatalf("%d functions", len(ds))
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		analyse(ds[0], nil)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(lines)*1000, "ns/line")
	// CPU time per line is what a loaded machine distorts least: compare it
	// across sizes to see the growth rate.
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/float64(lines), "cpu-ns/line")
}

func benchmarkManyFuncs(b *testing.B, funcs int) {
	var sb strings.Builder
	sb.WriteString(header)
	for i := range funcs {
		sb.WriteString(genFunc(fmt.Sprintf("f%d", i), 16))
	}
	ds := benchFuncs(b, sb.String())
	if len(ds) != funcs {
		b.Fatalf("%d functions", len(ds))
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		for _, d := range ds {
			analyse(d, nil)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(funcs)*1000, "ns/func")
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/float64(funcs), "cpu-ns/func")
}

func BenchmarkFunc5000Lines(b *testing.B)  { benchmarkBigFunc(b, 5000) }
func BenchmarkFunc10000Lines(b *testing.B) { benchmarkBigFunc(b, 10000) }
func BenchmarkFunc20000Lines(b *testing.B) { benchmarkBigFunc(b, 20000) }
func BenchmarkFile500Funcs(b *testing.B)   { benchmarkManyFuncs(b, 500) }
func BenchmarkFile1000Funcs(b *testing.B)  { benchmarkManyFuncs(b, 1000) }
func BenchmarkFile2000Funcs(b *testing.B)  { benchmarkManyFuncs(b, 2000) }

// cpuTime is the process's user plus system time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
