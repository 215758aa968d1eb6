package runtime

import (
	"context"
	"path/filepath"
	"testing"
)

// TestPairs checks the communication matrix against the counters: in a
// program without collectives every remote operation is one cell's
// operation, its bytes the cell's bytes, and no thread is its own target.
// bulk.c: each thread copies from thread (MYTHREAD+1)%THREADS only.
func TestPairs(t *testing.T) {
	ctx := context.Background()
	bin, err := BuildFiles(ctx, []string{filepath.Join(testdataDir, "bulk.c")}, BuildOptions{CacheDir: testCache})
	if err != nil {
		t.Fatal(err)
	}
	const T = 4
	res, err := Run(ctx, bin, Options{Threads: T})
	if err != nil || res.Stats == nil {
		t.Fatalf("run: %v (stats %v)", err, res != nil && res.Stats != nil)
	}
	st := res.Stats
	var ops, bytes uint64
	for _, p := range st.Pairs {
		if p.From == p.To || p.From < 0 || p.From >= T || p.To < 0 || p.To >= T {
			t.Errorf("bad cell %+v", p)
		}
		if p.To != (p.From+1)%T {
			t.Errorf("cell %+v: thread %d reads and writes only thread %d", p, p.From, (p.From+1)%T)
		}
		ops += p.Ops
		bytes += p.Bytes
	}
	tot := st.Total
	if want := tot.RemoteOps(); ops != want || ops == 0 {
		t.Errorf("matrix holds %d operations, counters %d", ops, want)
	}
	if want := tot.RemoteReadBytes + tot.RemoteWriteBytes + tot.BulkRemoteBytes; bytes != want {
		t.Errorf("matrix holds %d bytes, counters %d", bytes, want)
	}
	if len(st.Pairs) != T {
		t.Errorf("%d cells, want %d: %+v", len(st.Pairs), T, st.Pairs)
	}
	for _, c := range st.PerThread {
		if c.BarrierWaitNs <= 0 {
			t.Errorf("thread %d: barrier wait %v ns, want > 0 (it waits at two barriers)", c.Thread, c.BarrierWaitNs)
		}
	}
}
