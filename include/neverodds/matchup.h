/* matchup.h — `neverodds squad` and `neverodds matchup`: squads in XWS (xws.h) as the dice see
 * them, and every ship of one squad attacking every ship of the other, both ways. Each cell is
 * an ordinary run of the scenario no_matchup_scenario writes, so it equals `neverodds run` of
 * that scenario. */
#ifndef NEVERODDS_MATCHUP_H
#define NEVERODDS_MATCHUP_H
#include <stdio.h>
#include "neverodds/plot.h"
#include "neverodds/run.h"
#include "neverodds/xws.h"

#define NO_MATCHUP_RANGE 2 /* the range of P(kill) and of the attacks it takes to destroy */

typedef struct no_matchup_opts {
    no_run_opts run;
    int tokens;       /* NO_ACT_* bits: tokens a ship holds when it has the action */
    int format;       /* NO_FMT_* (table.h) */
    const char *plot; /* heatmap of A's mean damage on B at range 2, or NULL */
    no_plot_style style; /* --title, --subtitle, --size of the chart */
} no_matchup_opts;

/* The scenario of `atk` attacking `def` at `range`, tokens as the options say (malloc'd JSON). */
char *no_matchup_scenario(const no_ship *atk, const no_ship *def, int range, int tokens);

/* Each ship with its derived attack and defense profile. */
void no_squad_report(FILE *f, const no_squad *sq, int format);
/* A line "INDENT left out: NAME (PILOT): why" for each ship the squad's matchups and battles
 * leave out (no_ship_left_out). */
void no_squad_left_out_text(FILE *f, const no_squad *sq, const char *indent);
/* The squad as JSON: each ship's numbers, weapons and cards (which act on dice, modelled or why
 * not), the warnings of reading it (the squad's, and each ship's "notes"), a ship's "left_out". */
cJSON *no_squad_json(const no_squad *sq);

/* Every ship of a on every ship of b and the reverse: mean damage at range 1, 2 and 3, P(kill)
 * and the mean number of attacks to destroy at range 2. 0; -1 with err when a run fails
 * (nothing printed); 1 with err when only the chart failed. */
int no_matchup(FILE *f, const no_squad *a, const no_squad *b, const no_matchup_opts *o, char *err, size_t errlen);

#endif
