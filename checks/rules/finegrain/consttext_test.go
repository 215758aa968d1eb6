package finegrain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/fixes/fixtest"
)

// macroProgram reads a member array sized by a macro (UTS's steal of
// CHUNK nodes) and the rows of an array blocked by a product of macros;
// the fix must size its buffers and blocks with the macros, so that the
// fixed program stays right when built with another N.
const macroProgram = `#include <upc_relaxed.h>
#include <stdio.h>

#define N 8
#define RB 2

struct stack {
    int top;
    int items[N];
};
shared struct stack st[THREADS];
shared [RB * N] int IN[RB * N * THREADS][N];

int main(void)
{
    int i, j, k, v;
    long s = 0;
    int loot[N];
    upc_forall (i = 0; i < THREADS; i++; i)
        for (k = 0; k < N; k++)
            st[i].items[k] = i * 100 + k;
    upc_forall (i = 0; i < RB * N * THREADS; i++; &IN[i][0])
        for (j = 0; j < N; j++)
            IN[i][j] = i * 7 + j;
    upc_barrier;
    v = (MYTHREAD + 1) % THREADS;
    for (k = 0; k < N; k++)
        loot[k] = st[v].items[k];
    for (k = 0; k < N; k++)
        s += loot[k] * (k + 1);
    i = (MYTHREAD * 5 + 3) % (RB * N * THREADS - 2) + 1;
    for (j = 1; j < N - 1; j++)
        s += IN[i - 1][j] + IN[i][j - 1] + IN[i + 1][j + 1];
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
`

// TestFixFollowsMacros: a program fixed with N 8 is built with N 8 and
// N 24, and each build must run as the original built with the same N
// (a buffer written [8] would be overrun with N 24).
func TestFixFollowsMacros(t *testing.T) {
	fixed := fixedText(t, "macro_n.upc", macroProgram,
		"int st_items_local[N];",
		"int IN_local[2][N];",
		"len = RB * N - (i * N + off) % (RB * N);",
		"for (off = 0; off < 2 * N; off += len) {")
	for _, bare := range []string{"[8]", " 8;", " 16 ", "% 16"} {
		if strings.Contains(fixed, bare) {
			t.Errorf("the fixed text writes a macro's value (%q):\n%s", bare, fixed)
		}
	}
	if testing.Short() || !fixtest.HaveCC() {
		t.Skip("builds and runs the program")
	}
	for _, n := range []string{"8", "24"} {
		t.Run("N="+n, func(t *testing.T) {
			with := func(src string) []byte {
				return []byte(strings.Replace(src, "#define N 8\n", "#define N "+n+"\n", 1))
			}
			compareRuns(t, "macro_n.upc", with(macroProgram), with(fixed))
		})
	}
}

// TestFixKernelUTSChunk: UTS's steal buffer is CHUNK nodes long, as the
// loop that fills it says, not 20.
func TestFixKernelUTSChunk(t *testing.T) {
	path := filepath.Join("../../../testdata/kernels", "uts.upc")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fixedText(t, "uts.upc", string(src), "node_t stealStack_stack_local[CHUNK];")
}

// matProgram is GWU's matrix product, with N, M and P of one value: a
// value names no macro then, and b's row length is the M of its
// declaration.
const matProgram = `#include <upc_relaxed.h>
#include <stdio.h>

#define N 8
#define M 8
#define P 8

shared [] double a[N][P];
shared [] double b[P][M];

int main(void)
{
    int i, j, l;
    double s = 0;
    if (MYTHREAD == 0) {
        for (i = 0; i < N * P; i++)
            a[i / P][i % P] = i % 7;
        for (i = 0; i < P * M; i++)
            b[i / M][i % M] = i % 5;
    }
    upc_barrier;
    for (i = 0; i < N; i++) {
        for (j = 0; j < M; j++) {
            double sum = 0;
            for (l = 0; l < P; l++)
                sum += a[i][l] * b[l][j];
            s += sum * (i + j);
        }
    }
    printf("thread %d: %g\n", MYTHREAD, s);
    return 0;
}
`

// TestFixMatrixEqualMacros: the buffers of a and b have their arrays'
// dimensions, [N][P] and [P][M], not [8][8], and the fixed program runs
// as the original with M 12 and with P 12.
func TestFixMatrixEqualMacros(t *testing.T) {
	fixed := fixedText(t, "mat.upc", matProgram, "double a_local[N][P];", "double b_local[P][M];",
		"sum += a_local[i][l] * b_local[l][j];")
	if testing.Short() || !fixtest.HaveCC() {
		t.Skip("builds and runs the program")
	}
	for _, def := range []string{"#define M ", "#define P "} {
		t.Run(def[8:9]+"=12", func(t *testing.T) {
			with := func(src string) []byte { return []byte(strings.Replace(src, def+"8\n", def+"12\n", 1)) }
			compareRuns(t, "mat.upc", with(matProgram), with(fixed))
		})
	}
}
