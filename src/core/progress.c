/* progress.c — the bar (drawn after a second, at most ten times a second) and Ctrl-C. The bar is
 * written to the descriptor, not to stderr's stream, which shows control characters as text. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/progress.h"
#include "neverodds/ranks.h"
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int enabled;
static volatile sig_atomic_t interruptible, stop;
static uint64_t total, done;
static const char *items; /* a bar of items (matchup's cells), not trials: the runs inside draw none */
static double started, last_drawn;
static int drawn;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Ctrl-C during an interruptible run: stop it; otherwise (or a second time) the usual ending. */
static void on_interrupt(int sig)
{
    if (interruptible && !stop) {
        stop = 1;
        return;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void no_progress_enable(int on) { enabled = on; }

void no_progress_catch_interrupt(void)
{
    struct sigaction sa = {.sa_handler = on_interrupt};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

void no_progress_begin(uint64_t n, int can_stop)
{
    if (items)
        return;
    total = n;
    done = 0;
    drawn = 0;
    started = last_drawn = now();
    interruptible = can_stop;
}

/* Counts `n` more done and draws the bar: trials in millions, or items one by one. */
static void count_done(uint64_t n)
{
#pragma omp critical(neverodds_progress)
    {
        done += n;
        double t = now();
        if (enabled && t - started > 1.0 && t - last_drawn > 0.1) {
            int width = 40, filled = total ? (int)(width * (double)done / (double)total) : 0;
            dprintf(STDERR_FILENO, "\r[%.*s%*s] %3.0f%%  ", filled, "########################################", width - filled,
                    "", total ? 100.0 * (double)done / (double)total : 0.0);
            if (items)
                dprintf(STDERR_FILENO, "%llu of %llu %s  %.0f s", (unsigned long long)done, (unsigned long long)total, items,
                        t - started);
            else
                dprintf(STDERR_FILENO, "%.1f of %.1f million trials  %.0f s%s", 1e-6 * (double)done, 1e-6 * (double)total,
                        t - started, interruptible ? "  (Ctrl-C: stop and report)" : "");
            last_drawn = t;
            drawn = 1;
        }
    }
}

void no_progress_add(uint64_t n)
{
    if (!total || items) /* no run begun (a sequence's Monte Carlo has no bar), or a run inside items */
        return;
    count_done(n * (uint64_t)no_nranks()); /* the other ranks run as many chunks, near enough */
}

void no_progress_begin_items(uint64_t n, const char *what)
{
    no_progress_begin(n, 0);
    items = what;
}

void no_progress_item_done(void)
{
    if (items)
        count_done(1);
}

void no_progress_end_items(void)
{
    items = NULL;
    no_progress_end();
}

void no_progress_end(void)
{
    if (items)
        return;
    if (drawn)
        dprintf(STDERR_FILENO, "\r\033[K"); /* the bar's line, cleared */
    drawn = 0;
    total = 0;
    interruptible = 0;
}

/* Ctrl-C stays pressed: the runs after it (the rest of a compare or sweep) stop at once too.
 * Only an interruptible run ever stops; a sequence's Monte Carlo always runs whole. */
int no_progress_stopped(void) { return stop && interruptible; }
