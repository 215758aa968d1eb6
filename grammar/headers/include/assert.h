/* <assert.h>: diagnostics (C99 7.2). As C requires, assert is defined anew
   on every inclusion according to NDEBUG; the declaration is guarded. With
   NDEBUG the argument is still mentioned (inside sizeof, so it is not
   evaluated) so that a variable used only in assertions counts as used. */
#ifndef _UPCLINT_ASSERT_H
#define _UPCLINT_ASSERT_H
extern void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function);
#endif /* _UPCLINT_ASSERT_H */

#undef assert
#ifdef NDEBUG
#define assert(e) ((void)sizeof((e) ? 1 : 0))
#else
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
