// Package collidiom defines the collidiom rule (Chen, "Building a
// Source-to-Source UPC-to-C Translator", Figure 14; the IBM xlUPC
// evaluation of UPC collectives on Power7-IH, §4.1): a loop over the threads, for (t = 0; t < THREADS; t++), that
// implements a collective operation element by element: every thread
// copying x[t] of a shared array into a private array (gather-all), one
// thread combining partial[t] (reduce) or copying x[t] (gather), or one
// thread writing x[t] on every thread (broadcast, scatter). The matching
// upc_all_* library call does the same in one collective operation with
// logarithmic depth.
package collidiom

import "github.com/upclint/upclint/checks"

// Name is the rule's name.
const Name = "collidiom"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindPerformance,
	"a hand-written broadcast, scatter, gather or reduction loop over THREADS: use the upc_all_* collective",
	run, "collective", "communication")
