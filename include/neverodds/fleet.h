/* fleet.h — Armada fleets as players' list builders export them as text (Star Forge, Armada Fleet
 * Designer, Armada Warlords), read against profiles/armada/units.json (armada-data, 2020). */
#ifndef NEVERODDS_FLEET_H
#define NEVERODDS_FLEET_H
#include <cjson/cJSON.h>
#include <stddef.h>

#define NO_FLEET_MAX_SHIPS 64
#define NO_FLEET_MAX_UPGRADES 16
#define NO_FLEET_MAX_SQUADRONS 80
#define NO_FLEET_MAX_OBJECTIVES 8

typedef struct no_fleet_ship {
    const cJSON *card;                            /* ships.<id> of the library */
    const cJSON *upgrades[NO_FLEET_MAX_UPGRADES]; /* upgrades.<id>, in the list's order */
    int nupgrades, line;                          /* line: where the list names the ship */
    int listed_total, total_line;                 /* the list's points with upgrades (-1: none) */
    int left_out;                                 /* upgrades the data does not know (left out) */
} no_fleet_ship;

typedef struct no_fleet_squadron {
    const cJSON *card; /* squadrons.<id> */
    int count, line;   /* count: alike squadrons over every line naming them; line: the first */
} no_fleet_squadron;

typedef struct no_fleet {
    cJSON *library, *aliases;  /* profiles/armada/units.json and aliases.json, owned */
    char dialect[40], name[160], faction[64];
    const cJSON *commander;    /* upgrades.<id> of the Commander slot, or NULL */
    const cJSON *objectives[NO_FLEET_MAX_OBJECTIVES];
    int nobjectives, listed_total; /* the list's own total (-1: none) */
    int nships, nsquadrons;
    no_fleet_ship ships[NO_FLEET_MAX_SHIPS];
    no_fleet_squadron squadrons[NO_FLEET_MAX_SQUADRONS];
    char warnings[4096]; /* each card left out, read as another or priced otherwise: "FILE: line N: ...\n" */
} no_fleet;

/* Reads the fleet text at `path`; 0, or -1 with "FILE: line N: why" in err. A ship or squadron
 * the data does not know is an error naming the nearest; an upgrade, commander or objective it
 * does not know is left out with a warning (strict: an error); points that disagree with the data
 * are a warning naming both. Free with no_fleet_free. */
int no_fleet_load(const char *path, int strict, no_fleet *f, char *err, size_t errlen);
void no_fleet_free(no_fleet *f);
/* A ship's points with its upgrades, from the data. */
int no_fleet_ship_points(const no_fleet_ship *s);
/* The whole fleet's points from the data: ships with upgrades, and squadrons. */
int no_fleet_points(const no_fleet *f);
/* Does the text look like an Armada fleet export (not JSON)? For commands taking either. */
int no_fleet_is_text(const char *text);
#endif
