/* summary.c — the statistics of a run from the terminal states of its compiled attack: the damage
 * distribution, kills, tokens spent, abilities used, and the game's own figures (its descriptor's
 * summarise), with standard errors under Monte Carlo. */
#include "neverodds/summary.h"
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

no_rate rep_pmf_mean(const no_rate *pmf, int n, uint64_t trials)
{
    double m = 0, m2 = 0;
    for (int k = 0; k < n; k++) {
        m += k * pmf[k].p;
        m2 += (double)k * k * pmf[k].p;
    }
    return mean_rate(m, m2, trials);
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

void no_summarise(const no_scenario *sc, const no_graph *g, const double *weight, const double *used,
                  uint64_t trials, no_summary *out)
{
    no_part whole = {.ctx = &sc->ctx, .g = g, .weight = weight, .used = used};
    no_summarise_parts(sc, &whole, 1, trials, out);
}

void no_summarise_parts(const no_scenario *sc, const no_part *parts, int nparts, uint64_t trials,
                        no_summary *out)
{
    const no_ctx *ctx = &sc->ctx;
    memset(out, 0, sizeof *out);
    out->exact = trials == 0;
    out->trials = trials;
    out->has_kill = ctx->hull > 0;
    double scale = trials ? 1.0 / (double)trials : 1.0;
    double pmf[NO_MAX_DAMAGE + 1] = {0}, m2 = 0, kill = 0, faceup = 0, hit = 0, cards = 0, cards2 = 0, ion = 0, ion2 = 0;
    double jam = 0, jam2 = 0, tractor = 0, tractor2 = 0;
    double spent_p[NO_SIDES][NO_TOK_N] = {{0}}, spent_m[NO_SIDES][NO_TOK_N] = {{0}};
    double used[NO_MAX_MODS] = {0};
    double defeated[NO_MAX_DAMAGE + 1] = {0}, supp[NO_MAX_ROLL + 1] = {0}, guard[NO_MAX_DAMAGE + 1] = {0};
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
        /* the weapon's tokens: ion, or a jam or tractor weapon's (the attack's ctx says) */
        double *tk = pc->token_weapon == NO_TOK_JAM ? &jam : pc->token_weapon == NO_TOK_TRACTOR ? &tractor : &ion;
        double *tk2 = tk == &jam ? &jam2 : tk == &tractor ? &tractor2 : &ion2;
        *tk += w * t->ion_tokens;
        *tk2 += w * t->ion_tokens * t->ion_tokens;
        cards += w * t->card_damage;
        cards2 += w * t->card_damage * t->card_damage;
        defeated[t->defeated > NO_MAX_DAMAGE ? NO_MAX_DAMAGE : t->defeated] += w;
        supp[t->suppression > NO_MAX_ROLL ? NO_MAX_ROLL : t->suppression] += w;
        out->self_wounds_mean += w * t->self_wounds;
        guard[t->guardian_wounds > NO_MAX_DAMAGE ? NO_MAX_DAMAGE : t->guardian_wounds] += w;
        out->guardian_mean += w * t->guardian_wounds;
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
    for (int p = 0; p < nparts; p++) /* modifiers used whose bits the tidying took out */
        for (int m = 0; parts[p].used && m < parts[p].ctx->nmods; m++)
            used[parts[p].ctx->mods[m].charge_slot] += parts[p].used[m] * scale;
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
    for (int d = 0; d <= NO_MAX_DAMAGE; d++) {
        out->guardian[d] = rep_rate(guard[d], trials);
        if (guard[d] > 0)
            out->max_guardian = d;
    }
    if (sc->game->summarise) /* the game's own figures */
        sc->game->summarise(ctx, parts, nparts, scale, trials, out);
    out->faceup = rep_rate(faceup, trials);
    out->hit = rep_rate(hit, trials);
    out->card_damage = mean_rate(cards, cards2, trials);
    out->ion = mean_rate(ion, ion2, trials);
    out->jam = mean_rate(jam, jam2, trials);
    out->tractor = mean_rate(tractor, tractor2, trials);
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

void no_summary_free(no_summary *s)
{
    free(s->attack);
    s->attack = NULL;
    s->nattacks = 0;
}

