// Package finegrain defines the finegrain rule: a loop that reads or
// writes shared data element by element, with indices affine in the
// loop's induction variable, where the elements can be on other threads
// (Chen, "Building a Source-to-Source UPC-to-C Translator", §8, Alvanos et al., "Combining Static and Dynamic Data Coalescing in Unified Parallel C", §2 and §4, Iancu et al., "Performance Portable Optimizations for Loops Containing Communication Operations", §3).
//
// Each such element access is a separate network message on a cluster.
// When the loop satisfies the conditions of Chen, "Building a Source-to-Source UPC-to-C Translator", §8.1 (no barrier,
// lock, fence, strict access or unknown call in the body, no write that
// may alias the array), the accesses can be coalesced into one bulk
// upc_memget before the loop (or upc_memput after it) per owning thread.
//
// Locality is decided from the array's layout and the element the
// executing thread owns: the affinity element of the controlling
// upc_forall, or MYTHREAD for loops that start at MYTHREAD and step by a
// multiple of THREADS. An access is local when its offset from that
// element stays within the thread's block over the whole index range of
// the inner loops (e.g. a row of a row-blocked array). Accesses through
// a blocked pointer-to-shared (shared [B] T *p) are placed the same way
// when the pointer only ever holds upc_all_alloc or upc_global_alloc
// results or a declared array's start (its element 0 is thread 0's
// first), and otherwise only relative to another access through the same
// pointer.
//
// The rule reports once per loop and array, at the first non-local access,
// with the loop as a related location. The loop is the outermost loop in
// which the index is affine and the accesses could be coalesced (or the
// innermost one when none can), and the message gives the estimated
// number of remote operations per thread per execution of that loop.
package finegrain

import "github.com/upclint/upclint/checks"

// Name is the rule's name.
const Name = "finegrain"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindPerformance,
	"loop accessing possibly remote shared data element by element with affine indices",
	run, "communication", "coalescing")
