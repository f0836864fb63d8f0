/* battle_input.c — the sides of a battle: an XWS squad (its pilots and cards, read by xws_squad.c),
 * a file of plain ships, or one battle file holding both sides and the battle's options. Every
 * error names the file and the JSON path. */
#include "neverodds/battle.h"
#include "io/jsonread.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const no_target_names[NO_TARGET_N + 1] = {"likeliest-kill", "threat", "points", "spread", NULL};
const char *const no_target_descriptions[NO_TARGET_N] = {
    "the enemy this attack is likeliest to destroy (then the fewest shields and hull left)",
    "the enemy whose own attack on the attacker deals the most on average",
    "the enemy worth the most points",
    "the enemy its side has attacked least this round",
};
const char *const no_first_names[NO_FIRST_N + 1] = {"rolled", "a", "b", NULL};
const char *const no_deck_names[NO_DECK_N + 1] = {"off", "on", "dice", NULL};

void no_battle_defaults(no_battle_opts *o)
{
    memset(o, 0, sizeof *o);
    o->run.seed = 1;
    o->run.threads = 0;
    o->rounds = NO_BATTLE_DEFAULT_ROUNDS;
    o->first = NO_FIRST_ROLLED;
    o->range_p[2] = 1.0;
    o->deck = NO_DECK_ON;
    static const int order[] = {NO_ACT_FOCUS, NO_ACT_CALCULATE, NO_ACT_LOCK, NO_ACT_EVADE, NO_ACT_REINFORCE};
    o->nactions = (int)(sizeof order / sizeof *order);
    memcpy(o->action_order, order, sizeof order);
}

/* Ships of one name in a side are told apart by their place: "Blue Squadron Escort 2". */
static void name_alike(no_battle_side *side)
{
    char given[NO_BATTLE_MAX_SHIPS][64];
    for (int i = 0; i < side->n; i++)
        memcpy(given[i], side->ship[i].name, sizeof given[i]);
    for (int i = 0; i < side->n; i++) {
        int same = 0, nth = 0;
        for (int k = 0; k < side->n; k++)
            if (!strcmp(given[k], given[i])) {
                same++;
                nth += k <= i;
            }
        if (same > 1)
            snprintf(side->ship[i].name, sizeof side->ship[i].name, "%.58s %d", given[i], nth % 100);
    }
}

/* The primary weapon, then the ship's attacks from upgrades that have charges (torpedoes,
 * missiles): an ordnance weapon needs a lock (Attack [Lock] on nearly every such card; the data
 * marks ordnance, not the lock, so the report says it is assumed). */
static void add_weapons(const no_ship *s, no_battle_ship *b)
{
    b->nweapons = 1;
    b->weapon[0] = (no_battle_weapon){.dice = s->attack, .minrange = 1, .maxrange = 3};
    snprintf(b->weapon[0].id, sizeof b->weapon[0].id, "primary");
    for (int w = 0; w < s->nweapons && b->nweapons < NO_BATTLE_MAX_WEAPONS; w++) {
        const no_weapon *x = &s->weapon[w];
        if (x->primary || !x->charges)
            continue;
        no_battle_weapon *y = &b->weapon[b->nweapons++];
        *y = (no_battle_weapon){.dice = x->value, .minrange = x->minrange < 1 ? 1 : x->minrange,
                                .maxrange = x->maxrange, .charges = x->charges, .recovers = x->recovers,
                                .needs_lock = x->ordnance};
        snprintf(y->id, sizeof y->id, "%s", x->name);
    }
}

void no_battle_side_of_squad(const no_squad *sq, no_battle_side *side)
{
    snprintf(side->name, sizeof side->name, "%.127s", *sq->name ? sq->name : sq->file);
    snprintf(side->file, sizeof side->file, "%s", sq->file);
    side->n = 0;
    for (int i = 0; i < sq->n; i++) {
        const no_ship *s = &sq->ship[i];
        if (no_ship_left_out(s)) /* said on its line (the squad's warnings, the report's sides) */
            continue;
        no_battle_ship *b = &side->ship[side->n++];
        *b = (no_battle_ship){.initiative = s->initiative, .points = s->points, .attack = s->attack,
                              .agility = s->agility, .hull = s->hull, .shields = s->shields, .force = s->force,
                              .actions = s->actions, .card = s};
        snprintf(b->name, sizeof b->name, "%s", s->name);
        add_weapons(s, b);
    }
    name_alike(side);
}

/* A plain ship: its numbers and the actions that give tokens the dice use. */
static void read_plain_ship(jr *j, const cJSON *o, const char *path, no_battle_ship *b)
{
    static const char *const keys[] = {"name", "initiative", "attack", "agility", "hull", "shields",
                                       "points", "force", "actions", NULL};
    if (jr_object(j, o, path, keys))
        return;
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(o, "name");
    char p[256];
    if (!cJSON_IsString(name) || !*name->valuestring) {
        char what[64];
        jr_key(p, sizeof p, path, "name");
        jr_describe(name, what, sizeof what);
        jr_fail(j, p, "expected the ship's name, got %s", name ? what : "nothing");
        return;
    }
    snprintf(b->name, sizeof b->name, "%s", name->valuestring);
    b->initiative = jr_int(j, o, "initiative", path, 0, 6, 0, 1);
    b->attack = jr_int(j, o, "attack", path, 0, 6, 0, 1);
    b->agility = jr_int(j, o, "agility", path, 0, 6, 0, 1);
    b->hull = jr_int(j, o, "hull", path, 1, NO_BATTLE_MAX_HP, 0, 1);
    b->shields = jr_int(j, o, "shields", path, 0, NO_BATTLE_MAX_HP, 0, 0);
    if (!j->failed && b->hull + b->shields > NO_BATTLE_MAX_HP) {
        jr_key(p, sizeof p, path, "shields");
        jr_fail(j, p, "hull and shields together at most %d (a battle's limit), got %d + %d", NO_BATTLE_MAX_HP,
                b->hull, b->shields);
        return;
    }
    b->points = jr_int(j, o, "points", path, 0, 200, 0, 0);
    b->force = jr_int(j, o, "force", path, 0, 5, 0, 0);
    b->nweapons = 1;
    b->weapon[0] = (no_battle_weapon){.id = "primary", .dice = b->attack, .minrange = 1, .maxrange = 3};
    const cJSON *acts = cJSON_GetObjectItemCaseSensitive(o, "actions");
    jr_key(p, sizeof p, path, "actions");
    if (acts && !cJSON_IsArray(acts)) {
        jr_fail(j, p, "expected a list of actions (%s, %s, %s, %s, %s)", no_action_names[0], no_action_names[1],
                no_action_names[2], no_action_names[3], no_action_names[4]);
        return;
    }
    int i = 0;
    for (const cJSON *a = acts ? acts->child : NULL; a && !j->failed; a = a->next, i++) {
        char pi[256];
        jr_index(pi, sizeof pi, p, i);
        int k = jr_enum(j, a, pi, no_action_names, "an action that gives a token");
        if (k >= 0)
            b->actions |= 1 << k;
    }
}

static void read_ships(jr *j, const cJSON *list, const char *path, no_battle_side *side)
{
    if (!cJSON_IsArray(list) || !cJSON_GetArraySize(list) || cJSON_GetArraySize(list) > NO_BATTLE_MAX_SHIPS) {
        char what[64];
        jr_describe(list, what, sizeof what);
        jr_fail(j, path, "expected a list of 1 to %d ships, got %s", NO_BATTLE_MAX_SHIPS, list ? what : "nothing");
        return;
    }
    int i = 0;
    for (const cJSON *s = list->child; s && !j->failed; s = s->next, i++) {
        char p[256];
        jr_index(p, sizeof p, path, i);
        read_plain_ship(j, s, p, &side->ship[side->n++]);
    }
}

int no_battle_side_load(const char *path, no_battle_side *side, char *err, size_t errlen)
{
    memset(side, 0, sizeof *side);
    snprintf(side->file, sizeof side->file, "%s", path);
    cJSON *root = no_xws_read_json(path, err, errlen);
    if (!root)
        return -1;
    int squad = cJSON_IsObject(root) && cJSON_GetObjectItemCaseSensitive(root, "pilots");
    int rc = 0;
    if (squad) {
        if (!(rc = no_squad_load(path, &side->squad, err, errlen)))
            no_battle_side_of_squad(&side->squad, side);
        if (!rc && !side->n) {
            snprintf(err, errlen, "%s: pilots: no ship takes part in a battle (%s)", path,
                     no_ship_left_out(&side->squad.ship[0]));
            rc = -1;
        }
    } else {
        jr j = {.file = path, .err = err, .errlen = errlen};
        static const char *const keys[] = {"name", "ships", NULL};
        if (!cJSON_IsObject(root))
            jr_fail(&j, "", "expected an XWS squad (with \"pilots\") or {\"name\": ..., \"ships\": [...]}");
        else if (!jr_object(&j, root, "", keys))
            read_ships(&j, cJSON_GetObjectItemCaseSensitive(root, "ships"), "ships", side);
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
        snprintf(side->name, sizeof side->name, "%s", cJSON_IsString(name) ? name->valuestring : path);
        rc = j.failed ? -1 : 0;
    }
    cJSON_Delete(root);
    if (!rc && !squad)
        name_alike(side);
    return rc;
}

int no_battle_parse_ranges(const char *text, double range_p[4])
{
    double p[4] = {0};
    char *end;
    if (!strchr(text, ':')) { /* one range */
        long r = strtol(text, &end, 10);
        if (*end || r < 1 || r > 3)
            return -1;
        p[r] = 1;
    } else {
        for (const char *s = text; *s;) {
            long r = strtol(s, &end, 10);
            if (end == s || *end != ':' || r < 1 || r > 3 || p[r] > 0)
                return -1;
            s = end + 1;
            double w = strtod(s, &end);
            if (end == s || !(w > 0) || w > 1 || (*end && *end != ','))
                return -1;
            p[r] = w;
            s = end + (*end == ',');
        }
    }
    double sum = p[1] + p[2] + p[3];
    if (fabs(sum - 1) > 1e-9)
        return -1;
    for (int r = 1; r <= 3; r++)
        range_p[r] = p[r] / sum;
    range_p[0] = 0;
    return 0;
}

/* "range": 2, or {"1": 0.2, "2": 0.5, "3": 0.3}, the chances summing to 1. */
static void read_range(jr *j, const cJSON *v, double range_p[4])
{
    double p[4] = {0};
    char what[64];
    jr_describe(v, what, sizeof what);
    if (cJSON_IsNumber(v) && v->valuedouble == (int)v->valuedouble && v->valueint >= 1 && v->valueint <= 3) {
        p[v->valueint] = 1;
    } else if (cJSON_IsObject(v)) {
        for (const cJSON *e = v->child; e && !j->failed; e = e->next) {
            char path[64];
            jr_key(path, sizeof path, "range", e->string);
            int r = (e->string[0] >= '1' && e->string[0] <= '3' && !e->string[1]) ? e->string[0] - '0' : 0;
            if (!r)
                jr_fail(j, path, "expected a range 1, 2 or 3 as the key");
            else if (!cJSON_IsNumber(e) || !(e->valuedouble >= 0) || e->valuedouble > 1)
                jr_fail(j, path, "expected a chance from 0 to 1");
            else
                p[r] = e->valuedouble;
        }
        if (!j->failed && fabs(p[1] + p[2] + p[3] - 1) > 1e-9)
            jr_fail(j, "range", "the chances sum to %g, not 1", p[1] + p[2] + p[3]);
    } else {
        jr_fail(j, "range", "expected 1, 2, 3 or {\"1\": p, \"2\": p, \"3\": p}, got %s", what);
    }
    if (!j->failed)
        memcpy(range_p, p, sizeof p);
}

int no_battle_file_load(const char *path, no_battle_side *a, no_battle_side *b, no_battle_opts *o, char *err,
                        size_t errlen)
{
    memset(a, 0, sizeof *a);
    memset(b, 0, sizeof *b);
    cJSON *root = no_xws_read_json(path, err, errlen);
    if (!root)
        return -1;
    jr j = {.file = path, .err = err, .errlen = errlen};
    static const char *const keys[] = {"name", "a", "b", "range", "rounds", "first_player", "damage_deck", NULL};
    if (!cJSON_IsObject(root)) {
        jr_fail(&j, "", "expected a battle {\"a\": [ships], \"b\": [ships], ...}");
    } else if (!jr_object(&j, root, "", keys)) {
        no_battle_side *side[2] = {a, b};
        for (int s = 0; s < 2 && !j.failed; s++) {
            const char *key = s ? "b" : "a";
            snprintf(side[s]->file, sizeof side[s]->file, "%s", path);
            snprintf(side[s]->name, sizeof side[s]->name, "%s", s ? "B" : "A");
            read_ships(&j, cJSON_GetObjectItemCaseSensitive(root, key), key, side[s]);
        }
        const cJSON *range = cJSON_GetObjectItemCaseSensitive(root, "range");
        if (range && !j.failed)
            read_range(&j, range, o->range_p);
        if (!j.failed)
            o->rounds = jr_int(&j, root, "rounds", "", 1, NO_BATTLE_MAX_ROUNDS, o->rounds, 0);
        if (!j.failed && cJSON_GetObjectItemCaseSensitive(root, "first_player"))
            o->first = jr_enum_key(&j, root, "first_player", "", no_first_names, "a first player", o->first);
        const cJSON *deck = cJSON_GetObjectItemCaseSensitive(root, "damage_deck");
        if (!j.failed && cJSON_IsString(deck)) /* "on", "off", "dice"; or true (on) and false (off) */
            o->deck = jr_enum_key(&j, root, "damage_deck", "", no_deck_names, "a damage deck", o->deck);
        else if (!j.failed && deck)
            o->deck = jr_bool(&j, root, "damage_deck", "", o->deck) ? NO_DECK_ON : NO_DECK_OFF;
    }
    cJSON_Delete(root);
    if (j.failed)
        return -1;
    name_alike(a);
    name_alike(b);
    return 0;
}
