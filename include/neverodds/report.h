/* report.h — a run's report as text and JSON: the header (game, rules, policy, method), the
 * scenario described, the damage table, the game's own sections (its descriptor, game.h), tokens
 * and abilities. Monte Carlo numbers always carry their standard errors. */
#ifndef NEVERODDS_REPORT_H
#define NEVERODDS_REPORT_H
#include <stdint.h>
#include <stdio.h>
#include "neverodds/summary.h"

/* The report of a run of sc as text on f. */
void no_report_text(FILE *f, const no_scenario *sc, const no_summary *s);
/* The same as JSON: a malloc'd string. */
char *no_report_json(const no_scenario *sc, const no_summary *s);
/* What the damage table of one attack (or roll) counts: "damage", "wounds", "blocks". */
const char *no_report_unit(const no_scenario *sc);

#endif
