/* decisions.h — the policy's decisions in words (decisions.c), for `neverodds policy` and
 * `neverodds order`. */
#ifndef NEVERODDS_ANALYSES_DECISIONS_H
#define NEVERODDS_ANALYSES_DECISIONS_H
#include "neverodds/scenario.h"
#include <cjson/cJSON.h>
#include <stdio.h>

/* The decision tables of `neverodds policy` for a lone attack (decisions.c): text on f, or into
 * the JSON object `json` when it is not NULL. Returns -1 with err when the attack is too large. */
int no_decision_tables(FILE *f, cJSON *json, const no_scenario *sc, char *err, size_t errlen);
/* Words for the reports (decisions.c): a face of `pool`; the dice of a pool ("hit hit focus");
 * one use of a modifier ("focus change: focus->hit x2"). */
const char *rep_face_name(const no_scenario *sc, const no_pool *p, int pool, int face); /* the game's face_name */
void rep_pool_text(const no_scenario *sc, const no_pool *p, int pool, char *out, size_t n);
struct no_option;
/* `s`: the state the option is taken from (NULL: not known), for the faces' names */
void rep_option_text(const no_scenario *sc, const no_state *s, const struct no_option *o, char *out, size_t n);

#endif
