/* army_matchup.h — `neverodds matchup` for two Legion armies (army.h): every unit's best attack on
 * every enemy unit in melee and at each range band it reaches, in no, light and heavy cover. Each
 * cell is an ordinary run of the scenario no_army_matchup_scenario writes. */
#ifndef NEVERODDS_ARMY_MATCHUP_H
#define NEVERODDS_ARMY_MATCHUP_H
#include <stdio.h>
#include "neverodds/army.h"
#include "neverodds/plot.h"
#include "neverodds/run.h"

#define NO_ARMY_BANDS 6  /* melee, then range 1 to 5 */
#define NO_ARMY_COVERS 3 /* none, light, heavy */

/* Tokens each unit holds in every cell (--tokens): the attacker's aim and surge, the defender's
 * dodge and surge. */
enum { NO_ARMY_TOK_AIM = 1, NO_ARMY_TOK_DODGE = 2, NO_ARMY_TOK_SURGE = 4 };

typedef struct no_army_matchup_opts {
    no_run_opts run;
    int tokens;          /* NO_ARMY_TOK_* bits */
    int format;          /* NO_FMT_* (table.h) */
    const char *plot;    /* heatmap of the mean wounds at (band, cover), or NULL */
    no_plot_style style;
    int band, cover;     /* the chart's: band 0 melee, 1..5 a range; cover 0 none, 1 light, 2 heavy */
    int batch;           /* scenarios parsed at a time (0: 64, each is 60 KB; tests lower it) */
} no_army_matchup_opts;

/* "none", "light", "heavy"; "melee", "range 1" .. */
extern const char *const no_army_cover_names[NO_ARMY_COVERS];
/* The bits of a comma-separated list of aim, dodge, surge or none: 0, or -1 when a word is none of them. */
int no_army_parse_tokens(const char *list, int *tokens);

/* The scenario of `atk` arming itself as `c` against `def` at `band` in `cover` (malloc'd JSON). */
char *no_army_matchup_scenario(const no_army_unit *atk, const no_army_unit *def, int band, int cover,
                               const no_army_choice *c, int tokens);

/* Both directions: 0; -1 with err when nothing could be run; 1 with err when only the chart
 * failed. A cell whose scenario the engine refuses is reported as not computed, with why. */
int no_army_matchup(FILE *f, const no_army *a, const char *a_source, const no_army *b, const char *b_source,
                    const no_army_matchup_opts *o, char *err, size_t errlen);

#endif
