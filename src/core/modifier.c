/* modifier.c — generic modifier primitives shared by every game. */
#include "neverodds/modifier.h"
#include <string.h>

int no_pool_total(const no_pool *p)
{
    int t = 0;
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < NO_MAX_FACES; f++)
            t += p->n[c][f];
    return t;
}

int no_pool_face(const no_pool *p, int face)
{
    return p->n[NO_FRESH][face] + p->n[NO_REROLLED][face];
}

/* Faces a modifier can act on in this state: a change never "changes" a die to itself, but
 * one that locks the die may (Palpatine names the face a die already shows, FAQ B1021). */
static unsigned acting_faces(const no_modifier *md)
{
    unsigned mask = md->faces;
    if (md->op == NO_OP_CHANGE && !md->locks_die)
        mask &= ~(1u << md->to);
    return mask;
}

/* Rerolling, changing and adding results modify dice; cancelling results and adding or removing
 * dice do not (FAQ 4.4.1 B579-581): only the first kind is stopped by a sealed pool or by
 * "cannot modify". */
static int modifies(const no_modifier *md)
{
    return md->op == NO_OP_REROLL || md->op == NO_OP_CHANGE || md->op == NO_OP_ADD;
}

void no_mod_only(no_ctx *ctx, int pool, uint32_t mods)
{
    ctx->sole_mods[pool] = ((ctx->sole_pools >> pool) & 1) ? ctx->sole_mods[pool] & mods : mods;
    ctx->sole_pools |= (uint8_t)(1u << pool);
}

/* The face of the die a locks_die change fixed in `pool`, or -1 (no_state.locked). */
static int locked_face(const no_state *s, int pool)
{
    int nibble = pool < 2 ? (s->locked >> (4 * pool)) & 0xF : 0;
    return nibble - 1;
}

/* The dice of its pool a modifier may act on: all of them, but a reroll or a change never takes
 * the locked die, which "cannot be modified again during this attack" (Palpatine, FAQ B159); a
 * cancel may (cancelling is not modifying, B579). The pool itself, or `buf` without that die. */
static const no_pool *reachable(const no_state *s, const no_modifier *md, no_pool *buf)
{
    const no_pool *p = &s->pool[md->pool];
    int f = locked_face(s, md->pool);
    if (f < 0 || !(md->op == NO_OP_REROLL || md->op == NO_OP_CHANGE) || !p->n[NO_REROLLED][f])
        return p;
    *buf = *p;
    buf->n[NO_REROLLED][f]--;
    return buf;
}

static int matching(const no_pool *p, unsigned mask, int fresh_only)
{
    int t = 0;
    for (; mask; mask &= mask - 1) { /* only the faces named: usually one to three */
        int f = __builtin_ctz(mask);
        if (f >= NO_MAX_FACES)
            break;
        t += fresh_only ? p->n[NO_FRESH][f] : no_pool_face(p, f);
    }
    return t;
}

/* Does `side` meet a requires (want_present 1) or forbids (0) mask: every token named held (or
 * none held), and for every group named, at least one of its tokens held (or none). */
static int tokens_hold(const no_ctx *ctx, const no_state *s, int side, uint32_t mask, int want_present)
{
    if (!mask)
        return 1;
    const uint8_t *tok = s->tok[side], *other = s->tok[!side];
    for (int t = 0; t < NO_TOK_N; t++)
        if ((mask & (1u << t)) && ((tok[t] > 0) != want_present))
            return 0;
    for (int g = 0; g < NO_TOKEN_GROUPS; g++) {
        if (!(mask & NO_TOKEN_GROUP(g)))
            continue;
        int held = 0;
        for (int t = 0; t < NO_TOK_N && !held; t++)
            held = ((ctx->group_tokens[g] >> t & 1) && tok[t]) || ((ctx->group_tokens_other[g] >> t & 1) && other[t]);
        if (held != want_present)
            return 0;
    }
    return 1;
}

/* How many tokens of `mask` (tokens, group bits on top) `side` holds: each token once, the other
 * side's tokens that count among this side's group included (a lock on it is its red token). */
static int tokens_count(const no_ctx *ctx, const no_state *s, int side, uint32_t mask)
{
    uint32_t own = mask & ((1u << NO_TOK_N) - 1), other = 0;
    for (int g = 0; g < NO_TOKEN_GROUPS; g++)
        if (mask & NO_TOKEN_GROUP(g)) {
            own |= ctx->group_tokens[g];
            other |= ctx->group_tokens_other[g];
        }
    int n = 0;
    for (int t = 0; t < NO_TOK_N; t++)
        n += ((own >> t & 1) ? s->tok[side][t] : 0) + ((other >> t & 1) ? s->tok[!side][t] : 0);
    return n;
}

/* Up to how many dice a modifier acts on here: its count, or one per token it counts (count_from,
 * at most NO_MAX_ROLL; 0: none, it cannot be used). */
static int mod_count(const no_ctx *ctx, const no_state *s, const no_modifier *md)
{
    if (!md->count_from)
        return md->count;
    int n = tokens_count(ctx, s, md->count_from == 1 ? md->side : !md->side, md->count_tokens);
    return n > NO_MAX_ROLL ? NO_MAX_ROLL : n;
}

/* Its own pool: the attack dice for the attacker, the defense dice for the defender. */
static int own_pool(int side) { return side == NO_ATTACKER ? NO_POOL_ATTACK : NO_POOL_DEFENSE; }

/* A reroll of the side's own dice under a cap of one die (Magva Yarro); a reroll that does not
 * count as one is not counted (Han Solo, FAQ L2839-L2841). */
static int reroll_capped(const no_ctx *ctx, const no_modifier *md)
{
    return ctx->reroll_cap[md->side] && md->op == NO_OP_REROLL && md->pool == own_pool(md->side) && !md->unmarked;
}

/* The faces the side may no longer modify: the capped face once one result of it was modified by
 * the side's own effects (Padme Amidala; another ship's effects are not the side's, FAQ
 * L3086-L3088). Rerolls and changes modify a result; cancels do not (L1344). */
static unsigned face_capped(const no_ctx *ctx, const no_modifier *md)
{
    if (!ctx->face_cap[md->side] || md->other_ship || (md->op != NO_OP_REROLL && md->op != NO_OP_CHANGE))
        return 0;
    return md->faces & (1u << ctx->cap_face);
}

static unsigned blocked_faces(const no_ctx *ctx, const no_state *s, const no_modifier *md)
{
    return (s->used & NO_USED_FACE_CAP) ? face_capped(ctx, md) : 0;
}

/* May no one modify md's pool now: sealed, a side that cannot modify (1e), a pool only some
 * modifiers may modify, a pool sealed while a condition holds. */
static int pool_barred(const no_ctx *ctx, const no_state *s, int m)
{
    const no_modifier *md = &ctx->mods[m];
    if (((s->sealed >> md->pool) & 1) || (ctx->cannot_modify[md->side] && !md->other_ship))
        return 1;
    if (((ctx->sole_pools >> md->pool) & 1) && !((ctx->sole_mods[md->pool] >> m) & 1))
        return 1;
    for (int i = 0; i < ctx->nseal_if; i++) {
        const no_seal_if *c = &ctx->seal_if[i];
        if (c->pool == md->pool && tokens_hold(ctx, s, c->side, c->requires, 1) &&
            tokens_hold(ctx, s, !c->side, c->opp_requires, 1))
            return 1;
    }
    return 0;
}

/* Has `side` used a record that rerolls, changes or adds to its own pool in this attack (the
 * attacker "modified any attack dice", Alexsandr Kallus)? Its own effects and those other ships
 * give it; the other side's effects on its dice are not its modifications. */
static int side_modified_own(const no_ctx *ctx, const no_state *s, int side)
{
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->side == side && md->pool == own_pool(side) && modifies(md) && (s->used >> m & 1))
            return 1;
    }
    return 0;
}

/* Has `side` used a record costing one of the tokens of `mask` in this attack ("after a friendly
 * ship spends a focus or evade token", Obi-Wan Kenobi)? */
static int side_spent(const no_ctx *ctx, const no_state *s, int side, uint32_t mask)
{
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->side == side && md->cost_token != NO_NO_TOKEN && !md->cost_opp && (mask >> md->cost_token & 1) &&
            (s->used >> m & 1))
            return 1;
    }
    return 0;
}

const char *no_mod_condition_off(const no_ctx *ctx, const no_modifier *md)
{
    if (!(md->ranges & (1u << ctx->range)))
        return "not at this range";
    if (md->obstructed >= 0 && md->obstructed != ctx->obstructed)
        return md->obstructed ? "the attack is not obstructed" : "the attack is obstructed";
    if (md->shielded && (md->shielded == 2) != (ctx->shields > 0)) /* the scenario's shields, not assumed */
        return md->shielded == 2 ? "the defender has no shield" : "the defender has shields";
    return NULL;
}

int no_mod_usable(const no_ctx *ctx, const no_state *s, int m)
{
    const no_modifier *md = &ctx->mods[m];
    uint32_t bit = 1u << m;
    if ((md->once && (s->used & bit)) || (s->used & ctx->excluded_by[m]))
        return 0;
    if ((s->sealed & NO_REROLLS_DONE(md->side)) && (ctx->nf_rerolls[md->side] & bit))
        return 0; /* the side has begun changing: its rerolls come first (no_ctx.nf_rerolls) */
    int modifying = modifies(md); /* adding results after cancelling (Accuracy Corrector) too */
    for (int c = md->chain; c && !modifying; c = ctx->mods[c - 1].chain)
        modifying = modifies(&ctx->mods[c - 1]);
    if (modifying && pool_barred(ctx, s, m))
        return 0;
    for (int c = m + 1; c; c = ctx->mods[c - 1].chain) /* no one may reroll this pool */
        if (ctx->mods[c - 1].op == NO_OP_REROLL && ((ctx->cannot_reroll >> md->pool) & 1))
            return 0;
    const uint8_t *tok = s->tok[md->side ^ md->cost_opp]; /* a token taken from the other side */
    if (md->cost_token != NO_NO_TOKEN &&
        (tok[md->cost_token] < md->cost_amount ||
         (!md->cost_opp && ((ctx->cannot_spend[md->side] >> md->cost_token) & 1))))
        return 0;
    if (md->opp_modified && !side_modified_own(ctx, s, !md->side))
        return 0;
    if (md->after_spending && !side_spent(ctx, s, md->side, md->after_spending))
        return 0;
    if (md->cost_charges && s->charges[md->charge_slot] < md->cost_charges)
        return 0;
    if (md->charge_active && !s->charges[md->charge_slot])
        return 0;
    if (reroll_capped(ctx, md) && (s->used & NO_USED_REROLL_CAP))
        return 0;
    if (!tokens_hold(ctx, s, md->side, md->requires, 1) || !tokens_hold(ctx, s, md->side, md->forbids, 0) ||
        !tokens_hold(ctx, s, !md->side, md->opp_requires, 1) || !tokens_hold(ctx, s, !md->side, md->opp_forbids, 0))
        return 0;
    if (no_mod_condition_off(ctx, md))
        return 0;
    if (md->op == NO_OP_DICE)
        return 1;
    const no_pool *p = &s->pool[md->pool];
    if (md->over_shields && matching(p, ctx->success[md->pool], 0) <= ctx->shields)
        return 0; /* more hit/crit results than active shields (Durge) */
    if (md->min_dice || md->max_dice || md->only_faces) { /* conditions on the whole pool (Heroic, TV-94) */
        int total = no_pool_total(p);
        if (total < md->min_dice || (md->max_dice && total > md->max_dice - 1) ||
            (md->only_faces && matching(p, md->only_faces, 0) != total))
            return 0;
    }
    if (md->count_from && mod_count(ctx, s, md) == 0)
        return 0;
    no_pool buf;
    const no_pool *free_dice = reachable(s, md, &buf);
    unsigned blocked = blocked_faces(ctx, s, md);
    switch (md->op) {
    case NO_OP_REROLL: {
        int n = matching(free_dice, md->faces & ~blocked, !md->unmarked);
        /* every die or none: not when a cap allows fewer (Magva Yarro, Padme Amidala) */
        if (md->whole_pool && ((reroll_capped(ctx, md) && n > 1) ||
                               (face_capped(ctx, md) && matching(free_dice, face_capped(ctx, md), !md->unmarked) > 1)))
            return 0;
        return n > 0;
    }
    case NO_OP_CHANGE:
    case NO_OP_CANCEL: return md->empty_ok || matching(free_dice, acting_faces(md) & ~blocked, 0) > 0;
    case NO_OP_ROLL: return matching(p, md->faces, 0) > 0; /* a die of these faces is present */
    default: return 1; /* add, gain, declare */
    }
}

/* Enumerates picks over the (column, face) cells in `cells`, 1..limit dice in all. */
typedef struct picker {
    no_option cur;
    const no_pool *p;   /* the dice it may take (reachable) */
    no_pool buf;
    int cells[2 * NO_MAX_FACES][2];
    int ncells, limit;
    int exactly;        /* > 0: only picks of this many dice (no_modifier.exact) */
    int cap_face, cap_left; /* at most cap_left dice showing cap_face (-1: no cap) */
    no_option *out;
    int n, max;
} picker;

static void pick_rec(picker *pk, int cell, int taken)
{
    if (cell == pk->ncells) {
        if (taken > 0 && (!pk->exactly || taken == pk->exactly)) {
            if (pk->n < pk->max)
                pk->out[pk->n] = pk->cur;
            pk->n++; /* counted even past max, so the caller can tell it ran out of room */
        }
        return;
    }
    int col = pk->cells[cell][0], face = pk->cells[cell][1];
    int avail = pk->p->n[col][face];
    int capped = face == pk->cap_face;
    for (int r = 0; r <= avail && taken + r <= pk->limit && (!capped || r <= pk->cap_left); r++) {
        pk->cur.pick[col][face] = (uint8_t)r;
        pk->cap_left -= capped ? r : 0;
        pick_rec(pk, cell + 1, taken + r);
        pk->cap_left += capped ? r : 0;
    }
    pk->cur.pick[col][face] = 0;
}

static int options_of(const no_ctx *ctx, const no_state *s, int m, no_option *out, int max)
{
    const no_modifier *md = &ctx->mods[m];
    if (max <= 0)
        return 1; /* no room: over the limit */
    picker pk;
    memset(&pk, 0, sizeof pk);
    pk.cur.mod = (uint8_t)m;
    pk.p = reachable(s, md, &pk.buf);
    pk.out = out;
    pk.max = max;
    if (md->op == NO_OP_ADD || md->op == NO_OP_GAIN || md->op == NO_OP_ROLL ||
        md->op == NO_OP_DECLARE) { /* one way to use it */
        out[0] = pk.cur;
        return 1;
    }
    /* a reroll takes dice not rerolled yet; "reroll all" too under a golden rule (the dice left,
     * FAQ B1205, B1293) */
    int fresh_only = md->op == NO_OP_REROLL && (!md->whole_pool || ctx->reroll_once) && !md->unmarked;
    unsigned mask = (md->op == NO_OP_REROLL ? md->faces : acting_faces(md)) & ~blocked_faces(ctx, s, md);
    int count = mod_count(ctx, s, md);
    pk.cap_face = face_capped(ctx, md) ? ctx->cap_face : -1; /* one result of that face (Padme) */
    pk.cap_left = 1;
    if ((count == NO_COUNT_ALL && md->op != NO_OP_REROLL) || md->whole_pool) {
        /* "change all" / "cancel all": one option, every matching die; under a cap of one result
         * of a face, one option per column holding that face (no_mod_usable keeps a whole
         * reroll from taking more than the cap) */
        for (int c = 0; c < (fresh_only ? 1 : 2); c++)
            for (int f = 0; f < NO_MAX_FACES; f++)
                if ((mask & (1u << f)) && f != pk.cap_face)
                    pk.cur.pick[c][f] = pk.p->n[c][f];
        if (pk.cap_face < 0 || !(mask & (1u << pk.cap_face))) {
            out[0] = pk.cur;
            return 1;
        }
        int n = 0;
        for (int c = 0; c < (fresh_only ? 1 : 2); c++)
            if (pk.p->n[c][pk.cap_face]) {
                if (n >= max)
                    return n + 1;
                out[n] = pk.cur;
                out[n++].pick[c][pk.cap_face] = 1;
            }
        if (!n) /* no die of that face: the rest, if any */
            out[n++] = pk.cur;
        return n;
    }
    for (int c = 0; c < (fresh_only ? 1 : 2); c++)
        for (int f = 0; f < NO_MAX_FACES; f++)
            if ((mask & (1u << f)) && pk.p->n[c][f] > 0) {
                pk.cells[pk.ncells][0] = c;
                pk.cells[pk.ncells][1] = f;
                pk.ncells++;
            }
    pk.limit = count == NO_COUNT_ALL ? NO_MAX_ROLL : count;
    if (reroll_capped(ctx, md))
        pk.limit = 1; /* at most one die of its own pool (Magva Yarro) */
    if (md->op == NO_OP_REROLL && pk.limit > NO_MAX_ROLL)
        pk.limit = NO_MAX_ROLL;
    if (md->exact) { /* exactly `count` dice, or all there are when fewer (FAQ L2831-L2837) */
        int there = 0;
        for (int i = 0; i < pk.ncells; i++)
            there += pk.p->n[pk.cells[i][0]][pk.cells[i][1]];
        pk.exactly = there < pk.limit ? there : pk.limit;
    }
    pick_rec(&pk, 0, 0);
    return pk.n; /* may exceed max: the caller reports it */
}

void no_ctx_index(no_ctx *ctx)
{
    memset(ctx->window_mods, 0, sizeof ctx->window_mods);
    memset(ctx->excluded_by, 0, sizeof ctx->excluded_by);
    /* a normal form read off other records (order's commitments) would not hold: the game works
     * it out again once the records are final (xwing.c) */
    memset(ctx->nf_changes, 0, sizeof ctx->nf_changes);
    memset(ctx->nf_rerolls, 0, sizeof ctx->nf_rerolls);
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        /* dice-count effects are applied by the rules, and chained parts with what they follow:
         * neither is chosen on its own */
        if (md->op != NO_OP_DICE && !md->chained)
            ctx->window_mods[md->side][md->window] |= 1u << m;
        for (int t = 0; t < ctx->nmods; t++)
            if (md->excludes & (1u << t))
                ctx->excluded_by[t] |= 1u << m;
    }
}

int no_mod_any(const no_ctx *ctx, const no_state *s, int side, int window, int *must_act)
{
    int any = 0;
    *must_act = 0;
    for (uint32_t set = ctx->window_mods[side][window]; set; set &= set - 1) {
        int m = __builtin_ctz(set);
        if (no_mod_usable(ctx, s, m)) {
            any = 1;
            *must_act |= ctx->mods[m].mandatory;
        }
    }
    return any;
}

int no_mod_options(const no_ctx *ctx, const no_state *s, int side, int window,
                   no_option *out, int max, int *must_act)
{
    int n = 0;
    *must_act = 0;
    for (uint32_t set = ctx->window_mods[side][window]; set; set &= set - 1) {
        int m = __builtin_ctz(set);
        const no_modifier *md = &ctx->mods[m];
        if (!no_mod_usable(ctx, s, m))
            continue;
        if (md->mandatory)
            *must_act = 1;
        n += options_of(ctx, s, m, out + n, max - n);
        if (n > max)
            return -1;
    }
    return n;
}

static void pay(const no_ctx *ctx, no_state *s, int m)
{
    const no_modifier *md = &ctx->mods[m];
    if (md->cost_token != NO_NO_TOKEN)
        s->tok[md->side ^ md->cost_opp][md->cost_token] -= md->cost_amount;
    s->charges[md->charge_slot] -= md->cost_charges;
    if (md->cost_damage && md->side == NO_DEFENDER) /* suffered with the attack's hit damage */
        s->to_deal[0] = (uint8_t)(s->to_deal[0] + md->cost_damage);
    s->used |= 1u << m;
}

/* After a use: a locks_die change fixes its die; a cancel that took the last die showing the
 * locked face took the locked die (a cancel takes the locked die last), which frees the lock. */
static void lock_after(no_state *s, const no_modifier *md)
{
    int shift = 4 * md->pool, f = locked_face(s, md->pool);
    if (md->locks_die && md->pool < 2)
        s->locked = (uint8_t)((s->locked & ~(0xF << shift)) | (md->to + 1) << shift);
    else if (f >= 0 && s->pool[md->pool].n[NO_REROLLED][f] == 0)
        s->locked = (uint8_t)(s->locked & ~(0xF << shift));
}

static void apply_effect(const no_ctx *ctx, no_state *s, const no_option *opt)
{
    const no_modifier *md = &ctx->mods[opt->mod];
    no_pool *p = &s->pool[md->pool];
    int moved = 0;
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < NO_MAX_FACES; f++) {
            int r = opt->pick[c][f];
            if (!r)
                continue;
            p->n[c][f] -= (uint8_t)r;
            moved += r;
            if (md->op == NO_OP_CHANGE) /* a changed die keeps its rerolled mark; a locked one
                                         * takes it, so no reroll reaches it (B159) */
                p->n[md->locks_die ? NO_REROLLED : c][md->to] += (uint8_t)r;
            if (md->op == NO_OP_REROLL) { /* each die by its own type */
                int die = ctx->reroll_die[md->pool][f];
                if (md->unmarked && c == NO_REROLLED)
                    die = ctx->kept_die[die]; /* a die rerolled before stays so (FAQ L2839-L2841) */
                s->roll[die] += (uint8_t)r;
            }
        }
    switch (md->op) {
    case NO_OP_REROLL:
        s->roll_pool = md->pool;
        /* under a golden rule (X-Wing L29) rerolled dice are marked; otherwise (Legion aim
         * tokens) a die may be rerolled again by a later effect */
        s->roll_column = ctx->reroll_once && !md->unmarked ? NO_REROLLED : NO_FRESH;
        break;
    case NO_OP_GAIN:
        s->tok[md->side][md->to] += (uint8_t)md->amount;
        break;
    case NO_OP_CANCEL:
        if (md->then_roll) { /* a die of another unit rolled per result cancelled (Guardian) */
            s->roll[md->then_roll - 1] += (uint8_t)moved;
            s->roll_pool = md->then_roll_pool;
            s->roll_column = NO_FRESH;
        }
        break;
    case NO_OP_ADD:
        p->n[NO_FRESH][md->to] += md->count; /* added dice are normal, rerollable dice */
        break;
    case NO_OP_ROLL:
        s->roll[md->to] += (uint8_t)md->amount;
        s->roll_pool = md->pool;
        s->roll_column = NO_FRESH;
        break;
    default:
        break;
    }
    if (md->seals)
        s->sealed |= (uint8_t)(1u << md->pool);
    lock_after(s, md);
}

void no_mod_apply(const no_ctx *ctx, no_state *s, const no_option *opt)
{
    const no_modifier *md = &ctx->mods[opt->mod];
    if (reroll_capped(ctx, md))
        s->used |= NO_USED_REROLL_CAP;
    if (face_capped(ctx, md) && opt->pick[NO_FRESH][ctx->cap_face] + opt->pick[NO_REROLLED][ctx->cap_face])
        s->used |= NO_USED_FACE_CAP;
    if ((ctx->nf_changes[md->side] >> opt->mod & 1) && ctx->policy[md->side] != NO_POLICY_GREEDY)
        s->sealed |= (uint8_t)NO_REROLLS_DONE(md->side); /* greedy may prefer the orders left out */
    pay(ctx, s, opt->mod);
    apply_effect(ctx, s, opt);
    for (int m = ctx->mods[opt->mod].chain; m; m = ctx->mods[m - 1].chain) {
        /* the chained part acts on every matching die (or adds): its one option; a part of a
         * count of dice (after step 4, where every die is alike: Durge) takes the first such
         * pick, or nothing when no die matches */
        no_option part;
        memset(&part, 0, sizeof part);
        int n = options_of(ctx, s, m - 1, &part, 1);
        s->used |= 1u << (m - 1);
        if (n > 0)
            apply_effect(ctx, s, &part);
    }
}

/* The dice count of a pool from `n` (the value with the rules' own changes): the dice-count
 * records of `window` that are usable, then those usable only with at most max_dice dice, each
 * reading the count the others reached ("if the attacker rolled 2 or fewer attack dice", Gideon
 * Hask), then the lowest max_total of the records used, once every increase and decrease is in
 * ("to a maximum of 4", Seventh Fleet Gunner; X-Wing FAQ L3090-L3092: the maximum is applied in
 * step 2a/3a after every effect that changes the count, whatever their order). The game's own
 * clamp comes after. */
int no_mod_dice_count(const no_ctx *ctx, no_state *s, int window, int n)
{
    int cap = 0; /* 1 + the lowest maximum, 0 none */
    for (int pass = 0; pass < 2; pass++)
        for (int m = 0; m < ctx->nmods; m++) {
            const no_modifier *md = &ctx->mods[m];
            if (md->window != window || md->op != NO_OP_DICE || (md->max_dice != 0) != pass ||
                !no_mod_usable(ctx, s, m))
                continue;
            if (md->max_dice && n > md->max_dice - 1)
                continue;
            pay(ctx, s, m);
            n += md->amount;
            if (md->max_total && (!cap || md->max_total < cap))
                cap = md->max_total;
        }
    return cap && n > cap - 1 ? cap - 1 : n;
}

/* The engine's windows and modifier operations by the names scenarios and reports use. */
const char *const no_window_names[NO_W_N] = {"attack-dice", "attack-modify", "attack-after-modify",
                                             "defense-dice", "defense-modify", "before-neutralize",
                                             "attack-reroll", "after-convert", "dodge",
                                             "defense-reroll", "guardian-pierce", "guardian-reroll",
                                             "guardian-2", "guardian-2-reroll", "guardian-2-pierce",
                                             "attack-add",
                                             "evade", "redirect", "attack-rolled", "defense-rolled",
                                             "after-neutralize", "attack-declared"};
const char *const no_op_names[] = {"reroll", "change", "add", "cancel", "dice", "gain", NULL};

int no_window_find(const char *name)
{
    for (int w = 0; w < NO_W_N; w++)
        if (!strcmp(no_window_names[w], name))
            return w;
    return -1;
}
