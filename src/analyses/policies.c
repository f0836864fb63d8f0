/* policies.c — `neverodds policy`: the scenario under every named policy, side by side. Each
 * side in turn plays each policy while the other plays per-attack, so a row shows what that
 * choice alone is worth: expected damage (the total over a sequence) and P(kill), and the
 * difference from per-attack. */
#include "neverodds/run.h"
#include "neverodds/table.h"
#include "neverodds/version.h"
#include "report/format.h"
#include "analyses/decisions.h"
#include <stdlib.h>
#include <string.h>

typedef struct row {
    int policy;
    no_summary sum;
} row;

/* Policies that change only the other side's choices say nothing about this side. */
static int concerns(int policy, int side)
{
    if (side == NO_ATTACKER)
        return policy != NO_POLICY_NO_DISCARD;
    return policy != NO_POLICY_CONSERVATIVE && policy != NO_POLICY_CRIT_FISHING;
}

/* Runs the scenario with `policy` for `side` and per-attack for the other. */
static int run_with(const no_scenario *sc, const no_run_opts *opts, int side, int policy, no_summary *out,
                    char *err, size_t errlen)
{
    no_scenario *copy = malloc(sizeof *copy);
    if (!copy)
        abort();
    *copy = *sc;
    no_scenario_set_policy(copy, NO_POLICY_PER_ATTACK);
    no_scenario_set_side_policy(copy, side, policy);
    int rc = no_run(copy, opts, out, err, errlen);
    free(copy);
    return rc;
}

/* The decision tables of a lone attack, or of a sequence's first attack (valued with the later
 * attacks when a side looks ahead). */
static void decision_tables(FILE *f, cJSON *json, const no_scenario *sc, char *err, size_t errlen)
{
    no_scenario *view = NULL;
    no_first_attack *fa = NULL;
    if (sc->nattacks) {
        view = malloc(sizeof *view);
        if (!view)
            abort();
        fa = no_sequence_first(sc, view, err, errlen);
        if (!json && fa)
            fprintf(f, "\nthe first of the %d attacks%s\n", sc->nattacks,
                    no_looks_ahead(&view->ctx) ? " (its worth counts the later attacks: the optimal policy looks ahead)" : "");
    }
    int failed = sc->nattacks && !fa; /* err says why */
    if (!failed)
        failed = no_decision_tables(f, json, fa ? view : sc, err, errlen) != 0;
    if (failed && !json)
        fprintf(f, "\n(no decision table: %s)\n", err);
    no_first_attack_free(fa);
    free(view);
}

/* One policy's row in `format`, JSON into `list`: its mean and P(kill), and their differences from
 * per-attack (`base`); P(kill) only where the defender can be destroyed (a hull or Legion unit). */
static void print_row(FILE *f, int format, cJSON *list, int side, const row *r, const no_summary *base)
{
    double dm = r->sum.mean - base->mean, dk = r->sum.kill.p - base->kill.p;
    int kill = base->has_kill;
    if (format == NO_FMT_JSON) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "policy", no_policies[r->policy].name);
        cJSON_AddNumberToObject(e, "mean", r->sum.mean);
        cJSON_AddNumberToObject(e, "mean_stderr", r->sum.mean_se);
        cJSON_AddNumberToObject(e, "mean_difference", dm);
        if (kill) {
            cJSON_AddNumberToObject(e, "kill", r->sum.kill.p);
            cJSON_AddNumberToObject(e, "kill_stderr", r->sum.kill.se);
            cJSON_AddNumberToObject(e, "kill_difference", dk);
        }
        cJSON_AddItemToArray(list, e);
    } else if (format == NO_FMT_CSV) {
        fprintf(f, "%s,%s,%.12g,%.12g,%.12g", no_side_names[side], no_policies[r->policy].name, r->sum.mean,
                r->sum.mean_se, dm);
        if (kill)
            fprintf(f, ",%.12g,%.12g,%.12g\n", r->sum.kill.p, r->sum.kill.se, dk);
        else
            fprintf(f, ",,,\n");
    } else {
        fprintf(f, "  %-12s %12.10f  %+12.10f  ", no_policies[r->policy].name, r->sum.mean, dm);
        if (kill)
            fprintf(f, "%12.10f  %+12.10f", r->sum.kill.p, dk);
        else
            fprintf(f, "%12s  %13s", "-", "-");
        if (!base->exact && kill)
            fprintf(f, "   (± %.6f, ± %.6f)", r->sum.mean_se, r->sum.kill.se);
        else if (!base->exact)
            fprintf(f, "   (± %.6f)", r->sum.mean_se);
        fprintf(f, "\n");
    }
}

int no_report_policies(FILE *f, const no_scenario *sc, const no_run_opts *run_opts, int format, char *err,
                       size_t errlen)
{
    int json = format == NO_FMT_JSON, csv = format == NO_FMT_CSV;
    no_run_opts each = *run_opts, *opts = &each;
    each.no_gain = 1; /* the per-attack row is the comparison's own */
    row *rows = calloc(NO_SIDES * NO_POLICY_N, sizeof *rows);
    int n[NO_SIDES] = {0};
    if (!rows)
        abort();
    int rc = 0;
    for (int side = 0; side < NO_SIDES && !rc; side++)
        for (int p = 0; p < NO_POLICY_N && !rc; p++) {
            if (!no_game_offers_policy(sc->game, p) || !concerns(p, side))
                continue;
            row *r = &rows[side * NO_POLICY_N + n[side]++];
            r->policy = p;
            rc = run_with(sc, opts, side, p, &r->sum, err, errlen);
        }
    if (rc) {
        for (int i = 0; i < NO_SIDES * NO_POLICY_N; i++)
            no_summary_free(&rows[i].sum);
        free(rows);
        return -1;
    }
    const no_summary *base = &rows[0].sum; /* per-attack on both sides */
    cJSON *o = json ? cJSON_CreateObject() : NULL;
    if (json) {
        cJSON_AddStringToObject(o, "neverodds", NO_VERSION);
        cJSON_AddStringToObject(o, "game", sc->game->name);
        cJSON_AddStringToObject(o, "rules", sc->rules);
        cJSON_AddStringToObject(o, "scenario", sc->name);
        cJSON_AddStringToObject(o, "method", base->exact ? "exact" : "monte-carlo");
        cJSON_AddNumberToObject(o, "trials", (double)base->trials);
        cJSON_AddNumberToObject(o, "seed", (double)opts->seed);
        cJSON_AddStringToObject(o, "goal", no_goal_names[sc->ctx.goal]);
        if (!sc->ctx.hull) /* no hull or unit given: no "kill" figures below, as in run's report */
            cJSON_AddFalseToObject(o, "health_given");
    } else if (csv) {
        fputs("side,policy,mean,mean_se,mean_difference,kill,kill_se,kill_difference\n", f);
    } else {
        fprintf(f, "neverodds %s — policies compared, rules %s, goal %s (for the optimal policy)\n", NO_VERSION,
                sc->rules, no_goal_names[sc->ctx.goal]);
        fprintf(f, "scenario: %s%s%s%s\n", sc->file, *sc->name ? " (" : "", sc->name, *sc->name ? ")" : "");
        fprintf(f, "method:   %s; each row: that side plays the policy, the other per-attack\n",
                base->exact ? "exact" : "monte-carlo (± is one standard error)");
    }
    for (int side = 0; side < NO_SIDES; side++) {
        cJSON *list = json ? cJSON_AddArrayToObject(o, no_side_names[side]) : NULL;
        if (!json && !csv)
            fprintf(f, "\n%-10s %-14s %-14s %-14s %s\n", no_side_names[side], "mean damage", "vs per-attack",
                    "P(kill)", "vs per-attack");
        for (int i = 0; i < n[side]; i++)
            print_row(f, format, list, side, &rows[side * NO_POLICY_N + i], base);
    }
    if (!csv)
        decision_tables(f, o, sc, err, errlen); /* the comparison above stands even without them */
    if (json)
        rep_print_json(f, o);
    for (int i = 0; i < NO_SIDES * NO_POLICY_N; i++)
        no_summary_free(&rows[i].sum);
    free(rows);
    return 0;
}
