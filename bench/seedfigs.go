package bench

// SeedFigure is the number a seed reports for a kernel, when it reports
// one: the low end of its speedup range (Low) and the quantity the seed
// measured, so that upclint's figure can be put next to it.
type SeedFigure struct {
	Low    float64 // low end of the seed's speedup (0: the seed reports no number)
	Figure string  // the seed's figure, as testdata/kernels/README.md quotes it
	Metric string  // which of our figures compares with it: "comm" (modeled communication) or "wall" (computation)
}

// seedFigures holds the numeric figures of testdata/kernels/README.md's
// last column (the full text is read from the README at run time).
var seedFigures = map[string]SeedFigure{
	"stencil.upc":     {1.15, "coalescing 1.15x-21x over baseline (seed 000)", "comm"},
	"structfield.upc": {3.1, "stream 3.1x-6.7x, random 3.2x-21.6x (seed 000 Fig. 6-8)", "comm"},
	"fig1.upc":        {1.15, "1.15x-21x over baseline across the benchmarks (seed 000)", "comm"},
	"fig3.upc":        {2.4, "Sobel 2.4x-3.3x with static field coalescing (seed 000)", "comm"},
	"matvec.upc":      {100, "> 100x faster than fine-grained (seed 001 §8.3.1)", "comm"},
	"vecadd.upc":      {1.2, "> 20% faster sequentially, linear scaling (seed 001 Fig. 9)", "wall"},
	"ftbcast.upc":     {0, "qualitative: broadcast loops coalesced (seed 001 §8.3.2)", "comm"},
	"allreduce.upc":   {0, "scaling: 1024 → 46432 cores (seed 002 Fig. 6(b))", "comm"},
	"reduce.upc":      {0, "runtime reduce beats the language-level one as nodes grow (seed 002 Fig. 9)", "comm"},
	"broadcast.upc":   {0, "library broadcast measured up to 46432 cores (seed 002 Fig. 7)", "comm"},
	"sobel.upc":       {2.4, "aggregation + coalescing 2.4x-3.3x (seed 000 Fig. 9(a))", "comm"},
	"fish.upc":        {9, "coalescing 9x-26x over baseline (seed 000 Fig. 9(b))", "comm"},
	"gups.upc":        {1.1, "aggregation 1.1x-7.5x (seed 000 Fig. 10(b))", "comm"},
	"uts.upc":         {0, "qualitative: split-phase steal reads (seed 001 Fig. 17-18)", "comm"},
	"barrier_bug.upc": {0, "— (correctness: deadlocks with THREADS > 1)", ""},
	"barrier_ok.upc":  {0, "— (correctness: no finding expected)", ""},
}

// analysis explains, per kernel, where upclint's result stands against
// the seed and why; the generator prints it next to the measured numbers.
var analysis = map[string]string{
	"stencil.upc": "Each row iteration fetches the three rows of `IN` it reads into a private buffer (cyclic `IN`: one " +
		"`upc_memget` per thread, its elements THREADS apart here and adjacent there), and the row segment of `OUT` it " +
		"writes is buffered per owner thread into runs of adjacent elements, each put with one `upc_memput` when it " +
		"breaks or fills and after the loop (finegrain read and write coalescing); the blocked loop over `BIN` becomes a " +
		"loop over this thread's blocks with one `upc_memget` per block of rows. The fine-grained gets and puts of the " +
		"original are gone; what is left is THREADS transfers per row.",
	"structfield.upc": "The stream variations fetch the neighbour's elements in bulk (four fields: one copy of the whole " +
		"range; two fields: the whole-structure copy would move twice the bytes the loop reads and is only shown, so each " +
		"iteration copies the two adjacent fields `var0` and `var1` with one `upc_memget` instead of two gets). The random variation is not affine: finegrain reads each `Table[idx[k]]` whole (one get " +
		"instead of four), and the irregular rule's inspector-executor then prefetches those elements in strips of " +
		"256 with non-blocking gets issued back to back (the same number of gets, overlapped): the seed's aggregation of " +
		"the random struct-field reads, with non-blocking gets rather than one transfer per owner.",
	"fig1.upc": "Both ranges are fetched with bulk copies before the loop: the fine-grained gets disappear.",
	"fig3.upc": "The loop reads `A[i].a` and `A[i].c` of each element. A copy of whole elements per owning thread " +
		"would move twice the bytes the loop reads, so it is only shown; `a` and `c` are not adjacent (`b` lies between), " +
		"so no single copy per iteration moves only them either. Each iteration instead fetches the two fields with one " +
		"non-blocking `upc_memget_nbi` each and waits once (`upc_synci`): the same remote operations and bytes, " +
		"overlapped. Fetching only the fields of every element in one transfer per thread, as the seed's runtime does, " +
		"needs a strided copy that standard UPC does not have.",
	"matvec.upc": "The vector is fetched once per thread (`upc_memget`, per-thread memgets for the cyclic one), as the seed's " +
		"coalesced matvec does.",
	"vecadd.upc": "A computation-side fix (no communication changes: the affinity test is per iteration, not remote), so the " +
		"comparison is the wall time without injected delays; at the kernel's default size (well under a second) that " +
		"time is dominated by start-up and barriers, so the per-iteration saving is hard to see on a loaded 2-core machine. " +
		"The fixed indefinite loop (`&d[i]`) exposes a new finegrain finding on `d[i]` (after the one-test-before-the-loop " +
		"rewrite its remote accesses are visible to the finegrain rule).",
	"ftbcast.upc": "The pointer loop is a hand-written gather-all (every thread reads the THREADS pointers, one on " +
		"each thread). The collidiom fix reads them with pipelined non-blocking gets (`upc_memget_nbi`, one " +
		"`upc_synci` after the loop): the same THREADS-1 reads per thread, but each costs its initiator only its issue, " +
		"o+nG, and they complete together, so the loop costs (THREADS-1)(o+nG)+2o+2L+nG instead of (THREADS-1)(2o+2L+nG). " +
		"A `upc_all_gather_all` would need a temporary allocated with `upc_all_alloc` (whose barrier costs more than the " +
		"loop at small THREADS) and moves THREADS-1 copies per thread in this runtime. The transpose's `upc_memput`s " +
		"that follow are unchanged and dominate the remaining time.",
	"allreduce.upc": "The allreduce fix replaces every thread's read of the shared result with a `upc_all_broadcast` " +
		"and a local read, with the flags the xlUPC compiler chose: the reduction's source is written only as " +
		"`src[MYTHREAD]` and its result is read nowhere else, so the reduction returns with `UPC_OUT_MYSYNC` and the " +
		"broadcast enters with `UPC_IN_MYSYNC` and returns with `UPC_OUT_MYSYNC`; the runtime orders those sides point to " +
		"point, so the reduction's closing barrier goes and no barrier is added. Remote operations stay the same in number " +
		"(THREADS-1 reads of thread 0 become THREADS-1 copies along the binomial tree); per call the fixed program saves the " +
		"barrier 2(o+L)·ceil(log2 T) and the hot spot max(2o+2L+nG, (T-1)(o+nG)) and pays the tree ceil(log2 T)(2o+2L+nG), " +
		"a small net gain at every THREADS that grows with THREADS (the scaling table after the per-kernel sections).",
	"reduce.upc": "Both loops keep their remote reads and have them overlapped: the gather-all loop's become " +
		"pipelined non-blocking gets, and the hand-written reduce loop on thread 0 first reads the THREADS partial sums " +
		"with non-blocking gets into a private copy, which it then adds up in its own order. The counts do not move; the " +
		"modeled time falls. A rewrite into `upc_all_reduceL` would cost more than the loop at the counts validated (a " +
		"tree of about the same number of point-to-point operations plus its barriers). The seed's advantage (a " +
		"tree/hardware collective as nodes are added) is outside what the flat LogGP model of one node shows.",
	"broadcast.upc": "Both hand-written loops become `upc_all_broadcast` (collidiom): the scalar one from a one-element " +
		"temporary, the block one (`dst[t*NELEMS+k] = mine[k]`, (THREADS-1)·NELEMS puts by thread 0) from one block " +
		"filled on thread 0, THREADS-1 bulk copies along a binomial tree. Both synchronise with `UPC_IN_MYSYNC | " +
		"UPC_OUT_NOSYNC` (a barrier follows each), which the runtime orders point to point without a barrier, so the scalar " +
		"loop costs the same (ceil(log2 T) copies at the root instead of THREADS-1 puts: equal at THREADS 2) and the block " +
		"loop saves almost all its messages.",
	"sobel.upc": "Rows i±1 are fetched in bulk and the forall loop is strided; the `orig[i][j±1]` reads keep a finegrain " +
		"finding (few operations). Remote bytes grow (bounding-box fetch).",
	"fish.upc": "Both forall loops are strided. The force loop reads `x` and `y` of every fish: a copy of whole elements " +
		"per owning thread would move twice the bytes the loop reads and is only shown, so each iteration copies the two " +
		"adjacent fields with one `upc_memget` (half the gets, the same bytes).",
	"gups.upc": "The random updates `Table[idx] ^= v` (index not affine) are aggregated by owner thread (irregular rule, " +
		"unsafe): each thread queues its updates in a bucket per owner, and every 1024 updates all threads exchange them " +
		"with one `upc_memput` per owner and a barrier, the owner applying what it receives. The forall finding on " +
		"`&Table[i]` (initialisation) comes without a rewrite because the loop variable is `uint64_t` (the forall fix " +
		"requires a signed integer induction variable).",
	"uts.upc": "The steal's node-by-node copy of a chunk, `loot[k] = stealStack[v].stack[h + k]` under the victim's lock, " +
		"becomes one `upc_memget` of the chunk into a private buffer under the same lock (finegrain, unsafe: `loot` is a " +
		"private pointer). As in UTS, expanding a node communicates nothing (each thread works on the local part of its own " +
		"stack) and an idle thread waits on its own flag; what communicates is the steals (CHUNK = 20 nodes: 20 remote " +
		"gets before the fix, one after, besides the lock and the stack's indices), the thieves' unlocked reads of the " +
		"victims' `workAvail`, a release's check for waiters and the cancelable barrier's joins and wake-ups. How many " +
		"steals happen, and who takes from whom, depends on the schedule, so the same binary's totals vary between runs: " +
		"the table gives the median run with the range, and the lines the fix changes are also measured by their modeled " +
		"time per KiB moved, summed over the runs (how `--validate` judges such a program).",
	"barrier_bug.upc": "Not run: it deadlocks by design with THREADS > 1; the collectivity and singlevalued findings have no fix.",
	"barrier_ok.upc":  "No finding (by design): original and fixed are the same program; it shows the noise floor of the measurements.",
}
