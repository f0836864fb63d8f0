/* legion_report.c — the Legion sections of a report (game.h): the attack and the defending unit
 * described; miniatures defeated, the unit wiped, suppression, self-wounds, vehicle damage and
 * Guardian; and the rolls that are not attacks: a rally (tokens removed, the unit still
 * suppressed, panicked) and a priority roll, whose figures derive from the distribution of
 * `damage` (tokens removed; 1 for a block on the priority die); a Self-Destruct roll is described
 * here and reported like an attack. */
#include "games/legion/legion_game.h"
#include "neverodds/legion.h"
#include "neverodds/modifier.h"
#include "report/format.h"
#include <stdio.h>

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

static const char *rep_roll_unit(const no_scenario *sc)
{
    return sc->engine_rules == &no_legion_rally_rules ? "removed" : "blocks";
}

static void rep_roll_describe(FILE *f, const no_scenario *sc)
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
        if (ctx->hull)
            fprintf(f, "target:   %d minis taking %d wounds in all", d[LK_MINIS], d[LK_HEALTH]);
        else
            fprintf(f, "target:   no unit given (the wounds are not capped)");
        fprintf(f, ", no defense dice (not an attack, L1661)");
        return;
    }
    fprintf(f, "roll:     rally, %d suppression token%s, one white defense die each, Courage %d",
            ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION],
            ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION] == 1 ? "" : "s", ctx->kw[NO_DEFENDER][LK_COURAGE]);
    if (ctx->kw[NO_DEFENDER][LK_PANIC_COURAGE])
        fprintf(f, " (panic checked with a commander's Courage %d)", ctx->kw[NO_DEFENDER][LK_PANIC_COURAGE]);
}

static void rep_roll_text(FILE *f, const no_scenario *sc, const no_summary *s)
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

static void rep_roll_json(cJSON *o, const no_scenario *sc, const no_summary *s)
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

/* " (by default)" after a fact the scenario did not give */
static const char *dflt(uint32_t defaults, uint32_t bit) { return defaults & bit ? " (by default)" : ""; }

static const char *const cover_names[] = {"none", "light", "heavy"};

/* Every keyword in effect on `side`, the scenario's, its weapons' and its unit card's alike: "pierce 1,
 * precise 1", or "none". Armor without a number is "armor (all hits)". */
static void keywords_text(FILE *f, const no_ctx *ctx, int side)
{
    int any = 0;
    for (int k = 0; k < no_legion_nkeywords; k++) {
        const no_legion_keyword *kw = &no_legion_keywords[k];
        int v = ctx->kw[side][kw->index];
        if (kw->side != side || !v)
            continue;
        fprintf(f, "%s%s", any++ ? ", " : "", kw->name);
        if (kw->index == LK_ARMOR && v == LG_ARMOR_ALL)
            fprintf(f, " (all hits)");
        else if (kw->max)
            fprintf(f, " %d", v);
    }
    if (!any)
        fprintf(f, "none");
}

/* Why a ranged attack's cover counts for nothing whatever its value, or NULL. */
static const char *cover_cancelled(const no_ctx *ctx)
{
    const uint8_t *a = ctx->kw[NO_ATTACKER], *d = ctx->kw[NO_DEFENDER];
    if (a[LK_ATTACK_TYPE] != LG_RANGED)
        return a[LK_ATTACK_TYPE] == LG_MELEE ? "a melee attack: cover is for ranged attacks, L1577"
                                             : "an overrun attack: no cover, L2915-L2919";
    if (d[LK_UNCONCERNED])
        return "Unconcerned: never has cover, L2579";
    if (a[LK_BLAST] && !d[LK_IMMUNE_BLAST])
        return "Blast: cover cancels no hits, L2937";
    if (a[LK_DEATH_FROM_ABOVE])
        return "Death From Above: cover cancels no hits, L2683";
    return NULL;
}

/* Step 5b as it applies: "light (given), +1 from suppression (2 tokens, Courage 1, L1581) = heavy,
 * -1 Sharpshooter 1 (L2835) = light". */
static void cover_text(FILE *f, const no_ctx *ctx, uint32_t defaults)
{
    no_legion_cover_steps_t c;
    const uint8_t *d = ctx->kw[NO_DEFENDER];
    int supp = ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION];
    no_legion_cover_steps(ctx, supp, 1, &c);
    fprintf(f, "\ncover:    %s (%s)", cover_names[c.given], *dflt(defaults, LG_DEFAULT_COVER) ? "by default" : "given");
    const char *none = cover_cancelled(ctx);
    if (none && !d[LK_UNCONCERNED] && ctx->kw[NO_ATTACKER][LK_ATTACK_TYPE] != LG_RANGED) {
        fprintf(f, " = none (%s)", none);
        return;
    }
    int v = d[LK_UNIT_TYPE] == LG_VEHICLE ? 0 : c.given;
    if (c.given && d[LK_UNIT_TYPE] == LG_VEHICLE)
        fprintf(f, ", not for a vehicle (never obscured, L1888, L1900) = none");
    if (c.suppressed)
        fprintf(f, ", +1 from suppression (%d token%s, Courage %d, L1581) = %s", supp, supp == 1 ? "" : "s",
                d[LK_COURAGE], cover_names[(v += 1) > 2 ? 2 : v]);
    if (c.raised)
        fprintf(f, ", +%d from Cover %d / Smoke %d (L2306, L2551) = %s", c.raised, d[LK_COVER_X], d[LK_SMOKE],
                cover_names[(v += c.raised) > 2 ? 2 : v]);
    if (c.capped)
        fprintf(f, " (capped: heavy at most, L796)");
    if (c.sharpshooter)
        fprintf(f, ", -%d Sharpshooter %d (L2835) = %s", c.sharpshooter, c.sharpshooter, cover_names[c.value]);
    if (none)
        fprintf(f, "; counts for nothing (%s)", none);
    else if (!c.suppressed && !c.raised && !c.sharpshooter && !(c.given && d[LK_UNIT_TYPE] == LG_VEHICLE))
        fprintf(f, " = %s", cover_names[c.value]);
}

static void cover_json(cJSON *o, const no_ctx *ctx)
{
    no_legion_cover_steps_t c;
    no_legion_cover_steps(ctx, ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION], 1, &c);
    const char *none = cover_cancelled(ctx);
    cJSON *j = cJSON_AddObjectToObject(o, "cover");
    cJSON_AddStringToObject(j, "given", cover_names[c.given]);
    cJSON_AddNumberToObject(j, "suppression", c.suppressed);
    cJSON_AddNumberToObject(j, "cover_x_smoke", c.raised);
    cJSON_AddBoolToObject(j, "capped", c.capped);
    cJSON_AddNumberToObject(j, "sharpshooter", c.sharpshooter);
    cJSON_AddStringToObject(j, "effective", cover_names[none ? 0 : c.value]);
    if (none)
        cJSON_AddStringToObject(j, "cancelled", none);
    cJSON *k = cJSON_AddObjectToObject(o, "keywords");
    for (int side = 0; side < NO_SIDES; side++) {
        cJSON *ks = cJSON_AddObjectToObject(k, no_side_names[side]);
        for (int i = 0; i < no_legion_nkeywords; i++) {
            const no_legion_keyword *kw = &no_legion_keywords[i];
            int v = ctx->kw[side][kw->index];
            if (kw->side != side || !v)
                continue;
            if (!kw->max || (kw->index == LK_ARMOR && v == LG_ARMOR_ALL))
                cJSON_AddTrueToObject(ks, kw->name);
            else
                cJSON_AddNumberToObject(ks, kw->name, v);
        }
    }
}

static void describe_legion(FILE *f, const no_ctx *ctx, uint32_t defaults)
{
    static const char *const charts[] = {"none", "hit", "crit"};
    const uint8_t *a = ctx->kw[NO_ATTACKER], *d = ctx->kw[NO_DEFENDER];
    static const char *const types[] = {"ranged", "melee", "overrun"};
    static const char *const unit_types[] = {"trooper", "droid trooper", "vehicle"};
    fprintf(f, "attack:   %s%s, %d red %d black %d white", types[a[LK_ATTACK_TYPE]],
            dflt(defaults, LG_DEFAULT_ATTACK_TYPE), a[LK_POOL_RED], a[LK_POOL_BLACK], a[LK_POOL_WHITE]);
    for (int u = 0; u < LG_MAX_UPGRADES; u++) { /* upgrades still to place: the policy's choice */
        const uint8_t *up = &a[LK_UPGRADE + u * LG_UPGRADE_FIELDS];
        if (up[LG_UPGRADE_X])
            fprintf(f, " (%s %d on %d black %d white of them: the policy picks the dice, L1567)",
                    d[LK_UNIT_TYPE] == LG_VEHICLE ? "anti-materiel" : "anti-personnel", up[LG_UPGRADE_X],
                    up[LG_UPGRADE_BLACK], up[LG_UPGRADE_WHITE]);
    }
    fprintf(f, ", surge %s%s", charts[a[LK_SURGE_CHART]], dflt(defaults, LG_DEFAULT_SURGE_CHART));
    rep_describe_side(f, ctx, NO_ATTACKER);
    fprintf(f, "\ndefense:  %s die%s, surge %s%s, %s%s, ", d[LK_DIE] ? "red" : "white", dflt(defaults, LG_DEFAULT_DIE),
            d[LK_DEFENSE_SURGE] ? "block" : "none", dflt(defaults, LG_DEFAULT_DEFENSE_SURGE),
            unit_types[d[LK_UNIT_TYPE]], dflt(defaults, LG_DEFAULT_TYPE));
    if (d[LK_COURAGE] == LG_COURAGE_NONE)
        fprintf(f, "Courage -, ");
    else
        fprintf(f, "Courage %d%s, ", d[LK_COURAGE], dflt(defaults, LG_DEFAULT_COURAGE));
    if (d[LK_RESILIENCE])
        fprintf(f, "Resilience %d, ", d[LK_RESILIENCE]);
    if (!ctx->hull) /* no minis, wounds nor unit: see the outcomes */
        fprintf(f, "no unit given");
    else if (d[LK_WOUNDS])
        fprintf(f, "%d mini%s x %d wound%s", d[LK_MINIS], d[LK_MINIS] == 1 ? "" : "s", d[LK_WOUNDS],
                d[LK_WOUNDS] == 1 ? "" : "s");
    else /* thresholds differ: what the unit can take in all */
        fprintf(f, "%d minis taking %d wounds in all", d[LK_MINIS], d[LK_HEALTH]);
    fprintf(f, ", cover %s", cover_names[d[LK_COVER_BASE]]); /* the cover line says what it comes to */
    rep_describe_side(f, ctx, NO_DEFENDER);
    fprintf(f, "\nkeywords: attacker ");
    keywords_text(f, ctx, NO_ATTACKER);
    fprintf(f, "; defender ");
    keywords_text(f, ctx, NO_DEFENDER);
    cover_text(f, ctx, defaults);
}

/* Does a guardian lack minis and wounds (its wounds not capped)? */
static int guardian_uncapped(const no_ctx *ctx)
{
    for (int g = 0; g < LG_MAX_GUARDIANS; g++)
        if (KG(ctx, g, LK_GUARDIAN) && !KG(ctx, g, LK_GUARDIAN_HEALTH))
            return 1;
    return 0;
}

/* Miniatures defeated, the unit wiped, suppression, self-wounds, vehicle damage, guardian. */
static void no_legion_outcomes_text(FILE *f, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    if (s->has_kill) {
        fprintf(f, "\ndefeated  P(= k)\n");
        for (int k = 0; k <= s->max_defeated; k++) {
            fprintf(f, "%8d  ", k);
            rep_print_rate(f, s->defeated[k], s->exact);
            fprintf(f, "\n");
        }
        fprintf(f, "\n");
        rep_kill_label(f, sc, s, "P(unit wiped)", 14);
        rep_print_rate(f, s->kill, s->exact);
    } else { /* the wounds above are all the attack deals: no miniature takes them */
        fprintf(f, "\nunit           none given: wounds not capped; give minis and wounds (or a unit) for "
                "P(unit wiped)");
    }
    fprintf(f, "\nsuppression    ");
    for (int k = 0; k <= s->max_suppression; k++) {
        fprintf(f, "%s+%d: ", k ? "  " : "", k);
        rep_print_rate(f, s->suppression[k], s->exact);
    }
    if (!no_legion_takes_suppression(ctx)) /* say why, rather than leave a bare +0 */
        fprintf(f, "   (never: %s)", ctx->kw[NO_DEFENDER][LK_UNIT_TYPE] == LG_VEHICLE ? "a vehicle, L825"
                                                                               : "Courage \"-\", L1240");
    else if (!s->has_kill) /* a unit wiped gains none (L1673): without one, it is taken to survive */
        fprintf(f, "   (the unit taken to survive)");
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
        if (guardian_uncapped(ctx))
            fprintf(f, "   (not capped: no minis or wounds given for it)");
        fprintf(f, "\n");
    }
}

static void no_legion_outcomes_json(cJSON *o, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    if (sc->engine_rules == &no_legion_rules) {
        cover_json(o, ctx);
        cJSON *d = cJSON_AddArrayToObject(o, "by_default"); /* as the header marks them */
        for (int i = 0; i < LG_NDEFAULTS; i++)
            if (sc->applied[0].defaults >> i & 1) {
                const no_legion_default *x = &no_legion_defaults[i];
                char key[64];
                snprintf(key, sizeof key, "%s%s%s", x->holder, *x->holder ? "." : "", x->key);
                cJSON_AddItemToArray(d, cJSON_CreateString(key));
            }
    }
    if (s->has_kill) { /* without a unit: "health_given": false (report.c) */
        rep_pmf_json(o, "defeated", s->defeated, s->max_defeated + 1);
        cJSON_AddItemToObject(o, "kill", rep_rate_json(s->kill));
    }
    rep_pmf_json(o, "suppression", s->suppression, s->max_suppression + 1);
    cJSON_AddNumberToObject(o, "self_wounds_mean", s->self_wounds_mean);
    if (ctx->kw[NO_DEFENDER][LK_RESILIENCE])
        cJSON_AddItemToObject(o, "vehicle_damage", rep_rate_json(s->vehicle_damage));
    if (ctx->kw[NO_DEFENDER][LK_GUARDIAN]) {
        cJSON *g = cJSON_AddObjectToObject(o, "guardian_wounds");
        cJSON_AddNumberToObject(g, "mean", s->guardian_mean);
        cJSON_AddItemToObject(g, "pmf", rep_array(s->guardian, s->max_guardian + 1, 0));
        cJSON_AddItemToObject(g, "pmf_stderr", rep_array(s->guardian, s->max_guardian + 1, 1));
        if (guardian_uncapped(ctx))
            cJSON_AddFalseToObject(g, "health_given");
    }
}

void no_legion_describe(FILE *f, const no_scenario *sc)
{
    if (rep_is_roll(sc) || sc->engine_rules == &no_legion_self_destruct_rules)
        rep_roll_describe(f, sc);
    else
        describe_legion(f, &sc->ctx, sc->applied[0].defaults);
}

/* The unit's health in words: "4 minis", "1 mini x 3 wounds", "2 minis, 5 wounds in all";
 * nothing for the one miniature of one wound. */
static void health_words(FILE *f, const uint8_t *d)
{
    if (d[LK_MINIS] <= 1 && d[LK_WOUNDS] <= 1 && d[LK_HEALTH] <= 1)
        return;
    fprintf(f, ", %d mini%s", d[LK_MINIS], d[LK_MINIS] == 1 ? "" : "s");
    if (!d[LK_WOUNDS]) /* thresholds differ: what the unit can take in all */
        fprintf(f, ", %d wounds in all", d[LK_HEALTH]);
    else if (d[LK_WOUNDS] > 1)
        fprintf(f, " × %d wounds", d[LK_WOUNDS]);
}

/* "4 white + 2 black, surge to hit, aim vs white die, surge block, 4 minis, dodge, light cover". */
void no_legion_headline(FILE *f, const no_scenario *sc)
{
    static const char *const colours[] = {"red", "black", "white"}, *const charts[] = {"", "hit", "crit"};
    static const char *const covers[] = {"", ", light cover", ", heavy cover"}, *const types[] = {"", "melee, ", "overrun, "};
    const no_ctx *ctx = &sc->ctx;
    const uint8_t *a = ctx->kw[NO_ATTACKER], *d = ctx->kw[NO_DEFENDER];
    if (sc->engine_rules == &no_legion_priority_rules) {
        fprintf(f, "priority roll, one red defense die");
        return;
    }
    if (sc->engine_rules == &no_legion_rally_rules) {
        fprintf(f, "rally, %d suppression tokens, Courage %d", ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION],
                d[LK_COURAGE]);
        return;
    }
    if (sc->engine_rules == &no_legion_self_destruct_rules) {
        fprintf(f, "self-destruct %d", a[LK_POOL_BLACK]);
        health_words(f, d);
        return;
    }
    fputs(types[a[LK_ATTACK_TYPE]], f);
    for (int c = 0, any = 0; c < 3; c++)
        if (a[LK_POOL_RED + c])
            fprintf(f, "%s%d %s", any++ ? " + " : "", a[LK_POOL_RED + c], colours[c]);
    if (a[LK_SURGE_CHART])
        fprintf(f, ", surge to %s", charts[a[LK_SURGE_CHART]]);
    rep_side_words(f, ctx, NO_ATTACKER);
    fprintf(f, " vs %s die%s", d[LK_DIE] ? "red" : "white", d[LK_DEFENSE_SURGE] ? ", surge block" : "");
    health_words(f, d);
    rep_side_words(f, ctx, NO_DEFENDER);
    fputs(covers[d[LK_COVER_BASE]], f);
}

/* A roll's own figures, or an attack's. */
void no_legion_text(FILE *f, const no_scenario *sc, const no_summary *s)
{
    (rep_is_roll(sc) ? rep_roll_text : no_legion_outcomes_text)(f, sc, s);
}

void no_legion_json(cJSON *o, const no_scenario *sc, const no_summary *s)
{
    (rep_is_roll(sc) ? rep_roll_json : no_legion_outcomes_json)(o, sc, s);
}

const char *no_legion_damage_unit(const no_scenario *sc)
{
    return rep_is_roll(sc) ? rep_roll_unit(sc) : "wounds";
}

/* Whether every die of `p` shows a face of the first colour's slots (red attack, white defense):
 * dice of that colour only, or a pool whose colours were folded after conversion (legion.c
 * fold), whose faces are results only. */
static int results_only(const no_pool *p, int pool)
{
    int per_colour = pool == NO_POOL_ATTACK ? 4 : 3;
    for (int f = per_colour; f < NO_MAX_FACES; f++)
        if (no_pool_face(p, f))
            return 0;
    return 1;
}

/* "white hit", "red block": a die's colour and its result; "hit" in a pool of results only. */
const char *no_legion_face_name(const no_pool *p, int pool, int face)
{
    if (p && results_only(p, pool))
        return no_legion_roll_face(pool, face, 1);
    static const char *const colour[] = {"red ", "black ", "white "}, *const dcolour[] = {"white ", "red "};
    static char buf[4][24];
    static int slot;
    char *b = buf[slot++ & 3];
    if (pool == NO_POOL_ATTACK)
        snprintf(b, sizeof buf[0], "%s%s", colour[face / 4 % 3], no_legion_attack_results[face % 4]);
    else
        snprintf(b, sizeof buf[0], "%s%s", dcolour[face / 3 % 2], no_legion_defense_results[face % 3]);
    return b;
}

/* Traces: attack results B H C S, defense and cover results B K S (K: block, as B is the blank);
 * a die of the colour being rolled takes the letter. Cover dice are white (L1583). */
const char *no_legion_roll_face(int pool, int face, int word)
{
    static const char *const attack[4] = {"B", "H", "C", "S"}, *const defense[3] = {"B", "K", "S"};
    if (pool == NO_POOL_ATTACK)
        return face > LG_FACE(LG_WHITE, LG_SURGE) ? NULL : word ? no_legion_attack_results[face % 4] : attack[face % 4];
    if (face > (pool == NO_POOL_COVER ? LG_DFACE(LG_DEF_WHITE, LG_D_SURGE) : LG_DFACE(LG_DEF_RED, LG_D_SURGE)))
        return NULL;
    return word ? no_legion_defense_results[face % 3] : defense[face % 3];
}

const char *no_legion_die_result_name(const no_die *die, int r)
{
    return die->nresults == 4 ? no_legion_attack_results[r] : no_legion_defense_results[r];
}

/* Whether the wounds reached a vehicle's Resilience (its damage token). */
void no_legion_summarise(const no_ctx *ctx, const no_part *parts, int nparts, double scale, uint64_t trials,
                         no_summary *out)
{
    (void)ctx;
    double vdmg = 0;
    rep_terminals it = {.parts = parts, .nparts = nparts, .scale = scale};
    while (rep_next_terminal(&it))
        vdmg += it.s->flags & LG_FLAG_VEHICLE_DAMAGE ? it.w : 0;
    out->vehicle_damage = rep_rate(vdmg, trials);
}
