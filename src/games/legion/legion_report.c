/* report_rolls.c — reports of Legion's rolls that are not attacks: a rally (tokens removed,
 * the unit still suppressed, panicked) and a priority roll; a Self-Destruct roll is described
 * here and reported like an attack. Everything derives from the
 * distribution of `damage` (tokens removed; 1 for a block on the priority die). */
#include "report/report_parts.h"
#include "neverodds/legion.h"

int rep_is_roll(const no_scenario *sc)
{
    return sc->engine_rules == &no_legion_rally_rules || sc->engine_rules == &no_legion_priority_rules;
}

/* P(at most `k` tokens removed), with its standard error. */
static no_rate at_most(const no_summary *s, int k)
{
    double p = 0;
    for (int d = 0; d <= k && d <= s->max_damage; d++)
        p += s->pmf[d].p;
    return rep_rate(p, s->trials);
}

typedef struct rally_odds { no_rate suppressed, panicked; double left_mean; int panic_courage; } rally_odds;

static rally_odds rally(const no_ctx *ctx, const no_summary *s)
{
    int n = ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION], courage = ctx->kw[NO_DEFENDER][LK_COURAGE];
    rally_odds r = {.left_mean = n - s->mean, .panic_courage = ctx->kw[NO_DEFENDER][LK_PANIC_COURAGE]};
    if (r.panic_courage < courage)
        r.panic_courage = courage;
    r.suppressed = at_most(s, n - courage); /* left = n - removed >= courage */
    r.panicked = at_most(s, n - 2 * r.panic_courage);
    return r;
}

const char *rep_roll_unit(const no_scenario *sc)
{
    return sc->engine_rules == &no_legion_rally_rules ? "removed" : "blocks";
}

void rep_roll_describe(FILE *f, const no_scenario *sc)
{
    const no_ctx *ctx = &sc->ctx;
    if (sc->engine_rules == &no_legion_priority_rules) {
        fprintf(f, "roll:     priority, one red defense die: a block gives the roller priority (L1125)");
        return;
    }
    if (sc->engine_rules == &no_legion_self_destruct_rules) {
        static const char *const readings[] = {
            "a wound per surge and crit, then a suppression token per hit (English reading)",
            "a wound per surge and hit, then a suppression token per crit (L1555 digits)"};
        const uint8_t *d = ctx->kw[NO_DEFENDER];
        fprintf(f, "roll:     self-destruct %d, black attack dice: %s (L2254)\n", ctx->kw[NO_ATTACKER][LK_POOL_BLACK],
                readings[ctx->kw[NO_ATTACKER][LK_SELF_DESTRUCT_READING]]);
        fprintf(f, "target:   %d minis taking %d wounds in all, no defense dice (not an attack, L1661)", d[LK_MINIS],
                d[LK_HEALTH]);
        return;
    }
    fprintf(f, "roll:     rally, %d suppression token%s, one white defense die each, Courage %d",
            ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION],
            ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION] == 1 ? "" : "s", ctx->kw[NO_DEFENDER][LK_COURAGE]);
    if (ctx->kw[NO_DEFENDER][LK_PANIC_COURAGE])
        fprintf(f, " (panic checked with a commander's Courage %d)", ctx->kw[NO_DEFENDER][LK_PANIC_COURAGE]);
}

void rep_roll_text(FILE *f, const no_scenario *sc, const no_summary *s)
{
    if (sc->engine_rules == &no_legion_priority_rules) {
        fprintf(f, "\nP(the roller has priority)  ");
        rep_print_rate(f, s->mean > 0 ? s->pmf[1] : rep_rate(0, s->trials), s->exact);
        fprintf(f, "\n");
        return;
    }
    rally_odds r = rally(&sc->ctx, s);
    fprintf(f, "\ntokens left  %.10f mean\nP(suppressed) ", r.left_mean);
    rep_print_rate(f, r.suppressed, s->exact);
    fprintf(f, "   (one action fewer)\nP(panicked)   ");
    rep_print_rate(f, r.panicked, s->exact);
    fprintf(f, "   (no actions; then loses %d token%s)\n", r.panic_courage, r.panic_courage == 1 ? "" : "s");
}

void rep_roll_json(cJSON *o, const no_scenario *sc, const no_summary *s)
{
    if (sc->engine_rules == &no_legion_priority_rules) {
        cJSON_AddItemToObject(o, "priority", rep_rate_json(s->mean > 0 ? s->pmf[1] : rep_rate(0, s->trials)));
        return;
    }
    rally_odds r = rally(&sc->ctx, s);
    cJSON *rj = cJSON_AddObjectToObject(o, "rally");
    cJSON_AddNumberToObject(rj, "tokens_left_mean", r.left_mean);
    cJSON_AddItemToObject(rj, "suppressed", rep_rate_json(r.suppressed));
    cJSON_AddItemToObject(rj, "panicked", rep_rate_json(r.panicked));
}
