package runtime

import (
	"context"
	"math"
	"testing"
	"time"
)

// TestModelNonBlocking: a non-blocking get charges its initiator the issue,
// o + nG, and completes in the background 2o + 2L + nG after it; the sync
// waits only for what is left (nb_overlap.c, THREADS = 2, thread 0 reads 16
// times 8 bytes from thread 1). Overlapped gets cost less modeled time than
// blocking ones, and never less than what the issue and the operations
// issued in between take: a sync right after its get costs what a blocking
// get does, and a get overlapped with 16 blocking gets adds only its issue.
func TestModelNonBlocking(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	bin := buildTestProgram(t, "nb_overlap", BuildOptions{})
	modeled := func(mode string) float64 {
		t.Helper()
		res, err := Run(context.Background(), bin, Options{Threads: 2, Args: []string{mode}})
		if err != nil {
			t.Fatal(err)
		}
		if err := res.Err(); err != nil {
			t.Fatal(err)
		}
		for _, th := range res.Threads {
			if len(th.Stdout) > 0 {
				t.Fatalf("%s: %s", mode, th.Stdout)
			}
		}
		return res.Stats.ModeledNs
	}
	net := DefaultNet
	o, L, G := float64(net.O), float64(net.L), net.G
	const K = 16
	get := 2*o + 2*L + 8*G // a blocking get of 8 bytes
	issue := o + 8*G
	base := modeled("none")
	for _, tc := range []struct {
		mode string
		want float64
	}{
		{"blocking", K * get},
		{"nb", (K-1)*issue + get},
		{"nbi", (K-1)*issue + get},
		{"async", (K-1)*issue + get},
		{"nbsync", K * get},
		{"overlap", issue + K*get},
	} {
		got := modeled(tc.mode) - base
		if math.Abs(got-tc.want) > 0.01 {
			t.Errorf("%s: modeled %.3f ns more than no read, want %.3f", tc.mode, got, tc.want)
		}
	}
	if nb, blocking := modeled("nb"), modeled("blocking"); nb >= blocking {
		t.Errorf("overlapped gets modeled %.0f ns, not less than blocking ones (%.0f ns)", nb, blocking)
	}
}

// TestInjectNonBlocking: with --inject, a non-blocking get delays its
// initiator only for its issue and the sync for what is left, so wall time
// shows the overlap the model charges. With L = 4 ms, 16 blocking gets wait
// at least 16·2L = 128 ms; 16 gets issued together and synced at the end
// wait about one round trip, 2L = 8 ms. The bounds leave room for a loaded
// machine: blocking at least 128 ms, overlapped under half the blocking run.
func TestInjectNonBlocking(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	bin := buildTestProgram(t, "nb_overlap", BuildOptions{})
	net := &NetModel{O: 0, L: 4 * time.Millisecond, G: 0}
	wall := func(mode string) time.Duration {
		t.Helper()
		res, err := Run(context.Background(), bin, Options{Threads: 2, Net: net, Inject: true, Args: []string{mode}})
		if err != nil {
			t.Fatal(err)
		}
		if err := res.Err(); err != nil {
			t.Fatal(err)
		}
		return res.Wall
	}
	blocking, nb, nbi := wall("blocking"), wall("nb"), wall("nbi")
	t.Logf("wall: blocking %v, nb %v, nbi %v", blocking, nb, nbi)
	if blocking < 128*time.Millisecond {
		t.Errorf("16 blocking gets took %v of wall time, want at least 128ms of injected latency", blocking)
	}
	for mode, w := range map[string]time.Duration{"nb": nb, "nbi": nbi} {
		if w >= blocking/2 {
			t.Errorf("16 overlapped gets (%s) took %v of wall time, not under half of the blocking ones' %v", mode, w, blocking)
		}
	}
}
