package forall_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks/rules/forall"
	"github.com/upclint/upclint/fixes/fixtest"
)

// macroProgram runs blocked loops whose block sizes, bounds and starts
// are macros: a 1-D array in blocks of RB, counted up from 0 and from LO
// and down to LO, from OFF, rows of W in blocks of BW, and rows in blocks of RB rows (RB * NC elements). Each
// iteration writes the thread that ran it; thread 0 prints checksums.
const macroProgram = `#include <upc_relaxed.h>
#include <stdio.h>

#define RB 3
#define NC 5
#define N 40
#define LO 2
#define OFF 4
#define CB 1
#define W 6
#define BW 6

shared [RB] int a[N * THREADS];
shared [RB * NC] int g[N * THREADS][NC];
shared int hit[N * THREADS];
shared [CB] int c[N * THREADS];
shared [BW] int w[N * THREADS][W];

int main(void)
{
    int i, j;
    long s = 0;
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = i * 7 + MYTHREAD;
    upc_forall (i = LO; i <= N - 1; i++; &a[i])
        hit[i] += MYTHREAD + 1;
    upc_barrier;
    upc_forall (i = N - 2; i >= LO; i--; &a[i + 1])
        s += a[i + 1] * (i + 1);
    upc_forall (i = 0; i < N - OFF; i++; &a[i + OFF])
        s += a[i + OFF] % 1000 * MYTHREAD;
    upc_forall (i = 0; i < N - OFF; i++; &hit[i + OFF])
        s += hit[i + OFF] * i;
    upc_forall (i = 0; i < N; i++; &c[i])
        c[i] = MYTHREAD;
    upc_forall (i = 0; i < N; i++; &w[i][0])
        for (j = 0; j < W; j++)
            w[i][j] = MYTHREAD + i;
    upc_forall (i = 1; i < N; i++; &g[i][0])
        for (j = 0; j < NC; j++)
            g[i][j] = i * NC + j + MYTHREAD * 1000;
    upc_barrier;
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    if (MYTHREAD == 0) {
        long ca = 0, cg = 0, ch = 0;
        for (i = 0; i < N; i++) {
            ca += a[i] * (i + 1);
            ch += hit[i] * (i + 7) + c[i] * (i + 3);
            for (j = 0; j < NC; j++)
                cg += g[i][j] * (j + 1);
            for (j = 0; j < W; j++)
                cg += w[i][j] * (j + 5);
        }
        printf("a %ld g %ld hit %ld\n", ca, cg, ch);
    }
    return 0;
}
`

// TestFixFollowsMacros: the blocked rewrites write the block size and
// the bounds as the source's macros (MYTHREAD * RB, i_blk + RB, not 3),
// and a program fixed with RB 3 is built with RB 3, RB 4 and NC 6: each
// build must run as the original built with the same values at THREADS
// 1, 2, 3, 4 and 8 (a loop stepping THREADS * 3 over blocks of 4 would
// run iterations on threads that do not own them).
func TestFixFollowsMacros(t *testing.T) {
	path := filepath.Join(t.TempDir(), "macro_rb.upc")
	if err := os.WriteFile(path, []byte(macroProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ := fixtest.FixFile(t, path, forall.Name)
	fixed := string(b)
	if n := strings.Count(fixed, "_blk = "); n != 6 {
		t.Fatalf("%d blocked rewrites, want 6:\n%s", n, fixed)
	}
	for _, w := range []string{"MYTHREAD * RB", "THREADS * RB", "i_blk + RB", "i_blk + RB - 1 >= LO", "i = LO +", "* RB - OFF;", "i = i_blk > 0 ? i_blk : 0;", "THREADS * (BW / W)"} {
		if !strings.Contains(fixed, w) {
			t.Errorf("no %q in the fixed text:\n%s", w, fixed)
		}
	}
	// hit is cyclic: its rewrite would write MYTHREAD - 4; c is cyclic
	// only while CB is 1
	for _, kept := range []string{"upc_forall (i = 0; i < N - OFF; i++; &hit[i + OFF])", "upc_forall (i = 0; i < N; i++; &c[i])"} {
		if !strings.Contains(fixed, kept) {
			t.Errorf("%q was rewritten:\n%s", kept, fixed)
		}
	}
	for _, bare := range []string{"* 3", "+ 3;", "+ 2 >=", "/ 3", "= 2 +"} {
		if strings.Contains(fixed, bare) {
			t.Errorf("the fixed text writes a macro's value (%q):\n%s", bare, fixed)
		}
	}
	if !fixtest.HaveCC() {
		t.Skip("builds and runs the program: needs a C compiler and no -short")
	}
	for _, def := range [][2]string{{"RB 3", "RB 3"}, {"RB 3", "RB 4"}, {"NC 5", "NC 6"}, {"OFF 4", "OFF 7"}, {"CB 1", "CB 2"}, {"BW 6", "BW 12"}} {
		t.Run(strings.ReplaceAll(def[1], " ", "="), func(t *testing.T) {
			with := func(src string) []byte {
				return []byte(strings.Replace(src, "#define "+def[0]+"\n", "#define "+def[1]+"\n", 1))
			}
			p := filepath.Join(t.TempDir(), "macro_rb.upc")
			validate(t, p, with(macroProgram), with(fixed))
		})
	}
}

// TestFixKeywordMacroFollowsMacros: the golden of a program that spells
// the keyword forall (<upc.h>) writes the rows of m as NC where NR and NC
// are equal and img's block size as its declaration (IMG/10); built with
// NR 8 or IMG 80 it must still run as the original built the same way.
func TestFixKeywordMacroFollowsMacros(t *testing.T) {
	fixtest.NeedCC(t)
	orig, fixed := fixtest.ReadPair(t, filepath.Join(goldenDir, "keyword_macro.upc"))
	for _, def := range [][2]string{{"NR 16", "NR 8"}, {"IMG 40", "IMG 80"}} {
		t.Run(strings.ReplaceAll(def[1], " ", "="), func(t *testing.T) {
			with := func(src []byte) []byte {
				return []byte(strings.Replace(string(src), "#define "+def[0]+"\n", "#define "+def[1]+"\n", 1))
			}
			validate(t, filepath.Join(t.TempDir(), "keyword_macro.upc"), with(orig), with(fixed))
		})
	}
}
