/* check_quick.c — quick notation: each text gives the JSON a user would write by hand (compared
 * as JSON), the same scenario as the profile it abbreviates (exact runs agree), every example of
 * the help text parses, and bad words are named in the error. */
#define _POSIX_C_SOURCE 200809L
#include "helpers.h"
#include "neverodds/quick.h"
#include <cjson/cJSON.h>

Suite *suite_quick(void); /* declared here until helpers.h lists it */

#define PROFILES NO_CASES_DIR "/../../profiles/"

/* The notation's JSON, or a failed test with the translator's message. */
static char *quick(const char *game, const char *spec)
{
    char *json = NULL, err[NO_ERR_LEN];
    if (no_quick_json(game, spec, &json, err, sizeof err))
        ck_abort_msg("%s \"%s\" rejected: %s", game, spec, err);
    ck_assert_ptr_nonnull(json);
    return json;
}

/* The notation gives exactly `expected` (JSON), key for key. */
static void assert_quick(const char *game, const char *spec, const char *expected)
{
    char *json = quick(game, spec);
    cJSON *got = cJSON_Parse(json), *want = cJSON_Parse(expected);
    ck_assert_msg(want != NULL, "bad expected JSON for \"%s\"", spec);
    ck_assert_msg(got && cJSON_Compare(got, want, 1), "\"%s\" gave\n%s\nexpected\n%s", spec, json, expected);
    cJSON_Delete(got);
    cJSON_Delete(want);
    free(json);
}

/* The notation is rejected with exactly `message`. */
static void assert_error(const char *game, const char *spec, const char *message)
{
    char *json = NULL, err[NO_ERR_LEN] = "";
    ck_assert_msg(no_quick_json(game, spec, &json, err, sizeof err) == -1, "\"%s\" accepted", spec);
    ck_assert_ptr_null(json);
    ck_assert_str_eq(err, message);
}

/* The notation translates but the scenario parser rejects the value with exactly `message`. */
static void assert_parse_error(const char *game, const char *spec, const char *message)
{
    char *json = quick(game, spec), err[NO_ERR_LEN] = "";
    no_scenario *sc = malloc(sizeof *sc);
    ck_assert_ptr_nonnull(sc);
    ck_assert_msg(no_scenario_parse(json, "quick", sc, err, sizeof err) == -1, "\"%s\" parsed", spec);
    ck_assert_str_eq(err, message);
    free(sc);
    free(json);
}

/* Exact runs of two scenarios agree: the whole damage distribution, its mean and P(kill). */
static void assert_same_run(no_scenario *a, no_scenario *b, const char *what)
{
    no_summary sa, sb;
    exact_summary(a, &sa);
    exact_summary(b, &sb);
    ck_assert_msg(fabs(sa.mean - sb.mean) <= 1e-12, "%s: mean %.15f vs %.15f", what, sa.mean, sb.mean);
    ck_assert_int_eq(sa.max_damage, sb.max_damage);
    for (int k = 0; k <= sa.max_damage; k++)
        ck_assert_near(sa.pmf[k].p, sb.pmf[k].p, 1e-12);
    ck_assert_int_eq(sa.has_kill, sb.has_kill);
    ck_assert_near(sa.kill.p, sb.kill.p, 1e-12);
    no_summary_free(&sa);
    no_summary_free(&sb);
}

/* The notation and a JSON text (or, with file set, a profile) run the same attack. */
static void assert_same_as(const char *game, const char *spec, const char *other, int file)
{
    char *json = quick(game, spec), err[NO_ERR_LEN];
    no_scenario *a = scenario(json), *b = malloc(sizeof *b);
    ck_assert_ptr_nonnull(b);
    if ((file ? no_scenario_load(other, b, err, sizeof err) : no_scenario_parse(other, "expected", b, err, sizeof err)))
        ck_abort_msg("%s: %s", other, err);
    assert_same_run(a, b, spec);
    free(a);
    free(b);
    free(json);
}

static const char *const x_basic = "{\"game\":\"xwing\",\"rules\":\"xwing-2e\",\"name\":\"xwing: 3 fl vs 2 fe r1\","
    "\"range\":1,\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},"
    "\"defender\":{\"dice\":2,\"tokens\":{\"focus\":1,\"evade\":1}}}";
static const char *const l_basic = "{\"game\":\"legion\",\"rules\":\"legion-2026\","
    "\"name\":\"legion: 5w hit vs white surge light\",\"cover\":\"light\","
    "\"attacker\":{\"pool\":{\"white\":5},\"surge\":\"hit\"},\"defender\":{\"die\":\"white\",\"surge\":true}}";

START_TEST(xwing_json)
{
    assert_quick("xwing", "3 fl vs 2 fe r1", x_basic);
    /* case and spacing do not matter; the name is the normalised text */
    assert_quick("xwing", "  3FL\tvs 3 fe  h3 s0 ",
                 "{\"game\":\"xwing\",\"rules\":\"xwing-2e\",\"name\":\"xwing: 3fl vs 3 fe h3 s0\","
                 "\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},"
                 "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":3,\"shields\":0}}");
    assert_quick("xwing", "4 fl +proton-torpedoes vs 2 f h4 s2 r3 obs",
                 "{\"game\":\"xwing\",\"rules\":\"xwing-2e\",\"name\":\"xwing: 4 fl +proton-torpedoes vs 2 f h4 s2 r3 obs\","
                 "\"range\":3,\"obstructed\":true,"
                 "\"attacker\":{\"dice\":4,\"tokens\":{\"focus\":1,\"lock\":1},\"abilities\":[\"proton-torpedoes\"]},"
                 "\"defender\":{\"dice\":2,\"tokens\":{\"focus\":1},\"hull\":4,\"shields\":2}}");
    assert_quick("xwing", "2 f +howlrunner vs 0 reinforce h12 s4 large r1",
                 "{\"game\":\"xwing\",\"rules\":\"xwing-2e\",\"name\":\"xwing: 2 f +howlrunner vs 0 reinforce h12 s4 large r1\","
                 "\"range\":1,\"attacker\":{\"dice\":2,\"tokens\":{\"focus\":1},\"abilities\":[\"howlrunner\"]},"
                 "\"defender\":{\"dice\":0,\"tokens\":{\"reinforce\":1},\"hull\":12,\"shields\":4,\"size\":\"large\"}}");
    /* counts: a letter's after it, a word's attached or next; tokens given twice add up */
    assert_quick("xwing", "3f2 force calculate stress 2 +lone-wolf vs 2 e2 evade cloak hull 5 shields2 "
                 "range 3 nodeck onefocus crit-fishing",
                 "{\"game\":\"xwing\",\"rules\":\"xwing-2e\",\"name\":\"xwing: 3f2 force calculate stress 2 "
                 "+lone-wolf vs 2 e2 evade cloak hull 5 shields2 range 3 nodeck onefocus crit-fishing\","
                 "\"range\":3,\"rule_options\":{\"damage_deck\":false,\"multiple_focus\":false},"
                 "\"policy\":\"crit-fishing\","
                 "\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":2,\"force\":1,\"calculate\":1,\"stress\":2},"
                 "\"abilities\":[\"lone-wolf\"]},"
                 "\"defender\":{\"dice\":2,\"tokens\":{\"evade\":3,\"cloak\":1},\"hull\":5,\"shields\":2}}");
    assert_quick("xwing", "3 ordnance medium ion_weapon vs 1 ff tractor2 ion",
                 "{\"game\":\"xwing\",\"rules\":\"xwing-2e\",\"name\":\"xwing: 3 ordnance medium ion_weapon vs 1 ff tractor2 ion\","
                 "\"attacker\":{\"dice\":3,\"ordnance\":true,\"size\":\"medium\",\"ion_weapon\":true},"
                 "\"defender\":{\"dice\":1,\"tokens\":{\"focus\":2,\"tractor\":2,\"ion\":1}}}");
    assert_quick("xwing1", "3 fl vs 2 e",
                 "{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"name\":\"xwing1: 3 fl vs 2 e\","
                 "\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},"
                 "\"defender\":{\"dice\":2,\"tokens\":{\"evade\":1}}}");
}
END_TEST

START_TEST(legion_json)
{
    assert_quick("legion", "5w hit vs white surge light", l_basic);
    assert_quick("legion", "4w2b hit aim pierce1 precise1 vs white surge dodge minis4 light",
                 "{\"game\":\"legion\",\"rules\":\"legion-2026\","
                 "\"name\":\"legion: 4w2b hit aim pierce1 precise1 vs white surge dodge minis4 light\","
                 "\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":4,\"black\":2},\"surge\":\"hit\","
                 "\"tokens\":{\"aim\":1},\"keywords\":{\"pierce\":1,\"precise\":1}},"
                 "\"defender\":{\"die\":\"white\",\"surge\":true,\"tokens\":{\"dodge\":1},\"minis\":4}}");
    assert_quick("legion", "6r crit impact2 pierce 2 melee vs red surge minis1 wounds8 courage- armor vehicle",
                 "{\"game\":\"legion\",\"rules\":\"legion-2026\","
                 "\"name\":\"legion: 6r crit impact2 pierce 2 melee vs red surge minis1 wounds8 courage- armor vehicle\","
                 "\"attack_type\":\"melee\","
                 "\"attacker\":{\"pool\":{\"red\":6},\"surge\":\"crit\",\"keywords\":{\"impact\":2,\"pierce\":2}},"
                 "\"defender\":{\"die\":\"red\",\"surge\":true,\"minis\":1,\"wounds\":8,\"courage\":\"-\","
                 "\"keywords\":{\"armor\":true},\"type\":\"vehicle\"}}");
    assert_quick("legion", "@stormtroopers aim vs @rebeltroopers dodge heavy",
                 "{\"game\":\"legion\",\"rules\":\"legion-2026\","
                 "\"name\":\"legion: @stormtroopers aim vs @rebeltroopers dodge heavy\",\"cover\":\"heavy\","
                 "\"attacker\":{\"unit\":\"stormtroopers\",\"tokens\":{\"aim\":1}},"
                 "\"defender\":{\"unit\":\"rebeltroopers\",\"tokens\":{\"dodge\":1}}}");
    /* "crit" and "surge" bare are charts, with a number Critical X and surge tokens; pool dice add up */
    assert_quick("legion", "2r 1b 1r crit1 crit sharp1 obs2 surge aim2 vs white surge 2 supp3 shield minis 3 "
                 "wounds 2 wounded1 in_los2 courage2 armor 2 danger_sense1 overrun optimal",
                 "{\"game\":\"legion\",\"rules\":\"legion-2026\",\"name\":\"legion: 2r 1b 1r crit1 crit sharp1 obs2 "
                 "surge aim2 vs white surge 2 supp3 shield minis 3 wounds 2 wounded1 in_los2 courage2 armor 2 "
                 "danger_sense1 overrun optimal\",\"attack_type\":\"overrun\",\"policy\":\"optimal\","
                 "\"attacker\":{\"pool\":{\"red\":3,\"black\":1},\"surge\":\"crit\","
                 "\"tokens\":{\"observation\":2,\"surge\":1,\"aim\":2},"
                 "\"keywords\":{\"critical\":1,\"sharpshooter\":1}},"
                 "\"defender\":{\"die\":\"white\",\"tokens\":{\"surge\":2,\"suppression\":3,\"shield\":1},"
                 "\"minis\":3,\"wounds\":2,\"wounded\":1,\"in_los\":2,\"courage\":2,"
                 "\"keywords\":{\"armor\":2,\"danger_sense\":1}}}");
    assert_quick("legion", "3B NOSURGE high_velocity moved cumbersome duelist vs red courage1 droid impervious "
                 "low_profile cover1 nocover",
                 "{\"game\":\"legion\",\"rules\":\"legion-2026\",\"name\":\"legion: 3b nosurge high_velocity moved "
                 "cumbersome duelist vs red courage1 droid impervious low_profile cover1 nocover\",\"cover\":\"none\","
                 "\"attacker\":{\"pool\":{\"black\":3},\"surge\":\"none\",\"moved\":true,"
                 "\"keywords\":{\"high_velocity\":true,\"cumbersome\":true,\"duelist\":true}},"
                 "\"defender\":{\"die\":\"red\",\"courage\":1,\"type\":\"droid\","
                 "\"keywords\":{\"impervious\":true,\"low_profile\":true,\"cover\":1}}}");
}
END_TEST

/* The quick scenario runs exactly as the JSON written by hand and as the profiles it abbreviates. */
/* Armada: dice by colour, the defender's tokens as a list (ready, or exhausted with -x), its
 * shields by zone from the defended one (seed 001 L739: front and rear lie beside left and right) */
START_TEST(armada_json)
{
    assert_quick("armada", "2r1b medium vs brace redirect evade-x hull5 shields3,2,1 speed2",
                 "{\"game\":\"armada\",\"rules\":\"armada-core\",\"name\":\"armada: 2r1b medium vs brace redirect "
                 "evade-x hull5 shields3,2,1 speed2\",\"range\":\"medium\","
                 "\"attacker\":{\"pool\":{\"red\":2,\"blue\":1},\"type\":\"ship\"},"
                 "\"defender\":{\"tokens\":[\"brace\",\"redirect\",{\"type\":\"evade\",\"state\":\"exhausted\"}],"
                 "\"hull\":5,\"speed\":2,\"type\":\"ship\",\"shields\":{\"front\":3,\"left\":2,\"right\":2,\"rear\":1}}}");
    assert_quick("armada", "3r 1k close cf-dial vs hull 3 left shields 2,1 no-discard",
                 "{\"game\":\"armada\",\"rules\":\"armada-core\",\"name\":\"armada: 3r 1k close cf-dial vs hull 3 "
                 "left shields 2,1 no-discard\",\"range\":\"close\",\"policy\":\"no-discard\","
                 "\"attacker\":{\"pool\":{\"red\":3,\"black\":1},\"concentrate_fire\":{\"dial\":true},\"type\":\"ship\"},"
                 "\"defender\":{\"hull\":3,\"zone\":\"left\",\"type\":\"ship\","
                 "\"shields\":{\"left\":2,\"front\":1,\"rear\":1}}}");
    assert_quick("armada", "4b squadron swarm vs squadron hull4 scatter counter2",
                 "{\"game\":\"armada\",\"rules\":\"armada-core\",\"name\":\"armada: 4b squadron swarm vs squadron "
                 "hull4 scatter counter2\",\"attacker\":{\"pool\":{\"blue\":4},\"type\":\"squadron\","
                 "\"keywords\":{\"swarm\":true}},\"defender\":{\"type\":\"squadron\",\"hull\":4,"
                 "\"tokens\":[\"scatter\"],\"keywords\":{\"counter\":2}}}");
}
END_TEST

START_TEST(same_runs)
{
    assert_same_as("armada", "2r1b medium vs brace redirect evade-x hull5 shields3,2,1 speed2",
                   PROFILES "armada/contract-example.json", 1);
    assert_same_as("xwing", "3 fl vs 2 fe r1", x_basic, 0);
    assert_same_as("legion", "5w hit vs white surge light", l_basic, 0);
    assert_same_as("xwing", "3 fl vs 3 fe h3 s0", PROFILES "xwing/quickstart.json", 1);
    assert_same_as("xwing", "4 fl +proton-torpedoes vs 2 f h4 s2 r3 obs", PROFILES "xwing/torpedo-run.json", 1);
    assert_same_as("xwing", "2 f +howlrunner vs 0 reinforce h12 s4 large r1",
                   PROFILES "xwing/decimator-reinforce.json", 1);
    assert_same_as("xwing1", "3 fl vs 2 e", PROFILES "xwing1/discriminator.json", 1);
    assert_same_as("legion", "4w2b hit aim pierce1 precise1 vs white surge dodge minis4 light",
                   PROFILES "legion/stormtroopers-vs-rebels.json", 1);
    assert_same_as("legion", "6r crit impact2 pierce2 melee vs red surge minis1 wounds8 courage- armor vehicle",
                   PROFILES "legion/saber-vs-armor.json", 1);
}
END_TEST

/* Every example of the help text is a valid scenario, and no line is longer than 92 characters. */
START_TEST(grammar_examples)
{
    int examples = 0;
    for (const char *line = no_quick_grammar, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        ck_assert_ptr_nonnull(end);
        int len = (int)(end - line);
        ck_assert_msg(len <= 92, "help line of %d characters: %.*s", len, len, line);
        const char *cmd = strstr(line, "neverodds "), *quote = cmd ? strchr(cmd, '"') : NULL;
        char game[16], spec[128];
        if (!quote || quote > end)
            continue;
        ck_assert_msg(sscanf(cmd, "neverodds %15s \"%127[^\"]\"", game, spec) == 2, "%.*s", len, line);
        if (!strcmp(game, "GAME")) /* the synopsis */
            continue;
        char *json = quick(game, spec);
        free(scenario(json));
        free(json);
        examples++;
    }
    ck_assert_int_ge(examples, 8);
}
END_TEST

START_TEST(errors)
{
    assert_error("armada", "2r1b medium vs shields3,2,1,0",
                 "quick notation \"2r1b medium vs shields3,2,1,0\": shields: at most 3 counts (the defended zone, "
                 "the zones beside it, the zone opposite)");
    assert_error("armada", "2r medium vs shields3,x",
                 "quick notation \"2r medium vs shields3,x\": \"shields3,x\": expected counts separated by commas, "
                 "as in \"shields3,2\"");
    assert_error("armada", "2u medium vs brace",
                 "quick notation \"2u medium vs brace\": \"2u\": unknown die colour 'u' (r red, b blue, k black)");
    assert_error("armada", "medium vs brace",
                 "quick notation \"medium vs brace\": the attacker rolls no dice: expected dice such as \"2r1b\" "
                 "(r red, b blue, k black)");
    assert_error("armada", "2r brace vs hull3",
                 "quick notation \"2r brace vs hull3\": \"brace\": a word of the defender: put it after \"vs\"");
    assert_error("xwing", "3 fx vs 2",
                 "quick notation \"3 fx vs 2\": \"fx\": unknown token letter 'x' "
                 "(f focus, l lock, c calculate, e evade, h hull, s shields)");
    assert_error("legion", "5x vs white",
                 "quick notation \"5x vs white\": \"5x\": unknown die colour 'x' (r red, b black, w white)");
    assert_error("xwing", "3 fl 2 fe",
                 "quick notation \"3 fl 2 fe\": missing \"vs\" between the attacker and the defender, "
                 "as in \"3 fl vs 2 fe r1\"");
    assert_error("legion", "5w vs white vs red",
                 "quick notation \"5w vs white vs red\": \"vs\" given twice: expected ATTACKER vs DEFENDER [OPTIONS]");
    assert_error("xwing", "", "quick notation \"\": empty: expected ATTACKER vs DEFENDER [OPTIONS], "
                 "as in \"3 fl vs 2 fe r1\"");
    assert_error("legion", " \t ", "quick notation \"\": empty: expected ATTACKER vs DEFENDER [OPTIONS], "
                 "as in \"5w hit vs white surge light\"");
    assert_error("armada2", "3 vs 2", "quick notation: unknown game \"armada2\" (xwing, xwing1, legion, armada)");
    assert_error("xwing", "3 vs 2 garbage",
                 "quick notation \"3 vs 2 garbage\": \"garbage\": unknown word (neverodds xwing --help lists them)");
    assert_error("xwing", "fl vs 2",
                 "quick notation \"fl vs 2\": \"fl\": expected the attacker's dice count first, as in \"3 fl vs 2 fe r1\"");
    assert_error("xwing", "3 vs", "quick notation \"3 vs\": nothing after \"vs\": expected the defender, "
                 "as in \"3 fl vs 2 fe r1\"");
    assert_error("xwing", "3 vs 2 3", "quick notation \"3 vs 2 3\": \"3\": a count stands after its letter or "
                 "word (f2, hull 3); only a side's first word starts with a number, its dice count");
    assert_error("xwing", "3 h3 vs 2", "quick notation \"3 h3 vs 2\": \"h3\": 'h' (hull) is a letter of the defender: "
                 "put it after \"vs\"");
    assert_error("legion", "5w vs pierce1", "quick notation \"5w vs pierce1\": \"pierce1\": a word of the attacker: "
                 "put it before \"vs\"");
    assert_error("xwing", "3 vs 2 hull", "quick notation \"3 vs 2 hull\": \"hull\": needs a number, as in "
                 "\"hull1\" or \"hull 1\"");
    assert_error("xwing", "3 vs 2 obs2", "quick notation \"3 vs 2 obs2\": \"obs2\": takes no number (\"obs\")");
    assert_error("xwing", "3 vs 2 h3 hull4", "quick notation \"3 vs 2 h3 hull4\": \"hull4\": defender.hull given twice");
    assert_error("legion", "5w hit crit vs red", "quick notation \"5w hit crit vs red\": \"crit\": attacker.surge "
                 "given twice");
    assert_error("legion", "5w vs red light heavy", "quick notation \"5w vs red light heavy\": \"heavy\": cover "
                 "given twice");
    assert_error("legion", "aim vs red", "quick notation \"aim vs red\": the attacker rolls no dice: expected a "
                 "pool such as \"5w\" or \"2r1b\", or a unit (@stormtroopers)");
    assert_error("legion", "5 vs red", "quick notation \"5 vs red\": \"5\": expected a count and a die colour, "
                 "as in \"4w2b\"");
    assert_error("xwing", "3 f99999 vs 2", "quick notation \"3 f99999 vs 2\": \"f99999\": number too large");
    /* numbers in range are the scenario parser's to check, with its messages */
    assert_parse_error("xwing", "11 vs 2", "quick: attacker.dice: expected an integer from 0 to 10, got 11");
    assert_parse_error("xwing", "3 l2 vs 2", "quick: attacker.tokens.lock: expected an integer from 0 to 1, got 2");
    assert_parse_error("legion", "21w vs white", "quick: attacker.pool.white: expected an integer from 0 to 20, got 21");
    assert_parse_error("legion", "5w vs white minis 40", "quick: defender.minis: expected an integer from 1 to 30, got 40");
    assert_parse_error("xwing1", "3 c vs 2", "quick: attacker.tokens.calculate: xwing-1e has no calculate tokens "
                       "(a second-edition token; first-edition tokens: focus, evade, lock, stress, tractor, cloak)");
}
END_TEST

Suite *suite_quick(void)
{
    Suite *s = suite_create("quick");
    TCase *tc = tcase_create("notation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, xwing_json);
    tcase_add_test(tc, legion_json);
    tcase_add_test(tc, armada_json);
    tcase_add_test(tc, same_runs);
    tcase_add_test(tc, grammar_examples);
    tcase_add_test(tc, errors);
    suite_add_tcase(s, tc);
    return s;
}
