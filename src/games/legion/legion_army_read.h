/* legion_army_read.h — what the army readers share: the name matching, warnings and units
 * (legion_army_cards.c), and the text reader (legion_army_text.c) legion_army.c calls. */
#ifndef NEVERODDS_GAMES_LEGION_ARMY_READ_H
#define NEVERODDS_GAMES_LEGION_ARMY_READ_H
#include "neverodds/army.h"
#include "io/jsonread.h"

/* A warning line "...\n" added to a->warnings. */
void no_army_warn(no_army *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The cards of `section` that `name` names (any case): its name, name and title (", " or " "
 * between), Legion HQ's display name or its Tabletop Simulator name, in the library's order, at
 * most `max`; when none does, the titled cards of that bare name (*bare then 1). Returns how
 * many. */
int no_army_named(const cJSON *section, const char *name, const cJSON **out, int max, int *bare);
/* A card the army names but the data does not have (`kind`: units, upgrades or commands): an
 * error for a unit (or, strict, any card), else a warning, the card left out; a card of the 2019
 * data retired since is a warning (strict: an error). Returns -1 on an error. */
int no_army_unknown(no_army *a, jr *j, const char *kind, const char *path, const char *name, int strict);
/* A new unit (count 1, no upgrades), NULL with an error when the army is full. */
no_army_unit *no_army_new_unit(no_army *a, jr *j, const char *path);
int no_army_add_upgrade(jr *j, no_army_unit *u, const cJSON *card, const char *path);
void no_army_add_command(no_army *a, const cJSON *card);

/* Legion HQ's text exports (tournament, standard, minimal): 0, or -1 with the error in j. */
int no_army_read_text(no_army *a, jr *j, const char *text, int strict);
#endif
