// Package forall defines the forall rule: a upc_forall loop whose
// per-iteration affinity test can be removed by giving the loop the
// thread's first iteration and a stride (Chen, "Building a Source-to-Source UPC-to-C Translator", §7, Figure 8).
//
// The rule reports a upc_forall with unit stride (1 or -1), a recognised
// induction variable that the body does not modify, and an affinity of
// one of the forms
//
//   - i + c, an integer with c invariant in the loop: iterate from the
//     first iteration this thread owns with stride THREADS;
//   - &a[i + c] with a cyclic (block size 1) array a: the same, since the
//     owner of a[i + c] is (i + c + threadof(a)) % THREADS;
//   - &a[k*i + c] with a blocked array a whose block holds a whole number
//     of strides k (block-cyclic 1-D arrays, 2-D arrays blocked by whole
//     rows): a two-level loop over the thread's blocks;
//   - &a[...] with a indefinite, or an array member of a shared
//     structure (on one thread, members and all): one affinity test
//     before the loop.
//
// It does not report an empty or continue affinity, a non-unit stride,
// an affinity of another form (e.g. &a[i] for a cyclic 2-D array, whose
// rows start on (i*N) % THREADS), an inner upc_forall (whose affinity is
// not tested) or a loop whose variable changes in the body.
package forall

import "github.com/upclint/upclint/checks"

// Name is the rule's name.
const Name = "forall"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindPerformance,
	"upc_forall whose per-iteration affinity test can be replaced by a strided loop",
	run, "upc_forall", "affinity")
