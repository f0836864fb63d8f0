/* games.h — the registry of games (src/games/games.c): every game's descriptor (game.h), found by
 * the name a scenario's "game" key or the command line gives. The scenario loader (scenario.h:
 * no_scenario_load and the rest) is defined beside it, as it picks the game's reader. */
#ifndef NEVERODDS_GAMES_H
#define NEVERODDS_GAMES_H
#include "neverodds/game.h"
#include "neverodds/scenario.h"

extern const no_game no_game_xwing, no_game_legion, no_game_armada;
/* Every game, NULL-terminated, in the order messages list them. */
extern const no_game *const no_games[];
/* The game named `name` ("xwing"), or NULL. */
const no_game *no_game_find(const char *name);

/* Quick notation by the command line's name of a game ("xwing", "xwing1" for first edition,
 * "legion"): no_quick_translate (quick.h) of the game that offers it; an unknown name is an error
 * listing the names. */
int no_quick_json(const char *game, const char *spec, char **json, char *err, size_t errlen);
/* The quick-notation game named `name`, or NULL. */
const struct no_quick_game *no_game_quick_find(const char *name);
/* The i-th quick-notation game of all the games' (NULL past the last): to list their names. */
const struct no_quick_game *no_game_quick_at(int i);

#endif
