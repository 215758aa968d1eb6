/* check.h: helpers for the translator's conformance programs. Every thread
   counts failed checks and prints "ok" (or the failures) at the end. */
#ifndef CHECK_H
#define CHECK_H
#include <stdio.h>
static int check_bad;
#define CHECK(c) do { if (!(c)) { check_bad++; if (check_bad < 5) printf("check failed: %s (line %d)\n", #c, __LINE__); } } while (0)
#define CHECK_EQ(a, b) do { long check_a_ = (long)(a), check_b_ = (long)(b); if (check_a_ != check_b_) { check_bad++; if (check_bad < 5) printf("check failed: %s == %s: %ld != %ld (line %d)\n", #a, #b, check_a_, check_b_, __LINE__); } } while (0)
#define DONE() printf(check_bad ? "FAILED %d\n" : "ok\n", check_bad)
#endif
