// Removable affinity tests (Chen, "Building a Source-to-Source UPC-to-C Translator", §7, Figure 8).
#include <upc_relaxed.h>

#define N 1024
#define B 16

shared double a[N * THREADS], b[N * THREADS], c[N * THREADS];
shared [B] double ab[N * THREADS], bb[N * THREADS];
shared [] double ind[N];
shared [4 * N] int rows[N * THREADS][N];
shared [N] int onerow[N * THREADS][N];
shared int *cyc;
shared [*] double star[N * THREADS];

void int_affinity(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i) // want "upc_forall tests affinity i on every iteration; iterate with stride THREADS"
        c[i] = a[i] + b[i];
}

void int_affinity_offset(int k)
{
    int i;
    upc_forall (i = 0; i < N; i++; i + k) // want "affinity i \\+ k"
        c[i] = 1.0;
}

void int_affinity_constant_offset(void)
{
    int i;
    upc_forall (i = 1; i < N - 1; i++; i + 1) // want "affinity i \\+ 1"
        c[i + 1] = a[i];
}

void int_affinity_mythread(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i + MYTHREAD) // want "affinity i \\+ MYTHREAD"
        c[i] = 0.0;
}

void cyclic_addr(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i]) // want "&a\\[i\\].*a is cyclic"
        c[i] += a[i] + b[i];
}

void cyclic_addr_offset(void)
{
    int i;
    upc_forall (i = 0; i < N - 1; i++; &a[i + 1]) // want "&a\\[i \\+ 1\\].*cyclic"
        a[i + 1] = 2.0 * b[i + 1];
}

void blocked_addr(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &ab[i]) // want "ab is blocked \\(16 iterations per block\\)"
        ab[i] = bb[i] * 2.0;
}

void indefinite_addr(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &ind[i]) // want "ind is indefinite"
        ind[i] = ind[i] * 0.5;
}

void row_blocked(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &rows[i][0]) { // want "rows is blocked \\(4 iterations per block\\)"
        for (j = 0; j < N; j++)
            rows[i][j] = i + j;
    }
}

void row_blocked_row(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &onerow[i]) { // want "each iteration reaches a new block of onerow: iterate with stride THREADS"
        for (j = 0; j < N; j++)
            onerow[i][j] = j;
    }
}

void downward(void)
{
    int i;
    upc_forall (i = N - 1; i >= 0; i--; i) // want "affinity i on every"
        c[i] = a[i];
}

void downward_addr(void)
{
    int i;
    upc_forall (i = N - 1; i >= 0; --i; &b[i]) // want "&b\\[i\\]"
        b[i] = 0.0;
}

void decl_in_header(void)
{
    upc_forall (int i = 0; i < N; i++; &c[i]) // want "&c\\[i\\]"
        c[i] = 1.0;
}

void pointer_cyclic(int n)
{
    int i;
    shared int *p = cyc;
    upc_forall (i = 0; i < n; i++; &p[i]) // want "p is cyclic"
        p[i] = i;
}

void assign_step(int n)
{
    int i;
    upc_forall (i = 0; i < n; i = i + 1; i) // want "affinity i on every"
        a[i] = b[i];
}

void le_bound(int lo, int hi)
{
    int i;
    upc_forall (i = lo; i <= hi; i += 1; &a[i]) // want "&a\\[i\\]"
        a[i] += 1.0;
}

void nested_inner_for(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; i) { // want "affinity i on every"
        double s = 0.0;
        for (j = 0; j < 8; j++)
            s += j;
        c[i] = s;
    }
}

void continue_in_body(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i]) { // want "&a\\[i\\]"
        if (a[i] < 0.0)
            continue;
        a[i] = 0.0;
    }
}

void star_layout(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &star[i]) // want "star is blocked \\(1024 iterations per block\\)"
        star[i] = 0.0;
}

void inner_of_continue_forall(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; continue) {
        upc_forall (j = 0; j < N; j++; j) // want "affinity j on every"
            rows[i][j] = 0;
    }
}
