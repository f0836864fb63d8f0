/* battle_model.h — what the battle drivers share (battle_tables.c builds it, battle_drive.c runs
 * it, battle_report.c prints it). Ships of both sides sit in one list, A's first. */
#ifndef NEVERODDS_BATTLE_MODEL_H
#define NEVERODDS_BATTLE_MODEL_H
#include "neverodds/battle.h"
#include <math.h>

#define BT_SHIPS (2 * NO_BATTLE_MAX_SHIPS)
#define BT_MAX_STATES 128 /* token states of one ship */
#define BT_MAX_HP NO_BATTLE_MAX_HP

/* The damage deck's kinds as a battle tells them apart (cards from xwing-data2's core deck,
 * described in our words; the seeds do not list them, L532). The first five are `run`'s
 * (no_xwing_damage_deck, XW_CARD_*); the others act in a battle only (battle_damage.c). */
enum { BT_DIRECT_HIT, BT_FUEL_LEAK, BT_HULL_BREACH, BT_STRUCTURAL, BT_OTHER, BT_CONSOLE_FIRE, BT_SENSOR_ARRAY,
       BT_PANICKED, BT_REGULATOR, BT_WOUNDED, BT_WEAPONS_FAILURE, BT_BLINDED, BT_CARD_KINDS };
extern const int bt_deck_count[BT_CARD_KINDS];      /* the 33 cards */
extern const char *const bt_card_names[BT_CARD_KINDS];

/* The tokens a ship holds between attacks (the ones the dice use), and what else of it the
 * next attacks read: its face-up Structural Damage cards (one defense die fewer each) and its
 * ion tokens (ionized at the ship's threshold: no lock, and the next round's action a focus). */
#define BT_POOLS 3 /* abilities of one ship whose charges carry from attack to attack */
typedef struct bt_tokens {
    uint8_t focus, evade, calculate, lock, reinforce, force;
    uint8_t ammo[NO_BATTLE_MAX_WEAPONS]; /* charges left of each weapon but the primary ([0]) */
    uint8_t structural, ion;
    uint8_t charges[BT_POOLS];           /* charges left of each of the ship's pools (bt_ship.pool) */
} bt_tokens;

/* One outcome of an attack: the hit and crit damage it deals (uncancelled results, one point
 * each) and the token states both ships are left in. */
typedef struct bt_outcome {
    uint8_t hit, crit, atk_state, def_state;
} bt_outcome;

/* A bucket of the alias method: its own outcome (out[0]) when the draw's fraction is below
 * keep, else its alias (out[1]); one load for both and no branch (the draw's hot path). */
typedef struct bt_bucket {
    uint32_t keep;
    bt_outcome out[2];
} bt_bucket;

/* An attack's exact outcomes, with an alias table to sample one from one 32-bit draw. */
typedef struct bt_table {
    int n;
    bt_outcome *out;
    double *p;
    bt_bucket *bucket;   /* n buckets */
    double mean;         /* mean damage */
    double tail[BT_MAX_HP + 1]; /* P(damage >= h) */
} bt_table;

enum { BT_ACT_ANY, BT_ACT_FOCUS, BT_ACT_NONE, BT_MODES };
/* The face-up cards that act on a ship's own attacks, as the row of tables it attacks from: 2 x
 * its Weapons Failures (0-2: one attack die fewer each) + whether it holds a Blinded Pilot (its
 * own dice unmodified); bt_arms. */
#define BT_ARMS 6
enum { BT_NEED_FOCUS = 1, BT_NEED_NONE = 2, BT_NEED_ION = 4 };

typedef struct bt_ship {
    const no_battle_ship *src;
    int side, hp, points, initiative;
    int nweapons;                   /* src->nweapons, here where the hot path reads it */
    int hull, shields;
    int ion_threshold;              /* ion tokens that ionize it (its size: L1232) */
    int npools;
    int pool[BT_POOLS];             /* the cards (src->card's) whose abilities' charges carry */
    int nstates;
    bt_tokens state[BT_MAX_STATES];
    /* round_start[mode][x]: the state after the End phase and the next round's action, the action
     * any of the order (BT_ACT_ANY), a focus only (a face-up Damaged Sensor Array) or none
     * (stressed); a mode the battle never needs stays -1. acted[x] bit mode: an action was
     * performed (a Wounded Pilot rolls after it). */
    int round_start[BT_MODES][BT_MAX_STATES];
    uint8_t acted[BT_MAX_STATES];
    int structural_up[BT_MAX_STATES]; /* the state with one more face-up Structural Damage (the deck) */
    int ion_up[BT_MAX_STATES];      /* the state with one more ion token (a Disabled Power Regulator) */
    int first_state;                /* round 1 */
    int needs;                      /* BT_NEED_* bits: the state links the battle's cards use */
    int arms_rows;                  /* bit c: its attacks are tabled with the cards of BT_ARMS row c
                                     * (bit 0 alone: no card acts on them) */
} bt_ship;

typedef struct bt_model {
    int n, nside[2];
    int passive;                     /* bit s: side s does not attack (no tables for it) */
    int fresh;                       /* no_battle_opts.fresh_tokens */
    int deck;                        /* the damage deck's cards are dealt (else damage is points) */
    int deck_mode;                   /* NO_DECK_ON or NO_DECK_DICE when the deck is dealt */
    /* The cards of each kind in a side's deck as the battle tells them apart: a kind whose effect
     * can change nothing for any ship of that side (e.g. a Damaged Sensor Array on ships whose
     * action is a focus anyway) is counted among the others, so the exact driver does not follow
     * a difference that makes none. */
    int deck_count[2][BT_CARD_KINDS];
    int engage_cards[2];             /* side s's ships may hold cards that act before they engage */
    int reshuffle[2];                /* side s's hulls pass the deck's 33 cards: its deck may run out
                                      * and be shuffled anew (L530-L531; Monte Carlo only) */
    int round_cards;                 /* some ship may hold cards that act at a round's start */
    int attack_cards;                /* some ship may hold cards that act on its own attacks (its
                                      * arms rows beyond 0) */
    char deck_note[512];             /* what the report says of the deck (a side whose deck may run out) */
    bt_ship ship[BT_SHIPS];
    int ranges[3], nranges;          /* ranges 1 to 3 (a Monte Carlo run keeps those with a chance) */
    /* table[bt_cell(a, d, r, w)] -> nstates[a] x nstates[d] tables of a on d at range r with its
     * weapon w: NULL when a does not attack d with w at r (its own side, a passive side, out of
     * the weapon's range); a table of no outcomes where the tokens do not allow it (no charge
     * left, no lock) */
    bt_table **table;
    int tables;                      /* tabled attacks */
    char policy[2][32];              /* the engine's token policy of each side's attacks */
    char notes[1024];                /* cards not modelled, per ship, for the report */
} bt_model;

/* Where a battle stands: each ship's hit points left (shields and hull), token state (BT_GONE once
 * removed) and the attacks on it this round (read by the spread policy only); with the damage
 * deck, its shields left and its face-up Hull Breaches and Fuel Leaks, and the cards each side's
 * deck has shown face up (by exchangeability, the face-down ones do not change the next draw's
 * odds, as in the engine: xwing_damage.c). Unused bytes stay 0: states compare whole. */
typedef struct bt_state {
    uint8_t hp[BT_SHIPS], st[BT_SHIPS], attacked[BT_SHIPS];
    uint8_t shield[BT_SHIPS], breach[BT_SHIPS], fuel[BT_SHIPS];
    uint8_t up[BT_SHIPS];     /* face-up cards that stay and act at set times: bt_up */
    uint8_t stress[BT_SHIPS]; /* stress tokens (a Panicked Pilot, a Wounded Pilot) */
    uint8_t arms[BT_SHIPS];   /* face-up Weapons Failures (bits 0-1) and Blinded Pilots (2-3) */
    uint8_t seen[2][12];      /* [side][kind < BT_CARD_KINDS]: 12 keeps the state whole words */
} bt_state;
#define BT_GONE 0xFF /* a removed ship's token state */

/* The battle's start: every ship whole, in its first token state. */
void bt_state_start(const bt_model *m, bt_state *s);

/* Damage to ship t (battle_damage.c), hit damage before crit damage (L652), one point at a time:
 * shields first, then damage cards; with the deck, a Hull Breach face up turns hit damage into
 * crit damage and a face-up Fuel Leak adds 1 hit damage after the next crit damage. Without the
 * deck each point is one hit point and this returns 0. With it, it stops (1) when a crit damage
 * card is dealt face up and the ship survives it: the caller draws its kind (bt_card_left gives
 * the odds), applies it with bt_card and deals on. */
/* With a deck that may run out (bt_model.reshuffle), every card dealt whose kind is not read (a
 * face-down card, the card that destroys a ship, and the cards damage past the hull still deals,
 * L657) is told to `dealt` first: it takes one from the deck, shuffling a new one when it is
 * empty. NULL: the deck cannot run out (the exact driver, and sides of 33 hull or less). */
typedef struct bt_hook {
    void (*dealt)(void *ctx, int t);
    void *ctx;
} bt_hook;
int bt_deal_cards(bt_state *s, int t, uint8_t to_deal[2], const bt_hook *hook);
static inline int bt_deal(const bt_model *m, bt_state *s, int t, uint8_t to_deal[2])
{
    if (m->deck)
        return bt_deal_cards(s, t, to_deal, NULL);
    int d = to_deal[0] + to_deal[1]; /* points: the hit points left are all the battle needs */
    s->hp[t] = (uint8_t)(d >= s->hp[t] ? 0 : s->hp[t] - d);
    return 0;
}
/* The cards of each kind left in the deck of side `side`, into left[]; their total. */
int bt_card_left(const bt_model *m, const bt_state *s, int side, int left[BT_CARD_KINDS]);
/* The face-up cards of `kind` (Console Fire, Damaged Sensor Array, Disabled Power Regulator,
 * Wounded Pilot) ship t holds: two bits each of bt_state.up (the deck has two of each). */
int bt_up(const bt_state *s, int t, int kind);
/* The row of tables ship t attacks from (BT_ARMS): its face-up Weapons Failures and Blinded Pilot. */
static inline int bt_arms(const bt_state *s, int t) { return (s->arms[t] & 3) * 2 + (s->arms[t] > 3); }
/* Before ship t engages (its step of the Engagement phase): each face-up Disabled Power
 * Regulator gives it an ion token (ionized, it breaks its lock: L1238). The Console Fire dice
 * it rolls then (each hit, 3 in 8, deals it 1 hit damage): the caller rolls and deals them. */
int bt_before_engage(const bt_model *m, bt_state *s, int t);
/* The End phase and the next round's Activation for ship t (not removed): a stressed ship flies
 * a blue maneuver (L758; an ion maneuver is blue, L1244), which takes one stress and, when it is
 * ionized, repairs its Disabled Power Regulators; then its action (none while stressed, L71,
 * L760; a focus only with a Damaged Sensor Array). The Wounded Pilot dice it rolls after its
 * action (each hit or crit, 1 in 2, gives it a stress): the caller rolls them. */
int bt_round_start(const bt_model *m, bt_state *s, int t);
/* The card of `kind` dealt face up to ship t takes effect (a Direct Hit! adds to to_deal). */
void bt_card(const bt_model *m, bt_state *s, int t, int kind, uint8_t to_deal[2]);

/* Builds every attack table the battle can reach (the ships' token states found on the way).
 * 0, or -1 with err. */
int bt_model_build(bt_model *m, const no_battle_side *a, const no_battle_side *b, const no_battle_opts *o,
                   char *err, size_t errlen);
void bt_model_free(bt_model *m);

/* The cell of a's attacks on d at range r with weapon w holding the cards of arms row c (a's
 * cells for one defender and range lie side by side, by row then weapon). */
static inline size_t bt_cell(const bt_model *m, int a, int d, int r, int c, int w)
{
    return ((((size_t)a * m->n + d) * 4 + r) * BT_ARMS + c) * NO_BATTLE_MAX_WEAPONS + w;
}
#define BT_CELLS(m) ((size_t)(m)->n * (m)->n * 4 * BT_ARMS * NO_BATTLE_MAX_WEAPONS)

/* a's attack on d at range r with weapon w, a holding the cards of arms row c, the two in token
 * states sa and sd; NULL when a never makes it (bt_model.table), a table of no outcomes when the
 * tokens do not allow it. */
static inline const bt_table *bt_table_of(const bt_model *m, int a, int d, int r, int c, int w, int sa, int sd)
{
    const bt_table *grid = m->table[bt_cell(m, a, d, r, c, w)];
    return grid ? &grid[sa * m->ship[d].nstates + sd] : NULL;
}

/* Of the tables cells[w] of one attacker on one defender at one range, by weapon (bt_cell's
 * w = 0, 1, ..: nweapons of them), the weapon likeliest to destroy the defender (hp_t left) with
 * the tokens both hold (entry `at` of each grid), then the one dealing most on average, then the
 * primary; its chance to destroy in *kill. A mean is read only on a tie (another cache line of
 * the table: the hot path's pick reads one line per enemy). */
static inline int bt_pick_weapon(bt_table *const *cells, int nweapons, int at, int hp_t, double *kill)
{
    const bt_table *p = &cells[0][at];
    int best = 0;
    double k = p->tail[hp_t];
    for (int w = 1; w < nweapons; w++) {
        const bt_table *x = cells[w] ? &cells[w][at] : NULL;
        if (x && x->n && (x->tail[hp_t] > k || (x->tail[hp_t] == k && x->mean > p->mean))) {
            best = w;
            p = x;
            k = x->tail[hp_t];
        }
    }
    *kill = k;
    return best;
}

/* The weapon s fires at t at range r in battle state b: bt_pick_weapon in one call (the drivers'
 * pick holds s's row of tables for its loop over the enemies instead). */
static inline int bt_best_weapon(const bt_model *m, int s, int t, int r, const bt_state *b, double *kill)
{
    return bt_pick_weapon(m->table + bt_cell(m, s, t, r, bt_arms(b, s), 0), m->ship[s].nweapons,
                          b->st[s] * m->ship[t].nstates + b->st[t], b->hp[t], kill);
}

/* What a battle run gives: sums over battles (Monte Carlo: counts, so exact integers in doubles;
 * exact: probabilities). Per round k = 1..rounds, the quantities of q_* at the end of round k. */
enum { Q_SURVIVORS, Q_SURVIVORS_SQ = 2, Q_POINTS = 4, Q_POINTS_SQ = 6, Q_SHIP = 8 };
enum { BT_A_WINS, BT_B_WINS, BT_BOTH, BT_UNRESOLVED, BT_NOUTCOMES };
typedef struct bt_result {
    int rounds, nq;           /* nq = Q_SHIP + ships */
    double total;             /* battles (MC) or 1 (exact) */
    double outcome[BT_NOUTCOMES];
    double rounds_sum, rounds_sq;
    double reshuffled;        /* Monte Carlo: battles in which a deck ran out (bt_model.reshuffle) */
    double *resolved;         /* [k]: battles resolved in round k */
    double *at;               /* [k * nq + q]: battles going on at the end of round k */
    double *ended;            /* [k * nq + q]: battles ended in round k, as they ended (they count in
                               * every round from k on: bt_result_finish) */
    int exact;
    uint64_t states;          /* exact: the most battle states held at once */
} bt_result;

/* A mean over the battles from a sum and a sum of squares, with its standard error (0 exact). */
static inline no_rate bt_mean_of(const bt_result *r, double sum, double sq)
{
    double m = sum / r->total, var = sq / r->total - m * m;
    return (no_rate){m, r->exact || var <= 0 ? 0 : sqrt(var / r->total)};
}

void bt_result_init(bt_result *r, const bt_model *m, int rounds);
void bt_result_free(bt_result *r);
/* Adds b's sums into r. */
void bt_result_add(bt_result *r, const bt_result *b);
/* After the last add: the battles ended count in the rounds after theirs. */
void bt_result_finish(bt_result *r);

/* The battle's attacks the exact driver follows (states times outcomes, each card drawn a branch)
 * before it gives up for Monte Carlo, unless --exact insists: a second or two. */
#define BT_EXACT_WORK 12000000
/* The battle with range chances range_p: exact (0; -1 when it holds more than `budget` states
 * at once, or takes more than BT_EXACT_WORK steps),
 * or Monte Carlo over o->run.trials battles. */
int bt_exact(const bt_model *m, const no_battle_opts *o, const double range_p[4], size_t budget, bt_result *r);
void bt_montecarlo(const bt_model *m, const no_battle_opts *o, const double range_p[4], bt_result *r);

/* What the report prints: the battle as asked, and the same at each range every round. */
typedef struct bt_report {
    const no_battle_side *side[2];
    const no_battle_opts *opts;
    const bt_model *model;
    bt_result main, band[3];
    int exact;              /* 1: exact; 0: Monte Carlo */
    int fell_back;          /* exact was not asked for and did not fit: Monte Carlo instead */
    uint64_t trials;
} bt_report;

/* Prints the report in o->format; draws the charts o->plot and o->plot_ranges ask for (1 with
 * err when one failed). */
int bt_print(FILE *f, const bt_report *rep, char *err, size_t errlen);

#endif
