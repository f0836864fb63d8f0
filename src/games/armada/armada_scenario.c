/* armada_scenario.c — reads an Armada scenario (the issue #4 contract) into an attack context.
 * Ships and squadrons may be named from profiles/armada/units.json; explicit fields override. */
#include "neverodds/armada.h"
#include "neverodds/modifier.h"
#include "neverodds/scenario.h"
#include "io/jsonread.h"
#include "games/armada/armada_game.h"
#include <stdio.h>
#include <string.h>

static const char *const types[] = {"ship", "squadron", NULL};
static const char *const colours[] = {"red", "blue", "black", NULL};
static const char *const states[] = {"ready", "exhausted", "discarded", NULL};

/* The side's library entry ("ship" or "squadron" key) and the type it implies; -1 when none. */
static const cJSON *library_entry(jr *j, jr_library *lib, const cJSON *o, const char *side, int *type)
{
    for (int t = 0; types[t]; t++) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(o, types[t]);
        if (!name)
            continue;
        char path[64], section[16];
        snprintf(path, sizeof path, "%s.%s", side, types[t]);
        snprintf(section, sizeof section, "%ss", types[t]);
        *type = t;
        return jr_library_entry(j, lib, "armada/units.json", section, name, path,
                                t == AR_SHIP ? "a ship" : "a squadron");
    }
    *type = -1;
    return NULL;
}

/* The type: explicit "type", else the library entry's, else an error. Both must agree. */
static int side_type(jr *j, const cJSON *o, const char *side, int from_library)
{
    char path[64];
    snprintf(path, sizeof path, "%s.type", side);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "type");
    int t = v ? jr_enum(j, v, path, types, "a type") : from_library;
    if (t < 0 && !j->failed)
        jr_fail(j, path, "missing (ship or squadron, or name one with \"ship\" or \"squadron\")");
    else if (v && from_library >= 0 && t != from_library && !j->failed)
        jr_fail(j, path, "is %s but the library entry named is a %s", types[t], types[from_library]);
    return t < 0 ? AR_SHIP : t;
}

/* The side's object (keys checked), its library entry (or NULL) and its type in kw[AK_TYPE];
 * NULL when it is missing or wrong. A library entry names the side for the report: `who`,
 * "Victory I-class Star Destroyer (ship victory-i-class-star-destroyer)". */
static const cJSON *open_side(jr *j, jr_library *lib, const cJSON *root, const char *side,
                              const char *const *keys, const cJSON **entry, uint8_t *kw, char *who)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, side);
    *entry = NULL;
    if (!o) {
        jr_fail(j, side, "missing");
        return NULL;
    }
    if (jr_object(j, o, side, keys))
        return NULL;
    int lib_type;
    *entry = library_entry(j, lib, o, side, &lib_type);
    if (*entry)
        snprintf(who, NO_WHO_LEN, "%s (%s %s)", jr_entry_text(*entry, "name", (*entry)->string), types[lib_type],
                 (*entry)->string);
    kw[AK_TYPE] = (uint8_t)side_type(j, o, side, lib_type);
    return j->failed ? NULL : o;
}

/* A {"red": R, "blue": U, "black": B} object into kw[AK_POOL..] (0 to NO_MAX_ROLL each). */
static void read_pool(jr *j, const cJSON *pool, const char *path, uint8_t *kw)
{
    if (jr_object(j, pool, path, colours))
        return;
    int total = 0;
    for (int c = 0; c < AR_NCOLOURS; c++) {
        kw[AK_POOL + c] = (uint8_t)jr_int(j, pool, colours[c], path, 0, NO_MAX_ROLL, 0, 0);
        total += kw[AK_POOL + c];
    }
    if (!j->failed && total == 0)
        jr_fail(j, path, "expected at least one die");
    if (!j->failed && total > NO_MAX_ROLL)
        jr_fail(j, path, "%d dice: at most %d in one pool", total, NO_MAX_ROLL);
}

static int entry_bool(const cJSON *entry, const char *object, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(entry, object), key));
}

/* Token states the scenario or the library gives: kw[AK_TOKENS + type * 2 + state]. */
static void parse_tokens(jr *j, const cJSON *list, const char *path, int type, int later_tokens, uint8_t *kw)
{
    if (!cJSON_IsArray(list)) {
        char got[96];
        jr_describe(list, got, sizeof got);
        jr_fail(j, path, "expected a list of tokens, got %s", got);
        return;
    }
    int n = cJSON_GetArraySize(list);
    if (n > AR_MAX_TOKENS) {
        jr_fail(j, path, "%d tokens: at most %d", n, AR_MAX_TOKENS);
        return;
    }
    static const char *const token_keys[] = {"type", "state", NULL};
    const char *names[AR_NTOKENS + 1] = {NULL};
    for (int t = 0; t < AR_NTOKENS; t++)
        names[t] = no_armada_token_names[t];
    for (int i = 0; i < n && !j->failed; i++) {
        char p[96], tp[128];
        jr_index(p, sizeof p, path, i);
        const cJSON *tok = cJSON_GetArrayItem(list, i);
        int t, state = AR_READY;
        if (cJSON_IsString(tok)) { /* the library lists types only: ready tokens */
            t = jr_enum(j, tok, p, names, "a defense token");
        } else {
            if (jr_object(j, tok, p, token_keys))
                return;
            jr_key(tp, sizeof tp, p, "type");
            const cJSON *tv = cJSON_GetObjectItemCaseSensitive(tok, "type");
            if (!tv) {
                jr_fail(j, tp, "missing (brace, redirect, evade or scatter)");
                return;
            }
            t = jr_enum(j, tv, tp, names, "a defense token");
            state = jr_enum_key(j, tok, "state", p, states, "a token state", AR_READY);
        }
        if (j->failed)
            return;
        if ((t == AR_CONTAIN || t == AR_SALVO) && !later_tokens) {
            jr_fail(j, p, "%s needs rule_options.contain_salvo: the seed's guide predates it",
                    names[t]);
            return;
        }
        if (t == AR_REDIRECT && type == AR_SQUADRON) {
            jr_fail(j, p, "a squadron has no hull zones to redirect to (L738)");
            return;
        }
        if (state != AR_NSTATES) /* discarded tokens stay out of play */
            kw[AK_TOKENS + t * AR_NSTATES + state]++;
    }
}

/* Tokens from the scenario, else from the library entry (ready); later tokens only under the
 * switch. */
static void side_tokens(jr *j, jr_library *lib, const cJSON *o, const cJSON *entry, const char *side,
                        int type, int later_tokens, uint8_t *kw)
{
    char path[64];
    snprintf(path, sizeof path, "%s.tokens", side);
    const cJSON *tokens = cJSON_GetObjectItemCaseSensitive(o, "tokens");
    if (tokens) {
        parse_tokens(j, tokens, path, type, later_tokens, kw);
    } else if (entry) {
        jr lj = {.file = lib->file, .err = j->err, .errlen = j->errlen};
        char lpath[160];
        snprintf(lpath, sizeof lpath, "%ss.%s.tokens", types[type], entry->string);
        parse_tokens(&lj, cJSON_GetObjectItemCaseSensitive(entry, "tokens"), lpath, type, 1, kw);
        j->failed |= lj.failed;
        if (!later_tokens) /* the library knows later tokens; the core rules leave them out */
            for (int s = 0; s < AR_NSTATES; s++)
                kw[AK_TOKENS + AR_CONTAIN * AR_NSTATES + s] = kw[AK_TOKENS + AR_SALVO * AR_NSTATES + s] = 0;
    }
}

/* An attacking squadron's hull, damage, tokens and engagement: what a Counter attack back needs. */
static void squadron_facts(jr *j, jr_library *lib, const cJSON *o, const cJSON *entry, const char *side,
                           int type, uint8_t *kw)
{
    static const char *const keys[] = {"hull", "damage", "tokens", "engaged_with_other", NULL};
    if (type != AR_SQUADRON) {
        for (const char *const *k = keys; *k; k++)
            if (cJSON_GetObjectItemCaseSensitive(o, *k)) {
                char p[64];
                snprintf(p, sizeof p, "%s.%s", side, *k);
                jr_fail(j, p, "an attacking ship needs none: only a squadron is attacked back (L649)");
                return;
            }
        return;
    }
    kw[AK_HULL] = (uint8_t)jr_int(j, o, "hull", side, 1, 30, jr_entry_int(entry, "hull", 0), 0);
    kw[AK_DAMAGE] = (uint8_t)jr_int(j, o, "damage", side, 0, kw[AK_HULL] ? kw[AK_HULL] - 1 : 30, 0, 0);
    kw[AK_ENGAGED_OTHER] = (uint8_t)jr_bool(j, o, "engaged_with_other", side, 0);
    side_tokens(j, lib, o, entry, side, type, 0, kw);
}

static void parse_attacker(jr *j, jr_library *lib, const cJSON *root, no_ctx *ctx, int defender_type, char *who)
{
    static const char *const keys[] = {"type", "ship", "squadron", "zone", "pool", "concentrate_fire",
                                       "keywords", "hull", "damage", "tokens", "engaged_with_other", NULL};
    uint8_t *kw = ctx->kw[NO_ATTACKER];
    const cJSON *entry;
    const cJSON *o = open_side(j, lib, root, "attacker", keys, &entry, kw, who);
    if (!o)
        return;
    int type = kw[AK_TYPE];
    int zone = jr_enum_key(j, o, "zone", "attacker", no_armada_zone_names, "a hull zone", AR_FRONT);
    if (cJSON_GetObjectItemCaseSensitive(o, "zone") && type != AR_SHIP)
        jr_fail(j, "attacker.zone", "only a ship attacks from a hull zone");
    /* the armament: battery against ships, anti-squadron against squadrons (L143-L145, L179-L183) */
    const cJSON *pool = cJSON_GetObjectItemCaseSensitive(o, "pool");
    if (pool) {
        read_pool(j, pool, "attacker.pool", kw);
    } else if (entry) {
        const cJSON *arm = cJSON_GetObjectItemCaseSensitive(entry, defender_type == AR_SHIP ? "battery" : "anti_squadron");
        if (type == AR_SHIP && defender_type == AR_SHIP)
            arm = cJSON_GetObjectItemCaseSensitive(arm, no_armada_zone_names[zone]);
        jr lj = {.file = lib->file, .err = j->err, .errlen = j->errlen};
        char path[160];
        snprintf(path, sizeof path, "%ss.%s.%s", types[type], entry->string,
                 defender_type == AR_SHIP ? "battery" : "anti_squadron");
        read_pool(&lj, arm, path, kw);
        j->failed |= lj.failed;
    } else if (!j->failed) {
        jr_fail(j, "attacker.pool", "missing (the dice, or name a ship or squadron from the library)");
    }
    const cJSON *cf = cJSON_GetObjectItemCaseSensitive(o, "concentrate_fire");
    if (cf) {
        static const char *const cf_keys[] = {"dial", "token", NULL};
        if (type != AR_SHIP)
            jr_fail(j, "attacker.concentrate_fire", "only ships resolve commands (L615-L617)");
        else if (jr_object(j, cf, "attacker.concentrate_fire", cf_keys) == 0) {
            kw[AK_CF_DIAL] = (uint8_t)jr_bool(j, cf, "dial", "attacker.concentrate_fire", 0);
            kw[AK_CF_TOKEN] = (uint8_t)jr_bool(j, cf, "token", "attacker.concentrate_fire", 0);
        }
    }
    squadron_facts(j, lib, o, entry, "attacker", type, kw);
    kw[AK_BOMBER] = (uint8_t)entry_bool(entry, "keywords", "bomber");
    kw[AK_SWARM] = (uint8_t)entry_bool(entry, "keywords", "swarm");
    const cJSON *kws = cJSON_GetObjectItemCaseSensitive(o, "keywords");
    if (kws) {
        static const char *const kw_keys[] = {"bomber", "swarm", NULL};
        if (type != AR_SQUADRON)
            jr_fail(j, "attacker.keywords", "squadron keywords belong to squadrons (L645-L647)");
        else if (jr_object(j, kws, "attacker.keywords", kw_keys) == 0) {
            kw[AK_BOMBER] = (uint8_t)jr_bool(j, kws, "bomber", "attacker.keywords", kw[AK_BOMBER]);
            kw[AK_SWARM] = (uint8_t)jr_bool(j, kws, "swarm", "attacker.keywords", kw[AK_SWARM]);
        }
    }
}

static void parse_defender(jr *j, jr_library *lib, const cJSON *root, no_ctx *ctx, int later_tokens, char *who)
{
    static const char *const keys[] = {"type", "ship", "squadron", "hull", "damage", "zone", "shields",
                                       "speed", "tokens", "engaged_with_other", "keywords", NULL};
    uint8_t *kw = ctx->kw[NO_DEFENDER];
    const cJSON *entry;
    const cJSON *o = open_side(j, lib, root, "defender", keys, &entry, kw, who);
    if (!o)
        return;
    int type = kw[AK_TYPE];
    static const char *const ship_only[] = {"zone", "shields", "speed", NULL};
    static const char *const squadron_only[] = {"engaged_with_other", "keywords", NULL};
    for (const char *const *k = type == AR_SHIP ? squadron_only : ship_only; *k; k++)
        if (cJSON_GetObjectItemCaseSensitive(o, *k)) {
            char p[64];
            snprintf(p, sizeof p, "defender.%s", *k);
            jr_fail(j, p, "applies to a %s defender only", type == AR_SHIP ? "squadron" : "ship");
            return;
        }
    ctx->hull = jr_int(j, o, "hull", "defender", 1, 30, jr_entry_int(entry, "hull", 0), 0);
    kw[AK_DAMAGE] = (uint8_t)jr_int(j, o, "damage", "defender", 0, ctx->hull ? ctx->hull - 1 : 30, 0, 0);
    kw[AK_ZONE] = (uint8_t)jr_enum_key(j, o, "zone", "defender", no_armada_zone_names, "a hull zone", AR_FRONT);
    const cJSON *lib_shields = cJSON_GetObjectItemCaseSensitive(entry, "shields");
    const cJSON *shields = cJSON_GetObjectItemCaseSensitive(o, "shields");
    if (shields && jr_object(j, shields, "defender.shields", no_armada_zone_names))
        return;
    for (int z = 0; z < AR_NZONES && type == AR_SHIP; z++)
        kw[AK_SHIELDS + z] = (uint8_t)jr_int(j, shields, no_armada_zone_names[z], "defender.shields", 0, 10,
                                             jr_entry_int(lib_shields, no_armada_zone_names[z], 0), 0);
    kw[AK_SPEED] = (uint8_t)jr_int(j, o, "speed", "defender", 0, 4, 1, 0);
    kw[AK_ENGAGED_OTHER] = (uint8_t)jr_bool(j, o, "engaged_with_other", "defender", 0);
    side_tokens(j, lib, o, entry, "defender", type, later_tokens, kw);
    /* a defending squadron's Counter X and Swarm, used when it attacks back */
    kw[AK_COUNTER] = (uint8_t)jr_entry_int(cJSON_GetObjectItemCaseSensitive(entry, "keywords"), "counter", 0);
    kw[AK_SWARM] = (uint8_t)entry_bool(entry, "keywords", "swarm");
    const cJSON *kws = cJSON_GetObjectItemCaseSensitive(o, "keywords");
    if (kws && jr_object(j, kws, "defender.keywords", (const char *const[]){"counter", "swarm", NULL}) == 0) {
        kw[AK_COUNTER] = (uint8_t)jr_int(j, kws, "counter", "defender.keywords", 0, 6, kw[AK_COUNTER], 0);
        kw[AK_SWARM] = (uint8_t)jr_bool(j, kws, "swarm", "defender.keywords", kw[AK_SWARM]);
    }
}

/* Range: close, medium or long for a ship (L88), distance 1 for a squadron (L89, L139). */
static void parse_range(jr *j, const cJSON *root, no_ctx *ctx)
{
    int squadron = ctx->kw[NO_ATTACKER][AK_TYPE] == AR_SQUADRON;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "range");
    const char *names[AR_NRANGES + 2] = {NULL};
    for (int r = 0; r < AR_NRANGES; r++)
        names[r] = no_armada_range_names[r];
    names[AR_NRANGES] = "short"; /* the digest's word for close */
    if (!v) {
        if (!squadron)
            jr_fail(j, "range", "missing: a ship attacks at close, medium or long range");
        ctx->range = AR_DISTANCE_1;
        return;
    }
    int r = jr_enum(j, v, "range", names, "a range");
    if (r < 0)
        return;
    ctx->range = r == AR_NRANGES ? AR_CLOSE : r;
    if (squadron && ctx->range != AR_DISTANCE_1)
        jr_fail(j, "range", "a squadron attacks at distance-1 (L89, L139), got %s", names[r]);
    else if (!squadron && ctx->range == AR_DISTANCE_1)
        jr_fail(j, "range", "a ship attacks at close, medium or long range (L88), got distance-1");
}

/* One attack on the scenario's defender: `atk` holds its range, obstruction and attacker (the
 * scenario itself for a lone attack, one entry of "attacks" in a sequence, whose errors `ja`
 * places); the defender comes from the scenario, with the attack's own "zone" if it has one. */
static int parse_attack(jr *j, jr *ja, jr_library *lib, const cJSON *root, const cJSON *atk, int later_tokens,
                        no_ctx *ctx, no_applied *ap)
{
    ctx->obstructed = jr_bool(ja, atk, "obstructed", "", 0);
    parse_defender(j, lib, root, ctx, later_tokens, ap->who[NO_DEFENDER]); /* first: the armament depends on it */
    const cJSON *zone = atk != root ? cJSON_GetObjectItemCaseSensitive(atk, "zone") : NULL;
    if (zone && !j->failed && ctx->kw[NO_DEFENDER][AK_TYPE] != AR_SHIP)
        jr_fail(ja, "zone", "applies to a ship defender only");
    else if (zone)
        ctx->kw[NO_DEFENDER][AK_ZONE] = (uint8_t)jr_enum(ja, zone, "zone", no_armada_zone_names, "a hull zone");
    if (!j->failed && !ja->failed)
        parse_attacker(ja, lib, atk, ctx, ctx->kw[NO_DEFENDER][AK_TYPE], ap->who[NO_ATTACKER]);
    if (!j->failed && !ja->failed)
        parse_range(ja, atk, ctx);
    if (j->failed || ja->failed) {
        j->failed = 1;
        return -1;
    }
    int gathered[AR_NCOLOURS];
    no_armada_gather(ctx, gathered);
    for (int c = 0; c < AR_NCOLOURS; c++)
        ctx->start.pool[NO_POOL_COVER].n[NO_FRESH][c] = (uint8_t)gathered[c];
    /* in a sequence the defender may keep shields for a later attack: how much Redirect sends */
    if (no_armada_add_mods(ctx) || (atk != root && no_armada_add_redirect_amount(ctx))) {
        jr_fail(j, "defender.tokens", "too many defense token effects in one attack (at most %d "
                "modifiers with the attacker's)", NO_MAX_MODS);
        return -1;
    }
    no_ctx_index(ctx);
    no_armada_setup_dice(ctx);
    return 0;
}

/* The next attack of a sequence, from what the last one left of the defender. */
static int round_defender(const no_scenario *sc, no_ctx *next)
{
    (void)sc;
    return no_armada_new_round(next);
}

static int carry_defender(const no_scenario *sc, int next, const no_ctx *from, const no_state *end, no_ctx *out)
{
    *out = sc->attacks[next];
    return no_armada_carry(from, end, out);
}

/* What every attack of a sequence shares: the library, the scenario, the rules switch. */
typedef struct shared {
    jr_library *lib;
    const cJSON *root;
    int later_tokens;
} shared;

static int read_attack(const cJSON *atk, jr *j, jr *ja, int i, no_scenario *sc, void *arg)
{
    const shared *sh = arg;
    return parse_attack(j, ja, sh->lib, sh->root, atk, sh->later_tokens, &sc->attacks[i], &sc->applied[i]);
}

/* "attacks": several attacks on the one defender, in order (two hull zones of a ship, several
 * ships or squadrons): its defense tokens, shields and damage carry from one to the next. */
static int parse_attacks(jr *j, jr_library *lib, const cJSON *root, int later_tokens, no_scenario *sc)
{
    static const char *const keys[] = {"range", "obstructed", "attacker", "zone", NULL};
    shared sh = {lib, root, later_tokens};
    return jr_attacks(root, j, "attacks", keys, sc, read_attack, &sh);
}

int no_armada_parse(cJSON *root, jr *j, no_scenario *sc)
{
    static const char *const root_keys[] = {"game", "rules", "name", "policy", "goal", "range", "obstructed",
                                            "rule_options", "points", "attacker", "defender", NULL};
    static const char *const sequence_keys[] = {"game", "rules", "name", "policy", "goal", "rule_options",
                                                "points", "defender", "attacks", NULL};
    int sequence = cJSON_GetObjectItemCaseSensitive(root, "attacks") != NULL;
    if (jr_object(j, root, "", sequence ? sequence_keys : root_keys))
        return -1;
    no_parse_common(root, j, sc, &no_armada_rules);
    int later_tokens = 0;
    const cJSON *ro = cJSON_GetObjectItemCaseSensitive(root, "rule_options");
    if (ro && jr_object(j, ro, "rule_options", (const char *const[]){"contain_salvo", NULL}) == 0)
        later_tokens = jr_bool(j, ro, "contain_salvo", "rule_options", 0);
    no_scenario_switch(sc, "rule_options.contain_salvo", later_tokens, !later_tokens);
    if (j->failed)
        return -1;
    jr_library lib = {0};
    int rc = sequence ? parse_attacks(j, &lib, root, later_tokens, sc)
                      : parse_attack(j, j, &lib, root, root, later_tokens, &sc->ctx, &sc->applied[0]);
    cJSON_Delete(lib.doc);
    if (rc)
        return -1;
    no_scenario_on_one_defender(sc, carry_defender);
    sc->new_round = round_defender;
    sc->has_counter = !sc->nattacks && no_armada_counter(&sc->ctx, &sc->counter) == 0;
    return 0;
}
