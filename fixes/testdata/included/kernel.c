/* The kernel, compiled as part of main.upc: N and x come from it. The
 * loop follows the brace of its block on the same line, as GWU's
 * benchmarks write it. */
double kernel(void)
{
    int i;
    double s = 0.0;
    if (N > 0)
    { for (i = 0; i < 2 * N; i++)
        s += x[i];
    }
    return s;
}
