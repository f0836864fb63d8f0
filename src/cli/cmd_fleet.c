/* cmd_fleet.c — `neverodds fleet FILE`: an Armada fleet from a list builder's text export
 * (armada_fleet.c) as text or JSON; and `matchup` of two such fleets (fleet_matchup.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "io/jsonread.h"
#include "neverodds/armada.h"
#include "neverodds/fleet.h"
#include "neverodds/fleet_matchup.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_fleet[] =
    "usage: neverodds fleet FILE [--strict] [--format text|json]\n"
    "\n"
    "Reads an Armada fleet as the list builders export it as text: Star Forge (Name:, Faction:,\n"
    "Commander:, ships with \"• Upgrade (points)\" lines, \"Squadrons:\", \"Total Points:\"), Armada\n"
    "Fleet Designer (\"NAME (squadrons/total/limit)\" over a rule of =, \"Ship (44 + 27: 71)\",\n"
    "\"· Upgrade (4)\", objectives one a line) and Armada Warlords (\"Assault Objective:\", \"Ship\n"
    "(44 points)\", \"- Upgrade ( 4 points)\", \"= 71 total ship cost\", \"2 X-wing Squadrons (26\n"
    "points)\"), against profiles/armada/units.json (armada-data, 2020). Prints each ship with its\n"
    "points, hull, speed, command, squadron and engineering values, each hull zone's battery and\n"
    "shields, anti-squadron dice and defense tokens, and its upgrades (not modelled); then the\n"
    "squadrons, alike ones counted.\n"
    "A ship or squadron the data does not know is an error naming the line and the nearest names;\n"
    "an upgrade, commander or objective it does not know is left out with a warning, and points\n"
    "the data prices otherwise are a warning naming both.\n"
    "\n"
    "  --strict        an upgrade, commander or objective the data does not know is an error\n"
    "  --format F      text (default) or json\n"
    "\n"
    "Exit status: 0 ok, 2 bad input.\n";

#define zones no_armada_zone_names
static const char *const colours[] = {"red", "blue", "black"};

static void dice_text(const cJSON *d, char *out, size_t n)
{
    snprintf(out, n, "%d red %d blue %d black", jr_entry_int(d, "red", 0), jr_entry_int(d, "blue", 0),
             jr_entry_int(d, "black", 0));
}

/* A list of strings as "a, b, c" ("none" when empty). */
static void list_text(const cJSON *list, char *out, size_t n)
{
    *out = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, list)
        if (cJSON_IsString(e))
            snprintf(out + strlen(out), n - strlen(out), "%s%s", *out ? ", " : "", e->valuestring);
    if (!*out)
        snprintf(out, n, "none");
}

/* A squadron's keywords: "bomber, escort, counter 2, grit" ("none"). */
static void keywords_text(const cJSON *card, char *out, size_t n)
{
    *out = 0;
    const cJSON *k;
    cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(card, "keywords")) {
        if (cJSON_IsTrue(k))
            snprintf(out + strlen(out), n - strlen(out), "%s%s", *out ? ", " : "", k->string);
        else if (cJSON_IsNumber(k) && k->valueint > 0)
            snprintf(out + strlen(out), n - strlen(out), "%s%s %d", *out ? ", " : "", k->string, k->valueint);
    }
    const cJSON *o;
    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(card, "other_keywords"))
        if (cJSON_IsString(o))
            snprintf(out + strlen(out), n - strlen(out), "%s%s", *out ? ", " : "", o->valuestring);
    if (!*out)
        snprintf(out, n, "none");
}

static void print_ship(int index, const no_fleet_ship *s)
{
    const cJSON *c = s->card;
    char text[512];
    printf("%3d  %s (%s), %d points with upgrades (ship %d), line %d\n", index, jr_entry_text(c, "name", "?"),
           c->string, no_fleet_ship_points(s), jr_entry_int(c, "points", 0), s->line);
    printf("     %s, hull %d, speed up to %d, command %d, squadron %d, engineering %d\n",
           jr_entry_text(c, "size", "?"), jr_entry_int(c, "hull", 0), jr_entry_int(c, "max_speed", 0),
           jr_entry_int(c, "command", 0), jr_entry_int(c, "squadron", 0), jr_entry_int(c, "engineering", 0));
    printf("     zone   battery                 shields\n");
    const cJSON *battery = cJSON_GetObjectItemCaseSensitive(c, "battery");
    const cJSON *shields = cJSON_GetObjectItemCaseSensitive(c, "shields");
    for (int z = 0; z < 4; z++) {
        dice_text(cJSON_GetObjectItemCaseSensitive(battery, zones[z]), text, sizeof text);
        printf("     %-6s %-23s %d\n", zones[z], text, jr_entry_int(shields, zones[z], 0));
    }
    dice_text(cJSON_GetObjectItemCaseSensitive(c, "anti_squadron"), text, sizeof text);
    printf("     anti-squadron  %s\n", text);
    list_text(cJSON_GetObjectItemCaseSensitive(c, "tokens"), text, sizeof text);
    printf("     defense tokens %s\n", text);
    if (s->nupgrades) {
        printf("     upgrades (not modelled):");
        for (int i = 0; i < s->nupgrades; i++) {
            const cJSON *u = s->upgrades[i];
            const cJSON *slot = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(u, "slots"), 0);
            printf("%s %s (%s, %d)", i ? "," : "", jr_entry_text(u, "name", "?"),
                   cJSON_IsString(slot) ? slot->valuestring : "?", jr_entry_int(u, "points", 0));
        }
        printf("\n");
    }
}

static void print_squadron(const no_fleet_squadron *q)
{
    const cJSON *c = q->card;
    char text[512], more[512];
    int each = jr_entry_int(c, "points", 0);
    printf("     %s (%s) x%d, %d points%s%s\n", jr_entry_text(c, "name", "?"), c->string, q->count,
           each * q->count, q->count > 1 ? " in all" : "",
           cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "unique")) ? ", unique" : "");
    dice_text(cJSON_GetObjectItemCaseSensitive(c, "anti_squadron"), text, sizeof text);
    dice_text(cJSON_GetObjectItemCaseSensitive(c, "battery"), more, sizeof more);
    printf("       hull %d, speed %d, anti-squadron %s, anti-ship %s\n", jr_entry_int(c, "hull", 0),
           jr_entry_int(c, "speed", 0), text, more);
    keywords_text(c, text, sizeof text);
    list_text(cJSON_GetObjectItemCaseSensitive(c, "tokens"), more, sizeof more);
    printf("       keywords %s; defense tokens %s\n", text, more);
}

static void print_text(const char *file, const no_fleet *f)
{
    char text[512];
    printf("fleet: %s, %s%s%s%s, faction %s, commander %s\n", file, f->dialect, *f->name ? ", \"" : "", f->name,
           *f->name ? "\"" : "", f->faction, f->commander ? jr_entry_text(f->commander, "name", "?") : "none");
    printf("objectives: ");
    for (int i = 0; i < f->nobjectives; i++)
        printf("%s%s (%s)", i ? ", " : "", jr_entry_text(f->objectives[i], "name", "?"),
               jr_entry_text(f->objectives[i], "category", "?"));
    printf("%s\n", f->nobjectives ? "" : "none");
    int squadrons = 0, nsq = 0;
    for (int i = 0; i < f->nsquadrons; i++) {
        squadrons += f->squadrons[i].count * jr_entry_int(f->squadrons[i].card, "points", 0);
        nsq += f->squadrons[i].count;
    }
    snprintf(text, sizeof text, "%d", f->listed_total);
    printf("points: %d from the data (ships %d, squadrons %d; the list says %s)\n", no_fleet_points(f),
           no_fleet_points(f) - squadrons, squadrons, f->listed_total >= 0 ? text : "none");
    printf("data: %s\n", jr_entry_text(f->library, "source", "?"));
    for (int i = 0; i < f->nships; i++) {
        printf("\n");
        print_ship(i + 1, &f->ships[i]);
    }
    if (f->nsquadrons) {
        printf("\nsquadrons: %d, %d points\n", nsq, squadrons);
        for (int i = 0; i < f->nsquadrons; i++)
            print_squadron(&f->squadrons[i]);
    }
}

static cJSON *dice_json(const cJSON *d)
{
    cJSON *o = cJSON_CreateObject();
    for (int k = 0; k < 3; k++)
        cJSON_AddNumberToObject(o, colours[k], jr_entry_int(d, colours[k], 0));
    return o;
}

/* The card's id and name, and `keys` copied from it. */
static cJSON *card_json(const cJSON *card, const char *const *keys)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", card->string);
    cJSON_AddStringToObject(o, "name", jr_entry_text(card, "name", "?"));
    for (; *keys; keys++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(card, *keys);
        if (v)
            cJSON_AddItemToObject(o, *keys, cJSON_Duplicate(v, 1));
    }
    return o;
}

static void print_json(const char *file, const no_fleet *f)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "file", file);
    cJSON_AddStringToObject(root, "dialect", f->dialect);
    cJSON_AddStringToObject(root, "name", f->name);
    cJSON_AddStringToObject(root, "faction", f->faction);
    if (f->commander)
        cJSON_AddItemToObject(root, "commander", card_json(f->commander, (const char *const[]){"points", NULL}));
    else
        cJSON_AddNullToObject(root, "commander");
    cJSON *objs = cJSON_AddArrayToObject(root, "objectives");
    for (int i = 0; i < f->nobjectives; i++)
        cJSON_AddItemToArray(objs, card_json(f->objectives[i], (const char *const[]){"category", NULL}));
    cJSON *points = cJSON_AddObjectToObject(root, "points");
    cJSON_AddNumberToObject(points, "data", no_fleet_points(f));
    if (f->listed_total >= 0)
        cJSON_AddNumberToObject(points, "listed", f->listed_total);
    else
        cJSON_AddNullToObject(points, "listed");
    cJSON_AddStringToObject(root, "data", jr_entry_text(f->library, "source", "?"));
    cJSON *ships = cJSON_AddArrayToObject(root, "ships");
    static const char *const ship_keys[] = {"faction", "size", "points", "hull", "max_speed", "command", "squadron",
                                            "engineering", "tokens", NULL};
    for (int i = 0; i < f->nships; i++) {
        const no_fleet_ship *s = &f->ships[i];
        cJSON *o = card_json(s->card, ship_keys);
        cJSON_AddNumberToObject(o, "line", s->line);
        cJSON_AddNumberToObject(o, "points_with_upgrades", no_fleet_ship_points(s));
        cJSON *zs = cJSON_AddObjectToObject(o, "zones");
        for (int z = 0; z < 4; z++) {
            cJSON *zo = cJSON_AddObjectToObject(zs, zones[z]);
            cJSON_AddItemToObject(zo, "battery", dice_json(cJSON_GetObjectItemCaseSensitive(
                                                     cJSON_GetObjectItemCaseSensitive(s->card, "battery"), zones[z])));
            cJSON_AddNumberToObject(zo, "shields",
                                    jr_entry_int(cJSON_GetObjectItemCaseSensitive(s->card, "shields"), zones[z], 0));
        }
        cJSON_AddItemToObject(o, "anti_squadron", dice_json(cJSON_GetObjectItemCaseSensitive(s->card, "anti_squadron")));
        cJSON *ups = cJSON_AddArrayToObject(o, "upgrades");
        for (int k = 0; k < s->nupgrades; k++) {
            cJSON *u = card_json(s->upgrades[k], (const char *const[]){"slots", "points", NULL});
            cJSON_AddBoolToObject(u, "modelled", 0);
            cJSON_AddItemToArray(ups, u);
        }
        cJSON_AddItemToArray(ships, o);
    }
    cJSON *sqs = cJSON_AddArrayToObject(root, "squadrons");
    static const char *const squadron_keys[] = {"faction", "unique", "points", "hull", "speed", "keywords",
                                                "other_keywords", "tokens", NULL};
    for (int i = 0; i < f->nsquadrons; i++) {
        const no_fleet_squadron *q = &f->squadrons[i];
        cJSON *o = card_json(q->card, squadron_keys);
        cJSON_AddNumberToObject(o, "count", q->count);
        cJSON_AddNumberToObject(o, "line", q->line);
        cJSON_AddItemToObject(o, "anti_squadron", dice_json(cJSON_GetObjectItemCaseSensitive(q->card, "anti_squadron")));
        cJSON_AddItemToObject(o, "anti_ship", dice_json(cJSON_GetObjectItemCaseSensitive(q->card, "battery")));
        cJSON_AddItemToArray(sqs, o);
    }
    char *out = cJSON_Print(root);
    if (!out)
        abort();
    printf("%s\n", out);
    free(out);
    cJSON_Delete(root);
}

int cmd_fleet(int argc, char **argv)
{
    common_opts c;
    common_defaults(&c);
    const char *file = NULL;
    int strict = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_fleet, stdout);
            return 0;
        } else if (!strcmp(a, "--strict")) {
            strict = 1;
        } else if (a[0] != '-' || !a[1]) {
            if (file)
                return usage_error("fleet: one fleet file (got '%s' more)", a);
            file = a;
        } else if (strcmp(a, "--format")) {
            return unknown_option(a, (const char *const[]){"--strict", "--format", NULL}, 0);
        } else if ((r = common_option(argc, argv, &i, &c)) != 0) {
            return r;
        }
    }
    if (!file)
        return usage_error("%s", "fleet: expected a fleet file (a list builder's text export)");
    if (c.format == NO_FMT_CSV)
        return usage_error("%s", "fleet: --format: expected text or json");
    no_fleet *f = calloc(1, sizeof *f);
    if (!f)
        abort();
    char err[NO_ERR_LEN];
    int rc = no_fleet_load(file, strict, f, err, sizeof err);
    print_warnings(f->warnings); /* each card left out or priced otherwise, said even when a later line fails */
    if (rc) {
        fprintf(stderr, "neverodds: %s\n", err);
    } else if (c.format == NO_FMT_JSON) {
        print_json(file, f);
    } else {
        print_text(file, f);
    }
    no_fleet_free(f);
    free(f);
    if (rc)
        return EXIT_USAGE;
    return flush_stdout();
}

/* Is the file an Armada fleet's text (not JSON)? -1 when it cannot be read (the reader says why). */
static int is_fleet_file(const char *path)
{
    char err[NO_ERR_LEN];
    char *text = jr_read_file(path, err, sizeof err);
    if (!text)
        return -1;
    int fleet = no_fleet_is_text(text);
    free(text);
    return fleet;
}

int fleet_matchup(const char *const files[2], const common_opts *c, int tokens_given)
{
    int is[2] = {is_fleet_file(files[0]), is_fleet_file(files[1])};
    if (is[0] <= 0 && is[1] <= 0)
        return -1;
    if (is[0] <= 0 || is[1] <= 0) {
        fprintf(stderr, "neverodds: matchup: %s is an Armada fleet and %s is not: two fleets (text exports) or two "
                        "X-Wing squads (XWS)\n", files[is[0] > 0 ? 0 : 1], files[is[0] > 0 ? 1 : 0]);
        return EXIT_USAGE;
    }
    if (tokens_given)
        return usage_error("matchup: '%s' does not apply to Armada fleets", "--tokens");
    no_fleet *f[2] = {calloc(1, sizeof *f[0]), calloc(1, sizeof *f[1])};
    if (!f[0] || !f[1])
        abort();
    char err[NO_ERR_LEN];
    int rc = 0;
    for (int s = 0; s < 2 && !rc; s++) {
        rc = no_fleet_load(files[s], 0, f[s], err, sizeof err);
        print_warnings(f[s]->warnings);
    }
    if (!rc) {
        no_fleet_matchup_opts o = {.run = c->run, .format = c->format, .plot = c->plot, .style = c->chart};
        rc = no_fleet_matchup(stdout, files, (const no_fleet *const[]){f[0], f[1]}, &o, err, sizeof err);
    }
    if (rc)
        fprintf(stderr, "neverodds: %s\n", err);
    for (int s = 0; s < 2; s++) {
        no_fleet_free(f[s]);
        free(f[s]);
    }
    if (rc < 0)
        return EXIT_USAGE;
    int flushed = flush_stdout();
    return rc ? rc : flushed; /* 1: the chart could not be drawn, the tables are printed */
}
