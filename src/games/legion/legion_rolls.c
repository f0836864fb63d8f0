/* legion_rolls.c — Legion's rolls that are not attacks, on the same engine: the rally of a
 * suppressed unit, the priority roll and a unit's Self-Destruct X against one unit nearby.
 * Lines cited are seeds/002_a81f265cf8fec8c3.txt. */
#include "neverodds/legion.h"
#include "neverodds/modifier.h"

#define KD(ctx, k) ((ctx)->kw[NO_DEFENDER][k])

/* One white defense die per suppression token (L1228). */
static void roll_rally(const no_ctx *ctx, no_state *s)
{
    (void)ctx;
    int n = s->tok[NO_DEFENDER][NO_TOK_SUPPRESSION];
    if (n)
        no_request_roll(s, NO_POOL_DEFENSE, LG_DIE_WHITE_DEF, n);
}

/* A token goes per block or surge (L1229); then the unit is suppressed with tokens >= Courage
 * and panicked with tokens >= twice the Courage it checks with, its own or a friendly
 * commander's in range, whichever is better (L1230-L1236). */
static void resolve_rally(const no_ctx *ctx, no_state *s)
{
    const no_pool *d = &s->pool[NO_POOL_DEFENSE];
    int removed = no_pool_face(d, LG_DFACE(LG_DEF_WHITE, LG_D_BLOCK)) +
                  no_pool_face(d, LG_DFACE(LG_DEF_WHITE, LG_D_SURGE));
    int left = s->tok[NO_DEFENDER][NO_TOK_SUPPRESSION] - removed;
    int courage = KD(ctx, LK_COURAGE), panic = KD(ctx, LK_PANIC_COURAGE);
    if (panic < courage)
        panic = courage;
    s->damage = (uint8_t)removed;
    s->suppression = (uint8_t)left;
    s->flags = (uint8_t)((left >= courage ? LG_FLAG_SUPPRESSED : 0) | (left >= 2 * panic ? LG_FLAG_PANICKED : 0));
}

/* One red defense die (L1125). */
static void roll_priority(const no_ctx *ctx, no_state *s)
{
    (void)ctx;
    no_request_roll(s, NO_POOL_DEFENSE, LG_DIE_RED_DEF, 1);
}

/* The roller has priority on a block (L1125-L1127; the example at L1135: a blank gives it to
 * the opponent). */
static void resolve_priority(const no_ctx *ctx, no_state *s)
{
    (void)ctx;
    s->damage = (uint8_t)no_pool_face(&s->pool[NO_POOL_DEFENSE], LG_DFACE(LG_DEF_RED, LG_D_BLOCK));
}

/* Self-Destruct X (unit keyword, L2252-L2254): X black attack dice against one unit at range 1
 * in line of sight. Not an attack: no defense dice, no cover, no suppression step (L1661). */
static void roll_self_destruct(const no_ctx *ctx, no_state *s)
{
    no_request_roll(s, NO_POOL_ATTACK, LG_DIE_BLACK, ctx->kw[NO_ATTACKER][LK_POOL_BLACK]);
}

/* The unit suffers a wound per "7" and "8" and then gains a suppression token per "9" (L2254).
 * The digits are damaged icons: the English reading (wounds per surge and crit, suppression per
 * hit, as "9" is a hit at L2272) is the default; the L1555 reading ("7" surge, "8" hit, so "9"
 * crit) is the switch. Wounds are assigned as usual (L1661), and a unit that is wiped out, a
 * vehicle or one with Courage "-" gains no token (L825, L1240). */
static void resolve_self_destruct(const no_ctx *ctx, no_state *s)
{
    const no_pool *a = &s->pool[NO_POOL_ATTACK];
    int hits = no_pool_face(a, LG_FACE(LG_BLACK, LG_HIT)), crits = no_pool_face(a, LG_FACE(LG_BLACK, LG_CRIT));
    int surges = no_pool_face(a, LG_FACE(LG_BLACK, LG_SURGE));
    int digits = ctx->kw[NO_ATTACKER][LK_SELF_DESTRUCT_READING] == LG_READING_DIGITS;
    int tokens = digits ? crits : hits;
    no_legion_suffer(ctx, s, surges + (digits ? hits : crits), KD(ctx, LK_HEALTH));
    s->hits = (uint8_t)hits;
    s->crits = (uint8_t)crits;
    if (!s->destroyed && no_legion_takes_suppression(ctx))
        s->suppression = (uint8_t)tokens;
}

/* Nothing to decide: every outcome is worth the same. */
static void no_score(const no_ctx *ctx, const no_state *s, no_value *v)
{
    (void)ctx;
    (void)s;
    (void)v;
}

static const no_step rally_steps[] = {NO_APPLY(roll_rally), NO_APPLY(resolve_rally), NO_END};
static const no_step priority_steps[] = {NO_APPLY(roll_priority), NO_APPLY(resolve_priority), NO_END};

const no_rules no_legion_rally_rules = {.name = "legion-2026", .steps = rally_steps, .score = no_score};
const no_rules no_legion_priority_rules = {.name = "legion-2026", .steps = priority_steps, .score = no_score};

static const no_step self_destruct_steps[] = {NO_APPLY(roll_self_destruct), NO_APPLY(resolve_self_destruct), NO_END};
const no_rules no_legion_self_destruct_rules = {.name = "legion-2026", .steps = self_destruct_steps, .score = no_score};
