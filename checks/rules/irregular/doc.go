// Package irregular defines the irregular rule (Alvanos et al., "Combining
// Static and Dynamic Data Coalescing in Unified Parallel C", §4-§5): a loop
// that reads or updates a shared array at an index that is not affine
// (Table[ran & (TS-1)] ^= ran, a[idx[i]], hist[key[i]]++) makes one remote
// operation per iteration whose owner thread is known only at run time, so
// static coalescing cannot apply. The rule reports such accesses with an
// estimate of their remote operations, and rewrites a commutative update
// in a loop every thread executes into updates aggregated by owner thread:
// buckets per owner, one exchange per full bucket set, applied by the
// owner (the inspector-executor with a bounded buffer).
package irregular

import "github.com/upclint/upclint/checks"

// Name is the rule's name.
const Name = "irregular"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindPerformance,
	"loop reading or updating shared data at indices that are not affine, one remote operation per element to an owner known only at run time",
	run, "communication", "coalescing", "inspector-executor")
