// Package splitphase defines the splitphase rule (Wei-Yu Chen, "Building
// a Source-to-Source UPC-to-C Translator", §9, split-phase communication:
// a get is placed where it is anticipatable, strict accesses acting as
// barriers): a blocking upc_memget whose buffer is first used some
// statements later, or a upc_memput after which neither its buffer nor
// its destination is touched for some statements, waits for the whole
// transfer while it could overlap those statements. The fix issues it
// with upc_memget_nb / upc_memput_nb (UPC 1.3 <upc_nb.h>) as early as the
// statements before it allow and calls upc_sync just before the first
// statement that needs it.
package splitphase
