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

/* P(W = k), k = 0..n, for W the number of successes of independent trials with chances q[0..n). */
static void bernoulli_sum(const double *q, int n, double *pmf)
{
    pmf[0] = 1;
    for (int i = 0; i < n; i++) {
        pmf[i + 1] = 0;
        for (int k = i + 1; k >= 0; k--)
            pmf[k] = pmf[k] * (1 - q[i]) + (k ? pmf[k - 1] * q[i] : 0);
    }
}

/* Per-die wound chances against a white defense die without surges (blocks 1/6). */
#define Q_RED (6.0 / 8 * 5 / 6)   /* 15/24 */
#define Q_BLACK (4.0 / 8 * 5 / 6) /* 10/24 */
#define Q_WHITE (2.0 / 8 * 5 / 6) /* 5/24 */

/* Forced dice, as check_legion.c's walk: attack "rH bC wS" (colour r/b/w, result
 * Blank/Hit/Crit/Surge), then cover and defense dice "wK rB" (Blank/blocK/Surge). */
static no_state walk(no_scenario *sc, const char *attack, const char *defense)
{
    uint8_t faces[64];
    int n = 0;
    for (const char *p = attack; *p; p++)
        if (*p != ' ') {
            int colour = p[0] == 'r' ? LG_RED : p[0] == 'b' ? LG_BLACK : LG_WHITE;
            faces[n++] = (uint8_t)LG_FACE(colour, (int)(strchr("BHCS", p[1]) - "BHCS"));
            p++;
        }
    for (const char *p = defense; *p; p++)
        if (*p != ' ') {
            int colour = p[0] == 'r' ? LG_DEF_RED : LG_DEF_WHITE;
            faces[n++] = (uint8_t)LG_DFACE(colour, (int)(strchr("BKS", p[1]) - "BKS"));
            p++;
        }
    return walk_faces(sc, faces, n, attack);
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

/* ---- item 2: the attacker chooses which dice Anti-Personnel upgrades (L1567, L2893) ---- */

/* One white and one black die with Anti-Personnel 1 against one 1-wound miniature (white defense
 * die): white->black rolls 2 black, P(a wound) = 1 - (1 - 10/24)^2 = 95/144; black->red rolls
 * white + red, 1 - (19/24)(9/24) = 45/64, which the attacker takes. */
START_TEST(anti_personnel_upgrade_is_chosen)
{
    const char *def = "\"die\":\"white\",\"minis\":1,\"wounds\":1";
    ck_assert_near(mean_of("", "\"pool\":{\"white\":1,\"black\":1},\"keywords\":{\"anti_personnel\":1}", def),
                   45.0 / 64, 1e-12);
    /* the same weapon by "weapons" */
    ck_assert_near(mean_of("", "\"weapons\":[{\"dice\":{\"white\":1,\"black\":1},\"keywords\":{\"anti_personnel\":1}}]",
                           def), 45.0 / 64, 1e-12);
    /* Anti-Materiel against a vehicle, the same choice (L2889) */
    ck_assert_near(mean_of("", "\"pool\":{\"white\":1,\"black\":1},\"keywords\":{\"anti_materiel\":1}",
                           "\"die\":\"white\",\"minis\":1,\"wounds\":1,\"type\":\"vehicle\""), 45.0 / 64, 1e-12);
}
END_TEST

/* Two white and one black die with Anti-Personnel 1 against two 1-wound miniatures: white->black
 * gives 2 black + 1 white, black->red 1 red + 2 white. The goal decides (enumerated below):
 * per attack the mean wounds, E[min(W, 2)], is higher with black->red; under "optimal" with goal
 * kill, P(W >= 2) is higher with white->black. */
START_TEST(anti_personnel_choice_serves_the_goal)
{
    double qa[3] = {Q_BLACK, Q_BLACK, Q_WHITE}, qb[3] = {Q_RED, Q_WHITE, Q_WHITE}, pa[4], pb[4];
    bernoulli_sum(qa, 3, pa);
    bernoulli_sum(qb, 3, pb);
    double mean_a = pa[1] + 2 * (pa[2] + pa[3]), mean_b = pb[1] + 2 * (pb[2] + pb[3]);
    double kill_a = pa[2] + pa[3], kill_b = pb[2] + pb[3];
    ck_assert(mean_b > mean_a + 1e-3 && kill_a > kill_b + 1e-3); /* the two goals disagree */
    ck_assert_near(mean_b, 14025.0 / 13824, 1e-12);              /* by hand: (7125 + 2 * 3450) / 24^3 */
    ck_assert_near(kill_a, 3800.0 / 13824, 1e-12);                /* 1 - (3724 + 6300) / 24^3 */
    const char *atk = "\"pool\":{\"white\":2,\"black\":1},\"keywords\":{\"anti_personnel\":1}";
    const char *def = "\"die\":\"white\",\"minis\":2,\"wounds\":1";
    no_scenario *sc = legion("", atk, def);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, mean_b, 1e-12);
    ck_assert_near(s.kill.p, kill_b, 1e-12);
    free(sc);
    sc = legion(",\"policy\":\"optimal\",\"goal\":\"kill\"", atk, def);
    exact_summary(sc, &s);
    ck_assert_near(s.kill.p, kill_a, 1e-12);
    ck_assert_near(s.mean, mean_a, 1e-12);
    free(sc);
    /* one way only (no white die): no choice, the pool is formed at once, red as the die rolls */
    sc = legion("", "\"pool\":{\"black\":1},\"keywords\":{\"anti_personnel\":1}", def);
    ck_assert_int_eq(walk(sc, "rH", "wB").damage, 1);
    free(sc);
}
END_TEST

/* ---- item 3: the ranged cap is the combined wound thresholds in line of sight (L1638) ---- */

/* Two 3-wound miniatures, one in line of sight with 2 wound tokens on it; two red dice with
 * surge->crit (a wound each with q = 7/8 * 5/6 = 35/48). As written the cap is that miniature's
 * threshold, 3, so both wounds count: mean 2q = 35/24. Read as what it can still take, the cap
 * is 1: mean 1 - (13/48)^2 = 2135/2304. */
START_TEST(los_cap_is_the_thresholds)
{
    const char *atk = "\"pool\":{\"red\":2},\"surge\":\"crit\"";
    const char *def = "\"die\":\"white\",\"minis\":2,\"wounds\":3,\"wounded\":2,\"in_los\":1";
    ck_assert_near(mean_of("", atk, def), 35.0 / 24, 1e-12);
    ck_assert_near(mean_of(",\"rule_options\":{\"los_cap\":\"thresholds\"}", atk, def), 35.0 / 24, 1e-12);
    ck_assert_near(mean_of(",\"rule_options\":{\"los_cap\":\"remaining\"}", atk, def), 2135.0 / 2304, 1e-12);
    /* never more than the unit can take: in sight, 3 + 3 thresholds, but 1 + 3 wounds left, and
     * five red dice; P(5 wounds) under no cap would be (35/48)^5 */
    no_scenario *sc = legion("", "\"pool\":{\"red\":5},\"surge\":\"crit\"",
                             "\"die\":\"white\",\"minis\":2,\"wounds\":3,\"wounded\":2");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_int_eq(s.max_damage, 4);
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

/* ---- item 7: Primitive and a later Ram crit (L3000), Ion X and cover (L2982): switches ---- */

/* One red die without a surge chart, Ram 1 and Primitive, against Armor (every hit) and a white
 * defense die. After Impact (none) Primitive turns crits to hits; Ram then makes any die a crit:
 * by default (a later Ram crit stands) every roll ends as one crit, a wound with 5/6. Read as
 * "every crit of the attack", Ram's crit becomes a hit too, and Armor cancels it: 0. */
START_TEST(primitive_and_a_later_ram_crit)
{
    const char *atk = "\"pool\":{\"red\":1},\"keywords\":{\"ram\":1,\"primitive\":true}";
    const char *def = "\"die\":\"white\",\"minis\":9,\"keywords\":{\"armor\":true}";
    ck_assert_near(mean_of("", atk, def), 5.0 / 6, 1e-12);
    ck_assert_near(mean_of(",\"rule_options\":{\"primitive\":\"after_impact\"}", atk, def), 5.0 / 6, 1e-12);
    ck_assert_near(mean_of(",\"rule_options\":{\"primitive\":\"every_crit\"}", atk, def), 0, 1e-15);
    /* without Armor Primitive does nothing (L3000) and Ram's crit stands either way */
    ck_assert_near(mean_of(",\"rule_options\":{\"primitive\":\"every_crit\"}", atk, "\"die\":\"white\",\"minis\":9"),
                   5.0 / 6, 1e-12);
    /* a sequence reads the switch for every attack */
    no_scenario *sc = scenario("{\"game\":\"legion\",\"rule_options\":{\"primitive\":\"every_crit\"},"
                               "\"defender\":{\"die\":\"white\",\"minis\":9,\"keywords\":{\"armor\":true}},\"attacks\":["
                               "{\"attacker\":{\"pool\":{\"red\":1},\"keywords\":{\"ram\":1,\"primitive\":true}}},"
                               "{\"attacker\":{\"pool\":{\"red\":1},\"keywords\":{\"ram\":1,\"primitive\":true}}}]}");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 0, 1e-15);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* Two red hits, Ion 2, against 2 shields in light cover; the cover dice show a block and a blank,
 * so one hit is cancelled. Counting the hits standing at step 6 (default), Ion flips 1 shield and
 * the other cancels the last hit: no defense die, 0 wounds. Counting the hits of the attack roll,
 * Ion flips both: the hit meets a defense die (a blank): 1 wound. */
START_TEST(ion_counts_before_or_after_cover)
{
    const char *atk = "\"pool\":{\"red\":2},\"keywords\":{\"ion\":2}";
    const char *def = "\"die\":\"white\",\"minis\":9,\"tokens\":{\"shield\":2}";
    no_scenario *sc = legion(",\"cover\":\"light\"", atk, def);
    no_state s = walk(sc, "rH rH", "wK wB");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_SHIELD], 0);
    free(sc);
    sc = legion(",\"cover\":\"light\",\"rule_options\":{\"ion\":\"standing\"}", atk, def);
    ck_assert_int_eq(walk(sc, "rH rH", "wK wB").damage, 0);
    free(sc);
    sc = legion(",\"cover\":\"light\",\"rule_options\":{\"ion\":\"rolled\"}", atk, def);
    s = walk(sc, "rH rH", "wK wB wB");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_SHIELD], 0);
    free(sc);
}
END_TEST

/* ---- bad input ---- */

START_TEST(audit_errors)
{
    static const struct { const char *json, *want; } bad[] = {
        {"{\"game\":\"legion\",\"rule_options\":{\"ion\":\"after\"},\"attacker\":{\"pool\":{\"red\":1}},"
         "\"defender\":{\"die\":\"white\"}}",
         "test.json: rule_options.ion: expected a reading of L2982 (one of: standing, rolled), got \"after\""},
        {"{\"game\":\"legion\",\"rule_options\":{\"los\":1},\"attacker\":{\"pool\":{\"red\":1}},"
         "\"defender\":{\"die\":\"white\"}}",
         "test.json: rule_options.los: unknown key (expected one of: los_cap, primitive, ion)"},
        {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":1}},"
         "\"defender\":{\"die\":\"white\",\"type\":\"vehicle\",\"tokens\":{\"suppression\":1}}}",
         "test.json: defender.tokens.suppression: a vehicle never holds suppression tokens (L825)"},
        {"{\"game\":\"legion\",\"attacker\":{\"pool\":{\"red\":1}},"
         "\"defender\":{\"die\":\"white\",\"courage\":\"-\",\"tokens\":{\"suppression\":2}}}",
         "test.json: defender.tokens.suppression: a unit with Courage \"-\" never holds suppression tokens (L1240)"},
        {"{\"game\":\"legion\",\"attacker\":{\"weapons\":["
         "{\"dice\":{\"white\":1,\"black\":1},\"keywords\":{\"anti_personnel\":1}},"
         "{\"dice\":{\"white\":1,\"black\":1},\"keywords\":{\"anti_personnel\":1}},"
         "{\"dice\":{\"white\":1,\"black\":1},\"keywords\":{\"anti_personnel\":1}},"
         "{\"dice\":{\"white\":1,\"black\":1},\"keywords\":{\"anti_personnel\":1}}]},\"defender\":{\"die\":\"white\"}}",
         "test.json: attacker.weapons[3]: at most 3 weapons of a pool whose Anti-Personnel / Anti-Materiel leaves "
         "a choice of dice in this version"},
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
    tcase_add_test(t, anti_personnel_upgrade_is_chosen);
    tcase_add_test(t, anti_personnel_choice_serves_the_goal);
    tcase_add_test(t, los_cap_is_the_thresholds);
    tcase_add_test(t, vehicle_has_no_terrain_cover);
    tcase_add_test(t, no_suppression_without_courage);
    tcase_add_test(t, no_suppression_carries_into_danger_sense);
    tcase_add_test(t, counterpart_is_an_ordinary_miniature);
    tcase_add_test(t, counterpart_defeated_distribution);
    tcase_add_test(t, primitive_and_a_later_ram_crit);
    tcase_add_test(t, ion_counts_before_or_after_cover);
    tcase_add_test(t, audit_errors);
    suite_add_tcase(s, t);
    return s;
}
