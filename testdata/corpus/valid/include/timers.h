/* timers.h: wall-clock timing that uses the best clock the compiler offers. */
#ifndef CORPUS_TIMERS_H
#define CORPUS_TIMERS_H

#if defined(__UPC_TICK__) || (defined(__UPC_VERSION__) && __UPC_VERSION__ >= 201311L)
#  include <upc_tick.h>
   typedef upc_tick_t timer_tick_t;
#  define TIMER_NOW()          upc_ticks_now()
#  define TIMER_SECONDS(t)     ((double)upc_ticks_to_ns(t) * 1e-9)
#elif defined(__BERKELEY_UPC__)
#  include <bupc_extensions.h>
   typedef bupc_tick_t timer_tick_t;
#  define TIMER_NOW()          bupc_ticks_now()
#  define TIMER_SECONDS(t)     ((double)bupc_ticks_to_us(t) * 1e-6)
#else
#  include <sys/time.h>
   typedef double timer_tick_t;
   static double timer_now_(void) { struct timeval tv; gettimeofday(&tv, 0); return tv.tv_sec + 1e-6 * tv.tv_usec; }
#  define TIMER_NOW()          timer_now_()
#  define TIMER_SECONDS(t)     (t)
#endif

typedef struct {
    timer_tick_t start;
    double total;
    long count;
    const char *name;
} stopwatch_t;

#define STOPWATCH_INIT(label) { 0, 0.0, 0, label }
#define STOPWATCH_START(sw)   ((sw).start = TIMER_NOW())
#define STOPWATCH_STOP(sw)    ((sw).total += TIMER_SECONDS(TIMER_NOW() - (sw).start), (sw).count++)

#endif
