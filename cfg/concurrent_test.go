package cfg_test

import (
	"runtime"
	"sync"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
)

// TestLoopFactsConcurrentFirstUse checks that a loop's induction variable
// and invariants, computed on first use, are the same for goroutines that
// ask at the same time (facts.ComputeParallel's variance and affine
// analyses share the graphs): none may see the cache half filled.
func TestLoopFactsConcurrentFirstUse(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 4 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	}
	src := `
int f(int n, int *p) {
    int s = 0, k = 0;
    for (int i = 0; i < n; i++)
        for (int j = n - 1; j >= 0; j -= 2)
            s += p[i * n + j];
    while (k < n) {
        s += p[k];
        k++;
    }
    return s;
}
`
	const goroutines = 8
	rounds := 200
	if testing.Short() {
		rounds = 50
	}
	for r := range rounds {
		g := build(t, src, "f")
		loops := g.Loops().Loops
		n := &ast.Name{Name: "n"}
		if len(loops) != 3 {
			t.Fatalf("%d loops, want 3", len(loops))
		}
		got := make([][]string, goroutines)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for w := range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				// half the goroutines ask whether n is invariant first,
				// in another order
				if w%2 == 1 {
					for i := range loops {
						l := loops[(i+w)%len(loops)]
						if !l.Invariant(n) {
							t.Errorf("n is not invariant in loop %d", l.Header.Index)
						}
					}
				}
				for _, l := range loops {
					name := ""
					if iv := l.Induction(); iv != nil {
						name = iv.Name
					}
					got[w] = append(got[w], name)
				}
			}()
		}
		close(start)
		wg.Wait()
		for w := range goroutines {
			for i, name := range got[w] {
				if name == "" {
					t.Fatalf("round %d: goroutine %d found no induction variable for loop %d (others: %v)", r, w, i, got)
				}
			}
		}
	}
}
