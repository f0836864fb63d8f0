/* quick.h — quick notation: "3 fl vs 2 fe r1" (X-Wing) or "5w hit vs white surge light" (Legion)
 * turned into the scenario JSON a user would have written by hand, for no_scenario_parse. */
#ifndef NEVERODDS_QUICK_H
#define NEVERODDS_QUICK_H
#include <stddef.h>

/* A game of the command line: its words and letters (a game's descriptor lists its own, game.h;
 * no_quick_json of games.h finds one by name). */
typedef struct no_quick_game no_quick_game;
extern const no_quick_game no_quick_xwing, no_quick_xwing1, no_quick_legion, no_quick_armada;
/* Its name on the command line ("xwing1"). */
const char *no_quick_name(const no_quick_game *g);

/* Translates `spec` for `g`. Returns 0 and a malloc'd JSON text in *json (free it), whose "name"
 * is "GAME: SPEC" with SPEC lowercased and its whitespace collapsed; or -1 with a one-line message
 * in err naming the offending word. Numbers are range-checked by the scenario parser, not here. */
int no_quick_translate(const no_quick_game *g, const char *spec, char **json, char *err, size_t errlen);

/* The grammar of every game, with examples, as plain text (lines of at most 92 characters). */
extern const char no_quick_grammar[];

#endif
