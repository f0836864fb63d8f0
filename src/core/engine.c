/* engine.c — the compiler: walks every reachable state of an attack once, lets the policy
 * choose at each decision by expectimax, and emits the chance-node DAG both drivers run. */
#include "neverodds/engine.h"
#include "neverodds/modifier.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(no_state) == 4 + NO_POOLS * 2 * NO_MAX_FACES + NO_SIDES * NO_TOK_N + NO_MAX_MODS +
                                      1 + NO_MAX_DICE + 2 + 8 + 4 + 1 + NO_CARD_KINDS + 8,
               "no_state must have no padding: states are hashed and compared as bytes");
_Static_assert(sizeof(no_state) % 8 == 0, "no_state is hashed 8 bytes at a time");

const char *const no_side_names[NO_SIDES + 1] = {"attacker", "defender", NULL};

const char *const no_token_names[NO_TOK_N] = {
    "focus", "evade", "calculate", "force", "lock", "reinforce",
    "stress", "strain", "deplete", "tractor", "ion", "cloak", "jam",
    "aim", "dodge", "surge", "observation", "suppression", "shield", "pierce",
};

int no_pending_die(const no_state *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w = 0; /* the request counts as one word: usually zero */
    memcpy(&w, s->roll, NO_MAX_DICE);
    return w ? __builtin_ctzll(w) / 8 : -1;
#else
    for (int d = 0; d < NO_MAX_DICE; d++)
        if (s->roll[d])
            return d;
    return -1;
#endif
}

void no_request_roll(no_state *s, int pool, int die, int n)
{
    s->roll[die] = (uint8_t)n;
    s->roll_pool = (uint8_t)pool;
    s->roll_column = NO_FRESH;
}

const no_policy_info no_policies[NO_POLICY_N] = {
    {"per-attack",
     "attacker maximises this attack's expected damage, defender minimises it; equal damage: "
     "more (attacker) or fewer (defender) crits; still equal: spend less"},
    {"conservative",
     "as per-attack, but the attacker never rerolls a die that already shows a success "
     "(hit or crit)"},
    {"crit-fishing",
     "the attacker maximises expected crits first and damage second (rerolls hits hoping for "
     "crits); the defender minimises damage"},
    {"no-discard",
     "as per-attack, but the defender never spends an exhausted defense token (it would be "
     "discarded)"},
    {"optimal",
     "as per-attack, but over a whole sequence of attacks: each choice counts the expected damage "
     "of the later attacks too (exact dynamic programming), so a token kept is valued"},
    {"greedy",
     "as per-attack, but between equally good choices it spends more: nothing is kept that could "
     "be used now"},
    {"conserve",
     "spends only what changes this attack's expected damage: a token that would only add a crit "
     "(attacker) or remove one (defender) is kept"},
};

const char *const no_goal_names[NO_GOAL_N + 1] = {"mean-damage", "kill", "mean-cards", NULL}; /* NULL: jr_enum reads to it */

int no_policy_find(const char *name)
{
    for (int p = 0; p < NO_POLICY_N; p++)
        if (!strcmp(no_policies[p].name, name))
            return p;
    return -1;
}

int no_looks_ahead(const no_ctx *ctx)
{
    return ctx->policy[NO_ATTACKER] == NO_POLICY_OPTIMAL || ctx->policy[NO_DEFENDER] == NO_POLICY_OPTIMAL;
}

/* ---- memo: visited states in one array, found through an open-addressing index ---- */
typedef struct visited {
    no_state key;
    no_value value;
    int32_t ref;
    uint32_t lost; /* modifiers' used bits tidied away between this state and ref (no_graph.lost) */
} visited;

/* An index slot: 1 + position in seen[] (0: empty) and the high half of the state's hash, so a
 * probe compares a stored state only when the tags agree. */
typedef struct memo_entry {
    int32_t pos;
    uint32_t tag;
} memo_entry;

typedef struct compiler {
    const no_ctx *ctx;
    const no_rules *rules;
    no_graph *g;
    visited *seen;          /* every state compiled so far */
    int nseen, cap_seen;
    memo_entry *index;     /* open addressing over seen[] */
    size_t cap;             /* slots, a power of two at least twice nseen */
    size_t budget;
    int stop;               /* an open compile's leaves: states at this step or later (WHOLE: none) */
    int failed;
} compiler;

#define WHOLE 0x100 /* no step stops the walk (steps are numbered in a byte): the attack compiles whole */

/* NH hashing (as in UMAC): each word's halves, offset by keys of their own, are multiplied and
 * the products summed. The products are independent of one another, so a state's 22 words cost
 * little more than their loads; the finaliser then spreads every bit over the low ones. */
static uint64_t hash_state(const no_state *s)
{
    enum { WORDS = sizeof *s / 8 };
    static const uint64_t key[WORDS] = {
        0x9E3779B97F4A7C15ULL, 0xBF58476D1CE4E5B9ULL, 0x94D049BB133111EBULL, 0xC2B2AE3D27D4EB4FULL,
        0x165667B19E3779F9ULL, 0x85EBCA77C2B2AE63ULL, 0x27D4EB2F165667C5ULL, 0xFF51AFD7ED558CCDULL,
        0xC4CEB9FE1A85EC53ULL, 0x87C37B91114253D5ULL, 0x4CF5AD432745937FULL, 0xD6E8FEB86659FD93ULL,
        0xA0761D6478BD642FULL, 0xE7037ED1A0B428DBULL, 0x8EBC6AF09C88C6E3ULL, 0x589965CC75374CC3ULL,
        0x1D8E4E27C47D124FULL, 0x9FB21C651E98DF25ULL, 0xF1357AEA2E62A9C5ULL, 0x2545F4914F6CDD1DULL,
        0xD1B54A32D192ED03ULL, 0xAEF17502108EF2D9ULL};
    _Static_assert(sizeof key / sizeof key[0] == WORDS, "one key per word of the state");
    uint64_t w[WORDS], h = WORDS;
    memcpy(w, s, sizeof w); /* the struct is a multiple of 8 bytes, see the assertion above */
    for (size_t i = 0; i < WORDS; i++) {
        uint64_t x = w[i] + key[i];
        h += (x & 0xFFFFFFFFu) * (x >> 32);
    }
    /* splitmix64 finaliser: the table index uses the low bits, which must depend on every byte */
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

/* Slot of `s` (whose hash_state is h) in the index: its entry, or the empty slot where it belongs. */
static size_t memo_slot(const compiler *c, const no_state *s, uint64_t h)
{
    uint32_t tag = (uint32_t)(h >> 32);
    size_t i = h & (c->cap - 1);
    while (c->index[i].pos &&
           (c->index[i].tag != tag || memcmp(&c->seen[c->index[i].pos - 1].key, s, sizeof *s) != 0))
        i = (i + 1) & (c->cap - 1);
    return i;
}

static void memo_put(compiler *c, size_t slot, uint64_t h, int pos)
{
    c->index[slot] = (memo_entry){.pos = pos, .tag = (uint32_t)(h >> 32)};
}

static int memo_grow(compiler *c)
{
    free(c->index);
    c->cap = c->cap ? c->cap * 2 : 4096;
    c->index = calloc(c->cap, sizeof *c->index);
    if (!c->index)
        return -1;
    for (int k = 0; k < c->nseen; k++) {
        uint64_t h = hash_state(&c->seen[k].key);
        memo_put(c, memo_slot(c, &c->seen[k].key, h), h, k + 1);
    }
    return 0;
}

/* ---- graph growth ---- */
static int grow(void **p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return 0;
    int nc = *cap ? *cap : 256;
    while (nc < need)
        nc *= 2;
    void *np = realloc(*p, (size_t)nc * elem);
    if (!np)
        return -1;
    *p = np;
    *cap = nc;
    return 0;
}

static int32_t add_terminal(compiler *c, const no_state *s)
{
    no_graph *g = c->g;
    if (grow((void **)&g->term, &g->cap_term, g->nterm + 1, sizeof *g->term)) {
        c->failed = 1;
        return 0;
    }
    g->term[g->nterm] = *s;
    return ~g->nterm++;
}

static int32_t add_chance(compiler *c, int die, int k, int first)
{
    no_graph *g = c->g;
    if (grow((void **)&g->chance, &g->cap_chance, g->nchance + 1, sizeof *g->chance)) {
        c->failed = 1;
        return 0;
    }
    g->chance[g->nchance] = (no_chance){.first = first, .die = (uint8_t)die, .k = (uint8_t)k};
    return g->nchance++;
}

/* Resources each side spent between the start and `s`: tokens and charges. */
static void spent(const no_ctx *ctx, const no_state *s, double out[NO_SIDES])
{
    for (int side = 0; side < NO_SIDES; side++) {
        int n = 0; /* whole numbers: one conversion, not a chain of floating adds (a hot path) */
        for (int t = 0; t < NO_TOK_N; t++)
            n += ctx->start.tok[side][t] - s->tok[side][t];
        out[side] = n;
    }
    for (int m = 0; m < ctx->nmods; m++)
        if (ctx->mods[m].charge_slot == m) {
            int weight = ctx->mods[m].spend_weight ? ctx->mods[m].spend_weight : 1;
            out[ctx->mods[m].side] += weight * (ctx->start.charges[m] - s->charges[m]);
        }
}

/* Is `a` better than `b` for `actor`? Damage to the defender first, then damage to the others
 * on its side, then crits (a crit is worth more than a hit to the attacker), then fewer of the
 * actor's own resources; a crit-fishing attacker puts crits first. The optimal policy puts its
 * goal's measures over the whole sequence first. */
static int better(int policy, int actor, const no_value *a, const no_value *b)
{
    const double eps = 1e-12;
    double sign = actor == NO_DEFENDER ? -1.0 : 1.0;
    double order[NO_GOAL_MEASURES + 3] = {0};
    double *mine = order + NO_GOAL_MEASURES; /* this attack's: damage, other, crits */
    mine[0] = a->damage - b->damage;
    mine[1] = a->other - b->other;
    mine[2] = a->crits - b->crits;
    if (policy == NO_POLICY_OPTIMAL) { /* the whole sequence, not this attack alone */
        for (int i = 0; i < NO_GOAL_MEASURES; i++)
            order[i] = a->goal[i] - b->goal[i];
        mine[0] = 0; /* counted in the goal's measures */
    }
    if (actor == NO_ATTACKER && policy == NO_POLICY_CRIT_FISHING) {
        double crits = mine[2];
        mine[2] = mine[1];
        mine[1] = mine[0];
        mine[0] = crits;
    }
    double spend = b->spend[actor] - a->spend[actor]; /* > 0: a spends less */
    if (policy == NO_POLICY_CONSERVE && fabs(mine[0]) <= eps && fabs(spend) > eps)
        return spend > 0; /* damage equal: keep the tokens before anything else */
    for (int i = 0; i < NO_GOAL_MEASURES + 3; i++)
        if (fabs(order[i]) > eps)
            return sign * order[i] > 0;
    return policy == NO_POLICY_GREEDY ? spend < -eps : spend > eps;
}

/* The conservative attacker never rerolls a die showing a success of its own pool; the
 * no-discard defender never discards. */
static int policy_allows(const no_ctx *ctx, int actor, const no_option *o)
{
    const no_modifier *md = &ctx->mods[o->mod];
    if (actor == NO_DEFENDER && ctx->policy[actor] == NO_POLICY_NO_DISCARD)
        return !md->discards;
    if (actor != NO_ATTACKER || ctx->policy[actor] != NO_POLICY_CONSERVATIVE || md->op != NO_OP_REROLL ||
        md->pool != NO_POOL_ATTACK)
        return 1;
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < NO_MAX_FACES; f++)
            if (o->pick[c][f] && (ctx->success[NO_POOL_ATTACK] & (1u << f)))
                return 0;
    return 1;
}

static int32_t compile_state(compiler *c, no_state s, no_value *v, uint32_t *lost);

typedef enum { AT_TERMINAL, AT_CHANCE, AT_DECISION, AT_LEAF } point;

int no_step_actor(const no_ctx *ctx, const no_step *st)
{
    return st->queued ? st->actor ^ ctx->first_player : st->actor; /* sides are 0 and 1 */
}

/* Runs the game's deterministic steps until the state needs a roll, a decision or is finished,
 * or (an open compile) reaches step `stop`, where the damage part begins. */
static point settle(const no_ctx *ctx, const no_rules *rules, no_state *s, int stop, int *actor, int *window)
{
    for (;;) {
        if (no_pending_die(s) >= 0 || s->card_draw)
            return AT_CHANCE;
        if (s->step >= stop)
            return AT_LEAF;
        const no_step *st = &rules->steps[s->step];
        if (st->decide) {
            *actor = no_step_actor(ctx, st);
            *window = st->window;
            return AT_DECISION;
        }
        if (!st->apply)
            return AT_TERMINAL;
        st->apply(ctx, s);
        if (!(st->again && s->card_draw)) /* a step that drew goes on once the card is known */
            s->step++;
    }
}

void no_deck_left_at(const no_ctx *ctx, const no_state *s, no_deck_left *left)
{
    memset(left, 0, sizeof *left);
    for (int k = 0; k < ctx->deck->nkinds; k++) {
        left->n[k] = (uint8_t)(ctx->deck->count[k] - s->card_seen[k]);
        left->total = (uint8_t)(left->total + left->n[k]);
    }
}

void no_roll_outcome(const no_ctx *ctx, const no_state *s, int o, no_state *child)
{
    if (s->card_draw) {
        *child = *s;
        child->card_draw = 0;
        child->card_seen[o]++;
        child->card_drawn = (uint8_t)(o + 1);
        return;
    }
    int die = no_pending_die(s);
    const no_dicetab *tab = ctx->dice[die];
    *child = *s;
    child->roll[die] = 0;
    if (no_pending_die(child) < 0) { /* the request is fulfilled */
        child->roll_pool = 0;
        child->roll_column = 0;
    }
    int column = ctx->lands_rerolled[die] ? NO_REROLLED : s->roll_column; /* no_ctx.kept_die */
    for (int r = 0; r < tab->die->nresults; r++)
        child->pool[s->roll_pool].n[column][tab->die->face[r]] += tab->by_k[s->roll[die]].count[o][r];
}

static void add_weighted(no_value *v, double p, const no_value *cv)
{
    v->damage += p * cv->damage;
    v->other += p * cv->other;
    v->crits += p * cv->crits;
    for (int i = 0; i < NO_GOAL_MEASURES; i++)
        v->goal[i] += p * cv->goal[i];
    for (int side = 0; side < NO_SIDES; side++)
        v->spend[side] += p * cv->spend[side];
}

/* The chance that a draw from `left` is a card of kind o. */
static double card_p(const no_deck_left *left, int o)
{
    return (double)left->n[o] / left->total;
}

/* Index of the deck state `left` in g->decks (added when new): draws find few distinct ones. */
static int deck_index(compiler *c, const no_deck_left *left)
{
    no_graph *g = c->g;
    for (int i = 0; i < g->ndecks; i++)
        if (!memcmp(&g->decks[i], left, sizeof *left))
            return i;
    if (g->ndecks >= 0xFFFF || grow((void **)&g->decks, &g->cap_decks, g->ndecks + 1, sizeof *g->decks)) {
        c->failed = 1;
        return 0;
    }
    g->decks[g->ndecks] = *left;
    return g->ndecks++;
}

/* A roll branches over the count vectors of its dice; a draw over the kinds of card left. */
static int32_t compile_chance(compiler *c, const no_state *s, no_value *v)
{
    const no_ctx *ctx = c->ctx;
    no_graph *g = c->g;
    int draw = s->card_draw, die = draw ? NO_DIE_DRAW : no_pending_die(s);
    no_deck_left left = {{0}, 0};
    const no_rolls *rolls = NULL;
    int n, deck = 0;
    if (draw) {
        no_deck_left_at(ctx, s, &left);
        n = ctx->deck->nkinds;
        deck = deck_index(c, &left);
    } else {
        rolls = &ctx->dice[die]->by_k[s->roll[die]];
        n = rolls->n;
    }
    int first = g->nsucc;
    if (c->failed || grow((void **)&g->succ, &g->cap_succ, g->nsucc + n, sizeof(int32_t)) ||
        grow((void **)&g->lost, &g->cap_lost, g->nsucc + n, sizeof(uint32_t))) {
        c->failed = 1;
        return 0;
    }
    g->nsucc += n;
    memset(v, 0, sizeof *v);
    int32_t any = 0; /* a kind with no card left leads where another does: never taken */
    uint32_t any_lost = 0;
    for (int o = 0; o < n && !c->failed; o++) {
        double p = draw ? card_p(&left, o) : rolls->prob[o];
        if (p == 0.0 && draw)
            continue;
        no_state child;
        no_roll_outcome(ctx, s, o, &child);
        no_value cv;
        any = compile_state(c, child, &cv, &any_lost); /* before g->succ is read: compiling may move it */
        g->succ[first + o] = any;
        g->lost[first + o] = any_lost;
        add_weighted(v, p, &cv);
    }
    if (draw)
        for (int o = 0; o < n; o++)
            if (!left.n[o]) {
                g->succ[first + o] = any;
                g->lost[first + o] = any_lost;
            }
    int32_t id = add_chance(c, die, draw ? n : s->roll[die], first);
    if (!c->failed)
        g->chance[id].deck = (uint16_t)deck;
    return id;
}

/* Values the state a choice leads to, and gives the node it is (0 for a report's valuation) with
 * the used bits tidied away on the way there (no_graph.lost). Returns -1 when it cannot. */
typedef int (*valuer)(void *arg, no_state next, no_value *v, int32_t *ref, uint32_t *lost);
enum { CHOSE_NOTHING = -2, CHOICE_FAILED = -3 };

/* The policy's choice at a decision: passing (unless an effect must be used) and every use the
 * side's modifiers offer, each valued by `value`; *v and *ref get the best. Returns the option
 * used, -1 for passing, CHOSE_NOTHING when no choice is allowed, or CHOICE_FAILED when the
 * decision has too many options or a valuation failed. */
static int choose(const no_ctx *ctx, const no_state *s, int actor, int window, no_option *opts, valuer value,
                  void *arg, no_value *v, int32_t *ref, uint32_t *lost)
{
    int must_act;
    int n = no_mod_options(ctx, s, actor, window, opts, NO_MAX_OPTIONS, &must_act);
    if (n < 0)
        return CHOICE_FAILED;
    int best = CHOSE_NOTHING;
    if (!must_act) {
        no_state next = *s;
        next.step++; /* pass: the window is done */
        if (value(arg, next, v, ref, lost))
            return CHOICE_FAILED;
        best = -1;
    }
    for (int i = 0; i < n; i++) {
        if (!policy_allows(ctx, actor, &opts[i]))
            continue;
        no_state next = *s;
        no_mod_apply(ctx, &next, &opts[i]);
        no_value cv;
        int32_t r;
        uint32_t l;
        if (value(arg, next, &cv, &r, &l))
            return CHOICE_FAILED;
        if (best == CHOSE_NOTHING || better(ctx->policy[actor], actor, &cv, v)) {
            *v = cv;
            *ref = r;
            *lost = l;
            best = i;
        }
    }
    return best;
}

/* The compiler values a choice by compiling what it leads to into the same graph. */
static int compile_choice(void *arg, no_state next, no_value *v, int32_t *ref, uint32_t *lost)
{
    compiler *c = arg;
    *ref = compile_state(c, next, v, lost);
    return c->failed ? -1 : 0;
}

static int32_t compile_decision(compiler *c, const no_state *s, int actor, int window,
                                no_value *v, uint32_t *lost)
{
    no_option opts[NO_MAX_OPTIONS];
    int32_t best_ref = 0;
    *lost = 0;
    if (choose(c->ctx, s, actor, window, opts, compile_choice, c, v, &best_ref, lost) == CHOICE_FAILED && !c->failed)
        c->failed = 3; /* more options than the search allows */
    return best_ref;
}

/* An open compile's choice: every child compiled, in the order the policy weighs them. */
typedef struct open_choices {
    compiler *c;
    int n;
    int32_t ref[NO_MAX_OPTIONS + 1]; /* passing, then each option the policy allows */
    uint32_t lost[NO_MAX_OPTIONS + 1];
} open_choices;

static int open_choice(void *arg, no_state next, no_value *v, int32_t *ref, uint32_t *lost)
{
    open_choices *o = arg;
    *ref = o->ref[o->n] = compile_state(o->c, next, v, &o->lost[o->n]);
    *lost = o->lost[o->n++];
    return o->c->failed ? -1 : 0;
}

/* An open compile leaves the decision to each attack that resolves it (no_open_flow): a node
 * NO_DIE_CHOICE over what choose() would weigh, in its order. The values choose() compares here
 * mean nothing (the leaves are worth nothing yet) and its choice is dropped. */
static int32_t open_decision(compiler *c, const no_state *s, int actor, int window, no_value *v)
{
    no_option opts[NO_MAX_OPTIONS];
    open_choices *o = malloc(sizeof *o);
    if (!o) {
        c->failed = 1;
        return 0;
    }
    o->c = c;
    o->n = 0;
    int32_t ref;
    uint32_t lost;
    int best = choose(c->ctx, s, actor, window, opts, open_choice, o, v, &ref, &lost);
    no_graph *g = c->g;
    int first = g->nsucc;
    if (best == CHOICE_FAILED || best == CHOSE_NOTHING) {
        if (!c->failed) /* more options than the search allows, or none the policy allows */
            c->failed = best == CHOICE_FAILED ? 3 : 4;
    } else if (grow((void **)&g->succ, &g->cap_succ, first + o->n, sizeof(int32_t)) ||
               grow((void **)&g->lost, &g->cap_lost, first + o->n, sizeof(uint32_t))) {
        c->failed = 1;
    } else {
        memcpy(g->succ + first, o->ref, (size_t)o->n * sizeof *o->ref);
        memcpy(g->lost + first, o->lost, (size_t)o->n * sizeof *o->lost);
        g->nsucc += o->n;
    }
    int n = o->n;
    free(o);
    if (c->failed)
        return 0;
    int32_t id = add_chance(c, NO_DIE_CHOICE, actor, first);
    if (!c->failed)
        g->chance[id].deck = (uint16_t)n;
    return id;
}

/* Runs the steps from `s` to the next roll, end, or decision in which the actor has something
 * to use: a window with nothing usable is passed. Where it stops, states are compared: the
 * rules' tidying runs there, unless a report keeps every detail; *lost gets the used bits it
 * took out. */
static point advance_lost(const no_ctx *ctx, const no_rules *rules, no_state *s, int stop, int *actor, int *window,
                          uint32_t *lost)
{
    point at;
    int must_act;
    while ((at = settle(ctx, rules, s, stop, actor, window)) == AT_DECISION &&
           !no_mod_any(ctx, s, *actor, *window, &must_act))
        s->step++; /* nothing to decide: the player passes */
    uint32_t used = s->used;
    if (rules->tidy && !ctx->keep_dice)
        rules->tidy(ctx, s);
    *lost = used & ~s->used; /* the modifiers used whose bits the tidying took out */
    return at;
}

static point advance(const no_ctx *ctx, const no_rules *rules, no_state *s, int *actor, int *window)
{
    uint32_t lost;
    return advance_lost(ctx, rules, s, WHOLE, actor, window, &lost);
}

/* A finished attack's measures for the optimal policy's goal, in the order it compares them:
 * the goal's figure as the report prints it, then tie-breaks. The damage a report sums is the
 * state's damage (Armada: shields stripped and cards), which for X-Wing and Legion is the score's
 * damage too; Armada's per-attack measures (cards, shields stripped, face-up) differ from it,
 * hence their own goal. */
static void goal_measures(const no_ctx *ctx, const no_state *s, no_value *v)
{
    const double by_goal[NO_GOAL_N][NO_GOAL_MEASURES] = {
        [NO_GOAL_MEAN_DAMAGE] = {s->damage, v->damage, 0},
        [NO_GOAL_KILL] = {s->destroyed, s->damage, v->damage},
        [NO_GOAL_MEAN_CARDS] = {v->damage, v->other, v->crits},
    };
    memcpy(v->goal, by_goal[ctx->goal], sizeof v->goal);
}

void no_terminal_value(const no_ctx *ctx, const no_rules *rules, const no_state *s, no_value *v)
{
    memset(v, 0, sizeof *v);
    rules->score(ctx, s, v);
    spent(ctx, s, v->spend);
    goal_measures(ctx, s, v);
}

/* Compiles the rest of the attack from s: the node it reaches, with its value, and in *lost the
 * used bits the tidying takes out on the way there (no_graph.lost). An open compile stops at the
 * leaves, worth nothing, and leaves its decisions open. */
static int32_t compile_state(compiler *c, no_state s, no_value *v, uint32_t *lost)
{
    int actor = 0, window = 0;
    uint32_t here = 0;
    point at = advance_lost(c->ctx, c->rules, &s, c->stop, &actor, &window, &here);
    *lost = here;
    if ((at == AT_TERMINAL || at == AT_LEAF) && !c->ctx->keep_dice)
        memset(s.pool, 0, sizeof s.pool); /* the outcome is recorded (a leaf's, for the damage part,
                                            * in damage_fields): equal outcomes merge */
    uint64_t h = hash_state(&s);
    size_t slot = memo_slot(c, &s, h);
    if (c->index[slot].pos) {
        const visited *hit = &c->seen[c->index[slot].pos - 1];
        *v = hit->value;
        *lost |= hit->lost;
        return hit->ref;
    }
    if ((size_t)c->nseen >= c->budget) {
        c->failed = 2;
        return 0;
    }
    int32_t ref;
    uint32_t after = 0; /* tidied away between s and ref */
    if (at == AT_LEAF) {
        ref = add_terminal(c, &s);
        memset(v, 0, sizeof *v);
    } else if (at == AT_TERMINAL) {
        ref = add_terminal(c, &s);
        no_terminal_value(c->ctx, c->rules, &s, v);
        if (c->ctx->future) { /* what this end leaves the attacks after this one */
            no_value f = {0};
            c->ctx->future->value(c->ctx->future, &s, &f);
            for (int i = 0; i < NO_GOAL_MEASURES; i++)
                v->goal[i] += f.goal[i];
        }
    } else if (at == AT_CHANCE) {
        ref = compile_chance(c, &s, v);
    } else if (c->stop != WHOLE) {
        ref = open_decision(c, &s, actor, window, v);
    } else {
        ref = compile_decision(c, &s, actor, window, v, &after);
    }
    if (c->failed)
        return 0;
    if (grow((void **)&c->seen, &c->cap_seen, c->nseen + 1, sizeof *c->seen) ||
        (2 * (size_t)(c->nseen + 1) > c->cap && memo_grow(c))) {
        c->failed = 1;
        return 0;
    }
    c->seen[c->nseen] = (visited){.key = s, .value = *v, .ref = ref, .lost = after};
    *lost |= after;
    c->nseen++;
    memo_put(c, memo_slot(c, &s, h), h, c->nseen); /* the table may have grown: find the slot again */
    return ref;
}

/* Compiles from `root`, whole or (stop: the step the damage part begins at) open. */
static int compile_graph(const no_ctx *ctx, const no_rules *rules, const no_state *root, int stop,
                         size_t state_budget, no_graph *g, char *err, size_t errlen)
{
    compiler c = {.ctx = ctx, .rules = rules, .g = g, .budget = state_budget, .stop = stop};
    memset(g, 0, sizeof *g);
    if (memo_grow(&c)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    g->root = compile_state(&c, *root, &g->value, &g->root_lost);
    g->states_seen = (size_t)c.nseen;
    free(c.index);
    free(c.seen);
    if (c.failed) {
        if (c.failed == 2)
            snprintf(err, errlen, "the attack has more than %zu distinct states, the limit of one compiled attack "
                     "(about %zu MB); fewer dice, rerolls or tokens make it smaller (Monte Carlo walks the "
                     "same compiled attack, so --trials does not help)",
                     state_budget, state_budget * (sizeof(visited) + 2 * sizeof(memo_entry)) >> 20);
        else if (c.failed == 3)
            snprintf(err, errlen, "a decision offers more than %d choices (too many dice for "
                     "one modifier's \"count\")", NO_MAX_OPTIONS);
        else if (c.failed == 4)
            snprintf(err, errlen, "a side must act at a decision but its policy allows none of its choices");
        else
            snprintf(err, errlen, "out of memory");
        no_graph_free(g);
        return -1;
    }
    return 0;
}

int no_compile_from(const no_ctx *ctx, const no_rules *rules, const no_state *root, size_t state_budget,
                    no_graph *g, char *err, size_t errlen)
{
    return compile_graph(ctx, rules, root, WHOLE, state_budget, g, err, errlen);
}

int no_compile(const no_ctx *ctx, const no_rules *rules, size_t state_budget, no_graph *g,
               char *err, size_t errlen)
{
    return no_compile_from(ctx, rules, &ctx->start, state_budget, g, err, errlen);
}

int no_compile_open(const no_ctx *ctx, const no_rules *rules, size_t state_budget, no_open *o, char *err,
                    size_t errlen)
{
    int stop = 0;
    while (!rules->steps[stop].damage && (rules->steps[stop].apply || rules->steps[stop].decide))
        stop++;
    if (!rules->steps[stop].damage) {
        snprintf(err, errlen, "the rules %s have no damage part", rules->name);
        return -1;
    }
    return compile_graph(ctx, rules, &ctx->start, stop, state_budget, &o->g, err, errlen);
}

int no_advance(const no_ctx *ctx, const no_rules *rules, no_state *s, int *actor, int *window)
{
    static const int at[] = {[AT_TERMINAL] = NO_AT_END, [AT_CHANCE] = NO_AT_ROLL, [AT_DECISION] = NO_AT_DECISION};
    int where = at[advance(ctx, rules, s, actor, window)];
    return where == NO_AT_ROLL && s->card_draw ? NO_AT_DRAW : where;
}

int no_value_from(const no_ctx *ctx, const no_rules *rules, const no_state *s, no_value *v)
{
    no_graph g;
    char err[160];
    if (no_compile_from(ctx, rules, s, NO_STATE_BUDGET, &g, err, sizeof err))
        return -1;
    *v = g.value;
    no_graph_free(&g);
    return 0;
}

/* A report values a choice by compiling the rest of the attack from it, on its own. */
typedef struct report_valuer {
    const no_ctx *ctx;
    const no_rules *rules;
} report_valuer;

static int value_afresh(void *arg, no_state next, no_value *v, int32_t *ref, uint32_t *lost)
{
    const report_valuer *r = arg;
    *ref = 0;
    *lost = 0;
    return no_value_from(r->ctx, r->rules, &next, v);
}

int no_decide(const no_ctx *ctx, const no_rules *rules, const no_state *s, int actor, int window,
              no_option *opts, int *chosen, no_value *value)
{
    report_valuer r = {ctx, rules};
    int32_t ref;
    uint32_t lost;
    int best = choose(ctx, s, actor, window, opts, value_afresh, &r, value, &ref, &lost);
    if (best == CHOICE_FAILED)
        return -1;
    *chosen = best < 0 ? -1 : best;
    return 0;
}

void no_graph_free(no_graph *g)
{
    free(g->chance);
    free(g->succ);
    free(g->lost);
    free(g->term);
    free(g->decks);
    memset(g, 0, sizeof *g);
}

/* ---- exact driver: probability mass flows from parents to children ---- */
void no_exact(const no_ctx *ctx, const no_graph *g, double *term_prob)
{
    double *mass = malloc((size_t)(g->nchance ? g->nchance : 1) * sizeof *mass);
    if (!mass)
        abort();
    no_flow(ctx, g, mass, term_prob);
    free(mass);
}

/* A chance node's outcomes (a roll's face counts, or a draw's card kinds) and the probability of
 * outcome o. */
static int outcomes(const no_ctx *ctx, const no_chance *ch)
{
    return ch->die == NO_DIE_DRAW ? ch->k : ctx->dice[ch->die]->by_k[ch->k].n;
}

static double outcome_p(const no_ctx *ctx, const no_graph *g, const no_chance *ch, int o)
{
    return ch->die == NO_DIE_DRAW ? card_p(&g->decks[ch->deck], o) : ctx->dice[ch->die]->by_k[ch->k].prob[o];
}

/* The probability mass flows from the root to the ends; an open graph's choices (NO_DIE_CHOICE)
 * send all of theirs to their pick. */
static void flow(const no_ctx *ctx, const no_graph *g, const int32_t *pick, double *mass, double *term_prob)
{
    if (term_prob)
        memset(term_prob, 0, (size_t)g->nterm * sizeof *term_prob);
    memset(mass, 0, (size_t)g->nchance * sizeof *mass);
    if (g->root < 0) {
        if (term_prob)
            term_prob[~g->root] = 1.0;
        return;
    }
    mass[g->root] = 1.0;
    for (int id = g->nchance - 1; id >= 0; id--) { /* children have smaller ids */
        double m = mass[id];
        if (m == 0.0)
            continue;
        const no_chance *ch = &g->chance[id];
        int choice = ch->die == NO_DIE_CHOICE;
        for (int o = 0, n = choice ? 1 : outcomes(ctx, ch); o < n; o++) {
            int32_t child = choice ? pick[id] : g->succ[ch->first + o];
            double p = choice ? m : m * outcome_p(ctx, g, ch, o);
            if (child >= 0)
                mass[child] += p;
            else if (term_prob)
                term_prob[~child] += p;
        }
    }
}

void no_flow(const no_ctx *ctx, const no_graph *g, double *mass, double *term_prob)
{
    flow(ctx, g, NULL, mass, term_prob);
}

/* ---- values afresh: a compiled graph valued again from other ends (run/dealt.c) ---- */

/* The value of node `id` from its children's (`val`; ends' from end_value), as compile_chance
 * sums them: outcome by outcome, a draw's impossible cards left out. */
static void chance_value(const no_ctx *ctx, const no_graph *g, int id, const no_value *val,
                         const no_value *end_value, no_value *v)
{
    const no_chance *ch = &g->chance[id];
    memset(v, 0, sizeof *v);
    for (int o = 0, n = outcomes(ctx, ch); o < n; o++) {
        double p = outcome_p(ctx, g, ch, o);
        if (p == 0.0 && ch->die == NO_DIE_DRAW)
            continue;
        int32_t child = g->succ[ch->first + o];
        add_weighted(v, p, child >= 0 ? &val[child] : &end_value[~child]);
    }
}

/* Node values and (open graphs) each choice's pick, children first; the root's value. */
static void value_nodes(const no_ctx *ctx, const no_graph *g, const no_value *end_value, no_value *val,
                        int32_t *pick, no_value *root)
{
    for (int id = 0; id < g->nchance; id++) {
        const no_chance *ch = &g->chance[id];
        if (ch->die != NO_DIE_CHOICE) {
            chance_value(ctx, g, id, val, end_value, &val[id]);
            continue;
        }
        /* as choose() does: the first choice, then any the policy finds better */
        const int32_t *succ = g->succ + ch->first;
        int actor = ch->k;
        pick[id] = succ[0];
        for (int i = 1; i < ch->deck; i++) {
            const no_value *best = pick[id] >= 0 ? &val[pick[id]] : &end_value[~pick[id]];
            const no_value *cv = succ[i] >= 0 ? &val[succ[i]] : &end_value[~succ[i]];
            if (better(ctx->policy[actor], actor, cv, best))
                pick[id] = succ[i];
        }
        val[id] = pick[id] >= 0 ? val[pick[id]] : end_value[~pick[id]];
    }
    *root = g->root >= 0 ? val[g->root] : end_value[~g->root];
}

void no_graph_value(const no_ctx *ctx, const no_graph *g, const no_value *term_value, no_value *root)
{
    no_value *val = malloc((size_t)(g->nchance ? g->nchance : 1) * sizeof *val);
    if (!val)
        abort();
    value_nodes(ctx, g, term_value, val, NULL, root);
    free(val);
}

void no_open_flow(const no_ctx *ctx, const no_open *o, const no_value *leaf_value, double *leaf_prob)
{
    const no_graph *g = &o->g;
    size_t n = (size_t)(g->nchance ? g->nchance : 1);
    no_value *val = malloc(n * sizeof *val), root;
    int32_t *pick = malloc(n * sizeof *pick);
    double *mass = malloc(n * sizeof *mass);
    if (!val || !pick || !mass)
        abort();
    value_nodes(ctx, g, leaf_value, val, pick, &root);
    flow(ctx, g, pick, mass, leaf_prob);
    free(val);
    free(pick);
    free(mass);
}

void no_open_free(no_open *o)
{
    no_graph_free(&o->g);
}

void no_exact_used(const no_ctx *ctx, const no_graph *g, double used[NO_MAX_MODS])
{
    memset(used, 0, NO_MAX_MODS * sizeof *used);
    for (uint32_t b = g->root_lost; b; b &= b - 1)
        used[__builtin_ctz(b)] += 1.0;
    int any = 0;
    for (int i = 0; i < g->nsucc && !any; i++)
        any = g->lost[i] != 0;
    if (!any)
        return;
    double *mass = malloc((size_t)(g->nchance ? g->nchance : 1) * sizeof *mass);
    if (!mass)
        abort();
    no_flow(ctx, g, mass, NULL);
    for (int id = 0; id < g->nchance; id++) {
        const no_chance *ch = &g->chance[id];
        for (int o = 0, n = outcomes(ctx, ch); o < n; o++) {
            uint32_t b = g->lost[ch->first + o];
            if (!b)
                continue;
            double p = mass[id] * outcome_p(ctx, g, ch, o);
            for (; b; b &= b - 1)
                used[__builtin_ctz(b)] += p;
        }
    }
    free(mass);
}

int no_roll_rank(const no_dicetab *tab, const uint8_t *faces, int k)
{
    uint8_t v[NO_MAX_FACES] = {0};
    for (int j = 0; j < k; j++) {
        int r = 0;
        while (r < tab->die->nresults && tab->die->face[r] != faces[j])
            r++;
        if (r == tab->die->nresults)
            return -1; /* this die has no such face */
        v[r]++;
    }
    const no_rolls *rolls = &tab->by_k[k];
    int o = 0;
    while (memcmp(rolls->count[o], v, NO_MAX_FACES) != 0)
        o++;
    return o;
}

/* ---- forced walk: the same nodes, dice given instead of rolled ---- */
int no_forced_walk(const no_ctx *ctx, const no_graph *g, const uint8_t *faces, int nfaces)
{
    int32_t ref = g->root;
    int used = 0;
    while (ref >= 0) {
        const no_chance *ch = &g->chance[ref];
        if (ch->die == NO_DIE_DRAW) { /* the next entry is the kind of card drawn */
            if (used >= nfaces)
                return -1;
            int kind = faces[used++];
            if (kind >= ch->k || !g->decks[ch->deck].n[kind])
                return -2;
            ref = g->succ[ch->first + kind];
            continue;
        }
        if (used + ch->k > nfaces)
            return -1;
        int o = no_roll_rank(ctx->dice[ch->die], faces + used, ch->k);
        if (o < 0)
            return -2;
        used += ch->k;
        ref = g->succ[ch->first + o];
    }
    return used == nfaces ? ~ref : -3; /* -3: dice left over, the attack rolled fewer */
}
