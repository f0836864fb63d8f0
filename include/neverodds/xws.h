/* xws.h — X-Wing squads: the ship, pilot and upgrade table of profiles/xwing/ships.json (made
 * from xwing-data2 by tools/xwing_data.py: facts only), squads in the XWS format list builders
 * export, and scenario sides named by pilot ("attacker": {"pilot": "lukeskywalker"}). */
#ifndef NEVERODDS_XWS_H
#define NEVERODDS_XWS_H
#include <cjson/cJSON.h>
#include <stddef.h>
#include "neverodds/scenario.h"

#define NO_SQUAD_MAX 12          /* ships in one squad */
#define NO_SHIP_MAX_CARDS 16     /* a pilot and its upgrades */

#define NO_SHIP_MAX_WEAPONS 8

/* A weapon: a primary arc of the ship ("primary-front", "primary-bullseye"), one an upgrade grants
 * (Moldy Crow's front arc), or an upgrade's own attack (named by the upgrade's xws id). */
typedef struct no_weapon {
    char name[64], arc[24];
    int value, minrange, maxrange, primary, ordnance;
    int charges, recovers;                  /* an upgrade's charges and how many it recovers a round */
} no_weapon;

/* Where a card of a ship comes from. */
enum { NO_CARD_PILOT = 'p', NO_CARD_UPGRADE = 'u', NO_CARD_LOADOUT = 'l', NO_CARD_SHIP = 's' };

/* A ship of a squad as the dice see it. */
typedef struct no_ship {
    char pilot[64], name[64], ship[64], ship_name[64], faction[32], size[8];
    int initiative, attack, agility, hull, shields, force, charges;
    int points;                             /* the pilot's squad cost (upgrades cost loadout value, not points) */
    char arc[24];                           /* of its primary attack (the strongest not bullseye-only) */
    int actions;                            /* NO_ACT_* bits of the actions it can take */
    int nweapons;
    no_weapon weapon[NO_SHIP_MAX_WEAPONS];  /* every weapon, the primary attack first */
    int standard_loadout;                   /* 1: its upgrades are the pilot card's fixed loadout */
    int ncards;
    char card[NO_SHIP_MAX_CARDS][64];       /* the pilot, its ship ability, its upgrades: xws ids */
    char kind[NO_SHIP_MAX_CARDS];           /* NO_CARD_* */
    int dice_card[NO_SHIP_MAX_CARDS];       /* 1: profiles/xwing/dice-cards.json lists it as acting on dice */
    char ability[NO_SHIP_MAX_CARDS][64];    /* the library's name of its dice effect, "" when not modelled */
    char why[NO_SHIP_MAX_CARDS][96];        /* why a dice card is not modelled */
    int aura[NO_SHIP_MAX_CARDS];            /* 1: it helps other ships, not its own (Howlrunner) */
    int ability_charges[NO_SHIP_MAX_CARDS]; /* its ability's charges in the library (0: none) */
    int recovers[NO_SHIP_MAX_CARDS];        /* the charges its card recovers in the End phase (L458-L464) */
} no_ship;

/* The actions that give a token the dice use: bit 1 << i is no_action_names[i]. */
enum { NO_ACT_FOCUS = 1, NO_ACT_LOCK = 2, NO_ACT_EVADE = 4, NO_ACT_CALCULATE = 8, NO_ACT_REINFORCE = 16 };
#define NO_ACT_N 5
extern const char *const no_action_names[NO_ACT_N + 1]; /* NULL-terminated */
/* The NO_ACT_* bit of the first `len` characters of `name`, or 0 when it names none. */
int no_action_bit(const char *name, size_t len);

typedef struct no_squad {
    char file[256], name[128], faction[32];
    char warnings[4096];                    /* what was mapped on reading: "FILE: PATH: ...\n" lines */
    int ship_warn[NO_SQUAD_MAX + 1];        /* ship i's lines: warnings[ship_warn[i] .. ship_warn[i + 1]);
                                             * the lines before ship_warn[0] are the squad's */
    int n;
    no_ship ship[NO_SQUAD_MAX];
} no_squad;

/* Why ship s sits out a matchup or a battle (a huge ship: epic play, not modelled), or NULL when
 * it takes part. The squad reader says it as a warning on the ship's line. */
const char *no_ship_left_out(const no_ship *s);

/* Reads and checks an XWS file (faction, pilot and upgrade ids, slots); errors name the file and
 * the JSON path ("pilots[1].id: unknown pilot ..."). The dialects builders export are read with a
 * warning for each thing mapped (sq->warnings): legacy slot keys ("ept"), YASB's Weapon Hardpoint
 * placeholders, renamed ids (profiles/xwing/aliases.json), PILOT-SHIP ids, a pilot of the same
 * name in the squad's faction, a builder's typo (the one id within two edits), YASB's "hardpoint"
 * key, Launch Bay Next's "upgrades": [] and older saved lists. A ship left out of matchups and
 * battles is said too. A builder's text export (BBCode, HTML) is an error saying how to export
 * XWS. Returns 0, or -1 with err. */
int no_squad_load(const char *path, no_squad *sq, char *err, size_t errlen);

/* A squad file's JSON; NULL with err when it cannot be read or parsed, the error saying so when
 * it is a builder's text export (BBCode, HTML) rather than XWS, and how to export XWS. */
cJSON *no_xws_read_json(const char *path, char *err, size_t errlen);

/* Names the ship in a scenario side: {"pilot": ID, "upgrades": [the upgrades the squad lists]}
 * (not the pilot's fixed loadout, which the pilot brings); no_xws_fill_side reads it. */
void no_xws_name_ship(cJSON *side, const no_ship *s);

/* The version of the data set the table was made from ("xwing-data2 3.9.1"). */
const char *no_xws_data_version(void);

/* A scenario side {"pilot": ID, "upgrades": [IDS], "weapon": ID, ...} filled in place from the
 * table: dice (the primary attack, or the weapon's; agility for a defender), hull, shields, size,
 * the pilot's Force, and the dice abilities the library models. `defender`: which side it is.
 * Keys the side gives itself win. The cards whose dice effect is not modelled are added to
 * `notes` (NO_NOTES_LEN bytes) as "PATH: id, id"; who it is (pilot and ship, upgrades, the weapon
 * named) to `who` (NO_WHO_LEN bytes, untouched without a pilot). Returns 0, or -1 with err
 * "LABEL: PATH: ...". */
int no_xws_fill_side(cJSON *side, int defender, const char *label, const char *path, char *notes, char *who,
                     char *err, size_t errlen);

#endif
