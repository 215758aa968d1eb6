package translate_test

import (
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// visProgram makes one VIS copy of each kind from the next thread's block
// (lines 10 to 15): each is one bulk operation of 64 bytes, not 16
// element-wise accesses.
const visProgram = `#include <upc.h>
#include <bupc_extensions.h>
shared [64] int a[64 * THREADS];
int main(void)
{
    int buf[64];
    void *pl[2] = {buf, buf + 8};
    shared void *sl[1] = {(shared void *)&a[((MYTHREAD + 1) % THREADS) * 64]};
    bupc_pmemvec_t pv[1] = {{buf, 64}}; bupc_smemvec_t sv[1] = {{sl[0], 64}};
    bupc_memget_fstrided(buf, 64, 64, 1, sl[0], 4, 16, 16);
    bupc_waitsync(bupc_memget_fstrided_async(buf, 4, 8, 16, sl[0], 64, 64, 1));
    bupc_memput_fstrided(sl[0], 4, 8, 16, buf, 64, 64, 1);
    bupc_memget_vlist(1, pv, 1, sv);
    bupc_waitsync(bupc_memput_vlist_async(1, sv, 1, pv));
    bupc_memget_ilist(2, pl, 32, 1, (shared const void **)sl, 64);
    return 0;
}
`

// TestVISStatistics checks that the VIS copies count as one bulk operation
// per call in the statistics, on the line of the call.
func TestVISStatistics(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a C program")
	}
	_, bin, err := compile(writeProgram(t, "vis.upc", visProgram), &grammar.Config{}, translate.Options{}, runtime.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const threads = 2
	res := runOK(t, bin, runtime.Options{Threads: threads})
	if res.Stats == nil {
		t.Fatal("no statistics")
	}
	lines := map[int]runtime.LineStats{}
	for _, l := range res.Stats.Lines {
		lines[l.Line] = l
	}
	for line := 10; line <= 15; line++ {
		l := lines[line]
		if l.Bulk != threads || l.BulkBytes != threads*64 || l.RemoteReads != 0 || l.RemoteWrites != 0 {
			t.Errorf("line %d: %d bulk operations of %d bytes, %d reads, %d writes; want %d of %d bytes and no element-wise access",
				line, l.Bulk, l.BulkBytes, l.RemoteReads, l.RemoteWrites, threads, threads*64)
		}
	}
}
