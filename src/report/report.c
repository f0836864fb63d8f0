/* report.c — summary statistics of a run, and the text and JSON reports. */
#include "neverodds/report.h"
#include "neverodds/version.h"
#include "neverodds/legion.h"
#include "neverodds/xwing.h"
#include "report/report_parts.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

no_rate rep_rate(double p, uint64_t trials)
{
    no_rate r = {p, 0.0};
    double var = p * (1.0 - p); /* a sum of weights may land a rounding error past 0 or 1 */
    if (trials > 0 && var > 0)
        r.se = sqrt(var / (double)trials);
    return r;
}

/* The sample standard deviation from the mean and the second moment. */
static double deviation(double mean, double m2, uint64_t trials)
{
    double var = m2 - mean * mean;
    if (var < 0)
        var = 0;
    if (trials > 1)
        var *= (double)trials / (double)(trials - 1);
    return sqrt(var);
}

/* A mean (in p) with its standard error, from the first two moments. */
static no_rate mean_rate(double mean, double m2, uint64_t trials)
{
    return (no_rate){mean, trials ? deviation(mean, m2, trials) / sqrt((double)trials) : 0.0};
}

void no_damage_summary(const double *pmf, double m2, uint64_t trials, no_summary *out)
{
    out->sd = deviation(out->mean, m2, trials);
    out->mean_se = trials ? out->sd / sqrt((double)trials) : 0.0;
    out->max_damage = 0;
    for (int d = NO_MAX_DAMAGE; d >= 0; d--)
        if (pmf[d] > 0) {
            out->max_damage = d;
            break;
        }
    double tail = 0;
    for (int d = out->max_damage; d >= 0; d--) {
        tail += pmf[d];
        out->pmf[d] = rep_rate(pmf[d], trials);
        out->at_least[d] = rep_rate(d == 0 ? 1.0 : tail, trials);
    }
}

int rep_next_terminal(rep_terminals *it)
{
    for (; it->part < it->nparts; it->part++, it->i = 0) {
        const no_part *p = &it->parts[it->part];
        while (it->i < p->g->nterm) {
            int i = it->i++;
            it->w = p->weight[i] * it->scale;
            if (it->w != 0.0) {
                it->ctx = p->ctx;
                it->s = &p->g->term[i];
                return 1;
            }
        }
    }
    return 0;
}

void no_summarise(const no_scenario *sc, const no_graph *g, const double *weight, uint64_t trials,
                  no_summary *out)
{
    no_part whole = {.ctx = &sc->ctx, .g = g, .weight = weight};
    no_summarise_parts(sc, &whole, 1, trials, out);
}

void no_summarise_parts(const no_scenario *sc, const no_part *parts, int nparts, uint64_t trials,
                        no_summary *out)
{
    const no_ctx *ctx = &sc->ctx;
    memset(out, 0, sizeof *out);
    out->exact = trials == 0;
    out->trials = trials;
    int legion = !strcmp(sc->game, "legion");
    out->has_kill = ctx->hull > 0 || legion;
    double scale = trials ? 1.0 / (double)trials : 1.0;
    double pmf[NO_MAX_DAMAGE + 1] = {0}, m2 = 0, kill = 0, faceup = 0, hit = 0, cards = 0, cards2 = 0, ion = 0, ion2 = 0;
    double spent_p[NO_SIDES][NO_TOK_N] = {{0}}, spent_m[NO_SIDES][NO_TOK_N] = {{0}};
    double used[NO_MAX_MODS] = {0};
    double defeated[NO_MAX_DAMAGE + 1] = {0}, supp[NO_MAX_ROLL + 1] = {0}, guard[NO_MAX_DAMAGE + 1] = {0}, vdmg = 0;
    rep_terminals it = {.parts = parts, .nparts = nparts, .scale = scale};
    while (rep_next_terminal(&it)) {
        const no_ctx *pc = it.ctx; /* the attack as this part started it */
        const no_state *t = it.s;
        double w = it.w;
        out->made += w;
        int d = t->damage > NO_MAX_DAMAGE ? NO_MAX_DAMAGE : t->damage;
        pmf[d] += w;
        out->mean += w * t->damage;
        m2 += w * (double)t->damage * t->damage;
        kill += t->destroyed ? w : 0;
        faceup += t->faceup ? w : 0;
        hit += t->hits + t->crits ? w : 0;
        ion += w * t->ion_tokens;
        ion2 += w * t->ion_tokens * t->ion_tokens;
        cards += w * t->card_damage;
        cards2 += w * t->card_damage * t->card_damage;
        defeated[t->defeated > NO_MAX_DAMAGE ? NO_MAX_DAMAGE : t->defeated] += w;
        supp[t->suppression > NO_MAX_ROLL ? NO_MAX_ROLL : t->suppression] += w;
        out->self_wounds_mean += w * t->self_wounds;
        guard[t->guardian_wounds > NO_MAX_DAMAGE ? NO_MAX_DAMAGE : t->guardian_wounds] += w;
        out->guardian_mean += w * t->guardian_wounds;
        vdmg += legion && (t->flags & LG_FLAG_VEHICLE_DAMAGE) ? w : 0;
        for (int s = 0; s < NO_SIDES; s++)
            for (int k = 0; k < NO_TOK_N; k++) {
                int spent = pc->start.tok[s][k] - t->tok[s][k];
                spent_p[s][k] += spent > 0 ? w : 0;
                spent_m[s][k] += w * spent;
            }
        for (int m = 0; m < pc->nmods; m++)
            if (t->used & (1u << m))
                used[pc->mods[m].charge_slot] += w; /* modifiers of one ability share a slot */
    }
    no_damage_summary(pmf, m2, trials, out);
    out->kill = rep_rate(kill, trials);
    for (int d = 0; d <= NO_MAX_DAMAGE; d++) {
        out->defeated[d] = rep_rate(defeated[d], trials);
        if (defeated[d] > 0)
            out->max_defeated = d;
    }
    out->max_suppression = 2; /* an attack gives +0 to +2: always shown */
    for (int k = 0; k <= NO_MAX_ROLL; k++) {
        out->suppression[k] = rep_rate(supp[k], trials);
        if (supp[k] > 0 && k > out->max_suppression)
            out->max_suppression = k;
    }
    out->vehicle_damage = rep_rate(vdmg, trials);
    for (int d = 0; d <= NO_MAX_DAMAGE; d++) {
        out->guardian[d] = rep_rate(guard[d], trials);
        if (guard[d] > 0)
            out->max_guardian = d;
    }
    if (!strcmp(sc->game, "armada"))
        rep_armada_summarise(ctx, parts, nparts, scale, trials, &out->armada);
    out->faceup = rep_rate(faceup, trials);
    out->hit = rep_rate(hit, trials);
    out->card_damage = mean_rate(cards, cards2, trials);
    out->ion = mean_rate(ion, ion2, trials);
    for (int s = 0; s < NO_SIDES; s++)
        for (int k = 0; k < NO_TOK_N; k++) {
            out->tokens[s][k].spent = rep_rate(spent_p[s][k], trials);
            out->tokens[s][k].mean = spent_m[s][k];
        }
    for (int m = 0; m < ctx->nmods; m++) {
        const no_modifier *md = &ctx->mods[m];
        if (md->builtin || md->charge_slot != m)
            continue; /* token effects are reported as tokens; one line per ability */
        int a = out->nabilities++;
        snprintf(out->abilities[a].name, sizeof out->abilities[a].name, "%s", md->name);
        out->abilities[a].side = md->side;
        out->abilities[a].used = rep_rate(used[m], trials);
    }
}

static const char *const side_label[NO_SIDES] = {"attacker", "defender"};

static void describe_side(FILE *f, const no_ctx *ctx, int side)
{
    int any = 0;
    for (int k = 0; k < NO_TOK_N; k++)
        if (ctx->start.tok[side][k]) {
            fprintf(f, "%s%s %d", any ? ", " : " with ", no_token_names[k], ctx->start.tok[side][k]);
            any = 1;
        }
    for (int m = 0; m < ctx->nmods; m++)
        if (!ctx->mods[m].builtin && ctx->mods[m].side == side && ctx->mods[m].charge_slot == m) {
            fprintf(f, "%s%s", any ? ", " : " with ", ctx->mods[m].name);
            any = 1;
        }
}

void rep_print_rate(FILE *f, no_rate r, int exact)
{
    if (exact)
        fprintf(f, "%12.10f", r.p);
    else
        fprintf(f, "%9.6f ± %.6f", r.p, r.se);
}

static void describe_xwing(FILE *f, const no_ctx *ctx)
{
    fprintf(f, "attack:   attack value %d at range %d%s%s", ctx->attack_value, ctx->range,
            ctx->ordnance ? ", ordnance" : "", ctx->obstructed ? ", obstructed" : "");
    describe_side(f, ctx, NO_ATTACKER);
    fprintf(f, "\ndefense:  agility %d", ctx->agility);
    if (ctx->hull)
        fprintf(f, ", hull %d, shields %d", ctx->hull, ctx->shields);
    describe_side(f, ctx, NO_DEFENDER);
    if (ctx->window_mods[NO_ATTACKER][NO_W_BEFORE_NEUTRALIZE] && ctx->window_mods[NO_DEFENDER][NO_W_BEFORE_NEUTRALIZE])
        fprintf(f, "\norder:    both players' before-neutralize effects in player order (L594-L598), the %s's first "
                "(first_player; the attacker unless the scenario says)", side_label[ctx->first_player]);
    if (ctx->range == 0) /* what the rules forbid there, and which weapon the attack is taken to be */
        fprintf(f, "\nrange 0:  %s; the attacker's side may not reduce, cancel or modify the defense dice (L348)",
                ctx->ordnance ? "an ordnance attack, a special weapon's"
                              : "taken as a primary attack (not ordnance): no attack dice added, only the defender "
                                "modifies them (L334, L338)");
}

static void describe_legion(FILE *f, const no_ctx *ctx)
{
    static const char *const charts[] = {"none", "hit", "crit"}, *const covers[] = {"none", "light", "heavy"};
    const uint8_t *a = ctx->kw[NO_ATTACKER], *d = ctx->kw[NO_DEFENDER];
    static const char *const types[] = {"ranged", "melee", "overrun"};
    fprintf(f, "attack:   %s, %d red %d black %d white", types[a[LK_ATTACK_TYPE]], a[LK_POOL_RED],
            a[LK_POOL_BLACK], a[LK_POOL_WHITE]);
    for (int u = 0; u < LG_MAX_UPGRADES; u++) { /* upgrades still to place: the policy's choice */
        const uint8_t *up = &a[LK_UPGRADE + u * LG_UPGRADE_FIELDS];
        if (up[LG_UPGRADE_X])
            fprintf(f, " (%s %d on %d black %d white of them: the policy picks the dice, L1567)",
                    d[LK_UNIT_TYPE] == LG_VEHICLE ? "anti-materiel" : "anti-personnel", up[LG_UPGRADE_X],
                    up[LG_UPGRADE_BLACK], up[LG_UPGRADE_WHITE]);
    }
    fprintf(f, ", surge %s", charts[a[LK_SURGE_CHART]]);
    describe_side(f, ctx, NO_ATTACKER);
    fprintf(f, "\ndefense:  %s die, surge %s, %d minis ", d[LK_DIE] ? "red" : "white",
            d[LK_DEFENSE_SURGE] ? "block" : "none", d[LK_MINIS]);
    if (d[LK_WOUNDS])
        fprintf(f, "x %d wounds", d[LK_WOUNDS]);
    else /* thresholds differ: what the unit can take in all */
        fprintf(f, "taking %d wounds in all", d[LK_HEALTH]);
    fprintf(f, ", cover %s", covers[d[LK_COVER_BASE]]);
    if (d[LK_COVER_BASE] && d[LK_UNIT_TYPE] == LG_VEHICLE)
        fprintf(f, " (not for a vehicle: never obscured, L1888, L1900)");
    describe_side(f, ctx, NO_DEFENDER);
}

/* X-Wing: whether the attack hits, face-up cards, the kill, ion tokens. */
static void outcomes_xwing(FILE *f, const no_ctx *ctx, const no_summary *s)
{
    fprintf(f, "P(hit)       ");
    rep_print_rate(f, s->hit, s->exact);
    fprintf(f, "\nP(crit card) ");
    rep_print_rate(f, s->faceup, s->exact);
    fprintf(f, "   (at least one face-up damage card)\n");
    if (s->has_kill) {
        fprintf(f, "P(kill)      ");
        rep_print_rate(f, s->kill, s->exact);
        fprintf(f, "   (hull %d, shields %d%s)\n", ctx->hull, ctx->shields, ctx->deck ? ", damage deck" : "");
    }
    if (ctx->deck) {
        fprintf(f, "card damage  ");
        rep_print_rate(f, s->card_damage, s->exact);
        fprintf(f, "   (mean damage the cards drawn add: Direct Hit!, Fuel Leak)\n");
    }
    if (ctx->ion_weapon) {
        fprintf(f, "ion tokens   ");
        rep_print_rate(f, s->ion, s->exact);
        fprintf(f, "   (mean)\n");
    }
}

/* Legion: miniatures defeated, the unit wiped, suppression, self-wounds, vehicle damage, guardian. */
static void outcomes_legion(FILE *f, const no_ctx *ctx, const no_summary *s)
{
    fprintf(f, "\ndefeated  P(= k)\n");
    for (int k = 0; k <= s->max_defeated; k++) {
        fprintf(f, "%8d  ", k);
        rep_print_rate(f, s->defeated[k], s->exact);
        fprintf(f, "\n");
    }
    fprintf(f, "\nP(unit wiped)  ");
    rep_print_rate(f, s->kill, s->exact);
    fprintf(f, "\nsuppression    ");
    for (int k = 0; k <= s->max_suppression; k++) {
        fprintf(f, "%s+%d: ", k ? "  " : "", k);
        rep_print_rate(f, s->suppression[k], s->exact);
    }
    if (!no_legion_takes_suppression(ctx)) /* say why, rather than leave a bare +0 */
        fprintf(f, "   (never: %s)", ctx->kw[NO_DEFENDER][LK_UNIT_TYPE] == LG_VEHICLE ? "a vehicle, L825"
                                                                               : "Courage \"-\", L1240");
    fprintf(f, "\nself-wounds    %.10f mean (attacker, Deflect / Djem So)\n", s->self_wounds_mean);
    if (ctx->kw[NO_DEFENDER][LK_RESILIENCE]) {
        fprintf(f, "P(vehicle damage token)  ");
        rep_print_rate(f, s->vehicle_damage, s->exact);
        fprintf(f, "\n");
    }
    if (ctx->kw[NO_DEFENDER][LK_GUARDIAN]) {
        fprintf(f, "guardian       %.10f mean wounds;", s->guardian_mean);
        for (int k = 0; k <= s->max_guardian; k++) {
            fprintf(f, "  %d: ", k);
            rep_print_rate(f, s->guardian[k], s->exact);
        }
        fprintf(f, "\n");
    }
}

/* The first edition's agility floor (rule_options.agility_floor_before_range) where it acts:
 * tractor tokens take the agility value below 0 (B97, B267-B269), or NULL. */
static const char *agility_floor(const no_scenario *sc)
{
    if (strcmp(sc->rules, "xwing-1e") || no_xwing1e_agility(&sc->ctx, sc->ctx.start.tok[NO_DEFENDER]) >= 0)
        return NULL;
    return sc->ctx.agility_floor_first ? "agility floored at 0 before the range die (FAQ B267-B269, B441-B445)"
                                       : "one floor after agility, tractor and range die (agility_floor_before_range off)";
}

/* The scenario's attack, or a roll's description (no newline at the end). */
static void describe(FILE *f, const no_scenario *sc)
{
    const no_ctx *ctx = &sc->ctx;
    if (rep_is_roll(sc) || sc->engine_rules == &no_legion_self_destruct_rules)
        rep_roll_describe(f, sc);
    else if (!strcmp(sc->game, "legion"))
        describe_legion(f, ctx);
    else if (!strcmp(sc->game, "armada"))
        rep_armada_describe(f, ctx);
    else
        describe_xwing(f, ctx);
    const char *floor_note = agility_floor(sc);
    if (floor_note)
        fprintf(f, "; %s", floor_note);
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
    int legion = !strcmp(sc->game, "legion"), armada = !strcmp(sc->game, "armada"), roll = rep_is_roll(sc);
    damage_table(f, roll ? rep_roll_unit(sc) : legion ? "wounds" : "damage", s);
    if (roll)
        rep_roll_text(f, sc, s);
    else if (legion)
        outcomes_legion(f, ctx, s);
    else if (armada)
        rep_armada_text(f, ctx, s);
    else
        outcomes_xwing(f, ctx, s);
    int header = 0;
    for (int side = 0; side < NO_SIDES; side++)
        for (int k = 0; k < NO_TOK_N; k++) {
            if (!ctx->start.tok[side][k] || roll) /* a rally rolls its tokens, spends none */
                continue;
            if (!header++)
                fprintf(f, "\ntokens       P(spent)%*s mean spent\n", s->exact ? 5 : 11, "");
            fprintf(f, "  %-8s %-9s ", side_label[side], no_token_names[k]);
            rep_print_rate(f, s->tokens[side][k].spent, s->exact);
            fprintf(f, "  %.6f\n", s->tokens[side][k].mean);
        }
    if (s->nabilities) {
        fprintf(f, "\nabilities    P(used)\n");
        for (int a = 0; a < s->nabilities; a++) {
            fprintf(f, "  %-8s %-20s ", side_label[s->abilities[a].side], s->abilities[a].name);
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

/* Shots to kill: P(= k) and P(<= k) for each number of attacks, the mean, what is left. */
static void text_shots(FILE *f, const no_summary *s)
{
    fprintf(f, "shots to kill (the attack repeated, the defender's tokens, shields and damage carried)\n");
    fprintf(f, "%-6s  %-*s  %s\n", "shots", s->exact ? 12 : 18, "P(= k)", "P(<= k)");
    double cum = 0;
    for (int k = 1; k <= s->max_shots; k++) {
        cum += s->shots[k].p;
        fprintf(f, "%6d  ", k);
        rep_print_rate(f, s->shots[k], s->exact);
        fprintf(f, "  ");
        rep_print_rate(f, rep_rate(cum, s->trials), s->exact);
        fprintf(f, "\n");
    }
    fprintf(f, "\nmean shots   %.10f", s->shots_mean);
    if (s->shots_beyond.p > 0) {
        fprintf(f, " (of the attacks that destroy it within %d)\nP(more than %d)  ", NO_MAX_SHOTS, NO_MAX_SHOTS);
        rep_print_rate(f, s->shots_beyond, s->exact);
    }
    fprintf(f, "\n");
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
    int legion = !strcmp(sc->game, "legion"), armada = !strcmp(sc->game, "armada");
    const int *pol = sc->ctx.policy;
    fprintf(f, "neverodds %s — %s, rules %s%s, policy %s", NO_VERSION,
            legion ? "Legion" : armada ? "Armada" : "X-Wing", sc->rules, sc->ctx.deck ? " with the damage deck" : "",
            no_policies[pol[NO_ATTACKER]].name);
    if (pol[NO_DEFENDER] != pol[NO_ATTACKER])
        fprintf(f, " (attacker), %s (defender)", no_policies[pol[NO_DEFENDER]].name);
    if (no_looks_ahead(&sc->ctx))
        fprintf(f, ", goal %s", no_goal_names[sc->ctx.goal]);
    fprintf(f, "\n");
    if (armada) /* its mean damage counts shields stripped too; its policies rank cards first */
        rep_armada_objective_text(f, &sc->ctx);
    fprintf(f, "scenario: %s%s%s%s\n", sc->file, *sc->name ? " (" : "", sc->name, *sc->name ? ")" : "");
    readings_text(f, sc);
    if (*sc->notes) /* pilots and upgrades the abilities library does not model */
        fprintf(f, "no dice effect modelled: %s\n", sc->notes);
    if (sc->nattacks && !sc->one_defender) {
        fprintf(f, "action:   %d pools, resolved in the order given, sharing the attacker's ", sc->nattacks);
        describe_carry(f, sc);
        fprintf(f, " (L1677)");
    } else if (sc->nattacks) {
        fprintf(f, "sequence: %d attacks on one defender, in the order given; its state carries over (tokens, "
                "shields or suppression, damage or wounds)", sc->nattacks);
    } else {
        describe(f, sc);
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
        fprintf(f, "== %s %d of %d ==\n", what, a + 1, sc->nattacks);
        describe(f, view);
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
    damage_table(f, legion ? "wounds" : "damage", s);
    if (armada)
        rep_armada_total_text(f, &sc->ctx, s);
    if (s->has_baseline) {
        fprintf(f, "\nper-attack instead of optimal: mean %s %.10f (optimal %+.10f)", legion ? "wounds" : "damage",
                s->baseline_mean, s->mean - s->baseline_mean);
        if (s->has_kill)
            fprintf(f, "; P(kill) %.10f (%+.10f)", s->baseline_kill.p, s->kill.p - s->baseline_kill.p);
        if (armada) /* its cards, a goal's figure */
            rep_armada_baseline_text(f, &sc->ctx, s);
        fprintf(f, "\n");
    }
    if (s->has_kill) {
        fprintf(f, "\nP(destroyed by attack k)\n");
        for (int a = 0; a < sc->nattacks; a++) {
            fprintf(f, "%8d  ", a + 1);
            rep_print_rate(f, s->kill_by[a], s->exact);
            fprintf(f, "\n");
        }
    }
}

void rep_print_json(FILE *f, cJSON *root)
{
    char *text = cJSON_Print(root);
    if (!text)
        abort();
    fprintf(f, "%s\n", text);
    free(text);
    cJSON_Delete(root);
}

void rep_csv_text(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fprintf(f, *s == '"' ? "\"\"" : "%c", *s);
    fputc('"', f);
}

cJSON *rep_rate_json(no_rate r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "probability", r.p);
    cJSON_AddNumberToObject(o, "stderr", r.se);
    return o;
}

cJSON *rep_array(const no_rate *r, int n, int want_se)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(want_se ? r[i].se : r[i].p));
    return a;
}

/* {"pmf": [...], "pmf_stderr": [...]} under `key`; returns it for more members. */
cJSON *rep_pmf_json(cJSON *parent, const char *key, const no_rate *r, int n)
{
    cJSON *o = cJSON_AddObjectToObject(parent, key);
    cJSON_AddItemToObject(o, "pmf", rep_array(r, n, 0));
    cJSON_AddItemToObject(o, "pmf_stderr", rep_array(r, n, 1));
    return o;
}

static void json_xwing(cJSON *o, const no_ctx *ctx, const no_summary *s)
{
    cJSON_AddItemToObject(o, "hit", rep_rate_json(s->hit));
    cJSON_AddItemToObject(o, "crit_card", rep_rate_json(s->faceup));
    if (s->has_kill) {
        cJSON *k = rep_rate_json(s->kill);
        cJSON_AddNumberToObject(k, "hull", ctx->hull);
        cJSON_AddNumberToObject(k, "shields", ctx->shields);
        cJSON_AddItemToObject(o, "kill", k);
    }
    if (ctx->deck) { /* a mean, with its standard error */
        cJSON *c = cJSON_AddObjectToObject(o, "card_damage");
        cJSON_AddNumberToObject(c, "mean", s->card_damage.p);
        cJSON_AddNumberToObject(c, "mean_stderr", s->card_damage.se);
    }
    if (ctx->ion_weapon) {
        cJSON_AddNumberToObject(o, "ion_tokens_mean", s->ion.p);
        cJSON_AddNumberToObject(o, "ion_tokens_mean_stderr", s->ion.se);
    }
}

static void json_legion(cJSON *o, const no_ctx *ctx, const no_summary *s)
{
    rep_pmf_json(o, "defeated", s->defeated, s->max_defeated + 1);
    cJSON_AddItemToObject(o, "kill", rep_rate_json(s->kill));
    rep_pmf_json(o, "suppression", s->suppression, s->max_suppression + 1);
    cJSON_AddNumberToObject(o, "self_wounds_mean", s->self_wounds_mean);
    if (ctx->kw[NO_DEFENDER][LK_RESILIENCE])
        cJSON_AddItemToObject(o, "vehicle_damage", rep_rate_json(s->vehicle_damage));
    if (ctx->kw[NO_DEFENDER][LK_GUARDIAN]) {
        cJSON *g = cJSON_AddObjectToObject(o, "guardian_wounds");
        cJSON_AddNumberToObject(g, "mean", s->guardian_mean);
        cJSON_AddItemToObject(g, "pmf", rep_array(s->guardian, s->max_guardian + 1, 0));
        cJSON_AddItemToObject(g, "pmf_stderr", rep_array(s->guardian, s->max_guardian + 1, 1));
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
    json_damage(o, s);
    int armada = !strcmp(sc->game, "armada");
    if (rep_is_roll(sc))
        rep_roll_json(o, sc, s);
    else if (!strcmp(sc->game, "legion"))
        json_legion(o, ctx, s);
    else if (armada)
        rep_armada_json(o, ctx, s); /* with its own "tokens": defense tokens */
    else
        json_xwing(o, ctx, s);
    cJSON *tok = armada ? cJSON_CreateObject() : cJSON_AddObjectToObject(o, "tokens");
    cJSON *abil = cJSON_AddObjectToObject(o, "abilities");
    for (int side = 0; side < NO_SIDES; side++) {
        cJSON *ts = cJSON_AddObjectToObject(tok, side_label[side]);
        for (int k = 0; k < NO_TOK_N; k++) {
            if (!ctx->start.tok[side][k] || rep_is_roll(sc))
                continue;
            cJSON *t = cJSON_AddObjectToObject(ts, no_token_names[k]);
            cJSON_AddNumberToObject(t, "held", ctx->start.tok[side][k]);
            cJSON_AddNumberToObject(t, "spent_probability", s->tokens[side][k].spent.p);
            cJSON_AddNumberToObject(t, "stderr", s->tokens[side][k].spent.se);
            cJSON_AddNumberToObject(t, "spent_mean", s->tokens[side][k].mean);
        }
        cJSON *as = cJSON_AddObjectToObject(abil, side_label[side]);
        for (int a = 0; a < s->nabilities; a++)
            if (s->abilities[a].side == side) {
                cJSON *u = cJSON_AddObjectToObject(as, s->abilities[a].name);
                cJSON_AddNumberToObject(u, "used_probability", s->abilities[a].used.p);
                cJSON_AddNumberToObject(u, "stderr", s->abilities[a].used.se);
            }
    }
    if (armada)
        cJSON_Delete(tok); /* no token counters: only defense tokens, reported above */
}

char *no_report_json(const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "neverodds", NO_VERSION);
    cJSON_AddStringToObject(o, "game", sc->game);
    cJSON_AddStringToObject(o, "rules", sc->rules);
    if (!strcmp(sc->game, "xwing"))
        cJSON_AddBoolToObject(o, "damage_deck", sc->ctx.deck != NULL);
    cJSON_AddItemToObject(o, "rulings", readings_json(sc));
    cJSON_AddStringToObject(o, "scenario", sc->name);
    if (*sc->notes)
        cJSON_AddStringToObject(o, "no_dice_effect_modelled", sc->notes);
    cJSON *pol = cJSON_AddObjectToObject(o, "policy");
    const int *p = ctx->policy;
    cJSON_AddStringToObject(pol, "name", p[NO_ATTACKER] == p[NO_DEFENDER] ? no_policies[p[NO_ATTACKER]].name : "mixed");
    int armada = !strcmp(sc->game, "armada");
    if (!armada)
        cJSON_AddStringToObject(pol, "description", no_policies[p[NO_ATTACKER]].description);
    for (int side = 0; side < NO_SIDES; side++)
        cJSON_AddStringToObject(pol, side_label[side], no_policies[p[side]].name);
    cJSON_AddStringToObject(pol, "goal", no_goal_names[ctx->goal]);
    if (armada) /* its policies' words: they rank damage cards, not the mean damage */
        rep_armada_policy_json(pol, ctx);
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
        cJSON_AddItemToObject(sh, "beyond", rep_rate_json(s->shots_beyond));
        cJSON_AddNumberToObject(sh, "max", NO_MAX_SHOTS);
    } else if (!sc->nattacks) {
        json_attack(o, sc, s);
    } else { /* the total over the pools, then each pool */
        json_damage(o, s);
        if (armada)
            rep_armada_total_json(o, ctx, s);
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
            if (armada)
                rep_armada_baseline_json(b, ctx, s);
        }
        cJSON *list = cJSON_AddArrayToObject(o, "per_attack");
        no_scenario *view = attack_view(sc);
        for (int a = 0; a < sc->nattacks; a++) {
            view->ctx = sc->attacks[a];
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
