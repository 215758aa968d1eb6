// Package gcsettings applies the garbage collector settings of a batch
// analysis or a language server to the process while it runs.
//
// An analysis allocates far more than it keeps: a unit's tokens, syntax
// tree and facts are garbage once its findings are out, and the live heap
// of a check of many small files is a few megabytes. At the default
// GOGC=100 the collector then starts a cycle every few files, and its
// marking competes with the analysis for the processor. The work of
// marking per byte allocated falls as GOGC grows, so upclint trades heap
// for CPU: GOGC bounds the heap to (1 + GOGC/100) times the live data, and
// the memory limit makes the collector run earlier whenever that would
// exceed it.
package gcsettings

import (
	"os"
	"runtime/debug"
	"sync"
)

// The settings upclint uses (BenchmarkDevelopmentCorpus and
// BenchmarkEditToDiagnostics measure them).
const (
	Percent     = 400
	MemoryLimit = 1 << 30
)

// claims counts the running claims; the first applies the settings and the
// last restores the previous ones.
var claims struct {
	sync.Mutex
	n                    int
	percent              int
	limit                int64
	setPercent, setLimit bool
}

// Use applies Percent and MemoryLimit to the process until the returned
// function is called, unless the user set GOGC or GOMEMLIMIT, whose
// settings are kept. Concurrent claims share the settings.
func Use() (restore func()) {
	g := &claims
	g.Lock()
	defer g.Unlock()
	if g.n == 0 {
		_, gogc := os.LookupEnv("GOGC")
		_, gomemlimit := os.LookupEnv("GOMEMLIMIT")
		g.setPercent, g.setLimit = !gogc, !gomemlimit
		if g.setPercent {
			g.percent = debug.SetGCPercent(Percent)
		}
		if g.setLimit {
			g.limit = debug.SetMemoryLimit(MemoryLimit)
		}
	}
	g.n++
	return func() {
		g.Lock()
		defer g.Unlock()
		if g.n--; g.n == 0 {
			if g.setPercent {
				debug.SetGCPercent(g.percent)
			}
			if g.setLimit {
				debug.SetMemoryLimit(g.limit)
			}
		}
	}
}
