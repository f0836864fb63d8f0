/* legion_army_cards.c — what the army readers share (legion_army.c's link and TTS readers, the
 * text reader): a name matched to the library's cards, unknown cards said, units and cards added. */
#define _POSIX_C_SOURCE 200809L
#include "games/legion/legion_army_read.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void no_army_warn(no_army *a, const char *fmt, ...)
{
    size_t used = strlen(a->warnings);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->warnings + used, sizeof a->warnings - used, fmt, ap);
    va_end(ap);
    used = strlen(a->warnings);
    if (used + 1 < sizeof a->warnings)
        strcat(a->warnings, "\n");
}

/* Does `name` (any case) name the card: its name, name and title (", " or " " between, as the
 * exporters write them), Legion HQ's display name or its Tabletop Simulator name? */
static int names_card(const cJSON *card, const char *name)
{
    const char *n = jr_entry_text(card, "name", ""), *title = jr_entry_text(card, "title", NULL);
    if (!strcasecmp(name, n) && !title)
        return 1;
    static const char *const others[] = {"display_name", "tts_name"};
    for (int k = 0; k < 2; k++)
        if (!strcasecmp(name, jr_entry_text(card, others[k], "\x01")))
            return 1;
    size_t len = strlen(n);
    if (!title || strncasecmp(name, n, len))
        return 0;
    const char *rest = name + len + (name[len] == ',');
    return *rest == ' ' && !strcasecmp(rest + 1, title);
}

int no_army_named(const cJSON *section, const char *name, const cJSON **out, int max, int *bare)
{
    const cJSON *e;
    int n = 0, ntitled = 0;
    cJSON_ArrayForEach(e, section)
        if (names_card(e, name) && n < max)
            out[n++] = e;
    *bare = !n;
    if (n)
        return n;
    cJSON_ArrayForEach(e, section)
        if (!strcasecmp(jr_entry_text(e, "name", ""), name) && ntitled < max)
            out[ntitled++] = e;
    return ntitled;
}

/* Is `name` one of the 2019 data's cards Legion HQ 2 no longer has (retired.<kind>)? */
static int retired(const no_army *a, const char *kind, const char *name)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(a->library, "retired"), kind))
        if (cJSON_IsString(e) && !strcasecmp(e->valuestring, name))
            return 1;
    return 0;
}

/* " (did you mean ...?)" over the cards' names, titled names and display names included. */
static void nearest_names(const cJSON *section, const char *name, char *out, size_t n)
{
    jr_near q;
    jr_near_start(&q, name);
    int count = cJSON_GetArraySize(section), i = 0;
    char (*full)[160] = calloc((size_t)count + 1, sizeof *full);
    const cJSON *e;
    cJSON_ArrayForEach(e, section) {
        const char *title = jr_entry_text(e, "title", NULL);
        if (title && full) {
            snprintf(full[i], sizeof full[i], "%s %s", jr_entry_text(e, "name", ""), title);
            jr_near_add(&q, full[i++]);
        } else {
            jr_near_add(&q, jr_entry_text(e, "name", ""));
        }
        if (jr_entry_text(e, "display_name", NULL))
            jr_near_add(&q, jr_entry_text(e, "display_name", ""));
    }
    jr_near_text(&q, out, n);
    free(full);
}

/* A card the army names but the data does not have (`kind`: its section of the library, units,
 * upgrades or commands, and of its retired names): an error for a unit (or, strict, any card);
 * else a warning, the card left out. Returns -1 on an error. */
int no_army_unknown(no_army *a, jr *j, const char *kind, const char *path, const char *name, int strict)
{
    if (retired(a, kind, name)) {
        if (strict) {
            jr_fail(j, path, "%s is a card of the 2019 data that Legion HQ 2's data no longer has", name);
            return -1;
        }
        no_army_warn(a, "%s: %s: %s is a card of the 2019 data that Legion HQ 2's data no longer has (retired or "
                "renamed): left out", j->file, path, name);
        return 0;
    }
    char near[256];
    nearest_names(cJSON_GetObjectItemCaseSensitive(a->library, kind), name, near, sizeof near);
    if (strict || !strcmp(kind, "units")) {
        jr_fail(j, path, "unknown %s \"%s\"%s", !strcmp(kind, "units") ? "unit" : "card", name, near);
        return -1;
    }
    no_army_warn(a, "%s: %s: unknown card \"%s\"%s: left out", j->file, path, name, near);
    return 0;
}

int no_army_add_upgrade(jr *j, no_army_unit *u, const cJSON *card, const char *path)
{
    if (u->nupgrades == NO_ARMY_MAX_UPGRADES) {
        jr_fail(j, path, "at most %d upgrades on one unit", NO_ARMY_MAX_UPGRADES);
        return -1;
    }
    u->upgrades[u->nupgrades++] = card;
    return 0;
}

no_army_unit *no_army_new_unit(no_army *a, jr *j, const char *path)
{
    if (a->nunits == NO_ARMY_MAX_UNITS) {
        jr_fail(j, path, "at most %d units in an army", NO_ARMY_MAX_UNITS);
        return NULL;
    }
    no_army_unit *u = &a->units[a->nunits++];
    memset(u, 0, sizeof *u);
    u->count = 1;
    return u;
}

void no_army_add_command(no_army *a, const cJSON *card)
{
    if (a->ncommands < NO_ARMY_MAX_COMMANDS)
        a->commands[a->ncommands++] = card;
}
