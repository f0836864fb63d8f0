/* xws_table.c — X-Wing ships from the card tables: a pilot id resolved (itself, an alias of
 * profiles/xwing/aliases.json, PILOT-SHIP, without hyphens, the same pilot in the squad's
 * faction: each mapping said as a warning, never a silent change), the ship's numbers and
 * weapons, its upgrades' grants, its ship ability and standard loadout, and which of its cards
 * the abilities library models (keyed by card type and id: 64 ids name both a pilot and an
 * upgrade) or dice-cards.json lists as acting on dice. */
#include "xws_table.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* read once, on first use: a battle or a matchup parses thousands of scenarios (one at a time:
 * the program parses serially) */
static jr_library ships, aliases, abilities[2], dice_cards;

const cJSON *xt_ships(jr *j, const char *section)
{
    return cJSON_GetObjectItemCaseSensitive(jr_library_doc(j, &ships, "xwing/ships.json"), section);
}

const cJSON *xt_aliases(jr *j, const char *section)
{
    return cJSON_GetObjectItemCaseSensitive(jr_library_doc(j, &aliases, "xwing/aliases.json"), section);
}

const cJSON *xt_abilities_of(jr *j, int first_edition, const char **file)
{
    jr_library *lib = &abilities[first_edition != 0];
    const cJSON *doc = jr_library_doc(j, lib, first_edition ? "xwing1/abilities.json" : "xwing/abilities.json");
    if (file)
        *file = lib->file;
    return doc ? cJSON_GetObjectItemCaseSensitive(doc, "abilities") : NULL;
}

const cJSON *xt_abilities(jr *j) { return xt_abilities_of(j, 0, NULL); }

const char *const no_action_names[NO_ACT_N + 1] = {"focus", "lock", "evade", "calculate", "reinforce", NULL};

int no_action_bit(const char *name, size_t len)
{
    for (int a = 0; a < NO_ACT_N; a++)
        if (strlen(no_action_names[a]) == len && !strncmp(name, no_action_names[a], len))
            return 1 << a;
    return 0;
}

static int action_of(const cJSON *action)
{
    const char *type = jr_entry_text(action, "type", "");
    return no_action_bit(type, strlen(type));
}

/* ---- ids ---- */

/* `id` with its hyphens taken out. */
static void bare(char *out, size_t n, const char *id)
{
    size_t k = 0;
    for (; *id && k + 1 < n; id++)
        if (*id != '-')
            out[k++] = *id;
    out[k] = 0;
}

/* The one key of `table` equal to `id` once both lose their hyphens; NULL when none or several. */
static const char *unhyphenated(const cJSON *table, const char *id)
{
    char want[64], have[64];
    bare(want, sizeof want, id);
    const char *found = NULL;
    const cJSON *e;
    cJSON_ArrayForEach(e, table)
    {
        bare(have, sizeof have, e->string);
        if (!strcmp(want, have) && strcmp(e->string, id)) {
            if (found)
                return NULL;
            found = e->string;
        }
    }
    return found;
}

/* PILOT-SHIP, when PILOT flies SHIP: PILOT; else NULL. */
static const cJSON *pilot_ship_form(const cJSON *pilots, const char *id, char *resolved, size_t n)
{
    const char *dash = strrchr(id, '-');
    if (!dash)
        return NULL;
    snprintf(resolved, n, "%.*s", (int)(dash - id), id);
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(pilots, resolved);
    return p && !strcmp(jr_entry_text(p, "ship", ""), dash + 1) ? p : NULL;
}

/* The pilot of `faction` with the name of pilot p whose id is P-SHIP ("hansolo" in a rebel squad is
 * hansolo-modifiedyt1300lightfreighter; the data's "hansolo" flies for scum), not counting the
 * standard-loadout cards of scenario packs. NULL when none or several (then `several` is set). */
static const cJSON *same_pilot_in(const cJSON *pilots, const char *id, const cJSON *p, const char *faction,
                                  char *resolved, size_t n, int *several)
{
    const cJSON *found = NULL, *q;
    size_t len = strlen(id);
    cJSON_ArrayForEach(q, pilots)
    {
        if (strncmp(q->string, id, len) || q->string[len] != '-' || strcmp(jr_entry_text(q, "faction", ""), faction) ||
            strcmp(jr_entry_text(q, "name", ""), jr_entry_text(p, "name", "")) || cJSON_GetObjectItem(q, "standard_loadout"))
            continue;
        if (found) {
            *several = 1;
            return NULL;
        }
        found = q;
        snprintf(resolved, n, "%s", q->string);
    }
    return found;
}

/* Where a mistyped id is looked for: the pilots of the squad's faction, the upgrades of the slot
 * the squad puts it in (NULL: any), and for a pilot the PILOT-SHIP form too. Narrowing the search
 * keeps a typo's one nearest id the card the builder meant (Han Solo flies for three factions). */
typedef struct scope {
    const char *faction, *ship, *slot;
    int pilot_ship;
} scope;

static int fits(const cJSON *u, const char *slot);

static int in_scope(const cJSON *e, const scope *sc)
{
    return (!sc->faction || !strcmp(jr_entry_text(e, "faction", ""), sc->faction)) &&
           (!sc->ship || !strcmp(jr_entry_text(e, "ship", ""), sc->ship)) && (!sc->slot || fits(e, sc->slot));
}

/* The one id of `table` in scope within two edits of `id` (a builder's typo: reysmilleniumfalcon);
 * NULL when none, or when two or more are as near or nearer (then it is not a guess to make).
 * Only in a squad (a faction or a slot in scope): a scenario's author can fix its ids, the player
 * holding a builder's export cannot. */
static const char *one_near(const cJSON *table, const char *id, const scope *sc)
{
    if (!sc->faction && !sc->slot)
        return NULL;
    jr_near q;
    jr_near_start(&q, id);
    const cJSON *e;
    cJSON_ArrayForEach(e, table)
        if (in_scope(e, sc))
            jr_near_add(&q, e->string);
    return q.pick[0] && q.dist[0] <= 2 && !(q.pick[1] && q.dist[1] <= 2) ? q.pick[0] : NULL;
}

/* A typo in the PILOT of PILOT-SHIP (niennumb-t70xwing): the one pilot of SHIP within two edits. */
static const char *near_pilot_ship(jr *j, const cJSON *table, const char *id, const scope *sc, char *pilot,
                                   size_t n)
{
    const char *dash = strrchr(id, '-');
    if (!sc->pilot_ship || !dash || !cJSON_GetObjectItemCaseSensitive(xt_ships(j, "ships"), dash + 1))
        return NULL;
    scope of_ship = *sc;
    of_ship.ship = dash + 1;
    snprintf(pilot, n, "%.*s", (int)(dash - id), id);
    return one_near(table, pilot, &of_ship);
}

/* The last tries for an id of `table` (a `what`: "pilot", "upgrade"): the one id equal to it
 * once hyphens are left out, else the one id in scope within two edits (each with a warning);
 * else an error offering the nearest ids. */
static const cJSON *last_resort(jr *j, const cJSON *table, const char *id, const scope *sc, const char *path,
                                const char *what, char *resolved, size_t n)
{
    const char *plain = unhyphenated(table, id), *near = plain ? NULL : one_near(table, id, sc);
    char pilot[64];
    if (plain)
        jr_warn(j, path, "\"%s\" read as %s \"%s\" (the same id with hyphens)", id, what, plain);
    else if (near)
        jr_warn(j, path, "\"%s\" read as %s \"%s\" (the nearest id: a builder's typo or a renamed id)", id, what,
                near);
    else if ((near = near_pilot_ship(j, table, id, sc, pilot, sizeof pilot)))
        jr_warn(j, path, "\"%s\" read as %s \"%s\" (the nearest id to \"%s\" flying %s)", id, what, near, pilot,
                strrchr(id, '-') + 1);
    if (plain || near) {
        snprintf(resolved, n, "%s", plain ? plain : near);
        return cJSON_GetObjectItemCaseSensitive(table, resolved);
    }
    char nearest[256];
    jr_nearest(table, id, nearest, sizeof nearest);
    jr_fail(j, path, "unknown %s \"%s\"%s (see %s)", what, id, nearest, ships.file);
    return NULL;
}

static const cJSON *find_pilot(jr *j, const char *id, const char *faction, const char *path, char *resolved,
                               size_t n)
{
    const cJSON *pilots = xt_ships(j, "pilots"), *p;
    const char *alias = jr_entry_text(xt_aliases(j, "pilots"), id, NULL);
    snprintf(resolved, n, "%s", id);
    if (alias && (p = cJSON_GetObjectItemCaseSensitive(pilots, alias))) {
        snprintf(resolved, n, "%s", alias);
        jr_warn(j, path, "\"%s\" is an old id of \"%s\" (aliases.json): read as that pilot", id, alias);
        return p;
    }
    if ((p = cJSON_GetObjectItemCaseSensitive(pilots, id))) {
        int several = 0;
        if (!faction || !strcmp(jr_entry_text(p, "faction", ""), faction))
            return p;
        const cJSON *q = same_pilot_in(pilots, id, p, faction, resolved, n, &several);
        if (q)
            jr_warn(j, path, "\"%s\" flies for %s; the squad's %s pilot of that name is \"%s\": read as that pilot", id,
                    jr_entry_text(p, "faction", "?"), faction, resolved);
        else
            snprintf(resolved, n, "%s", id); /* the faction check fails it, naming the faction */
        return q ? q : p;
    }
    if ((p = pilot_ship_form(pilots, id, resolved, n))) {
        jr_warn(j, path, "\"%s\" is written PILOT-SHIP: read as pilot \"%s\"", id, resolved);
        return p;
    }
    scope sc = {.faction = faction, .pilot_ship = 1};
    return last_resort(j, pilots, id, &sc, path, "pilot", resolved, n);
}

/* An upgrade by id or by the mappings of find_pilot that apply to upgrades; NULL with an error. */
static const cJSON *find_upgrade(jr *j, const char *id, const char *slot, const char *path, char *resolved,
                                 size_t n)
{
    const cJSON *upgrades = xt_ships(j, "upgrades"), *u;
    const char *alias = jr_entry_text(xt_aliases(j, "upgrades"), id, NULL);
    snprintf(resolved, n, "%s", alias ? alias : id);
    if ((u = cJSON_GetObjectItemCaseSensitive(upgrades, resolved))) {
        if (alias)
            jr_warn(j, path, "\"%s\" is an old id of \"%s\" (aliases.json): read as that upgrade", id, alias);
        return u;
    }
    scope sc = {.slot = slot};
    return last_resort(j, upgrades, id, &sc, path, "upgrade", resolved, n);
}

/* ---- abilities and the classification ---- */

/* Does an abilities.json or dice-cards.json "type" name a card of this kind? "pilot" and "ship"
 * name themselves; every other type is an upgrade's slot. */
static int kind_matches(const char *type, char kind)
{
    if (!strcmp(type, "pilot"))
        return kind == NO_CARD_PILOT;
    if (!strcmp(type, "ship"))
        return kind == NO_CARD_SHIP;
    return kind == NO_CARD_UPGRADE || kind == NO_CARD_LOADOUT;
}

static const cJSON *ability_of(jr *j, const char *id, char kind)
{
    const cJSON *a;
    cJSON_ArrayForEach(a, xt_abilities(j))
    {
        if (!strcmp(jr_entry_text(a, "xws", ""), id) && kind_matches(jr_entry_text(a, "type", ""), kind))
            return a;
    }
    return NULL;
}

const cJSON *xt_ability_of_card(jr *j, const no_ship *s, int c)
{
    return *s->ability[c] ? cJSON_GetObjectItemCaseSensitive(xt_abilities(j), s->ability[c]) : NULL;
}

/* The entry of dice-cards.json for this card, or NULL (no dice effect). */
static const cJSON *classified(jr *j, const char *id, char kind)
{
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(jr_library_doc(j, &dice_cards, "xwing/dice-cards.json"),
                                                        "cards"),
                *c;
    cJSON_ArrayForEach(c, all)
    {
        if (!strcmp(jr_entry_text(c, "id", ""), id) && kind_matches(jr_entry_text(c, "type", ""), kind))
            return c;
    }
    return NULL;
}

static void add_card(jr *j, no_ship *s, const char *id, char kind)
{
    if (s->ncards == NO_SHIP_MAX_CARDS)
        return;
    int c = s->ncards++;
    snprintf(s->card[c], sizeof s->card[c], "%s", id);
    s->kind[c] = kind;
    /* the classification names the record (reprints share one: ezrabridger-tielnfighter is
     * ezra-bridger-pilot); a record of the card's own id and type is found without it */
    const cJSON *d = classified(j, id, kind);
    const char *named = jr_entry_text(d, "ability", NULL);
    const cJSON *a = named ? cJSON_GetObjectItemCaseSensitive(xt_abilities(j), named) : ability_of(j, id, kind);
    s->aura[c] = a && cJSON_IsTrue(cJSON_GetObjectItem(a, "aura"));
    s->dice_card[c] = a || d;
    snprintf(s->ability[c], sizeof s->ability[c], "%s", a ? a->string : "");
    snprintf(s->why[c], sizeof s->why[c], "%s", a ? "" : jr_entry_text(d, "reason", ""));
    s->ability_charges[c] = jr_entry_int(a, "charges", 0);
    const cJSON *record = kind == NO_CARD_SHIP ? NULL : cJSON_GetObjectItemCaseSensitive(
                              xt_ships(j, kind == NO_CARD_PILOT ? "pilots" : "upgrades"), id);
    s->recovers[c] = jr_entry_int(record, "charges_recovers", 0);
}

/* ---- weapons ---- */

static no_weapon *add_weapon(no_ship *s, const char *name, const char *arc, int value, int primary)
{
    if (s->nweapons == NO_SHIP_MAX_WEAPONS)
        return NULL;
    no_weapon *w = &s->weapon[s->nweapons++];
    memset(w, 0, sizeof *w);
    snprintf(w->name, sizeof w->name, "%s", name);
    snprintf(w->arc, sizeof w->arc, "%s", arc);
    w->value = value;
    w->primary = primary;
    w->minrange = primary ? 0 : 1; /* a primary weapon reaches range 0-3 (L334), an upgrade its card's */
    w->maxrange = 3;
    return w;
}

static no_weapon *primary_in(no_ship *s, const char *arc)
{
    for (int w = 0; w < s->nweapons; w++)
        if (s->weapon[w].primary && !strcmp(s->weapon[w].arc, arc))
            return &s->weapon[w];
    return NULL;
}

/* The primary attack the ship fires by default: its strongest primary weapon, a bullseye-only
 * value aside (Eta-2 Actis: 3 in the bullseye, 2 in the front arc; the attack is 2). It goes first
 * in the list and also answers to "primary". */
static void choose_primary(no_ship *s)
{
    int best = -1;
    for (int w = 0; w < s->nweapons; w++)
        if (s->weapon[w].primary && strcmp(s->weapon[w].arc, "bullseye") &&
            (best < 0 || s->weapon[w].value > s->weapon[best].value))
            best = w;
    for (int w = 0; best < 0 && w < s->nweapons; w++)
        if (s->weapon[w].primary)
            best = w;
    if (best > 0) {
        no_weapon t = s->weapon[0];
        s->weapon[0] = s->weapon[best];
        s->weapon[best] = t;
    }
    s->attack = best >= 0 ? s->weapon[0].value : 0;
    snprintf(s->arc, sizeof s->arc, "%s", best >= 0 ? s->weapon[0].arc : "");
}

const no_weapon *xt_weapon(const no_ship *s, const char *name)
{
    if (!strcmp(name, "primary"))
        return s->nweapons && s->weapon[0].primary ? &s->weapon[0] : NULL;
    for (int w = 0; w < s->nweapons; w++)
        if (!strcmp(s->weapon[w].name, name))
            return &s->weapon[w];
    return NULL;
}

/* ---- a ship ---- */

/* What an upgrade changes of its ship: stats (Hull Upgrade +1 hull, Delta-7B +1 front attack and
 * -1 agility), a primary arc it adds (Moldy Crow: a 3-dice front arc beside the HWK-290's turret)
 * or turns into another (Vectored Cannons), and the actions the dice use. */
static void apply_grants(no_ship *s, const cJSON *grants)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, grants)
    {
        const char *type = jr_entry_text(g, "type", ""), *what = jr_entry_text(g, "stat", ""), *arc = jr_entry_text(g, "arc", "");
        int amount = jr_entry_int(g, "amount", 0), *field = !strcmp(what, "hull")      ? &s->hull
                                                : !strcmp(what, "shields")  ? &s->shields
                                                : !strcmp(what, "agility")  ? &s->agility
                                                                            : NULL;
        if (!strcmp(type, "stat") && field)
            *field = *field + amount < 0 ? 0 : *field + amount;
        if (!strcmp(type, "stat") && !strcmp(what, "attack")) {
            no_weapon *w = primary_in(s, arc);
            char name[64];
            snprintf(name, sizeof name, "primary-%s", arc);
            if (w)
                w->value = w->value + amount < 0 ? 0 : w->value + amount;
            else
                add_weapon(s, name, arc, amount, 1);
        }
        if (!strcmp(type, "arc")) { /* the front primary arc becomes this one */
            no_weapon *w = primary_in(s, "front");
            if (w && !primary_in(s, arc)) {
                snprintf(w->arc, sizeof w->arc, "%s", arc);
                snprintf(w->name, sizeof w->name, "primary-%s", arc);
            }
        }
        if (!strcmp(type, "action"))
            s->actions |= action_of(cJSON_GetObjectItem(g, "action"));
    }
}

/* Does upgrade u go in `slot` ("forcepower" and "force-power" alike)? */
static int fits(const cJSON *u, const char *slot)
{
    char want[32], have[32];
    bare(want, sizeof want, slot);
    const cJSON *sl;
    cJSON_ArrayForEach(sl, cJSON_GetObjectItem(u, "slots"))
    {
        bare(have, sizeof have, cJSON_IsString(sl) ? sl->valuestring : "");
        if (!strcmp(want, have))
            return 1;
    }
    return 0;
}

/* A builder's key for a slot that holds one of several kinds (aliases.json "slot_choices": YASB's
 * "hardpoint", the T-70's Weapon Hardpoint, a cannon, a torpedo or a missile): does upgrade u
 * (`id`) go in one of them? Said with a warning naming the slot it is read in. */
static int fits_a_choice(jr *j, const cJSON *u, const char *id, const char *key, const char *path)
{
    const cJSON *choice;
    cJSON_ArrayForEach(choice, cJSON_GetObjectItemCaseSensitive(xt_aliases(j, "slot_choices"), key))
        if (cJSON_IsString(choice) && fits(u, choice->valuestring)) {
            jr_warn(j, path, "\"%s\" under \"%s\" read as a %s (the slot it goes in)", id, key, choice->valuestring);
            return 1;
        }
    return 0;
}

static int add_resolved_upgrade(jr *j, no_ship *s, const cJSON *u, const char *id, char kind)
{
    add_card(j, s, id, kind);
    apply_grants(s, cJSON_GetObjectItem(u, "grants"));
    s->force += jr_entry_int(u, "force", 0); /* an upgrade's Force adds to the ship's (seed 000 L488-L489) */
    const cJSON *atk = cJSON_GetObjectItem(u, "attack");
    if (atk) {
        no_weapon *w = add_weapon(s, id, jr_entry_text(atk, "arc", ""), jr_entry_int(atk, "value", 0), 0);
        if (w) {
            w->minrange = jr_entry_int(atk, "minrange", 1);
            w->maxrange = jr_entry_int(atk, "maxrange", 3);
            w->ordnance = cJSON_IsTrue(cJSON_GetObjectItem(atk, "ordnance"));
            w->charges = jr_entry_int(u, "charges", 0);
            w->recovers = jr_entry_int(u, "charges_recovers", 0);
        }
    }
    choose_primary(s);
    return 0;
}

int xt_add_upgrade(jr *j, no_ship *s, const char *id, const char *slot, const char *path)
{
    char resolved[64];
    const cJSON *u = find_upgrade(j, id, slot, path, resolved, sizeof resolved);
    if (!u)
        return -1;
    if (s->standard_loadout) {
        for (int c = 0; c < s->ncards; c++)
            if (s->kind[c] == NO_CARD_LOADOUT && !strcmp(s->card[c], resolved))
                return 0; /* the export lists the fixed loadout too */
        jr_warn(j, path, "\"%s\" ignored: %s flies a standard loadout, which has no place for other upgrades",
                resolved, s->pilot);
        return 0;
    }
    if (slot && !fits(u, slot) && !fits_a_choice(j, u, resolved, slot, path)) {
        jr_fail(j, path, "\"%s\" does not go in a %s slot", resolved, slot);
        return -1;
    }
    return add_resolved_upgrade(j, s, u, resolved, NO_CARD_UPGRADE);
}

int xt_ship_of(jr *j, const char *id, const char *faction, const char *path, no_ship *s)
{
    char resolved[64];
    memset(s, 0, sizeof *s);
    const cJSON *p = find_pilot(j, id, faction, path, resolved, sizeof resolved);
    if (!p)
        return -1;
    const char *ship_id = jr_entry_text(p, "ship", "?");
    const cJSON *ship = cJSON_GetObjectItem(xt_ships(j, "ships"), ship_id);
    const cJSON *stats = cJSON_GetObjectItem(p, "stats") ? cJSON_GetObjectItem(p, "stats") : ship;
    snprintf(s->pilot, sizeof s->pilot, "%s", resolved);
    snprintf(s->name, sizeof s->name, "%s", jr_entry_text(p, "name", resolved));
    snprintf(s->ship, sizeof s->ship, "%s", ship_id);
    snprintf(s->ship_name, sizeof s->ship_name, "%s", jr_entry_text(ship, "name", "?"));
    snprintf(s->faction, sizeof s->faction, "%s", jr_entry_text(p, "faction", "?"));
    snprintf(s->size, sizeof s->size, "%s", jr_entry_text(ship, "size", "small"));
    s->initiative = jr_entry_int(p, "initiative", 0);
    s->force = jr_entry_int(p, "force", 0);
    s->points = jr_entry_int(p, "cost", 0);
    s->charges = jr_entry_int(p, "charges", 0);
    s->agility = jr_entry_int(stats, "agility", 0);
    s->hull = jr_entry_int(stats, "hull", 0);
    s->shields = jr_entry_int(stats, "shields", 0);
    const cJSON *atk;
    cJSON_ArrayForEach(atk, cJSON_GetObjectItem(stats, "attacks"))
    {
        char name[64];
        snprintf(name, sizeof name, "primary-%s", jr_entry_text(atk, "arc", ""));
        add_weapon(s, name, jr_entry_text(atk, "arc", ""), jr_entry_int(atk, "value", 0), 1);
    }
    choose_primary(s);
    const cJSON *act, *actions = cJSON_GetObjectItem(p, "actions") ? cJSON_GetObjectItem(p, "actions")
                                                                    : cJSON_GetObjectItem(ship, "actions");
    cJSON_ArrayForEach(act, actions)
        s->actions |= action_of(act);
    add_card(j, s, resolved, NO_CARD_PILOT);
    if (jr_entry_text(p, "ship_ability", NULL))
        add_card(j, s, jr_entry_text(p, "ship_ability", NULL), NO_CARD_SHIP);
    const cJSON *fixed;
    cJSON_ArrayForEach(fixed, cJSON_GetObjectItem(p, "standard_loadout"))
    {
        const cJSON *u = cJSON_GetObjectItem(xt_ships(j, "upgrades"), cJSON_GetStringValue(fixed));
        if (u) /* the generated table lists only upgrades it has */
            add_resolved_upgrade(j, s, u, fixed->valuestring, NO_CARD_LOADOUT);
    }
    s->standard_loadout = cJSON_GetObjectItem(p, "standard_loadout") != NULL;
    return j->failed ? -1 : 0;
}
