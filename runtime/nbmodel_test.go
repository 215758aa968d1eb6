package runtime

import (
	"context"
	"math"
	"testing"
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
