/*
 * upcr_lib_tick.c - <upc_tick.h> (UPC 1.3 7.4) and the Berkeley timer
 * extensions.  A tick is one nanosecond of CLOCK_MONOTONIC, so the
 * conversions are the identity (and a division for microseconds); ticks
 * are comparable across threads too, although UPC does not promise that.
 */
#include "upcr.h"

#include <time.h>

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

upc_tick_t upcr_ticks_now(upcr_loc_t loc)
{
	(void)loc;
	return now_ns();
}

uint64_t upcr_ticks_to_ns(upc_tick_t ticks, upcr_loc_t loc)
{
	(void)loc;
	return ticks;
}

bupc_tick_t upcr_bupc_ticks_now(upcr_loc_t loc)
{
	(void)loc;
	return now_ns();
}

uint64_t upcr_bupc_ticks_to_us(bupc_tick_t ticks, upcr_loc_t loc)
{
	(void)loc;
	return ticks / 1000;
}

uint64_t upcr_bupc_ticks_to_ns(bupc_tick_t ticks, upcr_loc_t loc)
{
	(void)loc;
	return ticks;
}

/* Measured once per process: the mean cost of one timer read, and the
 * smallest non-zero difference of two consecutive reads. */
static double overhead_us = -1, granularity_us = -1;

static void calibrate(void)
{
	enum { N = 1000 };
	uint64_t t0 = now_ns(), prev = t0, gran = UINT64_MAX;
	for (int i = 0; i < N; i++) {
		uint64_t t = now_ns();
		if (t > prev && t - prev < gran)
			gran = t - prev;
		prev = t;
	}
	overhead_us = (double)(prev - t0) / N / 1000.0;
	granularity_us = (gran == UINT64_MAX ? 1.0 : (double)gran) / 1000.0;
}

double upcr_bupc_tick_overheadus(upcr_loc_t loc)
{
	(void)loc;
	if (overhead_us < 0)
		calibrate();
	return overhead_us;
}

double upcr_bupc_tick_granularityus(upcr_loc_t loc)
{
	(void)loc;
	if (granularity_us < 0)
		calibrate();
	return granularity_us;
}
