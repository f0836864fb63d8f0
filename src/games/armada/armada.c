/* armada.c — the Armada attack (steps 2-5 of ATAQUE, L131-L163) as ordered engine steps, and
 * obstruction, Concentrate Fire, Swarm, accuracies and defense tokens as modifier records.
 * Citations are lines of seeds/001_ae69564e4264402a.txt; the digest is
 * shared/rules/armada-rules.md. */
#include "neverodds/armada.h"
#include "neverodds/modifier.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const no_armada_face_names[AR_NFACES] = {
    "red blank", "red hit", "red crit", "red hit+hit", "red accuracy",
    "blue hit", "blue crit", "blue accuracy",
    "black blank", "black hit", "black hit+crit",
};
/* Icons per face (shared/rules/dice.md; the seed prints no face tables, digest §2.2). */
const uint8_t no_armada_hits[AR_NFACES] = {0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 1};
const uint8_t no_armada_crits[AR_NFACES] = {0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
const uint8_t no_armada_accuracies[AR_NFACES] = {0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0};

const no_die no_armada_dice[AR_NCOLOURS] = {
    {.name = "red attack d8", .sides = 8, .nresults = 5,
     .face = {AR_RED_BLANK, AR_RED_HIT, AR_RED_CRIT, AR_RED_HIT_HIT, AR_RED_ACCURACY},
     .side_result = {0, 0, 1, 1, 2, 2, 3, 4}}, /* 2 blank, 2 hit, 2 crit, 1 hit+hit, 1 accuracy */
    {.name = "blue attack d8", .sides = 8, .nresults = 3,
     .face = {AR_BLUE_HIT, AR_BLUE_CRIT, AR_BLUE_ACCURACY},
     .side_result = {0, 0, 0, 0, 1, 1, 2, 2}}, /* 4 hit, 2 crit, 2 accuracy */
    {.name = "black attack d8", .sides = 8, .nresults = 3,
     .face = {AR_BLACK_BLANK, AR_BLACK_HIT, AR_BLACK_HIT_CRIT},
     .side_result = {0, 0, 1, 1, 1, 1, 2, 2}}, /* 2 blank, 4 hit, 2 hit+crit */
};
const char *const no_armada_colour_names[AR_NCOLOURS] = {"red", "blue", "black"};
const char *const no_armada_range_names[AR_NRANGES] = {"distance-1", "close", "medium", "long"};
const char *const no_armada_zone_names[AR_NZONES + 1] = {"front", "left", "right", "rear", NULL};
const char *const no_armada_token_names[AR_NTOKENS] = {"brace", "redirect", "evade", "scatter",
                                                       "contain", "salvo"};
const char *const no_armada_point_names[AR_NPOINTS] = {"redirected point", "kept point"};

/* Attack faces of each colour, and every attack face. */
static const uint16_t colour_faces[AR_NCOLOURS] = {0x001F, 0x00E0, 0x0700};
#define ALL_FACES 0x07FFu
#define ACCURACY_FACES ((1u << AR_RED_ACCURACY) | (1u << AR_BLUE_ACCURACY))

static no_dice_set dice_set = {.dice = no_armada_dice, .n = AR_NCOLOURS};

#define KA(ctx, k) ((ctx)->kw[NO_ATTACKER][k])
#define KD(ctx, k) ((ctx)->kw[NO_DEFENDER][k])

static int colour_of(int face)
{
    return face >= AR_BLACK_BLANK ? AR_BLACK : face >= AR_BLUE_HIT ? AR_BLUE : AR_RED;
}

/* Crits add damage only between ships, or from a Bomber against a ship (L159-L161, L650). */
static int crits_count(const no_ctx *ctx)
{
    return KD(ctx, AK_TYPE) == AR_SHIP && (KA(ctx, AK_TYPE) == AR_SHIP || KA(ctx, AK_BOMBER));
}

void no_armada_setup_dice(no_ctx *ctx)
{
    for (int d = 0; d < AR_NCOLOURS; d++)
        ctx->dice[d] = no_dice_set_table(&dice_set, d);
    for (int f = 0; f < NO_MAX_FACES; f++) {
        ctx->reroll_die[NO_POOL_ATTACK][f] = (uint8_t)colour_of(f < AR_NFACES ? f : 0);
        ctx->reroll_die[NO_POOL_COVER][f] = (uint8_t)(f < AR_NCOLOURS ? f : 0);
    }
    ctx->reroll_once = 0; /* the same die may be rerolled several times (L510) */
    for (int f = 0; f < AR_NFACES; f++)
        if (no_armada_hits[f] || (crits_count(ctx) && no_armada_crits[f]))
            ctx->success[NO_POOL_ATTACK] |= (uint16_t)(1u << f);
}

/* Red at long range, red and blue at medium, every colour at close range (L88, L141); a squadron
 * rolls its whole armament at distance 1 (the ruler's icons are not in the seed, digest §8.3.4). */
int no_armada_gather(const no_ctx *ctx, int gathered[AR_NCOLOURS])
{
    static const uint8_t allowed[AR_NRANGES] = {7, 7, 3, 1}; /* colour bits by range */
    int total = 0;
    for (int c = 0; c < AR_NCOLOURS; c++) {
        gathered[c] = (allowed[ctx->range] >> c & 1) ? KA(ctx, AK_POOL + c) : 0;
        total += gathered[c];
    }
    return total;
}

/* ---- the steps ---- */

/* Step 2: roll what obstruction left of the gathered dice (L141-L147, L608). */
static void roll_pool(const no_ctx *ctx, no_state *s)
{
    (void)ctx;
    no_pool *gathered = &s->pool[NO_POOL_COVER];
    for (int c = 0; c < AR_NCOLOURS; c++)
        if (gathered->n[NO_FRESH][c])
            no_request_roll(s, NO_POOL_ATTACK, c, gathered->n[NO_FRESH][c]);
    memset(gathered, 0, sizeof *gathered);
}

int no_armada_locked(const no_ctx *ctx, const no_state *s, int slot)
{
    int spent = 0;
    for (int m = 0; m < ctx->nmods; m++)
        spent |= ctx->mods[m].side == NO_DEFENDER && ctx->mods[m].charge_slot == slot && (s->used >> m & 1);
    return ctx->start.charges[slot] - s->charges[slot] - spent;
}

/* The defender's modifier of token `type` used in this attack, or -1. */
static int spent_token(const no_ctx *ctx, const no_state *s, int type)
{
    for (int m = 0; m < ctx->nmods; m++)
        if ((s->used >> m & 1) && ctx->mods[m].effect == AR_EFFECT_OF(type))
            return m;
    return -1;
}

int no_armada_redirect_zone(const no_ctx *ctx, const no_state *s)
{
    int m = spent_token(ctx, s, AR_REDIRECT);
    return m < 0 ? -1 : ctx->mods[m].to;
}

static int min_of(int a, int b) { return a < b ? a : b; }

/* Damage is suffered a point at a time: the redirect zone's shields take the points the defender
 * sends there (any number up to what they can take, L361), then the defending zone's shields, then
 * damage cards, the first face up under the standard critical effect (L252, L361, L163). A
 * squadron loses hull points (L251). Destroyed: cards (hull points lost) reach the hull (L573). */
void no_armada_suffer(const no_ctx *ctx, int total, int redirect_zone, int redirect, int crit_effect,
                      no_armada_hit *out)
{
    memset(out, 0, sizeof *out);
    int before = KD(ctx, AK_DAMAGE);
    if (KD(ctx, AK_TYPE) == AR_SQUADRON) {
        out->hull_lost = total;
    } else {
        int left = total;
        if (redirect_zone >= 0) {
            out->redirected = min_of(redirect, min_of(left, KD(ctx, AK_SHIELDS + redirect_zone)));
            left -= out->redirected;
        }
        out->shields_lost = min_of(left, KD(ctx, AK_SHIELDS + KD(ctx, AK_ZONE)));
        out->cards = left - out->shields_lost;
        out->faceup = crit_effect && out->cards > 0;
    }
    out->destroyed = ctx->hull > 0 && before + out->cards + out->hull_lost >= ctx->hull;
}

/* Within one attack sending the most never hurts the defender (fewer cards, the same shields
 * stripped and the same total), so how much Redirect sends is a choice only when a later attack of
 * a sequence values the shields kept: a side looks ahead (the compiler's future hook). Otherwise
 * it sends the most. */
static int redirect_is_a_choice(const no_ctx *ctx)
{
    return ctx->future != NULL;
}

/* Step 5 (L157-L163): the total, halved by Brace. The most points Redirect can send are noted
 * (flags); when the defender chooses, they wait in the defense pool for its choice. */
static void total_damage(const no_ctx *ctx, no_state *s)
{
    int hits = 0, crits = 0;
    for (int f = 0; f < AR_NFACES; f++) {
        int n = no_pool_face(&s->pool[NO_POOL_ATTACK], f);
        hits += n * no_armada_hits[f];
        crits += n * no_armada_crits[f];
    }
    int total = hits + (crits_count(ctx) ? crits : 0);
    if (spent_token(ctx, s, AR_BRACE) >= 0)
        total = (total + 1) / 2; /* halved, rounded up (L363) */
    s->hits = (uint8_t)hits;
    s->crits = (uint8_t)crits;
    s->damage = (uint8_t)total;
    int rz = no_armada_redirect_zone(ctx, s);
    int most = rz < 0 || KD(ctx, AK_TYPE) != AR_SHIP ? 0 : min_of(total, KD(ctx, AK_SHIELDS + rz));
    s->flags = (uint8_t)most;
    if (most && redirect_is_a_choice(ctx)) {
        if (!ctx->keep_dice) /* the dice are read no more: equal totals meet as one state */
            memset(&s->pool[NO_POOL_ATTACK], 0, sizeof s->pool[NO_POOL_ATTACK]);
        s->pool[NO_POOL_DEFENSE].n[NO_FRESH][AR_POINT_REDIRECTED] = (uint8_t)most;
    }
}

/* Then the damage is suffered: the points Redirect sends are the most, less those the defender
 * kept back. One critical effect needs a crit still in the pool (L269); squadrons suffer none
 * (L275). */
static void suffer_damage(const no_ctx *ctx, no_state *s)
{
    no_pool *points = &s->pool[NO_POOL_DEFENSE];
    s->flags = (uint8_t)(s->flags - points->n[NO_FRESH][AR_POINT_KEPT]);
    memset(points, 0, sizeof *points);
    int crit_effect = s->crits > 0 && crits_count(ctx) && spent_token(ctx, s, AR_CONTAIN) < 0;
    no_armada_hit h;
    no_armada_suffer(ctx, s->damage, no_armada_redirect_zone(ctx, s), s->flags, crit_effect, &h);
    s->shields_lost = (uint8_t)(h.redirected + h.shields_lost);
    s->faceup = (uint8_t)h.faceup;
    s->facedown = (uint8_t)(h.cards - h.faceup);
    s->destroyed = (uint8_t)h.destroyed;
}

/* Faces that no later step tells apart merge, so equal pools meet as one state. After the
 * attacker's modifications a die's colour matters only to a reroll the defender's Evade makes;
 * after the accuracies are spent, an accuracy is a blank. Each die folds into the red face (or
 * black hit+crit) with the same icons. */
static int defender_rerolls(const no_ctx *ctx)
{
    for (int m = 0; m < ctx->nmods; m++)
        if (ctx->mods[m].side == NO_DEFENDER && ctx->mods[m].op == NO_OP_REROLL)
            return 1;
    return 0;
}

static void fold(const no_ctx *ctx, no_pool *p, const uint8_t to[AR_NFACES])
{
    if (ctx->keep_dice) /* a trace shows the dice as rolled */
        return;
    no_pool out = {0};
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < AR_NFACES; f++)
            out.n[NO_FRESH][to[f]] += p->n[c][f];
    *p = out;
}

/* Which of the attacker's effects of `window` were used no later step reads (the report counts
 * locks from the token pools' charges): forgetting it lets equal pools merge. */
static void forget(const no_ctx *ctx, no_state *s, int window)
{
    s->used &= ~ctx->window_mods[NO_ATTACKER][window];
}

static void fold_colours(const no_ctx *ctx, no_state *s)
{
    forget(ctx, s, NO_W_ATTACK_DICE);
    forget(ctx, s, NO_W_ATTACK_ADD);
    forget(ctx, s, NO_W_ATTACK_MODIFY);
    static const uint8_t to[AR_NFACES] = {
        AR_RED_BLANK, AR_RED_HIT, AR_RED_CRIT, AR_RED_HIT_HIT, AR_RED_ACCURACY,
        AR_RED_HIT, AR_RED_CRIT, AR_RED_ACCURACY,
        AR_RED_BLANK, AR_RED_HIT, AR_BLACK_HIT_CRIT};
    if (!defender_rerolls(ctx))
        fold(ctx, &s->pool[NO_POOL_ATTACK], to);
}

static const uint8_t by_icons[AR_NFACES] = {
    AR_RED_BLANK, AR_RED_HIT, AR_RED_CRIT, AR_RED_HIT_HIT, AR_RED_BLANK,
    AR_RED_HIT, AR_RED_CRIT, AR_RED_BLANK,
    AR_RED_BLANK, AR_RED_HIT, AR_BLACK_HIT_CRIT};

static void fold_accuracies(const no_ctx *ctx, no_state *s)
{
    forget(ctx, s, NO_W_ATTACK_AFTER_MODIFY);
    /* an accuracy left is a zero the defender never rerolls: a red one is a red blank */
    no_pool *p = &s->pool[NO_POOL_ATTACK];
    if (!ctx->keep_dice) {
        p->n[NO_FRESH][AR_RED_BLANK] += p->n[NO_FRESH][AR_RED_ACCURACY];
        p->n[NO_FRESH][AR_RED_ACCURACY] = 0;
    }
    if (!defender_rerolls(ctx))
        fold(ctx, &s->pool[NO_POOL_ATTACK], by_icons);
}

/* After Evade no die is rerolled again. */
static void fold_all(const no_ctx *ctx, no_state *s)
{
    fold(ctx, &s->pool[NO_POOL_ATTACK], by_icons);
}

static const no_step steps[] = {
    NO_DECIDE(NO_W_ATTACK_DICE, NO_ATTACKER),         /* obstruction: drop 1 die (L608) */
    NO_APPLY(roll_pool),                              /* step 2: roll (L141-L147) */
    NO_DECIDE(NO_W_ATTACK_ADD, NO_ATTACKER),          /* step 3: Concentrate Fire dial (L636) */
    NO_DECIDE(NO_W_ATTACK_MODIFY, NO_ATTACKER),       /* then its token, Swarm (L637, L653) */
    NO_APPLY(fold_colours),
    NO_DECIDE(NO_W_ATTACK_AFTER_MODIFY, NO_ATTACKER), /* step 3: spend accuracies (L153) */
    NO_APPLY(fold_accuracies),
    NO_DECIDE(NO_W_EVADE, NO_DEFENDER),               /* step 4: Evade first (L155, L362) */
    NO_APPLY(fold_all),
    NO_DECIDE(NO_W_DEFENSE_MODIFY, NO_DEFENDER),      /* then the other tokens */
    NO_APPLY(total_damage),                           /* step 5 (L157-L163) */
    NO_DECIDE(NO_W_REDIRECT, NO_DEFENDER),            /* how much Redirect sends (L361) */
    NO_APPLY(suffer_damage),
    NO_END,
};

/* What the per-attack policies rank (the optimal policy's mean-cards goal over a sequence): damage
 * cards (ships) or hull points (squadrons) first, then shields stripped, then a face-up card. The
 * damage the report sums is the state's damage, shields stripped and cards together (the
 * mean-damage goal). */
static void score(const no_ctx *ctx, const no_state *s, no_value *v)
{
    v->damage = KD(ctx, AK_TYPE) == AR_SQUADRON ? s->damage : s->facedown + s->faceup;
    v->other = s->shields_lost;
    v->crits = s->faceup;
}

/* What-ifs for `neverodds order`, as step indices of the list above. */
static const no_rule_variant variants[] = {
    /* steps 5-6 (the accuracies and their fold) just before step 10 (the total): the tokens are
     * spent before any accuracy could lock one (the fold after Evade leaves no accuracy to spend) */
    {"tokens-before-accuracy", "the defender spends its defense tokens (step 4) before the attacker "
     "spends accuracies, which then lock none; the rules spend accuracies first — L153, then L155", 5, 2, 10,
     NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* The rules reference's sections the texts above cite (seed 001, English names as the digest
 * shared/rules/armada-rules.md gives them; the seed prints no page for a glossary entry). */
static const no_section sections[] = {
    {131, 173, "Attack", 0},
    {141, 147, "Attack, step 2: Roll Attack Dice", 0},
    {149, 153, "Attack, step 3: Resolve Attack Effects", 0},
    {151, 151, "Attack, step 3: Resolve Attack Effects, Modify Dice", 0},
    {153, 153, "Attack, step 3: Resolve Attack Effects, Spend Accuracy Icons", 0},
    {155, 155, "Attack, step 4: Spend Defense Tokens", 0},
    {157, 163, "Attack, step 5: Resolve Damage", 0},
    {357, 371, "Defense Tokens", 0},
    {361, 361, "Defense Tokens: Redirect", 0},
    {362, 362, "Defense Tokens: Evade", 0},
    {363, 363, "Defense Tokens: Brace", 0},
    {364, 364, "Defense Tokens: Scatter", 0},
    {0, 0, NULL, 0},
};

const no_rules no_armada_rules = {
    "armada-core", steps, score,
    "step 3: the attacker modifies, then spends accuracies — L151-L153; step 4: the defender spends "
    "Evade, then its other tokens — L155 and L362",
    variants, NULL, 'L', sections, NULL, NULL}; /* no damage part apart: no deck */

/* ---- modifiers ---- */
#define MOD(...) ((no_modifier){.ranges = 0xFF, .obstructed = -1, .cost_token = NO_NO_TOKEN, \
                                .builtin = 1, __VA_ARGS__})

static int add(no_ctx *ctx, no_modifier m)
{
    if (ctx->nmods >= NO_MAX_MODS)
        return -1;
    m.charge_slot = m.cost_charges ? m.charge_slot : (uint8_t)ctx->nmods;
    ctx->mods[ctx->nmods++] = m;
    return 0;
}

/* Obstruction, Concentrate Fire (dial: add a rolled die of a colour in the pool; token: reroll
 * one die; both in one attack count as one resolution, L636-L640, so the die is added first and
 * the token rerolls after, seeing it) and Swarm (L653). */
static int add_attacker_mods(no_ctx *ctx)
{
    int rc = 0;
    if (ctx->obstructed) /* the attacker removes 1 gathered die before rolling (L608) */
        rc |= add(ctx, MOD(.name = "obstruction", .side = NO_ATTACKER, .window = NO_W_ATTACK_DICE,
                           .pool = NO_POOL_COVER, .op = NO_OP_CANCEL, .faces = 7, .count = 1,
                           .once = 1, .mandatory = 1));
    if (KA(ctx, AK_CF_DIAL)) {
        int first = ctx->nmods;
        for (int c = 0; c < AR_NCOLOURS; c++)
            rc |= add(ctx, MOD(.name = "concentrate-fire-dial", .side = NO_ATTACKER,
                               .window = NO_W_ATTACK_ADD, .op = NO_OP_ROLL,
                               .faces = colour_faces[c], .to = (uint8_t)c, .amount = 1, .once = 1));
        for (int m = first; m < ctx->nmods; m++) /* one die, of one colour */
            ctx->mods[m].excludes = ((1u << ctx->nmods) - 1) & ~((1u << first) - 1);
    }
    if (KA(ctx, AK_CF_TOKEN))
        rc |= add(ctx, MOD(.name = "concentrate-fire-token", .side = NO_ATTACKER,
                           .window = NO_W_ATTACK_MODIFY, .op = NO_OP_REROLL, .faces = ALL_FACES,
                           .count = 1, .once = 1));
    if (KA(ctx, AK_SWARM) && KD(ctx, AK_TYPE) == AR_SQUADRON && KD(ctx, AK_ENGAGED_OTHER))
        rc |= add(ctx, MOD(.name = "swarm", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY,
                           .op = NO_OP_REROLL, .faces = ALL_FACES, .count = 1, .once = 1));
    return rc;
}

/* What spending a token of `type` does in this attack (L361-L364), as modifiers appended for
 * the defender; none when it would do nothing. */
static int add_token_effects(no_ctx *ctx, int type, no_modifier base)
{
    int rc = 0;
    switch (type) {
    case AR_BRACE:
        base.op = NO_OP_DECLARE;
        return add(ctx, base);
    case AR_REDIRECT: /* to the shields of one adjacent zone: front/rear touch left and right */
        if (KD(ctx, AK_TYPE) != AR_SHIP)
            return 0;
        base.op = NO_OP_DECLARE;
        for (int z = 0; z < AR_NZONES; z++) {
            int zone = KD(ctx, AK_ZONE);
            int adjacent = (zone == AR_FRONT || zone == AR_REAR) != (z == AR_FRONT || z == AR_REAR);
            if (adjacent && KD(ctx, AK_SHIELDS + z)) {
                base.to = (uint8_t)z;
                snprintf(base.name, sizeof base.name, "redirect-%s", no_armada_zone_names[z]);
                rc |= add(ctx, base);
            }
        }
        return rc;
    case AR_EVADE: /* long: cancel a die; medium: reroll one; close, distance 1: nothing */
        if (ctx->range != AR_LONG && ctx->range != AR_MEDIUM)
            return 0;
        base.window = NO_W_EVADE;
        base.op = ctx->range == AR_LONG ? NO_OP_CANCEL : NO_OP_REROLL;
        base.faces = ALL_FACES;
        base.count = 1;
        return add(ctx, base);
    case AR_SCATTER:
        base.op = NO_OP_CANCEL;
        base.faces = ALL_FACES;
        base.count = NO_COUNT_ALL;
        return add(ctx, base);
    case AR_CONTAIN: /* the standard critical effect cannot be resolved (later rules) */
        base.op = NO_OP_DECLARE;
        return add(ctx, base);
    default: /* salvo: its attack back is not part of this attack */
        return 0;
    }
}

/* The defender's tokens, one charge pool per (type, state): spending one takes a charge, and
 * so does the attacker's accuracy that locks one (L153). One token per type per attack (L367);
 * an exhausted token spent is discarded (L365); none at speed 0 (L366, ships only). */
static int add_token_mods(no_ctx *ctx)
{
    if (KD(ctx, AK_TYPE) == AR_SHIP && KD(ctx, AK_SPEED) == 0)
        return 0;
    int rc = 0;
    for (int type = 0; type < AR_NTOKENS; type++) {
        int first_of_type = ctx->nmods;
        for (int state = 0; state < AR_NSTATES; state++) {
            int held = KD(ctx, AK_TOKENS + type * AR_NSTATES + state);
            if (!held)
                continue;
            int slot = ctx->nmods;
            no_modifier base = MOD(.side = NO_DEFENDER, .window = NO_W_DEFENSE_MODIFY, .once = 1,
                                   .cost_charges = 1, .charge_slot = (uint8_t)slot,
                                   .discards = state == AR_EXHAUSTED,
                                   /* any discard weighs more than every possible exhaust */
                                   .spend_weight = state == AR_EXHAUSTED ? 8 : 1,
                                   .effect = AR_EFFECT_OF(type));
            snprintf(base.name, sizeof base.name, "%s", no_armada_token_names[type]);
            rc |= add_token_effects(ctx, type, base);
            if (ctx->nmods == slot)
                continue; /* no effect in this attack: nothing to spend or lock */
            ctx->start.charges[slot] = (uint8_t)held;
            no_modifier lock = MOD(.side = NO_ATTACKER, .window = NO_W_ATTACK_AFTER_MODIFY, .op = NO_OP_CANCEL,
                                   .faces = ACCURACY_FACES, .count = 1, .cost_charges = 1,
                                   .charge_slot = (uint8_t)slot);
            snprintf(lock.name, sizeof lock.name, "accuracy-%s", no_armada_token_names[type]);
            rc |= add(ctx, lock);
        }
        uint32_t type_mods = 0; /* the defender's mods of this type exclude each other */
        for (int m = first_of_type; m < ctx->nmods; m++)
            if (ctx->mods[m].side == NO_DEFENDER)
                type_mods |= 1u << m;
        for (int m = first_of_type; m < ctx->nmods; m++)
            if (ctx->mods[m].side == NO_DEFENDER)
                ctx->mods[m].excludes = type_mods;
    }
    return rc;
}

/* The defender may send fewer points than Redirect's zone can take (L361): it keeps back 1 to
 * all of them, once, when it chooses (redirect_is_a_choice). */
int no_armada_add_redirect_amount(no_ctx *ctx)
{
    int room = 0; /* the most any zone Redirect reaches can take */
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->side == NO_DEFENDER && md->effect == AR_EFFECT_OF(AR_REDIRECT) && KD(ctx, AK_SHIELDS + md->to) > room)
            room = KD(ctx, AK_SHIELDS + md->to);
    }
    if (!room)
        return 0;
    return add(ctx, MOD(.name = "redirect-fewer", .side = NO_DEFENDER, .window = NO_W_REDIRECT,
                        .pool = NO_POOL_DEFENSE, .op = NO_OP_CHANGE, .faces = 1u << AR_POINT_REDIRECTED,
                        .to = AR_POINT_KEPT, .count = (uint8_t)room, .once = 1));
}

int no_armada_add_mods(no_ctx *ctx)
{
    return add_attacker_mods(ctx) || add_token_mods(ctx) ? -1 : 0;
}

void no_armada_after(const no_ctx *ctx, const no_state *s, int shields[AR_NZONES], no_armada_hit *hit)
{
    no_armada_hit h;
    int rz = no_armada_redirect_zone(ctx, s);
    no_armada_suffer(ctx, s->damage, rz, s->flags, s->faceup, &h); /* the way the damage step suffered it */
    for (int z = 0; z < AR_NZONES; z++)
        shields[z] = KD(ctx, AK_SHIELDS + z) - (z == rz ? h.redirected : 0) -
                     (z == KD(ctx, AK_ZONE) ? h.shields_lost : 0);
    if (hit)
        *hit = h;
}

/* The token modifiers of `next` again, from its defender's token states. */
static int rebuild_mods(no_ctx *next)
{
    next->nmods = 0;
    memset(next->start.charges, 0, sizeof next->start.charges);
    if (no_armada_add_mods(next) || no_armada_add_redirect_amount(next))
        return -1; /* more token states at once than one attack's modifiers hold */
    no_ctx_index(next);
    return 0;
}

/* Seed 001 L333: in the Status phase the players ready all their exhausted defense tokens;
 * discarded ones never come back (L365). */
int no_armada_new_round(no_ctx *next)
{
    uint8_t *d = next->kw[NO_DEFENDER];
    for (int t = 0; t < AR_NTOKENS; t++) {
        d[AK_TOKENS + t * AR_NSTATES + AR_READY] += d[AK_TOKENS + t * AR_NSTATES + AR_EXHAUSTED];
        d[AK_TOKENS + t * AR_NSTATES + AR_EXHAUSTED] = 0;
    }
    return rebuild_mods(next);
}

int no_armada_carry(const no_ctx *from, const no_state *end, no_ctx *next)
{
    if (end->destroyed)
        return 1;
    const uint8_t *was = from->kw[NO_DEFENDER];
    uint8_t *d = next->kw[NO_DEFENDER];
    /* a token spent ready is exhausted, spent exhausted is discarded (L365); a locked one stays */
    memcpy(&d[AK_TOKENS], &was[AK_TOKENS], AR_NTOKENS * AR_NSTATES);
    for (int m = 0; m < from->nmods; m++) {
        const no_modifier *md = &from->mods[m];
        if (md->side != NO_DEFENDER || !md->effect || !(end->used >> m & 1))
            continue;
        int type = md->effect - 1, state = md->discards ? AR_EXHAUSTED : AR_READY;
        d[AK_TOKENS + type * AR_NSTATES + state]--;
        if (state == AR_READY)
            d[AK_TOKENS + type * AR_NSTATES + AR_EXHAUSTED]++;
    }
    int shields[AR_NZONES];
    no_armada_hit h;
    no_armada_after(from, end, shields, &h);
    for (int z = 0; z < AR_NZONES; z++)
        d[AK_SHIELDS + z] = (uint8_t)shields[z];
    d[AK_DAMAGE] = (uint8_t)(was[AK_DAMAGE] + h.cards + h.hull_lost);
    return rebuild_mods(next);
}

/* The defender's side becomes the attacker: X blue dice at distance 1, its own Swarm (the
 * Counter attack may be modified like a normal attack, L654), the same obstruction (digest
 * §8.3.13); the attacker squadron defends with its hull and tokens. */
int no_armada_counter(const no_ctx *attack, no_ctx *counter)
{
    if (KA(attack, AK_TYPE) != AR_SQUADRON || KD(attack, AK_TYPE) != AR_SQUADRON || !KD(attack, AK_COUNTER))
        return -1;
    memset(counter, 0, sizeof *counter);
    /* each player keeps its policy: the defender's now attacks */
    counter->policy[NO_ATTACKER] = attack->policy[NO_DEFENDER];
    counter->policy[NO_DEFENDER] = attack->policy[NO_ATTACKER];
    counter->range = AR_DISTANCE_1;
    counter->obstructed = attack->obstructed;
    memcpy(counter->kw[NO_ATTACKER], attack->kw[NO_DEFENDER], NO_MAX_KW);
    memcpy(counter->kw[NO_DEFENDER], attack->kw[NO_ATTACKER], NO_MAX_KW);
    uint8_t *a = counter->kw[NO_ATTACKER];
    a[AK_POOL + AR_RED] = a[AK_POOL + AR_BLACK] = 0;
    a[AK_POOL + AR_BLUE] = a[AK_COUNTER];
    a[AK_COUNTER] = 0; /* a Counter attack never triggers another (L649) */
    counter->hull = KA(attack, AK_HULL);
    int gathered[AR_NCOLOURS];
    no_armada_gather(counter, gathered);
    for (int c = 0; c < AR_NCOLOURS; c++)
        counter->start.pool[NO_POOL_COVER].n[NO_FRESH][c] = (uint8_t)gathered[c];
    if (no_armada_add_mods(counter))
        return -1;
    no_ctx_index(counter);
    no_armada_setup_dice(counter);
    return 0;
}
