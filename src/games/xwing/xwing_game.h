/* xwing_game.h — what the X-Wing descriptor (xwing_game.c) points at: the scenario reader
 * (xwing_scenario.c) and the report's sections (xwing_report.c). */
#ifndef NEVERODDS_GAMES_XWING_GAME_H
#define NEVERODDS_GAMES_XWING_GAME_H
#include "neverodds/games.h"
#include "neverodds/summary.h"
#include "io/jsonread.h"
#include <stdio.h>

int no_xwing_read(cJSON *root, jr *j, no_scenario *sc);
void no_xwing_describe(FILE *f, const no_scenario *sc);
void no_xwing_headline(FILE *f, const no_scenario *sc);
void no_xwing_outcomes_text(FILE *f, const no_scenario *sc, const no_summary *s);
void no_xwing_outcomes_json(cJSON *o, const no_scenario *sc, const no_summary *s);
const char *no_xwing_face_name(const no_pool *p, int pool, int face);
const char *no_xwing_roll_face(int pool, int face, int word);
const char *no_xwing_die_result_name(const no_die *die, int r);

#endif
