/* legion_army.c — reads a Legion army from a Legion HQ link or a Tabletop Simulator JSON export
 * (Legion HQ's and Tabletop Admiral's; Legion HQ's texts: legion_army_text.c), and forms each
 * unit's attack pool by range. The formats were learnt from Legion HQ's own reader and exporters
 * (shared/data/legion-hq/format-reference); this reader is our own. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/army.h"
#include "neverodds/dice.h"
#include "neverodds/legion.h"
#include "games/legion/legion_army_read.h"
#include "games/legion/legion_game.h"
#include "io/jsonread.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The card of `section` that `name` names; among several, the one of the army's faction. A bare
 * name reaches a titled card when no card of that name lacks a title and only one has it. */
static const cJSON *find_named(const cJSON *section, const char *name, const char *faction)
{
    const cJSON *found[16];
    int bare, n = no_army_named(section, name, found, 16, &bare);
    if (!n || (bare && n > 1))
        return NULL;
    for (int i = 0; i < n; i++)
        if (!strcmp(jr_entry_text(found[i], "faction", ""), faction))
            return found[i];
    return found[0];
}

static const cJSON *find_id(const cJSON *section, const char *id)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, section)
        if (!strcmp(jr_entry_text(e, "id", ""), id))
            return e;
    return NULL;
}

static const char *const tts_factions[][2] = { /* the TTS export's spelling, Legion HQ's */
    {"rebel", "rebels"}, {"separatist", "separatists"}, {"mandalorian", "mandalorians"}};

static void set_faction(no_army *a, const char *f)
{
    snprintf(a->faction, sizeof a->faction, "%s", f);
    for (size_t k = 0; k < sizeof tts_factions / sizeof *tts_factions; k++)
        if (!strcmp(f, tts_factions[k][0]))
            snprintf(a->faction, sizeof a->faction, "%s", tts_factions[k][1]);
}

/* The Tabletop Simulator JSON: {listname, armyFaction, commandCards: [names], units: [{name,
 * upgrades: [names], loadout: [...]}]}, one entry per unit (alike units repeat). */
static int read_tts(no_army *a, jr *j, const cJSON *root, int strict)
{
    static const char *const keys[] = {"author", "listname", "title", "points", "numActivations", "armyFaction",
                                       "battleForce", "commandCards", "contingencies", "units",
                                       "battlefieldDeck", "listlink", NULL};
    if (jr_object(j, root, "", keys))
        return -1;
    snprintf(a->format, sizeof a->format, "TTS JSON (%s)", jr_entry_text(root, "author", "no author"));
    snprintf(a->title, sizeof a->title, "%s", jr_entry_text(root, "listname", jr_entry_text(root, "title", "")));
    set_faction(a, jr_entry_text(root, "armyFaction", ""));
    const cJSON *units = cJSON_GetObjectItemCaseSensitive(root, "units");
    if (!cJSON_IsArray(units) || !cJSON_GetArraySize(units)) {
        jr_fail(j, "units", "expected a non-empty list of units");
        return -1;
    }
    const cJSON *lib_units = cJSON_GetObjectItemCaseSensitive(a->library, "units");
    const cJSON *lib_upgrades = cJSON_GetObjectItemCaseSensitive(a->library, "upgrades");
    int i = 0;
    for (const cJSON *e = units->child; e; e = e->next, i++) {
        char p[64], q[96];
        jr_index(p, sizeof p, "units", i);
        static const char *const ukeys[] = {"name", "upgrades", "loadout", NULL};
        if (jr_object(j, e, p, ukeys))
            return -1;
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(e, "name");
        jr_key(q, sizeof q, p, "name");
        if (!cJSON_IsString(name)) {
            jr_fail(j, q, "expected the unit's name");
            return -1;
        }
        const cJSON *card = find_named(lib_units, name->valuestring, a->faction);
        if (!card) {
            if (no_army_unknown(a, j, "units", q, name->valuestring, strict))
                return -1;
            continue;
        }
        no_army_unit *u = no_army_new_unit(a, j, p);
        if (!u)
            return -1;
        u->card = card;
        const char *lists[] = {"upgrades", "loadout"}; /* loadout: cards for a second game plan */
        for (int l = 0; l < 2; l++) {
            const cJSON *ups = cJSON_GetObjectItemCaseSensitive(e, lists[l]), *up;
            int k = 0;
            cJSON_ArrayForEach(up, ups) {
                char r[96];
                snprintf(r, sizeof r, "%s.%s[%d]", p, lists[l], k++);
                if (!cJSON_IsString(up)) {
                    jr_fail(j, r, "expected an upgrade's name");
                    return -1;
                }
                const cJSON *ucard = find_named(lib_upgrades, up->valuestring, a->faction);
                if (ucard && l == 1) {
                    no_army_warn(a, "%s: %s: %s is in the loadout (a second set of upgrades): not equipped", j->file, r,
                         up->valuestring);
                    continue;
                }
                if (ucard ? no_army_add_upgrade(j, u, ucard, r) : no_army_unknown(a, j, "upgrades", r, up->valuestring, strict))
                    return -1;
            }
        }
    }
    const cJSON *cmd;
    int k = 0;
    cJSON_ArrayForEach(cmd, cJSON_GetObjectItemCaseSensitive(root, "commandCards")) {
        char r[64];
        jr_index(r, sizeof r, "commandCards", k++);
        const cJSON *card = cJSON_IsString(cmd) ? find_named(cJSON_GetObjectItemCaseSensitive(a->library, "commands"),
                                                             cmd->valuestring, a->faction) : NULL;
        if (card)
            no_army_add_command(a, card);
        else if (no_army_unknown(a, j, "commands", r, cJSON_IsString(cmd) ? cmd->valuestring : "?", strict))
            return -1;
    }
    return a->nunits ? 0 : (jr_fail(j, "units", "no unit of the list is in the data"), -1);
}

/* One unit segment of a link: a count digit, the unit's id (2 characters), then each upgrade
 * slot: "0" empty or an upgrade's id. A counterpart follows after "+" (not modelled: said). */
static int read_segment(no_army *a, jr *j, const char *seg, size_t len, const char *path, int strict)
{
    const cJSON *units = cJSON_GetObjectItemCaseSensitive(a->library, "units");
    const cJSON *upgrades = cJSON_GetObjectItemCaseSensitive(a->library, "upgrades");
    size_t plus = strcspn(seg, "+");
    if (plus < len) {
        no_army_warn(a, "%s: %s: the counterpart %.*s is not modelled: left out", j->file, path, (int)(len - plus - 1),
             seg + plus + 1);
        len = plus;
    }
    char id[3] = {seg[1], seg[2], 0};
    if (len < 3 || !isdigit((unsigned char)seg[0])) {
        jr_fail(j, path, "expected a count and a unit id (\"1ay\"), got \"%.*s\"", (int)len, seg);
        return -1;
    }
    const cJSON *card = find_id(units, id);
    if (!card) {
        jr_fail(j, path, "unknown unit id \"%s\" (Legion HQ ids are two characters: list units shows them)", id);
        return -1;
    }
    no_army_unit *u = no_army_new_unit(a, j, path);
    if (!u)
        return -1;
    u->card = card;
    u->count = seg[0] - '0';
    for (size_t i = 3; i < len; i++) {
        if (seg[i] == '0')
            continue;
        if (i + 1 >= len) {
            jr_fail(j, path, "an upgrade id is two characters, got \"%c\" at the end", seg[i]);
            return -1;
        }
        char uid[3] = {seg[i], seg[i + 1], 0};
        i++;
        const cJSON *up = find_id(upgrades, uid);
        if (!up) {
            if (strict) {
                jr_fail(j, path, "unknown upgrade id \"%s\"", uid);
                return -1;
            }
            no_army_warn(a, "%s: %s: unknown upgrade id \"%s\": left out", j->file, path, uid);
            continue;
        }
        if (no_army_add_upgrade(j, u, up, path))
            return -1;
    }
    return 0;
}

/* https://legionhq2.com/list/<faction>/[<points>:[<battle force>:]]<segment>,<segment>,...
 * Segments longer than 2 characters are units; 2-character ones command or battle cards. */
static int read_link(no_army *a, jr *j, const char *link, int strict)
{
    snprintf(a->format, sizeof a->format, "Legion HQ link");
    const char *p = strstr(link, "/list/") + strlen("/list/");
    size_t flen = strcspn(p, "/");
    if (!p[flen] || flen >= sizeof a->faction) {
        jr_fail(j, "link", "expected .../list/<faction>/<units>");
        return -1;
    }
    snprintf(a->faction, sizeof a->faction, "%.*s", (int)flen, p);
    p += flen + 1;
    const char *colon = strrchr(p, ':');
    p = colon ? colon + 1 : p;
    const cJSON *commands = cJSON_GetObjectItemCaseSensitive(a->library, "commands");
    int i = 0;
    while (*p) {
        size_t len = strcspn(p, ",?#");
        char path[48];
        jr_index(path, sizeof path, "segment", i++);
        if (len > 2) {
            if (read_segment(a, j, p, len, path, strict))
                return -1;
        } else if (len == 2) {
            char id[3] = {p[0], p[1], 0};
            const cJSON *card = find_id(commands, id);
            if (card)
                no_army_add_command(a, card);
            else
                no_army_warn(a, "%s: %s: card id \"%s\" is a battle card or one the data does not have: not read", j->file,
                     path, id);
        }
        if (p[len] != ',')
            break;
        p += len + 1;
    }
    return a->nunits ? 0 : (jr_fail(j, "link", "no unit in the link"), -1);
}

/* A text that is one Legion HQ link and nothing else (a link saved to a file, or pasted on the
 * web page): its end, after the link's last character; NULL when it is not one. */
static char *lone_link(char *text)
{
    char *start = text + strspn(text, " \t\r\n"), *end = start + strcspn(start, " \t\r\n");
    if (strncmp(start, "http", 4) || !strstr(start, "/list/") || end[strspn(end, " \t\r\n")])
        return NULL;
    return end;
}

int no_army_load(const char *source, int strict, no_army *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    int link = strstr(source, "/list/") != NULL;
    jr j = {.file = link ? "link" : source, .err = err, .errlen = errlen};
    jr_library lib = {0};
    if (!jr_library_doc(&j, &lib, "legion/units.json"))
        return -1;
    a->library = lib.doc;
    if (link)
        return read_link(a, &j, source, strict);
    char *text = jr_read_file(source, err, errlen);
    if (!text)
        return -1;
    char *end = lone_link(text);
    if (end) { /* the file holds a link */
        *end = 0;
        int rc = read_link(a, &j, text + strspn(text, " \t\r\n"), strict);
        free(text);
        return rc;
    }
    const char *start = text + strspn(text, " \t\r\n");
    if (!strncmp(start, "\xef\xbb\xbf", 3)) /* a byte order mark */
        start += 3;
    cJSON *root = *start == '{' || *start == '[' ? cJSON_Parse(text) : NULL;
    if (!root && *start != '{') { /* not JSON: one of Legion HQ's texts (a title may begin "[") */
        int rc = no_army_read_text(a, &j, text, strict);
        free(text);
        return rc;
    }
    free(text);
    if (!root) {
        snprintf(err, errlen, "%s: not JSON (a Legion HQ link needs .../list/<faction>/...)", source);
        return -1;
    }
    int rc = read_tts(a, &j, root, strict);
    cJSON_Delete(root);
    return rc;
}

int no_army_source(const char *source)
{
    if (strstr(source, "/list/"))
        return 1;
    char err[64];
    char *text = jr_read_file(source, err, sizeof err);
    if (!text)
        return 0;
    cJSON *root = cJSON_Parse(text);
    int army = root ? cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "units")) &&
                          !cJSON_GetObjectItemCaseSensitive(root, "pilots")
                    : strstr(text, " activation") || lone_link(text);
    cJSON_Delete(root);
    free(text);
    return army;
}

void no_army_free(no_army *a)
{
    cJSON_Delete(a->library);
    a->library = NULL;
}

int no_army_minis(const no_army_unit *u)
{
    int n = jr_entry_int(u->card, "minis", 0);
    for (int i = 0; i < u->nupgrades; i++)
        n += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(u->upgrades[i], "adds_miniature"));
    return n;
}

/* Does the weapon reach `range` (0: melee)? A null bound reads as 0. */
static int reaches(const cJSON *w, int range)
{
    int from, to;
    no_legion_weapon_range(w, &from, &to);
    return range == 0 ? from == 0 : from <= range && range <= to;
}

static const char *const colours[] = {"red", "black", "white"}; /* LG_RED, LG_BLACK, LG_WHITE */

/* Hits and crits one weapon's dice are expected to give, in eighths: the sides of each attack
 * die (no_legion_dice, shared/rules/dice.md) showing a hit or a crit, or a surge the unit
 * converts. */
static int eighths(const cJSON *w, int surge)
{
    const cJSON *dice = cJSON_GetObjectItemCaseSensitive(w, "dice");
    int v = 0;
    for (int c = LG_RED; c <= LG_WHITE; c++) {
        const no_die *die = &no_legion_dice[c];
        int sides = 0;
        for (int k = 0; k < die->sides; k++) {
            int r = die->side_result[k];
            sides += r == LG_HIT || r == LG_CRIT || (surge && r == LG_SURGE);
        }
        v += jr_entry_int(dice, colours[c], 0) * sides;
    }
    return v;
}

/* The weapons in reach of the card's miniatures at `range`, most hits expected first (a stable
 * order: equal ones as the card and its upgrades list them). */
static int card_weapons(const no_army_unit *u, int range, int surge, const cJSON **out, int max)
{
    int n = 0;
    const cJSON *w;
    cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(u->card, "weapons"))
        if (reaches(w, range) && n < max)
            out[n++] = w;
    for (int i = 0; i < u->nupgrades; i++)
        if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(u->upgrades[i], "adds_miniature")))
            cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(u->upgrades[i], "weapons"))
                if (reaches(w, range) && n < max)
                    out[n++] = w;
    for (int i = 1; i < n; i++) /* insertion sort, stable */
        for (int k = i; k > 0 && eighths(out[k], surge) > eighths(out[k - 1], surge); k--) {
            const cJSON *t = out[k];
            out[k] = out[k - 1];
            out[k - 1] = t;
        }
    return n;
}

/* An added miniature's own best weapon in reach, or NULL. */
static const cJSON *own_weapon(const cJSON *upgrade, int range, int surge)
{
    const cJSON *best = NULL, *w;
    cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(upgrade, "weapons"))
        if (reaches(w, range) && (!best || eighths(w, surge) > eighths(best, surge)))
            best = w;
    return best;
}

static void use(no_army_choice *c, const cJSON *w, int times)
{
    int i = 0;
    while (i < c->n && c->weapon[i] != w)
        i++;
    if (i == c->n && c->n < NO_ARMY_MAX_WEAPONS)
        c->weapon[c->n++] = w;
    if (i < c->n)
        c->times[i] += times;
}

int no_army_choices(const no_army_unit *u, int range, no_army_choice *out, int max)
{
    int surge = strcmp(jr_entry_text(u->card, "surge_attack", "none"), "none") != 0;
    const cJSON *cand[NO_ARMY_MAX_CHOICES];
    int ncand = card_weapons(u, range, surge, cand, NO_ARMY_MAX_CHOICES);
    int card_minis = jr_entry_int(u->card, "minis", 0), n = 0;
    for (int k = 0; k < (ncand ? ncand : 1); k++) { /* no card weapon in reach: added ones may still */
        no_army_choice c = {.n = 0};
        const cJSON *w = ncand ? cand[k] : NULL;
        if (w && card_minis)
            use(&c, w, card_minis);
        for (int i = 0; i < u->nupgrades; i++) {
            if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(u->upgrades[i], "adds_miniature")))
                continue;
            const cJSON *mine = own_weapon(u->upgrades[i], range, surge);
            if (mine || w)
                use(&c, mine ? mine : w, 1);
        }
        if (c.n && n < max)
            out[n++] = c;
    }
    return n;
}

void no_army_choice_text(const no_army_choice *c, char *out, size_t n)
{
    *out = 0;
    for (int i = 0; i < c->n; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, c->times[i] > 1 ? "%s%s x%d" : "%s%s", i ? ", " : "",
                 jr_entry_text(c->weapon[i], "name", "?"), c->times[i]);
    }
}

int no_army_pool(const no_army_unit *u, int range, int dice[3], char *used, size_t n)
{
    dice[0] = dice[1] = dice[2] = 0;
    *used = 0;
    no_army_choice c;
    if (!no_army_choices(u, range, &c, 1))
        return 0;
    for (int i = 0; i < c.n; i++) {
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(c.weapon[i], "dice");
        for (int k = LG_RED; k <= LG_WHITE; k++)
            dice[k] += jr_entry_int(d, colours[k], 0) * c.times[i];
    }
    no_army_choice_text(&c, used, n);
    return dice[0] + dice[1] + dice[2];
}
