/* scenario.h — reads and validates a scenario file into a compiled attack context.
 * Every error names the file and the JSON path of the offending value. */
#ifndef NEVERODDS_SCENARIO_H
#define NEVERODDS_SCENARIO_H
#include "neverodds/engine.h"
#include "neverodds/legion.h"
#include "neverodds/game.h"

#define NO_ERR_LEN 512
#define NO_NOTES_LEN 256
#define NO_MAX_ATTACKS 10 /* attacks in one sequence */

/* A reading of a rule the seeds leave open, as the scenario set it or by default, by its scenario
 * key ("rule_options.los_cap", "first_player"): reports name every one in effect. */
#define NO_MAX_READINGS 6
typedef struct no_reading {
    const char *key, *value; /* static strings: "true"/"false" for a switch */
    uint8_t by_default, is_switch;
} no_reading;

/* What the report says was applied to one attack beyond its dice: who each side is, as the
 * scenario names it (X-Wing: pilot and ship; Legion: unit; Armada: ship or squadron; "" when it
 * gives the dice only), and the game's facts taken by default (bits the game defines). */
#define NO_WHO_LEN 96
typedef struct no_applied {
    char who[NO_SIDES][NO_WHO_LEN];
    uint32_t defaults;
} no_applied;

struct no_scenario;
/* A game's rule for what carries from one attack of a sequence to the next: builds attack `next`
 * as the end `end` of attack `from` leaves it. Returns 0, 1 when there is nothing left to attack,
 * -1 when the next attack cannot be built (too many modifiers). */
typedef int (*no_carry_rule)(const struct no_scenario *sc, int next, const no_ctx *from, const no_state *end,
                             no_ctx *out);
/* A game's rule for a new round between two shots of --shots-to-kill: what the round's end and
 * the next round's actions do to the defender `next` the last shot left (its tokens refresh).
 * Returns 0, or -1 when the attack cannot be built. NULL: the game has none (tokens carry). */
typedef int (*no_round_rule)(const struct no_scenario *sc, no_ctx *next);

typedef struct no_scenario {
    char file[256];
    char name[128];
    const no_game *game;  /* its game's descriptor (game.h): the registry's entry for "game" */
    char rules[16];
    int points;           /* "points": the attacker's cost (compare's damage per point); 0: none */
    char notes[NO_NOTES_LEN]; /* for the report: cards that act on dice and are not modelled */
    char off[NO_NOTES_LEN];   /* for the report: listed abilities the scenario's stated conditions
                               * (range, obstruction, the defender's shields) leave unusable */
    const no_rules *engine_rules;
    no_ctx ctx;
    int has_counter;      /* Armada: the defender's Counter attack back, run after the attack */
    no_ctx counter;
    /* A sequence (sequence.c): attacks run in this order, each from what the one before left
     * (Legion: the pools of one attack action; Armada: attacks on one defender). 0 for a lone
     * attack; then ctx is attacks[0]. */
    int nattacks;
    no_ctx attacks[NO_MAX_ATTACKS];
    no_carry_rule carry;
    no_round_rule new_round;
    int one_defender;     /* every attack of the sequence is on the same defender */
    /* Legion: the attacking unit's tokens the pools share (side, kind), for the report; the
     * defending unit of a sequence on one defender */
    int ncarried;
    uint8_t carried[4];
    no_legion_unit unit;
    int nreadings;
    no_reading readings[NO_MAX_READINGS];
    no_applied applied[NO_MAX_ATTACKS]; /* attack a's; a lone attack's is [0] */
    /* X-Wing, a lone attack: its abilities that have charges, by the library's name, with the
     * side whose card it is and its charge slot (what a battle reads an attack left of each) */
    int npools;
    struct { char ability[64]; uint8_t side, slot; } pools[NO_MAX_MODS];
} no_scenario;

/* Sets the policy of every attack of the scenario for both sides (--policy), or for one side. */
void no_scenario_set_policy(no_scenario *sc, int policy);
void no_scenario_set_side_policy(no_scenario *sc, int side, int policy);
/* Every attack of the scenario is on one defender, whose state `carry` hands on; a lone attack
 * is attacks[0] too, which --shots-to-kill repeats. */
void no_scenario_on_one_defender(no_scenario *sc, no_carry_rule carry);
/* Sets the optimal policy's goal for every attack (--goal). */
void no_scenario_set_goal(no_scenario *sc, int goal);

/* Records a reading in effect (a sequence's later attacks set the same key again). */
void no_scenario_reading(no_scenario *sc, const char *key, const char *value, int by_default);
/* The same for a switch: "true" or "false". */
void no_scenario_switch(no_scenario *sc, const char *key, int on, int by_default);

/* Reading a scenario: src/games/games.c finds the game its "game" key names in the registry and
 * runs that game's reader (no_game.read).
 * --lenient: unknown keys are warnings on stderr and ignored, not errors (off by default). */
void no_scenario_set_lenient(int on);
/* Parses `text` (label names it in errors). Returns 0, or -1 with `err` filled. */
int no_scenario_parse(const char *text, const char *label, no_scenario *sc, char *err, size_t errlen);
/* Reads and parses a file. */
int no_scenario_load(const char *path, no_scenario *sc, char *err, size_t errlen);
/* A scenario key set from the command line: `key` is a dotted path ("attacker.dice"). */
typedef struct no_override {
    const char *key, *value;
} no_override;
/* Reads a file with keys set or replaced first (sweep, compare); errors name the file and key. */
int no_scenario_load_with(const char *path, const no_override *ov, int nov, no_scenario *sc, char *err,
                          size_t errlen);
/* The same under another rule version of its game ("rules" replaced: `order --rules`). */
int no_scenario_load_as(const char *path, const char *rules, no_scenario *sc, char *err, size_t errlen);


#endif
