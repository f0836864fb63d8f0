/* battle_drive.c — the battle round by round, two ways over the same rules: exactly (the chance
 * of every state of the whole battle, attack by attack) and by Monte Carlo (one uniform draw per
 * attack from its alias table). Citations are lines of seeds/000_1d63b3a51872ba9e.txt.
 *
 * A round's Engagement phase (L936-L946): ships engage from the highest initiative down; at equal
 * initiative the first player's ships first (L944), each player's in listed order (L943 leaves
 * the order to the player). Each engaging ship attacks once (L940). Destroyed ships are removed
 * only once every ship of that initiative has engaged (L374, L746, L942, L1554-L1556): a ship
 * destroyed in its own step still attacks, but no one targets it. The battle ends at the end of
 * the step in which a side has no ship left (both: both destroyed), or after the last round. In
 * the End phase the green tokens go and the Force recovers (battle_tables.c: next_round). */
#include "battle_model.h"
#include "neverodds/progress.h"
#include "neverodds/ranks.h"
#include "neverodds/rng.h"
#include "run/finder.h"
#include <stdlib.h>
#include <string.h>


void bt_result_init(bt_result *r, const bt_model *m, int rounds)
{
    memset(r, 0, sizeof *r);
    r->rounds = rounds;
    r->nq = Q_SHIP + m->n;
    size_t cells = (size_t)(rounds + 1) * r->nq;
    r->resolved = calloc((size_t)rounds + 1, sizeof *r->resolved);
    r->at = calloc(cells, sizeof *r->at);
    r->ended = calloc(cells, sizeof *r->ended);
    if (!r->resolved || !r->at || !r->ended)
        abort();
}

void bt_result_free(bt_result *r)
{
    free(r->resolved);
    free(r->at);
    free(r->ended);
    r->resolved = r->at = r->ended = NULL;
}

void bt_result_add(bt_result *r, const bt_result *b)
{
    r->total += b->total;
    for (int i = 0; i < BT_NOUTCOMES; i++)
        r->outcome[i] += b->outcome[i];
    r->rounds_sum += b->rounds_sum;
    r->rounds_sq += b->rounds_sq;
    r->reshuffled += b->reshuffled;
    for (int k = 0; k <= r->rounds; k++)
        r->resolved[k] += b->resolved[k];
    for (size_t i = 0; i < (size_t)(r->rounds + 1) * r->nq; i++) {
        r->at[i] += b->at[i];
        r->ended[i] += b->ended[i];
    }
    if (b->states > r->states)
        r->states = b->states;
}

void bt_result_finish(bt_result *r)
{
    for (int k = 1; k <= r->rounds; k++)
        for (int q = 0; q < r->nq; q++) {
            r->ended[k * r->nq + q] += r->ended[(k - 1) * r->nq + q];
            r->at[k * r->nq + q] += r->ended[k * r->nq + q];
        }
}

/* The end of round k as `hp` stands, weighing w, into row k of `into` (at or ended). */
static void record(const bt_model *m, bt_result *r, double *into, int k, const uint8_t *hp, double w)
{
    double *row = into + (size_t)k * r->nq;
    int alive[2] = {0, 0}, lost[2] = {0, 0};
    for (int i = 0; i < m->n; i++) {
        int s = m->ship[i].side;
        if (hp[i]) {
            alive[s]++;
            row[Q_SHIP + i] += w;
        } else {
            lost[s] += m->ship[i].points;
        }
    }
    for (int s = 0; s < 2; s++) {
        row[Q_SURVIVORS + s] += w * alive[s];
        row[Q_SURVIVORS_SQ + s] += w * alive[s] * alive[s];
        row[Q_POINTS + s] += w * lost[s];
        row[Q_POINTS_SQ + s] += w * (double)lost[s] * lost[s];
    }
}

/* A battle over in round k (a side has no ship left), or unresolved after the last. */
static void record_end(const bt_model *m, bt_result *r, int k, const uint8_t *hp, double w, int unresolved)
{
    int alive[2] = {0, 0};
    for (int i = 0; i < m->n; i++)
        alive[m->ship[i].side] += hp[i] > 0;
    int o = unresolved ? BT_UNRESOLVED : !alive[0] && !alive[1] ? BT_BOTH : alive[0] ? BT_A_WINS : BT_B_WINS;
    r->outcome[o] += w;
    r->rounds_sum += w * k;
    r->rounds_sq += w * k * k;
    if (!unresolved) {
        r->resolved[k] += w;
        if (r->exact) /* the Monte Carlo driver's rows hold differences: nothing changes later */
            record(m, r, r->ended, k, hp, w);
    }
}

/* ---- the engagement order ---- */

typedef struct plan {
    int n, order[BT_SHIPS], last_of_step[BT_SHIPS]; /* last_of_step[i]: ship i ends its initiative step */
} plan;

static void make_plan(const bt_model *m, int first, plan *p)
{
    p->n = 0;
    for (int init = 6; init >= 0; init--)
        for (int turn = 0; turn < 2; turn++) {
            int side = turn ? !first : first;
            for (int i = 0; i < m->n && !(m->passive & 1 << side); i++)
                if (m->ship[i].side == side && m->ship[i].initiative == init)
                    p->order[p->n++] = i;
        }
    for (int i = 0; i < p->n; i++)
        p->last_of_step[i] = i + 1 == p->n || m->ship[p->order[i + 1]].initiative != m->ship[p->order[i]].initiative;
}

/* ---- targeting (the same for both drivers) ---- */

/* Whom ship s attacks at range r, by its side's policy: -1 when no enemy is left; the weapon it
 * fires at it in *weapon (bt_pick_weapon). The enemies are m's ships of the other side, in listed
 * order; each policy's key first, then the likeliest kill, then the fewest hit points left, then
 * the listed order. */
static inline __attribute__((always_inline)) int pick_target_of(const bt_model *m, int policy, int s, int r,
                                                                const bt_state *b, int *weapon, int nweapons)
{
    const uint8_t *hp = b->hp, *st = b->st;
    int best = -1, side = m->ship[s].side, from = side ? 0 : m->nside[0], to = side ? m->nside[0] : m->n;
    double best_key = 0, best_kill = -1;
    int best_hp = 0, best_w = 0;
    /* s's tables at range r: on t, by weapon, from row + t * stride (held here: the loop reads
     * nothing of the model else but t's token states) */
    bt_table *const *row = m->table + bt_cell(m, s, 0, r, bt_arms(b, s), 0);
    size_t stride = bt_cell(m, 0, 1, 0, 0, 0);
    for (int t = from; t < to; t++) {
        if (!hp[t])
            continue;
        double kill, key = 0;
        int w = bt_pick_weapon(row + t * stride, nweapons, st[s] * m->ship[t].nstates + st[t], hp[t], &kill);
        if (policy == NO_TARGET_LIKELIEST_KILL) { /* the common case: no key, no branch to mispredict */
            int better = (kill > best_kill) | ((kill == best_kill) & (hp[t] < best_hp));
            best = better ? t : best;
            best_w = better ? w : best_w;
            best_kill = better ? kill : best_kill;
            best_hp = better ? hp[t] : best_hp;
            continue;
        }
        if (policy == NO_TARGET_THREAT)
            key = m->passive ? 0 : bt_table_of(m, t, s, r, bt_arms(b, t), 0, st[t], st[s])->mean; /* its primary */
        else if (policy == NO_TARGET_POINTS)
            key = m->ship[t].points;
        else
            key = -(double)b->attacked[t];
        int better = best < 0 || key > best_key ||
                     (key == best_key && (kill > best_kill || (kill == best_kill && hp[t] < hp[best])));
        if (better) {
            best = t;
            best_w = w;
            best_key = key;
            best_kill = kill;
        }
    }
    *weapon = best_w;
    return best;
}

/* pick_target_of with s's weapons; a ship of one weapon (most) without the loop over them. */
static inline __attribute__((always_inline)) int pick_target(const bt_model *m, int policy, int s, int r,
                                                             const bt_state *b, int *weapon)
{
    int n = m->ship[s].nweapons;
    return n == 1 ? pick_target_of(m, policy, s, r, b, weapon, 1) : pick_target_of(m, policy, s, r, b, weapon, n);
}

/* The end of an initiative step: the destroyed are removed. Whether both sides have a ship left
 * (A's ships come first in the list; ORs, not counts: no chain of stores through memory). */
static int step_end(const bt_model *m, const uint8_t *hp, uint8_t *st)
{
    int alive[2] = {0, 0};
    for (int s = 0, x = 0; s < 2; s++) {
        int any = 0;
        for (int end = x + m->nside[s]; x < end; x++) {
            if (!hp[x])
                st[x] = BT_GONE;
            any |= hp[x];
        }
        alive[s] = any != 0;
    }
    return alive[0] && alive[1];
}

/* ---- Monte Carlo ---- */

#define BATTLE_CHUNK 4096

typedef struct mc_setup {
    plan plans[2];
    int ranges[3], nranges; /* the ranges of this run (those with a chance) */
    uint32_t range_cut[3]; /* a uniform below range_cut[i] (and not an earlier cut) draws ranges[i] */
    int refresh;           /* some ship's tokens change at a new round */
} mc_setup;

/* What changed in round k of one battle, as differences from the round before (the Monte Carlo
 * driver's rows hold differences, summed into levels at the end: a round where no ship is lost
 * costs nothing). */
static void record_losses(const bt_model *m, bt_result *r, int k, const uint8_t *dead, int ndead, const int *left,
                          const int *lost)
{
    double *row = r->at + (size_t)k * r->nq;
    int was_left[2] = {left[0], left[1]}, was_lost[2] = {lost[0], lost[1]};
    for (int i = 0; i < ndead; i++) {
        const bt_ship *sh = &m->ship[dead[i]];
        row[Q_SHIP + dead[i]] -= 1;
        was_left[sh->side]++;
        was_lost[sh->side] -= sh->points;
    }
    for (int s = 0; s < 2; s++) {
        row[Q_SURVIVORS + s] += left[s] - was_left[s];
        row[Q_SURVIVORS_SQ + s] += left[s] * left[s] - was_left[s] * was_left[s];
        row[Q_POINTS + s] += lost[s] - was_lost[s];
        row[Q_POINTS_SQ + s] += (double)lost[s] * lost[s] - (double)was_lost[s] * was_lost[s];
    }
}

/* The differences summed into each round's level, from round 0's (every ship alive). */
static void levels_from_losses(const bt_model *m, bt_result *r)
{
    double *row0 = r->at;
    for (int s = 0; s < 2; s++) {
        row0[Q_SURVIVORS + s] = r->total * m->nside[s];
        row0[Q_SURVIVORS_SQ + s] = r->total * m->nside[s] * m->nside[s];
    }
    for (int i = 0; i < m->n; i++)
        row0[Q_SHIP + i] = r->total;
    for (int k = 1; k <= r->rounds; k++)
        for (int q = 0; q < r->nq; q++)
            r->at[(size_t)k * r->nq + q] += r->at[(size_t)(k - 1) * r->nq + q];
}

/* A kind drawn from counts[] (total cards): one draw. */
static int draw_kind(const int *counts, int total, no_pcg32 *rng)
{
    int x = (int)(((uint64_t)no_pcg32_next(rng) * (uint64_t)total) >> 32), k = 0;
    while (x >= counts[k])
        x -= counts[k++];
    return k;
}

/* A card's kind drawn from what its side's deck has left. */
static int draw_card(const bt_model *m, const bt_state *b, int side, no_pcg32 *rng)
{
    int left[BT_CARD_KINDS], total = bt_card_left(m, b, side, left);
    return draw_kind(left, total, rng);
}

/* A deck that may run out (bt_model.reshuffle), followed card by card. As with the deck that
 * cannot, a card's kind is drawn only when it is read: a face-up card's from the deck's cards
 * nobody has seen (in the deck, or face down on a ship: by exchangeability the face-down ones do
 * not change the odds). When the deck is empty and a card is needed, the face-down cards dealt
 * from it get their kinds (drawn from what is left unseen: the deck is empty, so exactly they),
 * and the rules make a new deck: the side's destroyed ships' cards (L530), else every ship's
 * face-down cards, the ship keeping its damage (L531). */
typedef struct mc_deck {
    const bt_model *m;
    bt_state *b;
    no_pcg32 *rng;
    int left[2];                            /* cards in each side's deck */
    int unseen[2][BT_CARD_KINDS];           /* the deck's cards no one has seen, by kind */
    uint8_t unknown[BT_SHIPS];              /* face-down cards a ship holds from its deck, kind unseen */
    uint8_t known[BT_SHIPS][BT_CARD_KINDS]; /* the cards a ship holds whose kind is known */
    uint8_t other_up[BT_SHIPS];             /* of them, "other" cards dealt face up (they stay so) */
    int refilled;                           /* a deck ran out in this battle */
} mc_deck;

static void deck_start(mc_deck *d, const bt_model *m, bt_state *b, no_pcg32 *rng)
{
    *d = (mc_deck){.m = m, .b = b, .rng = rng};
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < BT_CARD_KINDS; k++)
            d->left[side] += d->unseen[side][k] = m->deck_count[side][k];
}

/* A card nobody has seen of side's deck, for ship x: its kind, drawn and now known. */
static int draw_unseen(mc_deck *d, int side, int x)
{
    int total = 0;
    for (int k = 0; k < BT_CARD_KINDS; k++)
        total += d->unseen[side][k];
    int k = draw_kind(d->unseen[side], total, d->rng);
    d->unseen[side][k]--;
    d->known[x][k]++;
    return k;
}

/* The cards of `kind` ship x holds face up now (a Direct Hit! and a Panicked Pilot are repaired
 * as they act; the battle's "other" cards stay face up). */
static int face_up(const mc_deck *d, int x, int kind)
{
    const bt_state *b = d->b;
    switch (kind) {
    case BT_HULL_BREACH: return b->breach[x];
    case BT_FUEL_LEAK: return b->fuel[x];
    case BT_STRUCTURAL: return d->m->ship[x].state[b->st[x]].structural;
    case BT_OTHER: return d->other_up[x];
    case BT_WEAPONS_FAILURE: return b->arms[x] & 3;
    case BT_BLINDED: return b->arms[x] >> 2;
    case BT_DIRECT_HIT:
    case BT_PANICKED: return 0;
    default: return bt_up(b, x, kind);
    }
}

/* Moves ship x's known cards (face-down ones only: face_down) into side's new deck. */
static void to_deck(mc_deck *d, int side, int x, int face_down)
{
    for (int k = 0; k < BT_CARD_KINDS; k++) {
        int n = d->known[x][k] - (face_down ? face_up(d, x, k) : 0);
        d->known[x][k] = (uint8_t)(d->known[x][k] - n);
        d->unseen[side][k] += n;
        d->left[side] += n;
    }
    if (!face_down) { /* a destroyed ship's cards all go: none acts for it any more (it may
                       * still engage in this step) */
        d->other_up[x] = 0;
        d->b->up[x] = d->b->breach[x] = d->b->fuel[x] = d->b->arms[x] = 0;
    }
}

/* The side's deck is empty and a card is needed: a new deck (L530, then L531). */
static void refill(mc_deck *d, int side)
{
    const bt_model *m = d->m;
    int from = side ? m->nside[0] : 0, to = side ? m->n : m->nside[0];
    d->refilled = 1;
    for (int x = from; x < to; x++) /* the face-down cards dealt from the old deck get their kinds */
        for (; d->unknown[x]; d->unknown[x]--)
            draw_unseen(d, side, x);
    for (int x = from; x < to; x++) /* L530: the destroyed ships' cards, shuffled face down */
        if (!d->b->hp[x])
            to_deck(d, side, x, 0);
    if (!d->left[side]) /* L531: none, then the face-down cards of every ship in play */
        for (int x = from; x < to; x++)
            if (d->b->hp[x])
                to_deck(d, side, x, 1);
}

/* bt_hook: a card dealt to ship t whose kind is not read. With no card left anywhere (every
 * card of the side face up on ships still in play), the damage counts without a card. */
static void deck_dealt(void *ctx, int t)
{
    mc_deck *d = ctx;
    int side = d->m->ship[t].side;
    if (!d->left[side])
        refill(d, side);
    if (d->left[side]) {
        d->left[side]--;
        d->unknown[t]++;
    }
}

/* A face-up card dealt to ship t: its kind. */
static int deck_face_up(mc_deck *d, int t)
{
    int side = d->m->ship[t].side;
    if (!d->left[side])
        refill(d, side);
    if (!d->left[side])
        return BT_OTHER; /* no card at all: the damage without a card's effect */
    d->left[side]--;
    int k = draw_unseen(d, side, t);
    d->other_up[t] = (uint8_t)(d->other_up[t] + (k == BT_OTHER));
    return k;
}

/* Damage to ship t, each face-up card's kind drawn from its side's deck (deck: the deck that may
 * run out, NULL when neither can). */
static void suffer_cards(const bt_model *m, bt_state *b, int t, uint8_t to_deal[2], no_pcg32 *rng, mc_deck *deck)
{
    if (deck && m->reshuffle[m->ship[t].side]) {
        const bt_hook hook = {deck_dealt, deck};
        while (bt_deal_cards(b, t, to_deal, &hook))
            bt_card(m, b, t, deck_face_up(deck, t), to_deal);
        return;
    }
    while (bt_deal(m, b, t, to_deal))
        bt_card(m, b, t, draw_card(m, b, m->ship[t].side, rng), to_deal);
}

/* Without the deck, damage is points: inline, the hot path of a deck-off battle (matchup's
 * rounds to destroy, make bench's 5 vs 5) makes no call. */
static inline void suffer(const bt_model *m, bt_state *b, int t, uint8_t to_deal[2], no_pcg32 *rng, mc_deck *deck)
{
    if (!m->deck)
        bt_deal(m, b, t, to_deal);
    else
        suffer_cards(m, b, t, to_deal, rng, deck);
}

/* The results of n dice that each show one with chance eighths/8. */
static int roll(int n, int eighths, no_pcg32 *rng)
{
    int got = 0;
    for (int i = 0; i < n; i++)
        got += (int)(no_pcg32_next(rng) >> 29) < eighths;
    return got;
}

/* Console Fire's die shows a hit on 3 of its 8 faces (a crit does not count); a Wounded Pilot's
 * a hit or a crit, 4 of 8 (dice.md). */
#define CONSOLE_FIRE_HITS 3
#define WOUNDED_PILOT_HITS 4

/* Round k's start for every ship not removed: the End phase and the Activation (bt_round_start),
 * its Wounded Pilot dice rolled. */
static void mc_round_start(const bt_model *m, bt_state *b, no_pcg32 *rng)
{
    for (int x = 0; x < m->n; x++)
        if (b->st[x] != BT_GONE) {
            int dice = bt_round_start(m, b, x);
            b->stress[x] = (uint8_t)(b->stress[x] + roll(dice, WOUNDED_PILOT_HITS, rng));
        }
}

/* Ship t was destroyed in this step: its side has one ship fewer and has lost its points; it
 * is removed at the step's end (dead[], ndead of them so far: the new count). */
static inline int destroyed(const bt_model *m, int t, int *left, int *lost, uint8_t *dead, int ndead)
{
    left[m->ship[t].side]--;
    lost[m->ship[t].side] += m->ship[t].points;
    dead[ndead] = (uint8_t)t;
    return ndead + 1;
}

static void one_battle(const bt_model *m, const no_battle_opts *o, const mc_setup *ms, no_pcg32 *rng,
                       bt_result *r)
{
    bt_state b;
    bt_state_start(m, &b);
    mc_deck decks, *deck = NULL;
    if (m->reshuffle[0] | m->reshuffle[1])
        deck_start(deck = &decks, m, &b, rng);
    uint8_t *hp = b.hp, *st = b.st, *attacked = b.attacked, dead[BT_SHIPS];
    int left[2] = {m->nside[0], m->nside[1]}, lost[2] = {0, 0};
    int ranges = ms->nranges, spread = o->target[0] == NO_TARGET_SPREAD || o->target[1] == NO_TARGET_SPREAD;
    for (int k = 1; k <= o->rounds; k++) {
        int first = o->first == NO_FIRST_ROLLED ? (int)(no_pcg32_next(rng) >> 31) : o->first == NO_FIRST_B;
        int ri = 0, ndead = 0, removed = 0; /* dead[removed..ndead): destroyed in this step */
        if (ranges > 1) {
            uint32_t u = no_pcg32_next(rng);
            while (ri + 1 < ranges && u >= ms->range_cut[ri])
                ri++;
        }
        int range = ms->ranges[ri];
        const plan *p = &ms->plans[first];
        if (spread)
            memset(attacked, 0, (size_t)m->n);
        for (int i = 0; i < p->n; i++) {
            int s = p->order[i];
            if (b.up[s] && st[s] != BT_GONE) { /* face-up cards that act before it engages (up[] holds them) */
                /* a ship destroyed earlier in its step still engages: its Console Fire's damage
                 * changes nothing but the cards its deck deals (L657), which matter only to a deck
                 * that may run out (so the dice are rolled only then) */
                int alive = hp[s] > 0, fires = bt_before_engage(m, &b, s);
                int hits = alive || (deck && m->reshuffle[m->ship[s].side]) ? roll(fires, CONSOLE_FIRE_HITS, rng) : 0;
                if (hits) {
                    uint8_t to_deal[2] = {(uint8_t)hits, 0};
                    suffer(m, &b, s, to_deal, rng, deck);
                    if (alive && !hp[s]) /* it still attacks: it is removed at the end of its step */
                        ndead = destroyed(m, s, left, lost, dead, ndead);
                }
            }
            if (st[s] != BT_GONE) {
                int w, t = pick_target(m, o->target[m->ship[s].side], s, range, &b, &w);
                if (t >= 0) {
                    /* one draw: its product with n holds the bucket (high word) and a uniform
                     * fraction within it (low word) */
                    const bt_table *tab = bt_table_of(m, s, t, range, bt_arms(&b, s), w, st[s], st[t]);
                    uint64_t x = (uint64_t)no_pcg32_next(rng) * (uint64_t)tab->n;
                    const bt_bucket *bk = &tab->bucket[x >> 32];
                    const bt_outcome *out = &bk->out[(uint32_t)x >= bk->keep];
                    st[s] = out->atk_state;
                    st[t] = out->def_state;
                    attacked[t]++;
                    uint8_t to_deal[2] = {out->hit, out->crit};
                    suffer(m, &b, t, to_deal, rng, deck);
                    if (!hp[t])
                        ndead = destroyed(m, t, left, lost, dead, ndead);
                }
            }
            if (!p->last_of_step[i])
                continue;
            for (; removed < ndead; removed++) /* the end of the initiative step */
                st[dead[removed]] = BT_GONE;
            if (!left[0] || !left[1]) {
                record_losses(m, r, k, dead, ndead, left, lost);
                record_end(m, r, k, hp, 1, 0);
                r->reshuffled += deck && deck->refilled;
                return;
            }
        }
        if (m->round_cards)
            mc_round_start(m, &b, rng);
        else if (ms->refresh)
            for (int x = 0; x < m->n; x++)
                if (st[x] != BT_GONE)
                    st[x] = (uint8_t)m->ship[x].round_start[BT_ACT_ANY][st[x]];
        if (ndead)
            record_losses(m, r, k, dead, ndead, left, lost);
    }
    record_end(m, r, o->rounds, hp, 1, 1);
    r->reshuffled += deck && deck->refilled;
}

/* The sums as whole numbers over the ranks (each rank ran its own chunks); a round's row holds
 * differences, which may be negative, summed modulo 2^64 as two's complement. */
static void sum_over_ranks(bt_result *r)
{
    if (no_nranks() < 2)
        return;
    size_t cells = (size_t)(r->rounds + 1) * r->nq, n = 1 + BT_NOUTCOMES + 3 + (r->rounds + 1) + 2 * cells;
    uint64_t *v = malloc(n * sizeof *v);
    double *src[] = {&r->total, r->outcome, &r->rounds_sum, &r->rounds_sq, &r->reshuffled, r->resolved, r->at, r->ended};
    size_t len[] = {1, BT_NOUTCOMES, 1, 1, 1, (size_t)r->rounds + 1, cells, cells};
    if (!v)
        abort();
    size_t at = 0;
    for (int a = 0; a < 8; a++)
        for (size_t i = 0; i < len[a]; i++)
            v[at++] = (uint64_t)(int64_t)src[a][i]; /* differences may be negative: two's complement */
    no_ranks_sum(v, n);
    at = 0;
    for (int a = 0; a < 8; a++)
        for (size_t i = 0; i < len[a]; i++)
            src[a][i] = (double)(int64_t)v[at++];
    free(v);
}

void bt_montecarlo(const bt_model *m, const no_battle_opts *o, const double range_p[4], bt_result *r)
{
    mc_setup ms = {.refresh = 0};
    for (int x = 1; x <= 3; x++)
        if (range_p[x] > 0)
            ms.ranges[ms.nranges++] = x;
    for (int i = 0; i < m->n; i++)
        for (int x = 0; x < m->ship[i].nstates; x++)
            ms.refresh |= m->ship[i].round_start[BT_ACT_ANY][x] != x;
    make_plan(m, 0, &ms.plans[0]);
    make_plan(m, 1, &ms.plans[1]);
    double cum = 0;
    for (int i = 0; i < ms.nranges; i++) {
        cum += range_p[ms.ranges[i]];
        ms.range_cut[i] = cum >= 1 ? UINT32_MAX : (uint32_t)(cum * 4294967296.0);
    }
    bt_result_init(r, m, o->rounds);
    uint64_t trials = o->run.trials, chunks = (trials + BATTLE_CHUNK - 1) / BATTLE_CHUNK;
    long long rank = no_rank(), nranks = no_nranks();
    int threads = o->run.threads > 0 ? o->run.threads : 1;
    /* each thread sums into its own result (apart in memory: no cache line shared while battles
     * run), then into r: whole numbers, so the order does not matter */
#pragma omp parallel num_threads(threads)
    {
        bt_result mine;
        bt_result_init(&mine, m, o->rounds);
#pragma omp for schedule(dynamic, 1)
        for (long long c = rank; c < (long long)chunks; c += nranks) {
            no_pcg32 rng;
            no_pcg32_seed(&rng, o->run.seed, (uint64_t)c);
            uint64_t n = (uint64_t)c + 1 == chunks ? trials - (uint64_t)c * BATTLE_CHUNK : BATTLE_CHUNK;
            for (uint64_t b = 0; b < n; b++)
                one_battle(m, o, &ms, &rng, &mine);
            mine.total += (double)n;
        }
#pragma omp critical(battle_sum)
        bt_result_add(r, &mine);
        bt_result_free(&mine);
    }
    sum_over_ranks(r);
    levels_from_losses(m, r);
    bt_result_finish(r);
}

/* ---- exact ---- */

/* A map from battle states to their chances. Keys are packed: of each of bt_state's fields the
 * battle uses the first n bytes (the ships'), then the decks, in whole words (1 v 1 with the
 * deck: 4 words, not 14; without it the hit points, tokens and attacks alone); the map's work is
 * mostly copying, hashing and comparing them. */
#define JFIELDS 9 /* bt_state's per-ship arrays, in order */
typedef struct jmap {
    uint64_t *key;
    double *p;
    size_t cap, n;
    size_t adds;  /* additions, the map's work */
    int ships, words;
    int fields;   /* of the JFIELDS, the first `fields` the battle uses */
    int decks;    /* bytes of bt_state.seen in a key: 0 without the damage deck */
    const bt_model *model; /* the battle's, for its sides */
} jmap;

/* bt_state's per-ship arrays, in the order a key holds them (writable: unpack fills them): the
 * hit points, tokens and attacks; with the deck the shields, Hull Breaches and Fuel Leaks; with
 * the cards that act on their own the face-up ones and stress; with the cards that act on a
 * ship's own attacks, its Weapons Failures and Blinded Pilots. */
static void fields_of(const bt_state *s, uint8_t *field[JFIELDS])
{
    bt_state *w = (bt_state *)s;
    uint8_t *f[JFIELDS] = {w->hp, w->st, w->attacked, w->shield, w->breach, w->fuel, w->up, w->stress, w->arms};
    memcpy(field, f, sizeof f);
}

static void pack(const jmap *m, const bt_state *s, uint64_t *key)
{
    uint8_t *b = (uint8_t *)key, *field[JFIELDS];
    fields_of(s, field);
    memset(key, 0, (size_t)m->words * 8);
    for (int f = 0; f < m->fields; f++, b += m->ships)
        memcpy(b, field[f], (size_t)m->ships);
    memcpy(b, s->seen, (size_t)m->decks);
}

static void unpack(const jmap *m, const uint64_t *key, bt_state *s)
{
    const uint8_t *b = (const uint8_t *)key;
    uint8_t *field[JFIELDS];
    memset(s, 0, sizeof *s);
    fields_of(s, field);
    for (int f = 0; f < m->fields; f++, b += m->ships)
        memcpy(field[f], b, (size_t)m->ships);
    memcpy(s->seen, b, (size_t)m->decks);
}

/* A key's hash: whole words, mixed as the project's hash sets do (finder_hash), from the seed
 * the map has always used. */
static uint64_t jhash(const uint64_t *key, int words)
{
    return finder_hash(0x9E3779B97F4A7C15ULL, key, (size_t)words * 8);
}

/* An empty map of `cap` slots (a power of two) for the states of the model's battle. */
static void jmap_alloc(jmap *m, size_t cap, const bt_model *model)
{
    int n = model->n, cards = model->round_cards || model->engage_cards[0] || model->engage_cards[1];
    *m = (jmap){.cap = cap, .ships = n, .model = model,
                .fields = !model->deck ? 3 : model->attack_cards ? 9 : cards ? 8 : 6,
                .decks = model->deck ? (int)sizeof((bt_state *)0)->seen : 0};
    m->words = (m->fields * n + m->decks + 7) / 8;
    m->key = malloc(m->cap * (size_t)m->words * sizeof *m->key);
    m->p = malloc(m->cap * sizeof *m->p);
    if (!m->key || !m->p)
        abort();
    for (size_t i = 0; i < m->cap; i++) /* -1: an empty slot */
        m->p[i] = -1;
}

static void jmap_init(jmap *m, const bt_model *model) { jmap_alloc(m, 64, model); }

static void jmap_free(jmap *m)
{
    free(m->key);
    free(m->p);
}

static void jmap_add_key(jmap *m, const uint64_t *key, double p)
{
    size_t w = (size_t)m->words;
    if (2 * (m->n + 1) > m->cap) {
        jmap old = *m;
        jmap_alloc(m, 2 * old.cap, old.model);
        for (size_t i = 0; i < old.cap; i++)
            if (old.p[i] >= 0)
                jmap_add_key(m, &old.key[i * w], old.p[i]);
        jmap_free(&old);
    }
    m->adds++;
    size_t i = jhash(key, m->words) & (m->cap - 1);
    while (m->p[i] >= 0 && memcmp(&m->key[i * w], key, w * 8))
        i = (i + 1) & (m->cap - 1);
    if (m->p[i] < 0) {
        memcpy(&m->key[i * w], key, w * 8);
        m->p[i] = 0;
        m->n++;
    }
    m->p[i] += p;
}

static void jmap_add(jmap *m, const bt_state *s, double p)
{
    uint64_t key[(JFIELDS * BT_SHIPS + sizeof s->seen + 7) / 8];
    pack(m, s, key);
    /* a side none of whose ships can survive a card (a card is read only by a ship it leaves with
     * hull) will read no more: what its deck has shown can change nothing, so states merge */
    uint8_t *seen = (uint8_t *)key + m->fields * m->ships;
    for (int side = 0, x = 0; side < 2 && m->decks; side++) {
        int reads = 0;
        for (int end = x + m->model->nside[side]; x < end; x++)
            reads |= s->hp[x] >= s->shield[x] + 2;
        if (!reads)
            memset(seen + side * sizeof s->seen[0], 0, sizeof s->seen[0]);
    }
    jmap_add_key(m, key, p);
}

/* The state in slot i (which holds one: p[i] >= 0). */
static void jmap_at(const jmap *m, size_t i, bt_state *s) { unpack(m, &m->key[i * (size_t)m->words], s); }

/* Ship t takes the damage to_deal in state y (chance p), into `to`: one branch per kind of each
 * face-up card drawn, weighed by the cards its side's deck has left. */
static void deal_exact(const bt_model *m, bt_state *y, int t, uint8_t to_deal[2], double p, jmap *to)
{
    if (!bt_deal(m, y, t, to_deal)) {
        jmap_add(to, y, p);
        return;
    }
    int left[BT_CARD_KINDS], total = bt_card_left(m, y, m->ship[t].side, left);
    for (int k = 0; k < BT_CARD_KINDS; k++) {
        if (!left[k])
            continue;
        bt_state z = *y;
        uint8_t more[2] = {to_deal[0], to_deal[1]};
        bt_card(m, &z, t, k, more);
        deal_exact(m, &z, t, more, p * left[k] / total, to);
    }
}

/* The chance that h of n dice show a face that each shows with chance q. */
static double binomial(int n, int h, double q)
{
    double p = 1;
    for (int i = 0; i < n; i++)
        p *= i < h ? q : 1 - q;
    for (int i = 1; i <= h; i++) /* n choose h */
        p = p * (n - h + i) / i;
    return p;
}

/* What acts before ship s engages (bt_before_engage), from every state of `from` into `to`: a
 * branch for each number of its Console Fire dice that hit. */
static void exact_engage(const bt_model *m, int s, const jmap *from, jmap *to)
{
    for (size_t i = 0; i < from->cap; i++) {
        if (from->p[i] < 0)
            continue;
        bt_state y;
        jmap_at(from, i, &y);
        int fires = y.st[s] == BT_GONE ? 0 : bt_before_engage(m, &y, s);
        if (!fires || !y.hp[s]) {
            jmap_add(to, &y, from->p[i]);
            continue;
        }
        for (int h = 0; h <= fires; h++) {
            bt_state z = y;
            uint8_t to_deal[2] = {(uint8_t)h, 0};
            deal_exact(m, &z, s, to_deal, from->p[i] * binomial(fires, h, CONSOLE_FIRE_HITS / 8.0), to);
        }
    }
}

/* The start of the next round for ships x.. of y (bt_round_start), into `to`: a branch for each
 * number of a ship's Wounded Pilot dice that hit. */
static void exact_round_start(const bt_model *m, bt_state *y, int x, double p, jmap *to)
{
    for (; x < m->n && y->st[x] == BT_GONE; x++)
        ;
    if (x == m->n) {
        jmap_add(to, y, p);
        return;
    }
    int dice = bt_round_start(m, y, x);
    for (int h = 0; h <= dice; h++) {
        bt_state z = *y;
        z.stress[x] = (uint8_t)(z.stress[x] + h);
        exact_round_start(m, &z, x + 1, p * binomial(dice, h, WOUNDED_PILOT_HITS / 8.0), to);
    }
}

/* Ship s's attack from every state of `from` into `to`; -1 as soon as `to` holds more than
 * `budget` states or its work passes `work_left`. */
static int exact_attack(const bt_model *m, const no_battle_opts *o, int s, int r, const jmap *from, jmap *to,
                        size_t budget, size_t work_left)
{
    for (size_t i = 0; i < from->cap; i++) {
        if (to->n > budget || to->adds > work_left)
            return -1;
        if (from->p[i] < 0)
            continue;
        bt_state xs;
        jmap_at(from, i, &xs);
        const bt_state *x = &xs;
        int w, t = x->st[s] == BT_GONE ? -1 : pick_target(m, o->target[m->ship[s].side], s, r, x, &w);
        if (t < 0) {
            jmap_add(to, x, from->p[i]);
            continue;
        }
        const bt_table *tab = bt_table_of(m, s, t, r, bt_arms(x, s), w, x->st[s], x->st[t]);
        for (int k = 0; k < tab->n; k++) {
            bt_state y = *x;
            const bt_outcome *out = &tab->out[k];
            y.st[s] = out->atk_state;
            y.st[t] = out->def_state;
            y.attacked[t]++;
            uint8_t to_deal[2] = {out->hit, out->crit};
            deal_exact(m, &y, t, to_deal, from->p[i] * tab->p[k], to);
        }
    }
    return 0;
}

/* The end of an initiative step: the destroyed removed; a battle with a side gone is over. */
static void exact_step_end(const bt_model *m, int k, const jmap *from, jmap *to, bt_result *r)
{
    for (size_t i = 0; i < from->cap; i++) {
        if (from->p[i] < 0)
            continue;
        bt_state y;
        jmap_at(from, i, &y);
        int going = step_end(m, y.hp, y.st);
        for (int x = 0; x < m->n; x++)
            if (y.st[x] == BT_GONE) /* what a removed ship holds can change nothing: states merge */
                y.up[x] = y.stress[x] = 0;
        if (!going)
            record_end(m, r, k, y.hp, from->p[i], 0);
        else
            jmap_add(to, &y, from->p[i]);
    }
}

static double mass(const jmap *m)
{
    double sum = 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->p[i] >= 0)
            sum += m->p[i];
    return sum;
}

int bt_exact(const bt_model *m, const no_battle_opts *o, const double range_p[4], size_t budget, bt_result *r)
{
    /* the work too (a few seconds at most), unless exact is insisted on */
    size_t work = 0, work_budget = o->run.force_exact ? SIZE_MAX : BT_EXACT_WORK;
    bt_result_init(r, m, o->rounds);
    r->exact = 1;
    r->total = 1;
    if (m->reshuffle[0] || m->reshuffle[1]) /* which ship holds which card is not in its states */
        return -1;
    plan plans[2];
    make_plan(m, 0, &plans[0]);
    make_plan(m, 1, &plans[1]);
    jmap now;
    jmap_init(&now, m);
    bt_state start;
    bt_state_start(m, &start);
    jmap_add(&now, &start, 1);
    int rc = 0;
    /* a battle still going with a chance under 1e-16 in all ends here, unresolved: what it could
     * change is below any figure printed (and below the tests' 1e-12) */
    for (int k = 1; k <= o->rounds && now.n && !rc && mass(&now) >= 1e-16; k++) {
        jmap next;
        jmap_init(&next, m);
        for (int first = 0; first < 2 && !rc; first++) {
            double pf = o->first == NO_FIRST_ROLLED ? 0.5 : (o->first == NO_FIRST_B) == first;
            for (int r3 = 1; r3 <= 3 && pf > 0 && !rc; r3++) {
                if (!(range_p[r3] > 0))
                    continue;
                jmap cur;
                jmap_init(&cur, m);
                for (size_t i = 0; i < now.cap; i++)
                    if (now.p[i] >= 0)
                        jmap_add_key(&cur, &now.key[i * (size_t)now.words], now.p[i] * pf * range_p[r3]);
                const plan *p = &plans[first];
                for (int i = 0; i < p->n && !rc; i++) {
                    jmap after;
                    if (m->engage_cards[m->ship[p->order[i]].side]) {
                        jmap_init(&after, m);
                        exact_engage(m, p->order[i], &cur, &after);
                        work += after.adds; /* its Console Fire branches are work too */
                        jmap_free(&cur);
                        cur = after;
                    }
                    jmap_init(&after, m);
                    int over = exact_attack(m, o, p->order[i], r3, &cur, &after, budget,
                                            work < work_budget ? work_budget - work : 0);
                    work += after.adds;
                    jmap_free(&cur);
                    cur = after;
                    if (p->last_of_step[i]) {
                        jmap_init(&after, m);
                        exact_step_end(m, k, &cur, &after, r);
                        jmap_free(&cur);
                        cur = after;
                    }
                    if (cur.n > r->states)
                        r->states = cur.n;
                    rc = over || cur.n > budget || work > work_budget ? -1 : 0;
                }
                for (size_t i = 0; i < cur.cap && !rc; i++) /* the End phase: tokens for the next round */
                    if (cur.p[i] >= 0) {
                        bt_state y;
                        jmap_at(&cur, i, &y);
                        memset(y.attacked, 0, sizeof y.attacked);
                        if (m->round_cards) {
                            exact_round_start(m, &y, 0, cur.p[i], &next);
                            continue;
                        }
                        for (int x = 0; x < m->n; x++)
                            if (y.st[x] != BT_GONE)
                                y.st[x] = (uint8_t)m->ship[x].round_start[BT_ACT_ANY][y.st[x]];
                        jmap_add(&next, &y, cur.p[i]);
                    }
                jmap_free(&cur);
            }
        }
        work += next.adds; /* the round starts' Wounded Pilot branches */
        rc = rc || work > work_budget ? -1 : 0;
        jmap_free(&now);
        now = next;
        for (size_t i = 0; i < now.cap; i++)
            if (now.p[i] >= 0)
                record(m, r, r->at, k, (const uint8_t *)&now.key[i * (size_t)now.words], now.p[i]);
    }
    for (size_t i = 0; i < now.cap && !rc; i++)
        if (now.p[i] >= 0)
            record_end(m, r, o->rounds, (const uint8_t *)&now.key[i * (size_t)now.words], now.p[i], 1);
    jmap_free(&now);
    bt_result_finish(r);
    return rc;
}
