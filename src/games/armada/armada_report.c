/* armada_report.c — the Armada sections of a report (game.h): damage cards, crits, defense
 * tokens (spent, exhausted, discarded, locked by accuracies) and the shields left in each hull
 * zone; what its policies rank; the dice's words. */
#include "games/armada/armada_game.h"
#include "neverodds/armada.h"
#include "report/format.h"
#include <string.h>

#define KA(ctx, k) ((ctx)->kw[NO_ATTACKER][k])
#define KD(ctx, k) ((ctx)->kw[NO_DEFENDER][k])

/* The token type of a defender's pool slot, or -1 for modifiers that are not tokens. */
static int token_type(const no_ctx *ctx, int m)
{
    const no_modifier *md = &ctx->mods[ctx->mods[m].charge_slot];
    return md->side == NO_DEFENDER && md->effect ? md->effect - 1 : -1;
}

void no_armada_summarise(const no_ctx *ctx, const no_part *parts, int nparts, double scale, uint64_t trials,
                         no_summary *s)
{
    no_armada_summary *out = &s->armada;
    memset(out, 0, sizeof *out);
    int gathered[AR_NCOLOURS];
    out->gathered = no_armada_gather(ctx, gathered);
    for (int t = 0; t < AR_NTOKENS; t++)
        for (int st = 0; st < AR_NSTATES; st++)
            out->tokens[t].held[st] = KD(ctx, AK_TOKENS + t * AR_NSTATES + st);
    double cards[NO_MAX_DAMAGE + 1] = {0}, crit = 0, shields[AR_NZONES][NO_MAX_SHIELDS + 1] = {{0}};
    double spent[AR_NTOKENS] = {0}, exhausted[AR_NTOKENS] = {0}, discarded[AR_NTOKENS] = {0},
           locked[AR_NTOKENS] = {0};
    rep_terminals it = {.parts = parts, .nparts = nparts, .scale = scale};
    while (rep_next_terminal(&it)) {
        const no_ctx *pc = it.ctx; /* the attack as this part started it */
        const no_state *s = it.s;
        double w = it.w;
        int n = s->facedown + s->faceup;
        cards[n > NO_MAX_DAMAGE ? NO_MAX_DAMAGE : n] += w;
        out->cards_mean += w * n;
        crit += s->crits ? w : 0;
        int locks[AR_NTOKENS] = {0};
        for (int m = 0; m < pc->nmods; m++) {
            int t = token_type(pc, m);
            if (t < 0 || pc->mods[m].side != NO_DEFENDER)
                continue;
            if (pc->mods[m].charge_slot == m && no_armada_locked(pc, s, m) > 0)
                locks[t] = 1;
            if (!(s->used >> m & 1))
                continue;
            spent[t] += w;
            (pc->mods[m].discards ? discarded : exhausted)[t] += w;
        }
        for (int t = 0; t < AR_NTOKENS; t++)
            locked[t] += locks[t] ? w : 0;
        int left[AR_NZONES]; /* where the damage went */
        no_armada_after(pc, s, left, NULL);
        for (int z = 0; z < AR_NZONES; z++) {
            shields[z][left[z]] += w;
            out->shields_mean[z] += w * left[z];
        }
    }
    for (int d = 0; d <= NO_MAX_DAMAGE; d++) {
        out->cards[d] = rep_rate(cards[d], trials);
        if (cards[d] > 0)
            out->max_cards = d;
    }
    out->crit = rep_rate(crit, trials);
    for (int t = 0; t < AR_NTOKENS; t++) {
        out->tokens[t].spent = rep_rate(spent[t], trials);
        out->tokens[t].exhausted = rep_rate(exhausted[t], trials);
        out->tokens[t].discarded = rep_rate(discarded[t], trials);
        out->tokens[t].locked = rep_rate(locked[t], trials);
    }
    for (int z = 0; z < AR_NZONES; z++)
        for (int k = 0; k <= NO_MAX_SHIELDS; k++)
            out->shields[z][k] = rep_rate(shields[z][k], trials);
}

static const char *const type_names[] = {"ship", "squadron"};

void no_armada_describe(FILE *f, const no_scenario *sc)
{
    const no_ctx *ctx = &sc->ctx;
    fprintf(f, "attack:   %s, %d red %d blue %d black at %s", type_names[KA(ctx, AK_TYPE)],
            KA(ctx, AK_POOL + AR_RED), KA(ctx, AK_POOL + AR_BLUE), KA(ctx, AK_POOL + AR_BLACK),
            no_armada_range_names[ctx->range]);
    if (ctx->range != AR_DISTANCE_1)
        fprintf(f, " range");
    fprintf(f, "%s%s%s%s%s", ctx->obstructed ? ", obstructed" : "",
            KA(ctx, AK_CF_DIAL) ? ", concentrate fire dial" : "",
            KA(ctx, AK_CF_TOKEN) ? ", concentrate fire token" : "", KA(ctx, AK_BOMBER) ? ", bomber" : "",
            KA(ctx, AK_SWARM) ? ", swarm" : "");
    fprintf(f, "\ndefense:  %s", type_names[KD(ctx, AK_TYPE)]);
    if (ctx->hull)
        fprintf(f, ", hull %d (%d %s already)", ctx->hull, KD(ctx, AK_DAMAGE),
                KD(ctx, AK_TYPE) == AR_SHIP ? "cards" : "damage");
    if (KD(ctx, AK_TYPE) == AR_SHIP) {
        fprintf(f, ", %s zone, speed %d, shields", no_armada_zone_names[KD(ctx, AK_ZONE)], KD(ctx, AK_SPEED));
        for (int z = 0; z < AR_NZONES; z++)
            fprintf(f, " %s %d", no_armada_zone_names[z], KD(ctx, AK_SHIELDS + z));
    } else if (KD(ctx, AK_ENGAGED_OTHER)) {
        fprintf(f, ", engaged with another squadron");
    }
    int any = 0;
    for (int t = 0; t < AR_NTOKENS; t++)
        for (int st = 0; st < AR_NSTATES; st++)
            for (int k = 0; k < KD(ctx, AK_TOKENS + t * AR_NSTATES + st); k++)
                fprintf(f, "%s%s%s", any++ ? ", " : "; tokens ", no_armada_token_names[t],
                        st == AR_EXHAUSTED ? " (exhausted)" : "");
}

/* "3 red + 3 black, close range vs ship, front zone, redirect + evade + evade, hull 4". */
void no_armada_headline(FILE *f, const no_scenario *sc)
{
    const no_ctx *ctx = &sc->ctx;
    for (int c = 0, any = 0; c < AR_NCOLOURS; c++)
        if (KA(ctx, AK_POOL + c))
            fprintf(f, "%s%d %s", any++ ? " + " : "", KA(ctx, AK_POOL + c), no_armada_colour_names[c]);
    fprintf(f, ", %s%s%s vs %s", no_armada_range_names[ctx->range], ctx->range != AR_DISTANCE_1 ? " range" : "",
            ctx->obstructed ? ", obstructed" : "", type_names[KD(ctx, AK_TYPE)]);
    if (KD(ctx, AK_TYPE) == AR_SHIP)
        fprintf(f, ", %s zone", no_armada_zone_names[KD(ctx, AK_ZONE)]);
    const char *sep = ", ";
    for (int t = 0; t < AR_NTOKENS; t++)
        for (int st = 0; st < AR_NSTATES; st++)
            for (int k = 0; k < KD(ctx, AK_TOKENS + t * AR_NSTATES + st); k++, sep = " + ")
                fprintf(f, "%s%s%s", sep, no_armada_token_names[t], st == AR_EXHAUSTED ? " (exhausted)" : "");
    if (ctx->hull)
        fprintf(f, ", hull %d", ctx->hull);
}

void no_armada_outcomes_text(FILE *f, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    const no_armada_summary *a = &s->armada;
    if (!a->gathered)
        fprintf(f, "\nno die of the pool may be rolled at %s range: the attack cannot be made "
                "(L88, L137, L147)\n", no_armada_range_names[ctx->range]);
    fprintf(f, "\nP(crit)      ");
    rep_print_rate(f, a->crit, s->exact);
    fprintf(f, "   (a crit icon in the pool at step 5)\n");
    if (KD(ctx, AK_TYPE) == AR_SHIP) {
        fprintf(f, "P(face-up)   ");
        rep_print_rate(f, s->faceup, s->exact);
        fprintf(f, "   (standard critical effect)\ncards        %.10f mean;", a->cards_mean);
        for (int k = 0; k <= a->max_cards; k++) {
            fprintf(f, "  %d: ", k);
            rep_print_rate(f, a->cards[k], s->exact);
        }
        fprintf(f, "\n");
    }
    if (s->has_kill) {
        rep_kill_label(f, sc, s, "P(kill)", 12);
        rep_print_rate(f, s->kill, s->exact);
        fprintf(f, "   (hull %d)\n", ctx->hull);
    } else {
        fprintf(f, "hull         none given: no P(kill); give the defender a hull (or a library ship or squadron) "
                "for it\n");
    }
    int header = 0;
    for (int t = 0; t < AR_NTOKENS; t++) {
        if (!a->tokens[t].held[AR_READY] && !a->tokens[t].held[AR_EXHAUSTED])
            continue;
        if (!header++)
            fprintf(f, "\ntoken      %-*s%-*s%-*sP(locked)\n", s->exact ? 14 : 20, "P(spent)",
                    s->exact ? 14 : 20, "P(exhausted)", s->exact ? 14 : 20, "P(discarded)");
        fprintf(f, "  %-9s", no_armada_token_names[t]);
        const no_rate *r[] = {&a->tokens[t].spent, &a->tokens[t].exhausted, &a->tokens[t].discarded,
                              &a->tokens[t].locked};
        for (int k = 0; k < 4; k++) {
            fprintf(f, k ? "  " : "");
            rep_print_rate(f, *r[k], s->exact);
        }
        fprintf(f, "\n");
    }
    const no_counter_summary *c = &s->counter;
    if (c->has) {
        fprintf(f, "\ncounter %d (the defender attacks back with %d blue dice, L649): mean damage %.10f",
                c->dice, c->dice, c->mean);
        if (!s->exact)
            fprintf(f, " ± %.6f", c->mean_se);
        fprintf(f, "\n ");
        for (int k = 0; k <= c->max_damage; k++) {
            fprintf(f, " %d: ", k);
            rep_print_rate(f, c->pmf[k], s->exact);
        }
        if (c->hull) {
            fprintf(f, "\n  P(attacker destroyed) ");
            rep_print_rate(f, c->kill, s->exact);
            fprintf(f, "   (hull %d)", c->hull);
        }
        fprintf(f, "\n");
    }
    if (KD(ctx, AK_TYPE) == AR_SHIP) {
        fprintf(f, "\nshields left (mean)");
        for (int z = 0; z < AR_NZONES; z++)
            fprintf(f, "  %s %.6f", no_armada_zone_names[z], a->shields_mean[z]);
        fprintf(f, "\n");
    }
}

void no_armada_outcomes_json(cJSON *o, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    const no_armada_summary *a = &s->armada;
    cJSON_AddBoolToObject(o, "attack_possible", a->gathered > 0);
    cJSON_AddItemToObject(o, "crit", rep_rate_json(a->crit));
    if (s->has_kill) {
        cJSON *k = rep_rate_json(s->kill);
        cJSON_AddNumberToObject(k, "hull", ctx->hull);
        cJSON_AddItemToObject(o, "kill", k);
    }
    if (KD(ctx, AK_TYPE) == AR_SHIP) {
        cJSON_AddItemToObject(o, "faceup", rep_rate_json(s->faceup));
        cJSON *c = rep_pmf_json(o, "cards", a->cards, a->max_cards + 1);
        cJSON_AddNumberToObject(c, "mean", a->cards_mean);
        cJSON *sh = cJSON_AddObjectToObject(o, "shields_left");
        for (int z = 0; z < AR_NZONES; z++) {
            int top = KD(ctx, AK_SHIELDS + z);
            cJSON *zj = rep_pmf_json(sh, no_armada_zone_names[z], a->shields[z], top + 1);
            cJSON_AddNumberToObject(zj, "mean", a->shields_mean[z]);
        }
    }
    const no_counter_summary *c = &s->counter;
    if (c->has) {
        cJSON *cj = cJSON_AddObjectToObject(o, "counter");
        cJSON_AddNumberToObject(cj, "dice", c->dice);
        cJSON *d = rep_pmf_json(cj, "damage", c->pmf, c->max_damage + 1);
        cJSON_AddNumberToObject(d, "mean", c->mean);
        cJSON_AddNumberToObject(d, "stderr", c->mean_se);
        if (c->hull) {
            cJSON *k = rep_rate_json(c->kill);
            cJSON_AddNumberToObject(k, "hull", c->hull);
            cJSON_AddItemToObject(cj, "kill", k);
        }
    }
    cJSON *tok = cJSON_AddObjectToObject(o, "tokens");
    for (int t = 0; t < AR_NTOKENS; t++) {
        if (!a->tokens[t].held[AR_READY] && !a->tokens[t].held[AR_EXHAUSTED])
            continue;
        cJSON *tj = cJSON_AddObjectToObject(tok, no_armada_token_names[t]);
        cJSON_AddNumberToObject(tj, "ready", a->tokens[t].held[AR_READY]);
        cJSON_AddNumberToObject(tj, "exhausted", a->tokens[t].held[AR_EXHAUSTED]);
        cJSON_AddItemToObject(tj, "spent", rep_rate_json(a->tokens[t].spent));
        cJSON_AddItemToObject(tj, "exhausted_by_attack", rep_rate_json(a->tokens[t].exhausted));
        cJSON_AddItemToObject(tj, "discarded", rep_rate_json(a->tokens[t].discarded));
        cJSON_AddItemToObject(tj, "locked", rep_rate_json(a->tokens[t].locked));
    }
}

/* ---- objectives: what engine.c's better() ranks, over armada.c's score ---- */

/* The per-attack measure, and each goal of the optimal policy. */
static const char *const per_attack_measure =
    "damage cards (hull points of a squadron), then shields stripped, then a face-up card, in this attack";
static const char *const goal_measure[NO_GOAL_N] = {
    [NO_GOAL_MEAN_DAMAGE] = "the damage dealt (shields stripped and cards: the mean damage reported) over this "
                            "attack and the later ones, then damage cards",
    [NO_GOAL_KILL] = "the chance the defender is destroyed by the end (P(kill)), then the damage dealt (shields "
                     "stripped and cards), then damage cards",
    [NO_GOAL_MEAN_CARDS] = "damage cards (hull points of a squadron), then shields stripped, then face-up cards, "
                           "over this attack and the later ones",
};

/* What the side's policy ranks first to last. */
static const char *objective(const no_ctx *ctx, int side)
{
    if (ctx->policy[side] == NO_POLICY_OPTIMAL)
        return goal_measure[ctx->goal];
    if (side == NO_ATTACKER && ctx->policy[side] == NO_POLICY_CRIT_FISHING)
        return "a face-up card, then damage cards (hull points of a squadron), then shields stripped, in this attack";
    return per_attack_measure;
}

/* Each policy in Armada's words: the engine's descriptions say "damage" for the first measure. */
static const char *const policy_text[NO_POLICY_N] = {
    [NO_POLICY_PER_ATTACK] = "each side ranks this attack by its objective, the attacker up, the defender down; "
                             "equal: it spends least (a discard counts more than any exhaust)",
    [NO_POLICY_CONSERVATIVE] = "as per-attack, but the attacker never rerolls a die that already shows a hit or crit",
    [NO_POLICY_CRIT_FISHING] = "the attacker puts a face-up card first (it rerolls hits hoping for crits); the "
                               "defender as per-attack",
    [NO_POLICY_NO_DISCARD] = "as per-attack, but the defender never spends an exhausted token (it would be discarded)",
    [NO_POLICY_OPTIMAL] = "over a whole sequence of attacks: each choice counts its goal's figures in the later "
                          "attacks too (exact dynamic programming), so a token or a shield kept is valued",
    [NO_POLICY_GREEDY] = "as per-attack, but between equally good choices it spends: nothing is kept that could be "
                         "used now",
    [NO_POLICY_CONSERVE] = "spends only what changes this attack's damage cards (hull points of a squadron): a token "
                           "that would only save shields or a face-up card is kept",
};

void rep_armada_objective_text(FILE *f, const no_ctx *ctx)
{
    const char *att = objective(ctx, NO_ATTACKER), *def = objective(ctx, NO_DEFENDER);
    fprintf(f, "objective: the attacker maximises %s; the defender minimises %s\n", att,
            att == def ? "the same" : def);
}

void rep_armada_policy_json(cJSON *policy, const no_ctx *ctx)
{
    cJSON_AddStringToObject(policy, "description", policy_text[ctx->policy[NO_ATTACKER]]);
    cJSON *o = cJSON_AddObjectToObject(policy, "objective");
    static const char *const verb[NO_SIDES] = {"maximises ", "minimises "};
    for (int side = 0; side < NO_SIDES; side++) {
        char text[256];
        snprintf(text, sizeof text, "%s%s", verb[side], objective(ctx, side));
        cJSON_AddStringToObject(o, no_side_names[side], text);
    }
}

void rep_armada_total_text(FILE *f, const no_ctx *ctx, const no_summary *s)
{
    if (KD(ctx, AK_TYPE) == AR_SHIP)
        fprintf(f, "cards        %.10f mean (damage cards over the attacks)\n", s->armada.cards_mean);
}

void rep_armada_total_json(cJSON *o, const no_ctx *ctx, const no_summary *s)
{
    if (KD(ctx, AK_TYPE) == AR_SHIP)
        cJSON_AddNumberToObject(cJSON_AddObjectToObject(o, "cards"), "mean", s->armada.cards_mean);
}

void rep_armada_baseline_text(FILE *f, const no_ctx *ctx, const no_summary *s)
{
    if (KD(ctx, AK_TYPE) == AR_SHIP)
        fprintf(f, "; cards %.10f (%+.10f)", s->baseline_cards, s->armada.cards_mean - s->baseline_cards);
}

void rep_armada_baseline_json(cJSON *baseline, const no_ctx *ctx, const no_summary *s)
{
    if (KD(ctx, AK_TYPE) != AR_SHIP)
        return;
    cJSON_AddNumberToObject(baseline, "cards", s->baseline_cards);
    cJSON_AddNumberToObject(baseline, "cards_gain", s->armada.cards_mean - s->baseline_cards);
}

/* The defense pool of the engine holds Redirect's damage points. */
const char *no_armada_face_name(const no_pool *p, int pool, int face)
{
    (void)p;
    return pool == NO_POOL_DEFENSE ? no_armada_point_names[face] : no_armada_face_names[face];
}

/* Traces: attack faces by their icons (B blank, H hit, C crit, A accuracy, HH hit+hit, HC
 * hit+crit; shared/rules/dice.md); the engine's defense pool holds points, never rolled. */
const char *no_armada_roll_face(int pool, int face, int word)
{
    static const char *const letters[AR_NFACES] = {"B", "H", "C", "HH", "A", "H", "C", "A", "B", "H", "HC"};
    if (pool != NO_POOL_ATTACK || face >= AR_NFACES)
        return NULL;
    if (!word)
        return letters[face];
    const char *space = strchr(no_armada_face_names[face], ' '); /* "red hit+hit" -> "hit+hit" */
    return space + 1;
}

const char *no_armada_die_result_name(const no_die *die, int r)
{
    return no_armada_face_names[die->face[r]];
}

/* The optimal policy values all the damage (shields too) unless its goal is the cards. */
const char *no_armada_decision_worth(const no_ctx *ctx)
{
    return no_looks_ahead(ctx) && ctx->goal != NO_GOAL_MEAN_CARDS ? "shields stripped and cards" : "damage cards";
}
