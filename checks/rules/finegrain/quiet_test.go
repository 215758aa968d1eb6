package finegrain_test

import "testing"

// TestClockCallsQuiet: a clock in the loop (a helper of the unit that
// reads gettimeofday into a local, clock_gettime into a local) leaves the
// loop coalescible; a helper that writes shared data or synchronises, a
// clock given a pointer that may hold a shared array's local part, and a
// function of another file keep the finding without a fix.
func TestClockCallsQuiet(t *testing.T) {
	src := `#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/time.h>
#define N 64
shared int A[N * THREADS];
shared double T[N * THREADS];
shared int hits;

double wall(void)
{
    struct timeval tv;
    if (gettimeofday(&tv, NULL)) {
        perror("gettimeofday");
        abort();
    }
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

double counted(void)
{
    hits++;
    return wall();
}

double synced(void)
{
    upc_barrier;
    return wall();
}

double through(struct timeval *p)
{
    gettimeofday(p, NULL);
    return p->tv_sec;
}

extern double timer_read(int);

long helper(void)
{
    int i;
    long s = 0;
    double t = 0;
    for (i = 0; i < N; i++) {
        s += A[i + 1]; /* FIX */
        t += wall();
    }
    return s + (long)t;
}

long direct(void)
{
    int i;
    long s = 0;
    struct timespec ts;
    for (i = 0; i < N; i++) {
        clock_gettime(CLOCK_MONOTONIC, &ts);
        s += A[i + 1] + (ts.tv_nsec < 0); /* FIX */
    }
    return s;
}

void table(void)
{
    int j;
    for (j = 0; j < 7; j++)
        T[MYTHREAD * 7 + j] = wall() + j; /* FIX */
}

long writes_shared(void)
{
    int i;
    long s = 0;
    for (i = 0; i < N; i++)
        s += A[i + 1] + (long)counted(); /* NOFIX */
    return s;
}

long barrier_inside(void)
{
    int i;
    long s = 0;
    for (i = 0; i < N; i++)
        s += A[i + 1] + (long)synced(); /* NOFIX */
    return s;
}

long pointer_arg(struct timeval *p)
{
    int i;
    long s = 0;
    for (i = 0; i < N; i++) {
        gettimeofday(p, NULL);
        s += A[i + 1]; /* NOFIX */
    }
    return s + (long)through(p);
}

void other_file(void)
{
    int j;
    for (j = 0; j < 7; j++)
        T[MYTHREAD * 7 + j] = timer_read(j); /* NOFIX */
}
`
	checkFixMarks(t, src)
}
