// upc_forall loops whose affinity test cannot be removed by the rule.
#include <upc_relaxed.h>

#define N 1024

shared double a[N * THREADS], b[N * THREADS], c[N * THREADS];
shared int grid[N * THREADS][N];
shared int *cp;
shared int **pp;
shared [8] int *bp;
shared int idx[N * THREADS];

void continue_affinity(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; continue)
        c[i] = 1.0;
}

void empty_affinity(void)
{
    int i;
    upc_forall (i = 0; i < N; i++;)
        c[i] = 1.0;
}

void stride_two(void)
{
    int i;
    upc_forall (i = 0; i < N; i += 2; i)
        c[i] = 1.0;
}

void stride_two_addr(void)
{
    int i;
    upc_forall (i = 0; i < N; i += 2; &a[i])
        a[i] = 1.0;
}

void scaled_integer(void)
{
    int i;
    upc_forall (i = 0; i < N / 2; i++; 2 * i)
        c[2 * i] = 1.0;
}

void cyclic_rows(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &grid[i]) {
        for (j = 0; j < N; j++)
            grid[i][j] = 0;
    }
}

void quotient(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i / 4)
        c[i] = 1.0;
}

void modified_in_body(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i) {
        c[i] = 1.0;
        if (c[i] > 2.0)
            i++;
    }
}

void address_taken(void (*f)(int *))
{
    int i;
    upc_forall (i = 0; i < N; i++; i)
        f(&i);
}

void indirect(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[idx[i]])
        a[idx[i]] = 1.0;
}

void other_variable(int k)
{
    int i;
    upc_forall (i = 0; i < N; i++; k)
        c[k] = i;
}

void blocked_pointer(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &bp[i])
        bp[i] = 0;
}

void global_pointer_may_change(int n)
{
    int i;
    upc_forall (i = 0; i < n; i++; &cp[i])
        *pp = cp[i];
}

void nested_inner_not_tested(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &a[i]) { // want "&a\\[i\\]"
        upc_forall (j = 0; j < 4; j++; j)
            a[i] += j;
    }
}

void while_condition_unknown(int n)
{
    int i;
    upc_forall (i = 0; ; i++; i) {
        if (i >= n)
            break;
    }
}

void no_init(int i)
{
    upc_forall (; i < N; i++; i)
        c[i] = 1.0;
}

void variant_offset(void)
{
    int i, k = 0;
    upc_forall (i = 0; i < N; i++; i + k) {
        c[i] = k;
        k++;
    }
}
