/* xwing.h — X-Wing second edition (reference guide v1.4.5): dice, token effects and the
 * attack steps 2-5 as engine steps. */
#ifndef NEVERODDS_XWING_H
#define NEVERODDS_XWING_H
#include "neverodds/engine.h"

enum { XW_BLANK, XW_FOCUS, XW_HIT, XW_CRIT, XW_EVADE, XW_NFACES };
extern const char *const no_xwing_face_names[XW_NFACES + 1]; /* NULL-terminated */

extern const no_die no_xwing_attack_die, no_xwing_defense_die;
extern const no_rules no_xwing2e_rules;
/* First edition, from the FAQ v4.4.1 timing chart (seeds/004_a289b04f73103d55.txt B371-B463). */
extern const no_rules no_xwing1e_rules;

/* The kept dice roll like the others but their results stay marked as rerolled: the dice a
 * reroll that does not count as one (Han Solo) takes among dice already rerolled (no_ctx.kept_die). */
enum { XW_DIE_ATTACK, XW_DIE_DEFENSE, XW_DIE_ATTACK_KEPT, XW_DIE_DEFENSE_KEPT };

/* The damage deck (xwing_damage.c): the kinds of card whose effects change dice or damage. */
enum { XW_CARD_DIRECT_HIT, XW_CARD_FUEL_LEAK, XW_CARD_HULL_BREACH, XW_CARD_STRUCTURAL, XW_CARD_OTHER,
       XW_NCARDS };
extern const no_deck no_xwing_damage_deck;
extern const char no_xwing_card_letters[XW_NCARDS + 1]; /* "dlbso" (forced cards in tests) */
/* Step 5: the results become damage to suffer, then it is suffered (drawing face-up cards). */
void no_xwing_start_damage(const no_ctx *ctx, no_state *s);
void no_xwing_deal_damage(const no_ctx *ctx, no_state *s);
/* The dealing's part of the state, and what of an attack only it reads (no_rules.damage_fields,
 * no_rules.dice_blind). */
extern const no_state no_xwing_damage_fields;
extern const no_ctx no_xwing_dice_blind;

/* The dice tables (built once, shared read-only by every run). */
const no_dicetab *no_xwing_dicetab(int die);
/* Fills the context's dice, reroll dice and the golden rule for X-Wing. */
void no_xwing_setup_dice(no_ctx *ctx);

/* The second edition's token colours, for conditions that name a colour ("if you have no green
 * tokens"): enum xw_group indexes ctx->group_tokens. */
enum { XW_GROUP_GREEN, XW_GROUP_RED, XW_GROUP_ORANGE };
/* The X-Wing tokens are the first of no_token_names, up to jam. */
enum { XW_TOKENS = NO_TOK_JAM + 1 };
#define XW_GREEN_TOKENS (1u << NO_TOK_CALCULATE | 1u << NO_TOK_FOCUS | 1u << NO_TOK_EVADE | 1u << NO_TOK_REINFORCE)
void no_xwing_token_groups(no_ctx *ctx);
/* Works out what the rules' tidying of used marks reads of the attack (no_ctx.window_last,
 * gain_tokens, keep_used); call once the modifiers are known. */
void no_xwing_tidy_index(no_ctx *ctx, int first_edition);

/* Appends the built-in token modifiers (focus, calculate, Force, evade, lock) for the tokens
 * the sides start with. Returns 0, or -1 when NO_MAX_MODS would be exceeded. */
int no_xwing_add_token_mods(no_ctx *ctx);
/* The token effects of tokens a side holds none of but a record may give it (op gain, 2e). */
int no_xwing_add_gained_token_mods(no_ctx *ctx);
/* Hotshot Co-pilot on the opponent (ctx->must_spend_focus, set by the abilities): the side's focus
 * token must go in its modify step, even on no focus result (FAQ B941-B945). */
void no_xwing_force_focus(no_ctx *ctx);
/* The same for the first edition: focus, evade (adds an evade), lock, each once (B347-B351). */
int no_xwing1e_add_token_mods(no_ctx *ctx);

/* Attack ranges 0-3 (bit r: range r), every range at which a modifier works unless it says. */
#define NO_XWING_ALL_RANGES 0x0F
/* Range 0 (L334, L338, L348): takes range 0 from every modifier the rules forbid there (its
 * `ranges` bit 0), once the attack's modifiers are known. A primary attack adds no attack dice
 * and only the defender modifies its dice; against any attack at range 0 the attacker's side
 * may not reduce, cancel or modify the defender's dice. An ordnance attack is taken as a special
 * weapon's (only the last applies), any other as a primary attack. */
void no_xwing_range_zero(no_ctx *ctx);
/* A blinded attacker (ctx->blinded): its own attack-dice modifications but the Force's default
 * effect are never usable. */
void no_xwing_blinded(no_ctx *ctx);

/* First edition: the defender's agility value with its tokens (+2 cloaked, -1 per tractor token,
 * B97), before any floor; below 0, rule_options.agility_floor_before_range decides (B267-B269). */
int no_xwing1e_agility(const no_ctx *ctx, const uint8_t *defender_tokens);

/* Dice counts of steps 2a and 3a (exposed for tests). They consume deplete/strain tokens. */
int no_xwing_attack_dice(const no_ctx *ctx, no_state *s);
int no_xwing_defense_dice(const no_ctx *ctx, no_state *s);

/* The next attack of a sequence on the same defender (`next`, as the scenario gave it) from the
 * end `end` of attack `from`: the defender's tokens, ability charges, shields and hull left carry
 * over, and the attacker's tokens and charges when `next` is its ship's bonus attack. Returns 1
 * when the defender was destroyed. */
int no_xwing_carry(const no_ctx *from, const no_state *end, no_ctx *next);
/* A new round between two shots (--shots-to-kill): the defender `next` the last shot left gets
 * again the tokens `first` (the scenario's attack) gives it, its Force recovers one, and the
 * tokens the attacks gave it (ion, tractor), its shields, damage, deck and charges stay. */
void no_xwing_new_round(const no_ctx *first, no_ctx *next);

#endif
