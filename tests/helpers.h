/* helpers.h — shared test helpers: scenarios from JSON text, exact runs, forced-dice walks. */
#ifndef NEVERODDS_TEST_HELPERS_H
#define NEVERODDS_TEST_HELPERS_H
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "neverodds/games.h"
#include "neverodds/run.h"
#include "neverodds/xwing.h"
#include "neverodds/modifier.h"
#include "neverodds/order.h"
#include "neverodds/table.h"
#include <cjson/cJSON.h>

/* Writes `text` to a new temporary file made from `pattern` (ending in XXXXXX), its name into
 * path (unlink it after). */
static inline void temp_file(char *path, const char *pattern, const char *text)
{
    strcpy(path, pattern);
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
}

/* Parses a scenario or fails the test with the parser's message. */
static inline no_scenario *scenario(const char *json)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    ck_assert_ptr_nonnull(sc);
    if (no_scenario_parse(json, "test.json", sc, err, sizeof err))
        ck_abort_msg("scenario rejected: %s", err);
    return sc;
}

/* {"game":GAME ROOT,"attacker":{ATK},"defender":{DEF}}: ROOT starts with a comma or is "". */
static inline no_scenario *scenario_of(const char *game, const char *root, const char *atk, const char *def)
{
    char json[4096];
    snprintf(json, sizeof json, "{\"game\":\"%s\"%s,\"attacker\":{%s},\"defender\":{%s}}", game,
             root, atk, def);
    return scenario(json);
}

static inline no_scenario *xwing(const char *root, const char *atk, const char *def)
{
    return scenario_of("xwing", root, atk, def);
}

/* Dice counts of steps 2a and 3a for a scenario, then frees it. */
static inline int attack_dice_of(no_scenario *sc)
{
    no_state s = sc->ctx.start;
    int n = no_xwing_attack_dice(&sc->ctx, &s);
    free(sc);
    return n;
}

static inline int defense_dice_of(no_scenario *sc)
{
    no_state s = sc->ctx.start;
    int n = no_xwing_defense_dice(&sc->ctx, &s);
    free(sc);
    return n;
}

static inline void exact_summary(const no_scenario *sc, no_summary *out)
{
    no_run_opts o = {.force_exact = 1, .seed = 1, .threads = 1};
    char err[NO_ERR_LEN];
    if (no_run(sc, &o, out, err, sizeof err))
        ck_abort_msg("run failed: %s", err);
}

/* A Monte Carlo run of `trials` trials from `seed` on two threads, or the test fails. */
static inline void mc_summary(const no_scenario *sc, uint64_t trials, uint64_t seed, no_summary *out)
{
    no_run_opts o = {.trials = trials, .seed = seed, .threads = 2};
    char err[NO_ERR_LEN];
    if (no_run(sc, &o, out, err, sizeof err))
        ck_abort_msg("run failed: %s", err);
}

/* A Monte Carlo frequency `got` over n trials is within 5 standard errors of the exact p (the
 * exact p's error: a rare outcome may go unseen). */
static inline int within_5se(double got, double p, double n)
{
    return fabs(got - p) <= 5 * sqrt(p * (1 - p) / n) + 1e-12;
}

/* Monte Carlo agrees with exact within 5 standard errors: the mean (Monte Carlo's own error),
 * each P(damage = k) and P(kill) (the exact p's error over mc's trials: a rare k may go unseen). */
static inline void assert_mc_matches(const no_summary *mc, const no_summary *ex)
{
    double n = (double)mc->trials;
    ck_assert_msg(fabs(mc->mean - ex->mean) < 5 * mc->mean_se, "mean %f vs %f", mc->mean, ex->mean);
    for (int k = 0; k <= ex->max_damage; k++)
        ck_assert_msg(within_5se(mc->pmf[k].p, ex->pmf[k].p, n), "pmf[%d] %g vs %g", k, mc->pmf[k].p, ex->pmf[k].p);
    if (ex->has_kill)
        ck_assert_msg(within_5se(mc->kill.p, ex->kill.p, n), "kill %f vs %f", mc->kill.p, ex->kill.p);
}

/* Follows the policy with the given faces, in the order the attack rolls its dice, and returns
 * the final state with the dice kept. `what` names the dice in a failure message. */
static inline no_state walk_faces(no_scenario *sc, const uint8_t *faces, int n, const char *what)
{
    sc->ctx.keep_dice = 1;
    no_graph g;
    char err[NO_ERR_LEN];
    if (no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, err, sizeof err))
        ck_abort_msg("compile failed: %s", err);
    int t = no_forced_walk(&sc->ctx, &g, faces, n);
    ck_assert_msg(t >= 0, "dice %s do not match the rolls the attack makes (%d)", what, t);
    no_state s = g.term[t];
    no_graph_free(&g);
    return s;
}

/* X-Wing: letters B F H C E, one per die (attack roll, its rerolls, defense roll, its rerolls),
 * then d l b s o, one per damage card drawn face up (Direct Hit!, Fuel Leak, Hull Breach,
 * Structural Damage, other). */
static inline no_state forced(no_scenario *sc, const char *letters)
{
    uint8_t faces[64];
    int n = 0;
    for (const char *p = letters; *p; p++) {
        if (*p == ' ' || *p == ',' || *p == '|')
            continue;
        int face = 0; /* the letters `order --roll` reads */
        while (face < XW_NFACES && *no_game_xwing.roll_face(NO_POOL_ATTACK, face, 0) != *p)
            face++;
        const char *card = strchr(no_xwing_card_letters, *p);
        ck_assert_msg(face < XW_NFACES || card != NULL, "bad die or card letter %c", *p);
        faces[n++] = (uint8_t)(face < XW_NFACES ? face : card - no_xwing_card_letters);
    }
    return walk_faces(sc, faces, n, letters);
}

/* Commits the attacker to using its modifier `first_name` before `then_name` (as `order` does). */
static inline void commit_order(no_scenario *sc, const char *first_name, const char *then_name)
{
    int a = -1, b = -1;
    for (int m = 0; m < sc->ctx.nmods; m++) {
        if (sc->ctx.mods[m].side != NO_ATTACKER)
            continue;
        if (!strcmp(sc->ctx.mods[m].name, first_name))
            a = m;
        if (!strcmp(sc->ctx.mods[m].name, then_name))
            b = m;
    }
    ck_assert(a >= 0 && b >= 0);
    sc->ctx.mods[b].excludes |= 1u << a;
    no_ctx_index(&sc->ctx);
}

/* Runs `order` (exact) on the scenarios with the what-ifs (a window to swap, a variant, traced
 * rolls; each may be NULL) and returns its JSON. */
static inline cJSON *orders_of(no_scenario *const *scs, int n, const char *swap, const char *variant,
                               const char *roll)
{
    no_order_opts o;
    memset(&o, 0, sizeof o);
    o.run = (no_run_opts){.force_exact = 1, .seed = 1, .threads = 1};
    o.format = NO_FMT_JSON;
    o.roll = roll;
    if (swap)
        o.swap[o.nswap++] = no_window_find(swap);
    if (variant)
        o.variant[o.nvariant++] = variant;
    char *text = NULL, err[NO_ERR_LEN];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    int rc = no_report_orders(f, scs, n, &o, err, sizeof err);
    fclose(f);
    ck_assert_msg(rc == 0, "order failed: %s", err);
    cJSON *j = cJSON_Parse(text);
    free(text);
    ck_assert_ptr_nonnull(j);
    return j;
}

/* Number of dice showing `face` in a pool, both columns. */
static inline int dice(const no_state *s, int pool, int face)
{
    return s->pool[pool].n[NO_FRESH][face] + s->pool[pool].n[NO_REROLLED][face];
}

#define ck_assert_near(a, b, tol) \
    ck_assert_msg(fabs((double)(a) - (double)(b)) <= (tol), "%s = %.17g, expected %.17g (tol %g)", #a, \
                  (double)(a), (double)(b), (double)(tol))

Suite *suite_rng(void);
Suite *suite_dice(void);
Suite *suite_exact(void);
Suite *suite_forced(void);
Suite *suite_montecarlo(void);
Suite *suite_scenario(void);
Suite *suite_abilities(void);
Suite *suite_constructs(void);
Suite *suite_cases(void);
Suite *suite_legion(void);
Suite *suite_audit_legion(void);
Suite *suite_armada(void);
Suite *suite_sequence(void);
Suite *suite_deck(void);
Suite *suite_first_edition(void);
Suite *suite_audit_xwing1(void);
Suite *suite_order(void);
Suite *suite_table(void);
Suite *suite_quick(void);
Suite *suite_robustness(void);
Suite *suite_xws(void);
Suite *suite_audit_xwing(void);
Suite *suite_audit_armada(void);
Suite *suite_battle(void);
Suite *suite_army(void);

#endif
