/* C99 declarator forms in a UPC program: pointers to arrays, arrays of
   function pointers, functions returning function pointers, abstract
   declarators in casts and sizeof, mixed with pointers-to-shared. */
#include <upc.h>
#include <stdio.h>

#define ROW 4

typedef double row_t[ROW];
typedef int (*binop_t)(int, int);

shared [ROW] double mat[ROW * THREADS][ROW];

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }

/* an array of function pointers, written without the typedef */
static int (*const ops[3])(int, int) = { add, sub, mul };

/* a function returning a pointer to a function taking (int, int) */
static int (*pick(char c))(int, int)
{
    switch (c) {
    case '+': return add;
    case '-': return sub;
    default:  return mul;
    }
}

/* a pointer to a function returning a pointer to a function */
static int (*(*picker)(char))(int, int) = pick;

/* a pointer to an array of ROW doubles, as a parameter */
static double row_sum(double (*r)[ROW])
{
    double s = 0;
    int i;
    for (i = 0; i < ROW; i++)
        s += (*r)[i];
    return s;
}

/* a pointer to a shared row: the shared layout carries into the array type */
static double shared_row_sum(shared [ROW] double (*r)[ROW])
{
    double s = 0;
    int i;
    for (i = 0; i < ROW; i++)
        s += (*r)[i];
    return s;
}

/* a function taking an array of pointers to pointers-to-shared */
static int count_nonnull(shared int **v[], int n)
{
    int i, k = 0;
    for (i = 0; i < n; i++)
        k += v[i] != NULL && *v[i] != NULL;
    return k;
}

int main(void)
{
    row_t local = { 1, 2, 3, 4 };
    double (*pr)[ROW] = &local;
    binop_t f = ops[1];
    int i, ok = 1;
    shared int *sp = NULL, **spp = &sp, **vec[2] = { &sp, NULL };
    size_t sz = sizeof(int (*)[ROW]) + sizeof(double (*(*)(void))[3]) + sizeof(shared int *(*)[2]);

    upc_forall (i = 0; i < ROW * THREADS; i++; &mat[i][0]) {
        int j;
        for (j = 0; j < ROW; j++)
            mat[i][j] = (double)j + 1.0;
    }
    upc_barrier;
    if (row_sum(pr) != 10.0 || shared_row_sum(&mat[MYTHREAD]) != 10.0)
        ok = 0;
    if (f(5, 3) != 2 || picker('+')(2, 2) != 4 || (*pick('*'))(3, 3) != 9)
        ok = 0;
    if ((int)(long)(void *)0 != 0 || sz == 0 || (*(int (*)[1])&ok)[0] != ok)
        ok = 0;
    if (count_nonnull(vec, 2) != 0 || spp == NULL)
        ok = 0;
    printf("thread %d: syn_declarators %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
