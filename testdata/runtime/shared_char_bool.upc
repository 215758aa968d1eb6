// Shared data of small and unusual types: char, unsigned char, short, _Bool, long double, enums.
// expect-all: ok
#include <upc.h>
#include "check.h"
enum color { RED, GREEN = 5, BLUE };
shared char c[THREADS];
shared unsigned char uc[THREADS];
shared short s[THREADS];
shared _Bool b[THREADS];
shared long double ld[THREADS];
shared enum color col[THREADS];
shared unsigned long long ull[THREADS];
int main(void)
{
    int n = (MYTHREAD + 1) % THREADS;
    c[MYTHREAD] = 'A' + MYTHREAD;
    uc[MYTHREAD] = 250 + MYTHREAD % 5;
    s[MYTHREAD] = -300 - MYTHREAD;
    b[MYTHREAD] = MYTHREAD % 2;
    ld[MYTHREAD] = 1.25L * MYTHREAD;
    col[MYTHREAD] = MYTHREAD % 2 ? BLUE : GREEN;
    ull[MYTHREAD] = 0xFFFFFFFFFFULL + MYTHREAD;
    upc_barrier;
    CHECK_EQ(c[n], 'A' + n);
    CHECK_EQ(uc[n], 250 + n % 5);
    CHECK_EQ(s[n], -300 - n);
    CHECK_EQ(b[n], n % 2);
    CHECK(ld[n] == 1.25L * n);
    CHECK_EQ(col[n], n % 2 ? BLUE : GREEN);
    CHECK(ull[n] == 0xFFFFFFFFFFULL + n);
    upc_barrier;
    uc[MYTHREAD]++;
    b[MYTHREAD] = !b[MYTHREAD];
    CHECK_EQ(b[MYTHREAD], !(MYTHREAD % 2));
    DONE();
    return 0;
}
