/* xwing_scenario.c — the X-Wing reader: a scenario file (pilots and upgrades by XWS id, the
 * abilities library they name, modifier records) into an attack context or a sequence. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/scenario.h"
#include "neverodds/xws.h"
#include "neverodds/modifier.h"
#include "neverodds/xwing.h"
#include "neverodds/legion.h"
#include "io/jsonread.h"
#include "games/xwing/xwing_game.h"
#include "games/xwing/xws_table.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef NO_PROFILES_DIR
#define NO_PROFILES_DIR "profiles"
#endif

/* The windows a scenario's modifiers may name, by rule set: the second edition's steps 2-4, the
 * moment after a roll (Count Dooku, FAQ L3200-L3206) and card texts (HLC, Crack Shot), and the
 * first edition's timing chart (FAQ B371-B463). */
static const char *const window_keys_2e[] = {"attack-dice", "attack-modify", "attack-after-modify",
                                             "defense-dice", "defense-modify", "before-neutralize",
                                             "attack-rolled", "defense-rolled", "after-neutralize",
                                             "attack-declared", NULL};
static const char *const window_keys_1e[] = {"attack-dice", "attack-rolled", "attack-modify",
                                             "defense-dice", "defense-rolled", "defense-modify",
                                             "before-neutralize", NULL};
static const char *const pool_names[] = {"attack", "defense", NULL};
static const char *const size_names[] = {"small", "medium", "large", NULL};
static const char *const token_keys[NO_TOK_N + 1] = {
    "focus", "evade", "calculate", "force", "lock", "reinforce",
    "stress", "strain", "deplete", "tractor", "ion", "cloak", "jam", NULL};
/* Most tokens of each kind a ship can hold: one lock on the defender (L1036), one cloak (L445),
 * a reinforce token per full arc; the rest are bounded only to catch typos. */
static const int token_max[NO_TOK_N] = {10, 10, 10, 10, 1, 2, 10, 10, 10, 10, 10, 1, 10};
/* The first edition's tokens (FAQ 4.4.1): calculate, Force, reinforce, strain, deplete and ion
 * are second-edition tokens (B has none of them that change dice). */
static const unsigned tokens_1e = 1u << NO_TOK_FOCUS | 1u << NO_TOK_EVADE | 1u << NO_TOK_LOCK |
                                  1u << NO_TOK_STRESS | 1u << NO_TOK_TRACTOR | 1u << NO_TOK_CLOAK;

/* ---- modifiers ---- */
static unsigned face_mask(jr *j, const cJSON *v, const char *path, int allow_any)
{
    if (allow_any && cJSON_IsString(v) && strcmp(v->valuestring, "any") == 0)
        return (1u << XW_NFACES) - 1;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
        char got[96];
        jr_describe(v, got, sizeof got);
        jr_fail(j, path, "expected a list of faces (blank, focus, hit, crit, evade)%s, got %s",
                allow_any ? " or \"any\"" : "", got);
        return 0;
    }
    unsigned mask = 0;
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        char p[256];
        jr_index(p, sizeof p, path, i);
        int f = jr_enum(j, c, p, no_xwing_face_names, "a face");
        if (f >= 0)
            mask |= 1u << f;
    }
    return mask;
}

/* The names a requires/forbids list may use: the tokens, then the second edition's colours
 * (enum xw_group, no_xwing_token_groups). */
static const char *const condition_keys[] = {
    "focus", "evade", "calculate", "force", "lock", "reinforce",
    "stress", "strain", "deplete", "tractor", "ion", "cloak", "jam", "green", "red", "orange", NULL};
/* XW_TOKENS (xwing.h): condition_keys' first entries, token_keys' all */

/* A list of token names at obj.key as a mask; with `groups` (second edition) a colour may stand
 * for its tokens (NO_TOKEN_GROUP bits). */
static uint32_t token_mask(jr *j, const cJSON *obj, const char *key, const char *path, int groups)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    char p[256];
    jr_key(p, sizeof p, path, key);
    if (!v)
        return 0;
    if (!cJSON_IsArray(v)) {
        jr_fail(j, p, "expected a list of token names");
        return 0;
    }
    uint32_t mask = 0;
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        char pi[256];
        jr_index(pi, sizeof pi, p, i);
        int t = jr_enum(j, c, pi, groups ? condition_keys : token_keys,
                        groups ? "a token or a token colour (green, red, orange)" : "a token");
        if (t >= XW_TOKENS)
            mask |= NO_TOKEN_GROUP(t - XW_TOKENS);
        else if (t >= 0)
            mask |= 1u << t;
    }
    return mask;
}

static const char *const modifier_keys[] = {
    "name", "window", "pool", "op", "faces", "to", "count", "amount", "cost", "once", "mandatory",
    "requires", "forbids", "opponent_requires", "opponent_forbids", "ranges", "obstructed", "defender_shielded",
    "only_faces", "min_dice", "max_dice", "excludes",
    "then", "seals", "locks_die", "other_ship", "whole", "empty_ok", "counts_as_reroll", "exact",
    "count_from", "charge_active", "owner", "max_total", "more_results_than_shields", "caps_defense_dice",
    "if_opponent_modified", "after_spending", NULL};
/* "then": the part of an effect that follows at once (every matching die, or an add) */
static const char *const chained_keys[] = {"op", "faces", "to", "count", NULL};

/* Names in `excludes` are resolved once every modifier of the attack is known. */
typedef struct pending_excludes {
    int mod;
    const cJSON *list;
    char path[256];
    const char *prefix; /* where the modifier's side stands in the file (a sequence's attack) */
} pending_excludes;

/* An ability listed for the attack being read: its records first..end-1 (the report says which
 * the scenario's stated conditions switch off). */
typedef struct listed_ability {
    int first, end;
    const char *key;
} listed_ability;

typedef struct builder {
    jr j;
    const cJSON *root;  /* the scenario: its defender serves every attack */
    no_ctx *ctx;
    pending_excludes excl[NO_MAX_MODS];
    int nexcl;
    const char *library_file; /* the abilities library's path (xws_table.c reads it once) */
    int first_edition;  /* rules xwing-1e */
    int ship_of;        /* a bonus attack's: the index of the attack its ship made before; -1 none */
    const no_ctx *attacks; /* a sequence's attacks read so far */
    char *notes;        /* the scenario's notes (NO_NOTES_LEN) */
    no_scenario *sc;    /* the scenario read, for the readings it records */
    unsigned needs;     /* tokens the attack being read needs and does not spend (attack_requires) */
    /* the choices "name a type of token the other side cannot spend" (4-LOM): the record that
     * makes each, and the token it bars, resolved once both sides' modifiers are known */
    struct { int mod, token; } bans[NO_MAX_MODS];
    int nbans;
    listed_ability listed[NO_MAX_MODS];
    int nlisted;
    /* the attack ranges the listed weapons allow (weapon_ranges; L328-L329), and the first
     * weapon that narrows them; NULL when no weapon says */
    int weapon_min, weapon_max;
    const char *weapon;
} builder;

static void parse_chained(builder *b, jr *j, const cJSON *o, const char *parent_path, int parent);

/* A modifier's name, its side, window, operation and pool (checked against the window). */
static int modifier_timing(builder *b, jr *j, const cJSON *o, const char *path, int side, const char *name,
                           no_modifier *m)
{
    char p[256];
    const cJSON *v;
    v = cJSON_GetObjectItemCaseSensitive(o, "name");
    if (v && !cJSON_IsString(v)) {
        jr_key(p, sizeof p, path, "name");
        jr_fail(j, p, "expected a string");
        return -1;
    }
    snprintf(m->name, sizeof m->name, "%s", v ? v->valuestring : name);
    m->side = (uint8_t)side;
    jr_key(p, sizeof p, path, "window");
    v = cJSON_GetObjectItemCaseSensitive(o, "window");
    const char *const *windows = b->first_edition ? window_keys_1e : window_keys_2e;
    if (!v) {
        char list[200] = "";
        for (int i = 0; windows[i]; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", windows[i]);
        jr_fail(j, p, "missing (one of: %s)", list);
        return -1;
    }
    int w = jr_enum(j, v, p, windows, b->first_edition ? "a window of xwing-1e" : "a window");
    if (w >= 0)
        w = no_window_find(windows[w]);
    jr_key(p, sizeof p, path, "op");
    v = cJSON_GetObjectItemCaseSensitive(o, "op");
    if (!v && !j->failed) {
        jr_fail(j, p, "missing (one of: reroll, change, add, cancel, dice)");
        return -1;
    }
    static const char *const xwing_ops[] = {"reroll", "change", "add", "cancel", "dice", NULL};
    /* "gain" (a token, second edition: Obi-Wan Kenobi) is read apart: the list the error names
     * stays the dice operations */
    int op = cJSON_IsString(v) && !strcmp(v->valuestring, "gain")      ? NO_OP_GAIN
             : cJSON_IsString(v) && !strcmp(v->valuestring, "declare") ? NO_OP_DECLARE
                                                                      : jr_enum(j, v, p, xwing_ops, "an operation");
    /* "after you declare an attack, you may spend...: if you do, later..." (Predictive Shot): a
     * choice made before any die, whose effect a later step reads (caps_defense_dice) */
    if ((op == NO_OP_DECLARE) != (w == NO_W_ATTACK_DECLARED) && !j->failed) {
        jr_fail(j, p, op == NO_OP_DECLARE ? "op \"declare\" belongs in the attack-declared window"
                                          : "the attack-declared window only takes op \"declare\"");
        return -1;
    }
    if (j->failed)
        return -1;
    if (op == NO_OP_GAIN && (b->first_edition || w == NO_W_AFTER_NEUTRALIZE || w == NO_W_ATTACK_DECLARED)) {
        jr_fail(j, p, b->first_edition ? "op \"gain\" is a second-edition record (rules xwing-2e)"
                                       : "a token is gained in a step where dice are rolled or modified");
        return -1;
    }
    m->window = (uint8_t)w;
    m->op = (uint8_t)op;
    if (w == NO_W_AFTER_NEUTRALIZE && op == NO_OP_REROLL) { /* nothing is rolled after step 4 */
        jr_key(p, sizeof p, path, "op");
        jr_fail(j, p, "after-neutralize effects change, add or cancel results: nothing is rerolled after step 4");
        return -1;
    }
    int natural_pool = (w == NO_W_DEFENSE_DICE || w == NO_W_DEFENSE_MODIFY || w == NO_W_DEFENSE_ROLLED)
                           ? NO_POOL_DEFENSE : NO_POOL_ATTACK;
    jr_key(p, sizeof p, path, "pool");
    v = cJSON_GetObjectItemCaseSensitive(o, "pool");
    int pool = v ? jr_enum(j, v, p, pool_names, "a pool") : natural_pool;
    if (j->failed)
        return -1;
    if (!v && w == NO_W_BEFORE_NEUTRALIZE) {
        jr_fail(j, p, "missing: a before-neutralize modifier must say which pool (attack or defense)");
        return -1;
    }
    if (w != NO_W_BEFORE_NEUTRALIZE && pool != natural_pool) {
        jr_fail(j, p, "the %s window acts on the %s dice", no_window_names[w], pool_names[natural_pool]);
        return -1;
    }
    m->pool = (uint8_t)pool;
    int dice_window = w == NO_W_ATTACK_DICE || w == NO_W_DEFENSE_DICE;
    if (dice_window != (op == NO_OP_DICE)) {
        jr_key(p, sizeof p, path, "op");
        jr_fail(j, p, dice_window ? "the %s window only takes op \"dice\""
                                  : "op \"dice\" belongs in the attack-dice or defense-dice window",
                no_window_names[w]);
        return -1;
    }
    return 0;
}

/* The faces it acts on, the face it produces, how many dice, the dice it adds or removes. */
static int modifier_faces(jr *j, const cJSON *o, const char *path, no_modifier *m)
{
    char p[256];
    const cJSON *v;
    int op = m->op;
    jr_key(p, sizeof p, path, "faces");
    v = cJSON_GetObjectItemCaseSensitive(o, "faces");
    m->faces = (uint8_t)(v ? face_mask(j, v, p, 1) : (1u << XW_NFACES) - 1);
    jr_key(p, sizeof p, path, "to");
    v = cJSON_GetObjectItemCaseSensitive(o, "to");
    if ((op == NO_OP_CHANGE || op == NO_OP_ADD) && !v && !j->failed) {
        jr_fail(j, p, "missing: a %s needs the face it produces", no_op_names[op]);
        return -1;
    }
    if (op == NO_OP_GAIN) { /* "that ship gains 1 focus token" (Obi-Wan Kenobi): `to` is the token */
        if (!v && !j->failed) {
            jr_fail(j, p, "missing: the token a gain gives");
            return -1;
        }
        m->to = (uint8_t)jr_enum(j, v, p, token_keys, "a token");
        m->amount = 1;
        m->faces = 0;
        return j->failed ? -1 : 0;
    }
    if (v) {
        if (op != NO_OP_CHANGE && op != NO_OP_ADD) {
            jr_fail(j, p, "only change and add produce a face (and gain a token)");
            return -1;
        }
        m->to = (uint8_t)jr_enum(j, v, p, no_xwing_face_names, "a face");
    }
    jr_key(p, sizeof p, path, "count");
    v = cJSON_GetObjectItemCaseSensitive(o, "count");
    if (v && cJSON_IsString(v) && strcmp(v->valuestring, "all") == 0 && op != NO_OP_ADD)
        m->count = NO_COUNT_ALL;
    else
        m->count = (uint8_t)jr_int(j, o, "count", path, 1, 6, 1, 0);
    if (op == NO_OP_DICE)
        m->amount = (int8_t)jr_int(j, o, "amount", path, -3, 3, 0, 1);
    else if (cJSON_GetObjectItemCaseSensitive(o, "amount")) {
        jr_key(p, sizeof p, path, "amount");
        jr_fail(j, p, "only op \"dice\" takes an amount");
        return -1;
    }
    return 0;
}

/* What using it costs: tokens, or charges of its ability (`has_charges`). */
static int modifier_cost(jr *j, const cJSON *o, const char *path, int has_charges, int first_edition, no_modifier *m)
{
    char p[256];
    const cJSON *v;
    m->cost_token = NO_NO_TOKEN;
    v = cJSON_GetObjectItemCaseSensitive(o, "cost");
    if (v) {
        static const char *const cost_keys[] = {"token", "amount", "charge", "side", "damage", NULL};
        jr_key(p, sizeof p, path, "cost");
        if (jr_object(j, v, p, cost_keys))
            return -1;
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(v, "token");
        int charge = jr_int(j, v, "charge", p, 1, 3, 0, 0);
        /* second edition: a token taken from the other side ("remove 1 tractor token from the
         * defender", Geonosian Prototype): {"token": NAME, "side": "opponent"}; hit damage the
         * owner suffers ("you may suffer 1 hit damage to reroll", Inaldra): {"damage": N} */
        const cJSON *sv = cJSON_GetObjectItemCaseSensitive(v, "side");
        int damage = jr_int(j, v, "damage", p, 1, 3, 0, 0);
        if ((sv || damage) && first_edition && !j->failed) {
            jr_fail(j, p, "a second-edition cost (rules xwing-2e)");
            return -1;
        }
        if (sv) {
            static const char *const sides[] = {"owner", "opponent", NULL};
            char sp[256];
            jr_key(sp, sizeof sp, p, "side");
            m->cost_opp = (uint8_t)(jr_enum(j, sv, sp, sides, "owner or opponent") == 1);
            if (!t && !j->failed) {
                jr_fail(j, sp, "a side is for a token cost: whose token it takes");
                return -1;
            }
        }
        m->cost_damage = (uint8_t)damage;
        if (t) {
            char pt[256];
            jr_key(pt, sizeof pt, p, "token");
            m->cost_token = (uint8_t)jr_enum(j, t, pt, token_keys, "a token");
            m->cost_amount = (uint8_t)jr_int(j, v, "amount", p, 1, 3, 1, 0);
        }
        if (charge) {
            if (!has_charges) {
                jr_fail(j, p, "costs a charge but its ability has no charges (set \"charges\")");
                return -1;
            }
            m->cost_charges = (uint8_t)charge;
        }
        if (!t && !charge && !damage) {
            jr_fail(j, p, "expected {\"token\": NAME, \"amount\": N}, {\"charge\": N} or {\"damage\": N}");
            return -1;
        }
    }
    return 0;
}

/* Second edition: a count that is a token count ("reroll 1 die for each red token you have",
 * Matchstick; "for each stress token the defender has", BT-1): {"side": "owner" | "opponent",
 * "tokens": [names or colours]}, read when the record is offered; with none it cannot be used. */
static int modifier_count_from(jr *j, const cJSON *o, const char *path, int first_edition, no_modifier *m)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "count_from");
    if (!v)
        return 0;
    char p[256];
    jr_key(p, sizeof p, path, "count_from");
    static const char *const keys[] = {"side", "tokens", NULL};
    static const char *const sides[] = {"owner", "opponent", NULL};
    if (first_edition) {
        jr_fail(j, p, "a second-edition key (rules xwing-2e)");
        return -1;
    }
    if (m->op != NO_OP_REROLL && m->op != NO_OP_CHANGE && m->op != NO_OP_CANCEL) {
        jr_fail(j, p, "a count of dice is for a reroll, change or cancel");
        return -1;
    }
    if (cJSON_GetObjectItemCaseSensitive(o, "count") || m->exact || m->whole_pool) {
        jr_fail(j, p, "the count is the number of tokens: no \"count\", \"exact\" or \"whole\" beside it");
        return -1;
    }
    if (jr_object(j, v, p, keys))
        return -1;
    char sp[256];
    jr_key(sp, sizeof sp, p, "side");
    const cJSON *side = cJSON_GetObjectItemCaseSensitive(v, "side");
    int who = side ? jr_enum(j, side, sp, sides, "owner or opponent") : -1;
    if (!side)
        jr_fail(j, sp, "missing (owner or opponent)");
    m->count_tokens = token_mask(j, v, "tokens", p, 1);
    if (!j->failed && !m->count_tokens) {
        jr_key(sp, sizeof sp, p, "tokens");
        jr_fail(j, sp, "missing: a list of token names or colours to count");
    }
    m->count_from = (uint8_t)(who + 1);
    return j->failed ? -1 : 0;
}

/* When it may be used: once or again, mandatory, the tokens it needs or forbids, the ranges,
 * obstruction, and what it may touch. */
static int modifier_use(jr *j, const cJSON *o, const char *path, int first_edition, no_modifier *m)
{
    char p[256];
    const cJSON *v;
    int op = m->op;
    m->once = (uint8_t)jr_bool(j, o, "once", path, 1);
    m->mandatory = (uint8_t)jr_bool(j, o, "mandatory", path, 0);
    if (!m->once && m->cost_token == NO_NO_TOKEN && !m->cost_charges && !j->failed) {
        jr_key(p, sizeof p, path, "once");
        jr_fail(j, p, "a modifier usable more than once per attack needs a cost");
        return -1;
    }
    if (m->mandatory && !m->once && !j->failed) {
        jr_key(p, sizeof p, path, "mandatory");
        jr_fail(j, p, "a mandatory modifier must be once per attack");
        return -1;
    }
    m->requires = token_mask(j, o, "requires", path, !first_edition);
    m->forbids = token_mask(j, o, "forbids", path, !first_edition);
    /* the same conditions on the other side's tokens ("if the defender is stressed") */
    m->opp_requires = token_mask(j, o, "opponent_requires", path, !first_edition);
    m->opp_forbids = token_mask(j, o, "opponent_forbids", path, !first_edition);
    m->ranges = NO_XWING_ALL_RANGES;
    v = cJSON_GetObjectItemCaseSensitive(o, "ranges");
    jr_key(p, sizeof p, path, "ranges");
    if (v) {
        if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
            jr_fail(j, p, "expected a list of attack ranges from 0 to 3");
            return -1;
        }
        m->ranges = 0;
        int i = 0;
        for (const cJSON *c = v->child; c; c = c->next, i++) {
            double d = cJSON_IsNumber(c) ? c->valuedouble : -1;
            if (!cJSON_IsNumber(c) || d != (int)d || d < 0 || d > 3) {
                char pi[256], got[96];
                jr_index(pi, sizeof pi, p, i);
                jr_describe(c, got, sizeof got);
                jr_fail(j, pi, "expected an integer from 0 to 3, got %s", got);
                return -1;
            }
            m->ranges |= (uint8_t)(1u << (int)d);
        }
    }
    m->obstructed = -1;
    if (cJSON_GetObjectItemCaseSensitive(o, "obstructed"))
        m->obstructed = (int8_t)jr_bool(j, o, "obstructed", path, 0);
    if (cJSON_GetObjectItemCaseSensitive(o, "defender_shielded")) /* L495: at least one active shield */
        m->shielded = (uint8_t)(1 + jr_bool(j, o, "defender_shielded", path, 0));
    v = cJSON_GetObjectItemCaseSensitive(o, "only_faces");
    if (v) {
        jr_key(p, sizeof p, path, "only_faces");
        m->only_faces = (uint8_t)face_mask(j, v, p, 0);
    }
    m->min_dice = (uint8_t)jr_int(j, o, "min_dice", path, 0, 12, 0, 0);
    /* "if there are 2 or fewer attack dice" (TV-94): stored as 1 + the limit, 0 for none */
    if (cJSON_GetObjectItemCaseSensitive(o, "max_dice"))
        m->max_dice = (uint8_t)(1 + jr_int(j, o, "max_dice", path, 0, 12, 0, 1));
    /* "to a maximum of 4" (Seventh Fleet Gunner): the most dice the pool rolls once the record is
     * used, after every other change (FAQ L3090-L3092); stored as 1 + the maximum */
    if (cJSON_GetObjectItemCaseSensitive(o, "max_total")) {
        m->max_total = (uint8_t)(1 + jr_int(j, o, "max_total", path, 0, 6, 0, 1));
        jr_key(p, sizeof p, path, "max_total");
        if (op != NO_OP_DICE && !j->failed)
            jr_fail(j, p, "only a dice-count record (op \"dice\") sets a maximum on the dice rolled");
        else if (first_edition && !j->failed)
            jr_fail(j, p, "a second-edition key (rules xwing-2e)");
    }
    if (m->max_dice && m->max_dice - 1 < m->min_dice && !j->failed) {
        jr_key(p, sizeof p, path, "max_dice");
        jr_fail(j, p, "less than min_dice: the record could never be used");
        return -1;
    }
    m->seals = (uint8_t)jr_bool(j, o, "seals", path, 0);
    m->locks_die = (uint8_t)jr_bool(j, o, "locks_die", path, 0);
    m->other_ship = (uint8_t)jr_bool(j, o, "other_ship", path, 0);
    m->whole_pool = (uint8_t)jr_bool(j, o, "whole", path, 0);
    m->empty_ok = (uint8_t)jr_bool(j, o, "empty_ok", path, 0);
    /* second edition: a reroll that is not a reroll (Han Solo, FAQ L2839-L2841), an exact count
     * (Saturation Salvo, FAQ L2831-L2837) */
    int counts = jr_bool(j, o, "counts_as_reroll", path, 1);
    m->unmarked = (uint8_t)!counts;
    m->exact = (uint8_t)jr_bool(j, o, "exact", path, 0);
    if (first_edition && (!counts || m->exact) && !j->failed) {
        jr_key(p, sizeof p, path, counts ? "exact" : "counts_as_reroll");
        jr_fail(j, p, "a second-edition key (rules xwing-2e)");
    }
    if (!counts && op != NO_OP_REROLL && !j->failed) {
        jr_key(p, sizeof p, path, "counts_as_reroll");
        jr_fail(j, p, "only a reroll can be one that does not count as a reroll");
    }
    if (m->exact && (m->count == NO_COUNT_ALL || (op != NO_OP_REROLL && op != NO_OP_CHANGE && op != NO_OP_CANCEL)) &&
        !j->failed) {
        jr_key(p, sizeof p, path, "exact");
        jr_fail(j, p, "\"exact\" is for a reroll, change or cancel of a number of dice (count 1 to 6)");
    }
    if (m->locks_die && (op != NO_OP_CHANGE || m->count != 1)) {
        jr_key(p, sizeof p, path, "locks_die");
        jr_fail(j, p, "only a change of 1 die can lock it");
    }
    if (m->whole_pool && (op != NO_OP_REROLL || m->count != NO_COUNT_ALL)) {
        jr_key(p, sizeof p, path, "whole");
        jr_fail(j, p, "\"whole\" is for a reroll of \"all\" dice");
    }
    return j->failed ? -1 : modifier_count_from(j, o, path, first_edition, m);
}

/* Second-edition conditions of a record that read the attack so far:
 * - more_results_than_shields: its pool (the attack dice) holds more hit/crit results than the
 *   defender's active shields (Durge: "more hit/crit results than your active shields");
 * - caps_defense_dice (an attacker's attack-declared record, op "declare", and its cost): once
 *   used, the defender rolls at most as many defense dice as the attack's hit/crit results
 *   (Predictive Shot), a maximum applied after every other change (FAQ L3090-L3092); at range 0
 *   the attacker may not reduce the defense dice (L348), so it is refused there;
 * - if_opponent_modified: the other side has rerolled, changed or added to its own dice in this
 *   attack (Alexsandr Kallus: "if the attacker modified any attack dice");
 * - after_spending: a list of tokens: a record of its side costing one of them was used in this
 *   attack ("after a friendly ship spends a focus or evade token", Obi-Wan Kenobi). */
static int record_conditions_2e(builder *b, jr *j, const cJSON *o, const char *path, no_modifier *m)
{
    static const char *const keys[] = {"more_results_than_shields", "caps_defense_dice", "if_opponent_modified",
                                       "after_spending", NULL};
    char p[256];
    for (int k = 0; keys[k]; k++)
        if (cJSON_GetObjectItemCaseSensitive(o, keys[k]) && b->first_edition) {
            jr_key(p, sizeof p, path, keys[k]);
            jr_fail(j, p, "a second-edition key (rules xwing-2e)");
            return -1;
        }
    m->over_shields = (uint8_t)jr_bool(j, o, "more_results_than_shields", path, 0);
    if (m->over_shields && m->pool != NO_POOL_ATTACK && !j->failed) {
        jr_key(p, sizeof p, path, "more_results_than_shields");
        jr_fail(j, p, "it counts the hit/crit results of the attack dice: a record on the attack dice");
    }
    m->caps_defense = (uint8_t)jr_bool(j, o, "caps_defense_dice", path, 0);
    if (m->caps_defense && (m->op != NO_OP_DECLARE || m->side != NO_ATTACKER) && !j->failed) {
        jr_key(p, sizeof p, path, "caps_defense_dice");
        jr_fail(j, p, "an attacker's choice as the attack is declared (window attack-declared, op \"declare\")");
    }
    if (m->op == NO_OP_DECLARE && !m->caps_defense && !j->failed) {
        jr_key(p, sizeof p, path, "op");
        jr_fail(j, p, "a declare record needs the effect a later step reads (caps_defense_dice)");
    }
    m->opp_modified = (uint8_t)jr_bool(j, o, "if_opponent_modified", path, 0);
    m->after_spending = token_mask(j, o, "after_spending", path, 0);
    return j->failed ? -1 : 0;
}

/* One modifier record of `side` at `path` (named `name` unless it says), drawing on the charges
 * of slot `charge_slot`: its parts, then the excludes to resolve and a chained "then" record. */
static void parse_modifier(builder *b, jr *j, const cJSON *o, const char *path, int side,
                           const char *name, int charge_slot, int has_charges)
{
    no_ctx *ctx = b->ctx;
    if (jr_object(j, o, path, modifier_keys))
        return;
    if (ctx->nmods >= NO_MAX_MODS) {
        jr_fail(j, path, "too many modifiers in one attack (at most %d, token effects included)",
                NO_MAX_MODS);
        return;
    }
    no_modifier m;
    memset(&m, 0, sizeof m);
    const cJSON *v;
    /* second edition: a record the card's text gives the other side ("the attacker may change 1
     * hit result to a crit", Greedo defending): that side's choice, in that side's step */
    v = cJSON_GetObjectItemCaseSensitive(o, "owner");
    if (v) {
        static const char *const owners[] = {"self", "opponent", NULL};
        char p[256];
        jr_key(p, sizeof p, path, "owner");
        int who = jr_enum(j, v, p, owners, "self or opponent");
        if (who == 1 && b->first_edition && !j->failed)
            jr_fail(j, p, "a second-edition key (rules xwing-2e)");
        if (j->failed)
            return;
        side ^= who;
    }
    if (modifier_timing(b, j, o, path, side, name, &m) || modifier_faces(j, o, path, &m) ||
        modifier_cost(j, o, path, has_charges, b->first_edition, &m))
        return;
    m.charge_slot = (uint8_t)charge_slot;
    if (modifier_use(j, o, path, b->first_edition, &m))
        return;
    /* "if your charge is active" (Greedo): the ability's charge, not spent by it */
    m.charge_active = (uint8_t)jr_bool(j, o, "charge_active", path, 0);
    if (m.charge_active && !has_charges && !j->failed) {
        char p[256];
        jr_key(p, sizeof p, path, "charge_active");
        jr_fail(j, p, "its ability has no charges (set \"charges\")");
        return;
    }
    if (record_conditions_2e(b, j, o, path, &m))
        return;
    v = cJSON_GetObjectItemCaseSensitive(o, "excludes");
    if (v) {
        pending_excludes *e = &b->excl[b->nexcl++];
        e->mod = ctx->nmods;
        e->list = v;
        e->prefix = j->prefix;
        jr_key(e->path, sizeof e->path, path, "excludes");
    }
    ctx->mods[ctx->nmods++] = m;
    v = cJSON_GetObjectItemCaseSensitive(o, "then");
    if (v)
        parse_chained(b, j, v, path, ctx->nmods - 1);
}

/* The "then" part of modifier `parent`: one more record, used with it and never alone. */
static void parse_chained(builder *b, jr *j, const cJSON *o, const char *parent_path, int parent)
{
    no_ctx *ctx = b->ctx;
    char path[256], p[256];
    jr_key(path, sizeof path, parent_path, "then");
    if (jr_object(j, o, path, chained_keys))
        return;
    if (ctx->nmods >= NO_MAX_MODS) {
        jr_fail(j, path, "too many modifiers in one attack (at most %d, token effects included)", NO_MAX_MODS);
        return;
    }
    no_modifier m = ctx->mods[parent];
    m.chain = m.seals = m.locks_die = 0;
    m.count_from = m.charge_active = 0;
    m.over_shields = m.caps_defense = m.opp_modified = m.cost_opp = m.cost_damage = 0;
    m.after_spending = 0;
    m.cost_token = NO_NO_TOKEN;
    m.cost_amount = m.cost_charges = 0;
    m.mandatory = 0;
    m.once = m.chained = 1;
    m.excludes = 0;
    m.charge_slot = (uint8_t)ctx->nmods;
    static const char *const ops[] = {"reroll", "change", "add", "cancel", NULL};
    jr_key(p, sizeof p, path, "op");
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "op");
    m.op = (uint8_t)(v ? jr_enum(j, v, p, ops, "an operation") : -1);
    if (!v)
        jr_fail(j, p, "missing (one of: change, add, cancel)");
    jr_key(p, sizeof p, path, "faces");
    v = cJSON_GetObjectItemCaseSensitive(o, "faces");
    m.faces = (uint16_t)(v ? face_mask(j, v, p, 1) : (1u << XW_NFACES) - 1);
    jr_key(p, sizeof p, path, "to");
    v = cJSON_GetObjectItemCaseSensitive(o, "to");
    if (v)
        m.to = (uint8_t)jr_enum(j, v, p, no_xwing_face_names, "a face");
    else if ((m.op == NO_OP_CHANGE || m.op == NO_OP_ADD) && !j->failed)
        jr_fail(j, p, "missing: a %s needs the face it produces", no_op_names[m.op]);
    v = cJSON_GetObjectItemCaseSensitive(o, "count");
    m.count = NO_COUNT_ALL;
    if (m.op == NO_OP_ADD)
        m.count = (uint8_t)jr_int(j, o, "count", path, 1, 6, 1, 0);
    else if (m.window == NO_W_AFTER_NEUTRALIZE && m.op == NO_OP_CANCEL && v && cJSON_IsNumber(v))
        /* after step 4 every die is a fresh hit or crit, so "cancel 1 hit result" is one pick
         * (Durge): a count of dice, or nothing when no die matches (no_mod_apply) */
        m.count = (uint8_t)jr_int(j, o, "count", path, 1, 6, 1, 0);
    else if (!j->failed && v && !(cJSON_IsString(v) && !strcmp(v->valuestring, "all"))) {
        jr_key(p, sizeof p, path, "count");
        jr_fail(j, p, "a \"then\" part acts on every matching die: expected \"all\" (or op add)");
    }
    if (j->failed)
        return;
    ctx->mods[ctx->nmods] = m;
    ctx->mods[parent].chain = (uint8_t)(ctx->nmods + 1);
    ctx->nmods++;
}

static void resolve_excludes(builder *b)
{
    for (int i = 0; i < b->nexcl && !b->j.failed; i++) {
        pending_excludes *e = &b->excl[i];
        b->j.prefix = e->prefix;
        no_modifier *m = &b->ctx->mods[e->mod];
        if (!cJSON_IsArray(e->list)) {
            jr_fail(&b->j, e->path, "expected a list of modifier names");
            return;
        }
        int k = 0;
        for (const cJSON *c = e->list->child; c; c = c->next, k++) {
            char p[256];
            jr_index(p, sizeof p, e->path, k);
            if (!cJSON_IsString(c)) {
                jr_fail(&b->j, p, "expected a modifier name");
                return;
            }
            /* A name that is absent (a token the side does not hold) excludes nothing. */
            for (int t = 0; t < b->ctx->nmods; t++)
                if (b->ctx->mods[t].side == m->side && strcmp(b->ctx->mods[t].name, c->valuestring) == 0)
                    m->excludes |= 1u << t;
        }
    }
}

/* ---- abilities ---- */
static const cJSON *library_entry(builder *b, const char *key, const char *path)
{
    const cJSON *all = xt_abilities_of(&b->j, b->first_edition, &b->library_file);
    if (!all)
        return NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(all, key);
    if (!e) {
        char near[256];
        jr_nearest(all, key, near, sizeof near);
        jr_fail(&b->j, path, "unknown ability \"%s\"%s (see %s)", key, near, b->library_file);
    }
    return e;
}

/* A count of results, or "all" (255). */
static int count_or_all(jr *j, const cJSON *o, const char *key, const char *path)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (v && cJSON_IsString(v) && !strcmp(v->valuestring, "all"))
        return 255;
    return jr_int(j, o, key, path, 0, 10, 0, 0);
}

/* The value of an ability entry's key for the role its owner has in this attack: {"attacking": V,
 * "defending": V} gives that role's (NULL: none in it); any other value holds in both roles. `p`
 * gets where the value stands. */
static const cJSON *for_role(jr *lj, const cJSON *e, const char *key, const char *lpath, int side, char *p,
                             size_t plen)
{
    static const char *const roles[] = {"attacking", "defending", NULL};
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, key);
    jr_key(p, plen, lpath, key);
    if (!v || !cJSON_IsObject(v) ||
        !(cJSON_GetObjectItemCaseSensitive(v, "attacking") || cJSON_GetObjectItemCaseSensitive(v, "defending")))
        return v;
    if (jr_object(lj, v, p, roles))
        return NULL;
    char rp[256];
    jr_key(rp, sizeof rp, p, roles[side]);
    snprintf(p, plen, "%s", rp);
    return cJSON_GetObjectItemCaseSensitive(v, roles[side]);
}

/* Second edition: "the defense dice cannot be modified" (Moff Gideon), "the attacker's dice cannot
 * be modified" (Dark Curse), "that ship's dice cannot be modified" (Dineé Ellberger): no one may
 * reroll, change or add to that pool for the whole attack, whoever owns the effect (FAQ
 * L3128-L3130: Midnight stops Han Solo's reroll that is no reroll, a dice modification); cancelling
 * results and rolling more or fewer dice are no modifications (L1344-L1345) and stay. The value
 * is a pool ("attack", "defense") for both roles, or by role (for_role); a pool may carry a
 * condition, {"pool": POOL, "requires": [...], "opponent_requires": [...]}, on the owner's and the
 * other side's tokens, read whenever a modifier is offered (Midnight: "if you have a lock on the
 * enemy ship", which a lock spent ends; Lapin: "if the enemy ship is stressed"). Without one it
 * seals the pool from the start (the first edition's `seals` state, no_state.sealed). */
static void pool_cannot_be_modified(builder *b, jr *lj, const cJSON *e, const char *lpath, int side)
{
    char p[256];
    const cJSON *v = for_role(lj, e, "pool_cannot_be_modified", lpath, side, p, sizeof p);
    if (!v || lj->failed)
        return;
    if (b->first_edition) {
        jr_fail(lj, p, "a second-edition key (rules xwing-2e); xwing-1e has opponent_cannot_modify");
        return;
    }
    const char *what = "a pool (attack, defense), {\"attacking\": POOL, \"defending\": POOL} or {\"pool\": POOL, "
                       "\"requires\": [...], \"opponent_requires\": [...]}";
    if (cJSON_IsObject(v)) {
        static const char *const keys[] = {"pool", "requires", "opponent_requires", NULL};
        if (jr_object(lj, v, p, keys))
            return;
        char pp[256];
        jr_key(pp, sizeof pp, p, "pool");
        const cJSON *pv = cJSON_GetObjectItemCaseSensitive(v, "pool");
        if (!pv) {
            jr_fail(lj, pp, "missing: %s", what);
            return;
        }
        no_ctx *ctx = b->ctx;
        if (ctx->nseal_if >= NO_MAX_SEAL_IF) {
            jr_fail(lj, p, "more than %d conditional pools in one attack", NO_MAX_SEAL_IF);
            return;
        }
        no_seal_if c = {.side = (uint8_t)side};
        c.pool = (uint8_t)jr_enum(lj, pv, pp, pool_names, "a pool (attack, defense)");
        c.requires = token_mask(lj, v, "requires", p, 1);
        c.opp_requires = token_mask(lj, v, "opponent_requires", p, 1);
        if (!lj->failed && !c.requires && !c.opp_requires) {
            jr_fail(lj, p, "a condition needs requires or opponent_requires (without one, give the pool alone)");
            return;
        }
        if (!lj->failed)
            ctx->seal_if[ctx->nseal_if++] = c;
        return;
    }
    int pool = jr_enum(lj, v, p, pool_names, what);
    if (pool >= 0)
        b->ctx->start.sealed |= (uint8_t)(1u << pool);
}

/* A pool for the owner's role at `key` (pool_cannot_be_rerolled, pool_cannot_be_modified_
 * otherwise), second edition only: the pool, or -1 (none, or an error). */
static int pool_for_role(builder *b, jr *lj, const cJSON *e, const char *key, const char *lpath, int side)
{
    char p[256];
    const cJSON *v = for_role(lj, e, key, lpath, side, p, sizeof p);
    if (!v || lj->failed)
        return -1;
    if (b->first_edition) {
        jr_fail(lj, p, "a second-edition key (rules xwing-2e)");
        return -1;
    }
    return jr_enum(lj, v, p, pool_names, "a pool (attack, defense) or {\"attacking\": POOL, \"defending\": POOL}");
}

/* A cap of 1 for the owner's role at `key` (opponent_max_rerolls, opponent_max_focus_modified):
 * 1 when it holds, 0 when not. The cards say 1, and the state keeps one mark per cap
 * (NO_USED_REROLL_CAP, NO_USED_FACE_CAP). */
static int cap_for_role(builder *b, jr *lj, const cJSON *e, const char *key, const char *lpath, int side)
{
    char p[256];
    const cJSON *v = for_role(lj, e, key, lpath, side, p, sizeof p);
    if (!v || lj->failed)
        return 0;
    if (b->first_edition) {
        jr_fail(lj, p, "a second-edition key (rules xwing-2e)");
        return 0;
    }
    if (!cJSON_IsNumber(v) || v->valuedouble != 1) {
        jr_fail(lj, p, "only 1 is modelled (the cards say 1; the state keeps one mark per cap)");
        return 0;
    }
    return 1;
}

/* A declaration a card's rules add (no dice of its own: later steps or bans read its use), owned
 * by `side`, once per attack, in `window`, with charge pool `slot`: its index, or -1 when the
 * attack holds NO_MAX_MODS already. */
static int add_declaration(no_ctx *ctx, const char *key, int side, int window, int slot)
{
    if (ctx->nmods >= NO_MAX_MODS)
        return -1;
    no_modifier *m = &ctx->mods[ctx->nmods];
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", key);
    m->side = (uint8_t)side;
    m->window = (uint8_t)window;
    m->pool = NO_POOL_ATTACK;
    m->op = NO_OP_DECLARE;
    m->cost_token = NO_NO_TOKEN;
    m->charge_slot = (uint8_t)slot;
    m->once = 1;
    m->ranges = NO_XWING_ALL_RANGES;
    m->obstructed = -1;
    return ctx->nmods++;
}

/* Tokens the other side may not spend (second edition: "the defender cannot spend focus or
 * calculate tokens", Ember; "cannot spend tokens to modify dice", Fenn Rau; "defense dice cannot be
 * modified using green tokens", Dead to Rights): a list of token names, "green" (calculate, focus,
 * evade, reinforce, L991-L1003), or "all" (every token; the Force is a charge, not a token, L460,
 * and stays); or {"one_of": [names]}: after the attack roll the owner names one of them, which the
 * other side then may not spend for the rest of the attack (4-LOM): a choice made in the
 * attack-rolled window, one record per name, each barring the other side's records that cost
 * that token once it is used. Any record of that side that spends such a token is refused,
 * whatever it does (the built-in tokens' effects included). */
static void opponent_cannot_spend(builder *b, jr *lj, const cJSON *e, const char *lpath, int side, const char *key,
                                  int own)
{
    char p[256];
    const cJSON *v = for_role(lj, e, own ? "cannot_spend" : "opponent_cannot_spend", lpath, side, p, sizeof p);
    if (!v || lj->failed)
        return;
    if (b->first_edition) {
        jr_fail(lj, p, "a second-edition key (rules xwing-2e)");
        return;
    }
    no_ctx *ctx = b->ctx;
    const cJSON *choice = NULL;
    int barred = own ? side : !side;
    if (cJSON_IsObject(v) && !own) {
        static const char *const keys[] = {"one_of", NULL};
        if (jr_object(lj, v, p, keys))
            return;
        choice = cJSON_GetObjectItemCaseSensitive(v, "one_of");
        char cp[256];
        jr_key(cp, sizeof cp, p, "one_of");
        snprintf(p, sizeof p, "%s", cp);
        v = choice;
    }
    if (cJSON_IsString(v) && !strcmp(v->valuestring, "all") && !choice) {
        ctx->cannot_spend[barred] |= ((1u << XW_TOKENS) - 1) & ~(1u << NO_TOK_FORCE);
        return;
    }
    if (!cJSON_IsArray(v) || !cJSON_GetArraySize(v)) {
        jr_fail(lj, p, "expected a list of token names%s", choice || own ? "" : ", \"all\", or {\"one_of\": [names]}");
        return;
    }
    static const char *const names[] = {
        "focus", "evade", "calculate", "force", "lock", "reinforce",
        "stress", "strain", "deplete", "tractor", "ion", "cloak", "jam", "green", NULL};
    int i = 0, first = ctx->nmods;
    for (const cJSON *c = v->child; c && !lj->failed; c = c->next, i++) {
        char pi[256];
        jr_index(pi, sizeof pi, p, i);
        int t = jr_enum(lj, c, pi, choice ? token_keys : names, choice ? "a token" : "a token or green");
        if (t == NO_TOK_FORCE) {
            jr_fail(lj, pi, "the Force is a charge, not a token (L460)");
            return;
        }
        if (t < 0)
            return;
        uint32_t mask = t == XW_TOKENS ? XW_GREEN_TOKENS : 1u << t;
        if (!choice) {
            ctx->cannot_spend[barred] |= mask;
            continue;
        }
        int m = b->nbans < NO_MAX_MODS ? add_declaration(ctx, key, side, NO_W_ATTACK_ROLLED, first) : -1;
        if (m < 0) { /* "after rolling attack dice" */
            jr_fail(lj, pi, "too many modifiers in one attack (at most %d, token effects included)", NO_MAX_MODS);
            return;
        }
        b->bans[b->nbans].mod = m;
        b->bans[b->nbans++].token = t;
    }
    for (int m = first; m < ctx->nmods; m++) /* one name, once */
        for (int o = first; o < ctx->nmods; o++)
            if (o != m)
                ctx->mods[m].excludes |= 1u << o;
}

/* Once every modifier is known: a token named (4-LOM) bars the other side's records that cost it. */
static void resolve_bans(builder *b)
{
    no_ctx *ctx = b->ctx;
    for (int i = 0; i < b->nbans; i++) {
        no_modifier *m = &ctx->mods[b->bans[i].mod];
        for (int t = 0; t < ctx->nmods; t++)
            if (ctx->mods[t].side != m->side && ctx->mods[t].cost_token == b->bans[i].token)
                m->excludes |= 1u << t;
    }
    b->nbans = 0;
}

/* Is the second-edition entry key `key` present (a first-edition scenario refuses it)? */
static int key_2e(builder *b, jr *lj, const cJSON *e, const char *lpath, const char *key)
{
    if (!cJSON_GetObjectItemCaseSensitive(e, key))
        return 0;
    if (b->first_edition && !lj->failed) {
        char p[256];
        jr_key(p, sizeof p, lpath, key);
        jr_fail(lj, p, "a second-edition key (rules xwing-2e)");
    }
    return !lj->failed;
}

/* defender_may_suffer (the owner attacking): "hit" or "crit": once the attack is declared the
 * defender may choose to suffer 1 such damage instead; then no die is rolled and the attack is
 * treated as hitting (Homing Missiles, Homing Torpedoes: the card's text; xwing.c skip_dice).
 * The choice is a declare record of the defender in the attack-declared window, chosen by its
 * policy against the dice. */
static void defender_may_suffer(builder *b, jr *lj, const cJSON *e, const char *lpath, int side, const char *key)
{
    static const char *const faces[] = {"hit", "crit", NULL};
    char p[256];
    no_ctx *ctx = b->ctx;
    jr_key(p, sizeof p, lpath, "defender_may_suffer");
    int f = jr_enum(lj, cJSON_GetObjectItemCaseSensitive(e, "defender_may_suffer"), p, faces,
                    "the damage the defender may suffer instead of the dice (hit, crit)");
    if (f < 0 || side != NO_ATTACKER)
        return;
    if (ctx->skip_dice_mod) {
        jr_fail(lj, p, "one weapon per attack: another card already offers the defender this choice");
        return;
    }
    int m = add_declaration(ctx, key, NO_DEFENDER, NO_W_ATTACK_DECLARED, ctx->nmods);
    if (m < 0) {
        jr_fail(lj, p, "too many modifiers in one attack (at most %d, token effects included)", NO_MAX_MODS);
        return;
    }
    ctx->skip_dice_mod = (uint8_t)(m + 1);
    ctx->skip_dice_face = (uint8_t)(f ? XW_CRIT : XW_HIT);
}

/* Second-edition card rules of an entry that are no dice modifiers:
 * - neutralize_crits_first: "attacking" or "defending": in step 4 the evades cancel crits before
 *   hits (L356-L357 turned round) in the attacks where the owner has that role: Zeb Orrelios and
 *   Enduring while defending, Plasma Torpedoes attacking (their texts);
 * - range_zero_as_one (the owner attacking): an attack at range 0 is one at range 1 (Arvel
 *   Crynyd, Captain Oicunn, FAQ L2311-L2315, L2337-L2339): the range die of L1351, and none of
 *   the range-0 limits (L334, L338, L348);
 * - range_zero_focus (either role): at range 0 the attacker may spend focus tokens for their
 *   default effect on the attack dice ("Zeb" Orrelios, crew, FAQ L2672-L2676), which L338
 *   forbids otherwise;
 * - token_weapon (the owner attacking): "jam" or "tractor": if the attack hits, every hit and crit
 *   result gives the defender that token instead of damage (Jamming Beam, Tractor Beam; jam
 *   L1204-L1224, tractor L411-L429; a token effect no "prevent damage" stops, FAQ L3006-L3008);
 * - crits_to_ion (the owner attacking): crit results give ion tokens instead of damage, the hits
 *   deal theirs (Alpha-3E "Esk", Ancillary Ion Weapons, whose charges the user says are spent). */
static void second_edition_rules(builder *b, jr *lj, const cJSON *e, const char *lpath, int side, const char *key)
{
    no_ctx *ctx = b->ctx;
    static const char *const roles[] = {"attacking", "defending", NULL};
    static const char *const weapon_tokens[] = {"jam", "tractor", NULL};
    char p[256];
    if (key_2e(b, lj, e, lpath, "neutralize_crits_first")) {
        jr_key(p, sizeof p, lpath, "neutralize_crits_first");
        int role = jr_enum(lj, cJSON_GetObjectItemCaseSensitive(e, "neutralize_crits_first"), p, roles,
                           "the owner's role (attacking, defending)");
        if (role == side)
            ctx->crits_first = 1;
    }
    if (key_2e(b, lj, e, lpath, "range_zero_as_one") && jr_bool(lj, e, "range_zero_as_one", lpath, 0) &&
        side == NO_ATTACKER)
        ctx->range_zero_as_one = 1;
    if (key_2e(b, lj, e, lpath, "range_zero_focus") && jr_bool(lj, e, "range_zero_focus", lpath, 0))
        ctx->range_zero_focus = 1;
    if (key_2e(b, lj, e, lpath, "token_weapon")) {
        jr_key(p, sizeof p, lpath, "token_weapon");
        int t = jr_enum(lj, cJSON_GetObjectItemCaseSensitive(e, "token_weapon"), p, weapon_tokens,
                        "the token the weapon gives (jam, tractor)");
        if (t >= 0 && side == NO_ATTACKER)
            ctx->token_weapon = t ? NO_TOK_TRACTOR : NO_TOK_JAM;
    }
    if (key_2e(b, lj, e, lpath, "crits_to_ion") && jr_bool(lj, e, "crits_to_ion", lpath, 0) && side == NO_ATTACKER)
        ctx->crits_to_ion = 1;
    /* ion_battery (the owner attacking): if the attack hits, the defender suffers 1 crit damage
     * and every hit/crit result gives an ion token instead of damage (Ion Cannon Battery: the
     * card's text; ion tokens L1232): an ion weapon of its own kind (ctx->ion_weapon 2) */
    if (key_2e(b, lj, e, lpath, "ion_battery") && jr_bool(lj, e, "ion_battery", lpath, 0) && side == NO_ATTACKER) {
        if (ctx->ion_weapon) {
            jr_key(p, sizeof p, lpath, "ion_battery");
            jr_fail(lj, p, "one attack, one weapon: the attack is another ion weapon's already");
        }
        ctx->ion_weapon = 2;
    }
    if (key_2e(b, lj, e, lpath, "defender_may_suffer"))
        defender_may_suffer(b, lj, e, lpath, side, key);
}

/* An ability's rules that are not dice modifiers: results the defense cannot cancel (both
 * editions), a pool no one may modify (second edition), an opponent that may not modify, an
 * opponent that must spend focus (first edition). */
static void card_rules(builder *b, jr *lj, const cJSON *e, const char *lpath, int side, int slot, const char *key)
{
    no_ctx *ctx = b->ctx;
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(e, "uncancellable");
    if (u) {
        static const char *const keys[] = {"hits", "crits", NULL};
        char p[256];
        jr_key(p, sizeof p, lpath, "uncancellable");
        if (side == NO_ATTACKER && jr_object(lj, u, p, keys) == 0) {
            int h = count_or_all(lj, u, "hits", p), c = count_or_all(lj, u, "crits", p);
            ctx->uncancellable_hits = (uint8_t)(h > ctx->uncancellable_hits ? h : ctx->uncancellable_hits);
            ctx->uncancellable_crits = (uint8_t)(c > ctx->uncancellable_crits ? c : ctx->uncancellable_crits);
        }
    }
    if (jr_bool(lj, e, "opponent_cannot_modify", lpath, 0)) {
        if (!b->first_edition && !lj->failed) {
            char p[256];
            jr_key(p, sizeof p, lpath, "opponent_cannot_modify");
            jr_fail(lj, p, "a first-edition key (Omega Leader, B575-B581): in xwing-2e a card says whose dice "
                    "cannot be modified, by anyone: use pool_cannot_be_modified");
        }
        ctx->cannot_modify[!side] = 1;
    }
    pool_cannot_be_modified(b, lj, e, lpath, side);
    /* no one may reroll that pool ("attack dice cannot be rerolled", Tierfon Belly Run) */
    int pool = pool_for_role(b, lj, e, "pool_cannot_be_rerolled", lpath, side);
    if (pool >= 0)
        ctx->cannot_reroll |= (uint8_t)(1u << pool);
    /* only this card's records may modify that pool ("you may change 1 focus result to a hit;
     * your dice cannot be modified otherwise", Foresight): its records in this role */
    pool = pool_for_role(b, lj, e, "pool_cannot_be_modified_otherwise", lpath, side);
    if (pool >= 0) {
        uint32_t own = 0;
        for (int m = slot; m < ctx->nmods; m++)
            own |= 1u << m;
        no_mod_only(ctx, pool, own);
    }
    /* the other side rerolls at most 1 die of its own pool (Magva Yarro), modifies at most 1
     * focus result by its own effects (Padmé Amidala; FAQ L3086-L3088) */
    if (cap_for_role(b, lj, e, "opponent_max_rerolls", lpath, side))
        ctx->reroll_cap[!side] = 1;
    if (cap_for_role(b, lj, e, "opponent_max_focus_modified", lpath, side)) {
        ctx->face_cap[!side] = 1;
        ctx->cap_face = XW_FOCUS;
    }
    opponent_cannot_spend(b, lj, e, lpath, side, key, 0);
    /* the same on the owner ("you cannot spend your locks to reroll attack dice", Networked Aim) */
    opponent_cannot_spend(b, lj, e, lpath, side, key, 1);
    second_edition_rules(b, lj, e, lpath, side, key);
    if (jr_bool(lj, e, "opponent_spends_focus", lpath, 0))
        ctx->must_spend_focus[!side] = 1;
}

/* charges_are_force: the card's charges stand for its ship's Force (Barriss Offee, Luminara Unduli,
 * Kit Fisto). Listed on its own ship (no "other_ship": true), they are that ship's one Force pool,
 * the side's force tokens (L482-L491: every Force of a ship is on its ship card; a ship is friendly
 * to itself, L181), so its records spend the side's Force instead of charges of their own: 1 when
 * they do so, 0 when the card's charges stand, -1 with the error. */
static int own_force_pool(builder *b, jr *lj, const cJSON *e, const char *lpath, const char *path, int slot,
                          int other_ship, int charges_override)
{
    if (!jr_bool(lj, e, "charges_are_force", lpath, 0) || other_ship == 1)
        return 0;
    if (charges_override >= 0) {
        char p[256];
        jr_key(p, sizeof p, path, "charges");
        jr_fail(&b->j, p, "on its own ship the card spends the ship's Force: give the Force left as the side's "
                "tokens.force, not charges (or \"other_ship\": true for another friendly ship's card)");
        return -1;
    }
    for (int m = slot; m < b->ctx->nmods; m++) {
        no_modifier *md = &b->ctx->mods[m];
        if (md->cost_charges) {
            md->cost_token = NO_TOK_FORCE;
            md->cost_amount = md->cost_charges;
            md->cost_charges = 0;
        }
    }
    return 1;
}

/* weapon_ranges [MIN, MAX] (the attacker's weapon card, up to range 5 for a hardpoint): the
 * attack ranges the weapon may attack at, narrowed into the builder's and checked once the
 * attack's range is final (weapon_rules). */
static void weapon_ranges(builder *b, jr *lj, const cJSON *e, const char *lpath, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "weapon_ranges");
    if (!v)
        return;
    char p[256];
    jr_key(p, sizeof p, lpath, "weapon_ranges");
    const cJSON *a = cJSON_GetArrayItem(v, 0), *z = cJSON_GetArrayItem(v, 1);
    int lo = cJSON_IsNumber(a) ? a->valueint : -1;
    int hi = cJSON_IsNumber(z) ? z->valueint : -1;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || lo < 0 || hi > 5 || lo > hi) {
        jr_fail(lj, p, "expected [MIN, MAX], ranges from 0 to 5");
        return;
    }
    if (!b->weapon) {
        b->weapon = key;
        b->weapon_min = lo;
        b->weapon_max = hi;
    }
    b->weapon_min = lo > b->weapon_min ? lo : b->weapon_min;
    b->weapon_max = hi < b->weapon_max ? hi : b->weapon_max;
}

static void add_ability(builder *b, const cJSON *item, const char *path, int side)
{
    jr *j = &b->j;
    const char *key;
    int charges_override = -1, other_ship = -1;
    if (cJSON_IsString(item)) {
        key = item->valuestring;
    } else if (cJSON_IsObject(item)) {
        static const char *const keys[] = {"name", "charges", "other_ship", NULL};
        if (jr_object(j, item, path, keys))
            return;
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(item, "name");
        if (!cJSON_IsString(n)) {
            char p[256];
            jr_key(p, sizeof p, path, "name");
            jr_fail(j, p, "expected the ability's name");
            return;
        }
        key = n->valuestring;
        charges_override = jr_int(j, item, "charges", path, 0, 10, -1, 0);
        if (cJSON_GetObjectItemCaseSensitive(item, "other_ship"))
            other_ship = jr_bool(j, item, "other_ship", path, 0);
    } else {
        jr_fail(j, path, "expected an ability name or {\"name\": ..., \"charges\": N}");
        return;
    }
    const cJSON *e = library_entry(b, key, path);
    if (!e)
        return;
    /* Library errors name the library file and the entry's path inside it. */
    jr lj = {.file = b->library_file, .err = j->err, .errlen = j->errlen};
    char lpath[256];
    snprintf(lpath, sizeof lpath, "abilities.%s", key);
    static const char *const entry_keys[] = {"name", "xws", "type", "aura", "summary", "assumes", "charges",
                                             "attack_requires", "ordnance", "ion_weapon", "attacking",
                                             "defending", "uncancellable", "opponent_cannot_modify",
                                             "opponent_spends_focus", "pool_cannot_be_modified",
                                             "pool_cannot_be_rerolled", "pool_cannot_be_modified_otherwise",
                                             "opponent_cannot_spend", "opponent_max_rerolls",
                                             "opponent_max_focus_modified", "cannot_spend",
                                             "neutralize_crits_first", "range_zero_as_one", "range_zero_focus",
                                             "token_weapon", "crits_to_ion", "defender_may_suffer", "ion_battery",
                                             "charges_are_force", "weapon_ranges", NULL};
    unsigned need = 0;
    if (jr_object(&lj, e, lpath, entry_keys) == 0) {
        int lib_charges = jr_int(&lj, e, "charges", lpath, 0, 10, 0, 0);
        int charges = lib_charges;
        if (charges_override >= 0)
            charges = charges_override;
        const char *role = side == NO_ATTACKER ? "attacking" : "defending";
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(e, role);
        char rp[256];
        jr_key(rp, sizeof rp, lpath, role);
        int slot = b->ctx->nmods;
        if (list && !cJSON_IsArray(list))
            jr_fail(&lj, rp, "expected a list of modifiers");
        int i = 0;
        for (const cJSON *c = list ? list->child : NULL; c && !lj.failed; c = c->next, i++) {
            char mp[256];
            jr_index(mp, sizeof mp, rp, i);
            parse_modifier(b, &lj, c, mp, side, key, slot, lib_charges > 0);
        }
        int own_force = !lj.failed && own_force_pool(b, &lj, e, lpath, path, slot, other_ship, charges_override);
        if (!lj.failed && slot < NO_MAX_MODS)
            b->ctx->start.charges[slot] = (uint8_t)(own_force ? 0 : charges);
        if (!lj.failed && lib_charges && !own_force && slot < b->ctx->nmods && b->ctx == &b->sc->ctx) {
            no_scenario *sc = b->sc; /* slot < nmods: the ability has modifiers in this role */
            snprintf(sc->pools[sc->npools].ability, sizeof sc->pools[sc->npools].ability, "%s", key);
            sc->pools[sc->npools].side = (uint8_t)side;
            sc->pools[sc->npools++].slot = (uint8_t)slot;
        }
        /* where the card is carried: on the side's own ship, or on another friendly ship, whose
         * effects a "cannot modify" on this one does not stop (FAQ B575, B581, B995) */
        for (int m = slot; other_ship >= 0 && m < b->ctx->nmods; m++)
            b->ctx->mods[m].other_ship = (uint8_t)other_ship;
        if (slot < b->ctx->nmods && b->nlisted < NO_MAX_MODS)
            b->listed[b->nlisted++] = (listed_ability){slot, b->ctx->nmods, key};
        card_rules(b, &lj, e, lpath, side, slot, key);
        if (side == NO_ATTACKER) {
            weapon_ranges(b, &lj, e, lpath, key);
            need = token_mask(&lj, e, "attack_requires", lpath, 0);
            b->needs |= need;
            if (jr_bool(&lj, e, "ordnance", lpath, 0))
                b->ctx->ordnance = 1; /* no range bonus either way, L1357 */
            /* an ion weapon (Ion Cannon, Ion Missiles...: the card's text): one result for 1 hit
             * damage, the rest ion tokens instead of damage (ion tokens L1232; the damage comes
             * before the ion tokens, FAQ L3006-L3010), as attacker.ion_weapon */
            if (jr_bool(&lj, e, "ion_weapon", lpath, 0)) {
                if (b->first_edition && !lj.failed) {
                    char ip[256];
                    jr_key(ip, sizeof ip, lpath, "ion_weapon");
                    jr_fail(&lj, ip, "xwing-1e ion weapons are not modelled (use xwing-2e)");
                }
                if (b->ctx->ion_weapon == 2 && !lj.failed) {
                    char ip[256];
                    jr_key(ip, sizeof ip, lpath, "ion_weapon");
                    jr_fail(&lj, ip, "one attack, one weapon: the attack is the Ion Cannon Battery's already");
                }
                b->ctx->ion_weapon = b->ctx->ion_weapon == 2 ? 2 : 1;
            }
        }
    }
    j->failed |= lj.failed;
    /* A weapon's header ("ATAQUE (lock)", L298) names tokens the attack needs but does not
     * spend; an attack that cannot be made is an error, not a silently missing effect. */
    for (int t = 0; t < NO_TOK_N && !j->failed; t++)
        if ((need & (1u << t)) && !b->ctx->start.tok[NO_ATTACKER][t]) {
            char tp[64];
            snprintf(tp, sizeof tp, "attacker.tokens.%s", token_keys[t]);
            jr_fail(j, tp, "%s needs %s to attack: set it to 1%s", key,
                    t == NO_TOK_LOCK ? "a lock on the defender" : token_keys[t],
                    b->ship_of >= 0 ? " in the attack before (a bonus attack's tokens are its ship's)" : "");
        }
}

/* Why the scenario's stated conditions leave record m unusable in every state of the attack, or
 * NULL (no_mod_condition_off). `carried`: the shields are those an earlier attack of the sequence
 * leaves, not known yet, so they switch nothing off here. */
static const char *record_off(const no_ctx *ctx, const no_modifier *md, int carried)
{
    no_modifier any_shields = *md;
    any_shields.shielded = carried ? 0 : md->shielded;
    return no_mod_condition_off(ctx, &any_shields);
}

/* The report says which listed abilities the scenario's conditions switch off (every record
 * off), and why: a condition the scenario states is read, not assumed, so an ability that does
 * nothing is named rather than silently unused. A sequence's attacks say their index: a condition
 * may fail in one attack and hold in the next (shields lost). */
static void note_abilities_off(builder *b, const no_ctx *ctx)
{
    char *off = b->sc->off;
    char where[32] = "";
    if (ctx != &b->sc->ctx)
        snprintf(where, sizeof where, "attacks[%d] ", (int)(ctx - b->sc->attacks));
    for (int i = 0; i < b->nlisted; i++) {
        const listed_ability *a = &b->listed[i];
        const char *why = NULL;
        for (int m = a->first; m < a->end && m < ctx->nmods; m++)
            if (!(why = record_off(ctx, &ctx->mods[m], ctx != &b->sc->ctx && ctx != b->sc->attacks)))
                break;
        size_t at = strlen(off);
        if (why)
            snprintf(off + at, NO_NOTES_LEN - at, "%s%s%s (%s)", at ? "; " : "", where, a->key, why);
    }
}

/* ---- sides ---- */

/* A side's "damage_cards" object of the given keys, its path in p; NULL when absent or bad. */
static const cJSON *damage_cards_of(builder *b, const cJSON *side, const char *path, const char *const *keys,
                                    char p[256])
{
    const cJSON *cards = cJSON_GetObjectItemCaseSensitive(side, "damage_cards");
    jr_key(p, 256, path, "damage_cards");
    if (!cards || jr_object(&b->j, cards, p, keys))
        return NULL;
    if (b->first_edition) {
        jr_fail(&b->j, p, "face-up damage cards are modelled for xwing-2e only");
        return NULL;
    }
    return cards;
}

/* The face-up damage cards the attacker holds (a battle's, or a user's ship that took damage):
 * the two that act on its attack, up to the deck's 2 copies each (xwing-data2's damage deck). */
static void parse_attacker_cards(builder *b, const cJSON *side, const char *path)
{
    static const char *const keys[] = {"weapons_failure", "blinded_pilot", NULL};
    jr *j = &b->j;
    char p[256];
    const cJSON *cards = damage_cards_of(b, side, path, keys, p);
    if (!cards)
        return;
    b->ctx->weapons_failure = (uint8_t)jr_int(j, cards, "weapons_failure", p, 0, 2, 0, 0);
    b->ctx->blinded = (uint8_t)jr_int(j, cards, "blinded_pilot", p, 0, 2, 0, 0);
}

/* The face-up damage cards the defender holds already (a battle's, or a user's ship that took
 * damage): the kinds that act on dice or damage (xwing_damage.c), up to the deck's copies. They
 * are cards seen, so a deck left holds fewer of them; a Fuel Leak acts on the next crit damage. */
static void parse_damage_cards(builder *b, const cJSON *side, const char *path)
{
    /* no Direct Hit!: it is repaired as it is dealt, never held face up */
    static const char *const keys[] = {"fuel_leak", "hull_breach", "structural_damage", NULL};
    static const int kinds[] = {XW_CARD_FUEL_LEAK, XW_CARD_HULL_BREACH, XW_CARD_STRUCTURAL};
    jr *j = &b->j;
    char p[256];
    const cJSON *cards = damage_cards_of(b, side, path, keys, p);
    if (!cards)
        return;
    for (int k = 0; keys[k]; k++)
        b->ctx->start.card_seen[kinds[k]] =
            (uint8_t)jr_int(j, cards, keys[k], p, 0, no_xwing_damage_deck.count[kinds[k]], 0, 0);
    b->ctx->start.fuel_up = b->ctx->start.card_seen[XW_CARD_FUEL_LEAK];
}
static void parse_side(builder *b, const cJSON *root, int side)
{
    jr *j = &b->j;
    no_ctx *ctx = b->ctx;
    const char *path = no_side_names[side];
    static const char *const attacker_keys[] = {"dice", "tokens", "abilities", "modifiers",
                                                "ordnance", "ion_weapon", "size", "damage_cards", NULL};
    static const char *const defender_keys[] = {"dice", "tokens", "abilities", "modifiers",
                                                "hull", "shields", "size", "damage_cards", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, path);
    if (!o) {
        jr_fail(j, path, "missing (expected an object with at least \"dice\")");
        return;
    }
    if (jr_object(j, o, path, side == NO_ATTACKER ? attacker_keys : defender_keys))
        return;
    /* Printed values top out well below 10; the rules clamp rolled dice to 0..6 (L136-L137). */
    int dice = jr_int(j, o, "dice", path, 0, 10, 0, 1);
    if (side == NO_ATTACKER) {
        ctx->attack_value = dice;
        ctx->ordnance = jr_bool(j, o, "ordnance", path, 0);
        ctx->ion_weapon = jr_bool(j, o, "ion_weapon", path, 0);
        if (ctx->ion_weapon && b->first_edition && !j->failed)
            jr_fail(j, "attacker.ion_weapon", "xwing-1e ion weapons are not modelled (their effect "
                    "follows the hit: a card rule, not dice; use xwing-2e)");
        parse_attacker_cards(b, o, path);
    } else {
        ctx->agility = dice;
        ctx->hull = jr_int(j, o, "hull", path, 1, 40, 0, 0);
        ctx->shields = jr_int(j, o, "shields", path, 0, 40, 0, 0);
        if (cJSON_GetObjectItemCaseSensitive(o, "shields") && !ctx->hull && !j->failed) {
            char p[256];
            jr_key(p, sizeof p, path, "shields");
            jr_fail(j, p, "shields need a hull value too (defender.hull)");
        }
        parse_damage_cards(b, o, path);
    }
    const cJSON *sz = cJSON_GetObjectItemCaseSensitive(o, "size");
    char p[256];
    jr_key(p, sizeof p, path, "size");
    int size = sz ? jr_enum(j, sz, p, size_names, "a ship size") + 1 : 1;
    if (side == NO_ATTACKER)
        ctx->attacker_size = size;
    else
        ctx->defender_size = size;
    const cJSON *tokens = cJSON_GetObjectItemCaseSensitive(o, "tokens");
    if (tokens) {
        jr_key(p, sizeof p, path, "tokens");
        if (jr_object(j, tokens, p, token_keys) == 0)
            for (int t = 0; t < NO_TOK_N; t++) {
                ctx->start.tok[side][t] = (uint8_t)jr_int(j, tokens, token_keys[t], p, 0,
                                                          token_max[t], 0, 0);
                if (b->first_edition && !(tokens_1e & (1u << t)) &&
                    cJSON_GetObjectItemCaseSensitive(tokens, token_keys[t]) && !j->failed) {
                    char tp[256];
                    jr_key(tp, sizeof tp, p, token_keys[t]);
                    jr_fail(j, tp, "xwing-1e has no %s tokens (a second-edition token; first-edition "
                            "tokens: focus, evade, lock, stress, tractor, cloak)", token_keys[t]);
                }
            }
    }
    /* A jammed ship holds no green token and no lock: jamming takes one away, or the jam token
     * stays while there is none to take, and one gained later goes at once with a jam token
     * (L1216-L1218). Tokens held beside a jam token are a state the rules never leave: refused,
     * rather than guessing which token the jamming player took. Jam itself changes no die of
     * the attack; conditions may name it. */
    if (ctx->start.tok[side][NO_TOK_JAM] && !j->failed) {
        static const int jammed_away[] = {NO_TOK_FOCUS, NO_TOK_EVADE, NO_TOK_CALCULATE, NO_TOK_REINFORCE, NO_TOK_LOCK};
        for (size_t k = 0; k < sizeof jammed_away / sizeof jammed_away[0] && !j->failed; k++)
            if (ctx->start.tok[side][jammed_away[k]]) {
                char tp[256];
                jr_key(tp, sizeof tp, p, "jam");
                jr_fail(j, tp, "a jammed ship holds no green token and no lock (L1216-L1218): give the %s "
                        "token the jam left, or no jam token", token_keys[jammed_away[k]]);
            }
    }
    /* A cloaked ship is disarmed (L439-L442), and a disarmed ship cannot attack (L685): an attack
     * it cannot make is an error, as a weapon's missing lock is. First edition: the FAQ keeps a
     * ship with cloak tokens from the Feedback Array, which stands in for its attacks (B819). */
    if (side == NO_ATTACKER && ctx->start.tok[side][NO_TOK_CLOAK] && !j->failed) {
        char tp[256];
        jr_key(tp, sizeof tp, p, "cloak");
        jr_fail(j, tp, b->first_edition ? "a cloaked ship cannot attack (FAQ B819)"
                                        : "a cloaked ship is disarmed and cannot attack (L439-L442, L685)");
    }
}

/* The state holds one locked die per pool (no_state.locked): two effects that would each lock
 * one of the same dice are refused (Palpatine, the only such card, is once per round, B159). */
static void one_lock_per_pool(builder *b, const char *attacker_at)
{
    const no_ctx *ctx = b->ctx;
    for (int m = 0; m < ctx->nmods && !b->j.failed; m++)
        for (int k = 0; k < m && ctx->mods[m].locks_die; k++)
            if (ctx->mods[k].locks_die && ctx->mods[k].pool == ctx->mods[m].pool) {
                b->j.prefix = ctx->mods[m].side == NO_ATTACKER ? attacker_at : NULL;
                jr_fail(&b->j, no_side_names[ctx->mods[m].side], "%s and %s would each lock one of the %s dice; "
                        "at most one die of a pool can be locked", ctx->mods[k].name, ctx->mods[m].name,
                        pool_names[ctx->mods[m].pool]);
            }
}

static void parse_side_modifiers(builder *b, const cJSON *root, int side)
{
    jr *j = &b->j;
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, no_side_names[side]);
    char p[256];
    const cJSON *abil = cJSON_GetObjectItemCaseSensitive(o, "abilities");
    jr_key(p, sizeof p, no_side_names[side], "abilities");
    if (abil && !cJSON_IsArray(abil))
        jr_fail(j, p, "expected a list of ability names");
    int i = 0;
    for (const cJSON *c = abil ? abil->child : NULL; c && !j->failed; c = c->next, i++) {
        char pi[256];
        jr_index(pi, sizeof pi, p, i);
        add_ability(b, c, pi, side);
    }
    const cJSON *mods = cJSON_GetObjectItemCaseSensitive(o, "modifiers");
    jr_key(p, sizeof p, no_side_names[side], "modifiers");
    if (mods && !cJSON_IsArray(mods))
        jr_fail(j, p, "expected a list of modifier records");
    i = 0;
    for (const cJSON *c = mods ? mods->child : NULL; c && !j->failed; c = c->next, i++) {
        char pi[256], name[40];
        jr_index(pi, sizeof pi, p, i);
        snprintf(name, sizeof name, "%s-modifier-%d", no_side_names[side], i + 1);
        /* inline modifiers draw charges from nowhere: they may cost tokens only */
        parse_modifier(b, j, c, pi, side, name, b->ctx->nmods, 0);
    }
}

/* Range 0 is the second edition's (L174, L330): first-edition ships that touch cannot attack
 * each other (the FAQ's Feedback Array, which is no attack, "works even against touching
 * ships", B819). */
static void first_edition_range(builder *b, int range)
{
    if (b->first_edition && range == 0 && !b->j.failed)
        jr_fail(&b->j, "range", "xwing-1e has no attack at range 0: ships that touch cannot attack each other "
                "(FAQ B819)");
}

/* A bonus attack (L378-L386) is made by the ship of attack b->ship_of: that ship's tokens and
 * size are given there, and the tokens and charges that attack leaves carry into this one
 * (no_xwing_carry). The tokens it started with stand here until then: they decide which token
 * effects the attack can use. */
static void same_ship(builder *b, const cJSON *atk, no_ctx *ctx)
{
    static const char *const ship_keys[] = {"tokens", "size", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(atk, "attacker");
    const no_ctx *ship = &b->attacks[b->ship_of];
    for (int k = 0; ship_keys[k] && !b->j.failed; k++)
        if (cJSON_GetObjectItemCaseSensitive(o, ship_keys[k])) {
            char p[64];
            snprintf(p, sizeof p, "attacker.%s", ship_keys[k]);
            jr_fail(&b->j, p, "a bonus attack is made by the ship of attacks[%d], which holds what that attack "
                    "leaves it (L378-L386): give its %s there", b->ship_of, ship_keys[k]);
        }
    memcpy(ctx->start.tok[NO_ATTACKER], ship->start.tok[NO_ATTACKER], sizeof ship->start.tok[NO_ATTACKER]);
    ctx->attacker_size = ship->attacker_size;
    ctx->bonus = 1;
}

/* A bonus attack whose weapon needs a token (a lock) that the ship's attack before may spend: the
 * ship cannot make it once the token is spent (L298), an attack not made that a sequence cannot
 * express yet, so it is refused rather than made without the token. */
static void bonus_needs_kept_token(builder *b)
{
    const no_ctx *ship = &b->attacks[b->ship_of];
    for (int m = 0; m < ship->nmods && !b->j.failed; m++) {
        const no_modifier *md = &ship->mods[m];
        if (md->side == NO_ATTACKER && md->cost_token != NO_NO_TOKEN && (b->needs >> md->cost_token & 1))
            jr_fail(&b->j, "attacker", "not modelled: its weapon needs the %s token that attacks[%d] may spend "
                    "(%s), and a bonus attack the ship cannot make once it is spent (L298) is not expressed yet; "
                    "run the two attacks as separate scenarios", token_keys[md->cost_token], b->ship_of, md->name);
    }
}

/* The rules' open questions (README, "Rulings"): the second edition's second focus token and
 * damage deck; the first edition's agility floor (B267-B269 with B441-B445). The first edition
 * settles the focus question (a token works once per modify step, B351) and its damage deck is
 * not in the sources, so those two are refused there, saying why. */
static void rule_options(builder *b, const cJSON *ro, no_ctx *ctx, int *damage_deck)
{
    jr *j = &b->j;
    static const char *const keys_2e[] = {"multiple_focus", "damage_deck", NULL};
    static const char *const keys_1e[] = {"agility_floor_before_range", NULL};
    static const char *const why_not_1e[] = {
        "a token works once per modify step in xwing-1e (FAQ B351)",
        "the xwing-1e damage deck is not in the rule sources (cards are counted, not read)"};
    ctx->multiple_focus = 1;
    ctx->agility_floor_first = 1;
    if (!ro)
        return;
    for (int k = 0; b->first_edition && k < 2; k++)
        if (cJSON_IsObject(ro) && cJSON_GetObjectItemCaseSensitive(ro, keys_2e[k]) && !j->failed) {
            char p[64];
            jr_key(p, sizeof p, "rule_options", keys_2e[k]);
            jr_fail(j, p, "not an option of xwing-1e: %s", why_not_1e[k]);
        }
    if (jr_object(j, ro, "rule_options", b->first_edition ? keys_1e : keys_2e))
        return;
    if (b->first_edition) {
        ctx->agility_floor_first = jr_bool(j, ro, "agility_floor_before_range", "rule_options", 1);
        return;
    }
    ctx->multiple_focus = jr_bool(j, ro, "multiple_focus", "rule_options", 1);
    *damage_deck = jr_bool(j, ro, "damage_deck", "rule_options", 1);
}

/* Once both sides are read: an attack at range 0 its attacker treats as range 1 is one (FAQ
 * L2315, L2339), so it takes the range-1 die and none of range 0's limits; and one weapon is one
 * kind of weapon: an ion weapon, a jam or tractor weapon, or crits becoming ion tokens. */
static void weapon_rules(builder *b, no_ctx *ctx, const char *attacker_at)
{
    if (ctx->range_zero_as_one && ctx->range == 0)
        ctx->range = 1;
    else
        ctx->range_zero_as_one = 0; /* at range 1-3 the card does nothing */
    int kinds = !!ctx->ion_weapon + !!ctx->token_weapon + !!ctx->crits_to_ion;
    if (kinds > 1 && !b->j.failed) {
        b->j.prefix = attacker_at;
        jr_fail(&b->j, "attacker", "one attack, one weapon: an ion weapon, a jam or tractor weapon (token_weapon) "
                "and crits that become ion tokens (crits_to_ion, a primary attack's) do not go together");
    }
    /* a special weapon attacks only at its card's ranges (L328-L329): an attack it cannot make
     * is an error, not a result */
    if (b->weapon && (ctx->range < b->weapon_min || ctx->range > b->weapon_max) && !b->j.failed)
        jr_fail(&b->j, "range", "%s attacks at range %d-%d only (L328-L329), not at range %d", b->weapon,
                b->weapon_min, b->weapon_max, ctx->range);
}

/* The readings an X-Wing attack was read with, for the reports. */
static void xwing_readings(no_scenario *sc, const no_ctx *ctx, int first_edition, int damage_deck)
{
    if (first_edition) {
        no_scenario_switch(sc, "rule_options.agility_floor_before_range", ctx->agility_floor_first, ctx->agility_floor_first);
    } else {
        no_scenario_switch(sc, "rule_options.multiple_focus", ctx->multiple_focus, ctx->multiple_focus);
        no_scenario_switch(sc, "rule_options.damage_deck", damage_deck, damage_deck);
    }
    no_scenario_reading(sc, "first_player", no_side_names[ctx->first_player], ctx->first_player == NO_ATTACKER);
}

/* One X-Wing attack into ctx: its attacker, range and obstruction from `atk` (the scenario
 * itself, or one entry of "attacks", whose errors then stand under b->j's prefix), the defender
 * and the rules switches from the scenario. */
static int xwing_attack(builder *b, const cJSON *root, const cJSON *atk, no_ctx *ctx)
{
    jr *j = &b->j;
    const char *at = j->prefix;
    b->ctx = ctx;
    b->nexcl = 0;
    b->nbans = 0;
    b->nlisted = 0;
    b->weapon = NULL;
    b->needs = 0;
    j->prefix = NULL;
    int range = jr_int(j, root, "range", "", 0, 3, 2, 0), obstructed = jr_bool(j, root, "obstructed", "", 0);
    first_edition_range(b, range);
    j->prefix = at;
    ctx->range = jr_int(j, atk, "range", "", 0, 3, range, 0); /* an entry's own, else the scenario's */
    first_edition_range(b, ctx->range);
    ctx->obstructed = jr_bool(j, atk, "obstructed", "", obstructed);
    /* Both players' effects of one moment resolve in player order (L594-L598); the first player is
     * rolled for at setup (L1491-L1495), so a scenario that does not say takes the attacker. */
    j->prefix = NULL;
    ctx->first_player = jr_enum_key(j, root, "first_player", "", no_side_names, "a player", NO_ATTACKER);
    int damage_deck = !b->first_edition;
    j->prefix = NULL;
    rule_options(b, cJSON_GetObjectItemCaseSensitive(root, "rule_options"), ctx, &damage_deck);
    xwing_readings(b->sc, ctx, b->first_edition, damage_deck);
    if (b->first_edition && ctx->obstructed && !j->failed)
        jr_fail(j, "obstructed", "the first-edition sources (FAQ 4.4.1) give no obstruction bonus: add a "
                "defense-dice modifier for the one you play with");
    j->prefix = at;
    parse_side(b, atk, NO_ATTACKER);
    if (b->ship_of >= 0)
        same_ship(b, atk, ctx);
    j->prefix = NULL;
    parse_side(b, root, NO_DEFENDER);
    if (ctx->hull && damage_deck && !j->failed) { /* the deck matters only to a ship that can die */
        int cards = 0;
        for (int k = 0; k < no_xwing_damage_deck.nkinds; k++)
            cards += no_xwing_damage_deck.count[k];
        if (ctx->hull > cards)
            jr_fail(j, "defender.hull", "a hull of %d is more than the %d cards of the damage deck "
                    "(set rule_options.damage_deck to false)", ctx->hull, cards);
        ctx->deck = &no_xwing_damage_deck;
    }
    if (!j->failed && (b->first_edition ? no_xwing1e_add_token_mods(ctx) : no_xwing_add_token_mods(ctx)))
        jr_fail(j, "", "too many modifiers");
    j->prefix = at;
    parse_side_modifiers(b, atk, NO_ATTACKER);
    if (b->ship_of >= 0)
        bonus_needs_kept_token(b);
    j->prefix = NULL;
    parse_side_modifiers(b, root, NO_DEFENDER);
    if (!j->failed && !b->first_edition && no_xwing_add_gained_token_mods(ctx))
        jr_fail(j, "", "too many modifiers");
    one_lock_per_pool(b, at);
    resolve_excludes(b);
    resolve_bans(b);
    if (!j->failed)
        note_abilities_off(b, ctx);
    j->prefix = NULL;
    weapon_rules(b, ctx, at);
    no_xwing_force_focus(ctx);
    no_xwing_range_zero(ctx);
    no_xwing_blinded(ctx);
    if (!b->first_edition)
        no_xwing_token_groups(ctx);
    no_ctx_index(ctx);
    no_xwing_tidy_index(ctx, b->first_edition);
    no_xwing_setup_dice(ctx);
    return j->failed ? -1 : 0;
}

static int read_xwing_attack(const cJSON *atk, jr *j, jr *je, int i, no_scenario *sc, void *arg)
{
    builder *b = arg; /* b->j is j: the entry's prefix goes on it while its attacker is read */
    (void)j;
    b->j.prefix = je->prefix;
    b->attacks = sc->attacks;
    int bonus = jr_bool(&b->j, atk, "bonus", "", 0);
    b->ship_of = bonus ? i - 1 : -1;
    if (bonus && !i)
        jr_fail(&b->j, "bonus", "a bonus attack follows an attack of its ship (L378-L380): the first attack has "
                "none before it");
    else if (bonus && sc->attacks[i - 1].bonus) /* the ship of attack i - 1 made attack i - 2 */
        jr_fail(&b->j, "bonus", "a ship makes one bonus attack per round (L384): attacks[%d] is this ship's "
                "bonus attack already", i - 1);
    /* Jam tokens take green tokens or locks the jamming player picks (L1216-L1218, L1224): not
     * carried into a later attack (the choice is not modelled), so a jam weapon ends a sequence */
    if (i > 0 && sc->attacks[i - 1].token_weapon == NO_TOK_JAM && !b->j.failed)
        jr_fail(&b->j, "", "attacks[%d] is a jam weapon's: the green tokens or lock its jam tokens take from the "
                "defender are the jamming player's choice (L1216-L1224), not modelled for a later attack; "
                "make it the last attack", i - 1);
    return b->j.failed ? -1 : xwing_attack(b, b->root, atk, &sc->attacks[i]);
}

/* The next attack of an X-Wing sequence, from what the last left of the defender. */
static int carry_xwing(const no_scenario *sc, int next, const no_ctx *from, const no_state *end, no_ctx *out)
{
    *out = sc->attacks[next];
    return no_xwing_carry(from, end, out);
}

/* A new round between two shots: the defender's tokens as the scenario gives them. */
static int round_xwing(const no_scenario *sc, no_ctx *next)
{
    no_xwing_new_round(&sc->attacks[0], next);
    return 0;
}

/* One side named by pilot ("attacker": {"pilot": ...}) filled from the ship table (xws_squad.c, xws_table.c); `d`
 * is its role, `path` where it stands in the file. */
static int fill_side(builder *b, cJSON *side, int d, const char *path, char *who)
{
    if (!cJSON_IsObject(side))
        return 0;
    if (cJSON_GetObjectItemCaseSensitive(side, "pilot") && b->first_edition) {
        jr_fail(&b->j, path, "pilot: the pilot table is second edition's (rules xwing-2e)");
        return -1;
    }
    if (no_xws_fill_side(side, d, b->j.file, path, b->notes, who, b->j.err, b->j.errlen))
        return b->j.failed = -1;
    return 0;
}

/* The sides named by pilot: the lone attack's, each attack's attacker and the defender. */
static int fill_pilots(cJSON *root, builder *b)
{
    for (int d = 0; d < 2; d++)
        if (fill_side(b, cJSON_GetObjectItemCaseSensitive(root, no_side_names[d]), d, no_side_names[d],
                      b->sc->applied[0].who[d]))
            return -1;
    cJSON *attacks = cJSON_GetObjectItemCaseSensitive(root, "attacks"), *a;
    int i = 0;
    if (!cJSON_IsArray(attacks))
        attacks = NULL;
    cJSON_ArrayForEach(a, attacks)
    {
        char path[64];
        snprintf(path, sizeof path, "attacks[%d].attacker", i++);
        cJSON *atk = cJSON_GetObjectItemCaseSensitive(a, "attacker");
        /* a bonus attack's ship is the one before it, with that attack's tokens and size: the
         * pilot names its weapon and abilities here, and what the table adds of the ship goes */
        int bonus = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "bonus")) && cJSON_IsObject(atk);
        int had_size = bonus && cJSON_GetObjectItemCaseSensitive(atk, "size");
        int had_tokens = bonus && cJSON_GetObjectItemCaseSensitive(atk, "tokens");
        if (fill_side(b, atk, 0, path, b->sc->applied[i - 1 < NO_MAX_ATTACKS ? i - 1 : 0].who[NO_ATTACKER]))
            return -1;
        if (bonus && !had_size)
            cJSON_DeleteItemFromObjectCaseSensitive(atk, "size");
        if (bonus && !had_tokens)
            cJSON_DeleteItemFromObjectCaseSensitive(atk, "tokens");
    }
    return 0;
}

/* The X-Wing reader (no_game_xwing.read): a lone attack or a sequence on one defender, pilots
 * and upgrades from XWS ids, abilities from the library, in the rule version "rules" names. */
int no_xwing_read(cJSON *root, jr *j, no_scenario *sc)
{
    builder b;
    memset(&b, 0, sizeof b);
    b.j = *j;
    b.ctx = &sc->ctx;
    b.root = root;
    b.notes = sc->notes;
    b.sc = sc;
    b.ship_of = -1;
    jr *caller = j; /* the builder reads with its own copy; its verdict goes back */
    j = &b.j;
    static const char *const root_keys[] = {"game", "rules", "name", "attacker", "defender", "range",
                                            "obstructed", "policy", "goal", "rule_options", "points",
                                            "first_player", NULL};
    static const char *const sequence_keys[] = {"game", "rules", "name", "defender", "attacks", "range",
                                                "obstructed", "policy", "goal", "rule_options", "points",
                                                "first_player", NULL};
    static const char *const attack_keys[] = {"attacker", "range", "obstructed", "bonus", NULL};
    int sequence = cJSON_GetObjectItemCaseSensitive(root, "attacks") != NULL;
    if (jr_object(j, root, "", sequence ? sequence_keys : root_keys))
        goto done;
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    static const char *const editions[] = {"xwing-2e", "xwing-1e", NULL};
    b.first_edition = rules && jr_enum(j, rules, "rules", editions, "a rule version") == 1;
    if (j->failed)
        goto done;
    no_parse_common(root, j, sc, b.first_edition ? &no_xwing1e_rules : &no_xwing2e_rules);
    if (j->failed || fill_pilots(root, &b))
        goto done;
    if (!sequence)
        xwing_attack(&b, root, root, &sc->ctx);
    else
        jr_attacks(root, j, "attacks", attack_keys, sc, read_xwing_attack, &b);
    no_scenario_on_one_defender(sc, carry_xwing);
    sc->new_round = round_xwing;
done:
    *caller = b.j;
    return j->failed ? -1 : 0;
}
