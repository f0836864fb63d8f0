/* fleet_matchup.h — `neverodds matchup` of two Armada fleets (fleet.h), both ways; each cell an
 * ordinary run of the scenario no_fleet_scenario writes, so `neverodds run` of it agrees. */
#ifndef NEVERODDS_FLEET_MATCHUP_H
#define NEVERODDS_FLEET_MATCHUP_H
#include <stdio.h>
#include "neverodds/fleet.h"
#include "neverodds/plot.h"
#include "neverodds/run.h"

typedef struct no_fleet_matchup_opts {
    no_run_opts run;
    int format;          /* NO_FMT_* (table.h) */
    const char *plot;    /* heatmap of each unit's best volley on each enemy unit, or NULL */
    no_plot_style style; /* --title, --subtitle, --size of the chart */
} no_fleet_matchup_opts;

/* The scenario of one attack (malloc'd JSON): the library card `atk` (a ship when atk_ship, from
 * its hull zone atk_zone 0-3: front, left, right, rear; else a squadron) on `def` (a ship's zone
 * def_zone, or a squadron), at `range` 0-2 (close, medium, long) for a ship, distance 1 for a
 * squadron. */
char *no_fleet_scenario(const cJSON *atk, int atk_ship, int atk_zone, const cJSON *def, int def_ship, int def_zone,
                        int range);

/* Both directions, as text, CSV or JSON on f; 0, or -1 with err when a run fails (nothing
 * printed); 1 with err when only the chart failed. */
int no_fleet_matchup(FILE *f, const char *const files[2], const no_fleet *const fleets[2],
                     const no_fleet_matchup_opts *o, char *err, size_t errlen);
#endif
