/* xws_table.h — the X-Wing card tables (profiles/xwing/ships.json, aliases.json, abilities.json,
 * dice-cards.json) as the squad reader and scenario sides use them: ids resolved (with a warning
 * for each one mapped), ships built from a pilot and its cards, weapons found by name. */
#ifndef NEVERODDS_XWS_TABLE_H
#define NEVERODDS_XWS_TABLE_H
#include "io/jsonread.h"
#include "neverodds/xws.h"

/* A section of ships.json ("pilots", "upgrades", "ships", "factions"), of aliases.json
 * ("factions", "slots", "slot_choices", "placeholders", "pilots", "upgrades"), or of abilities.json. */
const cJSON *xt_ships(jr *j, const char *section);
const cJSON *xt_aliases(jr *j, const char *section);
const cJSON *xt_abilities(jr *j);
/* The abilities section of either edition's library (xwing1/ for first edition), its file's
 * path in *file (NULL: not wanted); NULL with j's error when it cannot be read. */
const cJSON *xt_abilities_of(jr *j, int first_edition, const char **file);

/* A ship of pilot `id` (at `path`): its numbers, weapons, ship ability and standard loadout.
 * `faction` (a squad's, or NULL) lets an id that names another faction's pilot resolve to the
 * pilot of the same name in that faction. Returns 0, or -1 with the error in j. */
int xt_ship_of(jr *j, const char *id, const char *faction, const char *path, no_ship *s);

/* Adds upgrade `id` (at `path`) to ship s: the card, its stat and Force grants, its weapon.
 * `slot`: the slot the squad puts it in (checked), or NULL. Returns 0, or -1 with the error. */
int xt_add_upgrade(jr *j, no_ship *s, const char *id, const char *slot, const char *path);

/* The ship's weapon called `name` ("primary", "primary-rear", an upgrade's id), or NULL. */
const no_weapon *xt_weapon(const no_ship *s, const char *name);

/* The entry of abilities.json card c of s is modelled by (NULL when none). */
const cJSON *xt_ability_of_card(jr *j, const no_ship *s, int c);

#endif
