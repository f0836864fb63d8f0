/* legion_game.h — what the Legion descriptor (legion_game.c) points at: the scenario reader
 * (legion_scenario.c) and the report's sections (legion_report.c). */
#ifndef NEVERODDS_GAMES_LEGION_GAME_H
#define NEVERODDS_GAMES_LEGION_GAME_H
#include "neverodds/games.h"
#include "neverodds/summary.h"
#include "io/jsonread.h"
#include <stdio.h>

int no_legion_parse(cJSON *root, jr *j, no_scenario *sc);
void no_legion_describe(FILE *f, const no_scenario *sc);
void no_legion_headline(FILE *f, const no_scenario *sc);
void no_legion_text(FILE *f, const no_scenario *sc, const no_summary *s);
void no_legion_json(cJSON *o, const no_scenario *sc, const no_summary *s);
void no_legion_summarise(const no_ctx *ctx, const no_part *parts, int nparts, double scale, uint64_t trials,
                         no_summary *out);
const char *no_legion_damage_unit(const no_scenario *sc);
const char *no_legion_face_name(const no_pool *p, int pool, int face);
const char *no_legion_roll_face(int pool, int face, int word);
const char *no_legion_die_result_name(const no_die *die, int r);

/* A library weapon's range (profiles/legion/units.json "range": [from, to]): a null or missing
 * bound reads as 0, a missing `to` as `from` (legion_scenario.c; the army reader's too). */
void no_legion_weapon_range(const cJSON *w, int *from, int *to);

/* The dice keywords a scenario (or a unit's card) gives, by scenario name, side and kw slot;
 * max 0 for a boolean (legion_scenario.c; the report names every one in effect). */
typedef struct no_legion_keyword {
    const char *name;
    uint8_t side, index;
    uint8_t max;
} no_legion_keyword;
extern const no_legion_keyword no_legion_keywords[];
extern const int no_legion_nkeywords;

/* no_applied.defaults: bit i when the scenario (or, for `card` keys, a unit card it names) does not
 * give no_legion_defaults[i], taken by default: "attack_type" (ranged), "cover" (none), attacker
 * "surge" (none), defender "die" (white), "surge" (none), "type" (trooper), "courage" (1). */
typedef struct no_legion_default {
    const char *holder, *key; /* holder: "" (the attack), "attacker" or "defender" */
    int card;                 /* a unit card gives it too */
} no_legion_default;
enum { LG_DEF_ATTACK_TYPE, LG_DEF_COVER, LG_DEF_SURGE_CHART, LG_DEF_DIE, LG_DEF_DEFENSE_SURGE, LG_DEF_TYPE,
       LG_DEF_COURAGE, LG_NDEFAULTS };
extern const no_legion_default no_legion_defaults[LG_NDEFAULTS];
#define LG_DEFAULT_ATTACK_TYPE (1u << LG_DEF_ATTACK_TYPE)
#define LG_DEFAULT_COVER (1u << LG_DEF_COVER)
#define LG_DEFAULT_SURGE_CHART (1u << LG_DEF_SURGE_CHART)
#define LG_DEFAULT_DIE (1u << LG_DEF_DIE)
#define LG_DEFAULT_DEFENSE_SURGE (1u << LG_DEF_DEFENSE_SURGE)
#define LG_DEFAULT_TYPE (1u << LG_DEF_TYPE)
#define LG_DEFAULT_COURAGE (1u << LG_DEF_COURAGE)

/* A roll that is not an attack (a rally, a priority roll). */
int rep_is_roll(const no_scenario *sc);

#endif
