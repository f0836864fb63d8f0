/* report_parts.h — pieces the game-specific report files share with report.c. */
#ifndef NEVERODDS_REPORT_PARTS_H
#define NEVERODDS_REPORT_PARTS_H
#include "neverodds/report.h"
#include <cjson/cJSON.h>

/* A probability with its standard error over `trials` (0: exact, no error). */
no_rate rep_rate(double p, uint64_t trials);
void rep_print_rate(FILE *f, no_rate r, int exact);
/* {"probability": p, "stderr": se} */
cJSON *rep_rate_json(no_rate r);
/* The probabilities (or, with want_se, their errors) as a JSON array. */
cJSON *rep_array(const no_rate *r, int n, int want_se);
/* {"pmf": [...], "pmf_stderr": [...]} under `key`; returns it for more members. */
cJSON *rep_pmf_json(cJSON *parent, const char *key, const no_rate *r, int n);

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

/* Armada (report_armada.c). `scale` turns a weight into a probability. */
void rep_armada_summarise(const no_ctx *ctx, const no_part *parts, int nparts, double scale,
                          uint64_t trials, no_armada_summary *out);
void rep_armada_describe(FILE *f, const no_ctx *ctx);
void rep_armada_text(FILE *f, const no_ctx *ctx, const no_summary *s);
void rep_armada_json(cJSON *o, const no_ctx *ctx, const no_summary *s);
/* What each side's policy ranks, in the engine's order (the mean damage the report prints counts
 * shields stripped and cards together; the per-attack policies rank the cards first): an
 * "objective:" line, or "description" and "objective" in the JSON policy block. */
void rep_armada_objective_text(FILE *f, const no_ctx *ctx);
void rep_armada_policy_json(cJSON *policy, const no_ctx *ctx);
/* A sequence's totals: its damage cards (text after the damage table; JSON "cards"). */
void rep_armada_total_text(FILE *f, const no_ctx *ctx, const no_summary *s);
void rep_armada_total_json(cJSON *o, const no_ctx *ctx, const no_summary *s);
/* The same cards under per-attack, beside the optimal policy's (the baseline's text and JSON). */
void rep_armada_baseline_text(FILE *f, const no_ctx *ctx, const no_summary *s);
void rep_armada_baseline_json(cJSON *baseline, const no_ctx *ctx, const no_summary *s);

/* The decision tables of `neverodds policy` for a lone attack (decisions.c): text on f, or into
 * the JSON object `json` when it is not NULL. Returns -1 with err when the attack is too large. */
int no_decision_tables(FILE *f, cJSON *json, const no_scenario *sc, char *err, size_t errlen);
/* Words for the reports (decisions.c): a face of `pool`; the dice of a pool ("hit hit focus");
 * one use of a modifier ("focus change: focus->hit x2"). */
const char *rep_face_name(const no_scenario *sc, int pool, int face);
void rep_pool_text(const no_scenario *sc, const no_pool *p, int pool, char *out, size_t n);
struct no_option;
void rep_option_text(const no_scenario *sc, const struct no_option *o, char *out, size_t n);

/* A sequence's first attack as a lone scenario in `view` (the policy command's decision tables):
 * under the optimal policy its ends are worth what the later attacks make of them, through the
 * returned handle, which must outlive `view`. NULL with err when the sequence is too large. */
typedef struct no_first_attack no_first_attack;
no_first_attack *no_sequence_first(const no_scenario *sc, no_scenario *view, char *err, size_t errlen);
void no_first_attack_free(no_first_attack *fa);

/* Prints a JSON document on f, then frees it (every --format json). */
void rep_print_json(FILE *f, cJSON *root);
/* Prints s as one quoted CSV field (a quote in it doubled). */
void rep_csv_text(FILE *f, const char *s);

/* Legion's rolls that are not attacks (report_rolls.c). */
int rep_is_roll(const no_scenario *sc);
const char *rep_roll_unit(const no_scenario *sc);  /* the damage column's name */
void rep_roll_describe(FILE *f, const no_scenario *sc);
void rep_roll_text(FILE *f, const no_scenario *sc, const no_summary *s);
void rep_roll_json(cJSON *o, const no_scenario *sc, const no_summary *s);

#endif
