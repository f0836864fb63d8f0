/* cmd_army.c — `neverodds army FILE|LINK`: a Legion army from a list builder's export, each unit's
 * defense and its attack pool by range (legion_army.c, legion_army_text.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "io/jsonread.h"
#include "neverodds/army.h"
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
    char err[NO_ERR_LEN];
    int rc = no_army_load(source, strict, a, err, sizeof err);
    print_warnings(a->warnings); /* each card left out, said even when a later one fails */
    if (rc) {
        fprintf(stderr, "neverodds: %s\n", err);
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
