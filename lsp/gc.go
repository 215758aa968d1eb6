package lsp

import (
	"os"
	"runtime/debug"
	"sync"
)

// Garbage collector settings of a language server process.
//
// An analysis allocates far more than it keeps: about 17 MB for a
// 3,000-line file, against a live heap of about 35 MB (the newest snapshot
// of each open document). At the default GOGC=100 a collection cycle
// starts every analysis or two, and its marking competes with the
// analysis for the processor (checks.Options.Parallel uses every core).
// The work of marking per byte allocated falls as GOGC grows, so the
// server trades heap for latency and CPU: serverGOGC bounds the heap to
// (1 + serverGOGC/100) times the live data, and serverMemoryLimit makes
// the collector run earlier whenever that would exceed it. On the
// benchmark file the process's CPU per edit falls by about a quarter
// (BenchmarkEditToDiagnostics, cpu-p50-ms).
const (
	serverGOGC        = 400
	serverMemoryLimit = 1 << 30
)

// gcSessions counts the running sessions; the first applies the settings
// and the last restores the previous ones.
var gcSessions struct {
	sync.Mutex
	n                    int
	percent              int
	limit                int64
	setPercent, setLimit bool
}

// tuneGC applies the server's collector settings to the process while a
// session runs, unless the user set GOGC or GOMEMLIMIT, whose settings are
// kept. It returns the function that ends the session's claim on them.
func tuneGC() (restore func()) {
	g := &gcSessions
	g.Lock()
	defer g.Unlock()
	if g.n == 0 {
		_, gogc := os.LookupEnv("GOGC")
		_, gomemlimit := os.LookupEnv("GOMEMLIMIT")
		g.setPercent, g.setLimit = !gogc, !gomemlimit
		if g.setPercent {
			g.percent = debug.SetGCPercent(serverGOGC)
		}
		if g.setLimit {
			g.limit = debug.SetMemoryLimit(serverMemoryLimit)
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
