/* scenario.c — what every game's scenario reader shares: the common keys (rules, name, policy,
 * goal, points), a sequence's list of attacks, the policies and goals set from the command line,
 * and the readings of open rules a report names. The readers themselves are in src/games/. */
#include "neverodds/scenario.h"
#include "io/jsonread.h"
#include <stdlib.h>
#include <string.h>

void no_parse_common(const cJSON *root, jr *j, no_scenario *sc, const no_rules *engine)
{
    const no_game *game = sc->game; /* the loader has set it (games.c) */
    snprintf(sc->rules, sizeof sc->rules, "%s", engine->name);
    sc->engine_rules = engine;
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    const char *const versions[] = {engine->name, NULL};
    if (rules)
        jr_enum(j, rules, "rules", versions, "a rule version");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
    if (name && !cJSON_IsString(name))
        jr_fail(j, "name", "expected a string");
    snprintf(sc->name, sizeof sc->name, "%s", name && cJSON_IsString(name) ? name->valuestring : "");
    const char *names[NO_POLICY_N + 1] = {NULL};
    for (int p = 0, n = 0; p < NO_POLICY_N; p++)
        if (no_game_offers_policy(game, p))
            names[n++] = no_policies[p].name;
    /* a name for both sides, or {"attacker": NAME, "defender": NAME} (absent: per-attack) */
    const cJSON *policy = cJSON_GetObjectItemCaseSensitive(root, "policy");
    if (cJSON_IsObject(policy) && jr_object(j, policy, "policy", no_side_names))
        return;
    for (int side = 0; side < NO_SIDES; side++) {
        const cJSON *v = cJSON_IsObject(policy) ? cJSON_GetObjectItemCaseSensitive(policy, no_side_names[side]) : policy;
        char path[32];
        snprintf(path, sizeof path, cJSON_IsObject(policy) ? "policy.%s" : "policy", no_side_names[side]);
        int p = v ? jr_enum(j, v, path, names, "a policy") : -1;
        sc->ctx.policy[side] = p < 0 ? NO_POLICY_PER_ATTACK : no_policy_find(names[p]);
    }
    /* what the attacker's loadout costs (compare: damage per point); 0 when not given */
    sc->points = jr_int(j, root, "points", "points", 0, 10000, 0, 0);
    const char *goals[NO_GOAL_N + 1] = {NULL}; /* the goals of this game */
    for (int g = 0, n = 0; g < NO_GOAL_N; g++)
        if (no_game_offers_goal(game, g))
            goals[n++] = no_goal_names[g];
    const cJSON *goal = cJSON_GetObjectItemCaseSensitive(root, "goal");
    int g = goal ? jr_enum(j, goal, "goal", goals, "a goal") : -1;
    sc->ctx.goal = NO_GOAL_MEAN_DAMAGE;
    while (g >= 0 && strcmp(no_goal_names[sc->ctx.goal], goals[g]))
        sc->ctx.goal++;
}

int jr_attacks(const cJSON *root, jr *j, const char *key, const char *const *keys, no_scenario *sc,
               jr_attack_reader read, void *arg)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, key);
    int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
    if (n < 1 || n > NO_MAX_ATTACKS) {
        char what[64];
        if (n) /* a list too long: its length says more than "a list" */
            snprintf(what, sizeof what, "%d of them", n);
        else
            jr_describe(list, what, sizeof what);
        jr_fail(j, key, "expected a list of 1 to %d %s, got %s", NO_MAX_ATTACKS, key, what);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        char path[32];
        jr_index(path, sizeof path, key, i);
        jr je = *j;
        je.prefix = path;
        const cJSON *entry = cJSON_GetArrayItem(list, i);
        memcpy(sc->attacks[i].policy, sc->ctx.policy, sizeof sc->ctx.policy);
        sc->attacks[i].goal = sc->ctx.goal;
        if (jr_object(&je, entry, "", keys) || read(entry, j, &je, i, sc, arg)) {
            j->failed = 1;
            return -1;
        }
    }
    sc->ctx = sc->attacks[0];
    sc->nattacks = n > 1 ? n : 0;
    return 0;
}

void no_scenario_set_goal(no_scenario *sc, int goal)
{
    sc->ctx.goal = sc->counter.goal = goal;
    for (int a = 0; a < sc->nattacks; a++)
        sc->attacks[a].goal = goal;
}

void no_scenario_set_side_policy(no_scenario *sc, int side, int policy)
{
    sc->ctx.policy[side] = policy;
    sc->counter.policy[!side] = policy; /* a Counter attack back swaps the sides, not the players */
    for (int a = 0; a < sc->nattacks; a++)
        sc->attacks[a].policy[side] = policy;
}

void no_scenario_set_policy(no_scenario *sc, int policy)
{
    for (int side = 0; side < NO_SIDES; side++)
        no_scenario_set_side_policy(sc, side, policy);
}

void no_scenario_on_one_defender(no_scenario *sc, no_carry_rule carry)
{
    if (!sc->nattacks)
        sc->attacks[0] = sc->ctx;
    for (int a = 1; a < sc->nattacks; a++) /* who it is, where the attacks do not say */
        if (!*sc->applied[a].who[NO_DEFENDER])
            memcpy(sc->applied[a].who[NO_DEFENDER], sc->applied[0].who[NO_DEFENDER], NO_WHO_LEN);
    sc->one_defender = 1;
    sc->carry = carry;
}

/* Records a reading under its key, a switch's or a named choice's. */
static void record_reading(no_scenario *sc, const char *key, const char *value, int by_default, int is_switch)
{
    int i = 0;
    while (i < sc->nreadings && strcmp(sc->readings[i].key, key))
        i++;
    if (i == NO_MAX_READINGS)
        abort(); /* a game names more readings than the room made for them */
    sc->readings[i] = (no_reading){key, value, (uint8_t)by_default, (uint8_t)is_switch};
    sc->nreadings += i == sc->nreadings;
}

void no_scenario_reading(no_scenario *sc, const char *key, const char *value, int by_default)
{
    record_reading(sc, key, value, by_default, 0);
}

void no_scenario_switch(no_scenario *sc, const char *key, int on, int by_default)
{
    record_reading(sc, key, on ? "true" : "false", by_default, 1);
}

void no_scenario_set_lenient(int on) { jr_lenient = on; }
