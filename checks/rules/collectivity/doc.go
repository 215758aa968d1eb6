// Package collectivity defines the collectivity rule: a collective
// operation (barrier, notify, wait, a upc_all_* library call, a collective
// allocation or free, or a call of a function that executes one) that not
// every thread reaches the same number of times.
//
// UPC requires every thread to execute the same sequence of collective
// operations (UPC 1.3 §6.6.1, Collective library §7.4). An operation under
// a condition that depends on MYTHREAD, in a loop whose trip count depends
// on the thread, after a thread-dependent return, break or goto, or inside
// a upc_forall is reached by some threads and not others: the threads
// that reach it wait for the others forever, or barriers pair up wrongly.
// Barriers in both arms of a branch, so that every thread passes through
// the same sequence of collectives, are accepted, and so are loops of
// barriers whose thread-dependent counts add up to the same total on every
// thread (a prologue of MYTHREAD barriers and an epilogue of
// THREADS-MYTHREAD ones); when such counts are not linear in MYTHREAD the
// message says that whether the totals match is not known. A collective
// inside a upc_forall is undefined
// even when the affinity is continue and every thread runs every
// iteration; the message says which.
package collectivity

import "github.com/upclint/upclint/checks"

// Name is the rule's name.
const Name = "collectivity"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindCorrectness,
	"a barrier or collective operation that not every thread reaches the same number of times",
	run, "collective", "deadlock")
