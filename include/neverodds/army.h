/* army.h — Legion armies as players' list builders export them: a Legion HQ link
 * (https://legionhq2.com/list/<faction>/<segments>) or a Tabletop Simulator JSON file (Legion HQ's
 * and Tabletop Admiral's exports), read against profiles/legion/units.json (Legion HQ 2's data). */
#ifndef NEVERODDS_ARMY_H
#define NEVERODDS_ARMY_H
#include <cjson/cJSON.h>
#include <stddef.h>

#define NO_ARMY_MAX_UNITS 40
#define NO_ARMY_MAX_UPGRADES 12
#define NO_ARMY_MAX_COMMANDS 12

typedef struct no_army_unit {
    const cJSON *card;                                 /* units.<id> of the library */
    const cJSON *upgrades[NO_ARMY_MAX_UPGRADES];        /* upgrades.<id> equipped */
    int nupgrades, count;                               /* count: alike units (a link's "2ay") */
} no_army_unit;

typedef struct no_army {
    cJSON *library;                                     /* profiles/legion/units.json, owned */
    char format[48], title[128], faction[32];
    int faction_assumed;                                /* not given (a text): its units' faction */
    int nunits, ncommands;
    no_army_unit units[NO_ARMY_MAX_UNITS];
    const cJSON *commands[NO_ARMY_MAX_COMMANDS];
    char warnings[4096]; /* each card left out or mapped: "FILE: PATH: ...\n" lines */
} no_army;

/* Reads `source` (a Legion HQ link, or a file holding one, TTS JSON or a text export); 0, or -1
 * with the message in err. A unit whose
 * name the data does not know is an error naming the nearest; an upgrade or command card it does
 * not know, or a card retired since the 2019 data, is left out with a warning (--strict: an
 * error). Free with no_army_free. */
int no_army_load(const char *source, int strict, no_army *a, char *err, size_t errlen);
void no_army_free(no_army *a);
/* Does `source` look like a Legion army (a Legion HQ link, a file holding one, a JSON list of
 * "units", or a text export with its "(N activations)" line) rather than an X-Wing squad? `matchup` asks, to choose
 * its game; what is neither is read as a squad, whose reader says what is wrong. */
int no_army_source(const char *source);

/* The unit's miniatures: the card's and one per heavy weapon or personnel upgrade (L568). */
int no_army_minis(const no_army_unit *u);
/* One way the unit's miniatures may arm themselves for an attack at a range: each weapon with
 * how many miniatures use it. */
#define NO_ARMY_MAX_WEAPONS (NO_ARMY_MAX_UPGRADES + 1)
#define NO_ARMY_MAX_CHOICES 8
typedef struct no_army_choice {
    const cJSON *weapon[NO_ARMY_MAX_WEAPONS]; /* a weapon of the card or of an upgrade */
    int times[NO_ARMY_MAX_WEAPONS], n;
} no_army_choice;
/* The ways the unit may arm itself at `range` (0: melee), at most `max`: the card's miniatures
 * all take one weapon that reaches (the card's or an upgrade's that is not a miniature: a
 * grenade, an armament, a hardpoint), most hits expected first; each added miniature (heavy
 * weapon, personnel) its own best weapon that reaches, or the card's miniatures' one. Returns
 * how many (0: no weapon reaches). The first is the one no_army_pool forms. */
int no_army_choices(const no_army_unit *u, int range, no_army_choice *out, int max);
/* "E-11 Blaster Rifle x3, DLT-19 Blaster Rifle" */
void no_army_choice_text(const no_army_choice *c, char *out, size_t n);
/* The attack pool (red, black, white) the unit's miniatures form at `range` (0: melee): each
 * miniature the weapon reaching it with the most hits expected from its dice and the unit's
 * surge conversion (an added miniature its upgrade's weapon, or the card's); upgrade weapons that
 * are not a miniature (grenades, armaments, hardpoints) any miniature of the card may use. The
 * weapon names go to `used` ("E-11 Blaster Rifle x3, DLT-19 Blaster Rifle"). Returns the dice. */
int no_army_pool(const no_army_unit *u, int range, int dice[3], char *used, size_t n);
#endif
