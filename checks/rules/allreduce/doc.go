// Package allreduce defines the allreduce rule (the IBM xlUPC evaluation of UPC collectives on Power7-IH, §3.2, §5.2): a
// statement that every thread executes (collectively) and that reads a
// shared scalar, or one element of a shared array at a thread-independent
// index, into a private variable or returns it. Typically the destination
// of upc_all_reduce* is read on every thread. Every thread fetches the
// same value from its one owner: a hidden broadcast whose cost grows
// linearly with THREADS at the owner. upc_all_broadcast once, then a
// local read, scales. A function that the unit never calls or names is
// not reported when it is static or the unit has main: no thread of the
// program runs it, or threads of another unit do, which the rule cannot
// see.
package allreduce

import "github.com/upclint/upclint/checks"

// Name is the rule's name.
const Name = "allreduce"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindPerformance,
	"a shared scalar (e.g. a reduction result) read by every thread: a hidden broadcast from one owner",
	run, "collective", "communication")
