/* check_audit_legion.c — the Legion rules an independent audit found wrong or open (issue 20,
 * items 1-7), each against a value worked by hand from the seed (seeds/002_a81f265cf8fec8c3.txt,
 * cited "L<line>") or a small enumeration below that shares no code with the engine's rules.
 *
 * Dice (shared/rules/dice.md): attack red 1 blank / 5 hit / 1 crit / 1 surge, black 3/3/1/1,
 * white 5/1/1/1; defense red 2 blank / 3 block / 1 surge, white 4/1/1. Without tokens, cover or
 * Pierce every attack die meets its own defense die, so it wounds on its own with
 * q = P(hit or crit) * P(no block): the wound count is a sum of independent Bernoullis. */
#include "helpers.h"
#include "neverodds/legion.h"
#include "neverodds/report.h"

static no_scenario *legion(const char *root, const char *atk, const char *def)
{
    return scenario_of("legion", root, atk, def);
}

static double mean_of(const char *root, const char *atk, const char *def)
{
    no_scenario *sc = legion(root, atk, def);
    no_summary s;
    exact_summary(sc, &s);
    free(sc);
    return s.mean;
}

/* ---- item 1: a Duelist defender spends a dodge with no hit to cancel (L1587, L2446) ---- */

/* Melee, one red die with surge->crit and Pierce 1, against a red defense die with surge->block,
 * one dodge, Duelist. The die shows a hit 5/8 (the dodge cancels it: no wound), a crit 2/8 (1
 * crit + 1 surge), a blank 1/8. On a crit no dodge can cancel anything, but spending it makes the
 * Duelist Immune: Pierce, so its block (4/6) stands: a wound with 2/6. Mean 2/8 * 2/6 = 1/12 (not
 * spending it, Pierce cancels the block: 2/8). The dodge is spent on a hit or a crit: 7/8. */
START_TEST(duelist_dodges_for_immune_pierce)
{
    const char *atk = "\"pool\":{\"red\":1},\"surge\":\"crit\",\"keywords\":{\"pierce\":1}";
    const char *def = "\"die\":\"red\",\"surge\":true,\"minis\":9,\"tokens\":{\"dodge\":1},"
                      "\"keywords\":{\"duelist\":true}";
    no_scenario *sc = legion(",\"attack_type\":\"melee\"", atk, def);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 1.0 / 12, 1e-12);
    ck_assert_near(s.tokens[NO_DEFENDER][NO_TOK_DODGE].spent.p, 7.0 / 8, 1e-12);
    free(sc);
    /* ranged, Duelist gives nothing (L2446 is for melee): the dodge goes on hits only, 5/8, and
     * a crit meets Pierce: 2/8 wounds */
    sc = legion("", atk, def);
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 2.0 / 8, 1e-12);
    ck_assert_near(s.tokens[NO_DEFENDER][NO_TOK_DODGE].spent.p, 5.0 / 8, 1e-12);
    free(sc);
}
END_TEST

/* ---- item 4: a vehicle gets no cover from terrain (L1888, L1900) ---- */

/* One red die with surge->hit (hit 6/8, crit 1/8) against a red defense die (blocks 3/6), heavy
 * cover from terrain. A vehicle is never obscured: no cover, mean 7/8 * 1/2 = 7/16. A trooper in
 * heavy cover cancels a hit with a block or surge on the cover die (2/6): 6/8 * 4/6 * 1/2 +
 * 1/8 * 1/2 = 5/16. A vehicle with Cover 1 has light cover from it alone (L2306): 6/8 * 5/6 *
 * 1/2 + 1/16 = 3/8. */
START_TEST(vehicle_has_no_terrain_cover)
{
    const char *atk = "\"pool\":{\"red\":1},\"surge\":\"hit\"";
    ck_assert_near(mean_of(",\"cover\":\"heavy\"", atk, "\"die\":\"red\",\"wounds\":5,\"type\":\"vehicle\""),
                   7.0 / 16, 1e-12);
    ck_assert_near(mean_of(",\"cover\":\"heavy\"", atk, "\"die\":\"red\",\"wounds\":5"), 5.0 / 16, 1e-12);
    ck_assert_near(mean_of(",\"cover\":\"heavy\"", atk,
                           "\"die\":\"red\",\"wounds\":5,\"type\":\"vehicle\",\"keywords\":{\"cover\":1}"),
                   3.0 / 8, 1e-12);
}
END_TEST

/* ---- item 5: no suppression for Courage "-" units and vehicles (L1240, L825) ---- */

static void assert_no_suppression(const no_summary *s)
{
    ck_assert_near(s->suppression[0].p, 1, 1e-12);
    for (int k = 1; k <= s->max_suppression; k++)
        ck_assert_near(s->suppression[k].p, 0, 1e-15);
}

/* A ranged red die with surge->hit leaves a hit or crit standing after step 4 with 7/8, which
 * suppresses a trooper (L1673); Suppressive adds one (L2962). Neither lands on a unit with
 * Courage "-" or on a vehicle. */
START_TEST(no_suppression_without_courage)
{
    const char *atk = "\"pool\":{\"red\":1},\"surge\":\"hit\",\"keywords\":{\"suppressive\":true}";
    no_summary s;
    no_scenario *sc = legion("", atk, "\"die\":\"white\",\"minis\":9,\"courage\":\"-\"");
    exact_summary(sc, &s);
    assert_no_suppression(&s);
    free(sc);
    sc = legion("", atk, "\"die\":\"white\",\"wounds\":9,\"type\":\"vehicle\"");
    exact_summary(sc, &s);
    assert_no_suppression(&s);
    free(sc);
    /* a trooper with Courage 1: +2 with 7/8, +1 (Suppressive alone) with 1/8 */
    sc = legion("", atk, "\"die\":\"white\",\"minis\":9");
    exact_summary(sc, &s);
    ck_assert_near(s.suppression[2].p, 7.0 / 8, 1e-12);
    ck_assert_near(s.suppression[1].p, 1.0 / 8, 1e-12);
    free(sc);
    /* the report says why it is +0 */
    sc = legion("", atk, "\"die\":\"white\",\"wounds\":9,\"type\":\"vehicle\"");
    exact_summary(sc, &s);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    no_report_text(f, sc, &s);
    fclose(f);
    ck_assert_msg(strstr(text, "(never: a vehicle, L825)") != NULL, "%s", text);
    free(text);
    free(sc);
}
END_TEST

/* In a sequence nothing carries either: Danger Sense 1 adds a defense die per suppression token
 * (L2805), so a token from the first attack would cut the second's wounds. With none, each of the
 * two ranged red dice (surge->hit) wounds with 7/8 * 5/6 = 35/48, the total 35/24. */
START_TEST(no_suppression_carries_into_danger_sense)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"minis\":1,\"wounds\":9,"
                               "\"courage\":\"-\",\"keywords\":{\"danger_sense\":1}},\"attacks\":["
                               "{\"attacker\":{\"pool\":{\"red\":1},\"surge\":\"hit\"}},"
                               "{\"attacker\":{\"pool\":{\"red\":1},\"surge\":\"hit\"}}]}");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_int_eq(s.nattacks, 2);
    ck_assert_near(s.attack[0].mean, 35.0 / 48, 1e-12);
    ck_assert_near(s.attack[1].mean, 35.0 / 48, 1e-12);
    ck_assert_near(s.mean, 35.0 / 24, 1e-12);
    assert_no_suppression(&s.attack[1]);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* ---- item 6: a Counterpart takes wounds as any miniature (L1638-L1642, L2331-L2332, L3080) ---- */

static no_scenario *unit_of(const char *miniatures)
{
    char def[512];
    snprintf(def, sizeof def, "\"die\":\"white\",\"miniatures\":[%s]", miniatures);
    return legion("", "\"pool\":{\"red\":2},\"surge\":\"crit\"", def);
}

/* Miniatures defeated by w = 1..n wounds, by the rules, worked by hand in each case below. */
static void assert_defeated(const char *miniatures, const int *want, int n)
{
    no_scenario *sc = unit_of(miniatures);
    for (int w = 1; w <= n; w++)
        ck_assert_msg(no_legion_defeated(&sc->ctx, w) == want[w - 1], "%s: %d wounds defeat %d, expected %d",
                      miniatures, w, no_legion_defeated(&sc->ctx, w), want[w - 1]);
    free(sc);
}

START_TEST(counterpart_is_an_ordinary_miniature)
{
    /* leader (1), counterpart (2), trooper (1), in that order: the counterpart, an ordinary
     * miniature listed before the trooper, takes the first two tokens; then the trooper; then
     * the leader, the last miniature (L1640) */
    static const int listed[] = {0, 1, 2, 3};
    assert_defeated("{\"leader\":true,\"wounds\":1},{\"counterpart\":true,\"wounds\":2},{\"wounds\":1}", listed, 4);
    /* a wounded counterpart (3 wounds, 1 token) listed last takes the next tokens first, as the
     * most wounded miniature (L1642): 2 tokens defeat it, then the trooper, then the leader */
    static const int wounded[] = {0, 1, 2, 3};
    assert_defeated("{\"leader\":true,\"wounds\":1},{\"wounds\":1},{\"counterpart\":true,\"wounds\":3,\"wounded\":1}",
                    wounded, 4);
    /* leader and counterpart alone: the token that would defeat the leader, the last miniature
     * that is not a counterpart, goes to the counterpart (L2332 "debe"), listed either way */
    static const int forced[] = {1, 2};
    assert_defeated("{\"leader\":true,\"wounds\":1},{\"counterpart\":true,\"wounds\":1}", forced, 2);
    assert_defeated("{\"counterpart\":true,\"wounds\":1},{\"leader\":true,\"wounds\":1}", forced, 2);
    /* a Noncombatant after the others (L3080), the counterpart among those others */
    static const int noncombatant[] = {0, 1, 2, 3};
    assert_defeated("{\"leader\":true,\"wounds\":1},{\"noncombatant\":true,\"wounds\":1},"
                    "{\"counterpart\":true,\"wounds\":2}",
                    noncombatant, 3);
}
END_TEST

/* The defeated-miniatures distribution: two red dice with surge->crit wound W ~ Bin(2, 35/48).
 * Leader (1), counterpart (2), trooper (1): one wound defeats nothing (it is on the counterpart),
 * two defeat the counterpart. P(defeated = 1) = q^2 = 1225/2304. */
START_TEST(counterpart_defeated_distribution)
{
    no_scenario *sc = unit_of("{\"leader\":true,\"wounds\":1},{\"counterpart\":true,\"wounds\":2},{\"wounds\":1}");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.defeated[1].p, 1225.0 / 2304, 1e-12);
    ck_assert_near(s.defeated[0].p, 1 - 1225.0 / 2304, 1e-12);
    ck_assert_near(s.mean, 2 * 35.0 / 48, 1e-12); /* the wounds themselves never changed */
    free(sc);
}
END_TEST

/* ---- bad input ---- */

START_TEST(audit_errors)
{
    static const struct { const char *json, *want; } bad[] = {
        {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":1}},"
         "\"defender\":{\"die\":\"white\",\"type\":\"vehicle\",\"tokens\":{\"suppression\":1}}}",
         "test.json: defender.tokens.suppression: a vehicle never holds suppression tokens (L825)"},
        {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":1}},"
         "\"defender\":{\"die\":\"white\",\"courage\":\"-\",\"tokens\":{\"suppression\":2}}}",
         "test.json: defender.tokens.suppression: a unit with Courage \"-\" never holds suppression tokens (L1240)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        no_scenario *sc = malloc(sizeof *sc);
        char err[NO_ERR_LEN];
        ck_assert_int_ne(no_scenario_parse(bad[i].json, "test.json", sc, err, sizeof err), 0);
        ck_assert_str_eq(err, bad[i].want);
        free(sc);
    }
}
END_TEST

Suite *suite_audit_legion(void)
{
    Suite *s = suite_create("audit_legion");
    TCase *t = tcase_create("audit_legion");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, duelist_dodges_for_immune_pierce);
    tcase_add_test(t, vehicle_has_no_terrain_cover);
    tcase_add_test(t, no_suppression_without_courage);
    tcase_add_test(t, no_suppression_carries_into_danger_sense);
    tcase_add_test(t, counterpart_is_an_ordinary_miniature);
    tcase_add_test(t, counterpart_defeated_distribution);
    tcase_add_test(t, audit_errors);
    suite_add_tcase(s, t);
    return s;
}
