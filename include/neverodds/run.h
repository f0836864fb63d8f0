/* run.h — one run of a scenario: compile the attack, pick the driver, summarise. */
#ifndef NEVERODDS_RUN_H
#define NEVERODDS_RUN_H
#include "neverodds/report.h"

#define NO_DEFAULT_TRIALS 1000000

typedef struct no_run_opts {
    int force_exact;       /* --exact */
    uint64_t trials;       /* --trials N (0: not given) */
    uint64_t seed;
    int threads;
    int shots;             /* --shots-to-kill */
    int carry_tokens;      /* --carry-tokens: shots within one round, the defender's tokens as the last
                            * shot left them; 0: a shot a round, its tokens refreshed (no_round_rule) */
    int no_gain;           /* an optimal sequence skips its per-attack run (the comparison has its own) */
    int whole;             /* exact shots to kill with a deck: every situation compiled whole, dice
                            * and damage together, not dealt apart (tests: the oracle of dealt.c) */
    int exact_situations;  /* exact shots to kill: the situations it may compile (0: the built-in
                            * limit; tests lower it to reach matchup's Monte Carlo fallback) */
} no_run_opts;

/* Whether a run with these options is exact: asked for, or no trials given. */
static inline int no_run_is_exact(const no_run_opts *opts) { return opts->force_exact || opts->trials == 0; }
/* Returns 0, or -1 with err filled (the attack is too large to compile). */
int no_run(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen);
/* A scenario of several attacks (sc->nattacks > 0, sequence.c): out describes the total and
 * out->attack[i] each attack; no_summary_free releases them. */
int no_run_sequence(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen);
/* Shots to kill (--shots-to-kill): the scenario's one attack repeated, the defender's state
 * carried, until it is destroyed: out->shots. One shot a round, the defender's tokens refreshed
 * by the game's round rule, unless opts->carry_tokens (or the game has no round rule). */
/* `neverodds policy`: every named policy for each side in turn (the other per-attack), their
 * mean damage and P(kill) side by side, as text, JSON or CSV (format: NO_FMT_* of table.h) on f. */
#include <stdio.h>
int no_report_policies(FILE *f, const no_scenario *sc, const no_run_opts *opts, int format, char *err,
                       size_t errlen);
int no_run_shots(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen);

/* A sequence's first attack as a lone scenario in `view` (the policy command's decision tables):
 * under the optimal policy its ends are worth what the later attacks make of them, through the
 * returned handle, which must outlive `view`. NULL with err when the sequence is too large. */
typedef struct no_first_attack no_first_attack;
no_first_attack *no_sequence_first(const no_scenario *sc, no_scenario *view, char *err, size_t errlen);
void no_first_attack_free(no_first_attack *fa);

#endif
