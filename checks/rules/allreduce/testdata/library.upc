// A unit without main: its functions may be called by every thread of
// another unit, except a static one that nothing here calls.

#include <upc_relaxed.h>

shared double tolerance;
shared int level;

/* exported: every thread of the program may call it */
double get_tolerance(void)
{
    double t = tolerance; // want "every thread reads shared tolerance"
    return t;
}

/* static and never called: dead code, no thread runs the read */
static int get_level(void)
{
    int l = level;
    return l;
}

/* static and called: its caller decides */
static int current_level(void)
{
    int l = level; // want "every thread reads shared level"
    return l;
}

int next_level(void)
{
    return current_level() + 1;
}

/* called from another file with each thread's number (SPLASH-2's
   output(ProcessId)): under a test of the parameter only some threads may
   read; outside it every thread does */
void report(int id)
{
    double t;
    if (id == 0) {
        t = tolerance * 2.0;
        (void)t;
    }
    t = tolerance + 1.0; // want "every thread reads shared tolerance and computes private t from it"
    (void)t;
}
