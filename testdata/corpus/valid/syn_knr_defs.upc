/* Old-style (K&R) function definitions, as in SPLASH-era codes ported to
 * UPC: identifier lists, parameter declarations before the body, implicit
 * int parameters, register, promoted float parameters, pointers to shared
 * and a prototype seen before the definition. Self-checking. */
#include <upc.h>
#include <stdio.h>

#define N 8

shared int a[N * THREADS];

typedef int count_t;

double scale(double x, int k); /* compatible with the promoted old-style types */

double norm(v, n)
double *v;
int n;
{
  double s = 0;
  int i;
  for (i = 0; i < n; i++)
    s += v[i] * v[i];
  return s;
}

double scale(x, k)
float x;
int k;
{
  return x * k;
}

static int sum3(p, q, r) /* q and r are int */
register int p;
{
  return p + q + r;
}

int local_sum(sp, n)
shared int *sp;
count_t n;
{
  int i, s = 0;
  upc_forall (i = 0; i < n; i++; &sp[i])
    s += sp[i];
  return s;
}

shared int *nth(base, k)
shared int *base;
int k;
{
  return base + k;
}

void fill(dst, m, c)
char *dst;
unsigned m;
char c;
{
  unsigned i;
  for (i = 0; i < m; i++)
    dst[i] = c;
}

int main(argc, argv)
int argc;
char **argv;
{
  double v[3];
  char buf[4];
  int i, ok = 1, s;
  static shared int total;

  v[0] = 1; v[1] = 2; v[2] = 3;
  if (norm(v, 3) != 14.0) ok = 0;
  if (scale(1.5, 4) != 6.0) ok = 0;
  if (sum3(1, 2, 3) != 6) ok = 0;
  fill(buf, 3, 'x');
  buf[3] = 0;
  if (buf[0] != 'x' || buf[2] != 'x') ok = 0;
  if (argc < 1 || argv == NULL) ok = 0;

  upc_forall (i = 0; i < N * THREADS; i++; &a[i])
    a[i] = 1;
  upc_barrier;
  s = local_sum(a, N * THREADS);
  if (s != N) ok = 0;
  if (nth(a, 3) != &a[3]) ok = 0;
  if (upc_threadof(nth(a, 1)) != 1 % THREADS) ok = 0;

  if (MYTHREAD == 0) total = 0;
  upc_barrier;
  upc_lock_t *lk = upc_all_lock_alloc();
  upc_lock(lk);
  total += ok;
  upc_unlock(lk);
  upc_barrier;
  if (MYTHREAD == 0)
    printf("%s\n", total == THREADS ? "passed" : "failed");
  return 0;
}
