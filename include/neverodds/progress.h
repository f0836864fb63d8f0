/* progress.h — a progress bar on stderr for long Monte Carlo runs, and Ctrl-C.
 * The command line turns the bar on when stderr is a terminal and installs the SIGINT handler.
 * While an interruptible run is under way, Ctrl-C asks it to stop after the chunks already
 * started; the run then reports what it has, marked partial, and the interruptible runs after it
 * in the same command (compare, sweep) stop after their first chunk. At any other time, or a
 * second time, Ctrl-C ends the program as usual. Nothing here changes a result that is not
 * marked partial: chunks and their seeds stay the same. */
#ifndef NEVERODDS_PROGRESS_H
#define NEVERODDS_PROGRESS_H
#include <stdint.h>

/* The command line: the bar on or off; Ctrl-C caught (a second one ends the program). */
void no_progress_enable(int on);
void no_progress_catch_interrupt(void);

/* A run of `total` trials starts (interruptible: Ctrl-C stops it); work is added as done. */
void no_progress_begin(uint64_t total, int interruptible);
void no_progress_add(uint64_t done);
void no_progress_end(void);
/* A bar of `n` items (matchup's cells, `what` names them), one done at a time (any thread); the
 * runs inside draw no bar of their own. Not interruptible. */
void no_progress_begin_items(uint64_t n, const char *what);
void no_progress_item_done(void);
void no_progress_end_items(void);
/* Has Ctrl-C asked the current (interruptible) run to stop? */
int no_progress_stopped(void);

#endif
