/* common.h — what the parts of `make bench` share (common.c): the clock, scenario loading,
 * exact-mode timing, memory readings and the scenarios' JSON built from one description each.
 * Timings are printed, never asserted. */
#ifndef NEVERODDS_BENCH_COMMON_H
#define NEVERODDS_BENCH_COMMON_H
#include "neverodds/run.h"

/* X-Wing 2e: n dice focus+lock against n dice focus+evade. N is a string: a literal ("3") in a
 * fixed scenario, or "%d" in a format given n twice. */
#define XW_DUEL(N)                                                                                         \
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":" N ",\"tokens\":{\"focus\":1,\"lock\":1}},"                \
    "\"defender\":{\"dice\":" N ",\"tokens\":{\"focus\":1,\"evade\":1}}}"

/* The X-Wing sequence on one defender: XW_SEQ_OPEN(root keys, each ending in a comma), then
 * XW_ATTACK joined by commas, then XW_SEQ_CLOSE. */
#define XW_ATTACK "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}}}"
#define XW_SEQ_OPEN(root)                                                                                  \
    "{\"game\":\"xwing\"," root "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":2,\"evade\":1},"             \
    "\"hull\":6,\"shields\":4},\"attacks\":["
#define XW_SEQ_CLOSE "]}"
#define XW_DECK_OFF "\"rule_options\":{\"damage_deck\":false},"

/* Writes the X-Wing sequence of `attacks` attacks (root keys as XW_SEQ_OPEN) into buf. */
void bench_xwing_sequence(char *buf, size_t len, const char *root, int attacks);

double bench_now(void);
/* The processors OpenMP may use: "all threads". */
int bench_threads(void);

/* Parses one of the bench's fixed scenarios: a failure ends the bench. */
void bench_load(const char *json, const char *label, no_scenario *sc);
/* Compiles the attack of ctx into g: a failure ends the bench. */
void bench_compile(const no_ctx *ctx, const no_rules *rules, no_graph *g);

/* Exact mode as a user meets it (no_run: compile + solve + summary): the best time in ms of at
 * least `min_reps` runs, more while less than `budget` seconds are spent (at most 20). Returns 0,
 * or -1 with err filled (over the state budget). `mean`: the mean damage, when not NULL. */
int bench_exact(const no_scenario *sc, int threads, int min_reps, double budget, double *ms, size_t *states,
                double *mean,
                char *err, size_t errlen);

/* Peak resident memory of the process (getrusage ru_maxrss) and the resident memory now, in kB. */
long bench_peak_kb(void);
long bench_rss_kb(void);
/* Resets the peak to the memory now (Linux: "5" into /proc/self/clear_refs); 0 when it could. */
int bench_peak_reset(void);

#endif
