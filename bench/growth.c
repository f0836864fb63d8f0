/* growth.c — how exact mode grows with the size of the attack: distinct states and the time of
 * compile + solve (best of a few runs) for X-Wing dice, X-Wing sequences and Legion pools. */
#include "growth.h"
#include <stdio.h>
#include <stdlib.h>

#define GROWTH_REPS 3      /* at least this many runs per row ... */
#define GROWTH_BUDGET 1.0  /* ... and more while less than this many seconds are spent */
#define JSON_LEN 4096

/* Writes row n's scenario into json and what the row is into label. */
typedef void (*growth_build)(int n, char *json, size_t len, char *label, size_t llen);

static void xwing_dice(int n, char *json, size_t len, char *label, size_t llen)
{
    snprintf(json, len, XW_DUEL("%d"), n, n);
    snprintf(label, llen, "%d vs %d", n, n);
}

static void xwing_attacks(int n, char *json, size_t len, char *label, size_t llen)
{
    bench_xwing_sequence(json, len, XW_DECK_OFF, n);
    snprintf(label, llen, "%d", n);
}

/* Half white, half black (white takes the odd die): one aim token, light cover, a white defense
 * die against a unit with room for every wound (5 minis of 5 wounds). */
static void legion_pool(int n, char *json, size_t len, char *label, size_t llen)
{
    int black = n / 2, white = n - black;
    snprintf(json, len,
             "{\"game\":\"legion\",\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":%d,\"black\":%d},"
             "\"surge\":\"hit\",\"tokens\":{\"aim\":1}},\"defender\":{\"die\":\"white\",\"minis\":5,\"wounds\":5}}",
             white, black);
    snprintf(label, llen, "%d (%d white %d black)", n, white, black);
}

/* One table: a row per n from `from` to `to`; a row this build cannot parse or compile says why. */
static void growth_table(const char *title, const char *what, int from, int to, growth_build build)
{
    char json[JSON_LEN], label[64], err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    if (!sc)
        abort();
    printf("\n%s\n\n| %s | states | exact, ms |\n|---|---:|---:|\n", title, what);
    for (int n = from; n <= to; n++) {
        build(n, json, sizeof json, label, sizeof label);
        double ms;
        size_t states;
        if (no_scenario_parse(json, label, sc, err, sizeof err) ||
            bench_exact(sc, 1, GROWTH_REPS, GROWTH_BUDGET, &ms, &states, NULL, err, sizeof err))
            printf("| %s | not run: %s | |\n", label, err);
        else
            printf("| %s | %zu | %.3f |\n", label, states, ms);
        fflush(stdout);
    }
    free(sc);
}

void bench_growth(void)
{
    printf("\n## Exact-mode growth (`make bench`): compile + solve on 1 thread, best of at least %d runs\n",
           GROWTH_REPS);
    growth_table("(a) X-Wing 2e: n dice focus+lock vs n dice focus+evade (no roll has more than 6 dice, "
                 "L136-L137: 7 and 8 roll 6)", "dice", 1, 8, xwing_dice);
    growth_table("(b) X-Wing sequence on one defender (3 dice, 2 focus + evade carried, hull 6, shields 4), "
                 "k attacks of 3 dice focus+lock, damage deck off", "attacks", 1, 10, xwing_attacks);
    growth_table("(c) Legion pool of n dice (hit surges, 1 aim) into light cover, white defense die, 5 x 5 wounds",
                 "dice", 2, 20, legion_pool);
}
