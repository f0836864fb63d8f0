/* cmd_list.c — `neverodds list KIND [TEXT]`: the ids a scenario or a squad may name, found by a
 * piece of their id or name: X-Wing pilots, ships, upgrades, abilities and dice cards, Legion
 * units and upgrades, Armada ships and squadrons. Each kind is a row of a table: which library, which
 * section, and which facts of an entry to print. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "io/jsonread.h"
#include "report/format.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct listing {
    const char *kind, *game, *relpath, *section;
    const char *facts[5]; /* members of an entry printed after its name (strings, numbers, lists) */
    int by_index;         /* the section is a list whose entries name themselves in "id" */
} listing;

static const listing listings[] = {
    {"pilots", "xwing", "xwing/ships.json", "pilots", {"ship", "faction", "initiative"}, 0},
    {"ships", "xwing", "xwing/ships.json", "ships", {"size", "factions"}, 0},
    {"upgrades", "xwing", "xwing/ships.json", "upgrades", {"slots", "cost"}, 0},
    {"abilities", "xwing", "xwing/abilities.json", "abilities", {"xws", "type", "summary", "assumes"}, 0},
    {"abilities", "xwing1", "xwing1/abilities.json", "abilities", {"type", "summary", "assumes"}, 0},
    {"dice-cards", "xwing", "xwing/dice-cards.json", "cards", {"type", "status", "ability", "reason"}, 1},
    {"units", "legion", "legion/units.json", "units", {"title", "faction", "rank", "minis", "wounds"}, 0},
    {"upgrades", "legion", "legion/units.json", "upgrades", {"slot", "points"}, 0},
    {"ships", "armada", "armada/units.json", "ships", {"faction", "size", "hull"}, 0},
    {"squadrons", "armada", "armada/units.json", "squadrons", {"faction", "hull", "speed"}, 0},
};
#define NLISTINGS (sizeof listings / sizeof *listings)

static const char usage_list[] =
    "usage: neverodds list KIND [TEXT] [--game xwing|xwing1|legion|armada] [--format text|json|csv]\n"
    "\n"
    "The ids a scenario or a squad may name, with what the library knows of each; TEXT keeps\n"
    "those whose id or name contains it (any case).\n"
    "  X-Wing:  pilots, ships, upgrades, abilities (the dice abilities modelled),\n"
    "           dice-cards (every card that acts on dice: modelled, or why not);\n"
    "           first edition (--game xwing1): abilities\n"
    "  Legion:  units, upgrades (with --game legion)\n"
    "  Armada:  ships (with --game armada), squadrons\n"
    "\n"
    "Exit status: 0 ok (also when nothing matches: the count says 0), 2 bad input.\n";

static int contains(const char *hay, const char *needle)
{
    for (; hay && *hay; hay++) {
        size_t k = 0;
        while (needle[k] && tolower((unsigned char)hay[k]) == tolower((unsigned char)needle[k]))
            k++;
        if (!needle[k])
            return 1;
    }
    return !*needle;
}

/* A fact of an entry as text: a string, a number, or a list of them joined by " ". */
static void fact_text(const cJSON *v, char *out, size_t n)
{
    *out = 0;
    if (cJSON_IsString(v))
        snprintf(out, n, "%s", v->valuestring);
    else if (cJSON_IsNumber(v))
        snprintf(out, n, "%g", v->valuedouble);
    else if (cJSON_IsArray(v)) {
        const cJSON *e;
        cJSON_ArrayForEach(e, v)
        {
            char one[64];
            fact_text(e, one, sizeof one);
            snprintf(out + strlen(out), n - strlen(out), "%s%s", *out ? " " : "", one);
        }
    }
}

static const listing *find_listing(const char *kind, const char *game)
{
    for (size_t i = 0; i < NLISTINGS; i++)
        if (!strcmp(listings[i].kind, kind) && (!game || !strcmp(listings[i].game, game)))
            return &listings[i];
    return NULL;
}

static void print_list(const listing *l, const cJSON *section, const char *text, int format)
{
    cJSON *rows = cJSON_CreateArray();
    const cJSON *e;
    int n = 0;
    if (format == NO_FMT_CSV) {
        fputs("id,name", stdout);
        for (int f = 0; f < 5 && l->facts[f]; f++)
            printf(",%s", l->facts[f]);
        fputc('\n', stdout);
    }
    cJSON_ArrayForEach(e, section)
    {
        const char *id = l->by_index ? jr_entry_text(e, "id", NULL) : e->string;
        const char *name = jr_entry_text(e, "name", "");
        if (!id || !(contains(id, text) || contains(name, text)))
            continue;
        n++;
        char facts[5][1024]; /* an ability's summary runs to 600 characters */
        for (int f = 0; f < 5; f++)
            fact_text(l->facts[f] ? cJSON_GetObjectItem(e, l->facts[f]) : NULL, facts[f], sizeof facts[f]);
        if (format == NO_FMT_JSON) {
            cJSON *row = cJSON_CreateObject();
            cJSON_AddStringToObject(row, "id", id);
            cJSON_AddStringToObject(row, "name", name);
            for (int f = 0; f < 5 && l->facts[f]; f++)
                cJSON_AddStringToObject(row, l->facts[f], facts[f]);
            cJSON_AddItemToArray(rows, row);
        } else if (format == NO_FMT_CSV) {
            rep_csv_text(stdout, id);
            fputc(',', stdout);
            rep_csv_text(stdout, name);
            for (int f = 0; f < 5 && l->facts[f]; f++) {
                fputc(',', stdout);
                rep_csv_text(stdout, facts[f]);
            }
            fputc('\n', stdout);
        } else {
            printf("%-40s %-32s", id, name);
            for (int f = 0; f < 5 && l->facts[f]; f++)
                if (*facts[f])
                    printf("  %s: %s", l->facts[f], facts[f]);
            fputc('\n', stdout);
        }
    }
    if (format == NO_FMT_JSON) {
        cJSON *root = cJSON_CreateObject();
        cJSON_AddStringToObject(root, "game", l->game);
        cJSON_AddStringToObject(root, "kind", l->kind);
        cJSON_AddStringToObject(root, "text", text);
        cJSON_AddNumberToObject(root, "count", n);
        cJSON_AddItemToObject(root, "entries", rows);
        rep_print_json(stdout, root);
        return;
    }
    cJSON_Delete(rows);
    if (format == NO_FMT_TEXT)
        printf("%d %s %s%s%s%s\n", n, l->game, l->kind, *text ? " matching \"" : "", text, *text ? "\"" : "");
}

/* Appends `name` to the list "a, b" unless it is there already. */
static void add_name(char *list, size_t n, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += len)
        if ((p == list || p[-1] == ' ') && (!p[len] || p[len] == ','))
            return;
    snprintf(list + strlen(list), n - strlen(list), "%s%s", *list ? ", " : "", name);
}

/* A game, or a kind (of that game), that no row has: the error, with the nearest and the names
 * there are. */
static int unknown_listing(const char *kind, const char *game)
{
    int game_known = !game;
    for (size_t i = 0; i < NLISTINGS; i++)
        game_known |= game && !strcmp(listings[i].game, game);
    const char *word = game_known ? kind : game;
    char names[160] = "", near[160], fmt[400];
    jr_near q;
    jr_near_start(&q, word);
    for (size_t i = 0; i < NLISTINGS; i++) {
        const char *name = !game_known ? listings[i].game : listings[i].kind;
        if (!game_known || !game || !strcmp(listings[i].game, game)) {
            jr_near_add(&q, name);
            add_name(names, sizeof names, name);
        }
    }
    jr_near_text(&q, near, sizeof near);
    if (!game_known)
        snprintf(fmt, sizeof fmt, "list: --game: unknown game '%%s'%s (%s)", near, names);
    else if (game)
        snprintf(fmt, sizeof fmt, "list: unknown kind '%%s' for %s%s (%s lists %s)", game, near, game, names);
    else
        snprintf(fmt, sizeof fmt, "list: unknown kind '%%s'%s (%s)", near, names);
    return usage_error(fmt, word);
}

int cmd_list(int argc, char **argv)
{
    const char *kind = NULL, *text = "", *game = NULL;
    int format = NO_FMT_TEXT;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_list, stdout);
            return 0;
        } else if (!strcmp(a, "--game") || !strcmp(a, "--format")) {
            if (i + 1 >= argc)
                return usage_error("%s: expected a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--game"))
                game = v;
            else if ((format = !strcmp(v, "text") ? NO_FMT_TEXT : !strcmp(v, "json") ? NO_FMT_JSON
                                                                : !strcmp(v, "csv")   ? NO_FMT_CSV
                                                                                      : -1) < 0)
                return usage_error("--format: expected text, json or csv, got '%s'", v);
        } else if (a[0] == '-' && a[1]) {
            return unknown_option(a, (const char *const[]){"--game", "--format", NULL}, 0);
        } else if (!kind) {
            kind = a;
        } else if (!*text) {
            text = a;
        } else {
            return usage_error("list: one KIND and one TEXT (got '%s' more)", a);
        }
    }
    if (!kind)
        return usage_error("%s", "list: expected what to list: pilots, ships, upgrades, abilities, dice-cards, "
                                 "units, squadrons");
    const listing *l = find_listing(kind, game);
    if (!l)
        return unknown_listing(kind, game);
    char err[NO_ERR_LEN];
    jr j = {.file = l->relpath, .err = err, .errlen = sizeof err};
    jr_library lib = {0};
    const cJSON *doc = jr_library_doc(&j, &lib, l->relpath);
    if (!doc) {
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    print_list(l, cJSON_GetObjectItemCaseSensitive(doc, l->section), text, format);
    cJSON_Delete(lib.doc);
    return flush_stdout();
}
