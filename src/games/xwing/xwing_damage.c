/* xwing_damage.c — X-Wing second edition step 5: damage suffered one point at a time, and the
 * damage deck the face-up cards come from.
 * Citations are lines of seeds/000_1d63b3a51872ba9e.txt (reference guide v1.4.5). */
#include "neverodds/xwing.h"
#include <string.h>

/* The damage deck is not in the seeds: its composition and the four card effects that change
 * dice or damage come from issue #5 (the core set's 33-card deck). The effects are described in
 * our own words; every other card is "other": no dice or damage effect. */
const char no_xwing_card_letters[XW_NCARDS + 1] = "dlbso";
const no_deck no_xwing_damage_deck = {
    .nkinds = XW_NCARDS,
    .count = {[XW_CARD_DIRECT_HIT] = 5,  /* one more hit damage, then the card turns face down */
              [XW_CARD_FUEL_LEAK] = 4,   /* the next crit damage brings 1 hit damage; face down */
              [XW_CARD_HULL_BREACH] = 2, /* hit damage is suffered as crit damage instead */
              [XW_CARD_STRUCTURAL] = 2,  /* 1 fewer defense die */
              [XW_CARD_OTHER] = 20},
};

/* Once damage starts the dice have done their work, and so have the token effects (no window is
 * left): the report reads only whether the attack hit (L359) and the abilities used. Forgetting
 * the rest merges outcomes dealt alike from here (10 attacks with the deck: 1,485,486 states ->
 * 802,404). A report that keeps the dice keeps it all. */
static void forget_the_dice(const no_ctx *ctx, no_state *s)
{
    if (ctx->keep_dice)
        return;
    memset(s->pool, 0, sizeof s->pool);
    s->hits = s->hits + s->crits > 0;
    s->crits = 0;
    for (int m = 0; m < ctx->nmods; m++)
        if (ctx->mods[m].builtin) /* tokens are reported as tokens (report.c) */
            s->used &= ~(1u << m);
    s->used &= ~(NO_USED_REROLL_CAP | NO_USED_FACE_CAP); /* the caps' marks: nothing is modified now */
}

/* Step 5 begins: an ion weapon spends one result for 1 hit damage and the rest become ion
 * tokens; a jam or tractor weapon turns every result into its token (Jamming Beam, Tractor Beam:
 * the card's text; L1224, L429); crits_to_ion turns the crits into ion tokens (Alpha-3E "Esk");
 * the rest deal their damage. */
void no_xwing_start_damage(const no_ctx *ctx, no_state *s)
{
    int hits = s->hits, crits = s->crits;
    if (ctx->ion_weapon == 2 && hits + crits > 0) { /* Ion Cannon Battery: 1 crit damage, all results ions */
        s->ion_tokens = (uint8_t)(hits + crits);
        hits = 0;
        crits = 1;
    } else if (ctx->ion_weapon && hits + crits > 0) {
        s->ion_tokens = (uint8_t)(hits + crits - 1);
        hits = 1;
        crits = 0;
    } else if (ctx->token_weapon) {
        s->ion_tokens = (uint8_t)(hits + crits); /* of the kind ctx->token_weapon names */
        hits = crits = 0;
    } else if (ctx->crits_to_ion) {
        s->ion_tokens = (uint8_t)crits;
        crits = 0;
    }
    /* the hit damage a defender's cost already asked for (Inaldra: it is suffered whether the
     * attack hits or not, and hit damage comes before crit damage either way, L652) */
    s->to_deal[0] = (uint8_t)(s->to_deal[0] + hits);
    s->to_deal[1] = (uint8_t)crits;
    forget_the_dice(ctx, s);
}

/* What the dealing (no_xwing_deal_damage, the damage part of the rules) reads and writes of the
 * state: the damage still to suffer (start_damage's, from the dice), what it has suffered and
 * the cards it has seen. Nothing else: so shots to kill with the deck deal it apart from the
 * dice (src/run/dealt.c), the rest of a finished attack as the dice left it. */
const no_state no_xwing_damage_fields = {
    .step = 0xFF,
    .damage = 0xFF, .shields_lost = 0xFF, .facedown = 0xFF, .faceup = 0xFF, .destroyed = 0xFF,
    .card_seen = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
    .card_draw = 0xFF, .card_drawn = 0xFF, .fuel_up = 0xFF, .to_deal = {0xFF, 0xFF}, .card_damage = 0xFF,
};

/* What only the damage part reads of an attack: the hull (is_destroyed_by), the cards seen so
 * far but Structural Damage (one defense die fewer: no_xwing_defense_dice reads it) and the Fuel
 * Leaks face up. Attacks that differ in these alone roll the same dice and offer the same
 * choices. */
const no_ctx no_xwing_dice_blind = {
    .hull = -1,
    .start = {.card_seen = {[XW_CARD_DIRECT_HIT] = 0xFF, [XW_CARD_FUEL_LEAK] = 0xFF, [XW_CARD_HULL_BREACH] = 0xFF,
                            [XW_CARD_OTHER] = 0xFF},
              .fuel_up = 0xFF},
};

/* Destroyed once its damage cards, and `more` to come, reach its hull (L743). */
static int is_destroyed_by(const no_ctx *ctx, const no_state *s, int more)
{
    return ctx->hull > 0 && s->facedown + s->faceup + more >= ctx->hull;
}

/* The card just drawn face up takes effect. A repaired card turns face down but stays dealt: the
 * attack's faceup count keeps the cards dealt face up (a card from an earlier attack may be the
 * one repaired, and the hull counts cards, not faces). */
static void card_effect(no_state *s, int kind)
{
    if (kind == XW_CARD_DIRECT_HIT) { /* one more hit damage, then it is repaired */
        s->to_deal[0]++;
        s->card_damage++;
    } else if (kind == XW_CARD_FUEL_LEAK) {
        s->fuel_up++;
    }
}

/* Suffers the damage one point at a time, hit damage before crit damage (L652): a point takes an
 * active shield, else a damage card, face up for crit damage. With a deck, a face-up card is
 * drawn (the step runs again once it is known) and the cards in play act: a Hull Breach turns
 * hit damage into crit damage, a face-up Fuel Leak adds 1 hit damage after the next crit damage
 * and turns face down. A card that destroys the ship is not drawn, nor is a Fuel Leak acted on
 * then: nothing they do matters to a destroyed ship (its damage is still counted). */
void no_xwing_deal_damage(const no_ctx *ctx, no_state *s)
{
    if (s->card_drawn) {
        card_effect(s, s->card_drawn - 1);
        s->card_drawn = 0;
    }
    while (!s->card_draw && s->to_deal[0] + s->to_deal[1] > 0) {
        int crit = s->to_deal[0] == 0;
        s->to_deal[crit]--;
        s->damage++;
        if (s->shields_lost < ctx->shields) {
            s->shields_lost++;
            continue;
        }
        if (s->card_seen[XW_CARD_HULL_BREACH])
            crit = 1;
        int survives = !is_destroyed_by(ctx, s, 1);
        if (!crit) {
            s->facedown++;
            continue;
        }
        s->faceup++;
        if (!survives)
            continue;
        if (s->fuel_up) { /* face-up Fuel Leaks act after this crit damage, then turn face down */
            s->to_deal[0] += s->fuel_up;
            s->card_damage += s->fuel_up;
            s->fuel_up = 0;
        }
        if (!ctx->deck)
            continue;
        no_deck_left left;
        no_deck_left_at(ctx, s, &left);
        s->card_draw = left.total > 0; /* the card this crit damage deals face up */
    }
    if (!s->card_draw)
        s->destroyed = is_destroyed_by(ctx, s, 0);
}
