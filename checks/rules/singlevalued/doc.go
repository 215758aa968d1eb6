// Package singlevalued defines the singlevalued rule: a thread-dependent
// value where UPC requires a single-valued one (the same on every
// thread): the id of upc_barrier, upc_notify and upc_wait (UPC 1.3
// §6.6.1), the arguments of the upc_all_* collective library calls and of
// the collective allocations (§7.2.2, §7.4), and the controlling and
// affinity expressions of a upc_forall (§6.6.2).
package singlevalued
