package csrc

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// The MPI-3 backend: its own files in mpi/ plus the backend-neutral part
// of the SMP runtime (headers, statistics, ticks, non-blocking copies).
//
//go:embed mpi/*.h mpi/*.c
var mpiEmbedded embed.FS

// MPIFS holds the MPI backend's own sources at its root.
var MPIFS = mustSub(mpiEmbedded, "mpi")

// mpiShared are the SMP runtime's files that the MPI backend compiles
// unchanged.  The statistics, ticks and non-blocking copies reach shared
// memory only through the runtime interface; the other libraries address
// it directly, which the MPI backend supports when all ranks share a node
// (upcr_mpi.h).
var mpiShared = []string{"upcr.h", "upcr_internal.h", "upcr_alloc_common.c", "upcr_coll_common.c", "upcr_core_common.c", "upcr_image.c", "upcr_sync_common.c", "upcr_lib_allv.c", "upcr_lib_atomic.c", "upcr_lib_batomic.c",
	"upcr_lib_bupc.c", "upcr_lib_cast.c", "upcr_lib_check.c", "upcr_lib_io.c", "upcr_lib_nb.c", "upcr_lib_sem.c", "upcr_lib_tick.c",
	"upcr_stats.c"}

// MPIFiles returns the names of the MPI runtime's files, headers first,
// in a fixed order (for content hashes).
func MPIFiles() []string {
	names := append([]string(nil), mpiShared...)
	ents, err := fs.ReadDir(MPIFS, ".")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Slice(names, func(i, j int) bool {
		hi, hj := strings.HasSuffix(names[i], ".h"), strings.HasSuffix(names[j], ".h")
		if hi != hj {
			return hi
		}
		return names[i] < names[j]
	})
	return names
}

// MPISources returns the .c files of the MPI runtime library.
func MPISources() []string {
	var c []string
	for _, n := range MPIFiles() {
		if strings.HasSuffix(n, ".c") {
			c = append(c, n)
		}
	}
	return c
}

// ReadMPI returns the content of one file of the MPI runtime.
func ReadMPI(name string) ([]byte, error) {
	if b, err := fs.ReadFile(MPIFS, name); err == nil {
		return b, nil
	}
	return fs.ReadFile(FS, name)
}
