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

// Settings are the collector settings of one kind of run.
type Settings struct {
	Percent     int   // GOGC
	MemoryLimit int64 // GOMEMLIMIT, bytes
}

// Batch is for upclint check and fix over files: the process lives for
// one run and its live data are small, so a heap of up to 11 times them
// (capped by the limit) buys CPU. On the development corpus GOGC 1000
// instead of 400 gives 8-13% more lines per CPU-second in
// BenchmarkDevelopmentCorpus and about 7% less CPU time in upclint check,
// for a peak resident size of about 590 MB instead of 400 MB
// (BENCHMARKS.md).
var Batch = Settings{Percent: 1000, MemoryLimit: 1 << 30}

// Server is for the language server, which lives as long as the editor
// and keeps its snapshots: a smaller heap for each unit of live data
// (BenchmarkEditToDiagnostics measures it).
var Server = Settings{Percent: 400, MemoryLimit: 1 << 30}

// claims counts the running claims; the first applies the settings and the
// last restores the previous ones.
var claims struct {
	sync.Mutex
	n                    int
	percent              int
	limit                int64
	setPercent, setLimit bool
}

// Use applies s to the process until the returned function is called,
// unless the user set GOGC or GOMEMLIMIT, whose settings are kept.
// Concurrent claims share the settings of the first (a language server's
// analyses run under the server's).
func Use(s Settings) (restore func()) {
	g := &claims
	g.Lock()
	defer g.Unlock()
	if g.n == 0 {
		_, gogc := os.LookupEnv("GOGC")
		_, gomemlimit := os.LookupEnv("GOMEMLIMIT")
		g.setPercent, g.setLimit = !gogc, !gomemlimit
		if g.setPercent {
			g.percent = debug.SetGCPercent(s.Percent)
		}
		if g.setLimit {
			g.limit = debug.SetMemoryLimit(s.MemoryLimit)
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
