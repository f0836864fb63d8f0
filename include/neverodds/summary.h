/* summary.h — the numbers of a run: the damage distribution and every other statistic a report
 * prints, from exact probabilities or Monte Carlo counts (standard errors beside them), and how
 * they are gathered from the terminal states of a compiled attack. */
#ifndef NEVERODDS_SUMMARY_H
#define NEVERODDS_SUMMARY_H
#include <stdint.h>
#include "neverodds/scenario.h"
#include "neverodds/armada.h"

#define NO_MAX_DAMAGE 48
#define NO_MAX_SHOTS 200  /* shots to kill counted one by one; more are reported together */

typedef struct no_rate { double p, se; } no_rate;     /* a probability and its std. error */
typedef struct no_token_stat { no_rate spent; double mean; } no_token_stat;

/* Armada: damage cards, crits, each defense token type, shields left in each hull zone. */
#define NO_MAX_SHIELDS 10
typedef struct no_armada_summary {
    no_rate cards[NO_MAX_DAMAGE + 1];     /* damage cards dealt (ships) */
    int max_cards;
    double cards_mean;
    no_rate crit;                         /* a crit icon stands in the pool at step 5 */
    int gathered;                         /* dice the range allows; 0: the attack cannot be made */
    struct {
        int held[AR_NSTATES];             /* ready, exhausted at the start */
        no_rate spent, exhausted, discarded, locked;
    } tokens[AR_NTOKENS];
    no_rate shields[AR_NZONES][NO_MAX_SHIELDS + 1]; /* shields left in each zone */
    double shields_mean[AR_NZONES];
} no_armada_summary;

/* Armada: the defender's Counter attack back on the attacking squadron (L649). */
typedef struct no_counter_summary {
    int has;
    int dice, hull;                       /* blue dice; the attacker's hull (0: unknown) */
    int max_damage;
    no_rate pmf[NO_MAX_DAMAGE + 1];
    double mean, mean_se;
    no_rate kill;
} no_counter_summary;

typedef struct no_summary {
    int exact;
    int automatic;                        /* the method was chosen, not requested */
    uint64_t trials, seed;
    uint64_t requested;                   /* Ctrl-C stopped it: the trials asked for (0: not stopped) */
    int threads;
    size_t states;
    int max_damage;                       /* largest damage with nonzero probability */
    no_rate pmf[NO_MAX_DAMAGE + 1];
    no_rate at_least[NO_MAX_DAMAGE + 1];
    double mean, mean_se, sd;
    double made;                          /* probability the attack was made (a sequence's later attack may not be) */
    int has_kill;
    no_rate kill, faceup;                 /* destroyed; at least one face-up damage card */
    int of_sequence;                      /* one attack of a sequence on one defender: kill is the
                                           * share this attack destroys, not the sequence's */
    no_rate hit;                          /* the attack hits (L359) */
    no_rate ion;                          /* X-Wing: mean ion tokens the attack gives (p: the mean) */
    no_rate jam, tractor;                 /* X-Wing: mean jam / tractor tokens a token weapon gives */
    no_rate card_damage;                  /* X-Wing damage deck: mean damage cards add (p: the mean) */
    /* Legion */
    no_rate defeated[NO_MAX_DAMAGE + 1];  /* miniatures defeated */
    int max_defeated;
    no_rate suppression[NO_MAX_ROLL + 1]; /* suppression tokens gained */
    int max_suppression;                  /* at least 2 */
    double self_wounds_mean;              /* Deflect / Djem So wounds on the attacker */
    no_rate guardian[NO_MAX_DAMAGE + 1];  /* wounds on a Guardian unit */
    int max_guardian;
    double guardian_mean;
    no_rate vehicle_damage;               /* wounds reached Resilience */
    no_armada_summary armada;
    no_counter_summary counter;
    no_token_stat tokens[NO_SIDES][NO_TOK_N];
    int nabilities;
    struct { char name[40]; int side; no_rate used; } abilities[NO_MAX_MODS];
    /* shots to kill: P(destroyed by exactly the k-th attack), k = 1..NO_MAX_SHOTS, and beyond */
    int has_shots, max_shots;
    int shots_rounds;                     /* one shot a round, tokens refreshed (no_round_rule) */
    no_rate shots[NO_MAX_SHOTS + 1];
    no_rate shots_beyond;
    double shots_mean;                    /* over the attacks that destroy it within NO_MAX_SHOTS */
    double shots_mean_se;                 /* its standard error (Monte Carlo; 0 exact) */
    /* a sequence under the optimal policy: the same with per-attack in its place */
    int has_baseline;
    double baseline_mean;
    no_rate baseline_kill;
    double baseline_cards;                /* Armada: damage cards (armada.cards_mean: the sequence's) */
    /* a sequence on one defender: P(destroyed by the end of attack k) */
    no_rate kill_by[NO_MAX_ATTACKS];
    /* a sequence: each attack's own summary (the fields above then describe the total) */
    int nattacks;
    struct no_summary *attack;
} no_summary;

/* Frees what a summary holds (a sequence's attacks). */
void no_summary_free(no_summary *s);
/* The damage fields of `out` from a pmf over 0..NO_MAX_DAMAGE, its second moment and out->mean
 * (trials 0: exact, no standard errors). */
void no_damage_summary(const double *pmf, double m2, uint64_t trials, no_summary *out);

/* weight[i]: probability of terminal i (exact) or its count (Monte Carlo, trials > 0); used[m]
 * (or NULL): in the same unit, how often modifier m was used on the way without its bit reaching
 * the terminal (no_graph.lost: no_exact_used, no_montecarlo_used). */
void no_summarise(const no_scenario *sc, const no_graph *g, const double *weight, const double *used,
                  uint64_t trials, no_summary *out);
/* The same over several compiled attacks, each from its own start (a sequence's situations):
 * one summary of their terminals together. sc->ctx names the attack (tokens held, abilities). */
typedef struct no_part {
    const no_ctx *ctx;
    const no_graph *g;
    const double *weight;
    const double *used; /* as no_summarise's (NULL: none) */
} no_part;
void no_summarise_parts(const no_scenario *sc, const no_part *parts, int nparts, uint64_t trials,
                        no_summary *out);


/* A probability with its standard error over `trials` (0: exact, no error). */
no_rate rep_rate(double p, uint64_t trials);
/* The mean of a distribution (pmf[0..n)) with its standard error over `trials` (0: exact), from
 * its first two moments: a count's mean, such as the miniatures defeated. */
no_rate rep_pmf_mean(const no_rate *pmf, int n, uint64_t trials);

/* Walks every terminal of a summary's parts that has a weight: `ctx` the attack as its part
 * started it, `s` the terminal, `w` its weight times `scale`. Returns 0 when done. */
typedef struct rep_terminals {
    const no_part *parts;
    int nparts;
    double scale;
    int part, i;            /* where the walk is */
    const no_ctx *ctx;
    const no_state *s;
    double w;
} rep_terminals;
int rep_next_terminal(rep_terminals *it);

#endif
