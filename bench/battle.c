/* battle.c — battles per second (issue #24): the Monte Carlo battle driver on the 5 vs 5 battle of
 * profiles/xwing/battles/5v5-plain.json, to destruction, against a naive loop over the same
 * battle that rolls every die (one bounded PCG32 draw each) and counts the results. Both pick
 * targets alike (the likeliest kill, from each attack's exact damage distribution), so they
 * estimate the same P(A wins): printed side by side as a check, never asserted. */
#include "battle.h"
#include "common.h"
#include "analyses/battle_model.h"
#include "neverodds/rng.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define BATTLE_FILE "profiles/xwing/battles/5v5-plain.json"

/* X-Wing's dice (shared/rules/dice.md): attack 3 hit, 1 crit, 2 focus, 2 blank; defense 3 evade,
 * 2 focus, 3 blank. Plain ships change nothing. */
static int attack_result(uint32_t face) { return face < 4; }  /* hit or crit */
static int defense_result(uint32_t face) { return face < 3; } /* evade */

typedef struct naive_ship {
    int side, hp, initiative, attack, agility;
} naive_ship;

/* P(damage >= h) of x attacking y at range 2, for the naive loop's targeting: the model's
 * tables (no tokens: state 0). */
static double kill_chance(const bt_model *m, int x, int y, int h) { return bt_table_of(m, x, y, 2, 0, 0, 0, 0)->tail[h]; }

/* One battle die by die: 0 A wins, 1 B wins, 2 both, 3 unresolved. */
static int naive_battle(const bt_model *m, const naive_ship *ships, int rounds, no_pcg32 *rng)
{
    int n = m->n, hp[BT_SHIPS], gone[BT_SHIPS];
    for (int i = 0; i < n; i++) {
        hp[i] = ships[i].hp;
        gone[i] = 0;
    }
    for (int k = 1; k <= rounds; k++) {
        int first = (int)(no_pcg32_next(rng) >> 31);
        for (int init = 20; init >= 0; init--) {
            for (int turn = 0; turn < 2; turn++) {
                int side = turn ? !first : first;
                for (int s = 0; s < n; s++) {
                    if (ships[s].side != side || ships[s].initiative != init || gone[s])
                        continue;
                    int best = -1;
                    double best_kill = -1;
                    for (int t = 0; t < n; t++) {
                        if (ships[t].side == side || hp[t] <= 0)
                            continue;
                        double kill = kill_chance(m, s, t, hp[t]);
                        if (kill > best_kill || (kill == best_kill && hp[t] < hp[best])) {
                            best = t;
                            best_kill = kill;
                        }
                    }
                    if (best < 0)
                        continue;
                    int hits = 0, evades = 0;
                    for (int d = 0; d < ships[s].attack; d++)
                        hits += attack_result(no_pcg32_below(rng, 8));
                    for (int d = 0; d < ships[best].agility; d++)
                        evades += defense_result(no_pcg32_below(rng, 8));
                    if (hits > evades)
                        hp[best] -= hits - evades;
                }
            }
            int alive[2] = {0, 0};
            for (int i = 0; i < n; i++) {
                gone[i] = hp[i] <= 0;
                alive[ships[i].side] += !gone[i];
            }
            if (!alive[0] || !alive[1])
                return !alive[0] && !alive[1] ? 2 : alive[0] ? 0 : 1;
        }
    }
    return 3;
}

void bench_battle(void)
{
    static no_battle_side side[2];
    no_battle_opts o;
    no_battle_defaults(&o);
    char err[512];
    printf("\n## Battles\n\n");
    if (no_battle_file_load(BATTLE_FILE, &side[0], &side[1], &o, err, sizeof err)) {
        printf("battle: %s\n", err);
        return;
    }
    static bt_model m;
    o.deck = NO_DECK_OFF; /* damage as points, as the naive loop deals it: the same battle (the deck: below) */
    if (bt_model_build(&m, &side[0], &side[1], &o, err, sizeof err)) {
        printf("battle: %s\n", err);
        return;
    }
    const uint64_t trials = 2000000;
    double rate[2], pa[2];
    for (int t = 0; t < 2; t++) {
        o.run.threads = t ? bench_threads() : 1;
        o.run.trials = trials;
        o.run.seed = 1;
        bt_result r;
        double t0 = bench_now();
        bt_montecarlo(&m, &o, o.range_p, &r);
        rate[t] = trials / (bench_now() - t0);
        pa[t] = r.outcome[BT_A_WINS] / r.total;
        bt_result_free(&r);
    }
    naive_ship ships[BT_SHIPS];
    for (int i = 0; i < m.n; i++) {
        const no_battle_ship *b = m.ship[i].src;
        ships[i] = (naive_ship){m.ship[i].side, b->hull + b->shields, b->initiative, b->attack, b->agility};
    }
    no_pcg32 rng;
    no_pcg32_seed(&rng, 1, 0);
    const uint64_t naive_trials = 300000;
    uint64_t wins = 0;
    double t0 = bench_now();
    for (uint64_t b = 0; b < naive_trials; b++)
        wins += naive_battle(&m, ships, o.rounds, &rng) == 0;
    double naive_rate = naive_trials / (bench_now() - t0), naive_pa = (double)wins / naive_trials;
    printf("5 vs 5 battle to destruction (%s, %d attack tables):\n", BATTLE_FILE, m.tables);
    printf("  Monte Carlo driver: %.2f M battles/s on 1 thread, %.2f M battles/s on %d threads (issue #24's target: "
           "1 M on 2 cores)\n", rate[0] / 1e6, rate[1] / 1e6, bench_threads());
    printf("  naive per-die loop: %.2f M battles/s on 1 thread; driver / naive on 1 thread: %.2fx\n", naive_rate / 1e6,
           rate[0] / naive_rate);
    printf("  P(A wins): driver %.5f ± %.5f, naive %.5f ± %.5f (the same battle)\n", pa[1],
           sqrt(pa[1] * (1 - pa[1]) / trials), naive_pa, sqrt(naive_pa * (1 - naive_pa) / naive_trials));
    bt_model_free(&m);
    /* the battle's default: the damage deck, every card that acts drawn and its effect carried */
    o.deck = NO_DECK_ON;
    if (bt_model_build(&m, &side[0], &side[1], &o, err, sizeof err)) {
        printf("battle: %s\n", err);
        return;
    }
    bt_result r;
    double t0d = bench_now();
    bt_montecarlo(&m, &o, o.range_p, &r);
    double deck_rate = trials / (bench_now() - t0d), pd = r.outcome[BT_A_WINS] / r.total;
    printf("  with the damage deck (the default; %d attack tables): %.2f M battles/s on %d threads, "
           "P(A wins) %.5f ± %.5f\n", m.tables, deck_rate / 1e6, o.run.threads, pd, sqrt(pd * (1 - pd) / trials));
    bt_result_free(&r);
    bt_model_free(&m);
}
