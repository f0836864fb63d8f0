/* progress.c — the bar (drawn after a second, at most ten times a second) and Ctrl-C. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/progress.h"
#include "neverodds/ranks.h"
#include <signal.h>
#include <stdio.h>
#include <time.h>

static int enabled;
static volatile sig_atomic_t interruptible, stop;
static uint64_t total, done;
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
    total = n;
    done = 0;
    drawn = 0;
    started = last_drawn = now();
    interruptible = can_stop;
}

void no_progress_add(uint64_t n)
{
    if (!total) /* no run begun: a sequence's Monte Carlo, which has no bar */
        return;
#pragma omp critical(neverodds_progress)
    {
        done += n * (uint64_t)no_nranks(); /* the other ranks run as many chunks, near enough */
        double t = now();
        if (enabled && t - started > 1.0 && t - last_drawn > 0.1) {
            int width = 40, filled = total ? (int)(width * (double)done / (double)total) : 0;
            fprintf(stderr, "\r[%.*s%*s] %3.0f%%  %.1f of %.1f million trials  %.0f s%s", filled,
                    "########################################", width - filled, "",
                    total ? 100.0 * (double)done / (double)total : 0.0, 1e-6 * (double)done, 1e-6 * (double)total,
                    t - started,
                    interruptible ? "  (Ctrl-C: stop and report)" : "");
            last_drawn = t;
            drawn = 1;
        }
    }
}

void no_progress_end(void)
{
    if (drawn)
        fputs("\r\033[K", stderr); /* the bar's line, cleared */
    drawn = 0;
    total = 0;
    interruptible = 0;
}

/* Ctrl-C stays pressed: the runs after it (the rest of a compare or sweep) stop at once too.
 * Only an interruptible run ever stops; a sequence's Monte Carlo always runs whole. */
int no_progress_stopped(void) { return stop && interruptible; }
