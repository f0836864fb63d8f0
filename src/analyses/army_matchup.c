/* army_matchup.c — two Legion armies, who hurts whom: every unit's best attack on every enemy unit
 * in melee and at each range, in each cover, each an ordinary `run` of a scenario written here. */
#include "neverodds/army_matchup.h"
#include "neverodds/progress.h"
#include "neverodds/table.h"
#include "neverodds/version.h"
#include "io/jsonread.h"
#include "report/format.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const no_army_cover_names[NO_ARMY_COVERS] = {"none", "light", "heavy"};
static const char *const token_names[] = {"aim", "dodge", "surge"}; /* NO_ARMY_TOK_* by bit */

int no_army_parse_tokens(const char *list, int *tokens)
{
    *tokens = 0;
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        int k = 0;
        while (k < 3 && (strlen(token_names[k]) != len || strncmp(p, token_names[k], len)))
            k++;
        if (k == 3 && !(len == 4 && !strncmp(p, "none", 4)))
            return -1;
        *tokens |= k < 3 ? 1 << k : 0;
        p += len + (p[len] == ',');
    }
    return list && *list ? 0 : -1;
}

/* ---- the scenario of one cell ---- */

/* The side's tokens: the attacker's aim and surge, the defender's dodge and surge. */
static void add_tokens(cJSON *side, int tokens, int defender)
{
    int held = tokens & (defender ? NO_ARMY_TOK_DODGE | NO_ARMY_TOK_SURGE : NO_ARMY_TOK_AIM | NO_ARMY_TOK_SURGE);
    if (!held)
        return;
    cJSON *t = cJSON_AddObjectToObject(side, "tokens");
    for (int k = 0; k < 3; k++)
        if (held & 1 << k)
            cJSON_AddNumberToObject(t, token_names[k], 1);
}

/* Is `w` one of the card's own weapons (named in a scenario), not an upgrade's? */
static int card_weapon(const no_army_unit *u, const cJSON *w)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(u->card, "weapons"))
        if (e == w)
            return 1;
    return 0;
}

char *no_army_matchup_scenario(const no_army_unit *atk, const no_army_unit *def, int band, int cover,
                               const no_army_choice *c, int tokens)
{
    cJSON *root = cJSON_CreateObject();
    char name[300], where[32];
    snprintf(where, sizeof where, band ? "at range %d" : "in melee", band);
    snprintf(name, sizeof name, "%s attacks %s %s%s%s", jr_entry_text(atk->card, "name", "?"),
             jr_entry_text(def->card, "name", "?"), where, band ? ", cover " : "", band ? no_army_cover_names[cover] : "");
    cJSON_AddStringToObject(root, "game", "legion");
    cJSON_AddStringToObject(root, "rules", "legion-2026");
    cJSON_AddStringToObject(root, "name", name);
    cJSON_AddStringToObject(root, "attack_type", band ? "ranged" : "melee");
    if (band) /* melee has no cover: step 5's cover is a ranged attack's (L1577) */
        cJSON_AddStringToObject(root, "cover", no_army_cover_names[cover]);
    cJSON *a = cJSON_AddObjectToObject(root, "attacker");
    cJSON_AddStringToObject(a, "unit", atk->card->string);
    cJSON *weapons = cJSON_AddArrayToObject(a, "weapons");
    for (int i = 0; i < c->n; i++) {
        cJSON *w = cJSON_CreateObject();
        if (card_weapon(atk, c->weapon[i])) {
            cJSON_AddStringToObject(w, "name", jr_entry_text(c->weapon[i], "name", "?"));
        } else { /* an upgrade's weapon: its dice and keywords, as the library has them */
            cJSON_AddItemToObject(w, "dice", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(c->weapon[i], "dice"), 1));
            const cJSON *kw = cJSON_GetObjectItemCaseSensitive(c->weapon[i], "keywords");
            if (cJSON_GetArraySize(kw))
                cJSON_AddItemToObject(w, "keywords", cJSON_Duplicate(kw, 1));
        }
        cJSON_AddNumberToObject(w, "minis", c->times[i]);
        cJSON_AddItemToArray(weapons, w);
    }
    add_tokens(a, tokens, 0);
    cJSON *d = cJSON_AddObjectToObject(root, "defender");
    cJSON_AddStringToObject(d, "unit", def->card->string);
    cJSON_AddNumberToObject(d, "minis", no_army_minis(def));
    add_tokens(d, tokens, 1);
    return rep_json_text(root);
}

/* ---- units alike ---- */

typedef struct group {
    const no_army_unit *unit;
    int count, index;      /* alike units; the first one's place in the army (from 1) */
    char label[160];
} group;

static int same_upgrade(const void *ctx, int i, int j)
{
    const no_army_unit *const *xy = ctx;
    return xy[0]->upgrades[i] == xy[1]->upgrades[j];
}

/* The same card with the same upgrades, in any order. */
static int same_unit(const no_army_unit *x, const no_army_unit *y)
{
    const no_army_unit *xy[2] = {x, y};
    return x->card == y->card && x->nupgrades == y->nupgrades && rep_alike(x->nupgrades, same_upgrade, xy);
}

/* The army's groups in the order their first unit is listed; units of one card with other
 * upgrades are told apart by their place in the army ("Stormtroopers (1)"). */
static int group_army(const no_army *a, group *g)
{
    int n = 0;
    for (int i = 0; i < a->nunits; i++) {
        int k = 0;
        while (k < n && !same_unit(g[k].unit, &a->units[i]))
            k++;
        if (k == n)
            g[n++] = (group){.unit = &a->units[i], .index = i + 1};
        g[k].count += a->units[i].count;
    }
    for (int k = 0; k < n; k++) {
        const char *name = jr_entry_text(g[k].unit->card, "name", "?");
        int twin = 0;
        for (int m = 0; m < n; m++)
            twin |= m != k && g[m].unit->card == g[k].unit->card;
        char place[16] = "";
        if (twin)
            snprintf(place, sizeof place, " (%d)", g[k].index);
        snprintf(g[k].label, sizeof g[k].label, g[k].count > 1 ? "%s%s ×%d" : "%s%s", name, place, g[k].count);
    }
    return n;
}

/* ---- cells ---- */

/* What a cell reports: mean wounds, P(unit wiped), mean miniatures defeated, each with its
 * standard error (0 exact). */
typedef struct result {
    no_rate mean, wiped, defeated;
} result;

typedef struct cell {
    const group *atk, *def;
    int band, cover;
    int nchoices;                             /* 0: no weapon reaches */
    no_army_choice choice[NO_ARMY_MAX_CHOICES];
    int best;                                 /* the choice with the most mean wounds */
    result r;                                 /* the best choice's */
    int computed;                             /* some choice ran */
    char err[NO_ERR_LEN];                     /* the first choice's failure, when none ran */
} cell;

/* One run: a cell's choice. */
typedef struct item {
    cell *c;
    int choice;
    no_scenario sc;
    int ok;
    result r;
    char err[NO_ERR_LEN];
} item;

static void run_item(item *it, const no_run_opts *o)
{
    no_summary s;
    memset(&s, 0, sizeof s);
    if (no_run(&it->sc, o, &s, it->err, sizeof it->err)) {
        no_summary_free(&s);
        return;
    }
    it->ok = 1;
    it->r = (result){.mean = {s.mean, s.mean_se},
                     .wiped = s.has_kill ? s.kill : (no_rate){0, 0},
                     .defeated = rep_pmf_mean(s.defeated, s.max_defeated + 1, s.exact ? 0 : s.trials)};
    no_summary_free(&s);
}

/* Takes a run into its cell: the choice with the most mean wounds (the first among equals). */
static void take(const item *it)
{
    cell *c = it->c;
    if (!it->ok) {
        if (!c->computed && !*c->err)
            snprintf(c->err, sizeof c->err, "%s", it->err);
        return;
    }
    if (c->computed && it->r.mean.p <= c->r.mean.p)
        return;
    c->computed = 1;
    c->best = it->choice;
    c->r = it->r;
}

#define BATCH 64 /* scenarios parsed at a time by default (each is 60 KB) */

/* Every choice of every cell, parsed one by one (parsing reads shared tables), run in batches:
 * exact runs side by side, Monte Carlo ones one after the other on every thread. */
static void run_cells(cell *c, int n, const no_army_matchup_opts *o)
{
    int total = 0;
    for (int k = 0; k < n; k++)
        total += c[k].nchoices;
    int size = o->batch > 0 ? o->batch : BATCH;
    item *batch = calloc((size_t)size, sizeof *batch);
    if (!batch)
        abort();
    no_progress_begin_items((uint64_t)total, "attacks");
    int k = 0, m = 0;
    while (k < n) {
        int got = 0;
        for (; k < n && got < size; m = 0, k++) {
            for (; m < c[k].nchoices && got < size; m++) {
                item *it = &batch[got++];
                memset(it, 0, sizeof *it);
                it->c = &c[k];
                it->choice = m;
                char *json = no_army_matchup_scenario(c[k].atk->unit, c[k].def->unit, c[k].band, c[k].cover,
                                                      &c[k].choice[m], o->tokens);
                if (no_scenario_parse(json, "matchup", &it->sc, it->err, sizeof it->err))
                    it->choice = -1; /* not run; its error stands */
                free(json);
            }
            if (m < c[k].nchoices)
                break; /* the batch is full in the middle of this cell */
        }
#pragma omp parallel for schedule(dynamic, 1) num_threads(o->run.threads) if (no_run_is_exact(&o->run) && got > 1)
        for (int i = 0; i < got; i++) {
            if (batch[i].choice >= 0)
                run_item(&batch[i], &o->run);
            no_progress_item_done();
        }
        for (int i = 0; i < got; i++)
            take(&batch[i]);
    }
    no_progress_end_items();
    free(batch);
}

/* ---- report ---- */

static const char *const direction_name[] = {"A attacks B", "B attacks A"};

static void band_name(int band, char *out, size_t n) { snprintf(out, n, band ? "range %d" : "melee", band); }

/* The names of the bands in `used`, each in a column `width` wide (negative: to the left), then
 * the line's end. */
static void band_header(FILE *f, int used, int width)
{
    for (int b = 0; b < NO_ARMY_BANDS; b++)
        if (used & 1 << b) {
            char name[16];
            band_name(b, name, sizeof name);
            fprintf(f, " %*s", width, name);
        }
    fputc('\n', f);
}

/* The bands some unit of the direction reaches, as a mask. */
static int bands_used(const cell *c, int n)
{
    int mask = 0;
    for (int i = 0; i < n; i++)
        mask |= c[i].nchoices ? 1 << c[i].band : 0;
    return mask;
}

/* Direction d's cell of attacker group i, defender group j, band b, cover v. */
typedef struct layout {
    int n[2], per; /* groups of each army; cells of one direction */
} layout;

static int at(const layout *l, int d, int i, int j, int b, int v)
{
    return d * l->per + ((i * l->n[!d] + j) * NO_ARMY_BANDS + b) * NO_ARMY_COVERS + v;
}

/* A unit whose miniatures take more than one wound: its miniatures defeated tell more than its wounds. */
static int many_wounds(const group *g) { return jr_entry_int(g->unit->card, "wounds", 0) > 1; }

/* Direction d's cells as a table, one row a pair and cover, one column a band: the mean wounds
 * and P(unit wiped), or (defeated) the mean miniatures defeated of the defenders whose miniatures
 * take more than one wound (of the others it is the mean wounds). */
static void cells_text(FILE *f, const cell *c, const layout *l, int d, int defeated)
{
    const cell *dir = c + d * l->per;
    int used = bands_used(dir, l->per), any = 0;
    for (int j = 0; j < l->n[!d]; j++)
        any |= many_wounds(dir[at(l, 0, 0, j, 0, 0)].def);
    if (defeated && !any)
        return;
    fprintf(f, "\n%s: %s (-: no weapon reaches)\n  %-28s %-28s %-6s", direction_name[d],
            defeated ? "miniatures defeated by one attack (mean), where a miniature takes more than one wound"
                     : "mean wounds of one attack and P(unit wiped)",
            "attacker", "defender", "cover");
    band_header(f, used, -14);
    int failed = 0;
    double most[2] = {0, 0}; /* Monte Carlo: the largest standard errors of the two numbers shown */
    for (int i = 0; i < l->n[d]; i++)
        for (int j = 0; j < l->n[!d]; j++)
            for (int v = 0; v < NO_ARMY_COVERS; v++) {
                const cell *first = &c[at(l, d, i, j, 0, v)];
                if (defeated && !many_wounds(first->def))
                    break;
                fputs("  ", f);
                rep_column(f, v ? "" : first->atk->label, 28);
                rep_column(f, v ? "" : first->def->label, 28);
                fprintf(f, "%-6s", no_army_cover_names[v]);
                for (int b = 0; b < NO_ARMY_BANDS; b++) {
                    const cell *x = &c[at(l, d, i, j, b, v)];
                    if (!(used & 1 << b))
                        continue;
                    if (!x->nchoices)
                        fprintf(f, " %-14s", "     -");
                    else if (!x->computed)
                        fprintf(f, " %-14s", "     ?"), failed = 1;
                    else if (defeated)
                        fprintf(f, " %6.3f        ", x->r.defeated.p);
                    else
                        fprintf(f, " %6.3f %5.1f%% ", x->r.mean.p, 100 * x->r.wiped.p);
                    most[0] = fmax(most[0], defeated ? x->r.defeated.se : x->r.mean.se);
                    most[1] = fmax(most[1], 100 * x->r.wiped.se);
                }
                fputc('\n', f);
            }
    if (defeated && most[0] > 0)
        fprintf(f, "  Monte Carlo standard errors, at most: ± %.4f (JSON, CSV: each)\n", most[0]);
    else if (!defeated && (most[0] > 0 || most[1] > 0))
        fprintf(f, "  Monte Carlo standard errors, at most: mean wounds ± %.4f, P(wiped) ± %.3f%% (JSON, CSV: each)\n",
                most[0], most[1]);
    if (failed && !defeated)
        for (int k = 0; k < l->per; k++)
            if (dir[k].nchoices && !dir[k].computed && (dir[k].band || !dir[k].cover)) {
                char name[16];
                band_name(dir[k].band, name, sizeof name);
                fprintf(f, "  ? %s on %s, %s%s%s: not computed: %s\n", dir[k].atk->label, dir[k].def->label, name,
                        dir[k].band ? ", cover " : "", dir[k].band ? no_army_cover_names[dir[k].cover] : "", dir[k].err);
            }
}

/* The army's fire on one enemy unit at (band, cover): each of its units that reaches attacks it
 * once (a group as many times as it has units), the sum of their mean wounds. */
static double army_fire(const cell *c, const layout *l, int d, int j, int b, int v, double *se)
{
    double sum = 0, var = 0;
    for (int i = 0; i < l->n[d]; i++) {
        const cell *x = &c[at(l, d, i, j, b, v)];
        if (x->computed) {
            sum += x->atk->count * x->r.mean.p;
            var += x->atk->count * x->atk->count * x->r.mean.se * x->r.mean.se;
        }
    }
    *se = sqrt(var);
    return sum;
}

static int health(const no_army_unit *u) { return no_army_minis(u) * jr_entry_int(u->card, "wounds", 0); }

static void fire_text(FILE *f, const cell *c, const layout *l, int d, const group *def)
{
    int used = bands_used(c + d * l->per, l->per);
    fprintf(f, "\n%s, the whole army on one unit: each unit that reaches attacks it once (sum of mean wounds)\n"
               "  %-28s %6s %-6s", direction_name[d], "defender", "health", "cover");
    band_header(f, used, 8);
    for (int j = 0; j < l->n[!d]; j++)
        for (int v = 0; v < NO_ARMY_COVERS; v++) {
            fputs("  ", f);
            rep_column(f, v ? "" : def[j].label, 28);
            if (v)
                fprintf(f, "%6s ", "");
            else
                fprintf(f, "%6d ", health(def[j].unit));
            fprintf(f, "%-6s", no_army_cover_names[v]);
            for (int b = 0; b < NO_ARMY_BANDS; b++) {
                double se;
                if (used & 1 << b)
                    fprintf(f, " %8.3f", army_fire(c, l, d, j, b, v, &se));
            }
            fputc('\n', f);
        }
}

static void side_json(cJSON *root, const char *key, const no_army *a, const char *source, const group *g, int n)
{
    cJSON *o = cJSON_AddObjectToObject(root, key);
    cJSON_AddStringToObject(o, "source", source);
    cJSON_AddStringToObject(o, "format", a->format);
    cJSON_AddStringToObject(o, "faction", a->faction);
    cJSON_AddBoolToObject(o, "faction_assumed", a->faction_assumed);
    cJSON *units = cJSON_AddArrayToObject(o, "units");
    for (int k = 0; k < n; k++) {
        cJSON *u = cJSON_CreateObject();
        cJSON_AddStringToObject(u, "label", g[k].label);
        cJSON_AddStringToObject(u, "unit", g[k].unit->card->string);
        cJSON_AddNumberToObject(u, "count", g[k].count);
        cJSON_AddNumberToObject(u, "minis", no_army_minis(g[k].unit));
        cJSON_AddNumberToObject(u, "health", health(g[k].unit));
        cJSON *ups = cJSON_AddArrayToObject(u, "upgrades");
        for (int i = 0; i < g[k].unit->nupgrades; i++)
            cJSON_AddItemToArray(ups, cJSON_CreateString(g[k].unit->upgrades[i]->string));
        cJSON_AddItemToArray(units, u);
    }
}

static cJSON *cell_json(const cell *x, int d)
{
    cJSON *e = cJSON_CreateObject();
    char name[16], weapons[512] = "";
    band_name(x->band, name, sizeof name);
    cJSON_AddStringToObject(e, "direction", d ? "b->a" : "a->b");
    cJSON_AddStringToObject(e, "attacker", x->atk->label);
    cJSON_AddStringToObject(e, "defender", x->def->label);
    cJSON_AddStringToObject(e, "band", name);
    cJSON_AddStringToObject(e, "cover", x->band ? no_army_cover_names[x->cover] : "none (melee)");
    cJSON_AddBoolToObject(e, "reaches", x->nchoices > 0);
    if (!x->nchoices)
        return e;
    cJSON_AddBoolToObject(e, "computed", x->computed);
    if (!x->computed) {
        cJSON_AddStringToObject(e, "why", x->err);
        return e;
    }
    no_army_choice_text(&x->choice[x->best], weapons, sizeof weapons);
    cJSON_AddStringToObject(e, "weapons", weapons);
    cJSON_AddNumberToObject(e, "choices_tried", x->nchoices);
    cJSON_AddNumberToObject(e, "mean_wounds", x->r.mean.p);
    cJSON_AddNumberToObject(e, "mean_wounds_stderr", x->r.mean.se);
    cJSON_AddNumberToObject(e, "p_wiped", x->r.wiped.p);
    cJSON_AddNumberToObject(e, "p_wiped_stderr", x->r.wiped.se);
    cJSON_AddNumberToObject(e, "defeated_mean", x->r.defeated.p);
    cJSON_AddNumberToObject(e, "defeated_mean_stderr", x->r.defeated.se);
    return e;
}

static void cells_csv(FILE *f, const cell *c, int n, int d)
{
    for (int k = 0; k < n; k++) {
        const cell *x = &c[k];
        if (!x->computed || (!x->band && x->cover))
            continue; /* melee once: it has no cover */
        char name[16], weapons[512];
        band_name(x->band, name, sizeof name);
        no_army_choice_text(&x->choice[x->best], weapons, sizeof weapons);
        fprintf(f, "%s,", d ? "b->a" : "a->b");
        rep_csv_text(f, x->atk->unit->card->string);
        fprintf(f, ",%d,", x->atk->count);
        rep_csv_text(f, x->def->unit->card->string);
        fprintf(f, ",%d,%s,%s,", x->def->count, name, x->band ? no_army_cover_names[x->cover] : "none (melee)");
        rep_csv_text(f, weapons);
        fprintf(f, ",%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", x->r.mean.p, x->r.mean.se, x->r.wiped.p,
                x->r.wiped.se, x->r.defeated.p, x->r.defeated.se);
    }
}

/* The heatmap's view of the cells: group names and the mean wounds at the chart's band and cover. */
typedef struct heat {
    const cell *c;
    const layout *l;
    const group *const *g;
    int band, cover;
} heat;

static const char *heat_name(const void *ctx, int d, int i) { return ((const heat *)ctx)->g[d][i].label; }

static double heat_value(const void *ctx, int d, int i, int j)
{
    const heat *h = ctx;
    const cell *x = &h->c[at(h->l, d, i, j, h->band, h->cover)];
    return x->computed ? x->r.mean.p : NAN;
}

/* Both directions in one matrix, every unit of A and of B down the side and across the top, each
 * cell the row's mean wounds on the column at the chart's band and cover. */
static int heatmap(const cell *c, const layout *l, const group *const g[2], const no_army_matchup_opts *o,
                   const char *names[2], const char *tokens, const char *data_date, char *err, size_t errlen)
{
    char band[16], sub[200], foot[200], title[600];
    band_name(o->band, band, sizeof band);
    snprintf(sub, sizeof sub, "mean wounds of one attack by each row's unit on each column's, %s%s%s, tokens %s", band,
             o->band ? ", cover " : "", o->band ? no_army_cover_names[o->cover] : "", *tokens ? tokens : "none");
    snprintf(foot, sizeof foot, "Legion · rules legion-2026 · policy per-attack · %s · data %s · neverodds %s",
             no_run_is_exact(&o->run) ? "exact" : "Monte Carlo", data_date, NO_VERSION);
    snprintf(title, sizeof title, "who hurts whom: %s (A) and %s (B)", names[0], names[1]);
    no_plot_grid words = {.title = title, .subtitle = sub, .footnote = foot, .value_label = "mean wounds"};
    heat h = {.c = c, .l = l, .g = g, .band = o->band, .cover = o->cover};
    no_plot_sides sides = {.n = {l->n[0], l->n[1]}, .name = heat_name, .value = heat_value, .ctx = &h};
    return no_plot_matchup(o->plot, &o->style, &words, &sides, err, errlen) ? 1 : 0;
}

static const char assumptions[] =
    "each unit attacks once, its miniatures armed the way that gives the most mean wounds (each\n"
    "miniature one weapon in reach, L1509-L1526; an added miniature its own weapon); every\n"
    "miniature in range and line of sight; melee has no cover (L1577), and vehicles may fight in\n"
    "melee (L1885, L1898); a vehicle gets no cover from terrain (L1888, L1900); units alike share a row\n"
    "(×n); keywords of the cards and weapons as modelled, upgrades other than weapons and\n"
    "miniatures not modelled (neverodds army lists them)";

int no_army_matchup(FILE *f, const no_army *a, const char *a_source, const no_army *b, const char *b_source,
                    const no_army_matchup_opts *o, char *err, size_t errlen)
{
    group ga[NO_ARMY_MAX_UNITS], gb[NO_ARMY_MAX_UNITS];
    const group *g[2] = {ga, gb};
    layout l = {.n = {group_army(a, ga), group_army(b, gb)}};
    l.per = l.n[0] * l.n[1] * NO_ARMY_BANDS * NO_ARMY_COVERS;
    cell *c = calloc((size_t)(l.per ? 2 * l.per : 1), sizeof *c);
    if (!c)
        abort();
    /* melee is run once (no cover) and copied to the other covers */
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < l.n[d]; i++)
            for (int j = 0; j < l.n[!d]; j++)
                for (int b = 0; b < NO_ARMY_BANDS; b++)
                    for (int v = 0; v < NO_ARMY_COVERS; v++) {
                        cell *x = &c[at(&l, d, i, j, b, v)];
                        *x = (cell){.atk = &g[d][i], .def = &g[!d][j], .band = b, .cover = v};
                        if (b || !v)
                            x->nchoices = no_army_choices(x->atk->unit, b, x->choice, NO_ARMY_MAX_CHOICES);
                    }
    run_cells(c, 2 * l.per, o);
    int any = 0;
    for (int k = 0; k < 2 * l.per; k++) {
        if (!c[k].band && c[k].cover) {
            cell *melee = &c[k - c[k].cover];
            c[k] = *melee;
            c[k].cover = k % NO_ARMY_COVERS;
        }
        any |= c[k].computed;
    }
    if (!any && l.per) {
        snprintf(err, errlen, "no attack of the matchup could be run");
        for (int k = 0; k < 2 * l.per; k++)
            if (c[k].nchoices && *c[k].err) {
                snprintf(err, errlen, "%s", c[k].err);
                break;
            }
        free(c);
        return -1;
    }
    const char *data_date = jr_entry_text(a->library, "data_date", "?");
    /* the chart's names: the army's title, else its faction's army (a link is long), else its file */
    char names_buf[2][160];
    const no_army *army_of[2] = {a, b};
    const char *source_of[2] = {a_source, b_source}, *names[2];
    for (int d = 0; d < 2; d++) {
        const no_army *x = army_of[d];
        if (*x->title || !*x->faction)
            snprintf(names_buf[d], sizeof names_buf[d], "%s", *x->title ? x->title : source_of[d]);
        else
            snprintf(names_buf[d], sizeof names_buf[d], "the %s army", x->faction);
        names[d] = names_buf[d];
    }
    const char *method = no_run_is_exact(&o->run) ? "exact" : "Monte Carlo";
    char tokens[64] = "";
    for (int k = 0; k < 3; k++)
        if (o->tokens & 1 << k)
            snprintf(tokens + strlen(tokens), sizeof tokens - strlen(tokens), "%s%s", *tokens ? "," : "",
                     token_names[k]);
    int rc = o->plot ? heatmap(c, &l, g, o, names, tokens, data_date, err, errlen) : 0;
    if (o->format == NO_FMT_JSON) {
        cJSON *root = cJSON_CreateObject();
        cJSON_AddStringToObject(root, "neverodds", NO_VERSION);
        cJSON_AddStringToObject(root, "game", "legion");
        cJSON_AddStringToObject(root, "rules", "legion-2026");
        cJSON_AddStringToObject(root, "policy", "per-attack");
        cJSON_AddStringToObject(root, "data", data_date);
        cJSON_AddStringToObject(root, "method", no_run_is_exact(&o->run) ? "exact" : "monte-carlo");
        cJSON_AddStringToObject(root, "tokens", *tokens ? tokens : "none");
        cJSON_AddStringToObject(root, "assumptions", assumptions);
        side_json(root, "a", a, a_source, ga, l.n[0]);
        side_json(root, "b", b, b_source, gb, l.n[1]);
        cJSON *cells = cJSON_AddArrayToObject(root, "cells"), *fire = cJSON_AddArrayToObject(root, "army_fire");
        for (int d = 0; d < 2; d++)
            for (int k = 0; k < l.per; k++)
                if (c[d * l.per + k].band || !c[d * l.per + k].cover) /* melee once: it has no cover */
                    cJSON_AddItemToArray(cells, cell_json(&c[d * l.per + k], d));
        for (int d = 0; d < 2; d++)
            for (int j = 0; j < l.n[!d]; j++)
                for (int b = 0; b < NO_ARMY_BANDS; b++)
                    for (int v = 0; v < NO_ARMY_COVERS; v++) {
                        char name[16];
                        double se, m = army_fire(c, &l, d, j, b, v, &se);
                        band_name(b, name, sizeof name);
                        cJSON *e = cJSON_CreateObject();
                        cJSON_AddStringToObject(e, "direction", d ? "b->a" : "a->b");
                        cJSON_AddStringToObject(e, "defender", g[!d][j].label);
                        cJSON_AddNumberToObject(e, "health", health(g[!d][j].unit));
                        cJSON_AddStringToObject(e, "band", name);
                        cJSON_AddStringToObject(e, "cover", no_army_cover_names[v]);
                        cJSON_AddNumberToObject(e, "mean_wounds", m);
                        cJSON_AddNumberToObject(e, "mean_wounds_stderr", se);
                        cJSON_AddItemToArray(fire, e);
                    }
        rep_print_json(f, root);
    } else if (o->format == NO_FMT_CSV) {
        fputs("direction,attacker,attacker_count,defender,defender_count,band,cover,weapons,mean_wounds,"
              "mean_wounds_stderr,p_wiped,p_wiped_stderr,defeated_mean,defeated_mean_stderr\n",
              f);
        for (int d = 0; d < 2; d++)
            cells_csv(f, c + d * l.per, l.per, d);
    } else {
        fprintf(f, "neverodds %s — Legion matchup, rules legion-2026, policy per-attack, %s; data %s\n", NO_VERSION,
                method, data_date);
        const no_army *army[2] = {a, b};
        const char *source[2] = {a_source, b_source};
        for (int d = 0; d < 2; d++)
            fprintf(f, "%s: %s (%s%s%s, faction %s%s, %d unit%s)\n", d ? "B" : "A", source[d], army[d]->format,
                    *army[d]->title ? ", " : "", army[d]->title, *army[d]->faction ? army[d]->faction : "not given",
                    army[d]->faction_assumed ? " (assumed: its units')" : "", l.n[d], l.n[d] == 1 ? "" : "s");
        fprintf(f, "tokens: %s (--tokens aim,dodge,surge: the attacker's aim and surge, the defender's dodge and surge)\n",
                *tokens ? tokens : "none");
        fprintf(f, "assumptions: %s\n", assumptions);
        for (int d = 0; d < 2; d++)
            for (int defeated = 0; defeated < 2; defeated++)
                cells_text(f, c, &l, d, defeated);
        for (int d = 0; d < 2; d++)
            fire_text(f, c, &l, d, g[!d]);
    }
    free(c);
    return rc;
}
