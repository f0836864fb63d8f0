/* armada_game.h — what the Armada descriptor (armada_game.c) points at: the scenario reader
 * (armada_scenario.c) and the report's sections (armada_report.c). */
#ifndef NEVERODDS_GAMES_ARMADA_GAME_H
#define NEVERODDS_GAMES_ARMADA_GAME_H
#include "neverodds/games.h"
#include "neverodds/summary.h"
#include "io/jsonread.h"
#include <stdio.h>

int no_armada_parse(cJSON *root, jr *j, no_scenario *sc);
/* The sections (armada_report.c): damage cards, crits, defense tokens, shields (`scale` turns a
 * weight into a probability). */
void no_armada_summarise(const no_ctx *ctx, const no_part *parts, int nparts, double scale, uint64_t trials,
                         no_summary *out);
void no_armada_describe(FILE *f, const no_scenario *sc);
void no_armada_headline(FILE *f, const no_scenario *sc);
void no_armada_outcomes_text(FILE *f, const no_scenario *sc, const no_summary *s);
void no_armada_outcomes_json(cJSON *o, const no_scenario *sc, const no_summary *s);
const char *no_armada_face_name(const no_pool *p, int pool, int face);
const char *no_armada_roll_face(int pool, int face, int word);
const char *no_armada_die_result_name(const no_die *die, int r);
const char *no_armada_decision_worth(const no_ctx *ctx);

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

#endif
