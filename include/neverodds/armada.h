/* armada.h — Star Wars: Armada (the Spanish reference guide, seeds/001_ae69564e4264402a.txt):
 * dice, defense tokens and the attack steps 2-5 as engine steps. */
#ifndef NEVERODDS_ARMADA_H
#define NEVERODDS_ARMADA_H
#include "neverodds/engine.h"

/* Attack pool faces, one per (colour, face) so a reroll knows the die's colour. */
enum {
    AR_RED_BLANK, AR_RED_HIT, AR_RED_CRIT, AR_RED_HIT_HIT, AR_RED_ACCURACY,
    AR_BLUE_HIT, AR_BLUE_CRIT, AR_BLUE_ACCURACY,
    AR_BLACK_BLANK, AR_BLACK_HIT, AR_BLACK_HIT_CRIT,
    AR_NFACES
};
extern const char *const no_armada_face_names[AR_NFACES];
/* Icons on each face. */
extern const uint8_t no_armada_hits[AR_NFACES], no_armada_crits[AR_NFACES],
    no_armada_accuracies[AR_NFACES];

/* Die types, which are also the colours; the cover pool holds the gathered dice before the roll
 * (face = colour), so obstruction can remove one of them. */
enum { AR_RED, AR_BLUE, AR_BLACK, AR_NCOLOURS };
extern const no_die no_armada_dice[AR_NCOLOURS];
extern const char *const no_armada_colour_names[AR_NCOLOURS];

/* Attack range: distance 1 is a squadron attack's range (L89). */
enum { AR_DISTANCE_1, AR_CLOSE, AR_MEDIUM, AR_LONG, AR_NRANGES };
extern const char *const no_armada_range_names[AR_NRANGES];

enum { AR_SHIP, AR_SQUADRON };
enum { AR_FRONT, AR_LEFT, AR_RIGHT, AR_REAR, AR_NZONES };
extern const char *const no_armada_zone_names[AR_NZONES + 1]; /* NULL-terminated */

/* Defense token types and their states (L357-L369; contain and salvo behind a rules switch). */
enum { AR_BRACE, AR_REDIRECT, AR_EVADE, AR_SCATTER, AR_CONTAIN, AR_SALVO, AR_NTOKENS };
enum { AR_READY, AR_EXHAUSTED, AR_NSTATES };
extern const char *const no_armada_token_names[AR_NTOKENS];
#define AR_MAX_TOKENS 8 /* defense tokens one ship or squadron may hold */

/* no_modifier.effect of a defender's token modifier: 1 + its token type (0: not a token). */
#define AR_EFFECT_OF(type) ((uint8_t)((type) + 1))

/* Facts of the attack in no_ctx.kw[side][...]. */
enum {
    AK_TYPE,                 /* AR_SHIP or AR_SQUADRON */
    AK_BOMBER, AK_SWARM,     /* attacker keywords (L650, L653) */
    AK_CF_DIAL, AK_CF_TOKEN, /* Concentrate Fire dial and token at hand (L635-L640) */
    AK_ENGAGED_OTHER,        /* a squadron engaged with another squadron (Swarm) */
    AK_ZONE,                 /* defending hull zone */
    AK_SHIELDS,              /* shields of each zone: AK_SHIELDS + zone */
    AK_DAMAGE = AK_SHIELDS + AR_NZONES, /* damage cards (ship) or hull points (squadron) lost before */
    AK_SPEED,
    AK_HULL,                 /* the attacker's hull, for a Counter attack back (the defender's: ctx->hull) */
    AK_COUNTER,              /* Counter X of a defending squadron (L649) */
    AK_POOL,                 /* dice in the pool of each colour, before range: AK_POOL + colour */
    AK_TOKENS = AK_POOL + AR_NCOLOURS, /* tokens of each type and state: AK_TOKENS + type*2 + state */
    AK_N = AK_TOKENS + AR_NTOKENS * AR_NSTATES
};
_Static_assert(AK_N <= NO_MAX_KW, "raise NO_MAX_KW");

extern const no_rules no_armada_rules;

void no_armada_setup_dice(no_ctx *ctx);
/* Dice of each colour the range allows (L88, L141); the number gathered. */
int no_armada_gather(const no_ctx *ctx, int gathered[AR_NCOLOURS]);
/* Appends the modifiers of obstruction, Concentrate Fire, Swarm, accuracies and the defense
 * tokens. Returns 0, or -1 when NO_MAX_MODS would be exceeded. */
int no_armada_add_mods(no_ctx *ctx);

/* Step 5 holds the damage points Redirect may send in the defense pool, so the defender chooses
 * how many go there (L361): the most that fit are "redirected"; points it takes back are "kept"
 * on the defending zone. */
enum { AR_POINT_REDIRECTED, AR_POINT_KEPT, AR_NPOINTS };
extern const char *const no_armada_point_names[AR_NPOINTS];

/* In a sequence, the defender's choice to send fewer points than Redirect can (L361), appended
 * after no_armada_add_mods (a lone attack never offers it: sending the most never costs the
 * defender in one attack). Returns 0, or -1 when NO_MAX_MODS would be exceeded. */
int no_armada_add_redirect_amount(no_ctx *ctx);

/* How a damage total is suffered (L252, L361, L163). */
typedef struct no_armada_hit {
    int redirected;          /* points the redirect zone's shields took */
    int shields_lost;        /* points the defending zone's shields took */
    int cards, faceup;       /* damage cards dealt (ships), the first face up on a crit effect */
    int hull_lost;           /* squadron hull points lost */
    int destroyed;
} no_armada_hit;
/* redirect_zone: -1 when no Redirect was spent; `redirect`: the points the defender sends there
 * (no more than the total and the zone's shields take). */
void no_armada_suffer(const no_ctx *ctx, int total, int redirect_zone, int redirect, int crit_effect,
                      no_armada_hit *out);
/* Tokens of the defender's pool `slot` (a modifier index) the attacker's accuracies locked. */
int no_armada_locked(const no_ctx *ctx, const no_state *s, int slot);
/* The redirect zone a finished attack used, or -1. */
int no_armada_redirect_zone(const no_ctx *ctx, const no_state *s);

/* Where a finished attack's damage went: the shields left in each zone, and (when `hit` is not
 * NULL) how it was suffered. */
void no_armada_after(const no_ctx *ctx, const no_state *s, int shields[AR_NZONES], no_armada_hit *hit);

/* The next attack of a sequence on the same defender (`next`, as the scenario gave it) from the
 * end `end` of attack `from`: the defender's token states, shields per zone and damage carry
 * over, and its token modifiers are rebuilt. Returns 1 when the defender was destroyed, -1 when
 * its tokens need more modifiers than an attack holds. */
int no_armada_carry(const no_ctx *from, const no_state *end, no_ctx *next);
/* A new round between two shots (--shots-to-kill): the Status phase readies the defender's
 * exhausted tokens (discarded ones stay out); its token modifiers are rebuilt. -1 as above. */
int no_armada_new_round(no_ctx *next);

/* Counter X (L649): after a squadron's attack on a squadron with Counter X, the defender attacks
 * back with X blue dice, even if destroyed. Builds that attack from `attack` into `counter`;
 * returns 0 when there is one, -1 when there is none (or too many modifiers). */
int no_armada_counter(const no_ctx *attack, no_ctx *counter);

#endif
