/* matchup.c — squads as the dice see them, and who hurts whom: every cell a `run` of a
 * scenario written from the two ships' pilots and upgrades (the ship table fills its numbers). */
#include "neverodds/matchup.h"
#include "neverodds/plot.h"
#include "neverodds/table.h"
#include "neverodds/version.h"
#include "report/format.h"
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* Which side each action's token helps (by no_action_names): the attacker's lock, the defender's
 * evade and reinforce, both sides' focus and calculate. */
static const int helps_attacker = NO_ACT_FOCUS | NO_ACT_LOCK | NO_ACT_CALCULATE;
static const int helps_defender = NO_ACT_FOCUS | NO_ACT_EVADE | NO_ACT_CALCULATE | NO_ACT_REINFORCE;

static cJSON *side_of(const no_ship *s, int defender, int tokens)
{
    cJSON *side = cJSON_CreateObject(), *ups = NULL, *tok = cJSON_AddObjectToObject(side, "tokens");
    cJSON_AddStringToObject(side, "pilot", s->pilot);
    for (int c = 1; c < s->ncards; c++) { /* the upgrades the squad lists (not the fixed loadout) */
        if (s->kind[c] != NO_CARD_UPGRADE)
            continue;
        if (!ups)
            ups = cJSON_AddArrayToObject(side, "upgrades");
        cJSON_AddItemToArray(ups, cJSON_CreateString(s->card[c]));
    }
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
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        abort();
    return text;
}

/* ---- matchup ---- */

typedef struct cell {
    const no_ship *atk, *def;
    no_scenario *sc;        /* at ranges 1 to 3, until run */
    double mean[3], kill, shots, beyond;
    char err[NO_ERR_LEN];   /* why its run failed */
} cell;

/* Parses the cell's attack at each range: 0, or -1 with err. Parsing reads tables the program
 * shares, so the cells are parsed one by one. */
static int parse_cell(cell *c, const no_matchup_opts *o, char *err, size_t errlen)
{
    c->sc = calloc(3, sizeof *c->sc);
    if (!c->sc)
        abort();
    for (int r = 1; r <= 3; r++) {
        char *json = no_matchup_scenario(c->atk, c->def, r, o->tokens);
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
        if (r == NO_MATCHUP_RANGE) {
            c->kill = s.kill.p;
            no_run_opts shots = o->run;
            shots.shots = 1;
            no_summary_free(&s);
            rc = no_run(sc, &shots, &s, c->err, sizeof c->err);
            c->shots = s.shots_mean;
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
#pragma omp parallel for schedule(dynamic, 1) num_threads(o->run.threads) if (no_run_is_exact(&o->run) && parsed > 1)
    for (int k = 0; k < parsed; k++)
        bad[k] = run_cell(&cells[k], o) != 0;
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

/* s in a column `width` characters wide (UTF-8: names have curly quotes), cut to fit. */
static void column(FILE *f, const char *s, int width)
{
    int shown = 0;
    for (; *s && shown < width; shown++) {
        int len = 1;
        while ((s[len] & 0xC0) == 0x80)
            len++;
        fwrite(s, 1, (size_t)len, f);
        s += len;
    }
    fprintf(f, "%*s", width - shown + 1, "");
}

static void cells_text(FILE *f, const cell *c, int n, int dir)
{
    fprintf(f, "\n%s\n  %-28s %-28s %9s %9s %9s %10s %10s\n", direction_name[dir], "attacker", "defender",
            "mean r1", "mean r2", "mean r3", "P(kill) r2", "attacks r2");
    for (int i = 0; i < n; i++) {
        fputs("  ", f);
        column(f, c[i].atk->name, 28);
        column(f, c[i].def->name, 28);
        fprintf(f, "%9.4f %9.4f %9.4f %10.5f %10.3f%s\n", c[i].mean[0], c[i].mean[1], c[i].mean[2], c[i].kill,
                c[i].shots, c[i].beyond > 1e-9 ? "+" : "");
    }
}

static cJSON *cell_json(const cell *c, int dir)
{
    cJSON *e = cJSON_CreateObject(), *m = cJSON_AddArrayToObject(e, "mean_damage_by_range");
    cJSON_AddStringToObject(e, "direction", dir ? "b->a" : "a->b");
    cJSON_AddStringToObject(e, "attacker", c->atk->pilot);
    cJSON_AddStringToObject(e, "defender", c->def->pilot);
    for (int r = 0; r < 3; r++)
        cJSON_AddItemToArray(m, cJSON_CreateNumber(c->mean[r]));
    cJSON_AddNumberToObject(e, "p_kill", c->kill);
    cJSON_AddNumberToObject(e, "attacks_to_destroy", c->shots);
    cJSON_AddNumberToObject(e, "p_not_destroyed_in_200", c->beyond);
    return e;
}

static int heatmap(const cell *c, const no_squad *a, const no_squad *b, const no_matchup_opts *o, char *err,
                   size_t errlen)
{
    double value[NO_SQUAD_MAX * NO_SQUAD_MAX];
    const char *xval[NO_SQUAD_MAX], *yval[NO_SQUAD_MAX];
    for (int i = 0; i < a->n * b->n; i++)
        value[i] = c[i].mean[NO_MATCHUP_RANGE - 1];
    for (int i = 0; i < b->n; i++)
        xval[i] = b->ship[i].name;
    for (int i = 0; i < a->n; i++)
        yval[i] = a->ship[i].name;
    char sub[128], foot[256];
    snprintf(sub, sizeof sub, "one primary attack at range %d: each ship of the rows on each ship of the columns",
             NO_MATCHUP_RANGE);
    snprintf(foot, sizeof foot, "X-Wing · rules xwing-2e · %s · data %s · neverodds %s",
             o->run.trials ? "Monte Carlo" : "exact", no_xws_data_version(), NO_VERSION);
    char title[600];
    snprintf(title, sizeof title, "mean damage: %s attacks %s", *a->name ? a->name : a->file, *b->name ? b->name : b->file);
    no_plot_grid g = {.title = title, .subtitle = sub, .footnote = foot, .value_label = "mean damage",
                      .xkey = "defender", .ykey = "attacker", .xval = xval, .yval = yval, .nx = b->n, .ny = a->n,
                      .value = value, .matrix = 1};
    return no_plot_sweep(o->plot, &o->style, &g, err, errlen) ? 1 : 0;
}

int no_matchup(FILE *f, const no_squad *a, const no_squad *b, const no_matchup_opts *o, char *err, size_t errlen)
{
    const no_squad *side[2][2] = {{a, b}, {b, a}};
    int per = a->n * b->n; /* cells of one direction */
    cell *c = calloc((size_t)(per ? 2 * per : 1), sizeof *c);
    if (!c)
        abort();
    /* direction d's cell (i, j), at c[d * per + i * defenders + j]: ship i of the attackers on
     * ship j of the defenders */
    for (int d = 0, k = 0; d < 2; d++)
        for (int i = 0; i < side[d][0]->n; i++)
            for (int j = 0; j < side[d][1]->n; j++, k++) {
                c[k].atk = &side[d][0]->ship[i];
                c[k].def = &side[d][1]->ship[j];
            }
    if (run_cells(c, 2 * per, o, err, errlen)) {
        free(c);
        return -1;
    }
    int rc = o->plot ? heatmap(c, a, b, o, err, errlen) : 0;
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
        rep_print_json(f, root);
    } else if (o->format == NO_FMT_CSV) {
        fputs("direction,attacker,defender,mean_r1,mean_r2,mean_r3,p_kill_r2,attacks_to_destroy_r2\n", f);
        for (int d = 0; d < 2; d++)
            for (int i = 0; i < per; i++) {
                const cell *x = &c[d * per + i];
                fprintf(f, "%s,%s,%s,%.12g,%.12g,%.12g,%.12g,%.12g\n", d ? "b->a" : "a->b", x->atk->pilot,
                        x->def->pilot, x->mean[0], x->mean[1], x->mean[2], x->kill, x->shots);
            }
    } else {
        fprintf(f, "neverodds %s — matchup, rules xwing-2e, policy per-attack, %s; data %s\n", NO_VERSION,
                o->run.trials ? "Monte Carlo" : "exact", no_xws_data_version());
        fprintf(f, "A: %s%s%s (%s)\nB: %s%s%s (%s)\n", a->file, *a->name ? ", " : "", a->name, a->faction, b->file,
                *b->name ? ", " : "", b->name, b->faction);
        fprintf(f, "tokens: each ship holds one of each asked for whose action it has; one attack with the\n"
                   "primary weapon; P(kill) and attacks to destroy at range %d, one a round, the defender's\n"
                   "tokens refreshed each round (+: some survive 200 attacks)\n",
                NO_MATCHUP_RANGE);
        for (int d = 0; d < 2; d++)
            cells_text(f, &c[d * per], per, d);
    }
    free(c);
    return rc;
}
