/* attack.h — the attack as the engine sees it: sides, pools, tokens, the state an attack is in
 * (face counts, tokens, charges, flags), the modifiers, the context of one attack and a game's
 * rules as ordered steps. The engine (engine.h) walks these; the modifier primitives
 * (modifier.h) act on them; every game builds them. */
#ifndef NEVERODDS_ATTACK_H
#define NEVERODDS_ATTACK_H
#include <stddef.h>
#include <stdint.h>
#include "neverodds/dice.h"

enum { NO_ATTACKER = 0, NO_DEFENDER = 1, NO_SIDES = 2 };
enum { NO_POOL_ATTACK = 0, NO_POOL_DEFENSE = 1, NO_POOL_COVER = 2, NO_POOLS = 3 };
enum { NO_FRESH = 0, NO_REROLLED = 1 };

/* Tokens and other per-ship counters that live in the state. */
enum {
    /* X-Wing */
    NO_TOK_FOCUS, NO_TOK_EVADE, NO_TOK_CALCULATE, NO_TOK_FORCE, NO_TOK_LOCK, NO_TOK_REINFORCE,
    NO_TOK_STRESS, NO_TOK_STRAIN, NO_TOK_DEPLETE, NO_TOK_TRACTOR, NO_TOK_ION, NO_TOK_CLOAK, NO_TOK_JAM,
    /* Legion (pierce counts the Pierce the attack can still spend) */
    NO_TOK_AIM, NO_TOK_DODGE, NO_TOK_SURGE, NO_TOK_OBSERVATION, NO_TOK_SUPPRESSION, NO_TOK_SHIELD,
    NO_TOK_PIERCE,
    NO_TOK_N
};
extern const char *const no_token_names[NO_TOK_N];
/* Groups of tokens a condition may name (X-Wing 2e's colours: "if you have no green tokens"),
 * as the top bits of the token masks of no_modifier.requires/forbids: NO_TOKEN_GROUP(g) there
 * asks whether the side holds at least one token of group g. Which tokens make up a group is
 * the game's (no_ctx.group_tokens). */
#define NO_TOKEN_GROUPS 3
#define NO_TOKEN_GROUP(g) (1u << (29 + (g)))
_Static_assert(NO_TOK_N <= 29, "token bits and group bits share a 32-bit mask");
/* "attacker", "defender": the sides as scenarios and reports name them (NULL-terminated, for the
 * JSON readers' lists of names). */
extern const char *const no_side_names[NO_SIDES + 1];

/* modifiers in one attack, built-in token effects included (at most 32: no_state.used is a bit
 * per modifier; 30 keeps no_state free of padding beside the 13 X-Wing tokens) */
#define NO_MAX_MODS 30
#define NO_MAX_KW 128
#define NO_STATE_BUDGET 4000000 /* distinct states the compiler may visit */

#define NO_CARD_KINDS 8 /* kinds of card one damage deck tells apart */

/* A deck of cards drawn without replacement (the X-Wing damage deck): how many of each kind. */
typedef struct no_deck {
    int nkinds;
    uint8_t count[NO_CARD_KINDS];
} no_deck;

typedef struct no_pool {
    uint8_t n[2][NO_MAX_FACES]; /* [NO_FRESH|NO_REROLLED][face] */
} no_pool;

typedef struct no_state {
    uint32_t used;                  /* once-per-attack modifiers already used (by index) */
    no_pool pool[NO_POOLS];
    uint8_t tok[NO_SIDES][NO_TOK_N];
    uint8_t charges[NO_MAX_MODS];   /* charge pool of each modifier's ability */
    uint8_t step;                   /* next rules step */
    uint8_t roll[NO_MAX_DICE];      /* pending roll request: dice of each die type ... */
    uint8_t roll_pool, roll_column; /* ... into this pool and column (NO_REROLLED: a reroll) */
    /* outcome of the attack, filled by the last steps */
    uint8_t hits, crits;            /* uncanceled after neutralize */
    uint8_t damage;                 /* X-Wing: hits and crits through; Legion: wounds */
    uint8_t shields_lost, facedown, faceup, ion_tokens, destroyed; /* ion_tokens (X-Wing): the
                                     * tokens the weapon gives instead of damage: ion tokens, or jam
                                     * or tractor tokens when ctx->token_weapon says */
    uint8_t defeated, suppression, self_wounds; /* Legion */
    uint8_t flags;                  /* Legion: LG_FLAG_*; X-Wing: hits and crits after the attacker modified;
                                     * Armada: the damage points Redirect sends to its zone */
    uint8_t guardian_wounds;        /* Legion: wounds a Guardian unit took for the defender */
    /* A damage deck (X-Wing): the cards of each kind drawn face up so far, a sequence's earlier
     * attacks included (cards dealt face down are never seen, so they do not change the odds of
     * the next face-up card: by exchangeability the deck state is what was seen). */
    uint8_t card_seen[NO_CARD_KINDS];
    uint8_t card_draw;              /* 1: a face-up card is to be drawn (a chance node) */
    uint8_t card_drawn;             /* kind + 1 of the card just drawn, for the step that asked */
    uint8_t fuel_up;                /* X-Wing: face-up cards that act on the next crit damage */
    uint8_t to_deal[2];             /* X-Wing: hit and crit damage still to be suffered */
    uint8_t card_damage;            /* X-Wing: damage the cards' effects added */
    uint8_t sealed;                 /* bit per pool: its dice may not be modified again (X-Wing 1e
                                     * Accuracy Corrector, FAQ B951); cancelling stays possible;
                                     * NO_REROLLS_DONE(side): the side has begun changing its own
                                     * dice, its rerolls of that step are over (no_ctx.nf_rerolls) */
    uint8_t locked;                 /* the die a locks_die change fixed, per pool: face + 1 in
                                     * bits 4p..4p+3 of pool p (attack, defense), 0 none; it sits
                                     * in the rerolled column and no later reroll or change may
                                     * take it, though it can be cancelled (X-Wing 1e Palpatine,
                                     * FAQ B159, B579) */
} no_state;

#define NO_REROLLS_DONE(side) (0x10u << (side))

/* ROLL adds `amount` rolled dice of die type `to` (Armada's Concentrate Fire dial); DECLARE has
 * no immediate effect: later rules steps read that it was used and act on its `effect` (Armada's
 * Brace, Redirect). The last two are built in only: scenario files cannot name them. */
typedef enum {
    NO_OP_REROLL, NO_OP_CHANGE, NO_OP_ADD, NO_OP_CANCEL, NO_OP_DICE, NO_OP_GAIN, NO_OP_ROLL,
    NO_OP_DECLARE
} no_op;
typedef enum {
    NO_W_ATTACK_DICE, NO_W_ATTACK_MODIFY, NO_W_ATTACK_AFTER_MODIFY,
    NO_W_DEFENSE_DICE, NO_W_DEFENSE_MODIFY, NO_W_BEFORE_NEUTRALIZE,
    /* Legion only */
    NO_W_ATTACK_REROLL, NO_W_AFTER_CONVERT, NO_W_DODGE, NO_W_DEFENSE_REROLL, NO_W_GUARDIAN_PIERCE,
    NO_W_GUARDIAN_REROLL, NO_W_GUARDIAN_2, NO_W_GUARDIAN_REROLL_2, NO_W_GUARDIAN_PIERCE_2,
    /* Armada only (redirect: how many points Redirect sends, L361) */
    NO_W_ATTACK_ADD, NO_W_EVADE, NO_W_REDIRECT,
    /* X-Wing first edition: immediately after a roll, before anyone modifies (FAQ 4.4.1 B873,
     * B159: Heavy Laser Cannon, Palpatine) */
    NO_W_ATTACK_ROLLED, NO_W_DEFENSE_ROLLED,
    /* X-Wing second edition: after step 4 (Neutralize Results), on the uncancelled results
     * (Bossk, General Grievous, Turbolaser Battery) */
    NO_W_AFTER_NEUTRALIZE,
    /* X-Wing second edition: after the attack is declared, before any die is rolled (Homing
     * Missiles: the defender's choice to suffer damage instead of the dice) */
    NO_W_ATTACK_DECLARED,
    NO_W_N
} no_window;
extern const char *const no_window_names[NO_W_N];
/* Window id of a name ("attack-modify"), or -1. */
int no_window_find(const char *name);
extern const char *const no_op_names[];

#define NO_COUNT_ALL 0
#define NO_NO_TOKEN 0xFF

typedef struct no_modifier {
    char name[40];          /* ability (or token) it comes from */
    uint8_t side;           /* owner: NO_ATTACKER or NO_DEFENDER */
    uint8_t window, pool, op;
    uint16_t faces;         /* bit mask of faces it may act on */
    uint8_t to;             /* face produced by change/add */
    uint8_t count;          /* up to this many dice; NO_COUNT_ALL = every matching die */
    uint8_t whole_pool;     /* reroll: every die of the pool or none (Soresu) */
    uint8_t empty_ok;       /* may be resolved with nothing to act on (an effect at a moment) */
    uint8_t then_roll;      /* cancel: 1 + die type rolled per result cancelled (Guardian); 0 none */
    uint8_t then_roll_pool; /* ... into this pool */
    int8_t amount;          /* dice op: dice added or removed; gain op: tokens gained (kind `to`) */
    uint8_t cost_token, cost_amount; /* NO_NO_TOKEN when free of tokens */
    uint8_t cost_charges;   /* charges spent from charge pool `charge_slot` */
    uint8_t charge_slot;    /* index into no_state.charges */
    uint8_t once, mandatory, builtin;
    uint32_t requires, forbids; /* token bit masks (owner's tokens), group bits on top */
    uint32_t opp_requires, opp_forbids; /* the same, read on the other side's tokens */
    uint8_t ranges;         /* bit r set: usable at attack range r */
    int8_t obstructed;      /* -1 any, 0 only unobstructed, 1 only obstructed */
    uint8_t shielded;       /* 0 any; 1 only while the defender has no active shield, 2 only while
                             * it has one (L495), read from no_ctx.shields */
    uint16_t only_faces;    /* 0: no condition; else every die must show one of these */
    uint8_t min_dice;
    uint8_t max_dice;       /* 1 + the most dice the pool may hold for it to be usable; 0 none */
    uint32_t excludes;      /* modifier indices it disables once used */
    uint8_t effect;         /* declare: what the game's later steps do (game-defined code) */
    uint8_t discards;       /* using it discards a game piece for good (no-discard policy) */
    uint8_t spend_weight;   /* weight of one charge of its pool in the spend tie-break (0: 1) */
    /* first-edition card effects (FAQ 4.4.1) */
    uint8_t chain;          /* 1 + index of a modifier applied at once after this one, as part of
                             * the same use (Marksmanship, Accuracy Corrector); 0 none */
    uint8_t chained;        /* it is such a part: never offered on its own */
    uint8_t seals;          /* after it, no one may reroll, change or add to its pool (B951) */
    uint8_t locks_die;      /* change of 1 die: that die "cannot be modified again during this
                             * attack" (no_state.locked), and may be changed to the face it shows
                             * (Palpatine, B159, B1021); one such die per pool */
    uint8_t other_ship;     /* comes from another ship: "cannot modify" does not stop it (B575) */
    /* second-edition card effects */
    uint8_t unmarked;       /* a reroll that does not count as one (Han Solo, FAQ L2839-L2841): it
                             * may take dice already rerolled, and leaves every die as rerolled
                             * as it was, so a fresh die may still be rerolled later */
    uint8_t exact;          /* exactly `count` dice, or every eligible die when fewer (Saturation
                             * Salvo, FAQ L2831-L2837) */
    uint8_t count_from;     /* 0: `count` stands; 1: up to as many dice as the owner holds tokens of
                             * count_tokens, 2: as the other side holds (Matchstick, BT-1); none: unusable */
    uint32_t count_tokens;  /* token bits, group bits on top (read as requires' are) */
    uint8_t charge_active;  /* usable only while its charge pool holds a charge, which it does not
                             * spend (Greedo: "if your charge is active") */
    uint8_t max_total;      /* dice op: 1 + the most dice its pool may roll once it is used, applied
                             * after every increase and decrease (FAQ L3090-L3092); 0 none */
    uint8_t over_shields;   /* usable only while its pool holds more success results (hits and
                             * crits) than the defender's active shields (Durge) */
    uint8_t caps_defense;   /* once used, the defense dice are at most the attack pool's success
                             * results, read when they are rolled (Predictive Shot) */
    uint8_t opp_modified;   /* usable only once the other side has rerolled, changed or added to
                             * its own pool in this attack (Alexsandr Kallus) */
    uint8_t cost_opp;       /* its cost_token is taken from the other side (Geonosian Prototype) */
    uint8_t cost_damage;    /* hit damage its owner suffers to use it (Inaldra): a defender's is
                             * dealt with the attack's damage; an attacker's is not counted */
    uint32_t after_spending;/* token bits: usable only once a record of its side that costs one
                             * of these was used in this attack (Obi-Wan Kenobi); 0 none */
} no_modifier;

/* Marks of no_state.used above the modifiers' bits (NO_MAX_MODS <= 30): the side that may reroll
 * only one die of its own pool has rerolled one (no_ctx.reroll_cap); the side that may modify
 * only one result of no_ctx.cap_face has modified one (no_ctx.face_cap). */
#define NO_USED_REROLL_CAP (1u << 30)
#define NO_USED_FACE_CAP (1u << 31)
_Static_assert(NO_MAX_MODS <= 30, "no_state.used keeps its two top bits for the caps");

/* A pool no one may modify while its condition holds, read when a modifier is offered (X-Wing 2e
 * Midnight: "if you have a lock on the enemy ship"; Lapin: "if the enemy ship is stressed"). */
typedef struct no_seal_if {
    uint8_t pool, side;                 /* the pool; the side whose card it is */
    uint32_t requires, opp_requires;    /* tokens (group bits on top) side / the other side holds */
} no_seal_if;
#define NO_MAX_SEAL_IF 4

/* The optimal policy's goal measures, in the goal's order (engine.c goal_measures). */
#define NO_GOAL_MEASURES 3

/* Value of a state for the policy. The other policies compare, in order: expected damage to the
 * defender (the game's own measure: Armada counts damage cards, or a squadron's hull points), the
 * game's second measure (Legion: wounds on a Guardian; X-Wing: the attack's results before defense
 * dice; Armada: shields stripped), expected crits (X-Wing and Armada: face-up damage cards),
 * expected resources each side spends. The optimal policy compares its goal's measures first. */
typedef struct no_value {
    double damage;
    double other;
    double crits;
    double spend[NO_SIDES];
    /* the goal's measures summed over this attack and the later attacks of a sequence, under the
     * policies: the figures the report prints for the goal (P(kill), mean damage, Armada's cards) */
    double goal[NO_GOAL_MEASURES];
} no_value;

/* What the later attacks of a sequence are worth from where this attack ends (sequence.c): the
 * next attack's value from its start, whose goal measures the policy adds to every end of this
 * attack, so a token kept is valued as well as a token spent, and damage now is weighed against
 * damage later. */
typedef struct no_future {
    void (*value)(const struct no_future *f, const no_state *end, no_value *out);
} no_future;

/* Policies: how the players decide. The defender minimises the attack's expected damage (then
 * crits, then spends least) under every policy but no-discard, which also forbids it to discard. */
enum { NO_POLICY_PER_ATTACK, NO_POLICY_CONSERVATIVE, NO_POLICY_CRIT_FISHING, NO_POLICY_NO_DISCARD,
       NO_POLICY_OPTIMAL, NO_POLICY_GREEDY, NO_POLICY_CONSERVE, NO_POLICY_N };

/* Everything constant during one attack: the compiled scenario. */
typedef struct no_ctx {
    const no_dicetab *dice[NO_MAX_DICE]; /* die types of the game, by id */
    uint8_t reroll_die[NO_POOLS][NO_MAX_FACES]; /* die id that rerolls a die showing that face */
    /* a reroll that does not count as one (no_modifier.unmarked) rolls a die already rerolled as
     * die id kept_die[die] (the same table), whose results land in the rerolled column:
     * lands_rerolled[kept_die[die]] is 1 */
    uint8_t kept_die[NO_MAX_DICE], lands_rerolled[NO_MAX_DICE];
    int reroll_once;                   /* no die rerolled twice in an attack (X-Wing L29) */
    int attack_value, agility;         /* before range and effects */
    /* X-Wing second edition: the attacker's face-up damage cards that act on its attack (the
     * battle's, or a user's): Weapons Failure, one attack die fewer each; Blinded Pilot, its own
     * dice modified only by spending Force for the default effect */
    uint8_t weapons_failure, blinded;
    int range;                         /* X-Wing 0..3; Armada: AR_* (armada.h); Legion 1 */
    int obstructed, ordnance, ion_weapon;
    int hull, shields;                 /* hull 0: no kill statistics (Legion: the wounds the
                                        * defending unit can take, 0 when no unit is given) */
    int defender_size;                 /* 1 small, 2 medium, 3 large (tractor/ion thresholds) */
    int attacker_size;
    int multiple_focus;                /* switch: a second focus token may be spent in one attack */
    int bonus;                         /* X-Wing sequence: the bonus attack of the ship of the attack
                                        * before, whose tokens and charges it keeps (L378-L386) */
    int first_player;                  /* NO_ATTACKER or NO_DEFENDER: who acts first in the steps taken
                                        * in player order (X-Wing's ability queue, L594-L598) */
    int agility_floor_first;           /* switch (X-Wing 1e): the agility value is floored at 0 once
                                        * complete, before the range die (FAQ B97, B267-B269,
                                        * B441-B445); 0: one floor after the whole dice sum */
    int keep_dice;                     /* trace mode: terminals keep the final dice, no state is tidied */
    /* X-Wing first-edition card rules (FAQ 4.4.1): results of the attacker the defense cannot
     * cancel (255: all; Autoblaster B843-845, Ten Numb B743-745); a side that may not modify
     * dice (locked by Omega Leader, B575-581); a side that must spend a focus token in its modify
     * step (Hotshot Co-pilot, B941-947) */
    uint8_t uncancellable_hits, uncancellable_crits;
    uint8_t cannot_modify[NO_SIDES];
    uint8_t must_spend_focus[NO_SIDES];
    /* X-Wing second-edition card rules on the other side: tokens a side may not spend (Ember, Vi
     * Moradi, Fenn Rau, Dead to Rights: token bits); pools no one may reroll (bit per pool,
     * Tierfon Belly Run); pools only some modifiers may modify (bit per pool, and those modifiers:
     * Foresight); pools sealed while a condition holds; a side that may reroll at most one die of
     * its own pool (Magva Yarro), or modify at most one result of face cap_face (Padme Amidala) */
    uint32_t cannot_spend[NO_SIDES];
    uint8_t cannot_reroll;
    uint8_t sole_pools;
    uint32_t sole_mods[NO_POOLS];
    int nseal_if;
    no_seal_if seal_if[NO_MAX_SEAL_IF];
    uint8_t reroll_cap[NO_SIDES];
    uint8_t face_cap[NO_SIDES];
    uint8_t cap_face;
    /* X-Wing second-edition card rules: evades cancel crits before hits in step 4 (Zeb Orrelios,
     * Enduring, Plasma Torpedoes); an attack at range 0 read as one at range 1 (Arvel Crynyd,
     * Captain Oicunn: ctx->range is then 1, this says it was 0); the attacker's focus tokens
     * usable at range 0 ("Zeb" Orrelios crew, FAQ L2672-L2676); a weapon whose hits and crits
     * give jam or tractor tokens instead of damage (NO_TOK_JAM or NO_TOK_TRACTOR; 0 none);
     * crits that give ion tokens instead of damage (Alpha-3E "Esk") */
    uint8_t crits_first, range_zero_as_one, range_zero_focus, token_weapon, crits_to_ion;
    /* X-Wing second edition: the defender may suffer fixed damage instead of the dice (Homing
     * Missiles, Homing Torpedoes): 1 + the index of its choice (a declare record of the defender
     * in the attack-declared window), 0 none; and the face of that damage (hit or crit) */
    uint8_t skip_dice_mod, skip_dice_face;
    int policy[NO_SIDES];              /* NO_POLICY_* of each side */
    int goal;                          /* what the optimal policy serves: NO_GOAL_* */
    uint16_t success[NO_POOLS];        /* faces that count for their pool's owner (policies) */
    /* token groups (NO_TOKEN_GROUP): a side holds a token of group g when it holds one of
     * group_tokens[g], or when the other side holds one of group_tokens_other[g] (X-Wing: a lock
     * is the red token of the ship it is on, not of the ship that holds it, FAQ L2773) */
    uint32_t group_tokens[NO_TOKEN_GROUPS], group_tokens_other[NO_TOKEN_GROUPS];
    uint8_t kw[NO_SIDES][NO_MAX_KW];   /* game keywords and unit facts (Legion), by game index */
    int nmods;
    no_modifier mods[NO_MAX_MODS];
    /* indexes built by no_ctx_index() once the modifiers are known */
    uint32_t window_mods[NO_SIDES][NO_W_N]; /* modifiers of each side and window */
    uint32_t excluded_by[NO_MAX_MODS];      /* modifiers whose use disables this one */
    no_state start;
    const no_deck *deck;      /* the damage deck face-up cards are drawn from, or NULL */
    const no_future *future;  /* the later attacks of a sequence, or NULL */
    /* X-Wing's tidying of used marks (xwing.c), worked out once per attack: the last step that
     * decides each window (255: none, it never passes), the tokens each side's records may gain,
     * and the used bits later steps or records read whatever happens (declarations; every bit of
     * the side a record of if_opponent_modified or after_spending reads) */
    uint8_t window_last[NO_W_N];
    uint32_t gain_tokens[NO_SIDES];
    uint32_t keep_used;
    /* The normal form of a side's step modifying its own dice (xwing.c rerolls_before_changes):
     * where moving every change of the step after every reroll of it loses nothing, a use of one
     * of nf_changes ends the side's rerolls nf_rerolls in that step (NO_REROLLS_DONE), so the
     * orders that change first are not searched; nf_window is that step's window. 0: none. */
    uint32_t nf_changes[NO_SIDES], nf_rerolls[NO_SIDES];
    uint8_t nf_window[NO_SIDES];
} no_ctx;

/* One step of a game's attack: a deterministic change of the state (which may request a roll),
 * or a decision window of one side (apply NULL, decide 1). Passing a window moves on to the next
 * step. A step with neither ends the attack. A step marked `again` runs again after the card
 * draw it requested (it reads the card in s->card_drawn and goes on). A decision `queued` in
 * player order is the first player's (actor 0) or the second's (actor 1): no_step_actor. A step
 * marked `damage` begins the damage part (no_rules.damage_fields): it and every step after it
 * belong to it. */
typedef struct no_step {
    void (*apply)(const no_ctx *ctx, no_state *s);
    uint8_t decide, window, actor, again, queued, damage;
} no_step;
#define NO_APPLY(fn) {(fn), 0, 0, 0, 0, 0, 0}
#define NO_APPLY_AGAIN(fn) {(fn), 0, 0, 0, 1, 0, 0}
#define NO_APPLY_AGAIN_DAMAGE(fn) {(fn), 0, 0, 0, 1, 0, 1}
#define NO_DECIDE(window, actor) {NULL, 1, (window), (actor), 0, 0, 0}
#define NO_DECIDE_QUEUED(window, nth) {NULL, 1, (window), (nth), 0, 1, 0}
#define NO_END {NULL, 0, 0, 0, 0, 0, 0}

/* A rule-order variant (`neverodds order --variant`): what-if the steps [from, from + count)
 * of the official list ran just before step `before`; or, when `with` is given, what-if step
 * `from` did its work in another order inside itself (`with` replaces it). */
typedef struct no_rule_variant {
    const char *name;
    const char *what;       /* the variant, and the rule it breaks */
    int from, count, before;
    void (*with)(const no_ctx *ctx, no_state *s);
} no_rule_variant;

/* A section of the rulebook a rule set's texts cite (seed lines first..last, as `cite` letter and
 * number: "L336"), so reports name the section before the line: "Attack, step 2b: Modify Attack
 * Dice (L336)". Sections may nest; a citation names the narrowest one that holds all its lines.
 * page: the page the seed prints for it (a page footer or a cross-reference), 0 when none. */
typedef struct no_section {
    int first, last;
    const char *name;
    int page;
} no_section;

/* A game's rules: its ordered steps, run by the engine, and what a finished attack is worth. */
typedef struct no_rules {
    const char *name;
    const no_step *steps;
    /* What a finished attack is worth: damage, other and crits (the spends are the engine's). */
    void (*score)(const no_ctx *ctx, const no_state *s, no_value *v);
    const char *order_rule;             /* the official order of its windows, cited (reports) */
    const no_rule_variant *variants;    /* ends with a NULL name; NULL: none */
    /* Makes states the rules cannot tell apart equal, so the exact driver merges them: run on
     * every state that stops for a roll, a decision or the end. It must change no probability
     * and no choice's value (NULL: none). */
    void (*tidy)(const no_ctx *ctx, no_state *s);
    char cite;                          /* the letter of its seed's line citations: 'L', 'B' */
    const no_section *sections;         /* the sections its texts cite, ending with a NULL name */
    /* The damage part, from the step marked `damage` on (X-Wing: step 5's dealing, point by
     * point, face-up cards drawn), which exact shots to kill with a deck deal apart from the dice
     * (run/dealt.c). damage_fields marks (bytes 0xFF) the fields of the state it reads or writes:
     * it touches no other. dice_blind marks what only the damage part reads of an attack (the
     * hull, the cards seen so far): attacks that differ in nothing else roll the same dice and
     * offer the same choices, though they may choose otherwise (a choice weighs what the damage
     * is worth). NULL: none. */
    const no_state *damage_fields;
    const no_ctx *dice_blind;
} no_rules;


#define NO_DIE_DRAW 0xFF /* a chance node that draws a card: outcome o is card kind o */
#define NO_DIE_CHOICE 0xFE /* not chance: a decision left open (engine.h, no_open) */
typedef struct no_chance {
    int32_t first;           /* offset of its successors in no_graph.succ */
    uint8_t die, k;          /* k dice of die type `die` (ctx->dice[die]); or NO_DIE_DRAW, k kinds;
                              * or NO_DIE_CHOICE, k the side choosing */
    uint16_t deck;           /* a draw: the deck it draws from, an index of no_graph.decks; a
                              * choice: how many choices */
} no_chance;

/* The cards of each kind left in a deck as a draw finds it (the deck less the cards seen). */
typedef struct no_deck_left {
    uint8_t n[NO_CARD_KINDS];
    uint8_t total;
} no_deck_left;

#endif
