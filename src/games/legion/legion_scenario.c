/* legion_scenario.c — reads a Legion scenario (the issue #3 contract) into an attack context. */
#include "neverodds/legion.h"
#include "neverodds/modifier.h"
#include "neverodds/scenario.h"
#include "io/jsonread.h"
#include "games/legion/legion_game.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef no_legion_keyword keyword;

/* Every dice keyword this version models, with the largest value accepted. */
const keyword no_legion_keywords[] = {
    {"pierce", NO_ATTACKER, LK_PIERCE, 10},           {"impact", NO_ATTACKER, LK_IMPACT, 10},
    {"critical", NO_ATTACKER, LK_CRITICAL, 10},       {"sharpshooter", NO_ATTACKER, LK_SHARPSHOOTER, 2},
    {"precise", NO_ATTACKER, LK_PRECISE, 5},          {"lethal", NO_ATTACKER, LK_LETHAL, 5},
    {"ram", NO_ATTACKER, LK_RAM, 5},                  {"marksman", NO_ATTACKER, LK_MARKSMAN, 0},
    {"high_velocity", NO_ATTACKER, LK_HIGH_VELOCITY, 0}, {"blast", NO_ATTACKER, LK_BLAST, 0},
    {"primitive", NO_ATTACKER, LK_PRIMITIVE, 0},      {"suppressive", NO_ATTACKER, LK_SUPPRESSIVE, 0},
    {"jar_kai", NO_ATTACKER, LK_JAR_KAI, 0},          {"immune_deflect", NO_ATTACKER, LK_IMMUNE_DEFLECT, 0},
    {"cumbersome", NO_ATTACKER, LK_CUMBERSOME, 0},    {"anti_personnel", NO_ATTACKER, LK_ANTI_PERSONNEL, 12},
    {"anti_materiel", NO_ATTACKER, LK_ANTI_MATERIEL, 12},
    {"armor", NO_DEFENDER, LK_ARMOR, 10},             {"impervious", NO_DEFENDER, LK_IMPERVIOUS, 0},
    {"immune_pierce", NO_DEFENDER, LK_IMMUNE_PIERCE, 0},
    {"immune_melee_pierce", NO_DEFENDER, LK_IMMUNE_MELEE_PIERCE, 0},
    {"danger_sense", NO_DEFENDER, LK_DANGER_SENSE, 7}, {"uncanny_luck", NO_DEFENDER, LK_UNCANNY_LUCK, 3},
    {"low_profile", NO_DEFENDER, LK_LOW_PROFILE, 0},  {"cover", NO_DEFENDER, LK_COVER_X, 2},
    {"smoke", NO_DEFENDER, LK_SMOKE, 2},              {"outmaneuver", NO_DEFENDER, LK_OUTMANEUVER, 0},
    {"block", NO_DEFENDER, LK_BLOCK, 0},              {"deflect", NO_DEFENDER, LK_DEFLECT, 0},
    {"soresu", NO_DEFENDER, LK_SORESU, 0},            {"djem_so", NO_DEFENDER, LK_DJEM_SO, 0},
    {"unconcerned", NO_DEFENDER, LK_UNCONCERNED, 0},  {"backup", NO_DEFENDER, LK_BACKUP, 0},
    {"immune_blast", NO_DEFENDER, LK_IMMUNE_BLAST, 0},
    {"death_from_above", NO_ATTACKER, LK_DEATH_FROM_ABOVE, 0},
    {"jedi_hunter", NO_ATTACKER, LK_JEDI_HUNTER, 0},  {"force_user", NO_DEFENDER, LK_FORCE_USER, 0},
    {"complete_the_mission", NO_ATTACKER, LK_COMPLETE_MISSION, 0},
    {"complete_the_mission", NO_DEFENDER, LK_COMPLETE_MISSION, 0},
    {"ion", NO_ATTACKER, LK_ION, 10},                 {"duelist", NO_ATTACKER, LK_DUELIST, 0},
    {"duelist", NO_DEFENDER, LK_DUELIST, 0},          {"makashi", NO_ATTACKER, LK_MAKASHI, 0},
};
#define NKEYWORDS (sizeof no_legion_keywords / sizeof no_legion_keywords[0])
const int no_legion_nkeywords = (int)NKEYWORDS;


/* Keyword values from object `o` (at `path`) for `side`; absent `o` means none. */
static void parse_keywords(jr *j, const cJSON *o, const char *path, int side, no_ctx *ctx)
{
    if (!o)
        return;
    const char *allowed[NKEYWORDS + 1];
    int n = 0;
    for (size_t k = 0; k < NKEYWORDS; k++)
        if (no_legion_keywords[k].side == side)
            allowed[n++] = no_legion_keywords[k].name;
    allowed[n] = NULL;
    if (jr_object(j, o, path, allowed))
        return;
    for (size_t k = 0; k < NKEYWORDS && !j->failed; k++) {
        const keyword *kw = &no_legion_keywords[k];
        if (kw->side != side || !cJSON_GetObjectItemCaseSensitive(o, kw->name))
            continue;
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, kw->name);
        /* a keyword the unit card already has: numbers add up (L608-L612), booleans stay on */
        uint8_t *slot = &ctx->kw[side][kw->index];
        if (kw->index == LK_ARMOR && cJSON_IsBool(v)) { /* Armor (all hits) or Armor X */
            *slot = cJSON_IsTrue(v) ? LG_ARMOR_ALL : *slot;
        } else if (kw->max == 0) {
            *slot = (uint8_t)(*slot | jr_bool(j, o, kw->name, path, 0));
        } else {
            int x = jr_int(j, o, kw->name, path, 0, kw->max, 0, 0);
            if (*slot != LG_ARMOR_ALL)
                *slot = (uint8_t)(*slot + x > kw->max ? kw->max : *slot + x);
        }
    }
}

static void parse_tokens(jr *j, const cJSON *side_obj, int side, no_ctx *ctx,
                         const char *const *names, const int *kinds, const int *max)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(side_obj, "tokens");
    if (!o)
        return;
    char path[64];
    snprintf(path, sizeof path, "%s.tokens", no_side_names[side]);
    if (jr_object(j, o, path, names))
        return;
    for (int t = 0; names[t]; t++)
        ctx->start.tok[side][kinds[t]] = (uint8_t)jr_int(j, o, names[t], path, 0, max[t], 0, 0);
}

/* The unit library, loaded when a scenario names a unit. */
typedef jr_library units;

/* The unit `side_obj` names, if any; it names the side for the report: `who`, "Stormtroopers
 * (unit stormtroopers)". */
static const cJSON *find_unit(jr *j, units *u, const cJSON *side_obj, const char *side, char *who)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(side_obj, "unit");
    if (!name)
        return NULL;
    char path[64];
    snprintf(path, sizeof path, "%s.unit", side);
    const cJSON *unit = jr_library_entry(j, u, "legion/units.json", "units", name, path, "a unit");
    if (unit)
        snprintf(who, NO_WHO_LEN, "%s (unit %s)", jr_entry_text(unit, "name", unit->string), unit->string);
    return unit;
}

/* Keyword values of a library unit, as a scenario would give them (errors name the library). */
static void unit_keywords(jr *j, const units *u, const cJSON *unit, const char *key, int side, no_ctx *ctx)
{
    jr lj = {.file = u->file, .err = j->err, .errlen = j->errlen};
    char path[128];
    snprintf(path, sizeof path, "units.%s.%s", unit->string, key);
    parse_keywords(&lj, cJSON_GetObjectItemCaseSensitive(unit, key), path, side, ctx);
    j->failed |= lj.failed;
}

/* ---- the attack pool, weapon by weapon (step 2b, L1509-L1526) ---- */
static const char *const colours[] = {"red", "black", "white", NULL};
static const char *const weapon_keywords[] = {
    "pierce", "impact", "critical", "ram", "lethal", "suppressive", "blast", "immune_deflect",
    "high_velocity", "cumbersome", "spray", "anti_personnel", "anti_materiel", "ion", "primitive", NULL};

typedef struct pool_builder {
    int dice[3];
    int weapons, high_velocity; /* High Velocity counts only if every weapon has it (L2881) */
} pool_builder;

static int kw_int(const cJSON *kws, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(kws, name);
    return cJSON_IsNumber(v) ? (int)v->valuedouble : cJSON_IsTrue(v) ? 1 : 0;
}

static void too_many_upgrades(jr *j, const char *path)
{
    jr_fail(j, path, "at most %d weapons of a pool whose Anti-Personnel / Anti-Materiel leaves a choice of "
            "dice in this version", LG_MAX_UPGRADES);
}

/* Adds one weapon: its dice times the miniatures using it (times the defenders in line of sight
 * for Spray, L3012), step 4a on its own dice, and its keywords into the pool's (numbers add up,
 * L608-L612). */
static void add_weapon(jr *j, const cJSON *dice, const cJSON *kws, int minis, int moved, const char *path,
                       no_ctx *ctx, pool_builder *pb)
{
    char p[128];
    jr_key(p, sizeof p, path, "dice");
    if (jr_object(j, dice, p, colours))
        return;
    jr_key(p, sizeof p, path, "keywords");
    if (kws && jr_object(j, kws, p, weapon_keywords))
        return;
    int spray = kw_int(kws, "spray"), per = spray ? ctx->kw[NO_DEFENDER][LK_IN_LOS] : 1;
    if (spray && !ctx->hull) { /* no unit given (health_given): no miniatures to count */
        jr_fail(j, path, "Spray multiplies the dice by the defending miniatures in line of sight (L3012): "
                "give defender.minis and wounds (or a unit)");
        return;
    }
    int d[3];
    for (int c = 0; c < 3; c++) {
        jr_key(p, sizeof p, path, "dice");
        d[c] = jr_int(j, dice, colours[c], p, 0, NO_MAX_ROLL, 0, 0) * minis * per;
    }
    if (no_legion_form_weapon(ctx, d, moved && kw_int(kws, "cumbersome"), kw_int(kws, "anti_personnel"),
                              kw_int(kws, "anti_materiel")))
        too_many_upgrades(j, path);
    for (int c = 0; c < 3; c++)
        pb->dice[c] += d[c];
    static const struct { const char *name; int index; } sums[] = {
        {"pierce", LK_PIERCE}, {"impact", LK_IMPACT}, {"critical", LK_CRITICAL}, {"ram", LK_RAM},
        {"lethal", LK_LETHAL}, {"suppressive", LK_SUPPRESSIVE}, {"blast", LK_BLAST},
        {"immune_deflect", LK_IMMUNE_DEFLECT}, {"ion", LK_ION}, {"primitive", LK_PRIMITIVE}};
    uint8_t *a = ctx->kw[NO_ATTACKER];
    for (size_t k = 0; k < sizeof sums / sizeof sums[0]; k++) {
        int v = a[sums[k].index] + kw_int(kws, sums[k].name);
        a[sums[k].index] = (uint8_t)(v > 250 ? 250 : v);
    }
    a[LK_SUPPRESSIVE] = a[LK_SUPPRESSIVE] > 0; /* booleans: any weapon */
    a[LK_BLAST] = a[LK_BLAST] > 0;
    a[LK_IMMUNE_DEFLECT] = a[LK_IMMUNE_DEFLECT] > 0;
    a[LK_PRIMITIVE] = a[LK_PRIMITIVE] > 0;
    pb->weapons++;
    pb->high_velocity += kw_int(kws, "high_velocity");
}

void no_legion_weapon_range(const cJSON *w, int *from, int *to)
{
    const cJSON *range = cJSON_GetObjectItemCaseSensitive(w, "range");
    const cJSON *f = cJSON_GetArrayItem(range, 0), *t = cJSON_GetArrayItem(range, 1);
    *from = cJSON_IsNumber(f) ? f->valueint : 0;
    *to = cJSON_IsNumber(t) ? t->valueint : *from;
}

/* Does weapon `w` reach melee (range 0) or, when !melee, range 1 or more? */
static int weapon_fits(const cJSON *w, int melee)
{
    int from, to;
    no_legion_weapon_range(w, &from, &to);
    return melee ? from == 0 : to >= 1;
}

/* The unit's weapon of that name; when two share it (a melee and a ranged Blaster Pistols), the
 * one for the attack type. */
static const cJSON *unit_weapon(const cJSON *unit, const char *name, int melee)
{
    const cJSON *w, *first = NULL;
    cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(unit, "weapons")) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(w, "name");
        if (!cJSON_IsString(n) || strcmp(n->valuestring, name))
            continue;
        if (weapon_fits(w, melee))
            return w;
        first = first ? first : w;
    }
    return first;
}

/* Without a weapon list, every miniature of the unit uses its first weapon for the attack type. */
static const cJSON *default_weapon(const cJSON *unit, int melee)
{
    const cJSON *w;
    cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(unit, "weapons"))
        if (weapon_fits(w, melee))
            return w;
    return NULL;
}

/* A unit card without miniatures of its own (Legion HQ gives The Bad Batch 0: its miniatures are
 * its upgrades) cannot say how many miniatures use a weapon or take wounds. */
static void no_miniatures(jr *j, const char *path, const cJSON *unit, const char *give)
{
    jr_fail(j, path, "unit %s's card in the data gives %d miniatures of %d wounds (The Bad Batch's miniatures "
            "are its upgrades; an unreleased card may be unfinished): give %s", unit->string,
            jr_entry_int(unit, "minis", 0), jr_entry_int(unit, "wounds", 0), give);
}

static void parse_weapons(jr *j, const cJSON *o, const cJSON *unit, int moved, no_ctx *ctx, pool_builder *pb)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(o, "weapons");
    int unit_minis = unit ? jr_entry_int(unit, "minis", 1) : 1;
    int in_melee = ctx->kw[NO_ATTACKER][LK_ATTACK_TYPE] == LG_MELEE;
    if (!list) {
        if (!unit || cJSON_GetObjectItemCaseSensitive(o, "pool"))
            return;
        if (unit_minis < 1) {
            no_miniatures(j, "attacker.unit", unit, "\"weapons\", each with its \"minis\"");
            return;
        }
        const cJSON *w = default_weapon(unit, in_melee);
        if (!w) {
            jr_fail(j, "attacker.unit", "the unit has no %s weapon; list \"weapons\"",
                    in_melee ? "melee" : "ranged");
            return;
        }
        add_weapon(j, cJSON_GetObjectItemCaseSensitive(w, "dice"), cJSON_GetObjectItemCaseSensitive(w, "keywords"),
                   unit_minis, moved, "attacker.unit", ctx, pb);
        return;
    }
    if (!cJSON_IsArray(list)) {
        jr_fail(j, "attacker.weapons", "expected a list of weapons");
        return;
    }
    int i = 0;
    for (const cJSON *w = list->child; w && !j->failed; w = w->next, i++) {
        char p[64];
        jr_index(p, sizeof p, "attacker.weapons", i);
        static const char *const keys[] = {"name", "dice", "keywords", "minis", NULL};
        const cJSON *name = cJSON_IsString(w) ? w : NULL;
        int minis = unit_minis;
        const cJSON *dice = NULL, *kws = NULL;
        if (!name) {
            if (jr_object(j, w, p, keys))
                return;
            name = cJSON_GetObjectItemCaseSensitive(w, "name");
            minis = jr_int(j, w, "minis", p, 1, 30, name ? unit_minis : 1, 0);
            dice = cJSON_GetObjectItemCaseSensitive(w, "dice");
            kws = cJSON_GetObjectItemCaseSensitive(w, "keywords");
        }
        if (name) {
            /* the card's miniatures use it: a card without them needs the weapon's own "minis" */
            if (unit && unit_minis < 1 && (cJSON_IsString(w) || !cJSON_GetObjectItemCaseSensitive(w, "minis"))) {
                no_miniatures(j, p, unit, "the weapon as {\"name\": ..., \"minis\": N}");
                return;
            }
            const cJSON *uw = unit && cJSON_IsString(name) ? unit_weapon(unit, name->valuestring, in_melee) : NULL;
            if (!uw) {
                jr_fail(j, p, unit ? "the unit has no weapon named %s" : "a weapon by name needs attacker.unit (%s)",
                        cJSON_IsString(name) ? name->valuestring : "?");
                return;
            }
            dice = dice ? dice : cJSON_GetObjectItemCaseSensitive(uw, "dice");
            kws = kws ? kws : cJSON_GetObjectItemCaseSensitive(uw, "keywords");
        } else if (!dice) {
            jr_fail(j, p, "a weapon needs a \"name\" from its unit or its own \"dice\"");
            return;
        }
        add_weapon(j, dice, kws, minis, moved, p, ctx, pb);
    }
}

const no_legion_default no_legion_defaults[LG_NDEFAULTS] = {
    [LG_DEF_ATTACK_TYPE] = {"", "attack_type", 0},  [LG_DEF_COVER] = {"", "cover", 0},
    [LG_DEF_SURGE_CHART] = {"attacker", "surge", 1}, [LG_DEF_DIE] = {"defender", "die", 1},
    [LG_DEF_DEFENSE_SURGE] = {"defender", "surge", 1}, [LG_DEF_TYPE] = {"defender", "type", 1},
    [LG_DEF_COURAGE] = {"defender", "courage", 1},
};

/* Marks the keys of `holder` that `o` does not give (nor a unit card, when `card`), for the report. */
static void mark_unsaid(const cJSON *o, const char *holder, const cJSON *card, no_applied *ap)
{
    for (int i = 0; i < LG_NDEFAULTS; i++) {
        const no_legion_default *d = &no_legion_defaults[i];
        if (!strcmp(d->holder, holder) && !(d->card && card) && !cJSON_GetObjectItemCaseSensitive(o, d->key))
            ap->defaults |= 1u << i;
    }
}

static void parse_attacker(jr *j, units *u, const cJSON *root, no_ctx *ctx, no_applied *ap)
{
    static const char *const keys[] = {"unit", "pool", "weapons", "moved", "surge", "tokens", "keywords", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "attacker");
    if (!o) {
        jr_fail(j, "attacker", "missing (expected an object with a \"pool\", \"weapons\" or a \"unit\")");
        return;
    }
    if (jr_object(j, o, "attacker", keys))
        return;
    const cJSON *unit = find_unit(j, u, o, "attacker", ap->who[NO_ATTACKER]);
    static const char *const charts[] = {"none", "hit", "crit", NULL};
    mark_unsaid(o, "attacker", unit, ap);
    int chart = LG_CHART_NONE;
    if (unit) {
        unit_keywords(j, u, unit, "attacker_keywords", NO_ATTACKER, ctx);
        const cJSON *sa = cJSON_GetObjectItemCaseSensitive(unit, "surge_attack");
        chart = jr_enum(j, sa, "surge_attack", charts, "a surge conversion");
    }
    ctx->kw[NO_ATTACKER][LK_SURGE_CHART] =
        (uint8_t)jr_enum_key(j, o, "surge", "attacker", charts, "a surge conversion", chart);
    static const char *const tok_names[] = {"aim", "surge", "observation", "dodge", NULL};
    static const int tok_kinds[] = {NO_TOK_AIM, NO_TOK_SURGE, NO_TOK_OBSERVATION, NO_TOK_DODGE};
    static const int tok_max[] = {10, 10, 10, 10};
    parse_tokens(j, o, NO_ATTACKER, ctx, tok_names, tok_kinds, tok_max);
    parse_keywords(j, cJSON_GetObjectItemCaseSensitive(o, "keywords"), "attacker.keywords", NO_ATTACKER, ctx);
    int moved = jr_bool(j, o, "moved", "attacker", 0);
    pool_builder pb = {{0}, 0, 0};
    const cJSON *pool = cJSON_GetObjectItemCaseSensitive(o, "pool");
    if (pool) { /* the pool given directly is one weapon with the attacker's keywords */
        if (jr_object(j, pool, "attacker.pool", colours))
            return;
        int d[3];
        for (int c = 0; c < 3; c++)
            d[c] = jr_int(j, pool, colours[c], "attacker.pool", 0, NO_MAX_ROLL, 0, 0);
        (void)no_legion_form_weapon(ctx, d, ctx->kw[NO_ATTACKER][LK_CUMBERSOME], /* the first: a slot is free */
                                    ctx->kw[NO_ATTACKER][LK_ANTI_PERSONNEL], ctx->kw[NO_ATTACKER][LK_ANTI_MATERIEL]);
        for (int c = 0; c < 3; c++)
            pb.dice[c] += d[c];
    }
    parse_weapons(j, o, unit, moved, ctx, &pb);
    if (pb.weapons && pb.high_velocity == pb.weapons && !pool)
        ctx->kw[NO_ATTACKER][LK_HIGH_VELOCITY] = 1;
    if (j->failed)
        return;
    if (!pool && !pb.weapons) {
        jr_fail(j, "attacker.pool", "missing (expected {\"red\": N, \"black\": N, \"white\": N}, "
                                    "\"weapons\" or a \"unit\")");
        return;
    }
    int total = pb.dice[0] + pb.dice[1] + pb.dice[2];
    if (total > NO_MAX_ROLL)
        jr_fail(j, pool ? "attacker.pool" : "attacker.weapons",
                "at most %d dice in one pool in this version, got %d", NO_MAX_ROLL, total);
    for (int c = 0; c < 3; c++)
        ctx->kw[NO_ATTACKER][LK_POOL_RED + c] = (uint8_t)pb.dice[c];
    uint8_t *a = ctx->kw[NO_ATTACKER];
    /* Makashi Mastery (melee, pool forming): one weapon's Pierce drops by 1, and the defender
     * loses Immune: Pierce and Impervious for the attack (L2438). Without a Pierce to reduce,
     * it cannot be used. */
    if (a[LK_MAKASHI] && (a[LK_ATTACK_TYPE] != LG_MELEE || !a[LK_PIERCE]))
        a[LK_MAKASHI] = 0;
    if (a[LK_MAKASHI])
        a[LK_PIERCE]--;
    ctx->start.tok[NO_ATTACKER][NO_TOK_PIERCE] = a[LK_PIERCE];
}

/* One allied unit with Guardian X in range 1 and line of sight of the defender, at `path`,
 * into guardian slot g. */
static void parse_one_guardian(jr *j, const cJSON *g, const char *path, int slot, no_ctx *ctx)
{
    static const char *const keys[] = {"x", "die", "surge", "tokens", "keywords", "minis", "wounds", NULL};
    static const char *const tok_keys[] = {"surge", "dodge", NULL};
    static const char *const kw_keys[] = {"immune_pierce", "deflect", "divine_influence", "soresu", NULL};
    static const char *const dice[] = {"white", "red", NULL};
    if (jr_object(j, g, path, keys))
        return;
    char p[96];
    uint8_t *d = &ctx->kw[NO_DEFENDER][slot * LG_GUARDIAN_FIELDS];
    d[LK_GUARDIAN] = (uint8_t)jr_int(j, g, "x", path, 1, 6, 0, 1);
    d[LK_GUARDIAN_DIE] = (uint8_t)jr_enum_key(j, g, "die", path, dice, "a defense die", 0);
    d[LK_GUARDIAN_SURGE] = (uint8_t)jr_bool(j, g, "surge", path, 0);
    /* what it can take; 0 when neither minis nor wounds is given: its wounds are not capped */
    int given = cJSON_GetObjectItemCaseSensitive(g, "minis") || cJSON_GetObjectItemCaseSensitive(g, "wounds");
    int health = jr_int(j, g, "minis", path, 1, 30, 1, 0) * jr_int(j, g, "wounds", path, 1, 20, 1, 0);
    d[LK_GUARDIAN_HEALTH] = (uint8_t)(!given ? 0 : health > 200 ? 200 : health);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(g, "tokens");
    jr_key(p, sizeof p, path, "tokens");
    if (t && jr_object(j, t, p, tok_keys) == 0) {
        d[LK_GUARDIAN_SURGE_TOKENS] = (uint8_t)jr_int(j, t, "surge", p, 0, 10, 0, 0);
        d[LK_GUARDIAN_DODGE] = (uint8_t)jr_int(j, t, "dodge", p, 0, 10, 0, 0);
    }
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(g, "keywords");
    jr_key(p, sizeof p, path, "keywords");
    if (k && jr_object(j, k, p, kw_keys) == 0) {
        d[LK_GUARDIAN_IMMUNE_PIERCE] = (uint8_t)jr_bool(j, k, "immune_pierce", p, 0);
        d[LK_GUARDIAN_DEFLECT] = (uint8_t)jr_bool(j, k, "deflect", p, 0);
        d[LK_DIVINE_INFLUENCE] = (uint8_t)jr_bool(j, k, "divine_influence", p, 0);
        d[LK_GUARDIAN_SORESU] = (uint8_t)jr_bool(j, k, "soresu", p, 0);
    }
}

/* "guardian": one guardian, or a list of them in the order they resolve (L2537). */
static void parse_guardian(jr *j, const cJSON *defender, no_ctx *ctx)
{
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(defender, "guardian");
    if (!g)
        return;
    if (!cJSON_IsArray(g)) {
        parse_one_guardian(j, g, "defender.guardian", 0, ctx);
        return;
    }
    int n = cJSON_GetArraySize(g);
    if (n < 1 || n > LG_MAX_GUARDIANS) {
        jr_fail(j, "defender.guardian", "expected 1 to %d guardians, got %d", LG_MAX_GUARDIANS, n);
        return;
    }
    for (int i = 0; i < n && !j->failed; i++) {
        char p[64];
        jr_index(p, sizeof p, "defender.guardian", i);
        parse_one_guardian(j, cJSON_GetArrayItem(g, i), p, i, ctx);
    }
}

/* One entry of "miniatures": `count` alike miniatures (default 1) with their threshold, tokens
 * and roles. Returns how many it adds at m[n...], 0 on an error. */
static int parse_mini_entry(jr *j, const cJSON *e, const char *path, int wounds, int n, no_legion_mini *m)
{
    static const char *const keys[] = {"wounds", "wounded", "count", "leader", "counterpart",
                                       "noncombatant", "in_los", NULL};
    if (jr_object(j, e, path, keys))
        return 0;
    no_legion_mini one = {.wounds = (uint8_t)jr_int(j, e, "wounds", path, 1, 20, wounds, 0)};
    one.wounded = (uint8_t)jr_int(j, e, "wounded", path, 0, one.wounds - 1, 0, 0);
    one.leader = (uint8_t)jr_bool(j, e, "leader", path, 0);
    one.counterpart = (uint8_t)jr_bool(j, e, "counterpart", path, 0);
    one.noncombatant = (uint8_t)jr_bool(j, e, "noncombatant", path, 0);
    one.in_los = (uint8_t)jr_bool(j, e, "in_los", path, 1);
    int count = jr_int(j, e, "count", path, 1, LG_MAX_MINIS, 1, 0);
    if (!j->failed && one.leader && (count > 1 || one.counterpart))
        jr_fail(j, path, "the leader is one miniature, and not a counterpart");
    if (!j->failed && n + count > LG_MAX_MINIS)
        jr_fail(j, path, "at most %d miniatures in a unit, got %d", LG_MAX_MINIS, n + count);
    if (j->failed)
        return 0;
    for (int i = 0; i < count; i++)
        m[n + i] = one;
    return count;
}

/* The defending miniatures: `minis` alike ones with `wounds` each ("wounded": tokens already on
 * one of them; "in_los": how many the attacker sees), or a "miniatures" list for a unit whose
 * miniatures differ (an upgrade's own threshold L568, Counterpart, Noncombatant). The first
 * listed is the leader unless another says "leader". */
static void parse_minis(jr *j, const cJSON *o, int minis, int wounds, no_ctx *ctx, no_legion_unit *save)
{
    no_legion_mini m[LG_MAX_MINIS] = {{0}};
    int n = 0, leader = 0;
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(o, "miniatures");
    wounds = jr_int(j, o, "wounds", "defender", 1, 20, wounds, 0);
    if (!list) {
        n = jr_int(j, o, "minis", "defender", 1, LG_MAX_MINIS, minis, 0);
        int wounded = jr_int(j, o, "wounded", "defender", 0, wounds - 1, 0, 0);
        int in_los = jr_int(j, o, "in_los", "defender", 1, n, n, 0);
        /* the leader first and seen last; the wounded miniature next, and seen first */
        for (int i = 0; i < n; i++)
            m[i] = (no_legion_mini){.wounds = (uint8_t)wounds, .in_los = (uint8_t)(i ? i <= in_los : in_los == n)};
        m[n > 1].wounded = (uint8_t)wounded;
    } else if (cJSON_GetObjectItemCaseSensitive(o, "minis") || cJSON_GetObjectItemCaseSensitive(o, "wounded") ||
               cJSON_GetObjectItemCaseSensitive(o, "in_los")) {
        jr_fail(j, "defender.miniatures", "give either miniatures or minis/wounded/in_los, not both");
    } else if (!cJSON_IsArray(list) || !cJSON_GetArraySize(list)) {
        char what[64];
        jr_describe(list, what, sizeof what);
        jr_fail(j, "defender.miniatures", "expected a non-empty list of miniatures, got %s", what);
    } else {
        const cJSON *e;
        int i = 0, leaders = 0;
        cJSON_ArrayForEach(e, list) {
            char p[64];
            jr_index(p, sizeof p, "defender.miniatures", i++);
            int added = parse_mini_entry(j, e, p, wounds, n, m);
            if (!added)
                return;
            leaders += m[n].leader;
            leader = m[n].leader ? n : leader;
            n += added;
        }
        if (leaders > 1)
            jr_fail(j, "defender.miniatures", "a unit has one leader, got %d", leaders);
        int first = 0; /* without a named leader, the first miniature that is not a counterpart */
        while (first < n && m[first].counterpart)
            first++;
        if (!j->failed && first == n)
            jr_fail(j, "defender.miniatures", "a counterpart is always added to another unit's miniatures (L2330)");
        if (!leaders)
            leader = first;
    }
    if (j->failed)
        return;
    m[leader].leader = 1;
    if (save) {
        save->n = n;
        memcpy(save->m, m, (size_t)n * sizeof *m);
    }
    if (no_legion_set_minis(ctx, m, n))
        jr_fail(j, list ? "defender.miniatures" : "defender.minis",
                "the miniatures can take at most %d wounds in this version", LG_MAX_HEALTH);
    ctx->hull = ctx->kw[NO_DEFENDER][LK_HEALTH]; /* what the unit can take: kill statistics */
}

/* Does the scenario say how much the defending unit can take: a unit card, its minis or wounds, or
 * a miniatures list? Without them there is no unit to assign wounds to (L1634-L1646): the attack's
 * wounds (L1628) are reported as dealt, not capped, with no miniatures defeated (ctx->hull 0). The
 * keys that describe miniatures further need them. */
static int health_given(jr *j, const cJSON *o, const cJSON *unit)
{
    static const char *const health[] = {"minis", "wounds", "miniatures", NULL};
    static const char *const needs[] = {"wounded", "in_los", NULL};
    if (unit)
        return 1;
    for (const char *const *k = health; *k; k++)
        if (cJSON_GetObjectItemCaseSensitive(o, *k))
            return 1;
    for (const char *const *k = needs; *k; k++)
        if (cJSON_GetObjectItemCaseSensitive(o, *k)) {
            char p[32];
            jr_key(p, sizeof p, "defender", *k);
            jr_fail(j, p, "describes the unit's miniatures: give defender.minis and wounds (or a unit) with it");
            return 0;
        }
    return 0;
}

static void parse_defender(jr *j, units *u, const cJSON *root, no_ctx *ctx, no_legion_unit *save, no_applied *ap)
{
    static const char *const keys[] = {"unit", "die", "surge", "tokens", "keywords", "minis", "wounds",
                                       "wounded", "in_los", "courage", "type", "guardian", "resilience",
                                       "damaged", "miniatures", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "defender");
    if (!o) {
        jr_fail(j, "defender", "missing (expected an object with \"die\" or a \"unit\")");
        return;
    }
    if (jr_object(j, o, "defender", keys))
        return;
    const cJSON *unit = find_unit(j, u, o, "defender", ap->who[NO_DEFENDER]);
    static const char *const dice[] = {"white", "red", NULL};
    mark_unsaid(o, "defender", unit, ap);
    static const char *const types[] = {"trooper", "droid", "vehicle", NULL};
    int die = 0, surge = 0, minis = 1, wounds = 1, courage = 1, type = LG_TROOPER, resilience = 0;
    if (unit) { /* the unit's card, which the scenario's own keys then override */
        die = jr_enum(j, cJSON_GetObjectItemCaseSensitive(unit, "defense"), "defense", dice, "a defense die");
        surge = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(unit, "surge_defense"));
        minis = jr_entry_int(unit, "minis", 1);
        wounds = jr_entry_int(unit, "wounds", 1);
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(unit, "courage");
        courage = cJSON_IsNumber(c) ? c->valueint : LG_COURAGE_NONE;
        type = jr_enum(j, cJSON_GetObjectItemCaseSensitive(unit, "type"), "type", types, "a unit type");
        resilience = jr_entry_int(unit, "resilience", 0); /* a vehicle's card (L628) */
        int given = cJSON_GetObjectItemCaseSensitive(o, "miniatures") != NULL;
        if ((minis < 1 && !given && !cJSON_GetObjectItemCaseSensitive(o, "minis")) ||
            (wounds < 1 && !given && !cJSON_GetObjectItemCaseSensitive(o, "wounds"))) {
            no_miniatures(j, "defender.unit", unit, "defender.minis and wounds, or miniatures");
            return;
        }
        unit_keywords(j, u, unit, "defender_keywords", NO_DEFENDER, ctx);
    }
    ctx->kw[NO_DEFENDER][LK_DIE] = (uint8_t)jr_enum_key(j, o, "die", "defender", dice, "a defense die", die);
    ctx->kw[NO_DEFENDER][LK_DEFENSE_SURGE] = (uint8_t)jr_bool(j, o, "surge", "defender", surge);
    if (health_given(j, o, unit))
        parse_minis(j, o, minis, wounds, ctx, save);
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(o, "courage");
    if (c && cJSON_IsString(c) && !strcmp(c->valuestring, "-"))
        courage = LG_COURAGE_NONE;
    else if (c)
        courage = jr_int(j, o, "courage", "defender", 1, 5, 1, 0);
    ctx->kw[NO_DEFENDER][LK_COURAGE] = (uint8_t)courage;
    ctx->kw[NO_DEFENDER][LK_UNIT_TYPE] =
        (uint8_t)jr_enum_key(j, o, "type", "defender", types, "a unit type", type);
    static const char *const tok_names[] = {"dodge", "surge", "suppression", "shield", NULL};
    static const int tok_kinds[] = {NO_TOK_DODGE, NO_TOK_SURGE, NO_TOK_SUPPRESSION, NO_TOK_SHIELD};
    static const int tok_max[] = {10, 10, 20, 10};
    parse_tokens(j, o, NO_DEFENDER, ctx, tok_names, tok_kinds, tok_max);
    if (!j->failed && ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION] && !no_legion_takes_suppression(ctx))
        jr_fail(j, "defender.tokens.suppression", "%s never holds suppression tokens (%s)",
                ctx->kw[NO_DEFENDER][LK_UNIT_TYPE] == LG_VEHICLE ? "a vehicle" : "a unit with Courage \"-\"",
                ctx->kw[NO_DEFENDER][LK_UNIT_TYPE] == LG_VEHICLE ? "L825" : "L1240");
    parse_keywords(j, cJSON_GetObjectItemCaseSensitive(o, "keywords"), "defender.keywords", NO_DEFENDER, ctx);
    parse_guardian(j, o, ctx);
    ctx->kw[NO_DEFENDER][LK_RESILIENCE] = (uint8_t)jr_int(j, o, "resilience", "defender", 1, 40, resilience, 0);
    ctx->kw[NO_DEFENDER][LK_DAMAGED] = (uint8_t)jr_bool(j, o, "damaged", "defender", 0);
}

/* A rally (T13) or a priority roll (T14) instead of an attack. */
static int parse_roll(const cJSON *root, jr *j, no_scenario *sc)
{
    static const char *const roll_keys[] = {"game", "rules", "name", "policy", "rally", "priority", NULL};
    if (jr_object(j, root, "", roll_keys))
        return -1;
    no_ctx *ctx = &sc->ctx;
    const cJSON *rally = cJSON_GetObjectItemCaseSensitive(root, "rally");
    if (rally && cJSON_GetObjectItemCaseSensitive(root, "priority")) {
        jr_fail(j, "priority", "one roll at a time: rally or priority");
        return -1;
    }
    no_parse_common(root, j, sc, rally ? &no_legion_rally_rules : &no_legion_priority_rules);
    no_legion_setup_dice(ctx);
    no_ctx_index(ctx);
    if (!rally)
        return jr_object(j, cJSON_GetObjectItemCaseSensitive(root, "priority"), "priority",
                         (const char *const[]){NULL});
    static const char *const keys[] = {"unit", "suppression", "courage", "commander_courage", NULL};
    if (jr_object(j, rally, "rally", keys))
        return -1;
    units u = {0};
    const cJSON *unit = find_unit(j, &u, rally, "rally", sc->applied[0].who[NO_DEFENDER]);
    int courage = unit ? jr_entry_int(unit, "courage", LG_COURAGE_NONE) : 1;
    cJSON_Delete(u.doc);
    courage = jr_int(j, rally, "courage", "rally", 1, 5, courage, 0);
    if (!j->failed && courage == LG_COURAGE_NONE) {
        jr_fail(j, "rally.unit", "a unit with Courage \"-\" never holds suppression tokens (L1236)");
        return -1;
    }
    ctx->kw[NO_DEFENDER][LK_COURAGE] = (uint8_t)courage;
    ctx->kw[NO_DEFENDER][LK_PANIC_COURAGE] = (uint8_t)jr_int(j, rally, "commander_courage", "rally", 1, 5, 0, 0);
    ctx->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION] = (uint8_t)jr_int(j, rally, "suppression", "rally", 0, NO_MAX_ROLL, 0, 1);
    return j->failed ? -1 : 0;
}

/* Self-Destruct X of a unit (L2252-L2254) against the scenario's defender. */
static int parse_self_destruct(const cJSON *root, jr *j, no_scenario *sc)
{
    static const char *const root_keys[] = {"game", "rules", "name", "policy", "self_destruct", "defender", NULL};
    static const char *const keys[] = {"x", "reading", NULL};
    static const char *const readings[] = {"english", "digits", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "self_destruct");
    if (jr_object(j, root, "", root_keys) || jr_object(j, o, "self_destruct", keys))
        return -1;
    no_ctx *ctx = &sc->ctx;
    no_parse_common(root, j, sc, &no_legion_self_destruct_rules);
    ctx->kw[NO_ATTACKER][LK_POOL_BLACK] = (uint8_t)jr_int(j, o, "x", "self_destruct", 1, NO_MAX_ROLL, 0, 1);
    ctx->kw[NO_ATTACKER][LK_SELF_DESTRUCT_READING] =
        (uint8_t)jr_enum_key(j, o, "reading", "self_destruct", readings, "a reading of L2254", LG_READING_ENGLISH);
    uint8_t reading = ctx->kw[NO_ATTACKER][LK_SELF_DESTRUCT_READING];
    no_scenario_reading(sc, "self_destruct.reading", readings[reading], reading == LG_READING_ENGLISH);
    units u = {0};
    parse_defender(j, &u, root, ctx, NULL, &sc->applied[0]);
    cJSON_Delete(u.doc);
    if (j->failed)
        return -1;
    no_legion_setup_dice(ctx);
    no_ctx_index(ctx);
    return 0;
}

/* "rule_options": the readings of rules the seed leaves open (README, rulings), for every attack
 * of the scenario: the ranged wound cap (L1638), Primitive (L3000) and Ion X (L2982). */
typedef struct readings {
    uint8_t los_cap, primitive, ion;
} readings;

static void parse_readings(jr *j, const cJSON *root, readings *rd, no_scenario *sc)
{
    static const char *const keys[] = {"los_cap", "primitive", "ion", NULL};
    static const char *const los_cap[] = {"thresholds", "remaining", NULL};
    static const char *const primitive[] = {"after_impact", "every_crit", NULL};
    static const char *const ion[] = {"standing", "rolled", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "rule_options");
    *rd = (readings){LG_LOS_THRESHOLDS, LG_PRIMITIVE_AFTER_IMPACT, LG_ION_STANDING};
    if (o && !jr_object(j, o, "rule_options", keys)) {
        rd->los_cap = (uint8_t)jr_enum_key(j, o, "los_cap", "rule_options", los_cap, "a reading of L1638",
                                           rd->los_cap);
        rd->primitive = (uint8_t)jr_enum_key(j, o, "primitive", "rule_options", primitive, "a reading of L3000",
                                             rd->primitive);
        rd->ion = (uint8_t)jr_enum_key(j, o, "ion", "rule_options", ion, "a reading of L2982", rd->ion);
    }
    if (j->failed)
        return;
    /* the defaults are the first names (the enums' zeros) */
    no_scenario_reading(sc, "rule_options.los_cap", los_cap[rd->los_cap], rd->los_cap == 0);
    no_scenario_reading(sc, "rule_options.primitive", primitive[rd->primitive], rd->primitive == 0);
    no_scenario_reading(sc, "rule_options.ion", ion[rd->ion], rd->ion == 0);
}

/* The tokens of the attacking unit that one pool of an attack action leaves to the next (L1677:
 * steps 4-11 run pool after pool): aim, surge and dodge (Jar'Kai). Observation tokens belong to
 * each pool's defender: attacks on one defender share those. */
static const int shared_tokens[] = {NO_TOK_AIM, NO_TOK_SURGE, NO_TOK_DODGE, -1};
static const int defender_tokens[] = {NO_TOK_OBSERVATION, -1};

/* Where one attack's parts stand: the attack object `o` (the scenario itself, a pool, or an
 * entry of "attacks", whose errors `j` places) and the object holding its "defender" (the same,
 * or the scenario for attacks on one defender, whose errors `jd` places). A later attack takes
 * the tokens `inherit` lists from the first, and the first may save the defending unit. */
typedef struct attack_src {
    const cJSON *o, *holder;
    jr *j, *jd;
    const no_ctx *first;
    const int *inherit;
    no_legion_unit *save;
    const readings *rd;
    no_applied *ap; /* who the sides are, for the report */
} attack_src;

/* One attack: attack type, cover, attacker and defender. */
static int parse_attack(const attack_src *src, no_ctx *ctx)
{
    const cJSON *o = src->o;
    jr *j = src->j;
    static const char *const types[] = {"ranged", "melee", "overrun", NULL};
    ctx->kw[NO_ATTACKER][LK_ATTACK_TYPE] = (uint8_t)jr_enum_key(j, o, "attack_type", "", types,
                                                                   "an attack type", LG_RANGED);
    static const char *const covers[] = {"none", "light", "heavy", NULL};
    ctx->kw[NO_DEFENDER][LK_COVER_BASE] = (uint8_t)jr_enum_key(j, o, "cover", "", covers,
                                                                  "a cover", 0);
    mark_unsaid(o, "", NULL, src->ap);
    ctx->range = 1; /* X-Wing's range conditions do not apply: every modifier allows range 1 */
    ctx->kw[NO_DEFENDER][LK_LOS_CAP_READING] = src->rd->los_cap; /* before the miniatures: the cap */
    ctx->kw[NO_ATTACKER][LK_PRIMITIVE_READING] = src->rd->primitive;
    ctx->kw[NO_ATTACKER][LK_ION_READING] = src->rd->ion;
    units u = {0};
    parse_defender(src->jd, &u, src->holder, ctx, src->save, src->ap); /* first: Spray and
                                                                                           * Anti-X read it */
    if (!src->jd->failed)
        parse_attacker(j, &u, o, ctx, src->ap);
    cJSON_Delete(u.doc);
    for (const int *t = src->inherit; src->first && *t >= 0 && !j->failed; t++) {
        if (ctx->start.tok[NO_ATTACKER][*t])
            jr_fail(j, "attacker.tokens", "%s tokens are given in the first attack: the later ones use what "
                    "it leaves", no_token_names[*t]);
        ctx->start.tok[NO_ATTACKER][*t] = src->first->start.tok[NO_ATTACKER][*t];
    }
    if (j->failed || src->jd->failed) {
        j->failed = src->jd->failed = 1;
        return -1;
    }
    no_legion_setup_dice(ctx);
    if (no_legion_add_mods(ctx)) {
        jr_fail(j, "", "too many keyword effects in one attack");
        return -1;
    }
    no_ctx_index(ctx);
    return 0;
}

/* The next pool starts with the attacking unit's tokens the last one left (L1677). */
static int carry_tokens(const no_scenario *sc, int next, const no_ctx *from, const no_state *end, no_ctx *out)
{
    (void)from;
    *out = sc->attacks[next];
    for (int k = 0; k < sc->ncarried; k++)
        out->start.tok[NO_ATTACKER][sc->carried[k]] = end->tok[NO_ATTACKER][sc->carried[k]];
    return 0;
}

static int read_pool(const cJSON *o, jr *j, jr *je, int i, no_scenario *sc, void *arg)
{
    (void)j;
    attack_src src = {o, o, je, je, i ? &sc->attacks[0] : NULL, shared_tokens, NULL, arg, &sc->applied[i]};
    return parse_attack(&src, &sc->attacks[i]);
}

/* The next attack on the defender, from what the last left of it: its miniatures and their
 * wounds (assigned as the attacks assigned them), its tokens, the suppression it gained (which
 * raises its cover, L1581), a vehicle damage token, and the observation tokens on it. */
static int carry_defender(const no_scenario *sc, int next, const no_ctx *from, const no_state *end, no_ctx *out)
{
    if (end->destroyed)
        return 1;
    *out = sc->attacks[next];
    uint8_t *d = out->kw[NO_DEFENDER];
    if (out->hull) { /* a unit given: its miniatures as the wounds so far leave them */
        int taken = from->kw[NO_DEFENDER][LK_TAKEN] + end->damage;
        no_legion_mini m[LG_MAX_MINIS];
        int n = no_legion_after_wounds(&sc->unit, taken, m);
        if (!n)
            return 1;
        if (no_legion_set_minis(out, m, n))
            return -1;
        d[LK_TAKEN] = (uint8_t)taken;
    } else { /* no unit: the wounds still count towards a vehicle's Resilience */
        int wounded = from->kw[NO_DEFENDER][LK_WOUNDED] + end->damage;
        d[LK_WOUNDED] = (uint8_t)(wounded > 255 ? 255 : wounded);
    }
    d[LK_DAMAGED] = (uint8_t)(from->kw[NO_DEFENDER][LK_DAMAGED] || (end->flags & LG_FLAG_VEHICLE_DAMAGE));
    memcpy(out->start.tok[NO_DEFENDER], end->tok[NO_DEFENDER], sizeof end->tok[NO_DEFENDER]);
    int supp = end->tok[NO_DEFENDER][NO_TOK_SUPPRESSION] + end->suppression;
    out->start.tok[NO_DEFENDER][NO_TOK_SUPPRESSION] = (uint8_t)(supp > 40 ? 40 : supp);
    out->start.tok[NO_ATTACKER][NO_TOK_OBSERVATION] = end->tok[NO_ATTACKER][NO_TOK_OBSERVATION];
    /* a lone guardian keeps the wounds it took; once they defeat it, it guards no more (with two
     * guardians the state holds only their total, which does not carry) */
    if (d[LK_GUARDIAN] && !KG(out, 1, LK_GUARDIAN) && d[LK_GUARDIAN_HEALTH]) {
        int left = from->kw[NO_DEFENDER][LK_GUARDIAN_HEALTH] - end->guardian_wounds;
        d[LK_GUARDIAN_HEALTH] = (uint8_t)(left > 0 ? left : 0);
        if (left <= 0) {
            d[LK_GUARDIAN] = 0;
            out->nmods = 0;
            memset(out->start.charges, 0, sizeof out->start.charges);
            if (no_legion_add_mods(out))
                return -1;
            no_ctx_index(out);
        }
    }
    return 0;
}

/* What every attack of "attacks" reads besides its entry: the scenario (its defender) and the
 * readings. */
typedef struct attacks_of {
    const cJSON *root;
    const readings *rd;
} attacks_of;

static int read_attack(const cJSON *o, jr *j, jr *je, int i, no_scenario *sc, void *arg)
{
    const attacks_of *of = arg;
    attack_src src = {o, of->root, je, j, i ? &sc->attacks[0] : NULL, defender_tokens, i ? NULL : &sc->unit, of->rd,
                      &sc->applied[i]};
    return parse_attack(&src, &sc->attacks[i]);
}

/* "attacks": several attacks on the one defender (other units, a second attack action: Barrage,
 * Ataru, Standby), each with its own attack type, cover and attacker. */
static int parse_attacks(const cJSON *root, jr *j, no_scenario *sc, const readings *rd)
{
    static const char *const keys[] = {"attack_type", "cover", "attacker", NULL};
    attacks_of of = {root, rd};
    if (jr_attacks(root, j, "attacks", keys, sc, read_attack, &of))
        return -1;
    no_scenario_on_one_defender(sc, carry_defender);
    return 0;
}

/* "pools": the pools of one attack action, each against its own defender (steps 3 and 11,
 * L1540-L1542, L1675-L1679), resolved in the order listed (the attacker's choice, L1550). */
static int parse_pools(const cJSON *root, jr *j, no_scenario *sc, const readings *rd)
{
    static const char *const keys[] = {"attack_type", "cover", "attacker", "defender", NULL};
    if (jr_attacks(root, j, "pools", keys, sc, read_pool, (void *)rd))
        return -1;
    for (const int *t = shared_tokens; *t >= 0; t++)
        if (sc->ctx.start.tok[NO_ATTACKER][*t])
            sc->carried[sc->ncarried++] = (uint8_t)*t;
    sc->carry = carry_tokens;
    return 0;
}

int no_legion_parse(cJSON *root, jr *j, no_scenario *sc)
{
    static const char *const root_keys[] = {"game", "rules", "name", "attack_type", "cover", "policy",
                                            "goal", "points", "rule_options", "attacker", "defender", NULL};
    static const char *const pools_keys[] = {"game", "rules", "name", "policy", "goal", "points",
                                             "rule_options", "pools", NULL};
    static const char *const attacks_keys[] = {"game", "rules", "name", "policy", "goal", "points",
                                               "rule_options", "defender", "attacks", NULL};
    if (cJSON_GetObjectItemCaseSensitive(root, "self_destruct"))
        return parse_self_destruct(root, j, sc);
    if (cJSON_GetObjectItemCaseSensitive(root, "rally") || cJSON_GetObjectItemCaseSensitive(root, "priority"))
        return parse_roll(root, j, sc);
    int pools = cJSON_GetObjectItemCaseSensitive(root, "pools") != NULL;
    int attacks = cJSON_GetObjectItemCaseSensitive(root, "attacks") != NULL;
    if (jr_object(j, root, "", pools ? pools_keys : attacks ? attacks_keys : root_keys))
        return -1;
    no_parse_common(root, j, sc, &no_legion_rules);
    readings rd;
    parse_readings(j, root, &rd, sc);
    if (j->failed)
        return -1;
    if (pools)
        return parse_pools(root, j, sc, &rd);
    if (attacks)
        return parse_attacks(root, j, sc, &rd);
    attack_src src = {root, root, j, j, NULL, defender_tokens, &sc->unit, &rd, &sc->applied[0]};
    if (parse_attack(&src, &sc->ctx))
        return -1;
    no_scenario_on_one_defender(sc, carry_defender);
    return 0;
}
