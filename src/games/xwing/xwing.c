/* xwing.c — X-Wing second edition attack, as ordered engine steps.
 * Citations are lines of seeds/000_1d63b3a51872ba9e.txt (reference guide v1.4.5). */
#include "neverodds/xwing.h"
#include "neverodds/modifier.h"
#include <stdlib.h>
#include <string.h>

const char *const no_xwing_face_names[XW_NFACES + 1] = {"blank", "focus", "hit", "crit", "evade", NULL};

/* Face tables from shared/rules/dice.md (not printed in the seeds, L-none; the physical dice). */
const no_die no_xwing_attack_die = {
    .name = "red attack d8", .sides = 8, .nresults = 4,
    .face = {XW_BLANK, XW_FOCUS, XW_HIT, XW_CRIT},
    .side_result = {0, 0, 1, 1, 2, 2, 2, 3}, /* 2 blank, 2 focus, 3 hit, 1 crit */
};
const no_die no_xwing_defense_die = {
    .name = "green defense d8", .sides = 8, .nresults = 3,
    .face = {XW_BLANK, XW_FOCUS, XW_EVADE},
    .side_result = {0, 0, 0, 1, 1, 2, 2, 2}, /* 3 blank, 2 focus, 3 evade */
};

static no_dicetab tables[2];
static int tables_ready;

const no_dicetab *no_xwing_dicetab(int die)
{
    if (!tables_ready) { /* first call happens before any parallel region */
        if (no_dicetab_init(&tables[XW_DIE_ATTACK], &no_xwing_attack_die) ||
            no_dicetab_init(&tables[XW_DIE_DEFENSE], &no_xwing_defense_die))
            abort();
        tables_ready = 1;
    }
    return &tables[die];
}

void no_xwing_setup_dice(no_ctx *ctx)
{
    ctx->dice[XW_DIE_ATTACK] = no_xwing_dicetab(XW_DIE_ATTACK);
    ctx->dice[XW_DIE_DEFENSE] = no_xwing_dicetab(XW_DIE_DEFENSE);
    for (int f = 0; f < NO_MAX_FACES; f++) {
        ctx->reroll_die[NO_POOL_ATTACK][f] = XW_DIE_ATTACK;
        ctx->reroll_die[NO_POOL_DEFENSE][f] = XW_DIE_DEFENSE;
    }
    ctx->reroll_once = 1; /* the golden rule: no die is rerolled twice in an attack, L29 */
    ctx->dice[XW_DIE_ATTACK_KEPT] = ctx->dice[XW_DIE_ATTACK];
    ctx->dice[XW_DIE_DEFENSE_KEPT] = ctx->dice[XW_DIE_DEFENSE];
    ctx->kept_die[XW_DIE_ATTACK] = XW_DIE_ATTACK_KEPT;
    ctx->kept_die[XW_DIE_DEFENSE] = XW_DIE_DEFENSE_KEPT;
    ctx->lands_rerolled[XW_DIE_ATTACK_KEPT] = ctx->lands_rerolled[XW_DIE_DEFENSE_KEPT] = 1;
    ctx->success[NO_POOL_ATTACK] = (1u << XW_HIT) | (1u << XW_CRIT);
    ctx->success[NO_POOL_DEFENSE] = 1u << XW_EVADE;
}

/* Token colours (L991-L1003): green, round — calculate (L400), focus (L615), evade (L901),
 * reinforce (L1538); orange, round — tractor (L413), jam (L1216); red, diamond — lock (L1026), ion (L1232),
 * deplete (L1309), strain (L1675), stress (L1735); blue — cloak (L439). Force is a charge, not a
 * token (L460). A lock is the red token of the ship it is assigned to, not of the ship that
 * acquired it (FAQ L2771-L2777): the lock a side holds (tok[side][lock], on the other ship)
 * counts among the other side's red tokens. */
void no_xwing_token_groups(no_ctx *ctx)
{
    ctx->group_tokens[XW_GROUP_GREEN] = XW_GREEN_TOKENS;
    ctx->group_tokens[XW_GROUP_RED] = 1u << NO_TOK_ION | 1u << NO_TOK_DEPLETE | 1u << NO_TOK_STRAIN |
                                      1u << NO_TOK_STRESS;
    ctx->group_tokens_other[XW_GROUP_RED] = 1u << NO_TOK_LOCK;
    ctx->group_tokens[XW_GROUP_ORANGE] = 1u << NO_TOK_TRACTOR | 1u << NO_TOK_JAM; /* jam: L1216 */
}

static int min_of(int a, int b) { return a < b ? a : b; }
static int clamp_dice(int n) { return n < 0 ? 0 : n > 6 ? 6 : n; } /* L136-L137, L332, L344 */

/* Ion and tractor take effect at a token count that grows with ship size (L1232, L413). */
static int at_threshold(int tokens, int size) { return tokens > 0 && tokens >= size; }

int no_xwing_attack_dice(const no_ctx *ctx, no_state *s)
{
    int n = ctx->attack_value;
    if (ctx->range == 1 && !ctx->ordnance)
        n++; /* range bonus, L1351; none for ordnance, L1357 */
    uint8_t *tok = s->tok[NO_ATTACKER];
    n -= ctx->weapons_failure; /* face-up Weapons Failure cards: 1 fewer die each (the card) */
    if (tok[NO_TOK_DEPLETE] > 0) { /* -1 die once, then remove one token, L1307-L1316 */
        n--;
        tok[NO_TOK_DEPLETE]--;
    }
    n = no_mod_dice_count(ctx, s, NO_W_ATTACK_DICE, n); /* a card's maximum too, FAQ L3090-L3092 */
    return clamp_dice(n); /* the clamp comes after every increase and decrease, L3090-L3098 */
}

int no_xwing_defense_dice(const no_ctx *ctx, no_state *s)
{
    uint8_t *tok = s->tok[NO_DEFENDER];
    int n = ctx->agility;
    if (tok[NO_TOK_CLOAK] > 0)
        n += 2; /* cloaked: agility +2, L431-L456 */
    if (ctx->range == 3 && !ctx->ordnance)
        n++; /* L1351, L1357 */
    if (ctx->obstructed)
        n++; /* one die however many obstacles, L1451-L1457 */
    if (tok[NO_TOK_STRAIN] > 0) { /* consumed even when already at 0 dice, L3100-L3102 */
        n--;
        tok[NO_TOK_STRAIN]--;
    }
    if (at_threshold(tok[NO_TOK_TRACTOR], ctx->defender_size))
        n--; /* tractored: 1 fewer defense die, tokens stay, L411-L429 */
    n -= s->card_seen[XW_CARD_STRUCTURAL]; /* face-up Structural Damage cards (damage deck) */
    n = no_mod_dice_count(ctx, s, NO_W_DEFENSE_DICE, n);
    /* "cannot roll more defense dice than the hit/crit results" (Predictive Shot, its Force spent
     * when the attack was declared): a maximum, applied after every increase and decrease (FAQ
     * L3090-L3092), on the attack dice as step 2 left them */
    for (int m = 0; m < ctx->nmods; m++)
        if (ctx->mods[m].caps_defense && (s->used >> m & 1)) {
            int results = no_pool_face(&s->pool[NO_POOL_ATTACK], XW_HIT) + no_pool_face(&s->pool[NO_POOL_ATTACK], XW_CRIT);
            n = min_of(n, results);
        }
    return clamp_dice(n);
}

/* Does any effect of this attack act after step 4 (second edition)? */
static int acts_after_neutralize(const no_ctx *ctx)
{
    return (ctx->window_mods[NO_ATTACKER][NO_W_AFTER_NEUTRALIZE] | ctx->window_mods[NO_DEFENDER][NO_W_AFTER_NEUTRALIZE]) != 0;
}

/* Step 4: evades cancel hits, then crits (L356-L357; first edition B387), but not the results a
 * card makes uncancellable (Autoblaster, Ten Numb: ctx; second edition: Autoblasters, Devastating
 * Barrage, "evade results do not cancel crit results"); each reinforce token then adds one evade
 * while more than one result remains, hits first (L1546-L1548; digest trap 5): an evade result,
 * so it cancels no uncancellable result either. A card may turn the order of L356-L357 round
 * (second edition, ctx->crits_first: Zeb Orrelios and Enduring defending, Plasma Torpedoes
 * attacking): the evades then cancel crits first, and so does a reinforce token's evade, which is
 * an evade result neutralized in the same step (L1546). */
static void neutralize(const no_ctx *ctx, no_state *s)
{
    int res[2] = {no_pool_face(&s->pool[NO_POOL_ATTACK], XW_HIT), no_pool_face(&s->pool[NO_POOL_ATTACK], XW_CRIT)};
    int evades = no_pool_face(&s->pool[NO_POOL_DEFENSE], XW_EVADE);
    int free_res[2] = {res[0] - min_of(res[0], ctx->uncancellable_hits),
                       res[1] - min_of(res[1], ctx->uncancellable_crits)};
    int first = ctx->crits_first ? 1 : 0; /* index into res: 0 hits, 1 crits */
    for (int k = 0; k < 2; k++) {
        int r = k ? !first : first, on = min_of(evades, free_res[r]);
        res[r] -= on;
        free_res[r] -= on;
        evades -= on;
    }
    for (int t = 0; t < s->tok[NO_DEFENDER][NO_TOK_REINFORCE]; t++) {
        if (res[0] + res[1] <= 1)
            break;
        int r = free_res[first] > 0 ? first : !first;
        if (free_res[r] <= 0)
            break;
        res[r]--;
        free_res[r]--;
    }
    int hits = res[0], crits = res[1];
    s->hits = (uint8_t)hits;
    s->crits = (uint8_t)crits;
    if (!ctx->keep_dice)
        s->locked = 0; /* nothing modifies a die once results are compared: equal ends merge */
    if (acts_after_neutralize(ctx)) {
        /* what effects after step 4 act on: the results not cancelled (cancelled dice are taken
         * away, L193), which alone decide whether the attack hits (L359) */
        memset(&s->pool[NO_POOL_ATTACK], 0, sizeof s->pool[NO_POOL_ATTACK]);
        s->pool[NO_POOL_ATTACK].n[NO_FRESH][XW_HIT] = (uint8_t)hits;
        s->pool[NO_POOL_ATTACK].n[NO_FRESH][XW_CRIT] = (uint8_t)crits;
    }
}

/* After the after-neutralize effects: the results they leave are the ones damage is dealt for,
 * and whether the attack hits is read there again (FAQ L3072: at the end of step 4). */
static void count_after_neutralize(const no_ctx *ctx, no_state *s)
{
    if (!acts_after_neutralize(ctx))
        return;
    s->hits = (uint8_t)no_pool_face(&s->pool[NO_POOL_ATTACK], XW_HIT);
    s->crits = (uint8_t)no_pool_face(&s->pool[NO_POOL_ATTACK], XW_CRIT);
}

/* After step 2 the attack dice can only be cancelled or counted. Reroll marks matter only while
 * a die can still be rerolled, and a result matters only if a later rule or modifier reads it;
 * forgetting the rest lets equal outcomes merge, which keeps the exact search small. Under the
 * default rules the attack pool is reduced to its hits, crits and a count of other dice. */
static void forget_spent_attack_detail(const no_ctx *ctx, no_state *s)
{
    /* the results the attacker's modifications leave: its second measure (score) */
    s->flags = (uint8_t)(no_pool_face(&s->pool[NO_POOL_ATTACK], XW_HIT) + no_pool_face(&s->pool[NO_POOL_ATTACK], XW_CRIT));
    if (ctx->keep_dice)
        return; /* trace mode shows the dice as they were */
    unsigned read = (1u << XW_HIT) | (1u << XW_CRIT); /* neutralize reads these */
    int rerolls_later = 0, changes_later = 0;
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->pool != NO_POOL_ATTACK || md->window <= NO_W_ATTACK_AFTER_MODIFY ||
            md->window == NO_W_ATTACK_ROLLED)
            continue;
        read |= md->faces | md->only_faces | (1u << md->to);
        rerolls_later |= md->op == NO_OP_REROLL;
        changes_later |= md->op == NO_OP_CHANGE;
        if (md->only_faces || md->min_dice || md->max_dice)
            read = 0xFF; /* conditions on the whole pool: keep every result */
    }
    /* A die locked by Palpatine matters only to a later change or reroll of the attack dice: keep
     * it where it is (its face, its column) for one, forget the lock otherwise. */
    int locked = s->locked & 0xF;
    if (!rerolls_later && !changes_later)
        s->locked &= 0xF0;
    else if (locked)
        return;
    no_pool *p = &s->pool[NO_POOL_ATTACK];
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < XW_NFACES; f++)
            if (!(read & (1u << f)) && f != XW_BLANK) {
                p->n[c][XW_BLANK] += p->n[c][f];
                p->n[c][f] = 0;
            }
    if (rerolls_later)
        return;
    for (int f = 0; f < NO_MAX_FACES; f++) {
        p->n[NO_FRESH][f] += p->n[NO_REROLLED][f];
        p->n[NO_REROLLED][f] = 0;
    }
}

/* 2a: an ionized ship keeps no lock (L1238); then the attack dice are rolled (L332). */
static void roll_attack(const no_ctx *ctx, no_state *s)
{
    if (at_threshold(s->tok[NO_ATTACKER][NO_TOK_ION], ctx->attacker_size))
        s->tok[NO_ATTACKER][NO_TOK_LOCK] = 0;
    no_request_roll(s, NO_POOL_ATTACK, XW_DIE_ATTACK, no_xwing_attack_dice(ctx, s));
}

static void roll_defense(const no_ctx *ctx, no_state *s) /* 3a (L344) */
{
    no_request_roll(s, NO_POOL_DEFENSE, XW_DIE_DEFENSE, no_xwing_defense_dice(ctx, s));
}

/* The rules' tidying (no_rules.tidy): a modifier's used bit matters only while it keeps a
 * once-per-attack modifier from being used again, or while a modifier that could still be used is
 * disabled by its use (no_modifier.excludes). Once it does neither (its window has passed, its
 * tokens or charges are gone for the attack, or it was never once per attack, as a token's
 * effect), the bit is taken out of the state, so that attacks that went on alike merge whichever
 * abilities they used: the engine records the bits it takes out on the graph's edges
 * (no_graph.lost), from which the report still counts each ability's use. What it reads of the
 * attack is worked out once (no_xwing_tidy_index): a window no step decides (attack-dice,
 * defense-dice: dice-count effects the rules apply) never passes. Without it the used sets of an
 * attack's abilities multiply every state after them (README, Performance: MathWing's
 * SlowSingleAttack). */
static void forget_spent_uses(const no_ctx *ctx, no_state *s)
{
    uint32_t closed = 0; /* rerolls a side's changes ended (no_ctx.nf_rerolls): gone */
    for (int side = 0; side < NO_SIDES; side++)
        if (s->sealed & NO_REROLLS_DONE(side)) {
            if (ctx->window_last[ctx->nf_window[side]] < s->step)
                s->sealed &= (uint8_t)~NO_REROLLS_DONE(side); /* the step is over: the mark too */
            else
                closed |= ctx->nf_rerolls[side];
        }
    if (!s->used)
        return;
    uint32_t have[NO_SIDES] = {0}; /* tokens a side holds */
    for (int side = 0; side < NO_SIDES; side++)
        for (int t = 0; t < NO_TOK_N; t++)
            have[side] |= (uint32_t)(s->tok[side][t] > 0) << t;
    /* gone: never usable again, whatever its bit says: its window has passed, or it costs or
     * requires tokens the side lacks for good (nothing but its records' gains adds one during an
     * attack), or charges its pool lacks (nothing recovers one) */
    uint32_t gone = 0, live = 0, read = ctx->keep_used;
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        uint32_t lacking = md->requires & ((1u << NO_TOK_N) - 1) & ~have[md->side]; /* plain tokens */
        /* the cost is read where it is paid: a token taken off the other side (Geonosian
         * Prototype) is not lacking because the owner holds none, and its use stays once per
         * attack (L47-L51) */
        int payer = md->side ^ md->cost_opp;
        uint32_t cost_lacking = 0;
        if (md->cost_token != NO_NO_TOKEN && s->tok[payer][md->cost_token] < md->cost_amount)
            cost_lacking = 1u << md->cost_token;
        if (ctx->window_last[md->window] < s->step || (closed >> m & 1) ||
            (md->cost_charges && s->charges[md->charge_slot] < md->cost_charges) ||
            (lacking & ~ctx->gain_tokens[md->side]) || (cost_lacking & ~ctx->gain_tokens[payer]))
            gone |= 1u << m;
        else if (!(md->once && (s->used >> m & 1)))
            live |= 1u << m;
    }
    for (int m = 0; m < ctx->nmods; m++) {
        if (live >> m & 1)
            read |= ctx->excluded_by[m]; /* uses that disable a modifier still to come */
        if (ctx->mods[m].once && !(gone >> m & 1))
            read |= 1u << m; /* once per attack and not gone otherwise: its own bit stops it */
    }
    /* the bits above the modifiers' are marks of their own (no_state.used: the caps of Magva
     * Yarro and Padme Amidala, NO_USED_REROLL_CAP, NO_USED_FACE_CAP): they stay */
    s->used &= read | ~(uint32_t)((1ull << ctx->nmods) - 1);
}

static void start_damage_step(const no_ctx *ctx, no_state *s);

/* After the attack is declared (Homing Missiles, Homing Torpedoes: the card's text): if the
 * defender chose to suffer the weapon's fixed damage, steps 2 and 3 are skipped and the attack
 * is treated as hitting: no die is rolled, no result neutralized (there are none, L354-L359),
 * and the damage is that one hit or crit damage (dealt as step 5 deals it, L361-L364). */
static void skip_dice(const no_ctx *ctx, no_state *s)
{
    if (!ctx->skip_dice_mod || !(s->used >> (ctx->skip_dice_mod - 1) & 1))
        return;
    s->hits = ctx->skip_dice_face == XW_HIT;
    s->crits = ctx->skip_dice_face == XW_CRIT;
    s->flags = 1;
    start_damage_step(ctx, s); /* the engine's next step is the damage dealing */
}

/* ---- the step list: rules as data ---- */
/* After a roll and before anyone modifies it, the effects that act "after rolling" (Count
 * Dooku: FAQ L3200-L3202, "after the dice are rolled (before the Modify dice step during an
 * attack)"; his erratum, L2576-L2580), both players' in player order (the first player's first,
 * L3204-L3206; the ability queue, L594-L598). A reroll is not a roll (FAQ L2827-L2829): nothing
 * comes back to these windows after one. */
static const no_step steps[] = {
    NO_DECIDE_QUEUED(NO_W_ATTACK_DECLARED, 0),        /* card text only, "after you declare": the */
    NO_DECIDE_QUEUED(NO_W_ATTACK_DECLARED, 1),        /* ability queue, player order, L594-L598 */
    NO_APPLY(skip_dice),
    NO_APPLY(roll_attack),                            /* 2a roll attack dice, L332 */
    NO_DECIDE_QUEUED(NO_W_ATTACK_ROLLED, 0),          /* after rolling: both players, */
    NO_DECIDE_QUEUED(NO_W_ATTACK_ROLLED, 1),          /* in player order, FAQ L3200-L3206 */
    NO_DECIDE(NO_W_ATTACK_MODIFY, NO_DEFENDER),       /* 2b defender first, L336 */
    NO_DECIDE(NO_W_ATTACK_MODIFY, NO_ATTACKER),       /* 2b then attacker, L336 */
    NO_DECIDE(NO_W_ATTACK_AFTER_MODIFY, NO_ATTACKER), /* card text only (HLC) */
    NO_APPLY(forget_spent_attack_detail),             /* forget what no rule can use */
    NO_APPLY(roll_defense),                           /* 3a roll defense dice, L344 */
    NO_DECIDE_QUEUED(NO_W_DEFENSE_ROLLED, 0),         /* after rolling, as for the attack dice */
    NO_DECIDE_QUEUED(NO_W_DEFENSE_ROLLED, 1),
    NO_DECIDE(NO_W_DEFENSE_MODIFY, NO_ATTACKER),      /* 3b attacker first, L346 */
    NO_DECIDE(NO_W_DEFENSE_MODIFY, NO_DEFENDER),      /* 3b then defender, L346 */
    NO_DECIDE_QUEUED(NO_W_BEFORE_NEUTRALIZE, 0),      /* card text only (Crack Shot, Biggs): both */
    NO_DECIDE_QUEUED(NO_W_BEFORE_NEUTRALIZE, 1),      /* players' in player order, L594-L598 */
    NO_APPLY(neutralize),                             /* 4, L354-L359 */
    NO_DECIDE_QUEUED(NO_W_AFTER_NEUTRALIZE, 0),       /* card text only, "after the Neutralize */
    NO_DECIDE_QUEUED(NO_W_AFTER_NEUTRALIZE, 1),       /* Results step" (Bossk): player order, L594-L598 */
    NO_APPLY(count_after_neutralize),
    NO_APPLY(no_xwing_start_damage),                  /* 5, L361-L364; DAÑO L648-L657 */
    NO_APPLY_AGAIN_DAMAGE(no_xwing_deal_damage),      /* xwing_damage.c; the damage part (no_rules) */
    NO_END,
};

/* Goes to step 5 from the attack's declaration: the start of damage done here, the engine's
 * next step the dealing (skip_dice). */
static void start_damage_step(const no_ctx *ctx, no_state *s)
{
    int deal = 0;
    while (steps[deal].apply != no_xwing_deal_damage)
        deal++;
    no_xwing_start_damage(ctx, s);
    s->step = (uint8_t)(deal - 1); /* the engine steps past the step that ran */
}

/* Damage; then the hits and crits the attack dice showed once the attacker had modified them:
 * at equal damage the attacker prefers more results, which draw more of the defender's tokens
 * (MathWing's attacker maximises them; a sequence of attacks then matches its published values);
 * then crits that reached the hull as face-up cards. */
static void score(const no_ctx *ctx, const no_state *s, no_value *v)
{
    (void)ctx;
    v->damage = s->damage;
    v->other = s->flags;
    v->crits = s->faceup;
}

/* The reference guide's sections the texts above cite (seed 000, English names as the digest
 * shared/rules/xwing2-rules.md gives them; the seed prints no page numbers for them). */
static const no_section sections_2e[] = {
    {316, 376, "Attack", 0},
    {331, 340, "Attack, step 2: Attack Dice", 0},
    {336, 340, "Attack, step 2b: Modify Attack Dice", 0},
    {342, 352, "Attack, step 3: Defense Dice", 0},
    {346, 352, "Attack, step 3b: Modify Defense Dice", 0},
    {592, 605, "Ability Queue", 0},
    {596, 596, "Ability Queue, rule 1", 0},
    {597, 597, "Ability Queue, rule 2", 0},
    {0, 0, NULL, 0},
};

const no_rules no_xwing2e_rules = {
    "xwing-2e", steps, score,
    "attack dice: the defender modifies, then the attacker — L336; defense dice: the attacker, then "
    "the defender — L346; a player orders its own effects of one moment — L597",
    NULL, forget_spent_uses, 'L', sections_2e, &no_xwing_damage_fields, &no_xwing_dice_blind};

/* ---- first edition: the attack timing chart of FAQ 4.4.1 (seeds/004_a289b04f73103d55.txt,
 * "B" lines; shared/rules/xwing-core-and-faq1.md 2.1) ---- */

/* Step 2.ii: attack value, +1 die at range 1 (B253) and the abilities that add or remove dice;
 * the 0 floor applies once every change is in (B267-B269). The sources set no upper cap. */
static int floor_dice(int n) { return n < 0 ? 0 : n > NO_MAX_ROLL ? NO_MAX_ROLL : n; }

static int attack_dice_1e(const no_ctx *ctx, no_state *s)
{
    int n = ctx->attack_value + (ctx->range == 1 && !ctx->ordnance);
    return floor_dice(no_mod_dice_count(ctx, s, NO_W_ATTACK_DICE, n));
}

/* Step 4: the agility value (printed, +2 cloaked, -1 per tractor token "fino a un minimo di 0",
 * B97) is a value of its own, floored once its changes are all in (B267-B269); step 4.ii then
 * adds the range-3 die (B703) and the abilities that add or remove defense dice (B441-B445),
 * floored once more. B269's example changes the agility alone, so the switch
 * ctx->agility_floor_first = 0 reads it the other way: one floor after the whole sum. */
int no_xwing1e_agility(const no_ctx *ctx, const uint8_t *tok)
{
    return ctx->agility + 2 * (tok[NO_TOK_CLOAK] > 0) - tok[NO_TOK_TRACTOR];
}

static int defense_dice_1e(const no_ctx *ctx, no_state *s)
{
    int agility = no_xwing1e_agility(ctx, s->tok[NO_DEFENDER]);
    if (ctx->agility_floor_first)
        agility = floor_dice(agility);
    int n = agility + (ctx->range == 3 && !ctx->ordnance);
    return floor_dice(no_mod_dice_count(ctx, s, NO_W_DEFENSE_DICE, n));
}

static void roll_attack_1e(const no_ctx *ctx, no_state *s)
{
    no_request_roll(s, NO_POOL_ATTACK, XW_DIE_ATTACK, attack_dice_1e(ctx, s));
}

static void roll_defense_1e(const no_ctx *ctx, no_state *s)
{
    no_request_roll(s, NO_POOL_DEFENSE, XW_DIE_DEFENSE, defense_dice_1e(ctx, s));
}

static const no_step steps_1e[] = {
    NO_APPLY(roll_attack_1e),                         /* 2 roll attack dice, B427-B431 */
    NO_DECIDE(NO_W_ATTACK_ROLLED, NO_ATTACKER),       /* "immediately after rolling": HLC B873, Palpatine B159 */
    NO_DECIDE(NO_W_ATTACK_MODIFY, NO_DEFENDER),       /* 3.i the defender first, B419-B423 */
    NO_DECIDE(NO_W_ATTACK_MODIFY, NO_ATTACKER),       /* 3.ii then the attacker, B425 */
    NO_APPLY(forget_spent_attack_detail),
    NO_APPLY(roll_defense_1e),                        /* 4 roll defense dice, B441-B445 */
    NO_DECIDE(NO_W_DEFENSE_ROLLED, NO_DEFENDER),      /* after the roll: Palpatine on defense dice */
    NO_DECIDE(NO_W_DEFENSE_MODIFY, NO_ATTACKER),      /* 5.i the attacker first, B433-B437 */
    NO_DECIDE(NO_W_DEFENSE_MODIFY, NO_DEFENDER),      /* 5.ii then the defender, B439 */
    NO_DECIDE_QUEUED(NO_W_BEFORE_NEUTRALIZE, 0),      /* 6.i start of Compare Results, B385 (Crack Shot B133): */
    NO_DECIDE_QUEUED(NO_W_BEFORE_NEUTRALIZE, 1),      /* the player with the initiative first, as in B449-B457 */
    NO_APPLY(neutralize),                             /* 6.ii-iii hits, then crits, B387-B389 */
    NO_APPLY(no_xwing_start_damage),                  /* 7 shields on hits, then crits; cards, B391-B397 */
    NO_APPLY_AGAIN_DAMAGE(no_xwing_deal_damage),
    NO_END,
};

/* The FAQ 4.4.1's sections the texts above cite (seed 004, English names as the digest
 * shared/rules/xwing-core-and-faq1.md gives them). Pages are the seed's page footers: the footer
 * line ending each page ("7" at B465 after the chart; B1277 calls the chart's page 8, the footer
 * wins). */
static const no_section sections_1e[] = {
    {155, 161, "Errata: Emperor Palpatine", 3},
    {371, 463, "Attack Timing Chart", 7},
    {383, 389, "Attack Timing Chart, step 6: Compare Results", 7},
    {419, 425, "Attack Timing Chart, step 3: Modify Attack Dice", 7},
    {433, 439, "Attack Timing Chart, step 5: Modify Defense Dice", 7},
    {873, 876, "Card clarifications: Heavy Laser Cannon", 12},
    {1207, 1213, "Frequently Asked Questions: General", 17},
    {0, 0, NULL, 0},
};

const no_rules no_xwing1e_rules = {
    "xwing-1e", steps_1e, score,
    "effects \"immediately after rolling\" first — B873-B875 and B159; attack dice: the defender "
    "modifies, then the attacker — B419-B425; defense dice: the attacker, then the defender — "
    "B433-B439; start of Compare Results after all modifying — B383-B385; a player orders its own "
    "effects of one moment — B1209-B1213",
    NULL, forget_spent_uses, 'B', sections_1e, &no_xwing_damage_fields, &no_xwing_dice_blind};

/* Does record t's use read tokens any of `spent` names (its conditions, its count, "after
 * spending"), or any token group (which tokens those hold is not worked out here)? */
static int reads_tokens(const no_modifier *t, uint32_t spent)
{
    uint32_t groups = ~((1u << NO_TOK_N) - 1);
    uint32_t read = t->requires | t->forbids | t->after_spending | (t->count_from ? t->count_tokens : 0);
    return (read & (spent | groups)) != 0;
}

/* Can every change `t` of a side's step be moved after every reroll and add `u` there, the
 * outcome alike and nothing spent in excess? A use of t then of u is matched by u then t: u takes
 * the same dice (the die t changed shows t's own face then, which u may take if it could take
 * the new one), t then the same die; had u rerolled that die, t is left unused, its cost kept.
 * That holds unless one's use reads the other's cost or bars the other (excludes), or t reads
 * the pool u changes (conditions on the pool), or t's new face lets u in where its old one would
 * not (a reroll of only some faces; "only blanks" conditions, Heroic). */
static int change_moves_after(const no_modifier *t, int ti, const no_modifier *u, int ui)
{
    uint32_t t_spends = t->cost_token != NO_NO_TOKEN ? 1u << t->cost_token : 0;
    uint32_t u_spends = u->cost_token != NO_NO_TOKEN ? 1u << u->cost_token : 0;
    uint32_t to = 1u << t->to;
    if ((t->excludes >> ui & 1) || (u->excludes >> ti & 1) || reads_tokens(t, u_spends) || reads_tokens(u, t_spends))
        return 0;
    if (t->only_faces || t->min_dice || t->max_dice || t->over_shields || t->count_from || u->over_shields)
        return 0;
    if (u->op == NO_OP_REROLL && (u->faces & to) && (t->faces & ~u->faces))
        return 0;
    return !((u->only_faces & to) && (t->faces & ~u->only_faces));
}

/* The normal form of the step in which `side` modifies its own dice (X-Wing 2e L336, L346; 1e
 * B425, B439): rerolls and adds first, changes last. Searching only the orders in which no reroll
 * follows a change finds the same best play when every change moves after every reroll and add
 * (change_moves_after) and the policy never prefers to spend more (greedy does): then each order
 * the search leaves out is matched or bettered by one it keeps. The attacks that changed first
 * then no longer multiply the states by the rerolls they used. Records of any other kind in the
 * step (a gain, a chain, a seal, a forced or "exactly" use, a cost on the other side) or a cap
 * on the side (Magva Yarro, Padme Amidala; Hotshot Co-pilot's forced focus) leave the step as it
 * was. Nothing is done when the step has no change or no reroll. */
static void rerolls_before_changes(no_ctx *ctx, int side)
{
    int window = side == NO_ATTACKER ? NO_W_ATTACK_MODIFY : NO_W_DEFENSE_MODIFY;
    int pool = side == NO_ATTACKER ? NO_POOL_ATTACK : NO_POOL_DEFENSE;
    uint32_t changes = 0, others = 0, rerolls = 0;
    if (ctx->reroll_cap[side] || ctx->face_cap[side] ||
        ctx->must_spend_focus[side] || ctx->nseal_if || ctx->window_last[window] == 0xFF)
        return;
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->side != side || md->window != window)
            continue;
        if (md->pool != pool || md->chain || md->chained || md->seals || md->locks_die || md->mandatory ||
            md->cost_opp || md->empty_ok || md->exact || md->whole_pool ||
            (md->op != NO_OP_REROLL && md->op != NO_OP_CHANGE && md->op != NO_OP_ADD))
            return;
        if (md->op == NO_OP_CHANGE)
            changes |= 1u << m;
        else
            others |= 1u << m;
        if (md->op == NO_OP_REROLL)
            rerolls |= 1u << m;
    }
    if (!changes || !rerolls)
        return;
    for (uint32_t c = changes; c; c &= c - 1)
        for (uint32_t o = others; o; o &= o - 1) {
            int t = __builtin_ctz(c), u = __builtin_ctz(o);
            if (!change_moves_after(&ctx->mods[t], t, &ctx->mods[u], u))
                return;
        }
    ctx->nf_changes[side] = changes;
    ctx->nf_rerolls[side] = rerolls;
    ctx->nf_window[side] = (uint8_t)window;
}

void no_xwing_tidy_index(no_ctx *ctx, int first_edition)
{
    const no_step *list = first_edition ? steps_1e : steps;
    memset(ctx->window_last, 0xFF, sizeof ctx->window_last); /* bytes: 255, no step decides it */
    for (int k = 0; list[k].apply || list[k].decide; k++)
        if (list[k].decide)
            ctx->window_last[list[k].window] = (uint8_t)k;
    memset(ctx->gain_tokens, 0, sizeof ctx->gain_tokens);
    ctx->keep_used = 0;
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->op == NO_OP_GAIN)
            ctx->gain_tokens[md->side] |= 1u << md->to;
        if (md->op == NO_OP_DECLARE) /* read by later steps (Predictive Shot's cap; the defender's
                                       * choice to suffer, Homing Missiles) */
            ctx->keep_used |= 1u << m;
        if (md->opp_modified || md->after_spending) /* it reads what a side used (Kallus, Obi-Wan) */
            for (int o = 0; o < ctx->nmods; o++)
                if (ctx->mods[o].side == (md->opp_modified ? !md->side : md->side))
                    ctx->keep_used |= 1u << o;
    }
    for (int side = 0; side < NO_SIDES; side++) {
        ctx->nf_changes[side] = ctx->nf_rerolls[side] = 0;
        rerolls_before_changes(ctx, side);
    }
}

/* ---- built-in token effects, as modifier records ----
 * Order matters only for ties: the cheapest, least flexible resource is offered first. */
#define F(face) (1u << (face))
static const no_modifier token_mods[] = {
    /* attacker, step 2b */
    {.name = "calculate", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .pool = NO_POOL_ATTACK,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_HIT, .count = 1,
     .cost_token = NO_TOK_CALCULATE, .cost_amount = 1},                         /* L392-L409 */
    {.name = "focus", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .pool = NO_POOL_ATTACK,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_HIT, .count = NO_COUNT_ALL,
     .cost_token = NO_TOK_FOCUS, .cost_amount = 1},                             /* L607-L623 */
    {.name = "force", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .pool = NO_POOL_ATTACK,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_HIT, .count = 1,
     .cost_token = NO_TOK_FORCE, .cost_amount = 1},                             /* L482-L491 */
    {.name = "lock", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .pool = NO_POOL_ATTACK,
     .op = NO_OP_REROLL, .faces = 0x1F, .count = NO_COUNT_ALL,
     .cost_token = NO_TOK_LOCK, .cost_amount = 1},                              /* L1018-L1038 */
    /* defender, step 3b */
    {.name = "calculate", .side = NO_DEFENDER, .window = NO_W_DEFENSE_MODIFY, .pool = NO_POOL_DEFENSE,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_EVADE, .count = 1,
     .cost_token = NO_TOK_CALCULATE, .cost_amount = 1},
    {.name = "focus", .side = NO_DEFENDER, .window = NO_W_DEFENSE_MODIFY, .pool = NO_POOL_DEFENSE,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_EVADE, .count = NO_COUNT_ALL,
     .cost_token = NO_TOK_FOCUS, .cost_amount = 1},
    {.name = "evade", .side = NO_DEFENDER, .window = NO_W_DEFENSE_MODIFY, .pool = NO_POOL_DEFENSE,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS) | F(XW_BLANK), .to = XW_EVADE, .count = 1,
     .cost_token = NO_TOK_EVADE, .cost_amount = 1},                             /* L893-L903 */
    {.name = "force", .side = NO_DEFENDER, .window = NO_W_DEFENSE_MODIFY, .pool = NO_POOL_DEFENSE,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_EVADE, .count = 1,
     .cost_token = NO_TOK_FORCE, .cost_amount = 1},
};

/* First edition (FAQ 4.4.1 B347-B351): an evade token ADDS an evade result; the lock rerolls any
 * dice; each token's normal effect works once in a modify step (B351), which here is once per
 * attack, since a side spends each kind in one step only. */
static const no_modifier token_mods_1e[] = {
    {.name = "focus", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .pool = NO_POOL_ATTACK,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_HIT, .count = NO_COUNT_ALL,
     .cost_token = NO_TOK_FOCUS, .cost_amount = 1},                             /* B1001 */
    {.name = "lock", .side = NO_ATTACKER, .window = NO_W_ATTACK_MODIFY, .pool = NO_POOL_ATTACK,
     .op = NO_OP_REROLL, .faces = 0x1F, .count = NO_COUNT_ALL,
     .cost_token = NO_TOK_LOCK, .cost_amount = 1},                              /* B349 */
    {.name = "focus", .side = NO_DEFENDER, .window = NO_W_DEFENSE_MODIFY, .pool = NO_POOL_DEFENSE,
     .op = NO_OP_CHANGE, .faces = F(XW_FOCUS), .to = XW_EVADE, .count = NO_COUNT_ALL,
     .cost_token = NO_TOK_FOCUS, .cost_amount = 1},
    {.name = "evade", .side = NO_DEFENDER, .window = NO_W_DEFENSE_MODIFY, .pool = NO_POOL_DEFENSE,
     .op = NO_OP_ADD, .to = XW_EVADE, .count = 1,
     .cost_token = NO_TOK_EVADE, .cost_amount = 1},                             /* B349 */
};

/* Does a record of the attack give `side` tokens of kind `token` (a gain: Obi-Wan Kenobi)? */
static int gains(const no_ctx *ctx, int side, int token)
{
    for (int m = 0; m < ctx->nmods; m++)
        if (ctx->mods[m].op == NO_OP_GAIN && ctx->mods[m].side == side && ctx->mods[m].to == token)
            return 1;
    return 0;
}

/* The token effects of the tokens a side starts with; `gained`: those of the tokens it holds
 * none of at the start but a record of the attack may give it (their effects are added after
 * the cards' records). */
static int add_token_mods(no_ctx *ctx, const no_modifier *table, size_t n, int first_edition, int gained)
{
    for (size_t i = 0; i < n; i++) {
        const no_modifier *t = &table[i];
        if ((ctx->start.tok[t->side][t->cost_token] == 0) != gained ||
            (gained && !gains(ctx, t->side, t->cost_token)))
            continue; /* no token, no modifier */
        if (ctx->nmods >= NO_MAX_MODS)
            return -1;
        no_modifier *m = &ctx->mods[ctx->nmods];
        *m = *t;
        m->builtin = 1;
        m->charge_slot = (uint8_t)ctx->nmods;
        m->ranges = NO_XWING_ALL_RANGES; /* ranges 0-3: range 0's limits are no_xwing_range_zero's */
        m->obstructed = -1;
        /* Focus changes every focus result with one token; whether a second token may be spent
         * in the same attack is unstated in the second edition (digest trap 2): switch, default
         * allowed. The first edition says once (B351). */
        m->once = first_edition || (t->cost_token == NO_TOK_FOCUS && !ctx->multiple_focus);
        ctx->nmods++;
    }
    return 0;
}

/* Does modifier m (with the parts it chains) do what the rules forbid at attack range 0? */
static int forbidden_at_range_zero(const no_ctx *ctx, int m)
{
    int primary = !ctx->ordnance;
    for (int c = m + 1; c; c = ctx->mods[c - 1].chain) {
        const no_modifier *md = &ctx->mods[c - 1];
        int attacker = md->side == NO_ATTACKER; /* its own ship or another (other_ship): an enemy's */
        if (md->op == NO_OP_DICE) {
            if ((md->window == NO_W_ATTACK_DICE && md->amount > 0 && primary) ||      /* L334 */
                (md->window == NO_W_DEFENSE_DICE && md->amount < 0 && attacker))     /* L348 */
                return 1;
            continue;
        }
        if (md->caps_defense && attacker) /* fewer defense dice, L348 (Predictive Shot) */
            return 1;
        int modifying = md->op == NO_OP_REROLL || md->op == NO_OP_CHANGE || md->op == NO_OP_ADD;
        /* "Zeb" Orrelios (crew, FAQ L2672-L2676): at range 0 the attacker may spend focus tokens
         * for their default effect, whichever of the two ships carries him */
        int zeb_focus = ctx->range_zero_focus && md->builtin && md->cost_token == NO_TOK_FOCUS;
        if (attacker && md->pool == NO_POOL_ATTACK && modifying && primary && !zeb_focus) /* L338 */
            return 1;
        if (attacker && md->pool == NO_POOL_DEFENSE && (modifying || md->op == NO_OP_CANCEL)) /* L348 */
            return 1;
    }
    return 0;
}

void no_xwing_range_zero(no_ctx *ctx)
{
    if (ctx->range != 0)
        return;
    for (int m = 0; m < ctx->nmods; m++)
        if (forbidden_at_range_zero(ctx, m))
            ctx->mods[m].ranges &= (uint8_t)~1u;
}

/* A face-up Blinded Pilot on the attacker (the card, xwing-data2's damage deck; not in the
 * seeds): while attacking it modifies its own dice only by spending Force for their default
 * effect. Of the attacker's side only the built-in Force change may modify the attack dice;
 * what the defender does to them, and all it does to its own, stays. */
void no_xwing_blinded(no_ctx *ctx)
{
    if (!ctx->blinded)
        return;
    uint32_t allowed = 0;
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->side != NO_ATTACKER || (md->builtin && md->cost_token == NO_TOK_FORCE))
            allowed |= 1u << m;
    }
    no_mod_only(ctx, NO_POOL_ATTACK, allowed);
}

void no_xwing_force_focus(no_ctx *ctx)
{
    for (int i = 0; i < ctx->nmods; i++) {
        no_modifier *m = &ctx->mods[i];
        if (m->builtin && m->cost_token == NO_TOK_FOCUS && m->count == NO_COUNT_ALL && ctx->must_spend_focus[m->side])
            m->once = m->mandatory = m->empty_ok = 1;
    }
}

int no_xwing_add_token_mods(no_ctx *ctx)
{
    return add_token_mods(ctx, token_mods, sizeof token_mods / sizeof token_mods[0], 0, 0);
}

int no_xwing_add_gained_token_mods(no_ctx *ctx)
{
    return add_token_mods(ctx, token_mods, sizeof token_mods / sizeof token_mods[0], 0, 1);
}

int no_xwing1e_add_token_mods(no_ctx *ctx)
{
    return add_token_mods(ctx, token_mods_1e, sizeof token_mods_1e / sizeof token_mods_1e[0], 1, 0);
}

/* A ship at 1 hull never draws a damage card again: the card that would destroy it is not drawn
 * (xwing_damage.c), and a face-up Fuel Leak acts only after crit damage the ship survives. Of
 * the cards seen, only those in play still act then (Structural Damage's defense die, Hull
 * Breach's crit damage), so the rest of the deck is forgotten and starts that differed only in
 * it are one situation of the sequence. At 2 hull one more card can be drawn, after which the
 * ship is at 1: a Fuel Leak drawn then never acts, like any other card without dice or damage
 * effect, so the Fuel Leaks seen count as such cards (the chance of drawing either kind is the
 * same). A report that keeps every detail of the states (`keep_dice`) keeps the deck too. 10
 * attacks with the deck: 2,167,576 states -> 1,485,486, every figure the same. */
static void forget_spent_deck(no_ctx *next)
{
    no_state *s = &next->start;
    if (!next->deck || next->keep_dice)
        return;
    if (next->hull == 2 &&
        s->card_seen[XW_CARD_OTHER] + s->card_seen[XW_CARD_FUEL_LEAK] <= next->deck->count[XW_CARD_OTHER]) {
        s->card_seen[XW_CARD_OTHER] += s->card_seen[XW_CARD_FUEL_LEAK];
        s->card_seen[XW_CARD_FUEL_LEAK] = 0;
    }
    if (next->hull != 1)
        return;
    uint8_t breach = s->card_seen[XW_CARD_HULL_BREACH], structural = s->card_seen[XW_CARD_STRUCTURAL];
    memset(s->card_seen, 0, sizeof s->card_seen);
    s->card_seen[XW_CARD_HULL_BREACH] = breach;
    s->card_seen[XW_CARD_STRUCTURAL] = structural;
    s->fuel_up = 0;
}

/* A bonus attack is made by the ship of the attack before (L378-L386): it keeps the tokens (Force
 * included) that attack left it, and the charges of the abilities both attacks list, matched by
 * name (the bonus attack may use another weapon, with abilities of its own). */
static void carry_attacker(const no_ctx *from, const no_state *end, no_ctx *next)
{
    memcpy(next->start.tok[NO_ATTACKER], end->tok[NO_ATTACKER], sizeof end->tok[NO_ATTACKER]);
    for (int m = 0; m < from->nmods; m++) {
        const no_modifier *md = &from->mods[m];
        if (md->side != NO_ATTACKER || md->builtin || md->charge_slot != m)
            continue;
        for (int to = 0; to < next->nmods; to++) {
            const no_modifier *t = &next->mods[to];
            if (t->side == NO_ATTACKER && !t->builtin && t->charge_slot == to && !strcmp(t->name, md->name))
                next->start.charges[to] = end->charges[m];
        }
    }
}

/* The round's green and orange tokens are removed in the End phase (L984) and the defender's
 * actions of the next round give them again: it starts as the scenario has it. Its Force
 * recovers as many as its highest recurring Force symbols (L487), one on almost every card, up
 * to what the scenario gives. The ion and tractor tokens weapons gave it stay, as the carry has
 * them (they leave by their own rules, L411-L429, which a shot a round does not model). */
void no_xwing_new_round(const no_ctx *first, no_ctx *next)
{
    uint8_t *tok = next->start.tok[NO_DEFENDER];
    const uint8_t *given = first->start.tok[NO_DEFENDER];
    for (int t = 0; t < XW_TOKENS; t++) {
        if (t == NO_TOK_ION || t == NO_TOK_TRACTOR)
            continue;
        if (t == NO_TOK_FORCE)
            tok[t] = tok[t] < given[t] ? tok[t] + 1 : given[t];
        else
            tok[t] = given[t];
    }
}

int no_xwing_carry(const no_ctx *from, const no_state *end, no_ctx *next)
{
    if (end->destroyed)
        return 1;
    if (next->bonus)
        carry_attacker(from, end, next);
    /* the defender's tokens as the attack left them (spent ones gone, strain and deplete used
     * up), the ion tokens it gained, its shields and the hull its damage cards took */
    memcpy(next->start.tok[NO_DEFENDER], end->tok[NO_DEFENDER], sizeof end->tok[NO_DEFENDER]);
    /* the tokens the weapon gave: ion, or a tractor weapon's (L411-L429; a jam weapon's attack
     * is a sequence's last, xwing_scenario.c) */
    int kind = from->token_weapon ? from->token_weapon : NO_TOK_ION;
    int gained = end->tok[NO_DEFENDER][kind] + end->ion_tokens;
    next->start.tok[NO_DEFENDER][kind] = (uint8_t)(gained > 255 ? 255 : gained);
    next->shields = from->shields - end->shields_lost;
    if (from->hull)
        next->hull = from->hull - end->facedown - end->faceup;
    /* the damage deck as the cards seen left it, and the Fuel Leaks still face up */
    memcpy(next->start.card_seen, end->card_seen, sizeof end->card_seen);
    next->start.fuel_up = end->fuel_up;
    forget_spent_deck(next);
    /* charges of the defender's abilities, matched in order: its modifiers are read alike for
     * every attack, after the attacker's */
    int to = 0;
    for (int m = 0; m < from->nmods; m++) {
        if (from->mods[m].side != NO_DEFENDER || from->mods[m].charge_slot != m)
            continue;
        while (to < next->nmods && (next->mods[to].side != NO_DEFENDER || next->mods[to].charge_slot != to))
            to++;
        if (to < next->nmods)
            next->start.charges[to++] = end->charges[m];
    }
    return 0;
}
