package all_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/checktest"
	"github.com/upclint/upclint/grammar/diag"
)

// BenchmarkRules compares, on the same generated 100k-line tree, the front
// end alone with the front end plus every rule. The ratio of their CPU
// times is the rules' cost (target: at most 1.5).
func BenchmarkRules(b *testing.B) {
	files, lines := checktest.GenerateTree(b, 100000, 1000)
	frontEnd := func(rule string) bool {
		return rule == diag.RuleSyntax || rule == diag.RuleTypecheck || rule == diag.RulePreprocessor
	}
	for _, bc := range []struct {
		name    string
		enabled func(string) bool
	}{{"frontend", frontEnd}, {"all", nil}} {
		b.Run(bc.name, func(b *testing.B) {
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := checks.Run(files, &checks.Options{Enabled: bc.enabled}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(lines*b.N)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
		})
	}
}

// cpuTime is the process's user plus system time: unlike wall time, other
// load on the machine does not change it much.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
