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

/* Reads `source` (a Legion HQ link, or a file); 0, or -1 with the message in err. A unit whose
 * name the data does not know is an error naming the nearest; an upgrade or command card it does
 * not know, or a card retired since the 2019 data, is left out with a warning (--strict: an
 * error). Free with no_army_free. */
int no_army_load(const char *source, int strict, no_army *a, char *err, size_t errlen);
void no_army_free(no_army *a);

/* The unit's miniatures: the card's and one per heavy weapon or personnel upgrade (L568). */
int no_army_minis(const no_army_unit *u);
/* The attack pool (red, black, white) the unit's miniatures form at `range` (0: melee): each
 * miniature the weapon reaching it with the most hits expected from its dice and the unit's
 * surge conversion (an added miniature its upgrade's weapon, or the card's); upgrade weapons that
 * are not a miniature (grenades, armaments, hardpoints) any miniature of the card may use. The
 * weapon names go to `used` ("E-11 Blaster Rifle x3, DLT-19 Blaster Rifle"). Returns the dice. */
int no_army_pool(const no_army_unit *u, int range, int dice[3], char *used, size_t n);
#endif
