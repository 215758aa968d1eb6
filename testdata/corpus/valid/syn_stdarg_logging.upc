/* A variadic logging helper with a thread prefix, and a v-function wrapper. */
#include <upc.h>
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>

enum level { LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR };

static enum level threshold = LOG_INFO;
shared int log_lines[THREADS];

static int vlogf(enum level lv, const char *fmt, va_list ap)
{
    static const char *const tag[] = { "debug", "info", "warn", "error" };
    char line[256];
    int n;

    if (lv < threshold)
        return 0;
    n = snprintf(line, sizeof line, "[%d/%d %s] ", MYTHREAD, THREADS, tag[lv]);
    vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    fputs(line, stderr);
    log_lines[MYTHREAD] += 1;
    return (int)strlen(line);
}

static int logf_(enum level lv, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int logf_(enum level lv, const char *fmt, ...)
{
    va_list ap, copy;
    int n;
    va_start(ap, fmt);
    va_copy(copy, ap);
    n = vlogf(lv, fmt, ap);
    if (n == 0 && lv == LOG_DEBUG)
        (void)va_arg(copy, int);   /* peek at the first argument of debug messages */
    va_end(copy);
    va_end(ap);
    return n;
}

#define LOG(lv, ...) logf_(lv, __VA_ARGS__)

int main(void)
{
    time_t now = time(NULL);
    log_lines[MYTHREAD] = 0;
    LOG(LOG_DEBUG, "%d hidden\n", 1);
    LOG(LOG_INFO, "started at %ld\n", (long)now);
    LOG(LOG_WARN, "%s %d %.2f\n", "mixed", 42, 3.14);
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, total = 0;
        for (t = 0; t < THREADS; t++)
            total += log_lines[t];
        printf("syn_stdarg_logging: %s\n", total == 2 * THREADS ? "passed" : "failed");
    }
    return 0;
}
