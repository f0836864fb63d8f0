/* cmd_army.c — `neverodds army FILE|LINK`: a Legion army from a list builder's export, each unit's
 * defense and its attack pool by range (legion_army.c, legion_army_text.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "io/jsonread.h"
#include "neverodds/army.h"
#include "neverodds/army_matchup.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_army[] =
    "usage: neverodds army FILE|LINK [--strict]\n"
    "\n"
    "Reads a Legion army: a Legion HQ link (https://legionhq2.com/list/<faction>/<units>), a\n"
    "Tabletop Simulator JSON export (Legion HQ's or Tabletop Admiral's: names, not ids), or one of\n"
    "Legion HQ's text exports (tournament, standard, minimal: told apart by their content; the\n"
    "faction, which they do not give, assumed from the units), against profiles/legion/units.json\n"
    "(Legion HQ 2's card data), and prints each unit with its points, miniatures, defense and\n"
    "keywords, and the attack pool its miniatures form in melee and at range 1 to 5 (each\n"
    "miniature its best weapon in reach), with what is not modelled.\n"
    "A unit the data does not know is an error naming the nearest; an upgrade or command card it\n"
    "does not know, or one retired since the 2019 data, is left out with a warning.\n"
    "\n"
    "  --strict   any card the data does not know is an error\n"
    "\n"
    "Exit status: 0 ok, 2 bad input.\n";

#define MAX_RANGE 5

/* A keyword object as text: {"armor": 1, "deflect": true} is "armor 1, deflect". */
static void keywords_text(const cJSON *o, char *out, size_t n)
{
    *out = 0;
    const cJSON *k;
    cJSON_ArrayForEach(k, o) {
        size_t len = strlen(out);
        if (cJSON_IsNumber(k))
            snprintf(out + len, n - len, "%s%s %d", len ? ", " : "", k->string, k->valueint);
        else
            snprintf(out + len, n - len, "%s%s", len ? ", " : "", k->string);
    }
}

static void print_list(const char *label, const cJSON *list)
{
    if (!cJSON_GetArraySize(list))
        return;
    printf("     %s ", label);
    const cJSON *e;
    int first = 1;
    cJSON_ArrayForEach(e, list) {
        printf("%s%s", first ? "" : ", ", cJSON_IsString(e) ? e->valuestring : "?");
        first = 0;
    }
    printf("\n");
}

static void print_unit(int index, const no_army_unit *u)
{
    const cJSON *c = u->card;
    int points = jr_entry_int(c, "points", 0);
    for (int i = 0; i < u->nupgrades; i++)
        points += jr_entry_int(u->upgrades[i], "points", 0);
    printf("%3d  %s%s%s (%s), %s, %d points", index, jr_entry_text(c, "name", "?"),
           jr_entry_text(c, "title", NULL) ? ", " : "", jr_entry_text(c, "title", ""), c->string,
           jr_entry_text(c, "rank", "?"), points);
    if (u->count > 1)
        printf(" each, %d alike units", u->count);
    printf("\n");
    if (u->nupgrades) {
        printf("     upgrades ");
        for (int i = 0; i < u->nupgrades; i++)
            printf("%s%s (%s)", i ? ", " : "", jr_entry_text(u->upgrades[i], "name", "?"),
                   jr_entry_text(u->upgrades[i], "slot", "?"));
        printf("\n");
    }
    char kw[512];
    const cJSON *courage = cJSON_GetObjectItemCaseSensitive(c, "courage");
    int minis = no_army_minis(u);
    printf("     defense  %s die, surge %s, %d mini%s x %d wounds, Courage ", jr_entry_text(c, "defense", "?"),
           cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "surge_defense")) ? "block" : "none", minis,
           minis == 1 ? "" : "s", jr_entry_int(c, "wounds", 0));
    if (cJSON_IsNumber(courage))
        printf("%d", courage->valueint);
    else
        printf("-");
    if (jr_entry_int(c, "resilience", 0))
        printf(", Resilience %d", jr_entry_int(c, "resilience", 0));
    keywords_text(cJSON_GetObjectItemCaseSensitive(c, "defender_keywords"), kw, sizeof kw);
    printf(", %s\n", jr_entry_text(c, "type", "?"));
    if (*kw)
        printf("     keywords defending: %s\n", kw);
    keywords_text(cJSON_GetObjectItemCaseSensitive(c, "attacker_keywords"), kw, sizeof kw);
    printf("     attack   surge %s%s%s\n", jr_entry_text(c, "surge_attack", "none"), *kw ? "; " : "", kw);
    for (int r = 0; r <= MAX_RANGE; r++) {
        int dice[3];
        char used[512];
        if (!no_army_pool(u, r, dice, used, sizeof used))
            continue;
        char band[16];
        snprintf(band, sizeof band, r ? "range %d" : "melee", r);
        printf("       %-8s %2d red %2d black %2d white   %s\n", band, dice[0], dice[1], dice[2], used);
    }
    print_list("not modelled:", cJSON_GetObjectItemCaseSensitive(c, "unmodelled"));
    for (int i = 0; i < u->nupgrades; i++) {
        const cJSON *un = cJSON_GetObjectItemCaseSensitive(u->upgrades[i], "unmodelled");
        if (cJSON_GetArraySize(un)) {
            char label[96];
            snprintf(label, sizeof label, "%s, not modelled:", jr_entry_text(u->upgrades[i], "name", "?"));
            print_list(label, un);
        }
    }
}

static const char usage_army_matchup[] =
    "usage: neverodds matchup ARMY_A ARMY_B [options]   (Legion: files or links as for army)\n"
    "\n"
    "Every unit of A attacking every unit of B, and the reverse, one attack each: in melee and at\n"
    "each range from 1 to 5 that a weapon reaches, in no, light and heavy cover, its miniatures\n"
    "armed the way that gives the most mean wounds. Mean wounds, P(unit wiped) and miniatures\n"
    "defeated (JSON, CSV), and the whole army's fire on each enemy unit. Each cell is the run of a\n"
    "scenario naming the two units (neverodds run gives the same numbers).\n"
    "\n"
    "  --tokens LIST   aim, dodge, surge or none (default none): the attacker holds an aim and a\n"
    "                  surge token, the defender a dodge and a surge token, as listed\n"
    "  --band B        the chart's band: melee or 1 to 5 (default 2)\n"
    "  --cover C       the chart's cover: none (default), light or heavy\n"
    "  --strict        any card the data does not know is an error\n"
    "  --exact, --trials N, --seed S, --threads T   as for run (exact by default)\n"
    "  --format F      text (default), json or csv\n"
    "  --plot FILE     heatmap of the mean wounds at the chart's band and cover (.png, .svg, .gp)\n"
    "  --title TEXT, --subtitle TEXT, --size WxH   the chart's, as for run\n"
    "\n"
    "Exit status: 0 ok, 1 the chart could not be drawn (the table is printed), 2 bad input.\n";

/* Loads the army, its warnings said; the exit status on failure with the message printed. */
static int load_army(const char *source, int strict, no_army *a)
{
    char err[NO_ERR_LEN];
    int rc = no_army_load(source, strict, a, err, sizeof err);
    print_warnings(a->warnings); /* each card left out, said even when a later one fails */
    if (rc)
        fprintf(stderr, "neverodds: %s\n", err);
    return rc ? EXIT_USAGE : 0;
}

int cmd_army_matchup(int argc, char **argv)
{
    common_opts c;
    common_defaults(&c);
    const char *source[2];
    int n = 0, strict = 0;
    no_army_matchup_opts o = {.band = 2};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_army_matchup, stdout);
            return 0;
        } else if (a[0] != '-' || !a[1]) {
            if (n == 2)
                return usage_error("matchup: two armies (got '%s' more)", a);
            source[n++] = a;
        } else if (!strcmp(a, "--strict")) {
            strict = 1;
        } else if (!strcmp(a, "--tokens")) {
            if (no_army_parse_tokens(v, &o.tokens))
                return usage_error("--tokens: expected aim, dodge, surge or none, comma-separated, got '%s'",
                                   v ? v : "nothing");
            i++;
        } else if (!strcmp(a, "--band")) {
            if (!v || (strcmp(v, "melee") && (strlen(v) != 1 || v[0] < '1' || v[0] > '5')))
                return usage_error("--band: expected melee or a range from 1 to 5, got '%s'", v ? v : "nothing");
            o.band = strcmp(v, "melee") ? v[0] - '0' : 0;
            i++;
        } else if (!strcmp(a, "--cover")) {
            o.cover = 0;
            while (v && o.cover < NO_ARMY_COVERS && strcmp(v, no_army_cover_names[o.cover]))
                o.cover++;
            if (!v || o.cover == NO_ARMY_COVERS)
                return usage_error("--cover: expected none, light or heavy, got '%s'", v ? v : "nothing");
            i++;
        } else if ((r = common_option(argc, argv, &i, &c)) != 0) {
            return r == 1 ? unknown_option(a, (const char *const[]){"--tokens", "--band", "--cover", "--strict", NULL}, 1)
                          : r;
        }
    }
    if (n < 2)
        return usage_error("%s", "matchup: expected two armies");
    if (one_method(&c))
        return EXIT_USAGE;
    o.run = c.run;
    o.format = c.format;
    o.plot = c.plot;
    o.style = c.chart;
    no_army *army = calloc(2, sizeof *army);
    if (!army)
        abort();
    int rc = load_army(source[0], strict, &army[0]);
    rc = rc ? rc : load_army(source[1], strict, &army[1]);
    if (!rc) {
        char err[NO_ERR_LEN];
        rc = no_army_matchup(stdout, &army[0], source[0], &army[1], source[1], &o, err, sizeof err);
        if (rc)
            fprintf(stderr, "neverodds: %s\n", err);
        rc = rc < 0 ? EXIT_USAGE : rc;
    }
    no_army_free(&army[0]);
    no_army_free(&army[1]);
    free(army);
    int flushed = flush_stdout();
    return rc ? rc : flushed;
}

int cmd_army(int argc, char **argv)
{
    const char *source = NULL;
    int strict = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_army, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--strict")) {
            strict = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return unknown_option(argv[i], (const char *const[]){"--strict", NULL}, 0);
        } else if (source) {
            return usage_error("army: one army file or link (got '%s' more)", argv[i]);
        } else {
            source = argv[i];
        }
    }
    if (!source)
        return usage_error("%s", "army: expected an army file or a Legion HQ link");
    no_army *a = calloc(1, sizeof *a);
    if (!a)
        abort();
    if (load_army(source, strict, a)) {
        no_army_free(a);
        free(a);
        return EXIT_USAGE;
    }
    int activations = 0;
    for (int i = 0; i < a->nunits; i++)
        activations += a->units[i].count;
    printf("army: %s, %s%s%s, faction %s%s, %d units; data %s\n\n", source, a->format, *a->title ? ", " : "", a->title,
           *a->faction ? a->faction : "not given", a->faction_assumed ? " (assumed: its units')" : "", activations,
           jr_entry_text(a->library, "data_date", "?"));
    for (int i = 0; i < a->nunits; i++)
        print_unit(i + 1, &a->units[i]);
    if (a->ncommands) {
        printf("\ncommands (not modelled): ");
        for (int i = 0; i < a->ncommands; i++)
            printf("%s%s (%d)", i ? ", " : "", jr_entry_text(a->commands[i], "name", "?"),
                   jr_entry_int(a->commands[i], "pips", 0));
        printf("\n");
    }
    no_army_free(a);
    free(a);
    return 0;
}
