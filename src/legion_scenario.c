/* legion_scenario.c — reads a Legion scenario (the issue #3 contract) into an attack context. */
#include "neverodds/legion.h"
#include "neverodds/modifier.h"
#include "neverodds/scenario.h"
#include "jsonread.h"
#include <stdio.h>
#include <string.h>

typedef struct keyword {
    const char *name;
    uint8_t side, index;
    uint8_t max;      /* 0: a boolean */
} keyword;

/* Every dice keyword this version models, with the largest value accepted. */
static const keyword keywords[] = {
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
};
#define NKEYWORDS (sizeof keywords / sizeof keywords[0])

static const char *const side_names[NO_SIDES] = {"attacker", "defender"};

static void parse_keywords(jr *j, const cJSON *side_obj, int side, no_ctx *ctx)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(side_obj, "keywords");
    if (!o)
        return;
    char path[64];
    snprintf(path, sizeof path, "%s.keywords", side_names[side]);
    const char *allowed[NKEYWORDS + 1];
    int n = 0;
    for (size_t k = 0; k < NKEYWORDS; k++)
        if (keywords[k].side == side)
            allowed[n++] = keywords[k].name;
    allowed[n] = NULL;
    if (jr_object(j, o, path, allowed))
        return;
    for (size_t k = 0; k < NKEYWORDS && !j->failed; k++) {
        const keyword *kw = &keywords[k];
        if (kw->side != side || !cJSON_GetObjectItemCaseSensitive(o, kw->name))
            continue;
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, kw->name);
        if (kw->index == LK_ARMOR && cJSON_IsBool(v)) /* Armor (all hits) or Armor X */
            ctx->kw[side][kw->index] = cJSON_IsTrue(v) ? LG_ARMOR_ALL : 0;
        else if (kw->max == 0)
            ctx->kw[side][kw->index] = (uint8_t)jr_bool(j, o, kw->name, path, 0);
        else
            ctx->kw[side][kw->index] = (uint8_t)jr_int(j, o, kw->name, path, 0, kw->max, 0, 0);
    }
}

static void parse_tokens(jr *j, const cJSON *side_obj, int side, no_ctx *ctx,
                         const char *const *names, const int *kinds, const int *max)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(side_obj, "tokens");
    if (!o)
        return;
    char path[64];
    snprintf(path, sizeof path, "%s.tokens", side_names[side]);
    if (jr_object(j, o, path, names))
        return;
    for (int t = 0; names[t]; t++)
        ctx->start.tok[side][kinds[t]] = (uint8_t)jr_int(j, o, names[t], path, 0, max[t], 0, 0);
}

static int parse_enum_key(jr *j, const cJSON *o, const char *key, const char *path,
                          const char *const *names, const char *what, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        return def;
    char p[128];
    jr_key(p, sizeof p, path, key);
    return jr_enum(j, v, p, names, what);
}

static void parse_attacker(jr *j, const cJSON *root, no_ctx *ctx)
{
    static const char *const keys[] = {"pool", "surge", "tokens", "keywords", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "attacker");
    if (!o) {
        jr_fail(j, "attacker", "missing (expected an object with a \"pool\")");
        return;
    }
    if (jr_object(j, o, "attacker", keys))
        return;
    const cJSON *pool = cJSON_GetObjectItemCaseSensitive(o, "pool");
    static const char *const colours[] = {"red", "black", "white", NULL};
    if (!pool) {
        jr_fail(j, "attacker.pool", "missing (expected {\"red\": N, \"black\": N, \"white\": N})");
        return;
    }
    if (jr_object(j, pool, "attacker.pool", colours))
        return;
    int total = 0;
    for (int c = 0; c < 3; c++) {
        int n = jr_int(j, pool, colours[c], "attacker.pool", 0, NO_MAX_ROLL, 0, 0);
        ctx->kw[NO_ATTACKER][LK_POOL_RED + c] = (uint8_t)n;
        total += n;
    }
    if (!j->failed && total > NO_MAX_ROLL)
        jr_fail(j, "attacker.pool", "at most %d dice in one pool in this version, got %d", NO_MAX_ROLL, total);
    static const char *const charts[] = {"none", "hit", "crit", NULL};
    ctx->kw[NO_ATTACKER][LK_SURGE_CHART] =
        (uint8_t)parse_enum_key(j, o, "surge", "attacker", charts, "a surge conversion", LG_CHART_NONE);
    static const char *const tok_names[] = {"aim", "surge", "observation", "dodge", NULL};
    static const int tok_kinds[] = {NO_TOK_AIM, NO_TOK_SURGE, NO_TOK_OBSERVATION, NO_TOK_DODGE};
    static const int tok_max[] = {10, 10, 10, 10};
    parse_tokens(j, o, NO_ATTACKER, ctx, tok_names, tok_kinds, tok_max);
    parse_keywords(j, o, NO_ATTACKER, ctx);
    ctx->start.tok[NO_ATTACKER][NO_TOK_PIERCE] = ctx->kw[NO_ATTACKER][LK_PIERCE];
}

static void parse_defender(jr *j, const cJSON *root, no_ctx *ctx)
{
    static const char *const keys[] = {"die", "surge", "tokens", "keywords", "minis", "wounds",
                                       "wounded", "in_los", "courage", "type", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "defender");
    if (!o) {
        jr_fail(j, "defender", "missing (expected an object with \"die\")");
        return;
    }
    if (jr_object(j, o, "defender", keys))
        return;
    static const char *const dice[] = {"white", "red", NULL};
    ctx->kw[NO_DEFENDER][LK_DIE] = (uint8_t)parse_enum_key(j, o, "die", "defender", dice, "a defense die", 0);
    ctx->kw[NO_DEFENDER][LK_DEFENSE_SURGE] = (uint8_t)jr_bool(j, o, "surge", "defender", 0);
    int minis = jr_int(j, o, "minis", "defender", 1, 30, 1, 0);
    int wounds = jr_int(j, o, "wounds", "defender", 1, 20, 1, 0);
    if (!j->failed && minis * wounds > 200)
        jr_fail(j, "defender.minis", "minis x wounds is at most 200 in this version, got %d", minis * wounds);
    ctx->kw[NO_DEFENDER][LK_MINIS] = (uint8_t)minis;
    ctx->kw[NO_DEFENDER][LK_WOUNDS] = (uint8_t)wounds;
    ctx->kw[NO_DEFENDER][LK_WOUNDED] = (uint8_t)jr_int(j, o, "wounded", "defender", 0, wounds - 1, 0, 0);
    ctx->kw[NO_DEFENDER][LK_IN_LOS] = (uint8_t)jr_int(j, o, "in_los", "defender", 1, minis, minis, 0);
    const cJSON *courage = cJSON_GetObjectItemCaseSensitive(o, "courage");
    if (courage && cJSON_IsString(courage) && !strcmp(courage->valuestring, "-"))
        ctx->kw[NO_DEFENDER][LK_COURAGE] = LG_COURAGE_NONE;
    else
        ctx->kw[NO_DEFENDER][LK_COURAGE] = (uint8_t)jr_int(j, o, "courage", "defender", 1, 5, 1, 0);
    static const char *const types[] = {"trooper", "droid", "vehicle", NULL};
    ctx->kw[NO_DEFENDER][LK_UNIT_TYPE] =
        (uint8_t)parse_enum_key(j, o, "type", "defender", types, "a unit type", LG_TROOPER);
    static const char *const tok_names[] = {"dodge", "surge", "suppression", "shield", NULL};
    static const int tok_kinds[] = {NO_TOK_DODGE, NO_TOK_SURGE, NO_TOK_SUPPRESSION, NO_TOK_SHIELD};
    static const int tok_max[] = {10, 10, 20, 10};
    parse_tokens(j, o, NO_DEFENDER, ctx, tok_names, tok_kinds, tok_max);
    parse_keywords(j, o, NO_DEFENDER, ctx);
}

int no_legion_parse(const cJSON *root, jr *j, no_scenario *sc)
{
    static const char *const root_keys[] = {"game", "rules", "name", "attack_type", "cover",
                                            "policy", "attacker", "defender", NULL};
    if (jr_object(j, root, "", root_keys))
        return -1;
    no_ctx *ctx = &sc->ctx;
    snprintf(sc->game, sizeof sc->game, "legion");
    static const char *const versions[] = {"legion-2026", NULL};
    parse_enum_key(j, root, "rules", "", versions, "a rule version", 0);
    snprintf(sc->rules, sizeof sc->rules, "legion-2026");
    sc->engine_rules = &no_legion_rules;
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
    if (name && !cJSON_IsString(name))
        jr_fail(j, "name", "expected a string");
    snprintf(sc->name, sizeof sc->name, "%s", name && cJSON_IsString(name) ? name->valuestring : "");
    no_parse_policy(root, j, ctx);
    static const char *const types[] = {"ranged", "melee", NULL};
    ctx->kw[NO_ATTACKER][LK_MELEE] = (uint8_t)parse_enum_key(j, root, "attack_type", "", types,
                                                             "an attack type", 0);
    static const char *const covers[] = {"none", "light", "heavy", NULL};
    ctx->kw[NO_DEFENDER][LK_COVER_BASE] = (uint8_t)parse_enum_key(j, root, "cover", "", covers,
                                                                  "a cover", 0);
    ctx->range = 1; /* X-Wing's range conditions do not apply: every modifier allows range 1 */
    parse_attacker(j, root, ctx);
    parse_defender(j, root, ctx);
    if (j->failed)
        return -1;
    no_legion_setup_dice(ctx);
    if (no_legion_add_mods(ctx)) {
        jr_fail(j, "", "too many keyword effects in one attack");
        return -1;
    }
    no_ctx_index(ctx);
    return 0;
}
