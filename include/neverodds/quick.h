/* quick.h — quick notation: "3 fl vs 2 fe r1" (X-Wing) or "5w hit vs white surge light" (Legion)
 * turned into the scenario JSON a user would have written by hand, for no_scenario_parse. */
#ifndef NEVERODDS_QUICK_H
#define NEVERODDS_QUICK_H
#include <stddef.h>

/* Translates `spec` for `game` ("xwing", "xwing1" for first edition, "legion"). Returns 0 and a
 * malloc'd JSON text in *json (free it), whose "name" is "GAME: SPEC" with SPEC lowercased and its
 * whitespace collapsed; or -1 with a one-line message in err naming the offending word. Numbers
 * are range-checked by the scenario parser, not here. */
int no_quick_json(const char *game, const char *spec, char **json, char *err, size_t errlen);

/* The grammar of every game, with examples, as plain text (lines of at most 92 characters). */
extern const char no_quick_grammar[];

#endif
