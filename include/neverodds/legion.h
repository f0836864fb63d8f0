/* legion.h — Star Wars: Legion (core rules in force from 09.01.2026): dice, keywords and the
 * attack sequence steps 4-10 as engine steps. */
#ifndef NEVERODDS_LEGION_H
#define NEVERODDS_LEGION_H
#include "neverodds/engine.h"

/* Attack pool faces: colour * 4 + result. After surge conversion every die is folded into the
 * red slots, which then stand for colourless results. */
enum { LG_BLANK, LG_HIT, LG_CRIT, LG_SURGE };
enum { LG_RED, LG_BLACK, LG_WHITE };
#define LG_FACE(colour, result) ((colour) * 4 + (result))
/* Defense and cover pool faces: colour * 3 + result (white 0, red 1). */
enum { LG_D_BLANK, LG_D_BLOCK, LG_D_SURGE };
enum { LG_DEF_WHITE, LG_DEF_RED };
#define LG_DFACE(colour, result) ((colour) * 3 + (result))

enum { LG_DIE_RED, LG_DIE_BLACK, LG_DIE_WHITE, LG_DIE_WHITE_DEF, LG_DIE_RED_DEF, LG_NDICE };
extern const no_die no_legion_dice[LG_NDICE];
/* Names of the results: attack (blank, hit, crit, surge) and defense (blank, block, surge). */
extern const char *const no_legion_attack_results[4], *const no_legion_defense_results[3];

#define LG_MAX_GUARDIANS 2
#define LG_GUARDIAN_FIELDS (LK_GUARDIAN_DODGE + 1 - LK_GUARDIAN)
/* Guardian g's fact k (k one of the LK_GUARDIAN... slots). */
#define KG(ctx, g, k) ((ctx)->kw[NO_DEFENDER][(k) + (g) * LG_GUARDIAN_FIELDS])

#define LG_MAX_UPGRADES 3 /* weapons of one pool whose upgrade is a choice */
#define LG_UPGRADE_FIELDS 3
enum { LG_UPGRADE_X, LG_UPGRADE_WHITE, LG_UPGRADE_BLACK };

/* Keywords and unit facts, stored in no_ctx.kw[side][...]. LK_NONE is never set, so 0 in a
 * keyword field means "none". */
enum {
    LK_NONE,
    /* attacker (LK_ATTACK_TYPE: LG_RANGED, LG_MELEE or LG_OVERRUN) */
    LK_ATTACK_TYPE, LK_SURGE_CHART, LK_PIERCE, LK_IMPACT, LK_CRITICAL, LK_SHARPSHOOTER, LK_PRECISE,
    LK_LETHAL, LK_RAM, LK_MARKSMAN, LK_HIGH_VELOCITY, LK_BLAST, LK_PRIMITIVE, LK_SUPPRESSIVE,
    LK_JAR_KAI, LK_IMMUNE_DEFLECT, LK_CUMBERSOME, LK_ANTI_PERSONNEL, LK_ANTI_MATERIEL,
    /* defender */
    LK_DIE, LK_DEFENSE_SURGE, LK_ARMOR, LK_IMPERVIOUS, LK_IMMUNE_PIERCE, LK_IMMUNE_MELEE_PIERCE,
    LK_DANGER_SENSE, LK_UNCANNY_LUCK, LK_LOW_PROFILE, LK_COVER_X, LK_SMOKE, LK_OUTMANEUVER,
    LK_BLOCK, LK_DEFLECT, LK_SORESU, LK_DJEM_SO, LK_UNCONCERNED, LK_BACKUP, LK_IMMUNE_BLAST,
    LK_COVER_BASE, LK_MINIS, LK_WOUNDS, LK_WOUNDED, LK_IN_LOS, LK_COURAGE, LK_UNIT_TYPE,
    /* either side (the slot is per side): Jedi Hunter / has a Force upgrade icon; Complete the
     * Mission; Ion X; Duelist; Makashi Mastery (the attacker uses it) */
    LK_JEDI_HUNTER, LK_FORCE_USER, LK_COMPLETE_MISSION, LK_ION, LK_DUELIST, LK_MAKASHI,
    /* allied units with Guardian X covering the defender (defender side), in the order they
     * resolve: the first one's facts here, the next one's LG_GUARDIAN_FIELDS slots further on
     * (KG). Dodge tokens serve the guardian's Soresu only. */
    LK_GUARDIAN, LK_GUARDIAN_DIE, LK_GUARDIAN_SURGE, LK_GUARDIAN_SURGE_TOKENS,
    LK_GUARDIAN_IMMUNE_PIERCE, LK_GUARDIAN_DEFLECT, LK_GUARDIAN_HEALTH, LK_DIVINE_INFLUENCE,
    LK_GUARDIAN_SORESU, LK_GUARDIAN_DODGE,
    LK_DEATH_FROM_ABOVE = LK_GUARDIAN + LG_MAX_GUARDIANS * LG_GUARDIAN_FIELDS, LK_RESILIENCE, LK_DAMAGED,
    /* rolls that are not attacks (defender side): a friendly commander's Courage for the panic
     * check of a rally (L1233-L1236) */
    LK_PANIC_COURAGE,
    /* Self-Destruct X (attacker side): which reading of the damaged digits of L2254 */
    LK_SELF_DESTRUCT_READING,
    /* rule_options, the readings of open rules (README rulings table): the ranged wound cap
     * (defender side, LG_LOS_...), Primitive and Ion X (attacker side, LG_PRIMITIVE_..., LG_ION_...) */
    LK_LOS_CAP_READING, LK_PRIMITIVE_READING, LK_ION_READING,
    /* weapons whose Anti-Personnel / Anti-Materiel X leaves the attacker a choice of dice (attacker
     * side, L1567): X, then the weapon's white and black dice, LG_UPGRADE_FIELDS slots each */
    LK_UPGRADE,
    /* the attack pool: red, black, white dice (attacker side) */
    LK_POOL_RED = LK_UPGRADE + LG_MAX_UPGRADES * LG_UPGRADE_FIELDS, LK_POOL_BLACK, LK_POOL_WHITE,
    /* how the defender takes wounds (no_legion_set_minis): wounds it can still take, the same
     * for a ranged attack (line of sight), and miniatures defeated by 0..NO_MAX_ROLL wounds */
    LK_HEALTH, LK_HEALTH_LOS, LK_TAKEN /* in earlier attacks of a sequence */, LK_DEFEATED,
    LK_N = LK_DEFEATED + NO_MAX_ROLL + 1
};
_Static_assert(LK_N <= NO_MAX_KW, "raise NO_MAX_KW");
#define LG_ARMOR_ALL 255 /* Armor without a number cancels every hit */
enum { LG_CHART_NONE, LG_CHART_HIT, LG_CHART_CRIT };
/* Overrun attacks are neither ranged nor melee (L2915-L2919): no cover, no suppression. */
enum { LG_RANGED, LG_MELEE, LG_OVERRUN };
enum { LG_TROOPER, LG_DROID, LG_VEHICLE };
enum { LG_COURAGE_NONE = 255 }; /* Courage "-": never suppressed */

/* state.flags bits */
#define LG_FLAG_ROLLED_HIT 1u   /* a hit or crit stood at the end of step 4 (suppression) */
#define LG_FLAG_LOW_PROFILE 2u  /* the cover pool holds Low Profile's automatic block */
#define LG_FLAG_COVER_SHIFT 2   /* bits 2-3: cover value of step 5b */
#define LG_FLAG_VEHICLE_DAMAGE 16u /* wounds reached Resilience: a vehicle damage token (L1861) */

extern const no_rules no_legion_rules;
/* Rolls that are not attacks (legion_rolls.c). A rally rolls a white defense die per suppression
 * token (tok[NO_DEFENDER][NO_TOK_SUPPRESSION]) and removes one per block or surge (L1228-L1230):
 * damage = tokens removed, suppression = tokens left, flags say suppressed / panicked. A priority
 * roll is one red defense die: damage 1 when it shows a block (L1125-L1127). */
extern const no_rules no_legion_rally_rules, no_legion_priority_rules;
/* Self-Destruct X: kw[NO_ATTACKER][LK_POOL_BLACK] black dice against the defender; damage =
 * wounds, defeated, destroyed and suppression as after an attack. */
extern const no_rules no_legion_self_destruct_rules;
enum { LG_READING_ENGLISH, LG_READING_DIGITS };
/* The ranged wound cap (L1638): the combined wound thresholds of the miniatures in line of sight
 * (default), or the wounds they can still take. */
enum { LG_LOS_THRESHOLDS, LG_LOS_REMAINING };
/* Primitive (L3000): the crits standing when it resolves, after Impact (default), or every crit
 * of the attack, a later Ram one too. */
enum { LG_PRIMITIVE_AFTER_IMPACT, LG_PRIMITIVE_EVERY_CRIT };
/* Ion X (L2982): the hits and crits standing at the start of step 6 (default), or those of the
 * attack roll, before cover and dodges. */
enum { LG_ION_STANDING, LG_ION_ROLLED };
#define LG_FLAG_SUPPRESSED 32u /* rally: tokens left >= Courage */
#define LG_FLAG_PANICKED 64u   /* rally: tokens left >= 2 x Courage (the better of own and commander's) */
#define LG_FLAG_CONVERTED 128u /* step 4c has converted the attack pool's surges (tidy stops) */

/* Dice tables, reroll dice and rules switches for Legion. */
void no_legion_setup_dice(no_ctx *ctx);
/* Adds the modifiers the keywords and tokens give (aim, dodge, Marksman, Armor...). */
int no_legion_add_mods(no_ctx *ctx);
/* Can the defender gain suppression tokens? Not a vehicle (L825), nor a unit with Courage "-"
 * (L1240); droids can (L1839: they are never suppressed, but panic). */
int no_legion_takes_suppression(const no_ctx *ctx);
/* Step 5b's cover, step by step, for a defender holding `suppression` tokens: the scenario's
 * cover, +1 when that suppresses a trooper (L1581), + Cover X and Smoke (L2306, L2551), capped
 * at heavy (L796), - Sharpshooter X (L2835; before the cap when !cap_first, the what-if). */
typedef struct no_legion_cover_steps_t {
    int given, suppressed, raised, capped, sharpshooter, value;
} no_legion_cover_steps_t;
int no_legion_cover_steps(const no_ctx *ctx, int suppression, int cap_first, no_legion_cover_steps_t *c);
/* Cover value of step 5b for the current state (0 none, 1 light, 2 heavy). */
int no_legion_cover(const no_ctx *ctx, const no_state *s);
/* Step 4a for one weapon's dice (red, black, white), in place; an upgrade that is the
 * attacker's choice goes to an upgrade slot (LK_UPGRADE) for the policy to make before the roll.
 * Returns -1 when more than LG_MAX_UPGRADES weapons need one. */
int no_legion_form_weapon(no_ctx *ctx, int dice[3], int cumbersome, int anti_personnel, int anti_materiel);
/* One miniature of the defending unit: wound threshold, wound tokens it already has, roles. */
typedef struct no_legion_mini {
    uint8_t wounds, wounded;
    uint8_t leader, counterpart, noncombatant; /* L1640, L2330-L2338, L3078-L3080 */
    uint8_t in_los;                            /* in the attacker's line of sight (L1638) */
} no_legion_mini;
#define LG_MAX_MINIS 30
#define LG_MAX_HEALTH 200
/* Sets the defender's miniatures (legion_wounds.c): how many, the wound caps, and how many
 * miniatures each wound total defeats. -1 when there are too many or they can take too much. */
int no_legion_set_minis(no_ctx *ctx, const no_legion_mini *m, int n);
/* A defending unit as the scenario gives it, for attacks after the first of a sequence. */
typedef struct no_legion_unit {
    int n;
    no_legion_mini m[LG_MAX_MINIS];
} no_legion_unit;
/* The unit after `wounds` more wounds, assigned as an attack assigns them: its miniatures left
 * (out), with their tokens, and a new leader if the old one fell (L1644). Returns how many. */
int no_legion_after_wounds(const no_legion_unit *u, int wounds, no_legion_mini *out);
/* The defender suffers `wounds`, at most `most` (what it can take): damage, miniatures defeated,
 * destroyed. Without a unit (ctx->hull 0) every wound counts and nothing is defeated. */
void no_legion_suffer(const no_ctx *ctx, no_state *s, int wounds, int most);
/* Miniatures defeated by `wounds` (most-wounded first, leader last, a Noncombatant after the
 * others, a Counterpart as any other but spared the last non-counterpart's defeat). */
int no_legion_defeated(const no_ctx *ctx, int wounds);

#endif
