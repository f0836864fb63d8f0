/* fleet_matchup.c — two Armada fleets, each attacking the other: every ship's hull zone on every
 * enemy ship's hull zone at close, medium and long range, squadrons on ships and on squadrons. */
#include "neverodds/fleet_matchup.h"
#include "neverodds/armada.h"
#include "neverodds/scenario.h"
#include "neverodds/table.h"
#include "neverodds/version.h"
#include "io/jsonread.h"
#include "report/format.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define zones no_armada_zone_names
static const char *const *const ranges = no_armada_range_names + AR_CLOSE; /* close, medium, long */
static const char *const directions[] = {"A attacks B", "B attacks A"};

char *no_fleet_scenario(const cJSON *atk, int atk_ship, int atk_zone, const cJSON *def, int def_ship, int def_zone,
                        int range)
{
    cJSON *root = cJSON_CreateObject();
    char name[400];
    snprintf(name, sizeof name, "%s%s%s attacks %s%s%s at %s", jr_entry_text(atk, "name", "?"), atk_ship ? " " : "",
             atk_ship ? zones[atk_zone] : "", jr_entry_text(def, "name", "?"), def_ship ? " " : "",
             def_ship ? zones[def_zone] : "", atk_ship ? ranges[range] : "distance 1");
    cJSON_AddStringToObject(root, "game", "armada");
    cJSON_AddStringToObject(root, "name", name);
    cJSON_AddStringToObject(root, "range", atk_ship ? ranges[range] : "distance-1");
    cJSON *a = cJSON_AddObjectToObject(root, "attacker");
    cJSON_AddStringToObject(a, atk_ship ? "ship" : "squadron", atk->string);
    if (atk_ship)
        cJSON_AddStringToObject(a, "zone", zones[atk_zone]);
    cJSON *d = cJSON_AddObjectToObject(root, "defender");
    cJSON_AddStringToObject(d, def_ship ? "ship" : "squadron", def->string);
    if (def_ship)
        cJSON_AddStringToObject(d, "zone", zones[def_zone]);
    return rep_json_text(root);
}

/* A fleet's ships (alike ones, the same card, one row: upgrades are not modelled) and squadrons. */
typedef struct unit {
    const cJSON *card;
    int ship, count;
    char label[200];
} unit;

static int fleet_units(const no_fleet *f, unit *u)
{
    int n = 0;
    for (int i = 0; i < f->nships; i++) {
        int k = 0;
        while (k < n && u[k].card != f->ships[i].card)
            k++;
        if (k == n)
            u[n++] = (unit){.card = f->ships[i].card, .ship = 1};
        u[k].count++;
    }
    for (int i = 0; i < f->nsquadrons; i++)
        u[n++] = (unit){.card = f->squadrons[i].card, .count = f->squadrons[i].count};
    for (int k = 0; k < n; k++)
        snprintf(u[k].label, sizeof u[k].label, u[k].count > 1 ? "%s ×%d" : "%s", jr_entry_text(u[k].card, "name", "?"),
                 u[k].count);
    return n;
}

/* The dice the attacker has for this target: a ship zone's battery on a ship, a squadron's
 * battery on a ship or its anti-squadron armament on a squadron. */
static int dice_for(const unit *atk, int zone, const unit *def)
{
    const cJSON *arm = cJSON_GetObjectItemCaseSensitive(atk->card, def->ship ? "battery" : "anti_squadron");
    if (atk->ship)
        arm = cJSON_GetObjectItemCaseSensitive(arm, zones[zone]);
    return jr_entry_int(arm, "red", 0) + jr_entry_int(arm, "blue", 0) + jr_entry_int(arm, "black", 0);
}

/* One row: an attacker (and its zone) on a defender (and its zone), at each range it has. */
typedef struct cell {
    const unit *atk, *def;
    int azone, dzone, nranges, dice; /* zones -1 for a squadron; nranges 3 for a ship, 1 a squadron */
    double mean[3], mean_se[3], kill[3], kill_se[3];
} cell;

enum { SHIP_ON_SHIP, SQUADRON_ON_SHIP, SQUADRON_ON_SQUADRON, NKINDS };
static const char *const kind_names[] = {"ship on ship", "squadron on ship (distance 1)",
                                         "squadron on squadron (distance 1)"};
static const char *const kind_ids[] = {"ship-on-ship", "squadron-on-ship", "squadron-on-squadron"}; /* CSV, JSON */

static int kind_of(const cell *c)
{
    return c->atk->ship ? SHIP_ON_SHIP : c->def->ship ? SQUADRON_ON_SHIP : SQUADRON_ON_SQUADRON;
}

static int run_cell(cell *c, const no_fleet_matchup_opts *o, char *err, size_t errlen)
{
    for (int r = 0; r < c->nranges && c->dice; r++) {
        char *json = no_fleet_scenario(c->atk->card, c->atk->ship, c->azone, c->def->card, c->def->ship, c->dzone, r);
        no_scenario sc;
        int rc = no_scenario_parse(json, "matchup", &sc, err, errlen);
        free(json);
        no_summary s;
        memset(&s, 0, sizeof s);
        if (rc || no_run(&sc, &o->run, &s, err, errlen))
            return -1;
        c->mean[r] = s.mean, c->mean_se[r] = s.mean_se;
        c->kill[r] = s.has_kill ? s.kill.p : 0, c->kill_se[r] = s.has_kill ? s.kill.se : 0;
        no_summary_free(&s);
    }
    return 0;
}

/* Every cell of one direction (a's units on b's) in the order the tables print them. */
static int direction_cells(const unit *a, int na, const unit *b, int nb, cell *out)
{
    int n = 0;
    for (int kind = 0; kind < NKINDS; kind++)
        for (int i = 0; i < na; i++)
            for (int k = 0; k < nb; k++) {
                if (a[i].ship != (kind == SHIP_ON_SHIP) || b[k].ship != (kind != SQUADRON_ON_SQUADRON))
                    continue;
                for (int az = 0; az < (a[i].ship ? 4 : 1); az++)
                    for (int dz = 0; dz < (b[k].ship ? 4 : 1); dz++)
                        out[n++] = (cell){.atk = &a[i], .def = &b[k], .azone = a[i].ship ? az : -1,
                                          .dzone = b[k].ship ? dz : -1, .nranges = a[i].ship ? 3 : 1,
                                          .dice = dice_for(&a[i], az, &b[k])};
            }
    return n;
}

/* `s` then spaces to `width` columns (at least one: a longer name is not cut). */
static void padded(FILE *f, const char *s, int width)
{
    int used = rep_columns(s, strlen(s));
    fprintf(f, "%s%*s", s, used < width ? width - used + 1 : 1, "");
}

/* A value of a row, or "-" when the attacker has no dice for the target. */
static void value(FILE *f, const cell *c, double v, int width, int digits)
{
    if (c->dice)
        fprintf(f, " %*.*f", width, digits, v);
    else
        fprintf(f, " %*s", width, "-");
}

static void cells_text(FILE *f, const cell *c, int n, int dir)
{
    for (int kind = 0; kind < NKINDS; kind++) {
        int shown = 0;
        for (int i = 0; i < n; i++) {
            if (kind_of(&c[i]) != kind)
                continue;
            if (!shown++) {
                fprintf(f, "\n%s: %s\n  ", directions[dir], kind_names[kind]);
                padded(f, "attacker", 34);
                if (kind == SHIP_ON_SHIP)
                    padded(f, "zone", 5);
                padded(f, "defender", 34);
                fprintf(f, "%-5s", kind == SQUADRON_ON_SQUADRON ? "" : "zone");
                if (kind == SHIP_ON_SHIP)
                    fprintf(f, " %8s %8s %8s %13s\n", "close", "medium", "long", "P(kill) close");
                else
                    fprintf(f, " %8s %13s\n", "mean", "P(kill)");
            }
            fprintf(f, "  ");
            padded(f, c[i].atk->label, 34);
            if (kind == SHIP_ON_SHIP)
                padded(f, zones[c[i].azone], 5);
            padded(f, c[i].def->label, 34);
            fprintf(f, "%-5s", kind == SQUADRON_ON_SQUADRON ? "" : zones[c[i].dzone]);
            for (int r = 0; r < c[i].nranges; r++)
                value(f, &c[i], c[i].mean[r], 8, 4);
            value(f, &c[i], c[i].kill[0], 13, 6);
            fprintf(f, "\n");
        }
    }
}

/* The summary of one direction: for each enemy unit, the best single volley at each range (any
 * attacker, any of its zones, any of the defender's), and all the squadrons attacking it once
 * each (the zone they hurt most). */
typedef struct best {
    double mean[3], squadrons;
    const cell *by[3];
    int squadron_zone;
} best;

static void summarise(const cell *c, int n, const unit *def, best *b)
{
    memset(b, 0, sizeof *b);
    b->squadron_zone = -1;
    double zone_sum[4] = {0};
    for (int i = 0; i < n; i++) {
        if (c[i].def != def || !c[i].dice)
            continue;
        if (c[i].atk->ship || !def->ship) {
            for (int r = 0; r < c[i].nranges; r++)
                if (!b->by[r] || c[i].mean[r] > b->mean[r])
                    b->mean[r] = c[i].mean[r], b->by[r] = &c[i];
        }
        if (!c[i].atk->ship)
            zone_sum[def->ship ? c[i].dzone : 0] += c[i].atk->count * c[i].mean[0];
    }
    for (int z = 0; z < (def->ship ? 4 : 1); z++)
        if (zone_sum[z] > b->squadrons || b->squadron_zone < 0)
            b->squadrons = zone_sum[z], b->squadron_zone = z;
}

static void summary_text(FILE *f, const cell *c, int n, const unit *def, int ndef, int dir)
{
    fprintf(f, "\n%s, summary: on each enemy, the best single volley at each range (on a squadron: at\n"
               "distance 1), and all the squadrons attacking it once each (on the zone they hurt most)\n  ",
            directions[dir]);
    padded(f, "defender", 34);
    fprintf(f, "%4s %8s %8s %8s  %-44s %10s\n", "hull", "close", "medium", "long", "best at medium (by)", "squadrons");
    for (int k = 0; k < ndef; k++) {
        best b;
        summarise(c, n, &def[k], &b);
        fprintf(f, "  ");
        padded(f, def[k].label, 34);
        fprintf(f, "%4d", jr_entry_int(def[k].card, "hull", 0));
        for (int r = 0; r < 3; r++)
            if (b.by[r] && (r == 0 || b.by[r]->nranges > r))
                fprintf(f, " %8.4f", b.mean[r]);
            else
                fprintf(f, " %8s", "-");
        char by[200] = "-";
        const cell *m = b.by[def[k].ship ? 1 : 0];
        if (m && m->atk->ship)
            snprintf(by, sizeof by, "%s %s on %s", jr_entry_text(m->atk->card, "name", "?"), zones[m->azone],
                     def[k].ship ? zones[m->dzone] : "it");
        else if (m)
            snprintf(by, sizeof by, "%s%s%s", jr_entry_text(m->atk->card, "name", "?"), def[k].ship ? " on " : "",
                     def[k].ship ? zones[m->dzone] : "");
        fprintf(f, "  ");
        padded(f, by, 44);
        if (b.squadron_zone >= 0 && b.squadrons > 0)
            fprintf(f, "%10.4f%s%s\n", b.squadrons, def[k].ship ? " on " : "", def[k].ship ? zones[b.squadron_zone] : "");
        else
            fprintf(f, "%10s\n", "-");
    }
}

/* Under Monte Carlo: the largest standard error of a mean and of a P(kill) in the direction. */
static void largest_errors(FILE *f, const cell *c, int n)
{
    double mean = 0, kill = 0;
    for (int i = 0; i < n; i++)
        for (int r = 0; r < c[i].nranges; r++) {
            mean = c[i].mean_se[r] > mean ? c[i].mean_se[r] : mean;
            kill = c[i].kill_se[r] > kill ? c[i].kill_se[r] : kill;
        }
    fprintf(f, "  Monte Carlo: the largest standard error of a mean %.4f, of a P(kill) %.6f\n", mean, kill);
}

static void cells_csv(FILE *f, const cell *c, int n, int dir)
{
    for (int i = 0; i < n; i++)
        for (int r = 0; r < c[i].nranges; r++) {
            fprintf(f, "%s,%s,", dir ? "B" : "A", kind_ids[kind_of(&c[i])]);
            rep_csv_text(f, jr_entry_text(c[i].atk->card, "name", "?"));
            fprintf(f, ",%s,%d,%s,", c[i].atk->card->string, c[i].atk->count, c[i].atk->ship ? zones[c[i].azone] : "");
            rep_csv_text(f, jr_entry_text(c[i].def->card, "name", "?"));
            fprintf(f, ",%s,%d,%s,%s,%d,%.12g,%.12g,%.12g,%.12g\n", c[i].def->card->string, c[i].def->count,
                    c[i].def->ship ? zones[c[i].dzone] : "", c[i].atk->ship ? ranges[r] : "distance-1", c[i].dice,
                    c[i].mean[r], c[i].mean_se[r], c[i].kill[r], c[i].kill_se[r]);
        }
}

static cJSON *cells_json(const cell *c, int n)
{
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "kind", kind_ids[kind_of(&c[i])]);
        cJSON_AddStringToObject(o, "attacker", c[i].atk->card->string);
        cJSON_AddNumberToObject(o, "attacker_count", c[i].atk->count);
        if (c[i].atk->ship)
            cJSON_AddStringToObject(o, "attacker_zone", zones[c[i].azone]);
        cJSON_AddStringToObject(o, "defender", c[i].def->card->string);
        cJSON_AddNumberToObject(o, "defender_count", c[i].def->count);
        if (c[i].def->ship)
            cJSON_AddStringToObject(o, "defender_zone", zones[c[i].dzone]);
        cJSON_AddNumberToObject(o, "dice", c[i].dice);
        cJSON *means = cJSON_AddObjectToObject(o, "mean_damage"), *kills = cJSON_AddObjectToObject(o, "p_kill");
        cJSON *mse = cJSON_AddObjectToObject(o, "mean_damage_stderr"), *kse = cJSON_AddObjectToObject(o, "p_kill_stderr");
        for (int r = 0; r < c[i].nranges; r++) {
            const char *key = c[i].atk->ship ? ranges[r] : "distance-1";
            cJSON_AddNumberToObject(means, key, c[i].mean[r]);
            cJSON_AddNumberToObject(kills, key, c[i].kill[r]);
            cJSON_AddNumberToObject(mse, key, c[i].mean_se[r]);
            cJSON_AddNumberToObject(kse, key, c[i].kill_se[r]);
        }
        cJSON_AddItemToArray(list, o);
    }
    return list;
}

static void fleet_line(FILE *f, const char *who, const char *file, const no_fleet *fl, const unit *u, int nu)
{
    int ships = 0, squadrons = 0;
    for (int k = 0; k < nu; k++)
        *(u[k].ship ? &ships : &squadrons) += u[k].count;
    fprintf(f, "%s: %s, %s%s%s%s (%s), %d ships, %d squadrons\n", who, file, fl->dialect, *fl->name ? ", \"" : "",
            fl->name, *fl->name ? "\"" : "", fl->faction, ships, squadrons);
}

/* The heatmap's view: each side's units, and the best single volley of one on an enemy unit (a
 * ship's best zone on the defender's worst-placed zone at medium range; a squadron at distance 1). */
typedef struct heat {
    const unit *const *u;
    cell *const *cells;
    const int *ncells;
} heat;

static const char *heat_name(const void *ctx, int d, int i) { return ((const heat *)ctx)->u[d][i].label; }

static double heat_value(const void *ctx, int d, int i, int j)
{
    const heat *h = ctx;
    const unit *atk = &h->u[d][i], *def = &h->u[!d][j];
    double best = NAN;
    for (int k = 0; k < h->ncells[d]; k++) {
        const cell *c = &h->cells[d][k];
        double v = c->mean[c->nranges > 1 ? AR_MEDIUM - AR_CLOSE : 0];
        if (c->atk == atk && c->def == def && c->dice && (isnan(best) || v > best))
            best = v;
    }
    return best;
}

static int heatmap(const no_fleet *const fleets[2], const char *const files[2], const unit *const u[2],
                   const int nu[2], cell *const cells[2], const int ncells[2], const no_fleet_matchup_opts *o,
                   char *err, size_t errlen)
{
    char title[600], foot[200];
    snprintf(title, sizeof title, "who hurts whom: %s (A) and %s (B)", *fleets[0]->name ? fleets[0]->name : files[0],
             *fleets[1]->name ? fleets[1]->name : files[1]);
    snprintf(foot, sizeof foot, "Armada · rules armada-core · policy per-attack · %s · data armada-data (2020) · neverodds %s",
             no_run_is_exact(&o->run) ? "exact" : "Monte Carlo", NO_VERSION);
    no_plot_grid words = {.title = title, .footnote = foot, .value_label = "mean damage",
                          .subtitle = "mean damage of each row's best single volley on each column: a ship's "
                                      "best zone pair at medium range, a squadron at distance 1"};
    heat h = {.u = u, .cells = cells, .ncells = ncells};
    no_plot_sides sides = {.n = {nu[0], nu[1]}, .name = heat_name, .value = heat_value, .ctx = &h};
    return no_plot_matchup(o->plot, &o->style, &words, &sides, err, errlen) ? 1 : 0;
}

#define MAX_UNITS (NO_FLEET_MAX_SHIPS + NO_FLEET_MAX_SQUADRONS)

int no_fleet_matchup(FILE *f, const char *const files[2], const no_fleet *const fleets[2],
                     const no_fleet_matchup_opts *o, char *err, size_t errlen)
{
    unit *u[2];
    int nu[2], ncells[2];
    cell *cells[2];
    for (int s = 0; s < 2; s++) {
        u[s] = calloc(MAX_UNITS, sizeof *u[s]);
        if (!u[s])
            abort();
        nu[s] = fleet_units(fleets[s], u[s]);
    }
    int rc = 0;
    for (int d = 0; d < 2; d++) {
        cells[d] = calloc((size_t)(nu[d] * nu[1 - d] * 16 + 1), sizeof *cells[d]);
        if (!cells[d])
            abort();
        ncells[d] = direction_cells(u[d], nu[d], u[1 - d], nu[1 - d], cells[d]);
        for (int i = 0; i < ncells[d] && !rc; i++)
            rc = run_cell(&cells[d][i], o, err, errlen);
    }
    int exact = no_run_is_exact(&o->run), drawn = 0;
    if (!rc && o->plot)
        drawn = heatmap(fleets, files, (const unit *const[]){u[0], u[1]}, nu, cells, ncells, o, err, errlen);
    if (!rc && o->format == NO_FMT_JSON) {
        cJSON *root = cJSON_CreateObject();
        cJSON_AddStringToObject(root, "neverodds", NO_VERSION);
        cJSON_AddStringToObject(root, "game", "armada");
        cJSON_AddStringToObject(root, "method", exact ? "exact" : "monte-carlo");
        cJSON_AddStringToObject(root, "data", jr_entry_text(fleets[0]->library, "source", "?"));
        for (int s = 0; s < 2; s++) {
            cJSON *side = cJSON_AddObjectToObject(root, s ? "b" : "a");
            cJSON_AddStringToObject(side, "file", files[s]);
            cJSON_AddStringToObject(side, "dialect", fleets[s]->dialect);
            cJSON_AddStringToObject(side, "name", fleets[s]->name);
            cJSON_AddStringToObject(side, "faction", fleets[s]->faction);
        }
        cJSON_AddItemToObject(root, "a_attacks_b", cells_json(cells[0], ncells[0]));
        cJSON_AddItemToObject(root, "b_attacks_a", cells_json(cells[1], ncells[1]));
        rep_print_json(f, root);
    } else if (!rc && o->format == NO_FMT_CSV) {
        fprintf(f, "direction,kind,attacker,attacker_id,attacker_count,attacker_zone,defender,defender_id,"
                   "defender_count,defender_zone,range,dice,mean_damage,mean_damage_stderr,p_kill,p_kill_stderr\n");
        for (int d = 0; d < 2; d++)
            cells_csv(f, cells[d], ncells[d], d);
    } else if (!rc) {
        fprintf(f, "neverodds %s — matchup, Armada, rules armada-core, policy per-attack, %s; data armada-data "
                   "(2020)\n", NO_VERSION, exact ? "exact" : "Monte Carlo");
        fleet_line(f, "A", files[0], fleets[0], u[0], nu[0]);
        fleet_line(f, "B", files[1], fleets[1], u[1], nu[1]);
        fprintf(f, "each row one attack: a ship's hull zone (a squadron: its armament at distance 1) on a\n"
                   "defender's hull zone, the defender fresh: its shields, hull and tokens from the data (ready;\n"
                   "Contain and Salvo left out, as the core rules); mean damage and P(kill) (destroyed by this\n"
                   "attack alone); upgrades and commanders not modelled; alike ships and squadrons share a row (×n);\n"
                   "-: the attacker has no dice for that target\n");
        for (int d = 0; d < 2; d++) {
            cells_text(f, cells[d], ncells[d], d);
            summary_text(f, cells[d], ncells[d], u[1 - d], nu[1 - d], d);
            if (!exact)
                largest_errors(f, cells[d], ncells[d]);
        }
    }
    for (int s = 0; s < 2; s++) {
        free(u[s]);
        free(cells[s]);
    }
    return rc ? -1 : drawn;
}
