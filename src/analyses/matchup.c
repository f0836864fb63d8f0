/* matchup.c — squads as the dice see them, and who hurts whom: every cell a `run` of a
 * scenario written from the two ships' pilots and upgrades (the ship table fills its numbers). */
#include "neverodds/matchup.h"
#include "neverodds/battle.h"
#include "neverodds/plot.h"
#include "neverodds/progress.h"
#include "neverodds/table.h"
#include "neverodds/version.h"
#include "report/format.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Which side each action's token helps (by no_action_names): the attacker's lock, the defender's
 * evade and reinforce, both sides' focus and calculate. */
static const int helps_attacker = NO_ACT_FOCUS | NO_ACT_LOCK | NO_ACT_CALCULATE;
static const int helps_defender = NO_ACT_FOCUS | NO_ACT_EVADE | NO_ACT_CALCULATE | NO_ACT_REINFORCE;

static cJSON *side_of(const no_ship *s, int defender, int tokens)
{
    cJSON *side = cJSON_CreateObject();
    no_xws_name_ship(side, s);
    cJSON *tok = cJSON_AddObjectToObject(side, "tokens");
    int held = tokens & s->actions & (defender ? helps_defender : helps_attacker);
    for (int a = 0; a < NO_ACT_N; a++) /* a token the user asked for, when the ship has its action */
        if (held & 1 << a)
            cJSON_AddNumberToObject(tok, no_action_names[a], 1);
    return side;
}

char *no_matchup_scenario(const no_ship *atk, const no_ship *def, int range, int tokens)
{
    cJSON *root = cJSON_CreateObject();
    char name[200];
    snprintf(name, sizeof name, "%s attacks %s at range %d", atk->name, def->name, range);
    cJSON_AddStringToObject(root, "game", "xwing");
    cJSON_AddStringToObject(root, "rules", "xwing-2e");
    cJSON_AddStringToObject(root, "name", name);
    cJSON_AddItemToObject(root, "attacker", side_of(atk, 0, tokens));
    cJSON_AddItemToObject(root, "defender", side_of(def, 1, tokens));
    cJSON_AddNumberToObject(root, "range", range);
    return rep_json_text(root);
}

/* ---- matchup ---- */

/* Ships of a squad alike (the same pilot and cards) are one row, counted: "Blue Squadron Escort ×2". */
typedef struct group {
    const no_ship *ship;
    int count;
    char label[NO_WHO_LEN];
} group;

static int same_card(const void *ctx, int i, int j)
{
    const no_ship *const *xy = ctx;
    return !strcmp(xy[0]->card[i], xy[1]->card[j]);
}

/* The same pilot with the same cards, in any order. */
static int same_ship(const no_ship *x, const no_ship *y)
{
    const no_ship *xy[2] = {x, y};
    return !strcmp(x->pilot, y->pilot) && x->ncards == y->ncards && rep_alike(x->ncards, same_card, xy);
}

/* The squad's groups in the order their first ship is listed, ships left out (a huge ship) aside;
 * how many. */
static int group_squad(const no_squad *sq, group *g)
{
    int n = 0;
    for (int i = 0; i < sq->n; i++) {
        if (no_ship_left_out(&sq->ship[i]))
            continue;
        int k = 0;
        while (k < n && !same_ship(g[k].ship, &sq->ship[i]))
            k++;
        if (k == n)
            g[n++] = (group){.ship = &sq->ship[i]};
        g[k].count++;
    }
    for (int k = 0; k < n; k++)
        snprintf(g[k].label, sizeof g[k].label, g[k].count > 1 ? "%s ×%d" : "%s", g[k].ship->name, g[k].count);
    return n;
}

/* The trials of a cell's attacks to destroy when exact cannot fit them (an exact matchup). */
#define FALLBACK_TRIALS 100000

typedef struct cell {
    const group *atk, *def;
    no_scenario *sc;        /* at ranges 1 to 3, until run */
    double mean[3], kill, shots, beyond;
    double mean_se[3], kill_se, shots_se; /* Monte Carlo's standard errors (0 exact) */
    int shots_exact;        /* its attacks to destroy are exact */
    int shots_fell_back;    /* by Monte Carlo in an exact matchup: exact could not fit them */
    char err[NO_ERR_LEN];   /* why its run failed; why exact did not fit, when it fell back */
} cell;

/* Parses the cell's attack at each range: 0, or -1 with err. Parsing reads tables the program
 * shares, so the cells are parsed one by one. */
static int parse_cell(cell *c, const no_matchup_opts *o, char *err, size_t errlen)
{
    c->sc = calloc(3, sizeof *c->sc);
    if (!c->sc)
        abort();
    for (int r = 1; r <= 3; r++) {
        char *json = no_matchup_scenario(c->atk->ship, c->def->ship, r, o->tokens);
        int rc = no_scenario_parse(json, "matchup", &c->sc[r - 1], err, errlen);
        free(json);
        if (rc)
            return -1;
    }
    return 0;
}

/* Runs a parsed cell: the mean at each range, P(kill) and the attacks to destroy at
 * NO_MATCHUP_RANGE. 0, or -1 with c->err. */
static int run_cell(cell *c, const no_matchup_opts *o)
{
    int rc = 0;
    for (int r = 1; r <= 3 && !rc; r++) {
        const no_scenario *sc = &c->sc[r - 1];
        no_summary s;
        if ((rc = no_run(sc, &o->run, &s, c->err, sizeof c->err)) != 0)
            break;
        c->mean[r - 1] = s.mean;
        c->mean_se[r - 1] = s.mean_se;
        if (r == NO_MATCHUP_RANGE) {
            c->kill = s.kill.p;
            c->kill_se = s.kill.se;
            no_run_opts shots = o->run;
            shots.shots = 1;
            no_summary_free(&s);
            memset(&s, 0, sizeof s); /* a failed run leaves it as it was */
            rc = no_run(sc, &shots, &s, c->err, sizeof c->err);
            if (rc && no_run_is_exact(&shots)) { /* too large for exact: Monte Carlo, said (c->err: why) */
                char why[NO_ERR_LEN];
                shots.force_exact = 0;
                shots.trials = FALLBACK_TRIALS;
                if ((rc = no_run(sc, &shots, &s, why, sizeof why)) != 0)
                    snprintf(c->err, sizeof c->err, "%s", why);
                c->shots_fell_back = !rc;
            }
            c->shots = s.shots_mean;
            c->shots_se = s.shots_mean_se;
            c->shots_exact = s.exact;
            c->beyond = s.shots_beyond.p;
        }
        no_summary_free(&s);
    }
    free(c->sc);
    c->sc = NULL;
    return rc ? -1 : 0;
}

/* Every cell, each parsed, then run: exact cells side by side, one per thread (an exact answer
 * does not depend on the threads), Monte Carlo cells one after the other on every thread. The
 * first failing cell in order gives the error, as run one by one. */
static int run_cells(cell *cells, int n, const no_matchup_opts *o, char *err, size_t errlen)
{
    int parsed = 0, failed = -1;
    while (parsed < n && !parse_cell(&cells[parsed], o, err, errlen))
        parsed++;
    if (parsed < n)
        failed = parsed;
    int *bad = calloc((size_t)(n ? n : 1), sizeof *bad);
    if (!bad)
        abort();
    no_progress_begin_items((uint64_t)parsed, "cells");
#pragma omp parallel for schedule(dynamic, 1) num_threads(o->run.threads) if (no_run_is_exact(&o->run) && parsed > 1)
    for (int k = 0; k < parsed; k++) {
        bad[k] = run_cell(&cells[k], o) != 0;
        no_progress_item_done();
    }
    no_progress_end_items();
    for (int k = 0; k < parsed && (failed < 0 || k < failed); k++)
        if (bad[k]) {
            failed = k;
            snprintf(err, errlen, "%s", cells[k].err);
        }
    for (int k = parsed; k < n; k++) /* a failed parse leaves its scenarios */
        free(cells[k].sc);
    free(bad);
    return failed < 0 ? 0 : -1;
}

static const char *const direction_name[] = {"A attacks B", "B attacks A"};

static void cells_text(FILE *f, const cell *c, int n, int dir)
{
    fprintf(f, "\n%s\n  %-28s %-28s %9s %9s %9s %10s %10s\n", direction_name[dir], "attacker", "defender",
            "mean r1", "mean r2", "mean r3", "P(kill) r2", "attacks r2");
    for (int i = 0; i < n; i++) {
        fputs("  ", f);
        rep_column(f, c[i].atk->label, 28);
        rep_column(f, c[i].def->label, 28);
        fprintf(f, "%9.4f %9.4f %9.4f %10.5f %10.3f%s%s\n", c[i].mean[0], c[i].mean[1], c[i].mean[2], c[i].kill,
                c[i].shots, c[i].beyond > 1e-9 ? "+" : "", c[i].shots_fell_back ? "~" : "");
    }
    double most[3] = {0, 0, 0}; /* Monte Carlo: the largest standard error of each kind */
    for (int i = 0; i < n; i++) {
        for (int r = 0; r < 3; r++)
            most[0] = fmax(most[0], c[i].mean_se[r]);
        most[1] = fmax(most[1], c[i].kill_se);
        most[2] = fmax(most[2], c[i].shots_fell_back ? 0 : c[i].shots_se);
    }
    if (most[0] > 0 || most[1] > 0 || most[2] > 0)
        fprintf(f, "  Monte Carlo standard errors, at most: mean ± %.4f, P(kill) ± %.5f, attacks ± %.3f (JSON: each)\n",
                most[0], most[1], most[2]);
    for (int i = 0; i < n; i++)
        if (c[i].shots_fell_back)
            fprintf(f, "  ~ %s on %s: attacks by Monte Carlo, %d trials, %.3f ± %.3f (exact could not fit: %s)\n",
                    c[i].atk->label, c[i].def->label, FALLBACK_TRIALS, c[i].shots, c[i].shots_se, c[i].err);
}

static void group_json(cJSON *e, const char *role, const group *g)
{
    char count[32];
    snprintf(count, sizeof count, "%s_count", role);
    cJSON_AddStringToObject(e, role, g->ship->pilot);
    cJSON_AddNumberToObject(e, count, g->count);
}

/* A JSON entry of one direction: its means at ranges 1 to 3 under `key`, the direction, then the
 * group named `role` ("attacker", "defender") with its count. */
static cJSON *entry_json(const char *key, const double mean[3], int dir, const char *role, const group *g)
{
    cJSON *e = cJSON_CreateObject();
    cJSON_AddItemToObject(e, key, cJSON_CreateDoubleArray(mean, 3));
    cJSON_AddStringToObject(e, "direction", dir ? "b->a" : "a->b");
    group_json(e, role, g);
    return e;
}

static cJSON *cell_json(const cell *c, int dir)
{
    cJSON *e = entry_json("mean_damage_by_range", c->mean, dir, "attacker", c->atk);
    group_json(e, "defender", c->def);
    cJSON_AddNumberToObject(e, "p_kill", c->kill);
    cJSON_AddNumberToObject(e, "attacks_to_destroy", c->shots);
    cJSON_AddNumberToObject(e, "p_not_destroyed_in_200", c->beyond);
    /* standard errors, 0 where exact; the attacks' method, Monte Carlo where exact could not fit */
    cJSON_AddItemToObject(e, "mean_damage_stderr_by_range", cJSON_CreateDoubleArray(c->mean_se, 3));
    cJSON_AddNumberToObject(e, "p_kill_stderr", c->kill_se);
    cJSON_AddNumberToObject(e, "attacks_to_destroy_stderr", c->shots_se);
    cJSON_AddStringToObject(e, "attacks_to_destroy_method", c->shots_exact ? "exact" : "monte-carlo");
    if (c->shots_fell_back)
        cJSON_AddStringToObject(e, "attacks_to_destroy_why", c->err);
    return e;
}

/* The squad's fire on each enemy ship: every ship of the attacking side attacking it once a round
 * (a group counts as many times as it has ships), the mean damage at each range. */
typedef struct focus {
    const group *def;
    double mean[3];
} focus;

static void squad_fire(const cell *c, int natk, int ndef, focus *out)
{
    for (int j = 0; j < ndef; j++) {
        out[j] = (focus){.def = c[j].def};
        for (int i = 0; i < natk; i++)
            for (int r = 0; r < 3; r++)
                out[j].mean[r] += c[i * ndef + j].atk->count * c[i * ndef + j].mean[r];
    }
}

static void squad_fire_text(FILE *f, const focus *x, int n, int dir)
{
    fprintf(f, "\n%s, the whole squad on one ship: each of its ships attacks it once (mean damage a round)\n"
               "  %-28s %-13s %9s %9s %9s\n", direction_name[dir], "defender", "shields+hull", "squad r1", "squad r2",
            "squad r3");
    for (int j = 0; j < n; j++) {
        fputs("  ", f);
        rep_column(f, x[j].def->label, 28);
        fprintf(f, "%6d+%-6d %9.4f %9.4f %9.4f\n", x[j].def->ship->shields, x[j].def->ship->hull, x[j].mean[0],
                x[j].mean[1], x[j].mean[2]);
    }
}

/* How long a squad alone takes to destroy the other under focus fire: the battle engine with the
 * other side passive (battle_run.c), at each range. */
typedef struct siege {
    no_rate mean[3];
    double unresolved[3];
    int exact;
} siege;

/* Each direction's siege; each attack with the tokens asked for that the ship has an action for,
 * as in the cells. 0, or -1 with err. */
static int sieges(const no_squad *a, const no_squad *b, const no_matchup_opts *o, siege out[2], char *err,
                  size_t errlen)
{
    no_battle_side *side = calloc(2, sizeof *side);
    if (!side)
        abort();
    no_battle_side_of_squad(a, &side[0]);
    no_battle_side_of_squad(b, &side[1]);
    no_battle_opts bo;
    no_battle_defaults(&bo);
    bo.run = o->run;
    bo.deck = NO_DECK_OFF; /* damage as points: exact for whole squads in a fraction of a second (with the deck
                  * a squad's states do not fit) */
    bo.nactions = 0;
    for (int k = 0; k < NO_ACT_N; k++)
        if (o->tokens & 1 << k)
            bo.action_order[bo.nactions++] = 1 << k;
    int rc = 0;
    for (int d = 0; d < 2 && !rc; d++)
        rc = no_battle_rounds_to_destroy(&side[d], &side[!d], &bo, out[d].mean, out[d].unresolved, &out[d].exact,
                                         err, errlen);
    free(side);
    return rc;
}

static void siege_text(FILE *f, const siege *x)
{
    fprintf(f, "  rounds to destroy the whole squad by focus fire (it does not shoot back; tokens as above, "
               "charges carried):\n   ");
    for (int r = 0; r < 3; r++) {
        fprintf(f, " r%d %.3f", r + 1, x->mean[r].p);
        if (!x->exact)
            fprintf(f, " ± %.3f", x->mean[r].se);
        fputs(x->unresolved[r] >= 1e-6 ? "+" : "", f);
    }
    fputc('\n', f);
    if (x->unresolved[0] >= 1e-6 || x->unresolved[1] >= 1e-6 || x->unresolved[2] >= 1e-6)
        fprintf(f, "    (+: at least one battle in a million lasts beyond %d rounds, counted as %d)\n",
                NO_BATTLE_MAX_ROUNDS, NO_BATTLE_MAX_ROUNDS);
}

static cJSON *siege_json(const siege *x, int dir)
{
    cJSON *e = cJSON_CreateObject();
    double m[3], se[3];
    for (int r = 0; r < 3; r++) {
        m[r] = x->mean[r].p;
        se[r] = x->mean[r].se;
    }
    cJSON_AddStringToObject(e, "direction", dir ? "b->a" : "a->b");
    cJSON_AddItemToObject(e, "mean_by_range", cJSON_CreateDoubleArray(m, 3));
    if (!x->exact)
        cJSON_AddItemToObject(e, "stderr_by_range", cJSON_CreateDoubleArray(se, 3));
    cJSON_AddItemToObject(e, "unresolved_by_range", cJSON_CreateDoubleArray(x->unresolved, 3));
    cJSON_AddNumberToObject(e, "round_limit", NO_BATTLE_MAX_ROUNDS);
    cJSON_AddStringToObject(e, "method", x->exact ? "exact" : "monte-carlo");
    return e;
}

static cJSON *squad_fire_json(const focus *x, int dir)
{
    cJSON *e = entry_json("squad_mean_damage_by_range", x->mean, dir, "defender", x->def);
    cJSON_AddNumberToObject(e, "shields", x->def->ship->shields);
    cJSON_AddNumberToObject(e, "hull", x->def->ship->hull);
    return e;
}

/* The heatmap's view of the cells: group names and the mean damage at NO_MATCHUP_RANGE. */
typedef struct heat {
    const cell *c;
    const group *const *g;
    const int *n;
} heat;

static const char *heat_name(const void *ctx, int d, int i) { return ((const heat *)ctx)->g[d][i].label; }

static double heat_value(const void *ctx, int d, int i, int j)
{
    const heat *h = ctx;
    return h->c[d * h->n[0] * h->n[1] + i * h->n[!d] + j].mean[NO_MATCHUP_RANGE - 1];
}

/* Both directions in one matrix: every ship of A and of B down the side and across the top, each
 * cell the row's mean damage on the column at range 2; cells of one squad on itself empty. */
static int heatmap(const cell *c, const group *const g[2], const int n[2], const no_squad *a, const no_squad *b,
                   const no_matchup_opts *o, char *err, size_t errlen)
{
    char sub[160], foot[256], title[600];
    snprintf(sub, sizeof sub, "mean damage of one primary attack at range %d by each row's ship on each column's",
             NO_MATCHUP_RANGE);
    snprintf(foot, sizeof foot, "X-Wing · rules xwing-2e · %s · data %s · neverodds %s",
             o->run.trials ? "Monte Carlo" : "exact", no_xws_data_version(), NO_VERSION);
    snprintf(title, sizeof title, "who hurts whom: %s (A) and %s (B)", *a->name ? a->name : a->file,
             *b->name ? b->name : b->file);
    no_plot_grid words = {.title = title, .subtitle = sub, .footnote = foot, .value_label = "mean damage"};
    heat h = {.c = c, .g = g, .n = n};
    no_plot_sides sides = {.n = {n[0], n[1]}, .name = heat_name, .value = heat_value, .ctx = &h};
    return no_plot_matchup(o->plot, &o->style, &words, &sides, err, errlen) ? 1 : 0;
}

int no_matchup(FILE *f, const no_squad *a, const no_squad *b, const no_matchup_opts *o, char *err, size_t errlen)
{
    group ga[NO_SQUAD_MAX], gb[NO_SQUAD_MAX];
    const group *g[2] = {ga, gb};
    int n[2] = {group_squad(a, ga), group_squad(b, gb)};
    for (int d = 0; d < 2; d++)
        if (!n[d]) { /* every ship left out: nothing to match up */
            const no_squad *sq = d ? b : a;
            snprintf(err, errlen, "%s: pilots: no ship takes part in a matchup (%s)", sq->file,
                     no_ship_left_out(&sq->ship[0]));
            return -1;
        }
    int per = n[0] * n[1]; /* cells of one direction */
    cell *c = calloc((size_t)(per ? 2 * per : 1), sizeof *c);
    focus *fire = calloc((size_t)(n[0] + n[1] ? n[0] + n[1] : 1), sizeof *fire);
    if (!c || !fire)
        abort();
    /* direction d's cell (i, j), at c[d * per + i * n[!d] + j]: group i of the attackers on group
     * j of the defenders */
    for (int d = 0, k = 0; d < 2; d++)
        for (int i = 0; i < n[d]; i++)
            for (int j = 0; j < n[!d]; j++, k++) {
                c[k].atk = &g[d][i];
                c[k].def = &g[!d][j];
            }
    if (run_cells(c, 2 * per, o, err, errlen)) {
        free(c);
        free(fire);
        return -1;
    }
    siege siege_of[2];
    if (sieges(a, b, o, siege_of, err, errlen)) {
        free(c);
        free(fire);
        return -1;
    }
    /* fire[0 .. n[1]): A's squad on each of B's groups; then B's on A's */
    squad_fire(c, n[0], n[1], fire);
    squad_fire(c + per, n[1], n[0], fire + n[1]);
    const focus *fire_of[2] = {fire, fire + n[1]};
    int rc = o->plot ? heatmap(c, g, n, a, b, o, err, errlen) : 0;
    if (o->format == NO_FMT_JSON) {
        cJSON *root = cJSON_CreateObject(), *cells = cJSON_AddArrayToObject(root, "cells");
        cJSON_AddStringToObject(root, "neverodds", NO_VERSION);
        cJSON_AddStringToObject(root, "data", no_xws_data_version());
        cJSON_AddStringToObject(root, "method", o->run.trials ? "monte-carlo" : "exact");
        cJSON_AddNumberToObject(root, "range_of_kill_and_attacks", NO_MATCHUP_RANGE);
        cJSON_AddItemToObject(root, "a", no_squad_json(a));
        cJSON_AddItemToObject(root, "b", no_squad_json(b));
        for (int d = 0; d < 2; d++)
            for (int i = 0; i < per; i++)
                cJSON_AddItemToArray(cells, cell_json(&c[d * per + i], d));
        cJSON *sum = cJSON_AddArrayToObject(root, "squad_fire");
        for (int d = 0; d < 2; d++)
            for (int j = 0; j < n[!d]; j++)
                cJSON_AddItemToArray(sum, squad_fire_json(&fire_of[d][j], d));
        cJSON *rounds = cJSON_AddArrayToObject(root, "rounds_to_destroy");
        for (int d = 0; d < 2; d++)
            cJSON_AddItemToArray(rounds, siege_json(&siege_of[d], d));
        rep_print_json(f, root);
    } else if (o->format == NO_FMT_CSV) {
        fputs("direction,attacker,attacker_count,defender,defender_count,mean_r1,mean_r2,mean_r3,p_kill_r2,"
              "attacks_to_destroy_r2,attacks_to_destroy_r2_stderr\n", f);
        for (int d = 0; d < 2; d++)
            for (int i = 0; i < per; i++) {
                const cell *x = &c[d * per + i];
                fprintf(f, "%s,%s,%d,%s,%d,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", d ? "b->a" : "a->b",
                        x->atk->ship->pilot, x->atk->count, x->def->ship->pilot, x->def->count, x->mean[0], x->mean[1],
                        x->mean[2], x->kill, x->shots, x->shots_se);
            }
    } else {
        fprintf(f, "neverodds %s — matchup, rules xwing-2e, policy per-attack, %s; data %s\n", NO_VERSION,
                o->run.trials ? "Monte Carlo" : "exact", no_xws_data_version());
        for (int d = 0; d < 2; d++) {
            const no_squad *sq = d ? b : a;
            fprintf(f, "%c: %s%s%s (%s)\n", d ? 'B' : 'A', sq->file, *sq->name ? ", " : "", sq->name, sq->faction);
            no_squad_left_out_text(f, sq, "   ");
        }
        fprintf(f, "tokens: each ship holds one of each asked for whose action it has; one attack with the\n"
                   "primary weapon; P(kill) and attacks to destroy at range %d, one a round, the defender's\n"
                   "tokens refreshed each round (+: some survive 200 attacks; ~: Monte Carlo where exact could\n"
                   "not fit, said below the table); ships alike share a row (×n)\n",
                NO_MATCHUP_RANGE);
        for (int d = 0; d < 2; d++)
            cells_text(f, &c[d * per], per, d);
        for (int d = 0; d < 2; d++) {
            squad_fire_text(f, fire_of[d], n[!d], d);
            siege_text(f, &siege_of[d]);
        }
    }
    free(c);
    free(fire);
    return rc;
}
