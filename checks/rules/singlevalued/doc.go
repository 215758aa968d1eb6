// Package singlevalued defines the singlevalued rule: a thread-dependent
// value where UPC requires a single-valued one (the same on every
// thread): the id of upc_barrier, upc_notify and upc_wait (UPC 1.3
// §6.6.1), the arguments of the upc_all_* collective library calls and of
// the collective allocations (§7.2.2, §7.4), and the controlling and
// affinity expressions of a upc_forall (§6.6.2).
package singlevalued

import "github.com/upclint/upclint/checks"

// Name is the rule's name.
const Name = "singlevalued"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindCorrectness,
	"a thread-dependent barrier id, collective argument or upc_forall control where UPC requires a single-valued one",
	run, "collective", "single-valued")
