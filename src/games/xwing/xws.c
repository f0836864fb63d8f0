/* xws.c — X-Wing squads and pilots: ids resolved in profiles/xwing/ships.json (facts from
 * xwing-data2), dice abilities found in profiles/xwing/abilities.json by their xws id. A card
 * the library does not model has no dice effect, and every report that uses it says so. */
#include "neverodds/xws.h"
#include "io/jsonread.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jr_library table, library; /* read once, on first use; kept for the process */

const char *const no_action_names[NO_ACT_N] = {"focus", "lock", "evade", "calculate", "reinforce"};

int no_action_bit(const char *name, size_t len)
{
    for (int a = 0; a < NO_ACT_N; a++)
        if (strlen(no_action_names[a]) == len && !strncmp(name, no_action_names[a], len))
            return 1 << a;
    return 0;
}

/* The NO_ACT_* bit of an action entry of the table ({"type": "focus", ...}). */
static int action_of(const cJSON *action)
{
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(action, "type"));
    return type ? no_action_bit(type, strlen(type)) : 0;
}

static const cJSON *section(jr *j, jr_library *lib, const char *relpath, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(jr_library_doc(j, lib, relpath), name);
}

#define SHIPS "xwing/ships.json"
#define ABILITIES "xwing/abilities.json"

/* A string member, or `otherwise`. */
static const char *text_of(const cJSON *o, const char *key, const char *otherwise)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
    return v ? v : otherwise;
}

const char *no_xws_data_version(void)
{
    static char version[64];
    char err[256];
    jr j = {.file = "ships.json", .err = err, .errlen = sizeof err};
    const cJSON *src = section(&j, &table, SHIPS, "source");
    snprintf(version, sizeof version, "%s %s", text_of(src, "data", "?"), text_of(src, "version", "?"));
    return version;
}

/* A pilot by its xws id; list builders also write PILOT-SHIP for a pilot whose id is PILOT. */
static const cJSON *find_pilot(jr *j, const char *id, char *resolved, size_t n)
{
    const cJSON *pilots = section(j, &table, SHIPS, "pilots");
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(pilots, id);
    snprintf(resolved, n, "%s", id);
    for (const char *dash = strrchr(id, '-'); !p && dash; dash = NULL) {
        snprintf(resolved, n, "%.*s", (int)(dash - id), id);
        p = cJSON_GetObjectItemCaseSensitive(pilots, resolved);
        if (p && strcmp(text_of(p, "ship", ""), dash + 1))
            p = NULL; /* PILOT-SHIP only when PILOT flies SHIP */
    }
    return p;
}

/* The library's ability whose "xws" is `id`, or NULL. */
static const cJSON *ability_of(jr *j, const char *id)
{
    const cJSON *all = section(j, &library, ABILITIES, "abilities"), *a;
    cJSON_ArrayForEach(a, all)
    {
        if (!strcmp(text_of(a, "xws", ""), id))
            return a;
    }
    return NULL;
}

static void add_card(jr *j, no_ship *s, const char *id)
{
    if (s->ncards == NO_SHIP_MAX_CARDS)
        return;
    snprintf(s->card[s->ncards], sizeof s->card[0], "%s", id);
    const cJSON *a = ability_of(j, id);
    s->modelled[s->ncards] = a != NULL;
    s->aura[s->ncards] = a && cJSON_IsTrue(cJSON_GetObjectItem(a, "aura"));
    snprintf(s->ability[s->ncards], sizeof s->ability[0], "%s", a ? a->string : "");
    s->ncards++;
}

/* The numbers of pilot `id` (its own stats where it has them, else its ship's). */
static int ship_of(jr *j, const char *id, const char *path, no_ship *s)
{
    char resolved[64];
    const cJSON *p = find_pilot(j, id, resolved, sizeof resolved);
    if (!p) {
        if (!j->failed)
            jr_fail(j, path, "unknown pilot \"%s\" (see %s)", id, table.file);
        return -1;
    }
    memset(s, 0, sizeof *s);
    const char *ship_id = cJSON_GetStringValue(cJSON_GetObjectItem(p, "ship"));
    const cJSON *ship = cJSON_GetObjectItem(section(j, &table, SHIPS, "ships"), ship_id);
    const cJSON *stats = cJSON_GetObjectItem(p, "stats") ? cJSON_GetObjectItem(p, "stats") : ship;
    snprintf(s->pilot, sizeof s->pilot, "%s", resolved);
    snprintf(s->name, sizeof s->name, "%s", text_of(p, "name", resolved));
    snprintf(s->ship, sizeof s->ship, "%s", ship_id ? ship_id : "?");
    snprintf(s->ship_name, sizeof s->ship_name, "%s", text_of(ship, "name", "?"));
    snprintf(s->faction, sizeof s->faction, "%s", text_of(p, "faction", "?"));
    snprintf(s->size, sizeof s->size, "%s", text_of(ship, "size", "small"));
    s->initiative = jr_entry_int(p, "initiative", 0);
    s->force = jr_entry_int(p, "force", 0);
    s->charges = jr_entry_int(p, "charges", 0);
    s->agility = jr_entry_int(stats, "agility", 0);
    s->hull = jr_entry_int(stats, "hull", 0);
    s->shields = jr_entry_int(stats, "shields", 0);
    const cJSON *atk;
    cJSON_ArrayForEach(atk, cJSON_GetObjectItem(stats, "attacks")) /* the strongest primary attack */
        if (jr_entry_int(atk, "value", 0) > s->attack) {
            s->attack = jr_entry_int(atk, "value", 0);
            snprintf(s->arc, sizeof s->arc, "%s", text_of(atk, "arc", ""));
        }
    const cJSON *act, *actions = cJSON_GetObjectItem(p, "actions") ? cJSON_GetObjectItem(p, "actions")
                                                                    : cJSON_GetObjectItem(ship, "actions");
    cJSON_ArrayForEach(act, actions)
        s->actions |= action_of(act);
    add_card(j, s, resolved);
    return 0;
}

/* What an upgrade changes of its ship (Hull Upgrade +1 hull, Angled Deflectors -1 shield and
 * a reinforce action, ...): stats and the actions the dice use. */
static void apply_grants(no_ship *s, const cJSON *grants)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, grants)
    {
        const char *type = text_of(g, "type", ""), *what = text_of(g, "stat", "");
        int amount = jr_entry_int(g, "amount", 0), *field = !strcmp(what, "hull")      ? &s->hull
                                                : !strcmp(what, "shields")  ? &s->shields
                                                : !strcmp(what, "agility")  ? &s->agility
                                                : !strcmp(what, "attack")   ? &s->attack
                                                                            : NULL;
        if (!strcmp(type, "stat") && field)
            *field = *field + amount < 0 ? 0 : *field + amount;
        if (!strcmp(type, "action"))
            s->actions |= action_of(cJSON_GetObjectItem(g, "action"));
    }
}

/* Upgrade `id` (at `path`) onto ship s; `slot` when the squad names the slot it fills. */
static int add_upgrade(jr *j, no_ship *s, const cJSON *id, const char *slot, const char *path)
{
    const cJSON *u = jr_library_entry(j, &table, SHIPS, "upgrades", id, path, "an upgrade");
    if (!u)
        return -1;
    if (slot) { /* XWS writes slot names without hyphens (forcepower for force-power) */
        int fits = 0;
        const cJSON *sl;
        cJSON_ArrayForEach(sl, cJSON_GetObjectItem(u, "slots"))
        {
            char bare[32] = "";
            const char *name = cJSON_IsString(sl) ? sl->valuestring : "";
            for (const char *c = name; *c && strlen(bare) < sizeof bare - 1; c++)
                if (*c != '-')
                    strncat(bare, c, 1);
            fits |= !strcmp(bare, slot) || !strcmp(name, slot);
        }
        if (!fits) {
            jr_fail(j, path, "\"%s\" does not go in a %s slot", id->valuestring, slot);
            return -1;
        }
    }
    add_card(j, s, id->valuestring);
    apply_grants(s, cJSON_GetObjectItem(u, "grants"));
    return 0;
}

int no_squad_load(const char *path, no_squad *sq, char *err, size_t errlen)
{
    memset(sq, 0, sizeof *sq);
    snprintf(sq->file, sizeof sq->file, "%s", path);
    char *text = jr_read_file(path, err, errlen);
    cJSON *root = text ? jr_parse(text, path, err, errlen) : NULL;
    free(text);
    if (!root)
        return -1;
    jr j = {.file = path, .err = err, .errlen = errlen};
    static const char *const keys[] = {"name", "faction", "pilots", "description", "points", "version", "vendor",
                                       "obstacles", NULL};
    static const char *const pilot_keys[] = {"id", "name", "points", "upgrades", "vendor", "ship", NULL};
    const cJSON *faction = cJSON_GetObjectItem(root, "faction"), *pilots = cJSON_GetObjectItem(root, "pilots");
    const cJSON *factions = NULL;
    if (!jr_object(&j, root, "", keys)) {
        factions = section(&j, &table, SHIPS, "factions");
        if (!cJSON_IsString(faction) || !cJSON_GetObjectItem(factions, faction->valuestring))
            jr_fail(&j, "faction", "expected an XWS faction (rebelalliance, galacticempire, scumandvillainy, "
                                   "resistance, firstorder, galacticrepublic, separatistalliance)");
        else if (!cJSON_IsArray(pilots) || cJSON_GetArraySize(pilots) < 1 || cJSON_GetArraySize(pilots) > NO_SQUAD_MAX)
            jr_fail(&j, "pilots", "expected a list of 1 to %d pilots", NO_SQUAD_MAX);
    }
    if (!j.failed) {
        snprintf(sq->faction, sizeof sq->faction, "%s", faction->valuestring);
        snprintf(sq->name, sizeof sq->name, "%s", text_of(root, "name", ""));
    }
    const cJSON *p, *list = j.failed ? NULL : pilots;
    int i = 0;
    cJSON_ArrayForEach(p, list)
    {
        char at[64], idp[96];
        jr_index(at, sizeof at, "pilots", i);
        jr_key(idp, sizeof idp, at, "id");
        no_ship *s = &sq->ship[i++];
        const cJSON *id = cJSON_GetObjectItem(p, "id");
        if (jr_object(&j, p, at, pilot_keys))
            break;
        if (!cJSON_IsString(id)) {
            jr_fail(&j, idp, "expected a pilot's xws id");
            break;
        }
        if (ship_of(&j, id->valuestring, idp, s))
            break;
        if (strcmp(s->faction, sq->faction)) {
            jr_fail(&j, idp, "\"%s\" flies for %s, not for the squad's %s", id->valuestring, s->faction, sq->faction);
            break;
        }
        const cJSON *slot;
        cJSON_ArrayForEach(slot, cJSON_GetObjectItem(p, "upgrades"))
        {
            char ups[96], sp[128];
            jr_key(ups, sizeof ups, at, "upgrades");
            jr_key(sp, sizeof sp, ups, slot->string);
            int k = 0;
            const cJSON *u;
            cJSON_ArrayForEach(u, slot)
            {
                char up[160];
                jr_index(up, sizeof up, sp, k++);
                if (add_upgrade(&j, s, u, slot->string, up))
                    break;
            }
            if (j.failed)
                break;
        }
        if (j.failed)
            break;
    }
    sq->n = i;
    cJSON_Delete(root);
    return j.failed ? -1 : 0;
}

/* Does card c of ship s change this side's dice? Only when the library models it for this side
 * ("attacking" or "defending"); not when the pilot's ability is an aura for other ships
 * ("aura": Howlrunner, Biggs); a weapon's only when the attack is made with it. */
static int applies(jr *j, const no_ship *s, int c, int defender, const char *weapon)
{
    if (!s->modelled[c])
        return 0;
    const cJSON *entry = cJSON_GetObjectItem(section(j, &library, ABILITIES, "abilities"), s->ability[c]);
    if (!cJSON_GetObjectItem(entry, defender ? "defending" : "attacking"))
        return 0;
    if (c == 0)
        return !s->aura[0];
    const cJSON *upgrade = cJSON_GetObjectItem(section(j, &table, SHIPS, "upgrades"), s->card[c]);
    return !cJSON_GetObjectItem(upgrade, "attack") || (!defender && weapon && !strcmp(weapon, s->card[c]));
}

/* Sets key to n unless the side gives it. */
static void fill(cJSON *side, const char *key, int n)
{
    if (!cJSON_GetObjectItem(side, key))
        cJSON_AddNumberToObject(side, key, n);
}

int no_xws_fill_side(cJSON *side, int defender, const char *label, const char *path, char *notes, char *err,
                     size_t errlen)
{
    const cJSON *pilot = cJSON_GetObjectItem(side, "pilot");
    if (!pilot)
        return 0;
    jr j = {.file = label, .err = err, .errlen = errlen};
    char pp[96];
    jr_key(pp, sizeof pp, path, "pilot");
    no_ship s;
    if (!cJSON_IsString(pilot)) {
        jr_fail(&j, pp, "expected a pilot's xws id");
        return -1;
    }
    if (ship_of(&j, pilot->valuestring, pp, &s))
        return -1;
    const cJSON *ups = cJSON_GetObjectItem(side, "upgrades"), *u;
    int k = 0;
    char upath[96];
    jr_key(upath, sizeof upath, path, "upgrades");
    if (ups && !cJSON_IsArray(ups)) {
        jr_fail(&j, upath, "expected a list of upgrade xws ids");
        return -1;
    }
    cJSON_ArrayForEach(u, ups)
    {
        char up[128];
        jr_index(up, sizeof up, upath, k++);
        if (add_upgrade(&j, &s, u, NULL, up))
            return -1;
    }
    int dice = defender ? s.agility : s.attack;
    const cJSON *weapon = cJSON_GetObjectItem(side, "weapon");
    if (weapon && !defender) { /* a secondary weapon among its upgrades: its dice */
        char wp[96];
        jr_key(wp, sizeof wp, path, "weapon");
        const cJSON *w = jr_library_entry(&j, &table, SHIPS, "upgrades", weapon, wp, "an upgrade");
        const cJSON *atk = w ? cJSON_GetObjectItem(w, "attack") : NULL;
        if (w && !atk)
            jr_fail(&j, wp, "\"%s\" is not a weapon", weapon->valuestring);
        if (!atk)
            return -1;
        dice = jr_entry_int(atk, "value", 0);
    }
    if (!strcmp(s.size, "huge")) {
        jr_fail(&j, pp, "\"%s\" is a huge ship (epic play): not modelled", pilot->valuestring);
        return -1;
    }
    fill(side, "dice", dice);
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
    int plain = 0;
    for (int c = 0; c < s.ncards && cJSON_IsArray(abilities); c++) {
        if (applies(&j, &s, c, defender, weapon ? weapon->valuestring : NULL))
            cJSON_AddItemToArray(abilities, cJSON_CreateString(s.ability[c]));
        if (s.modelled[c]) /* used, or modelled for the other side, other ships, another weapon */
            continue;
        size_t at = strlen(notes); /* "path: id, id" after the notes of other sides */
        if (plain++)
            snprintf(notes + at, NO_NOTES_LEN - at, ", %s", s.card[c]);
        else
            snprintf(notes + at, NO_NOTES_LEN - at, "%s%s: %s", at ? "; " : "", path, s.card[c]);
    }
    cJSON_DeleteItemFromObject(side, "pilot");
    cJSON_DeleteItemFromObject(side, "upgrades");
    cJSON_DeleteItemFromObject(side, "weapon");
    return 0;
}
