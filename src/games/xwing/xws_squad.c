/* xws_squad.c — X-Wing squads as list builders export them (XWS 2.0.0 and the dialects in use), and
 * scenario sides named by pilot. Ids, ships and abilities come from the card tables (xws_table.c);
 * what a builder wrote otherwise is mapped with a warning, never changed silently. */
#include "neverodds/xws.h"
#include "xws_table.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *no_xws_data_version(void)
{
    static char version[64];
    char err[256];
    jr j = {.file = "ships.json", .err = err, .errlen = sizeof err};
    const cJSON *src = xt_ships(&j, "source");
    snprintf(version, sizeof version, "%s %s", jr_entry_text(src, "data", "?"), jr_entry_text(src, "version", "?"));
    return version;
}

/* Text exports builders offer beside XWS (YASB's and the official builder's BBCode for forums,
 * their HTML), told by a mark JSON never has outside a string: a file holding one is said for
 * what it is, not as malformed JSON at some column. */
static const struct {
    const char *mark, *what;
} text_exports[] = {
    {"[b]", "BBCode"}, {"[/b]", "BBCode"}, {"[url=", "BBCode"}, {"[size=", "BBCode"}, {"<html", "HTML"},
    {"<div", "HTML"},  {"<br", "HTML"},    {"<b>", "HTML"},
};

/* Writes the error for `text` when it is a text export (it did not parse as JSON); 1 if so. */
static int text_export(const char *text, const char *path, char *err, size_t errlen)
{
    for (size_t k = 0; k < sizeof text_exports / sizeof *text_exports; k++) {
        const char *at = strstr(text, text_exports[k].mark);
        if (!at)
            continue;
        int line = 1;
        for (const char *c = text; c < at; c++)
            line += *c == '\n';
        snprintf(err, errlen, "%s: a squad builder's %s text export (%s at line %d), not an XWS squad: export the "
                              "squad as XWS instead (the builder's XWS or JSON export) and read that file",
                 path, text_exports[k].what, text_exports[k].mark, line);
        return 1;
    }
    return 0;
}

cJSON *no_xws_read_json(const char *path, char *err, size_t errlen)
{
    char *text = jr_read_file(path, err, errlen);
    cJSON *root = text ? jr_parse(text, path, err, errlen) : NULL;
    if (text && !root)
        text_export(text, path, err, errlen);
    free(text);
    return root;
}

/* The keys a squad and a pilot may have: XWS 2.0.0's, and what builders add (YASB's pilot "name"
 * and "ship", the official builder's "ruleset" and "format", vendors' blocks of any shape, and
 * Launch Bay Next's older saved lists: "favourite", "wins", "losses" and "ships" are its own
 * bookkeeping of the list, not the squad, which is all in "pilots"). */
static const char *const squad_keys[] = {"name", "faction", "pilots", "description", "points", "version", "vendor",
                                         "obstacles", "ruleset", "format", "id", "cost", "favourite", "wins",
                                         "losses", "ships", NULL};
static const char *const pilot_keys[] = {"id", "name", "points", "upgrades", "vendor", "ship", "xws", "cost",
                                         "multisection_id", NULL};

/* The squad's faction, through the aliases' old faction names; NULL with an error. */
static const char *squad_faction(jr *j, const cJSON *faction)
{
    const cJSON *factions = xt_ships(j, "factions");
    const char *name = cJSON_GetStringValue(faction);
    const char *mapped = name ? jr_entry_text(xt_aliases(j, "factions"), name, NULL) : NULL;
    if (name && cJSON_GetObjectItemCaseSensitive(factions, name))
        return name;
    if (mapped && cJSON_GetObjectItemCaseSensitive(factions, mapped)) {
        jr_warn(j, "faction", "\"%s\" read as %s", name, mapped);
        return mapped;
    }
    jr_fail(j, "faction", "expected an XWS faction (rebelalliance, galacticempire, scumandvillainy, "
                          "resistance, firstorder, galacticrepublic, separatistalliance)");
    return NULL;
}

/* One slot's list of a pilot's upgrades (at `sp`) onto ship s: legacy slot keys mapped, YASB's
 * Weapon Hardpoint placeholders skipped, each with a warning. */
static int read_slot(jr *j, no_ship *s, const cJSON *slot, const char *sp)
{
    const char *key = slot->string;
    const cJSON *legacy = cJSON_GetObjectItem(xt_aliases(j, "slots"), key);
    if (cJSON_IsString(legacy)) {
        jr_warn(j, sp, "legacy slot key \"%s\" read as %s", key, legacy->valuestring);
        key = legacy->valuestring;
    }
    if (!cJSON_IsArray(slot)) {
        jr_fail(j, sp, "expected a list of upgrade xws ids");
        return -1;
    }
    int k = 0;
    const cJSON *u;
    cJSON_ArrayForEach(u, slot)
    {
        char up[160];
        jr_index(up, sizeof up, sp, k++);
        const char *id = cJSON_GetStringValue(u);
        const char *placeholder = id ? jr_entry_text(xt_aliases(j, "placeholders"), id, NULL) : NULL;
        if (!id) {
            jr_fail(j, up, "expected an upgrade's xws id");
            return -1;
        }
        if (placeholder) {
            jr_warn(j, up, "\"%s\" ignored: %s", id, placeholder);
            continue;
        }
        if (xt_add_upgrade(j, s, id, key, up))
            return -1;
    }
    return 0;
}

/* Pilot entry p (at `at`) of the squad into ship s. */
static int read_pilot(jr *j, const cJSON *p, const char *at, const char *faction, no_ship *s)
{
    char idp[96];
    jr_key(idp, sizeof idp, at, "id");
    const cJSON *id = cJSON_GetObjectItem(p, "id"), *name = cJSON_GetObjectItem(p, "name");
    if (jr_object(j, p, at, pilot_keys))
        return -1;
    if (!id && cJSON_IsString(name)) { /* Launch Bay Next's older saved lists name the pilot by "name" */
        jr_key(idp, sizeof idp, at, "name");
        jr_warn(j, idp, "no \"id\": the pilot's \"name\" \"%s\" read as its xws id", name->valuestring);
        id = name;
    }
    if (!cJSON_IsString(id)) {
        jr_fail(j, idp, "expected a pilot's xws id");
        return -1;
    }
    if (xt_ship_of(j, id->valuestring, faction, idp, s))
        return -1;
    if (strcmp(s->faction, faction)) {
        jr_fail(j, idp, "\"%s\" flies for %s, not for the squad's %s", id->valuestring, s->faction, faction);
        return -1;
    }
    const cJSON *ups = cJSON_GetObjectItem(p, "upgrades"), *slot;
    char up[96];
    jr_key(up, sizeof up, at, "upgrades");
    /* Launch Bay Next writes "upgrades": [] for a pilot with none: the same as no upgrades */
    if (ups && !cJSON_IsObject(ups) && !(cJSON_IsArray(ups) && !cJSON_GetArraySize(ups))) {
        jr_fail(j, up, "expected an object of slot names, each with a list of upgrade xws ids");
        return -1;
    }
    cJSON_ArrayForEach(slot, ups)
    {
        char sp[128];
        jr_key(sp, sizeof sp, up, slot->string);
        if (read_slot(j, s, slot, sp))
            return -1;
    }
    return 0;
}

/* Ships that sit out a matchup or a battle, by size, and why: the dice of a huge ship's attacks
 * and its damage (energy, sections) are epic play's, which the library does not model. */
static const struct {
    const char *size, *why;
} left_out[] = {
    {"huge", "a huge ship (epic play): not modelled"},
};

const char *no_ship_left_out(const no_ship *s)
{
    for (size_t k = 0; k < sizeof left_out / sizeof *left_out; k++)
        if (!strcmp(s->size, left_out[k].size))
            return left_out[k].why;
    return NULL;
}

void no_xws_name_ship(cJSON *side, const no_ship *s)
{
    cJSON *ups = NULL;
    cJSON_AddStringToObject(side, "pilot", s->pilot);
    for (int c = 1; c < s->ncards; c++) {
        if (s->kind[c] != NO_CARD_UPGRADE)
            continue;
        if (!ups)
            ups = cJSON_AddArrayToObject(side, "upgrades");
        cJSON_AddItemToArray(ups, cJSON_CreateString(s->card[c]));
    }
}

/* An object with no "pilots": not an XWS squad; the error names the keys it has instead. */
static void no_pilots(jr *j, const cJSON *root)
{
    char keys[200] = "";
    const cJSON *k;
    cJSON_ArrayForEach(k, root)
        snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%s", *keys ? ", " : "", k->string);
    jr_fail(j, "", "not an XWS squad: no \"pilots\" (it has %s)", *keys ? keys : "no key");
}

int no_squad_load(const char *path, no_squad *sq, char *err, size_t errlen)
{
    memset(sq, 0, sizeof *sq);
    snprintf(sq->file, sizeof sq->file, "%s", path);
    cJSON *root = no_xws_read_json(path, err, errlen);
    if (!root)
        return -1;
    jr j = {.file = path, .err = err, .errlen = errlen, .warn = sq->warnings};
    const cJSON *pilots = cJSON_GetObjectItem(root, "pilots");
    const char *faction = NULL;
    if (cJSON_IsObject(root) && !pilots) /* not a squad at all (a converter's error message): said as such */
        no_pilots(&j, root);
    if (!j.failed && !jr_object(&j, root, "", squad_keys) && (faction = squad_faction(&j, cJSON_GetObjectItem(root, "faction"))) &&
        (!cJSON_IsArray(pilots) || cJSON_GetArraySize(pilots) < 1 || cJSON_GetArraySize(pilots) > NO_SQUAD_MAX))
        jr_fail(&j, "pilots", "expected a list of 1 to %d pilots", NO_SQUAD_MAX);
    const cJSON *saved = cJSON_GetObjectItem(root, "ships");
    if (!j.failed && cJSON_GetArraySize(saved)) /* always [] in the saved lists we have seen */
        jr_warn(&j, "ships", "ignored (%d entries): Launch Bay Next's own record of the saved list; the squad is "
                             "read from \"pilots\"", cJSON_GetArraySize(saved));
    if (!j.failed) {
        snprintf(sq->faction, sizeof sq->faction, "%s", faction);
        snprintf(sq->name, sizeof sq->name, "%s", jr_entry_text(root, "name", ""));
    }
    const cJSON *p, *list = j.failed ? NULL : pilots;
    int i = 0;
    cJSON_ArrayForEach(p, list)
    {
        char at[64];
        jr_index(at, sizeof at, "pilots", i);
        sq->ship_warn[i] = (int)strlen(sq->warnings);
        if (read_pilot(&j, p, at, sq->faction, &sq->ship[i++]))
            break;
        const char *out = no_ship_left_out(&sq->ship[i - 1]);
        if (out)
            jr_warn(&j, at, "left out of matchups and battles: %s", out);
    }
    sq->n = i;
    sq->ship_warn[i] = (int)strlen(sq->warnings);
    cJSON_Delete(root);
    return j.failed ? -1 : 0;
}

/* Does card c of ship s change this side's dice? Only when the library models it for this side
 * ("attacking" or "defending"); not when the card is an aura for other ships ("aura":
 * Howlrunner, Emperor Palpatine); a weapon's only when the attack is made with it. */
static int applies(jr *j, const no_ship *s, int c, int defender, const char *weapon)
{
    if (xt_weapon(s, s->card[c])) /* the weapon attacked with: all it says (a lock, ordnance, ion) */
        return !defender && weapon && !strcmp(weapon, s->card[c]);
    const cJSON *entry = xt_ability_of_card(j, s, c);
    if (!cJSON_GetObjectItem(entry, defender ? "defending" : "attacking"))
        return 0;
    return !s->aura[c]; /* an aura helps other ships (a pilot's or a crew's), not its own */
}

/* Sets key to n unless the side gives it. */
static void fill(cJSON *side, const char *key, int n)
{
    if (!cJSON_GetObjectItem(side, key))
        cJSON_AddNumberToObject(side, key, n);
}

/* The cards of s that act on dice and are not modelled, as "PATH: id, id" after earlier notes. */
static void note_unmodelled(const no_ship *s, const char *path, char *notes)
{
    int listed = 0;
    for (int c = 0; c < s->ncards; c++) {
        if (*s->ability[c] || !s->dice_card[c])
            continue;
        size_t at = strlen(notes);
        if (listed++)
            snprintf(notes + at, NO_NOTES_LEN - at, ", %s", s->card[c]);
        else
            snprintf(notes + at, NO_NOTES_LEN - at, "%s%s: %s", at ? "; " : "", path, s->card[c]);
    }
}

/* "Luke Skywalker (luke-skywalker), T-65 X-wing, upgrades proton-torpedoes, weapon Proton Torpedoes" */
static void name_side(const no_ship *s, const cJSON *ups, const no_weapon *w, char *who)
{
    int n = snprintf(who, NO_WHO_LEN, "%s (%s), %s", s->name, s->pilot, s->ship_name);
    const cJSON *u;
    int k = 0;
    cJSON_ArrayForEach(u, ups)
        if (n < NO_WHO_LEN)
            n += snprintf(who + n, (size_t)(NO_WHO_LEN - n), "%s%s", k++ ? ", " : ", upgrades ", u->valuestring);
    if (w && !w->primary && n < NO_WHO_LEN)
        snprintf(who + n, (size_t)(NO_WHO_LEN - n), ", weapon %s", w->name);
}

/* "ability_charges": {ABILITY: N}, the charges an ability of the ship has left (spent in earlier
 * attacks): each the library's name of one of its cards' abilities that has charges, N from 0 to
 * the library's charges. 0, or -1 with the error. */
static int check_ability_charges(jr *j, const no_ship *s, const cJSON *given, const char *path)
{
    if (!given)
        return 0;
    if (!cJSON_IsObject(given)) {
        jr_fail(j, path, "expected an object of ability names and the charges each has left");
        return -1;
    }
    const cJSON *g;
    cJSON_ArrayForEach(g, given)
    {
        int c = 0;
        while (c < s->ncards && !(s->ability_charges[c] && !strcmp(s->ability[c], g->string)))
            c++;
        char at[160];
        jr_key(at, sizeof at, path, g->string);
        if (c == s->ncards) {
            char list[256] = "";
            for (int k = 0; k < s->ncards; k++)
                if (s->ability_charges[k])
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", *list ? ", " : "",
                             s->ability[k]);
            jr_fail(j, at, "%s has no ability of that name with charges (%s)", s->pilot,
                    *list ? list : "it has none");
            return -1;
        }
        jr_int(j, given, g->string, path, 0, s->ability_charges[c], 0, 1);
        if (j->failed)
            return -1;
    }
    return 0;
}

/* The ability of card c as the side's "abilities" list names it: with the charges it has left
 * when the side gives them. */
static cJSON *ability_item(const no_ship *s, int c, const cJSON *charges_left)
{
    const cJSON *left = cJSON_GetObjectItemCaseSensitive(charges_left, s->ability[c]);
    if (!left)
        return cJSON_CreateString(s->ability[c]);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", s->ability[c]);
    cJSON_AddNumberToObject(o, "charges", left->valueint);
    return o;
}

/* Ships resolved from their ids (a pilot and its upgrades, as a key "pilot|upgrade|..."), kept
 * for the process: a battle or a matchup parses scenarios of the same few ships thousands of
 * times, and resolving reads the card tables entry by entry. Only a ship read without error is
 * kept (so an error is met, and said, every time). Parsing is serial (the tables are shared). */
#define SHIP_MEMO 64
static struct {
    char *key;
    no_ship ship;
} ship_memo[SHIP_MEMO];
static int ship_memo_next; /* the slot the next ship takes, round the list */

/* The side's ids as a memo key (malloc'd), or NULL when they are not all strings (the readers
 * below say what is wrong). */
static char *ship_key(const cJSON *pilot, const cJSON *ups)
{
    size_t len = strlen(pilot->valuestring) + 1;
    const cJSON *u;
    cJSON_ArrayForEach(u, ups) {
        if (!cJSON_IsString(u))
            return NULL;
        len += strlen(u->valuestring) + 1;
    }
    char *key = malloc(len);
    if (!key)
        abort();
    strcpy(key, pilot->valuestring);
    cJSON_ArrayForEach(u, ups) strcat(strcat(key, "|"), u->valuestring);
    return key;
}

/* The ship of the side's pilot and upgrades (at pp, upath): from the memo, or read and kept. */
static int resolve_ship(jr *j, const cJSON *pilot, const cJSON *ups, const char *pp, const char *upath, no_ship *s)
{
    char *key = cJSON_IsArray(ups) || !ups ? ship_key(pilot, ups) : NULL;
    for (int i = 0; key && i < SHIP_MEMO && ship_memo[i].key; i++)
        if (!strcmp(ship_memo[i].key, key)) {
            *s = ship_memo[i].ship;
            free(key);
            return 0;
        }
    int rc = xt_ship_of(j, pilot->valuestring, NULL, pp, s), k = 0;
    const cJSON *u;
    if (!rc && ups && !cJSON_IsArray(ups)) {
        jr_fail(j, upath, "expected a list of upgrade xws ids");
        rc = -1;
    }
    const cJSON *list = rc ? NULL : ups; /* after an error, no upgrade is read */
    cJSON_ArrayForEach(u, list)
    {
        char up[128];
        jr_index(up, sizeof up, upath, k++);
        if (!cJSON_IsString(u)) {
            jr_fail(j, up, "expected an upgrade's xws id");
            rc = -1;
        } else {
            rc = xt_add_upgrade(j, s, u->valuestring, NULL, up);
        }
        if (rc)
            break;
    }
    if (!rc && key) {
        free(ship_memo[ship_memo_next].key);
        ship_memo[ship_memo_next].key = key;
        ship_memo[ship_memo_next].ship = *s;
        ship_memo_next = (ship_memo_next + 1) % SHIP_MEMO;
    } else {
        free(key);
    }
    return rc;
}

int no_xws_fill_side(cJSON *side, int defender, const char *label, const char *path, char *notes, char *who,
                     char *err, size_t errlen)
{
    const cJSON *pilot = cJSON_GetObjectItem(side, "pilot");
    if (!pilot)
        return 0;
    jr j = {.file = label, .err = err, .errlen = errlen};
    char pp[96], upath[96], wp[96];
    jr_key(pp, sizeof pp, path, "pilot");
    jr_key(upath, sizeof upath, path, "upgrades");
    jr_key(wp, sizeof wp, path, "weapon");
    no_ship s;
    if (!cJSON_IsString(pilot)) {
        jr_fail(&j, pp, "expected a pilot's xws id");
        return -1;
    }
    const cJSON *ups = cJSON_GetObjectItem(side, "upgrades");
    if (resolve_ship(&j, pilot, ups, pp, upath, &s))
        return -1;
    const cJSON *weapon = cJSON_GetObjectItem(side, "weapon");
    const no_weapon *w = s.nweapons ? &s.weapon[0] : NULL;
    if (weapon && !defender) { /* another of its weapons: its dice */
        w = cJSON_IsString(weapon) ? xt_weapon(&s, weapon->valuestring) : NULL;
        if (!w) {
            char list[256] = "";
            for (int i = 0; i < s.nweapons; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", s.weapon[i].name);
            jr_fail(&j, wp, "expected one of the ship's weapons (primary, %s)", list);
            return -1;
        }
    }
    const char *out = no_ship_left_out(&s);
    if (out) {
        jr_fail(&j, pp, "\"%s\" is %s", pilot->valuestring, out);
        return -1;
    }
    fill(side, "dice", defender ? s.agility : w ? w->value : 0);
    if (defender) {
        fill(side, "hull", s.hull);
        fill(side, "shields", s.shields);
    }
    if (!cJSON_GetObjectItem(side, "size"))
        cJSON_AddStringToObject(side, "size", s.size);
    cJSON *tokens = cJSON_GetObjectItem(side, "tokens");
    if (!tokens)
        tokens = cJSON_AddObjectToObject(side, "tokens");
    if (s.force && cJSON_IsObject(tokens))
        fill(tokens, "force", s.force);
    cJSON *abilities = cJSON_GetObjectItem(side, "abilities");
    if (!abilities)
        abilities = cJSON_AddArrayToObject(side, "abilities");
    const char *weapon_name = w && !w->primary ? w->name : NULL;
    const cJSON *charges_left = cJSON_GetObjectItem(side, "ability_charges");
    char cp[96];
    jr_key(cp, sizeof cp, path, "ability_charges");
    if (check_ability_charges(&j, &s, charges_left, cp))
        return -1;
    for (int c = 0; c < s.ncards && cJSON_IsArray(abilities); c++)
        if (*s.ability[c] && applies(&j, &s, c, defender, weapon_name))
            cJSON_AddItemToArray(abilities, ability_item(&s, c, charges_left));
    note_unmodelled(&s, path, notes);
    name_side(&s, ups, defender ? NULL : w, who);
    cJSON_DeleteItemFromObject(side, "pilot");
    cJSON_DeleteItemFromObject(side, "upgrades");
    cJSON_DeleteItemFromObject(side, "weapon");
    cJSON_DeleteItemFromObject(side, "ability_charges");
    return 0;
}
