package affinity

import "github.com/upclint/upclint/cfg/affine"

// OnePerThread reports whether a accesses, directly, a cyclic array of at
// most THREADS elements (err[THREADS], flags[THREADS]): element k lies on
// thread k, so an index is a thread number and each thread owns at most one
// element. threads is the static THREADS count, 0 when dynamic.
func OnePerThread(a *affine.Access, threads int) bool {
	l := a.Layout
	if a.Pointer || l == nil || !l.IsArray || l.Incomplete || l.Block.Indefinite || l.BlockFor(threads) != 1 {
		return false
	}
	return l.Total.Threads && l.Total.Len == 1 || threads > 0 && l.Total.For(threads) <= int64(threads)
}
