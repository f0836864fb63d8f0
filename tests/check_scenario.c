/* check_scenario.c — bad scenarios give one clear error naming the file and the JSON path. */
#include "helpers.h"

typedef struct bad_case { const char *json, *want; } bad_case;

static const bad_case bad[] = {
    {"{\"game\":\"xwing\",", "test.json: malformed JSON at line 1, column 17"},
    {"[1,2]", "test.json: expected a JSON object at the top level"},
    {"{\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2}}", "test.json: game: missing"},
    {"{\"game\":\"chess\"}", "test.json: game: expected a game (one of: xwing, legion, armada), got \"chess\""},
    {"{\"game\":\"armada\"}", "test.json: defender: missing"},
    {"{\"game\":\"legion\",\"rally\":{\"suppression\":-2}}",
     "test.json: rally.suppression: expected an integer from 0 to 20, got -2"},
    {"{\"game\":\"legion\",\"rally\":{\"courage\":1}}", "test.json: rally.suppression: missing"},
    {"{\"game\":\"legion\",\"rally\":{\"unit\":\"atst\",\"suppression\":1}}",
     "test.json: rally.unit: a unit with Courage \"-\" never holds suppression tokens (L1236)"},
    {"{\"game\":\"legion\",\"rally\":{\"suppression\":1},\"attacker\":{}}", "test.json: attacker: unknown key"},
    {"{\"game\":\"legion\",\"rally\":{\"suppression\":1},\"priority\":{}}",
     "test.json: priority: one roll at a time: rally or priority"},
    {"{\"game\":\"xwing\",\"rules\":\"xwing-3e\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1}}",
     "test.json: rules: expected a rule version (one of: xwing-2e, xwing-1e), got \"xwing-3e\""},
    {"{\"game\":\"xwing\",\"defender\":{\"dice\":2}}", "test.json: attacker: missing"},
    {"{\"game\":\"xwing\",\"attacker\":{\"tokens\":{}},\"defender\":{\"dice\":2}}",
     "test.json: attacker.dice: missing (expected an integer from 0 to 10)"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":-1},\"defender\":{\"dice\":2}}",
     "test.json: attacker.dice: expected an integer from 0 to 10, got -1"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":1000000},\"defender\":{\"dice\":2}}",
     "test.json: attacker.dice: expected an integer from 0 to 10, got 1000000"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":\"3\"},\"defender\":{\"dice\":2}}",
     "test.json: attacker.dice: expected an integer from 0 to 10, got \"3\""},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":2.5},\"defender\":{\"dice\":2}}",
     "test.json: attacker.dice: expected an integer from 0 to 10, got 2.5"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":-1}},\"defender\":{\"dice\":2}}",
     "test.json: attacker.tokens.focus: expected an integer from 0 to 10, got -1"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"lock\":2}},\"defender\":{\"dice\":2}}",
     "test.json: attacker.tokens.lock: expected an integer from 0 to 1, got 2"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focuss\":1}},\"defender\":{\"dice\":2}}",
     "test.json: attacker.tokens.focuss: unknown key (did you mean \"focus\"?) (expected one of: "},
    /* a misspelt key: the nearest offered, as for an unknown library id (issue #23) */
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokns\":{\"focus\":1}},\"defender\":{\"dice\":2}}",
     "test.json: attacker.tokns: unknown key (did you mean \"tokens\"?) (expected one of: dice, tokens, "},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2},\"rnage\":2}",
     "test.json: rnage: unknown key (did you mean \"range\"?) (expected one of: "},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2},\"range\":4}",
     "test.json: range: expected an integer from 0 to 3, got 4"},
    {"{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2},\"range\":0}",
     "test.json: range: xwing-1e has no attack at range 0: ships that touch cannot attack each other (FAQ B819)"},
    {"{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3}},"
     "{\"range\":0,\"attacker\":{\"dice\":3}}]}",
     "test.json: attacks[1].range: xwing-1e has no attack at range 0"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"ranges\":[4]}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].ranges[0]: expected an integer from 0 to 3, got 4"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2},\"first_player\":1}",
     "test.json: first_player: expected a player (one of: attacker, defender), got 1"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2},\"obstructed\":1}",
     "test.json: obstructed: expected true or false, got 1"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2,\"dice\":3}}",
     "test.json: defender.dice: duplicate key"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2,\"shields\":2}}",
     "test.json: defender.shields: shields need a hull value too"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"abilities\":[\"howlrunnr\"]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.abilities[0]: unknown ability \"howlrunnr\" (did you mean \"howlrunner\"?)"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":4,\"abilities\":[\"proton-torpedoes\"]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.tokens.lock: proton-torpedoes needs a lock on the defender to attack"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"explode\"}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].op: expected an operation (one of: reroll, change, add, cancel, dice), got \"explode\""},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\",\"faces\":[\"focus\"]}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].to: missing"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"faces\":[\"hit\",\"evades\"]}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].faces[1]: expected a face"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"once\":false}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].once: a modifier usable more than once per attack needs a cost"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"defense-modify\",\"pool\":\"attack\",\"op\":\"reroll\"}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].pool: the defense-modify window acts on the defense dice"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"before-neutralize\",\"op\":\"cancel\"}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].pool: missing"},
    {"{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"cost\":{\"charge\":1}}]},\"defender\":{\"dice\":2}}",
     "test.json: attacker.modifiers[0].cost: costs a charge but its ability has no charges"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"white\":-2}},\"defender\":{\"die\":\"white\"}}",
     "test.json: attacker.pool.white: expected an integer from 0 to 20, got -2"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"green\":2}},\"defender\":{\"die\":\"white\"}}",
     "test.json: attacker.pool.green: unknown key (expected one of: red, black, white)"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":12,\"white\":9}},\"defender\":{\"die\":\"white\"}}",
     "test.json: attacker.pool: at most 20 dice in one pool in this version, got 21"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"blue\"}}",
     "test.json: defender.die: expected a defense die (one of: white, red), got \"blue\""},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2},\"keywords\":{\"peirce\":1}},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.keywords.peirce: unknown key (did you mean \"pierce\"?) (expected one of: "},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2},\"keywords\":{\"armor\":true}},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.keywords.armor: unknown key"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2},\"surge\":\"block\"},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.surge: expected a surge conversion (one of: none, hit, crit), got \"block\""},
    {"{\"game\":\"legion\",\"cover\":\"medium\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\"}}",
     "test.json: cover: expected a cover (one of: none, light, heavy), got \"medium\""},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"tokens\":{\"dodge\":-1}}}",
     "test.json: defender.tokens.dodge: expected an integer from 0 to 10, got -1"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"wounds\":2,\"wounded\":2}}",
     "test.json: defender.wounded: expected an integer from 0 to 1, got 2"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"minis\":2,\"miniatures\":[{\"wounds\":2}]}}",
     "test.json: defender.miniatures: give either miniatures or minis/wounded/in_los, not both"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"miniatures\":[{\"leader\":true},{\"leader\":true}]}}",
     "test.json: defender.miniatures: a unit has one leader, got 2"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"miniatures\":[{\"counterpart\":true}]}}",
     "test.json: defender.miniatures: a counterpart is always added to another unit's miniatures (L2330)"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"miniatures\":[{\"wounds\":1,\"count\":20},{\"count\":11}]}}",
     "test.json: defender.miniatures[1]: at most 30 miniatures in a unit, got 31"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"miniatures\":[{\"wounds\":2,\"wounded\":2}]}}",
     "test.json: defender.miniatures[0].wounded: expected an integer from 0 to 1, got 2"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"miniatures\":[{\"wound\":2}]}}",
     "test.json: defender.miniatures[0].wound: unknown key"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"miniatures\":[]}}",
     "test.json: defender.miniatures: expected a non-empty list of miniatures, got a list"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"miniatures\":[{\"wounds\":20,\"count\":11}]}}",
     "test.json: defender.miniatures: the miniatures can take at most 200 wounds in this version"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"guardian\":[{\"x\":1},{\"x\":1},{\"x\":1}]}}",
     "test.json: defender.guardian: expected 1 to 2 guardians, got 3"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"guardian\":[{\"x\":1},{\"x\":1,\"tokens\":{\"dodge\":-1}}]}}",
     "test.json: defender.guardian[1].tokens.dodge: expected an integer from 0 to 10, got -1"},
    {"{\"game\":\"legion\",\"self_destruct\":{},\"defender\":{\"die\":\"red\"}}",
     "test.json: self_destruct.x: missing (expected an integer from 1 to 20)"},
    {"{\"game\":\"legion\",\"self_destruct\":{\"x\":2,\"reading\":\"spanish\"},\"defender\":{\"die\":\"red\"}}",
     "test.json: self_destruct.reading: expected a reading of L2254 (one of: english, digits), got \"spanish\""},
    {"{\"game\":\"legion\",\"self_destruct\":{\"x\":2},\"attacker\":{},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker: unknown key"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2},\"keywords\":{\"marksman\":2}},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.keywords.marksman: expected true or false, got 2"},
    {"{\"game\":\"legion\",\"attacker\":{\"unit\":\"stormtrooperz\"},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.unit: unknown unit \"stormtrooperz\""},
    {"{\"game\":\"legion\",\"attacker\":{\"unit\":\"stormtroopers\",\"weapons\":[\"Lightsaber\"]},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.weapons[0]: the unit has no weapon named Lightsaber"},
    {"{\"game\":\"legion\",\"attacker\":{\"weapons\":[{\"dice\":{\"red\":1},\"keywords\":{\"armor\":true}}]},\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.weapons[0].keywords.armor: unknown key"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"guardian\":{\"die\":\"red\"}}}",
     "test.json: defender.guardian.x: missing (expected an integer from 1 to 6)"},
    /* without minis, wounds or a unit there are no miniatures to describe, nor to Spray at */
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"in_los\":1}}",
     "test.json: defender.in_los: describes the unit's miniatures: give defender.minis and wounds (or a unit) with it"},
    {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":2}},\"defender\":{\"die\":\"red\",\"wounded\":0}}",
     "test.json: defender.wounded: describes the unit's miniatures: give defender.minis and wounds (or a unit) with it"},
    {"{\"game\":\"legion\",\"attacker\":{\"weapons\":[{\"dice\":{\"red\":1},\"keywords\":{\"spray\":true}}]},"
     "\"defender\":{\"die\":\"red\"}}",
     "test.json: attacker.weapons[0]: Spray multiplies the dice by the defending miniatures in line of sight (L3012): "
     "give defender.minis and wounds (or a unit)"},
    {"{\"game\":\"xwing\",\"policy\":\"random\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2}}",
     "test.json: policy: expected a policy (one of: per-attack, conservative, crit-fishing, optimal, greedy, conserve), got \"random\""},
};

START_TEST(bad_input_names_file_and_path)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN] = "";
    int rc = no_scenario_parse(bad[_i].json, "test.json", sc, err, sizeof err);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strncmp(err, bad[_i].want, strlen(bad[_i].want)) == 0,
                  "for %s\n got: %s\nwant: %s...", bad[_i].json, err, bad[_i].want);
    free(sc);
}
END_TEST

START_TEST(missing_and_unreadable_files)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_scenario_load("/nonexistent/s.json", sc, err, sizeof err), -1);
    ck_assert_str_eq(err, "/nonexistent/s.json: cannot read: No such file or directory");
    ck_assert_int_eq(no_scenario_load("/tmp", sc, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/tmp: cannot read") == err, "%s", err);
    free(sc);
}
END_TEST

START_TEST(defaults)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2}}");
    ck_assert_int_eq(sc->ctx.range, 2);
    ck_assert_int_eq(sc->ctx.obstructed, 0);
    ck_assert_int_eq(sc->ctx.hull, 0);
    ck_assert_str_eq(sc->rules, "xwing-2e");
    ck_assert_int_eq(sc->ctx.nmods, 0); /* no tokens, no token modifiers */
    free(sc);
}
END_TEST

/* A defender whose health is not given, in every game (issue #23): the damage is not capped, no
 * kill statistics, and the JSON says "health_given": false; given, P(kill) and no such key.
 * X-Wing, 5 dice against agility 0: each die a hit (3/8) or crit (1/8), 1/2, mean 5/2 with or
 * without a hull (a hull never caps X-Wing damage); hull 2 without the deck dies at 2 or more,
 * 1 - (1 + 5) / 32 = 26/32. Armada, 6 black dice at close range: a black die shows 2 blank, 4 hit,
 * 2 hit+crit of 8, (4 + 2 * 2) / 8 = 1 damage, mean 6 with or without a hull. Legion: see
 * check_legion.c (no_unit_given_wounds_not_capped); here 5 white dice against a white die without
 * surge, each a hit or crit 2/8 not blocked 5/6, 5/24: mean 25/24, and 5 one-wound minis are all
 * defeated with (5/24)^5. */
static cJSON *report_of(const char *json, no_summary *s)
{
    no_scenario *sc = scenario(json);
    exact_summary(sc, s);
    char *text = no_report_json(sc, s);
    cJSON *o = cJSON_Parse(text);
    free(text);
    free(sc);
    ck_assert_ptr_nonnull(o);
    return o;
}

START_TEST(no_health_given_in_any_game)
{
    static const struct { const char *bare, *given; double mean, kill; } games[] = {
        {"{\"game\":\"xwing\",\"rule_options\":{\"damage_deck\":false},\"attacker\":{\"dice\":5},\"defender\":{\"dice\":0}}",
         "{\"game\":\"xwing\",\"rule_options\":{\"damage_deck\":false},\"attacker\":{\"dice\":5},"
         "\"defender\":{\"dice\":0,\"hull\":2}}", 2.5, 26.0 / 32},
        {"{\"game\":\"armada\",\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":6}},"
         "\"defender\":{\"type\":\"ship\"}}",
         "{\"game\":\"armada\",\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":6}},"
         "\"defender\":{\"type\":\"ship\",\"hull\":20}}", 6, 0},
        {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"white\":5}},\"defender\":{\"die\":\"white\"}}",
         "{\"game\":\"legion\",\"attacker\":{\"pool\":{\"white\":5}},\"defender\":{\"die\":\"white\",\"minis\":5}}",
         25.0 / 24, 3125.0 / 7962624},
    };
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        no_summary s;
        cJSON *o = report_of(games[g].bare, &s);
        ck_assert_msg(fabs(s.mean - games[g].mean) < 1e-12, "%s: mean %.15f", games[g].bare, s.mean);
        ck_assert_int_eq(s.has_kill, 0);
        ck_assert_msg(cJSON_IsFalse(cJSON_GetObjectItem(o, "health_given")), "%s", games[g].bare);
        ck_assert_ptr_null(cJSON_GetObjectItem(o, "kill"));
        ck_assert_ptr_null(cJSON_GetObjectItem(o, "defeated"));
        cJSON_Delete(o);
        o = report_of(games[g].given, &s);
        ck_assert_msg(fabs(s.mean - games[g].mean) < 1e-12, "%s: mean %.15f", games[g].given, s.mean);
        ck_assert_int_eq(s.has_kill, 1);
        ck_assert_ptr_null(cJSON_GetObjectItem(o, "health_given"));
        const cJSON *k = cJSON_GetObjectItem(cJSON_GetObjectItem(o, "kill"), "probability");
        ck_assert_msg(k && fabs(k->valuedouble - games[g].kill) < 1e-12, "%s", games[g].given);
        cJSON_Delete(o);
    }
}
END_TEST

Suite *suite_scenario(void)
{
    Suite *s = suite_create("scenario");
    TCase *t = tcase_create("validation");
    tcase_add_loop_test(t, bad_input_names_file_and_path, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(t, missing_and_unreadable_files);
    tcase_add_test(t, defaults);
    tcase_add_test(t, no_health_given_in_any_game);
    suite_add_tcase(s, t);
    return s;
}
