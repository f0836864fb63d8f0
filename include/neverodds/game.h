/* game.h — a game as the rest of the program sees it: one descriptor per game (its folder in
 * src/games/, its <game>_game.c), all of them listed in one registry (src/games/games.c). The
 * report, the charts, the drivers and the commands ask the descriptor; none of them names a game.
 * A scenario holds its game's descriptor (no_scenario.game). */
#ifndef NEVERODDS_GAME_H
#define NEVERODDS_GAME_H
#include <stdint.h>
#include <stdio.h>

/* Declared where they are defined (scenario.h, report.h, engine.h, dice.h, quick.h, cJSON.h):
 * a descriptor only points at them, so this header is included below all of those. */
struct cJSON;
struct jr;
struct no_ctx;
struct no_die;
struct no_part;
struct no_pool;
struct no_scenario;
struct no_summary;
struct no_quick_game; /* quick.h */

typedef struct no_game {
    const char *name;        /* "xwing": the scenario's "game" key, the JSON report's */
    const char *label;       /* "X-Wing": report headers, chart captions */
    const char *damage_word; /* what the damage table counts: "damage", "wounds" */
    const char *kill_word;   /* what a sequence's report calls the kill: "destroyed", "unit wiped" */
    const char *kill_label;  /* what a kill is called in charts and tables: "P(kill)", "P(unit wiped)" */

    /* The scenario reader: `root` is the scenario's JSON object, whose "game" names this game.
     * It reads the rule version, the attack or attacks, and calls no_parse_common; errors go to
     * `j` with the JSON path (returns -1 then). */
    int (*read)(struct cJSON *root, struct jr *j, struct no_scenario *sc);

    /* The policies and goals it offers: bit p of no_policies / no_goal_names (engine.h). */
    unsigned policies, goals;
    /* The scenario keys that say what the defender can take (no_ctx.hull: a hull, or Legion's
     * miniatures), for messages: without them there is no P(kill) nor --shots-to-kill. */
    const char *health_keys;
    /* The JSON report says "damage_deck" (X-Wing's optional damage deck). */
    int has_damage_deck;
    /* The JSON report's "tokens" block counts tokens spent (Armada's defense tokens are a section
     * of their own instead). */
    int token_counters;

    /* The report's sections (src/games/<game>/<game>_report.c). `describe` writes the attack's
     * "attack:" and "defense:" lines, no newline at the end; `outcomes_*` what follows the damage
     * table of one attack. `unit` (NULL: damage_word) names the damage column of a scenario
     * that may be a roll rather than an attack; `is_roll` (NULL: never) says it is one (no
     * tokens are spent). */
    void (*describe)(FILE *f, const struct no_scenario *sc);
    void (*outcomes_text)(FILE *f, const struct no_scenario *sc, const struct no_summary *s);
    void (*outcomes_json)(struct cJSON *o, const struct no_scenario *sc, const struct no_summary *s);
    const char *(*unit)(const struct no_scenario *sc);
    int (*is_roll)(const struct no_scenario *sc);
    /* The attack (sc->ctx, a sequence's first) in a few words on one line, for a chart's title:
     * "3 dice, focus + lock vs 2 dice, focus + evade, range 1". */
    void (*headline)(FILE *f, const struct no_scenario *sc);

    /* Optional parts of the report (NULL: the game has none). `summarise` adds the game's own
     * statistics to a summary from the terminals of its parts (`scale` turns a weight into a
     * probability); `objective_text`/`policy_json` say what its policies rank (the JSON policy
     * block then has no "description"); `total_*` follow a sequence's damage table; `baseline_*`
     * follow the per-attack baseline of an optimal sequence. */
    void (*summarise)(const struct no_ctx *ctx, const struct no_part *parts, int nparts, double scale,
                      uint64_t trials, struct no_summary *out);
    void (*objective_text)(FILE *f, const struct no_ctx *ctx);
    void (*policy_json)(struct cJSON *policy, const struct no_ctx *ctx);
    void (*total_text)(FILE *f, const struct no_ctx *ctx, const struct no_summary *s);
    void (*total_json)(struct cJSON *o, const struct no_ctx *ctx, const struct no_summary *s);
    void (*baseline_text)(FILE *f, const struct no_ctx *ctx, const struct no_summary *s);
    void (*baseline_json)(struct cJSON *baseline, const struct no_ctx *ctx, const struct no_summary *s);
    /* What the policy's decision tables call a die's value: pool NO_POOL_ATTACK or _DEFENSE,
     * `face` an engine face, `p` the pool it shows in (NULL: not known; Legion names results
     * without a colour once the pool's colours are folded). `decision_worth` says what the last
     * column of those tables counts. */
    const char *(*face_name)(const struct no_pool *p, int pool, int face);
    const char *(*decision_worth)(const struct no_ctx *ctx);
    /* --verbose: the name of result `r` of a die */
    const char *(*die_result_name)(const struct no_die *die, int r);

    /* Quick notation (`neverodds GAME "..."`): the games of the command line this one offers
     * ("xwing", "xwing1"), NULL-terminated; NULL when it has none. */
    const struct no_quick_game *const *quick;
    /* `order --roll`: what a trace calls face `face` of pool `pool` (NO_POOL_ATTACK, _DEFENSE,
     * _COVER): its letters ("H", "HH") when `word` is 0, its result without the colour ("hit",
     * "hit+hit") when 1; NULL for a face that pool never rolls. NULL when the game has no traces. */
    const char *(*roll_face)(int pool, int face, int word);
} no_game;

static inline int no_game_offers_policy(const no_game *g, int policy) { return (int)(g->policies >> policy & 1u); }
static inline int no_game_offers_goal(const no_game *g, int goal) { return (int)(g->goals >> goal & 1u); }

#endif
