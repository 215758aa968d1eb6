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
// end alone with the front end plus every rule. Each iteration runs both,
// alternating which goes first, so that load from other processes falls on
// both alike; the ratio of their CPU times is the rules' cost (target: at
// most 1.5).
func BenchmarkRules(b *testing.B) {
	files, lines := checktest.GenerateTree(b, 100000, 1000)
	frontEnd := func(rule string) bool {
		return rule == diag.RuleSyntax || rule == diag.RuleTypecheck || rule == diag.RulePreprocessor
	}
	run := func(enabled func(string) bool) time.Duration {
		t0 := cpuTime()
		if _, err := checks.Run(files, &checks.Options{Enabled: enabled}); err != nil {
			b.Fatal(err)
		}
		return cpuTime() - t0
	}
	var fe, all time.Duration
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			fe += run(frontEnd)
			all += run(nil)
		} else {
			all += run(nil)
			fe += run(frontEnd)
		}
		i++
	}
	b.ReportMetric(float64(lines*i)/fe.Seconds(), "frontend-lines/cpu-s")
	b.ReportMetric(float64(lines*i)/all.Seconds(), "all-lines/cpu-s")
	b.ReportMetric(all.Seconds()/fe.Seconds(), "all/frontend")
}

// cpuTime is the process's user plus system time: unlike wall time, other
// load on the machine does not change it much.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
