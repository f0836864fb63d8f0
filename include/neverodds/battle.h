/* battle.h — `neverodds battle`: two X-Wing squads trade fire round after round, with no
 * movement, until one side is destroyed or a round limit (issue #24). Each attack is the
 * engine's exact outcome for that attacker, defender, range and the tokens both hold (the same
 * run `neverodds run` makes of the pair), tabled once; the battle drivers then only pick targets,
 * sample or push probability through those tables, and keep the ships' damage and tokens.
 * Citations are lines of seeds/000_1d63b3a51872ba9e.txt (reference guide v1.4.5). */
#ifndef NEVERODDS_BATTLE_H
#define NEVERODDS_BATTLE_H
#include <stdint.h>
#include <stdio.h>
#include "neverodds/plot.h"
#include "neverodds/run.h"
#include "neverodds/xws.h"

#define NO_BATTLE_MAX_SHIPS NO_SQUAD_MAX /* per side */
#define NO_BATTLE_MAX_ROUNDS 100
#define NO_BATTLE_DEFAULT_ROUNDS 12
#define NO_BATTLE_MAX_ACTIONS 5
#define NO_BATTLE_MAX_HP 30 /* a ship's shields and hull together (X-Wing's largest but huge ships: 16) */

/* How a ship picks whom to attack: each names what it maximises, ties broken by the next rule
 * down and at last by the listed order. */
enum {
    NO_TARGET_LIKELIEST_KILL, /* the highest chance to destroy with this attack, then fewest hit points left */
    NO_TARGET_THREAT,         /* the enemy whose attack on this ship deals the most on average */
    NO_TARGET_POINTS,         /* the enemy worth the most points */
    NO_TARGET_SPREAD,         /* the enemy its side has attacked least this round */
    NO_TARGET_N
};
extern const char *const no_target_names[NO_TARGET_N + 1]; /* NULL-terminated */
extern const char *const no_target_descriptions[NO_TARGET_N];

/* Who is first player: rolled each round (L948-L955: each player rolls three attack dice; the
 * roll is the same for both, so each is first with chance 1/2), or one side every round. */
enum { NO_FIRST_ROLLED, NO_FIRST_A, NO_FIRST_B, NO_FIRST_N };
extern const char *const no_first_names[NO_FIRST_N + 1];

/* A weapon a ship may attack with beside its primary one (a squad's torpedoes and missiles). */
#define NO_BATTLE_MAX_WEAPONS 3 /* the primary and two more */
typedef struct no_battle_weapon {
    char id[64];           /* the upgrade's xws id (the scenario's "weapon") */
    int dice, minrange, maxrange, charges, recovers, needs_lock;
} no_battle_weapon;

/* A ship as the battle sees it: from a squad (pilot and cards; the engine reads its abilities)
 * or plain numbers (a battle file's ships: dice only). */
typedef struct no_battle_ship {
    char name[64];
    int initiative, points, attack, agility, hull, shields, force;
    int actions;           /* NO_ACT_* bits of the actions it has that give tokens the dice use */
    int nweapons;          /* weapon[0] is the primary weapon (every range); the others need charges */
    no_battle_weapon weapon[NO_BATTLE_MAX_WEAPONS];
    const no_ship *card;   /* the squad's ship, or NULL for plain numbers */
} no_battle_ship;

typedef struct no_battle_side {
    char name[128], file[256];
    int n;
    no_battle_ship ship[NO_BATTLE_MAX_SHIPS];
    no_squad squad;        /* the squad read (cards point into it) */
} no_battle_side;

/* How a battle deals damage: points (the deck off); the damage deck with every card that acts
 * without movement (on, the default); or with only the cards `run` models, the ones that act on
 * dice and damage (dice: Direct Hit!, Fuel Leak, Hull Breach, Structural Damage). */
enum { NO_DECK_OFF, NO_DECK_ON, NO_DECK_DICE, NO_DECK_N };
extern const char *const no_deck_names[NO_DECK_N + 1]; /* "off", "on", "dice" */

typedef struct no_battle_opts {
    no_run_opts run;       /* exact when no trials are given and the battle is small enough */
    int rounds;
    int first;             /* NO_FIRST_* */
    double range_p[4];     /* chance of each range 1..3 each round ([0] unused) */
    int target[2];         /* NO_TARGET_* for side A and side B */
    int action_order[NO_BATTLE_MAX_ACTIONS], nactions; /* --actions: NO_ACT_* in order */
    int passive;           /* bit s: side s does not attack (matchup's rounds to destroy) */
    int deck;              /* NO_DECK_*: damage cards from each player's damage deck, or points */
    int fresh_tokens;      /* every attack starts with every token of the action order the ship
                            * has, as matchup's cells do (of what is spent only the abilities'
                            * charges carry: they are not tokens) */
    int format;            /* NO_FMT_* */
    const char *plot;      /* survival curves */
    const char *plot_ranges; /* P(win) by range */
    no_plot_style style;
} no_battle_opts;

void no_battle_defaults(no_battle_opts *o);

/* Reads a side: an XWS squad, or a file {"name": ..., "ships": [SHIP...]} of plain ships
 * ({"name", "initiative", "attack", "agility", "hull", "shields", "points", "actions": [...]}).
 * 0, or -1 with "FILE: PATH: why". */
int no_battle_side_load(const char *path, no_battle_side *side, char *err, size_t errlen);
/* Reads one battle file {"a": [SHIP...], "b": [SHIP...], "range": 2 or {"1": p, ...}, "rounds": n,
 * "first_player": "a"|"b"|"rolled"}: both sides and the options it sets (the command line's
 * options win, applied after). 0, or -1 with err. */
int no_battle_file_load(const char *path, no_battle_side *a, no_battle_side *b, no_battle_opts *o, char *err,
                        size_t errlen);
/* "1:0.2,2:0.5,3:0.3" or "2" into o->range_p; 0, or -1 when it is not one. */
int no_battle_parse_ranges(const char *text, double range_p[4]);

/* A side made of a squad's ships (the squad stays the caller's: the ships point into it). */
void no_battle_side_of_squad(const no_squad *sq, no_battle_side *side);

/* How long side a alone takes to destroy side b (b does not shoot back; each ship of a attacks
 * the enemy it is likeliest to destroy, for at most NO_BATTLE_MAX_ROUNDS rounds), at range 1, 2
 * and 3 every round, each attack with every token of o's action order the ships have (as a
 * matchup's cells): the mean rounds (an unresolved battle counts the limit) with its standard
 * error, and P(unresolved). Exact when it fits and o->run asks for no trials, else Monte Carlo
 * over o->run.trials (or the default). 0, or -1 with err. */
int no_battle_rounds_to_destroy(const no_battle_side *a, const no_battle_side *b, const no_battle_opts *o,
                                no_rate mean[3], double unresolved[3], int *exact, char *err, size_t errlen);

/* The battle: its report on f. 0; -1 with err when an attack cannot be tabled or the input is
 * bad (nothing printed); 1 with err when only a chart failed. */
int no_battle(FILE *f, const no_battle_side *a, const no_battle_side *b, const no_battle_opts *o, char *err,
              size_t errlen);

#endif
