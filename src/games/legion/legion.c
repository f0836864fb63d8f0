/* legion.c — the Legion attack sequence (steps 4-10) as ordered engine steps, and the keyword
 * effects as modifier records. Citations are lines of seeds/002_a81f265cf8fec8c3.txt (core rules
 * in force from 09.01.2026); the digest is shared/rules/legion-rules.md. */
#include "neverodds/legion.h"
#include "neverodds/modifier.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Face tables from shared/rules/dice.md (not printed in the seed, L363-L389). */
const no_die no_legion_dice[LG_NDICE] = {
    {.name = "red attack d8", .sides = 8, .nresults = 4,
     .face = {LG_FACE(LG_RED, 0), LG_FACE(LG_RED, 1), LG_FACE(LG_RED, 2), LG_FACE(LG_RED, 3)},
     .side_result = {0, 1, 1, 1, 1, 1, 2, 3}}, /* 1 blank, 5 hit, 1 crit, 1 surge */
    {.name = "black attack d8", .sides = 8, .nresults = 4,
     .face = {LG_FACE(LG_BLACK, 0), LG_FACE(LG_BLACK, 1), LG_FACE(LG_BLACK, 2), LG_FACE(LG_BLACK, 3)},
     .side_result = {0, 0, 0, 1, 1, 1, 2, 3}}, /* 3 blank, 3 hit, 1 crit, 1 surge */
    {.name = "white attack d8", .sides = 8, .nresults = 4,
     .face = {LG_FACE(LG_WHITE, 0), LG_FACE(LG_WHITE, 1), LG_FACE(LG_WHITE, 2), LG_FACE(LG_WHITE, 3)},
     .side_result = {0, 0, 0, 0, 0, 1, 2, 3}}, /* 5 blank, 1 hit, 1 crit, 1 surge */
    {.name = "white defense d6", .sides = 6, .nresults = 3,
     .face = {LG_DFACE(LG_DEF_WHITE, 0), LG_DFACE(LG_DEF_WHITE, 1), LG_DFACE(LG_DEF_WHITE, 2)},
     .side_result = {0, 0, 0, 0, 1, 2}}, /* 4 blank, 1 block, 1 surge */
    {.name = "red defense d6", .sides = 6, .nresults = 3,
     .face = {LG_DFACE(LG_DEF_RED, 0), LG_DFACE(LG_DEF_RED, 1), LG_DFACE(LG_DEF_RED, 2)},
     .side_result = {0, 0, 1, 1, 1, 2}}, /* 2 blank, 3 block, 1 surge */
};

static no_dice_set dice_set = {.dice = no_legion_dice, .n = LG_NDICE};
const char *const no_legion_attack_results[4] = {"blank", "hit", "crit", "surge"};
const char *const no_legion_defense_results[3] = {"blank", "block", "surge"};

void no_legion_setup_dice(no_ctx *ctx)
{
    for (int d = 0; d < LG_NDICE; d++)
        ctx->dice[d] = no_dice_set_table(&dice_set, d);
    for (int f = 0; f < NO_MAX_FACES; f++) {
        ctx->reroll_die[NO_POOL_ATTACK][f] = (uint8_t)(f / 4 < 3 ? f / 4 : LG_DIE_WHITE);
        ctx->reroll_die[NO_POOL_DEFENSE][f] = f / 3 == LG_DEF_RED ? LG_DIE_RED_DEF : LG_DIE_WHITE_DEF;
        ctx->reroll_die[NO_POOL_COVER][f] = ctx->reroll_die[NO_POOL_DEFENSE][f]; /* a guardian's dice */
    }
    /* Legion has no golden rule: a die may be rerolled by one aim token and again by a later
     * one, only once per token (L1554, L2701). */
    ctx->reroll_once = 0;
    for (int c = 0; c < 3; c++)
        ctx->success[NO_POOL_ATTACK] |= (uint16_t)((1u << LG_FACE(c, LG_HIT)) | (1u << LG_FACE(c, LG_CRIT)));
    ctx->success[NO_POOL_DEFENSE] = (1u << LG_DFACE(0, LG_D_BLOCK)) | (1u << LG_DFACE(1, LG_D_BLOCK));
}

#define KA(ctx, k) ((ctx)->kw[NO_ATTACKER][k])
#define KD(ctx, k) ((ctx)->kw[NO_DEFENDER][k])

static int ranged(const no_ctx *ctx) { return KA(ctx, LK_ATTACK_TYPE) == LG_RANGED; }
static int melee(const no_ctx *ctx) { return KA(ctx, LK_ATTACK_TYPE) == LG_MELEE; }

/* The upgrades of one effect (Anti-Personnel / Anti-Materiel X) on `white` and `black` dice that
 * the attacker may choose: upgrade `t` of them (a red die upgrades to nothing, so a choice that
 * spends the effect on one is never better), k whites to black and t - k blacks to red for k in
 * [*lo, *hi]. Returns t. */
static int upgrade_choices(int x, int white, int black, int *lo, int *hi)
{
    int t = x < white + black ? x : white + black;
    *lo = t - black > 0 ? t - black : 0;
    *hi = t < white ? t : white;
    return t;
}

/* 4a, for one weapon's dice: downgrades before upgrades, attacker before defender (L1408-L1412).
 * Cumbersome downgrades every die of the weapon (L2897); Anti-Personnel / Anti-Materiel upgrade
 * X of that weapon's dice (L2889, L2893), each die once (L1565). Which dice is the attacker's
 * choice (L1567, "puede elegir qué dados se mejoran"): when there is one (white and black dice to
 * trade), the weapon is kept in an upgrade slot and the policy chooses before the roll
 * (add_upgrade_choices, roll_pool); else the upgrade is made here. Returns -1 when no slot is left. */
int no_legion_form_weapon(no_ctx *ctx, int dice[3], int cumbersome, int anti_personnel, int anti_materiel)
{
    if (cumbersome) {
        dice[LG_WHITE] += dice[LG_BLACK];
        dice[LG_BLACK] = dice[LG_RED];
        dice[LG_RED] = 0;
    }
    int x = KD(ctx, LK_UNIT_TYPE) == LG_VEHICLE ? anti_materiel : anti_personnel, lo, hi;
    int t = upgrade_choices(x, dice[LG_WHITE], dice[LG_BLACK], &lo, &hi);
    if (lo == hi) { /* one way to do it */
        dice[LG_WHITE] -= lo;
        dice[LG_BLACK] += lo - (t - lo);
        dice[LG_RED] += t - lo;
        return 0;
    }
    for (int u = 0; u < LG_MAX_UPGRADES; u++) {
        uint8_t *slot = &ctx->kw[NO_ATTACKER][LK_UPGRADE + u * LG_UPGRADE_FIELDS];
        if (!slot[LG_UPGRADE_X]) {
            slot[LG_UPGRADE_X] = (uint8_t)x;
            slot[LG_UPGRADE_WHITE] = (uint8_t)dice[LG_WHITE];
            slot[LG_UPGRADE_BLACK] = (uint8_t)dice[LG_BLACK];
            return 0;
        }
    }
    return -1;
}

/* Folds the colours of a pool into the first colour's faces: after conversion only results matter. */
static void fold(no_pool *p, int colours, int results)
{
    for (int c = 0; c < 2; c++)
        for (int col = 1; col < colours; col++)
            for (int r = 0; r < results; r++) {
                p->n[c][r] += p->n[c][col * results + r];
                p->n[c][col * results + r] = 0;
            }
    for (int r = 0; r < results; r++) { /* and the reroll column into the fresh one */
        p->n[NO_FRESH][r] += p->n[NO_REROLLED][r];
        p->n[NO_REROLLED][r] = 0;
    }
}

/* The end of every surge conversion (L1555, L1612): a chart entry turns every surge into
 * `chart_to`; without one, each surge token turns one into `token_to`; the rest are blanks.
 * Returns the tokens spent. */
static int finish_surges(uint8_t *n, int surge, int blank, int chart_to, int token_to, int tokens)
{
    int surges = n[surge], spend = 0;
    if (chart_to >= 0) {
        n[chart_to] += (uint8_t)surges;
    } else {
        spend = surges < tokens ? surges : tokens;
        n[token_to] += (uint8_t)spend;
        n[blank] += (uint8_t)(surges - spend);
    }
    n[surge] = 0;
    return spend;
}

/* The surges Critical X converts to crits before the chart (L2931), Complete the Mission's
 * Critical 2 included (L2324). */
static int critical_x(const no_ctx *ctx) { return KA(ctx, LK_CRITICAL) + (KA(ctx, LK_COMPLETE_MISSION) ? 2 : 0); }

/* The result the attacker's surge chart turns a surge into, or -1 without one. Jedi Hunter
 * gains surge->crit against a Force user (L2298). */
static int chart_result(const no_ctx *ctx)
{
    int chart = KA(ctx, LK_SURGE_CHART);
    if (KA(ctx, LK_JEDI_HUNTER) && KD(ctx, LK_FORCE_USER))
        chart = LG_CHART_CRIT;
    return chart == LG_CHART_NONE ? -1 : chart == LG_CHART_HIT ? LG_HIT : LG_CRIT;
}

/* 4c: Critical X first, then the chart, then surge tokens; the rest become blanks (L1555,
 * L2933; digest trap 3). Colour by colour: a die keeps its colour until fold_attack, so the
 * convert-before-reroll what-if (`neverodds order`) rerolls it as the die it is. */
static void convert_attack_in(const no_ctx *ctx, no_state *s, int critical_first)
{
    no_pool *p = &s->pool[NO_POOL_ATTACK];
    uint8_t *n = p->n[NO_FRESH];
    for (int f = 0; f < 3 * 4; f++) { /* rerolled marks end here */
        n[f] += p->n[NO_REROLLED][f];
        p->n[NO_REROLLED][f] = 0;
    }
    int critical = critical_x(ctx);
    int chart_to = chart_result(ctx);
    int tokens = s->tok[NO_ATTACKER][NO_TOK_SURGE];
    for (int col = 0; col < 3; col++) {
        uint8_t *c = n + col * 4;
        if (!critical_first && chart_to >= 0) /* the what-if: the chart takes every surge */
            finish_surges(c, LG_SURGE, LG_BLANK, chart_to, LG_HIT, 0);
        int to_crit = c[LG_SURGE] < critical ? c[LG_SURGE] : critical;
        c[LG_CRIT] += (uint8_t)to_crit;
        c[LG_SURGE] -= (uint8_t)to_crit;
        critical -= to_crit;
        tokens -= finish_surges(c, LG_SURGE, LG_BLANK, chart_to, LG_HIT, tokens);
    }
    s->tok[NO_ATTACKER][NO_TOK_SURGE] = (uint8_t)tokens;
    s->flags |= LG_FLAG_CONVERTED;
}

/* The result a surge of the attack pool will become at 4c when nothing before 4c can tell it
 * from that result, or -1. That holds when the surge chart converts every surge (L1555) and no
 * Critical X takes some of them first (L2931): the 4b rerolls (aim, observation) may pick any
 * face, so to them a surge and the result it becomes are the same choice. Not under the
 * conservative policy, which would reroll a surge but never a hit. */
static int charted_surge(const no_ctx *ctx)
{
    if (critical_x(ctx) || ctx->policy[NO_ATTACKER] == NO_POLICY_CONSERVATIVE)
        return -1;
    return chart_result(ctx);
}

/* How many of the attack pool's blanks can still matter after 4c: all of them while an effect
 * that turns a blank into a result may act (Marksman and Jar'Kai after 4c, Ram in step 6, which
 * every order puts before the defense roll, L1605); else only whether one shows, for Djem So
 * (L2426), or none. */
static int blanks_that_matter(const no_ctx *ctx, const no_state *s)
{
    if ((KA(ctx, LK_MARKSMAN) || KA(ctx, LK_JAR_KAI) || KA(ctx, LK_RAM)) &&
        !(no_pending_die(s) >= 0 && s->roll_pool == NO_POOL_DEFENSE))
        return NO_MAX_ROLL;
    return melee(ctx) && KD(ctx, LK_DJEM_SO) ? 1 : 0;
}

/* The rules' tidying, so that pools the rest of the attack cannot tell apart merge (10 white +
 * 10 black dice with an aim: from 361,247 states to 28,152):
 * - until 4c, a surge the chart will convert counts as its result from the roll on;
 * - after 4c, blanks nothing can use any more are dropped.
 * It assumes the official order of steps: the what-ifs that move steps run without it
 * (order.c). */
static void tidy(const no_ctx *ctx, no_state *s)
{
    uint8_t *n = s->pool[NO_POOL_ATTACK].n[NO_FRESH];
    if (s->flags & LG_FLAG_CONVERTED) {
        int keep = blanks_that_matter(ctx, s);
        if (n[LG_BLANK] > keep)
            n[LG_BLANK] = (uint8_t)keep;
        return;
    }
    int to = charted_surge(ctx);
    for (int col = 0; to >= 0 && col < 3; col++)
        finish_surges(n + col * 4, LG_SURGE, LG_BLANK, to, LG_HIT, 0);
}

/* 4c: Critical X first, then the chart, then surge tokens (L1555, L2931-L2933; digest 8.2 trap 3). */
static void convert_attack(const no_ctx *ctx, no_state *s) { convert_attack_in(ctx, s, 1); }
static void convert_chart_first(const no_ctx *ctx, no_state *s) { convert_attack_in(ctx, s, 0); }

/* After 4c only results matter: the colours fold into one. A surge still showing was rolled
 * after the conversion (the what-if) and, unconverted, is a blank (L1555). */
static void fold_attack(const no_ctx *ctx, no_state *s)
{
    (void)ctx;
    uint8_t *n = s->pool[NO_POOL_ATTACK].n[NO_FRESH];
    fold(&s->pool[NO_POOL_ATTACK], 3, 4);
    n[LG_BLANK] += n[LG_SURGE];
    n[LG_SURGE] = 0;
}

/* Step 5b worked out (the report prints the same steps): the terrain's cover, +1 for a suppressed
 * trooper, Cover X and Smoke, the cap, then Sharpshooter. */
int no_legion_cover_steps(const no_ctx *ctx, int suppression, int cap_first, no_legion_cover_steps_t *c)
{
    *c = (no_legion_cover_steps_t){.given = KD(ctx, LK_COVER_BASE)};
    if (!ranged(ctx) || KD(ctx, LK_UNCONCERNED))
        return c->value = 0; /* cover is for ranged attacks (L1577); Unconcerned never has it (L2579) */
    /* a vehicle defending against a ranged attack is never obscured, so the terrain gives it no
     * cover (L1888, L1900); what raises the cover grade itself, as Cover X, still does (L2306) */
    int cover = KD(ctx, LK_UNIT_TYPE) == LG_VEHICLE ? 0 : c->given;
    int courage = KD(ctx, LK_COURAGE);
    /* a suppressed trooper improves its cover one grade; droids and vehicles cannot become
     * suppressed (L1581, L825, L1839) */
    c->suppressed = KD(ctx, LK_UNIT_TYPE) == LG_TROOPER && courage != LG_COURAGE_NONE && suppression >= courage;
    c->raised = KD(ctx, LK_COVER_X) + KD(ctx, LK_SMOKE); /* L2306, L2551 */
    cover += c->suppressed + c->raised;
    c->sharpshooter = KA(ctx, LK_SHARPSHOOTER);
    if (!cap_first) /* the what-if: the decreases before the cap */
        cover -= c->sharpshooter;
    c->capped = cover > 2;
    if (cover > 2)
        cover = 2; /* increases first, then the cap (L796) */
    if (cap_first)
        cover -= c->sharpshooter; /* then decreases (L2835) */
    return c->value = cover < 0 ? 0 : cover;
}

static int cover_value(const no_ctx *ctx, const no_state *s, int cap_first)
{
    no_legion_cover_steps_t c;
    return no_legion_cover_steps(ctx, s->tok[NO_DEFENDER][NO_TOK_SUPPRESSION], cap_first, &c);
}

int no_legion_cover(const no_ctx *ctx, const no_state *s) { return cover_value(ctx, s, 1); }

/* 5c: one white defense die per hit; Low Profile rolls one fewer and adds a block (L1583, L2521).
 * Blast (unless Immune: Blast) takes the cover away (L2937, L2599). */
static void roll_cover_in(const no_ctx *ctx, no_state *s, int cover)
{
    if ((KA(ctx, LK_BLAST) && !KD(ctx, LK_IMMUNE_BLAST)) || KA(ctx, LK_DEATH_FROM_ABOVE))
        cover = 0; /* Death From Above: no cover from below (L2683) */
    s->flags = (uint8_t)(s->flags | (cover << LG_FLAG_COVER_SHIFT));
    int hits = no_pool_face(&s->pool[NO_POOL_ATTACK], LG_HIT);
    if (!cover || !hits)
        return;
    if (KD(ctx, LK_LOW_PROFILE)) {
        hits--;
        s->flags |= LG_FLAG_LOW_PROFILE;
    }
    no_request_roll(s, NO_POOL_COVER, LG_DIE_WHITE_DEF, hits);
}

static void roll_cover(const no_ctx *ctx, no_state *s) { roll_cover_in(ctx, s, cover_value(ctx, s, 1)); }
static void roll_cover_decrease_first(const no_ctx *ctx, no_state *s)
{
    roll_cover_in(ctx, s, cover_value(ctx, s, 0));
}

/* 5d: light cover cancels a hit per block, heavy per block or surge (L1585). */
static void apply_cover(const no_ctx *ctx, no_state *s)
{
    int cover = (s->flags >> LG_FLAG_COVER_SHIFT) & 3;
    if (!cover)
        return;
    const no_pool *c = &s->pool[NO_POOL_COVER];
    int cancels = no_pool_face(c, LG_D_BLOCK) + ((s->flags & LG_FLAG_LOW_PROFILE) ? 1 : 0);
    if (cover >= 2)
        cancels += no_pool_face(c, LG_D_SURGE);
    uint8_t *hits = &s->pool[NO_POOL_ATTACK].n[NO_FRESH][LG_HIT];
    *hits -= (uint8_t)(cancels < *hits ? cancels : *hits);
    if (!ctx->keep_dice) /* the cover dice have done their work; a guardian may roll here next */
        memset(&s->pool[NO_POOL_COVER], 0, sizeof s->pool[NO_POOL_COVER]);
}

static int dodged(const no_ctx *ctx, const no_state *s)
{
    return s->tok[NO_DEFENDER][NO_TOK_DODGE] < ctx->start.tok[NO_DEFENDER][NO_TOK_DODGE];
}

/* Immune: Pierce, or a melee Duelist that spent a dodge (L2446), unless the attacker used
 * Makashi Mastery (L2438). `melee_variant` adds Immune: Melee Pierce (L2613), which stops
 * Pierce but, as written, not Impervious (L2454). */
static int immune_to_pierce(const no_ctx *ctx, const no_state *s, int melee_variant)
{
    if (KA(ctx, LK_MAKASHI))
        return 0;
    return KD(ctx, LK_IMMUNE_PIERCE) || (melee(ctx) && KD(ctx, LK_DUELIST) && dodged(ctx, s)) ||
           (melee_variant && melee(ctx) && KD(ctx, LK_IMMUNE_MELEE_PIERCE));
}

/* 7a: one die per hit and crit, plus Danger Sense (per suppression token, up to X, L2805) and
 * Impervious (the Pierce X of the weapons, unless Immune: Pierce meets Pierce, L2452-L2454). */
static int defense_dice(const no_ctx *ctx, const no_state *s)
{
    const no_pool *a = &s->pool[NO_POOL_ATTACK];
    int n = no_pool_face(a, LG_HIT) + no_pool_face(a, LG_CRIT);
    int supp = s->tok[NO_DEFENDER][NO_TOK_SUPPRESSION];
    n += supp < KD(ctx, LK_DANGER_SENSE) ? supp : KD(ctx, LK_DANGER_SENSE);
    int impervious = KD(ctx, LK_IMPERVIOUS) && !KA(ctx, LK_MAKASHI) &&
                     !(immune_to_pierce(ctx, s, 0) && s->tok[NO_ATTACKER][NO_TOK_PIERCE]);
    if (impervious)
        n += KA(ctx, LK_PIERCE);
    return n > NO_MAX_ROLL ? NO_MAX_ROLL : n;
}

/* Guardian g (L2529): its dice (in the cover pool, free by step 6) convert surges by its own
 * chart, Deflect or surge tokens; Deflect wounds the attacker once if a surge shows (digest §5.9
 * default). Pierce may then turn its blocks into blanks (L2994); it suffers a wound per blank.
 * Several guardians resolve one at a time (L2537), each on its own dice. */
static void convert_guardian(const no_ctx *ctx, no_state *s, int g)
{
    no_pool *p = &s->pool[NO_POOL_COVER];
    fold(p, 2, 3);
    uint8_t *n = p->n[NO_FRESH];
    int surges = n[LG_D_SURGE];
    int deflect = KG(ctx, g, LK_GUARDIAN_DEFLECT) && !KA(ctx, LK_HIGH_VELOCITY);
    if (deflect && surges > 0 && !KA(ctx, LK_IMMUNE_DEFLECT))
        s->self_wounds++;
    int chart = KG(ctx, g, LK_GUARDIAN_SURGE) || deflect;
    finish_surges(n, LG_D_SURGE, LG_D_BLANK, chart ? LG_D_BLOCK : -1, LG_D_BLOCK,
                  KG(ctx, g, LK_GUARDIAN_SURGE_TOKENS));
}

static void guardian_wounds(const no_ctx *ctx, no_state *s, int g)
{
    int w = no_pool_face(&s->pool[NO_POOL_COVER], LG_D_BLANK);
    int health = KG(ctx, g, LK_GUARDIAN_HEALTH); /* 0: no minis or wounds given, not capped */
    s->guardian_wounds = (uint8_t)(s->guardian_wounds + (health && w > health ? health : w));
    memset(&s->pool[NO_POOL_COVER], 0, sizeof s->pool[NO_POOL_COVER]);
}

#define FOR_GUARDIAN(fn, g) \
    static void fn##_##g(const no_ctx *ctx, no_state *s) { fn(ctx, s, g); }
FOR_GUARDIAN(convert_guardian, 0)
FOR_GUARDIAN(convert_guardian, 1)
FOR_GUARDIAN(guardian_wounds, 0)
FOR_GUARDIAN(guardian_wounds, 1)
_Static_assert(LG_MAX_GUARDIANS == 2, "one step block per guardian below");

/* 7d: Deflect's wound comes before converting, once, if a surge shows (ranged, not against an
 * all-High-Velocity pool, L2384, L2388, L2972); then the chart (surge->block when the card has
 * it, with Deflect against ranged, or with Block after a dodge was spent, L2280), surge tokens,
 * and blanks for the rest (L1612). */
static void convert_defense(const no_ctx *ctx, no_state *s)
{
    no_pool *p = &s->pool[NO_POOL_DEFENSE];
    fold(p, 2, 3);
    uint8_t *n = p->n[NO_FRESH];
    int surges = n[LG_D_SURGE];
    int hv = KA(ctx, LK_HIGH_VELOCITY);
    int deflect = KD(ctx, LK_DEFLECT) && ranged(ctx) && !hv;
    if (deflect && surges > 0 && !KA(ctx, LK_IMMUNE_DEFLECT))
        s->self_wounds++;
    int chart = KD(ctx, LK_DEFENSE_SURGE) || deflect || (KD(ctx, LK_BLOCK) && dodged(ctx, s)) ||
                KD(ctx, LK_COMPLETE_MISSION); /* Complete the Mission: surge->block (L2324) */
    s->tok[NO_DEFENDER][NO_TOK_SURGE] -= (uint8_t)finish_surges(n, LG_D_SURGE, LG_D_BLANK,
                                                                chart ? LG_D_BLOCK : -1, LG_D_BLOCK,
                                                                s->tok[NO_DEFENDER][NO_TOK_SURGE]);
}

/* 8: the defender has nothing here; then Pierce cancels blocks, all of them it can (L2990). */
static void pierce(const no_ctx *ctx, no_state *s)
{
    if (immune_to_pierce(ctx, s, 1))
        return;
    uint8_t *blocks = &s->pool[NO_POOL_DEFENSE].n[NO_FRESH][LG_D_BLOCK];
    int p = s->tok[NO_ATTACKER][NO_TOK_PIERCE];
    int use = p < *blocks ? p : *blocks;
    *blocks -= (uint8_t)use;
    s->pool[NO_POOL_DEFENSE].n[NO_FRESH][LG_D_BLANK] += (uint8_t)use;
    s->tok[NO_ATTACKER][NO_TOK_PIERCE] -= (uint8_t)use;
}

void no_legion_suffer(const no_ctx *ctx, no_state *s, int wounds, int most)
{
    int unit = ctx->hull > 0; /* no unit given: the wounds the attack deals (L1628), none assigned */
    int w = unit && wounds > most ? most : wounds;
    s->damage = (uint8_t)w;
    s->defeated = (uint8_t)(unit ? no_legion_defeated(ctx, w) : 0);
    s->destroyed = unit && s->defeated == KD(ctx, LK_MINIS);
}

int no_legion_takes_suppression(const no_ctx *ctx)
{
    return KD(ctx, LK_UNIT_TYPE) != LG_VEHICLE && KD(ctx, LK_COURAGE) != LG_COURAGE_NONE;
}

/* 9-10: wounds = hits + crits - blocks (L1628), capped for ranged attacks by the miniatures in
 * line of sight (L1638); Djem So (L2426); suppression if the attack was ranged, a hit or crit
 * stood at the end of step 4 and the unit survived (L1673), +1 for Suppressive (L2962), but
 * never on a vehicle or a unit with Courage "-" (L825, L1240). */
static void wounds(const no_ctx *ctx, no_state *s)
{
    const no_pool *a = &s->pool[NO_POOL_ATTACK];
    int w = no_pool_face(a, LG_HIT) + no_pool_face(a, LG_CRIT) -
            no_pool_face(&s->pool[NO_POOL_DEFENSE], LG_D_BLOCK);
    if (w < 0)
        w = 0;
    no_legion_suffer(ctx, s, w, KD(ctx, ranged(ctx) ? LK_HEALTH_LOS : LK_HEALTH));
    s->hits = (uint8_t)no_pool_face(a, LG_HIT);
    s->crits = (uint8_t)no_pool_face(a, LG_CRIT);
    if (KD(ctx, LK_RESILIENCE) && !KD(ctx, LK_DAMAGED) && KD(ctx, LK_WOUNDED) + s->damage >= KD(ctx, LK_RESILIENCE))
        s->flags |= LG_FLAG_VEHICLE_DAMAGE; /* once per game (L1861-L1871) */
    if (melee(ctx) && KD(ctx, LK_DJEM_SO) && no_pool_face(a, LG_BLANK) > 0)
        s->self_wounds++;
    if (!s->destroyed && no_legion_takes_suppression(ctx)) {
        if (ranged(ctx) && (s->flags & LG_FLAG_ROLLED_HIT))
            s->suppression++;
        if (KA(ctx, LK_SUPPRESSIVE))
            s->suppression++;
    }
}

/* Roll the pool as formed, step 4a included (L1553): the upgrades the attacker chose too. */
static void roll_pool(const no_ctx *ctx, no_state *s)
{
    int dice[3];
    for (int c = 0; c < 3; c++)
        dice[c] = KA(ctx, LK_POOL_RED + c);
    for (uint32_t set = ctx->window_mods[NO_ATTACKER][NO_W_ATTACK_DICE] & s->used; set; set &= set - 1) {
        const no_modifier *md = &ctx->mods[__builtin_ctz(set)];
        int whites = md->effect, blacks = md->amount; /* upgraded to black, to red */
        dice[LG_WHITE] -= whites;
        dice[LG_BLACK] += whites - blacks;
        dice[LG_RED] += blacks;
    }
    for (int c = 0; c < 3; c++)
        if (dice[c])
            no_request_roll(s, NO_POOL_ATTACK, c, dice[c]);
}

/* A melee Duelist that rerolled with aim gains Pierce 1 (L2446). */
static void duelist_pierce(const no_ctx *ctx, no_state *s)
{
    if (melee(ctx) && KA(ctx, LK_DUELIST) &&
        s->tok[NO_ATTACKER][NO_TOK_AIM] < ctx->start.tok[NO_ATTACKER][NO_TOK_AIM])
        s->tok[NO_ATTACKER][NO_TOK_PIERCE]++;
}

/* Ion X: forced shield flips, one per hit or crit up to X; nothing is cancelled (L2982). */
static void flip_shields(const no_ctx *ctx, no_state *s)
{
    const no_pool *a = &s->pool[NO_POOL_ATTACK];
    int flips = no_pool_face(a, LG_HIT) + no_pool_face(a, LG_CRIT);
    flips = flips < KA(ctx, LK_ION) ? flips : KA(ctx, LK_ION);
    uint8_t *shields = &s->tok[NO_DEFENDER][NO_TOK_SHIELD];
    *shields -= (uint8_t)(flips < *shields ? flips : *shields);
}

/* The end of step 4: whether a hit or crit stands decides suppression (L1673); Ion X under the
 * "rolled" reading counts the results here (L2982). */
static void end_of_step4(const no_ctx *ctx, no_state *s)
{
    const no_pool *a = &s->pool[NO_POOL_ATTACK];
    if (no_pool_face(a, LG_HIT) + no_pool_face(a, LG_CRIT))
        s->flags |= LG_FLAG_ROLLED_HIT;
    if (KA(ctx, LK_ION_READING) == LG_ION_ROLLED)
        flip_shields(ctx, s);
}

/* Ion X acts "at the start of step 6, before any other effect", per hit or crit "obtenido en la
 * tirada de ataque" (L2982). By default it counts the results standing then, after cover and
 * dodges; the "rolled" reading counts those of the attack roll, as step 4 ends (end_of_step4).
 * Nothing between reads the shields, so flipping them there is the same as at step 6. */
static void ion(const no_ctx *ctx, no_state *s)
{
    if (KA(ctx, LK_ION_READING) == LG_ION_STANDING)
        flip_shields(ctx, s);
}

static void roll_defense(const no_ctx *ctx, no_state *s)
{
    int n = defense_dice(ctx, s);
    if (n)
        no_request_roll(s, NO_POOL_DEFENSE, KD(ctx, LK_DIE) == LG_DEF_RED ? LG_DIE_RED_DEF : LG_DIE_WHITE_DEF, n);
}

/* ---- the step list ---- */
static const no_step steps[] = {
    NO_DECIDE(NO_W_ATTACK_DICE, NO_ATTACKER),         /* 4a: which dice to upgrade (L1567) */
    NO_APPLY(roll_pool),                              /* roll (L1553); the rest of 4a is in the pool */
    NO_DECIDE(NO_W_ATTACK_REROLL, NO_ATTACKER),       /* 4b rerolls (L1554) */
    NO_APPLY(duelist_pierce),
    NO_APPLY(convert_attack),                         /* 4c convert surges (L1555) */
    NO_APPLY(fold_attack),
    NO_DECIDE(NO_W_AFTER_CONVERT, NO_ATTACKER),       /* 4c after converting: Marksman, Jar'Kai */
    NO_APPLY(end_of_step4),
    NO_APPLY(roll_cover),                             /* 5a-5c (L1575-L1583) */
    NO_APPLY(apply_cover),                            /* 5d (L1585) */
    NO_DECIDE(NO_W_DODGE, NO_DEFENDER),               /* 5e dodge (L1587) */
    NO_APPLY(ion),                                    /* 6 starts with Ion X (L2982) */
    NO_DECIDE(NO_W_ATTACK_MODIFY, NO_ATTACKER),       /* 6 attacker first (L1601-L1603) */
    NO_DECIDE(NO_W_ATTACK_MODIFY, NO_DEFENDER),       /* 6 then defender (Guardian rolls) */
    NO_DECIDE(NO_W_GUARDIAN_REROLL, NO_DEFENDER),     /* its Soresu, before converting (L2442) */
    NO_APPLY(convert_guardian_0),                     /* the guardian's surges (L2529) */
    NO_DECIDE(NO_W_GUARDIAN_PIERCE, NO_ATTACKER),     /* Pierce on its blocks (L2994) */
    NO_APPLY(guardian_wounds_0),                      /* a wound per blank (L2529) */
    NO_DECIDE(NO_W_GUARDIAN_2, NO_DEFENDER),          /* a second guardian, in turn (L2537) */
    NO_DECIDE(NO_W_GUARDIAN_REROLL_2, NO_DEFENDER),
    NO_APPLY(convert_guardian_1),
    NO_DECIDE(NO_W_GUARDIAN_PIERCE_2, NO_ATTACKER),
    NO_APPLY(guardian_wounds_1),
    NO_APPLY(roll_defense),                           /* 7a-7b gather, roll (L1605-L1611) */
    NO_DECIDE(NO_W_DEFENSE_REROLL, NO_DEFENDER),      /* 7c rerolls (L1429) */
    NO_APPLY(convert_defense),                        /* 7d convert surges (L1612) */
    NO_APPLY(pierce),                                 /* 8 defender (nothing) then Pierce (L1622-L1624) */
    NO_APPLY(wounds),                                 /* 9-10 (L1626-L1673) */
    NO_END,
};

/* Wounds on the defender, then on its guardian, and crits standing in the attack pool. */
static void score(const no_ctx *ctx, const no_state *s, no_value *v)
{
    (void)ctx;
    v->damage = s->damage;
    v->other = s->guardian_wounds;
    v->crits = s->crits;
}

/* What-ifs for `neverodds order`, as step indices of the list above (1: roll_pool; the Legion
 * ordering tests pin them to their results). */
static const no_rule_variant variants[] = {
    {"convert-before-reroll", "surges converted (4c) before the aim rerolls (4b); the rules reroll first — "
     "L1554-L1555; digest 8.2 trap 2", 4, 1, 2, NULL},
    {"modify-before-cover", "step 6 (Impact, Armor ...) before cover and dodge (step 5); the rules put "
     "cover first — L1575-L1587, then L1601-L1603; digest 8.2 trap 4", 12, 2, 8, NULL},
    {"chart-before-critical", "the surge chart converts before Critical X, which finds no surge left; the "
     "rules let Critical X take its surges first — L1555 and L2931-L2933; digest 8.2 trap 3", 4, 0, 0,
     convert_chart_first},
    {"decrease-before-cap", "Sharpshooter lowers the cover before the cap of 2; the rules apply the "
     "increases, cap, then the decreases — L796 and L2835; digest 8.2 trap 6", 8, 0, 0,
     roll_cover_decrease_first},
    /* step 10 (the dodge) just before step 8 (the cover roll) */
    {"dodge-before-cover", "the defender spends dodges (5e) before the cover pool is rolled and applied "
     "(5c-5d), so a dodge cancels a hit cover would have rolled for; the rules apply cover first — "
     "L1583-L1587", 10, 1, 8, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* The core rules' sections the texts above cite (seed 002, English names as the digest
 * shared/rules/legion-rules.md gives them). The seed gives a page for cover's effects only: "consulta
 * la página 34" (L798). */
static const no_section sections[] = {
    {419, 425, "Simultaneous Effects", 0},
    {792, 798, "Cover", 0},
    {1548, 1573, "Roll Attack Dice", 0},
    {1552, 1552, "Roll Attack Dice, step 4a: Upgrade or Downgrade", 0},
    {1554, 1554, "Roll Attack Dice, step 4b: Reroll", 0},
    {1555, 1555, "Roll Attack Dice, step 4c: Convert Attack Surges", 0},
    {1575, 1599, "Apply Dodges and Cover", 34},
    {1577, 1577, "Apply Dodges and Cover, step 5a: Obscured Miniatures", 34},
    {1579, 1581, "Apply Dodges and Cover, step 5b: Determine Cover", 34},
    {1583, 1583, "Apply Dodges and Cover, step 5c: Roll Cover Pool", 34},
    {1585, 1585, "Apply Dodges and Cover, step 5d: Apply Cover", 34},
    {1587, 1587, "Apply Dodges and Cover, step 5e: Apply Dodges", 34},
    {1601, 1603, "Modify Attack Dice", 0},
    {2833, 2835, "Keywords: Sharpshooter X", 0},
    {2931, 2933, "Keywords: Critical X", 0},
    {0, 0, NULL, 0},
};

const no_rules no_legion_rules = {
    "legion-2026", steps, score,
    "4b rerolls before 4c surge conversion — L1554-L1555; step 5 cover and dodge before step 6 — "
    "L1575-L1587 and L1601-L1603; step 6: the attacker, then the defender — L1601-L1603; a player "
    "orders its own effects of one moment — L421-L425",
    variants, tidy, 'L', sections, NULL, NULL}; /* no damage part apart: no deck */

/* ---- keyword and token effects, as modifier records ---- */
enum { GATE_ANY, GATE_RANGED, GATE_MELEE, GATE_ARMOR, GATE_NOT_HIGH_VELOCITY, GATE_GUARDIAN_PIERCE,
       GATE_MELEE_DODGE, GATE_RAM_CRITS, GATE_RAM_PRIMITIVE };
#define A(r) (1u << (r))   /* attack faces after conversion (colourless, red slots) */
#define ALL_ATTACK 0x0FFFu /* every colour and result, before conversion */
#define ALL_DEFENSE 0x003Fu

typedef struct template {
    no_modifier m;
    uint8_t keyword;  /* enabling keyword on m.side (LK_NONE: always) */
    uint8_t token;    /* enabling token on m.side at the start (NO_NO_TOKEN: none) */
    uint8_t gate;
    uint8_t count_kw; /* keyword whose value is the count (LK_NONE: the template's) */
    uint8_t charge_kw;/* keyword whose value is the charge pool (Lethal X) */
    uint8_t plus_kw;  /* keyword whose value adds to the count (Precise X) */
    uint8_t crit_kw;  /* keyword that lets it act on crits too (Outmaneuver, Divine Influence) */
    uint8_t die_kw;   /* keyword naming the defense die it rolls per result cancelled (Guardian) */
    const char *excludes; /* template it disables once used (Primitive after Impact, L3000) */
    uint8_t per_guardian; /* one copy per guardian: its keyword slots and windows are guardian g's */
} template;

#define MOD(...) {.ranges = 0xFF, .obstructed = -1, __VA_ARGS__} /* no cost_amount: no token cost */
static const template templates[] = {
    /* 4b: an aim token rerolls up to 2 dice (+ Precise X), one token at a time (L1554, L2737) */
    {.m = MOD(.name = "aim", .side = NO_ATTACKER, .window = NO_W_ATTACK_REROLL, .op = NO_OP_REROLL,
         .faces = ALL_ATTACK, .count = 2, .cost_token = NO_TOK_AIM, .cost_amount = 1),
     .token = NO_TOK_AIM, .plus_kw = LK_PRECISE},
    /* 4b: an observation token rerolls 1 die (L2701) */
    {.m = MOD(.name = "observation", .side = NO_ATTACKER, .window = NO_W_ATTACK_REROLL, .op = NO_OP_REROLL,
         .faces = ALL_ATTACK, .count = 1, .cost_token = NO_TOK_OBSERVATION, .cost_amount = 1),
     .token = NO_TOK_OBSERVATION},
    /* 4c, after converting: Marksman spends aim (L2753), Jar'Kai dodge in melee (L2430) */
    {.m = MOD(.name = "marksman", .side = NO_ATTACKER, .window = NO_W_AFTER_CONVERT, .op = NO_OP_CHANGE,
         .faces = A(LG_BLANK), .to = LG_HIT, .count = 1, .cost_token = NO_TOK_AIM, .cost_amount = 1),
     .keyword = LK_MARKSMAN, .token = NO_TOK_AIM},
    {.m = MOD(.name = "marksman", .side = NO_ATTACKER, .window = NO_W_AFTER_CONVERT, .op = NO_OP_CHANGE,
         .faces = A(LG_HIT), .to = LG_CRIT, .count = 1, .cost_token = NO_TOK_AIM, .cost_amount = 1),
     .keyword = LK_MARKSMAN, .token = NO_TOK_AIM},
    {.m = MOD(.name = "marksman", .side = NO_ATTACKER, .window = NO_W_AFTER_CONVERT, .op = NO_OP_CHANGE,
         .faces = A(LG_BLANK), .to = LG_CRIT, .count = 1, .cost_token = NO_TOK_AIM, .cost_amount = 2),
     .keyword = LK_MARKSMAN, .token = NO_TOK_AIM},
    {.m = MOD(.name = "jar-kai", .side = NO_ATTACKER, .window = NO_W_AFTER_CONVERT, .op = NO_OP_CHANGE,
         .faces = A(LG_BLANK), .to = LG_HIT, .count = 1, .cost_token = NO_TOK_DODGE, .cost_amount = 1),
     .keyword = LK_JAR_KAI, .token = NO_TOK_DODGE, .gate = GATE_MELEE},
    {.m = MOD(.name = "jar-kai", .side = NO_ATTACKER, .window = NO_W_AFTER_CONVERT, .op = NO_OP_CHANGE,
         .faces = A(LG_HIT), .to = LG_CRIT, .count = 1, .cost_token = NO_TOK_DODGE, .cost_amount = 1),
     .keyword = LK_JAR_KAI, .token = NO_TOK_DODGE, .gate = GATE_MELEE},
    {.m = MOD(.name = "jar-kai", .side = NO_ATTACKER, .window = NO_W_AFTER_CONVERT, .op = NO_OP_CHANGE,
         .faces = A(LG_BLANK), .to = LG_CRIT, .count = 1, .cost_token = NO_TOK_DODGE, .cost_amount = 2),
     .keyword = LK_JAR_KAI, .token = NO_TOK_DODGE, .gate = GATE_MELEE},
    /* 5e: a dodge cancels a hit (a crit too with Outmaneuver, L2294); none against an
     * all-High-Velocity pool (L2881). With Block a dodge may be spent for nothing (L1587, L2280). */
    {.m = MOD(.name = "dodge", .side = NO_DEFENDER, .window = NO_W_DODGE, .op = NO_OP_CANCEL,
         .faces = A(LG_HIT), .count = 1, .cost_token = NO_TOK_DODGE, .cost_amount = 1),
     .token = NO_TOK_DODGE, .gate = GATE_NOT_HIGH_VELOCITY, .crit_kw = LK_OUTMANEUVER},
    {.m = MOD(.name = "dodge-for-block", .side = NO_DEFENDER, .window = NO_W_DODGE, .op = NO_OP_GAIN,
         .to = NO_TOK_DODGE, .amount = 0, .once = 1, .cost_token = NO_TOK_DODGE, .cost_amount = 1),
     .keyword = LK_BLOCK, .token = NO_TOK_DODGE, .gate = GATE_NOT_HIGH_VELOCITY},
    /* so may a Duelist in melee, whom a dodge spent makes Immune: Pierce (L1587, L2446) */
    {.m = MOD(.name = "dodge-for-duelist", .side = NO_DEFENDER, .window = NO_W_DODGE, .op = NO_OP_GAIN,
         .to = NO_TOK_DODGE, .amount = 0, .once = 1, .cost_token = NO_TOK_DODGE, .cost_amount = 1),
     .keyword = LK_DUELIST, .token = NO_TOK_DODGE, .gate = GATE_MELEE_DODGE},
    /* 6, attacker: Impact X against Armor (L2885); Primitive after it, forced (L3000); Ram X
     * (L2955); Lethal X turns aim into Pierce (L2986) */
    {.m = MOD(.name = "impact", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CHANGE,
         .faces = A(LG_HIT), .to = LG_CRIT, .once = 1),
     .keyword = LK_IMPACT, .token = NO_NO_TOKEN, .gate = GATE_ARMOR, .count_kw = LK_IMPACT},
    /* Primitive resolves once, when the Impact effects are done (even on no crit); the attacker
     * orders it among its other effects, so a later Ram crit stands (the default reading of
     * L3000: rule_options.primitive "after_impact") */
    {.m = MOD(.name = "primitive", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CHANGE,
         .faces = A(LG_CRIT), .to = LG_HIT, .count = NO_COUNT_ALL, .once = 1, .mandatory = 1,
         .empty_ok = 1),
     .keyword = LK_PRIMITIVE, .token = NO_NO_TOKEN, .gate = GATE_ARMOR, .excludes = "impact"},
    {.m = MOD(.name = "ram", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CHANGE,
         .faces = A(LG_BLANK) | A(LG_HIT), .to = LG_CRIT, .once = 1),
     .keyword = LK_RAM, .token = NO_NO_TOKEN, .count_kw = LK_RAM, .gate = GATE_RAM_CRITS},
    /* when Primitive turns "todos los resultados de impacto crítico de ese ataque" into hits, a
     * later Ram crit too ("every_crit"), Ram's crits end as hits: it turns blanks into hits */
    {.m = MOD(.name = "ram", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CHANGE,
         .faces = A(LG_BLANK), .to = LG_HIT, .once = 1),
     .keyword = LK_RAM, .token = NO_NO_TOKEN, .count_kw = LK_RAM, .gate = GATE_RAM_PRIMITIVE},
    {.m = MOD(.name = "lethal", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_GAIN,
         .to = NO_TOK_PIERCE, .amount = 1, .cost_token = NO_TOK_AIM, .cost_amount = 1, .cost_charges = 1),
     .keyword = LK_LETHAL, .token = NO_TOK_AIM, .charge_kw = LK_LETHAL},
    /* 6, defender: Armor / Armor X (L2272, L2276); shields against ranged (L2478); Backup, up to
     * 2 hits against ranged (L1495) */
    {.m = MOD(.name = "armor", .side = NO_DEFENDER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CANCEL,
         .faces = A(LG_HIT), .once = 1),
     .keyword = LK_ARMOR, .token = NO_NO_TOKEN, .count_kw = LK_ARMOR},
    {.m = MOD(.name = "shield", .side = NO_DEFENDER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CANCEL,
         .faces = A(LG_HIT) | A(LG_CRIT), .count = 1, .cost_token = NO_TOK_SHIELD, .cost_amount = 1),
     .token = NO_TOK_SHIELD, .gate = GATE_RANGED},
    {.m = MOD(.name = "backup", .side = NO_DEFENDER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CANCEL,
         .faces = A(LG_HIT), .count = 2, .once = 1),
     .keyword = LK_BACKUP, .token = NO_NO_TOKEN, .gate = GATE_RANGED},
    /* 6, defender: an allied Guardian X cancels up to X hits against ranged attacks and rolls a
     * die of its own per hit (L2529); the attacker's Pierce may then cancel its blocks (L2994) */
    {.m = MOD(.name = "guardian", .side = NO_DEFENDER, .window = NO_W_ATTACK_MODIFY, .op = NO_OP_CANCEL,
         .faces = A(LG_HIT), .once = 1, .then_roll_pool = NO_POOL_COVER),
     .keyword = LK_GUARDIAN, .token = NO_NO_TOKEN, .gate = GATE_RANGED, .count_kw = LK_GUARDIAN, .crit_kw = LK_DIVINE_INFLUENCE,
     .die_kw = LK_GUARDIAN_DIE, .per_guardian = 1},
    /* a guardian with Soresu spends one of its dodge tokens to reroll all its dice before
     * converting (L2442) */
    {.m = MOD(.name = "guardian-soresu", .side = NO_DEFENDER, .window = NO_W_GUARDIAN_REROLL, .pool = NO_POOL_COVER,
         .op = NO_OP_REROLL, .faces = ALL_DEFENSE, .count = NO_COUNT_ALL, .whole_pool = 1, .once = 1,
         .cost_charges = 1),
     .keyword = LK_GUARDIAN_SORESU, .token = NO_NO_TOKEN, .charge_kw = LK_GUARDIAN_DODGE, .per_guardian = 1},
    {.m = MOD(.name = "pierce-guardian", .side = NO_ATTACKER, .window = NO_W_GUARDIAN_PIERCE,
         .pool = NO_POOL_COVER, .op = NO_OP_CHANGE, .faces = 1u << LG_D_BLOCK, .to = LG_D_BLANK,
         .count = 1, .cost_token = NO_TOK_PIERCE, .cost_amount = 1),
     .keyword = LK_GUARDIAN, .token = NO_NO_TOKEN, .gate = GATE_GUARDIAN_PIERCE, .per_guardian = 1},
    /* 7c: Uncanny Luck X (L2823); Soresu rerolls every defense die against ranged (L2442) */
    {.m = MOD(.name = "uncanny-luck", .side = NO_DEFENDER, .window = NO_W_DEFENSE_REROLL, .pool = NO_POOL_DEFENSE,
         .op = NO_OP_REROLL, .faces = ALL_DEFENSE, .once = 1),
     .keyword = LK_UNCANNY_LUCK, .token = NO_NO_TOKEN, .count_kw = LK_UNCANNY_LUCK},
    {.m = MOD(.name = "soresu", .side = NO_DEFENDER, .window = NO_W_DEFENSE_REROLL, .pool = NO_POOL_DEFENSE,
         .op = NO_OP_REROLL, .faces = ALL_DEFENSE, .count = NO_COUNT_ALL, .whole_pool = 1, .once = 1),
     .keyword = LK_SORESU, .token = NO_NO_TOKEN, .gate = GATE_RANGED},
};

/* Does Primitive turn every crit of the attack into a hit, a later one too (L3000, the
 * "every_crit" reading)? Only against Armor. */
static int primitive_every_crit(const no_ctx *ctx)
{
    return KA(ctx, LK_PRIMITIVE) && KD(ctx, LK_ARMOR) && KA(ctx, LK_PRIMITIVE_READING) == LG_PRIMITIVE_EVERY_CRIT;
}

static int gate_open(const no_ctx *ctx, int gate, int g)
{
    switch (gate) {
    case GATE_RANGED: return ranged(ctx);
    case GATE_MELEE: return melee(ctx);
    case GATE_ARMOR: return KD(ctx, LK_ARMOR) != 0;
    case GATE_NOT_HIGH_VELOCITY: return !KA(ctx, LK_HIGH_VELOCITY);
    case GATE_MELEE_DODGE: return melee(ctx) && !KA(ctx, LK_HIGH_VELOCITY);
    case GATE_RAM_CRITS: return !primitive_every_crit(ctx);
    case GATE_RAM_PRIMITIVE: return primitive_every_crit(ctx);
    case GATE_GUARDIAN_PIERCE: return ranged(ctx) && !KG(ctx, g, LK_GUARDIAN_IMMUNE_PIERCE);
    default: return 1;
    }
}

/* The window a guardian template acts in for guardian g (the first guardian's are the
 * template's own). */
static uint8_t guardian_window(uint8_t window, int g)
{
    static const uint8_t second[][2] = {{NO_W_ATTACK_MODIFY, NO_W_GUARDIAN_2},
                                        {NO_W_GUARDIAN_REROLL, NO_W_GUARDIAN_REROLL_2},
                                        {NO_W_GUARDIAN_PIERCE, NO_W_GUARDIAN_PIERCE_2}};
    for (size_t i = 0; g && i < sizeof second / sizeof second[0]; i++)
        if (second[i][0] == window)
            return second[i][1];
    return window;
}

/* Adds template t for guardian g (0 for templates that are not per guardian); -1 when full. */
static int add_mod(no_ctx *ctx, const template *t, int g, const template **from)
{
    int side = t->m.side, shift = g * LG_GUARDIAN_FIELDS;
    const uint8_t *kw = ctx->kw[t->per_guardian ? NO_DEFENDER : side]; /* a guardian's facts are the defender's */
#define KW(k) ((k) == LK_NONE ? 0 : kw[(k) + shift])
    if ((t->keyword != LK_NONE && !KW(t->keyword)) ||
        (t->token != NO_NO_TOKEN && !ctx->start.tok[side][t->token]) || !gate_open(ctx, t->gate, g))
        return 0;
    if (ctx->nmods >= NO_MAX_MODS)
        return -1;
    no_modifier *m = &ctx->mods[ctx->nmods];
    *m = t->m;
    m->window = guardian_window(m->window, g);
    if (!m->cost_amount)
        m->cost_token = NO_NO_TOKEN;
    m->builtin = 1;
    m->charge_slot = (uint8_t)ctx->nmods;
    if (t->count_kw != LK_NONE)
        m->count = (uint8_t)(KW(t->count_kw) == LG_ARMOR_ALL ? NO_COUNT_ALL : KW(t->count_kw));
    m->count = (uint8_t)(m->count + KW(t->plus_kw)); /* Precise X: X more dice per aim */
    if (KW(t->crit_kw))
        m->faces |= A(LG_CRIT);
    if (t->die_kw != LK_NONE)
        m->then_roll = 1 + (KW(t->die_kw) == LG_DEF_RED ? LG_DIE_RED_DEF : LG_DIE_WHITE_DEF);
    ctx->start.charges[ctx->nmods] = KW(t->charge_kw);
#undef KW
    from[ctx->nmods++] = t;
    return 0;
}

/* Step 4a's choices (L1567): for each weapon in an upgrade slot, one declaration per way to
 * place its upgrades, mandatory and each excluding the others, so the policy picks one before
 * the roll by what the attack is then worth. Added after the keyword effects. */
static int add_upgrade_choices(no_ctx *ctx)
{
    const char *what = KD(ctx, LK_UNIT_TYPE) == LG_VEHICLE ? "anti-materiel" : "anti-personnel";
    for (int u = 0; u < LG_MAX_UPGRADES; u++) {
        const uint8_t *slot = &KA(ctx, LK_UPGRADE + u * LG_UPGRADE_FIELDS);
        if (!slot[LG_UPGRADE_X])
            continue;
        int lo, hi, first = ctx->nmods;
        int t = upgrade_choices(slot[LG_UPGRADE_X], slot[LG_UPGRADE_WHITE], slot[LG_UPGRADE_BLACK], &lo, &hi);
        for (int whites = hi; whites >= lo; whites--) { /* whites first: the first of equals wins */
            if (ctx->nmods >= NO_MAX_MODS)
                return -1;
            no_modifier *m = &ctx->mods[ctx->nmods];
            *m = (no_modifier)MOD(.side = NO_ATTACKER, .window = NO_W_ATTACK_DICE, .op = NO_OP_DECLARE,
                                  .cost_token = NO_NO_TOKEN, .once = 1, .mandatory = 1, .builtin = 1,
                                  .effect = (uint8_t)whites, .amount = (int8_t)(t - whites));
            snprintf(m->name, sizeof m->name, "%s: %d white %d black up", what, whites, t - whites);
            m->charge_slot = (uint8_t)ctx->nmods++;
        }
        uint32_t all = ((1u << ctx->nmods) - 1) & ~((1u << first) - 1);
        for (int m = first; m < ctx->nmods; m++)
            ctx->mods[m].excludes = all & ~(1u << m);
    }
    return 0;
}

int no_legion_add_mods(no_ctx *ctx)
{
    const template *from[NO_MAX_MODS];
    for (size_t i = 0; i < sizeof templates / sizeof templates[0]; i++)
        for (int g = 0; g < (templates[i].per_guardian ? LG_MAX_GUARDIANS : 1); g++)
            if (add_mod(ctx, &templates[i], g, from))
                return -1;
    for (int a = 0; a < ctx->nmods; a++) /* exclusions, by template name */
        for (int b = 0; b < ctx->nmods && from[a]->excludes; b++)
            if (!strcmp(ctx->mods[b].name, from[a]->excludes))
                ctx->mods[a].excludes |= 1u << b;
    return add_upgrade_choices(ctx);
}
