/* report.c — the report of a run as text and JSON: header, rulings, the scenario described, the
 * damage table, the game's sections (its descriptor), tokens, abilities, sequences, shots to kill. */
#include "neverodds/report.h"
#include "neverodds/version.h"
#include "neverodds/game.h"
#include "report/format.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *no_report_unit(const no_scenario *sc)
{
    return sc->game->unit ? sc->game->unit(sc) : sc->game->damage_word;
}

/* A roll that is no attack spends no tokens. */
static int is_roll(const no_scenario *sc)
{
    return sc->game->is_roll && sc->game->is_roll(sc);
}

/* The damage table and its mean, `unit` naming what is counted. */
static void damage_table(FILE *f, const char *unit, const no_summary *s)
{
    fprintf(f, "%-6s  %-*s  %s\n", unit, s->exact ? 12 : 18, "P(= k)", "P(>= k)");
    for (int d = 0; d <= s->max_damage; d++) {
        fprintf(f, "%6d  ", d);
        rep_print_rate(f, s->pmf[d], s->exact);
        fprintf(f, "  ");
        rep_print_rate(f, s->at_least[d], s->exact);
        fprintf(f, "\n");
    }
    fprintf(f, "\nmean %-7s %.10f", unit, s->mean);
    if (!s->exact)
        fprintf(f, " ± %.6f", s->mean_se);
    fprintf(f, "   (sd %.6f)\n", s->sd);
}

/* One attack's (or roll's) results: the table, the game's outcomes, tokens and abilities. */
static void text_attack(FILE *f, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    int roll = is_roll(sc);
    damage_table(f, no_report_unit(sc), s);
    sc->game->outcomes_text(f, sc, s);
    int header = 0;
    for (int side = 0; side < NO_SIDES; side++)
        for (int k = 0; k < NO_TOK_N; k++) {
            if (!ctx->start.tok[side][k] || roll) /* a rally rolls its tokens, spends none */
                continue;
            if (!header++)
                fprintf(f, "\ntokens       P(spent)%*s mean spent\n", s->exact ? 5 : 11, "");
            fprintf(f, "  %-8s %-9s ", no_side_names[side], no_token_names[k]);
            rep_print_rate(f, s->tokens[side][k].spent, s->exact);
            fprintf(f, "  %.6f\n", s->tokens[side][k].mean);
        }
    if (s->nabilities) {
        fprintf(f, "\nabilities    P(used)\n");
        for (int a = 0; a < s->nabilities; a++) {
            fprintf(f, "  %-8s %-20s ", no_side_names[s->abilities[a].side], s->abilities[a].name);
            rep_print_rate(f, s->abilities[a].used, s->exact);
            fprintf(f, "\n");
        }
    }
}

/* The tokens a Legion attack action's pools share, as "aim 2, surge 1". */
static void describe_carry(FILE *f, const no_scenario *sc)
{
    if (!sc->ncarried)
        fprintf(f, "no tokens");
    for (int k = 0; k < sc->ncarried; k++)
        fprintf(f, "%s%s %d", k ? ", " : "", no_token_names[sc->carried[k]],
                sc->attacks[0].start.tok[NO_ATTACKER][sc->carried[k]]);
}

/* Shots to kill: P(= k) and P(<= k) for each number of attacks, the mean, what is left. The
 * table stops where P(<= k) prints as 1 (JSON has every k). */
static void text_shots(FILE *f, const no_summary *s)
{
    if (s->shots_rounds)
        fprintf(f, "shots to kill (the attack repeated, one a round: the defender's tokens refresh between "
                "shots, its shields and damage carried; --carry-tokens for shots in one round)\n");
    else
        fprintf(f, "shots to kill (the attack repeated, the defender's tokens, shields and damage carried)\n");
    fprintf(f, "%-6s  %-*s  %s\n", "shots", s->exact ? 12 : 18, "P(= k)", "P(<= k)");
    double cum = 0;
    for (int k = 1; k <= s->max_shots; k++) {
        if (cum >= 1 - 0.5e-10 && k > 1) { /* the rest round to nothing */
            fprintf(f, "%6s  P(<= k) is 1 from k = %d on\n", "...", k - 1);
            break;
        }
        cum += s->shots[k].p;
        fprintf(f, "%6d  ", k);
        rep_print_rate(f, s->shots[k], s->exact);
        fprintf(f, "  ");
        rep_print_rate(f, rep_rate(cum, s->trials), s->exact);
        fprintf(f, "\n");
    }
    fprintf(f, "\nmean shots   %.10f", s->shots_mean);
    if (!s->exact)
        fprintf(f, " ± %.10f", s->shots_mean_se);
    if (s->shots_beyond.p > 0) {
        fprintf(f, " (of the attacks that destroy it within %d)\nP(more than %d)  ", NO_MAX_SHOTS, NO_MAX_SHOTS);
        rep_print_rate(f, s->shots_beyond, s->exact);
    }
    fprintf(f, "\n");
}

/* A sequence's kill, under its total damage: P(destroyed) by the end of the sequence, then for
 * each attack the share it destroys (its own report's line) and the sum of the shares so far. */
static void text_sequence_kill(FILE *f, const no_scenario *sc, const no_summary *s)
{
    const char *kill = sc->game->kill_word;
    char head[2][64];
    int width = s->exact ? 12 : 20; /* a rate as rep_print_rate writes it */
    fprintf(f, "P(%s) ", kill);
    rep_print_rate(f, s->kill, s->exact);
    fprintf(f, "   (by the end of the %d attacks)\n\n", sc->nattacks);
    snprintf(head[0], sizeof head[0], "P(%s by this attack)", kill);
    snprintf(head[1], sizeof head[1], "P(%s by its end)", kill);
    int w0 = (int)strlen(head[0]) > width ? (int)strlen(head[0]) : width;
    fprintf(f, "attack  %-*s  %s\n", w0, head[0], head[1]);
    for (int a = 0; a < sc->nattacks; a++) {
        fprintf(f, "%6d  ", a + 1);
        rep_print_rate(f, s->attack[a].kill, s->exact);
        fprintf(f, "%*s  ", w0 - width, "");
        rep_print_rate(f, s->kill_by[a], s->exact);
        fprintf(f, "\n");
    }
}

/* A copy of a sequence's scenario that reads as a lone attack: set its ctx to attack a's to
 * report that attack (freed by the caller). */
static no_scenario *attack_view(const no_scenario *sc)
{
    no_scenario *view = malloc(sizeof *view);
    if (!view)
        abort();
    *view = *sc;
    view->nattacks = 0;
    return view;
}

/* Who the sides are, when the scenario names them (a pilot and ship, a unit, a ship or squadron):
 * one line each, above the attack's description. */
static void who_text(FILE *f, const no_applied *ap)
{
    for (int side = 0; side < NO_SIDES; side++)
        if (*ap->who[side])
            fprintf(f, "%-9s %s\n", side ? "defender:" : "attacker:", ap->who[side]);
}

static void who_json(cJSON *o, const no_applied *ap)
{
    if (!*ap->who[NO_ATTACKER] && !*ap->who[NO_DEFENDER])
        return;
    cJSON *w = cJSON_AddObjectToObject(o, "who");
    for (int side = 0; side < NO_SIDES; side++)
        if (*ap->who[side])
            cJSON_AddStringToObject(w, no_side_names[side], ap->who[side]);
}

/* The readings of open rules the scenario chose against the defaults (the JSON names them all). */
static void readings_text(FILE *f, const no_scenario *sc)
{
    int n = 0;
    for (int i = 0; i < sc->nreadings; i++)
        if (!sc->readings[i].by_default)
            fprintf(f, "%s%s %s", n++ ? ", " : "rulings:  ", sc->readings[i].key, sc->readings[i].value);
    if (n)
        fprintf(f, " (not the default readings; README, rulings)\n");
}

/* Every reading in effect, by its scenario key: a switch as a boolean, a choice as its name. */
static cJSON *readings_json(const no_scenario *sc)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < sc->nreadings; i++) {
        const no_reading *r = &sc->readings[i];
        if (r->is_switch)
            cJSON_AddBoolToObject(o, r->key, !strcmp(r->value, "true"));
        else
            cJSON_AddStringToObject(o, r->key, r->value);
    }
    return o;
}

void no_report_text(FILE *f, const no_scenario *sc, const no_summary *s)
{
    const no_game *g = sc->game;
    const int *pol = sc->ctx.policy;
    fprintf(f, "neverodds %s — %s, rules %s%s, policy %s", NO_VERSION,
            g->label, sc->rules, sc->ctx.deck ? " with the damage deck" : "",
            no_policies[pol[NO_ATTACKER]].name);
    if (pol[NO_DEFENDER] != pol[NO_ATTACKER])
        fprintf(f, " (attacker), %s (defender)", no_policies[pol[NO_DEFENDER]].name);
    if (no_looks_ahead(&sc->ctx))
        fprintf(f, ", goal %s", no_goal_names[sc->ctx.goal]);
    fprintf(f, "\n");
    if (g->objective_text) /* Armada: its mean damage counts shields stripped too; its policies rank cards */
        g->objective_text(f, &sc->ctx);
    fprintf(f, "scenario: %s%s%s%s\n", sc->file, *sc->name ? " (" : "", sc->name, *sc->name ? ")" : "");
    readings_text(f, sc);
    if (*sc->notes) /* cards that act on dice (dice-cards.json) the abilities library does not model */
        fprintf(f, "acts on dice, not modelled: %s\n", sc->notes);
    if (*sc->off) /* listed abilities whose condition the scenario states and does not meet */
        fprintf(f, "off by the scenario: %s\n", sc->off);
    if (sc->nattacks && !sc->one_defender) {
        fprintf(f, "action:   %d pools, resolved in the order given, sharing the attacker's ", sc->nattacks);
        describe_carry(f, sc);
        fprintf(f, " (L1677)");
    } else if (sc->nattacks) {
        fprintf(f, "sequence: %d attacks on one defender, in the order given; its state carries over (tokens, "
                "shields or suppression, damage or wounds)", sc->nattacks);
    } else {
        who_text(f, &sc->applied[0]);
        sc->game->describe(f, sc); /* the attack, or a roll, in the game's words */
    }
    if (s->exact)
        fprintf(f, "\nmethod:   exact (%zu states%s)\n\n", s->states,
                s->automatic ? "; chosen automatically, --trials N for Monte Carlo" : "");
    else
        fprintf(f, "\nmethod:   monte-carlo, %llu trials, seed %llu, %d thread%s (± is one standard error)\n\n",
                (unsigned long long)s->trials, (unsigned long long)s->seed, s->threads,
                s->threads == 1 ? "" : "s");
    if (s->requested)
        fprintf(f, "PARTIAL:  stopped by Ctrl-C after %llu of %llu trials; the numbers are those of the trials "
                "run\n\n", (unsigned long long)s->trials, (unsigned long long)s->requested);
    if (s->has_shots) {
        text_shots(f, s);
        return;
    }
    if (!sc->nattacks) {
        text_attack(f, sc, s);
        return;
    }
    const char *what = sc->one_defender ? "attack" : "pool";
    no_scenario *view = attack_view(sc);
    for (int a = 0; a < sc->nattacks; a++) {
        view->ctx = sc->attacks[a];
        view->applied[0] = sc->applied[a];
        fprintf(f, "== %s %d of %d ==\n", what, a + 1, sc->nattacks);
        who_text(f, &view->applied[0]);
        view->game->describe(f, view);
        if (a && sc->one_defender) {
            fprintf(f, "\ncarried:  the defender as the attacks before leave it");
            if (view->ctx.bonus) /* X-Wing: the tokens shown above are what the ship started attack a with */
                fprintf(f, ", and the attacker's tokens and charges as attack %d leaves them (the bonus attack "
                        "of its ship, L378-L386)", a);
            fprintf(f, "; attack made ");
            rep_print_rate(f, rep_rate(s->attack[a].made, s->trials), s->exact);
            fprintf(f, " (not made once the defender is destroyed; the rows below include that)");
        }
        if (a && sc->ncarried) {
            fprintf(f, "\ncarried:  of the ");
            describe_carry(f, sc);
            fprintf(f, " above, what the pools before leave");
        }
        fprintf(f, "\n\n");
        text_attack(f, view, &s->attack[a]);
        fprintf(f, "\n");
    }
    free(view);
    fprintf(f, "== all %d %ss ==\n", sc->nattacks, what);
    damage_table(f, g->damage_word, s);
    if (g->total_text)
        g->total_text(f, &sc->ctx, s);
    if (s->has_kill)
        text_sequence_kill(f, sc, s);
    if (s->has_baseline) {
        fprintf(f, "\nper-attack instead of optimal: mean %s %.10f (optimal %+.10f)", g->damage_word,
                s->baseline_mean, s->mean - s->baseline_mean);
        if (s->has_kill)
            fprintf(f, "; P(%s) %.10f (%+.10f)", g->kill_word, s->baseline_kill.p, s->kill.p - s->baseline_kill.p);
        if (g->baseline_text) /* Armada's cards, a goal's figure */
            g->baseline_text(f, &sc->ctx, s);
        fprintf(f, "\n");
    }
}

/* The damage block: mean, pmf and P(>= k), each with its standard errors. */
static void json_damage(cJSON *o, const no_summary *s)
{
    int n = s->max_damage + 1;
    cJSON *dmg = cJSON_AddObjectToObject(o, "damage");
    cJSON_AddNumberToObject(dmg, "mean", s->mean);
    cJSON_AddNumberToObject(dmg, "stderr", s->mean_se);
    cJSON_AddNumberToObject(dmg, "sd", s->sd);
    cJSON_AddItemToObject(dmg, "pmf", rep_array(s->pmf, n, 0));
    cJSON_AddItemToObject(dmg, "pmf_stderr", rep_array(s->pmf, n, 1));
    cJSON_AddItemToObject(dmg, "at_least", rep_array(s->at_least, n, 0));
    cJSON_AddItemToObject(dmg, "at_least_stderr", rep_array(s->at_least, n, 1));
}

/* One attack's (or roll's) results: damage, the game's blocks, tokens and abilities. */
static void json_attack(cJSON *o, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    who_json(o, &sc->applied[0]);
    json_damage(o, s);
    int counters = sc->game->token_counters;
    sc->game->outcomes_json(o, sc, s);
    if (!s->has_kill && !is_roll(sc)) /* no hull or unit given: no "kill" block (nor Legion's "defeated") */
        cJSON_AddFalseToObject(o, "health_given");
    cJSON *tok = counters ? cJSON_AddObjectToObject(o, "tokens") : cJSON_CreateObject();
    cJSON *abil = cJSON_AddObjectToObject(o, "abilities");
    for (int side = 0; side < NO_SIDES; side++) {
        cJSON *ts = cJSON_AddObjectToObject(tok, no_side_names[side]);
        for (int k = 0; k < NO_TOK_N; k++) {
            if (!ctx->start.tok[side][k] || is_roll(sc))
                continue;
            cJSON *t = cJSON_AddObjectToObject(ts, no_token_names[k]);
            cJSON_AddNumberToObject(t, "held", ctx->start.tok[side][k]);
            cJSON_AddNumberToObject(t, "spent_probability", s->tokens[side][k].spent.p);
            cJSON_AddNumberToObject(t, "stderr", s->tokens[side][k].spent.se);
            cJSON_AddNumberToObject(t, "spent_mean", s->tokens[side][k].mean);
        }
        cJSON *as = cJSON_AddObjectToObject(abil, no_side_names[side]);
        for (int a = 0; a < s->nabilities; a++)
            if (s->abilities[a].side == side) {
                cJSON *u = cJSON_AddObjectToObject(as, s->abilities[a].name);
                cJSON_AddNumberToObject(u, "used_probability", s->abilities[a].used.p);
                cJSON_AddNumberToObject(u, "stderr", s->abilities[a].used.se);
            }
    }
    if (!counters)
        cJSON_Delete(tok); /* Armada: only defense tokens, reported in its own section */
}

char *no_report_json(const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "neverodds", NO_VERSION);
    const no_game *g = sc->game;
    cJSON_AddStringToObject(o, "game", g->name);
    cJSON_AddStringToObject(o, "rules", sc->rules);
    if (g->has_damage_deck)
        cJSON_AddBoolToObject(o, "damage_deck", sc->ctx.deck != NULL);
    cJSON_AddItemToObject(o, "rulings", readings_json(sc));
    cJSON_AddStringToObject(o, "scenario", sc->name);
    if (*sc->notes)
        cJSON_AddStringToObject(o, "dice_effect_not_modelled", sc->notes);
    if (*sc->off)
        cJSON_AddStringToObject(o, "abilities_off", sc->off);
    cJSON *pol = cJSON_AddObjectToObject(o, "policy");
    const int *p = ctx->policy;
    cJSON_AddStringToObject(pol, "name", p[NO_ATTACKER] == p[NO_DEFENDER] ? no_policies[p[NO_ATTACKER]].name : "mixed");
    if (!g->policy_json) /* a game that words its policies itself says it below */
        cJSON_AddStringToObject(pol, "description", no_policies[p[NO_ATTACKER]].description);
    for (int side = 0; side < NO_SIDES; side++)
        cJSON_AddStringToObject(pol, no_side_names[side], no_policies[p[side]].name);
    cJSON_AddStringToObject(pol, "goal", no_goal_names[ctx->goal]);
    if (g->policy_json) /* Armada's policies rank damage cards, not the mean damage */
        g->policy_json(pol, ctx);
    cJSON_AddStringToObject(o, "method", s->exact ? "exact" : "monte-carlo");
    cJSON_AddStringToObject(o, "method_choice", s->automatic ? "automatic" : "requested");
    cJSON_AddNumberToObject(o, "trials", (double)s->trials);
    if (s->requested) { /* Ctrl-C: the numbers are those of the trials run */
        cJSON_AddTrueToObject(o, "partial");
        cJSON_AddNumberToObject(o, "trials_requested", (double)s->requested);
    }
    cJSON_AddNumberToObject(o, "seed", (double)s->seed);
    cJSON_AddNumberToObject(o, "threads", s->threads);
    cJSON_AddNumberToObject(o, "states", (double)s->states);
    if (s->has_shots) { /* pmf[k]: destroyed by exactly the k-th attack (pmf[0] = 0) */
        cJSON *sh = rep_pmf_json(o, "shots", s->shots, s->max_shots + 1);
        cJSON_AddNumberToObject(sh, "mean", s->shots_mean);
        cJSON_AddNumberToObject(sh, "mean_stderr", s->shots_mean_se);
        cJSON_AddItemToObject(sh, "beyond", rep_rate_json(s->shots_beyond));
        cJSON_AddNumberToObject(sh, "max", NO_MAX_SHOTS);
        /* one shot a round, the defender's tokens refreshed; or shots in one round, carried */
        cJSON_AddStringToObject(sh, "tokens", s->shots_rounds ? "refreshed each round" : "carried");
        who_json(o, &sc->applied[0]);
    } else if (!sc->nattacks) {
        json_attack(o, sc, s);
    } else { /* the total over the pools, then each pool */
        json_damage(o, s);
        if (g->total_json)
            g->total_json(o, ctx, s);
        if (s->has_kill) { /* destroyed by the end, and by the end of each attack */
            cJSON *kill = rep_rate_json(s->kill);
            cJSON_AddItemToObject(kill, "by_attack", rep_array(s->kill_by, sc->nattacks, 0));
            cJSON_AddItemToObject(kill, "by_attack_stderr", rep_array(s->kill_by, sc->nattacks, 1));
            cJSON_AddItemToObject(o, "kill", kill);
        }
        if (s->has_baseline) { /* what the optimal policy gains over per-attack */
            cJSON *b = cJSON_AddObjectToObject(o, "per_attack_policy");
            cJSON_AddNumberToObject(b, "mean", s->baseline_mean);
            cJSON_AddNumberToObject(b, "mean_gain", s->mean - s->baseline_mean);
            if (s->has_kill) {
                cJSON_AddNumberToObject(b, "kill", s->baseline_kill.p);
                cJSON_AddNumberToObject(b, "kill_gain", s->kill.p - s->baseline_kill.p);
            }
            if (g->baseline_json)
                g->baseline_json(b, ctx, s);
        }
        cJSON *list = cJSON_AddArrayToObject(o, "per_attack");
        no_scenario *view = attack_view(sc);
        for (int a = 0; a < sc->nattacks; a++) {
            view->ctx = sc->attacks[a];
            view->applied[0] = sc->applied[a];
            cJSON *one = cJSON_CreateObject();
            cJSON_AddItemToObject(one, "made", rep_rate_json(rep_rate(s->attack[a].made, s->trials)));
            json_attack(one, view, &s->attack[a]);
            cJSON_AddItemToArray(list, one);
        }
        free(view);
    }
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    return text;
}
