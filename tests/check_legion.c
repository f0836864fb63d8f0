/* check_legion.c — Legion: the golden value, an independent closed form, the worked
 * examples T1-T6 of shared/rules/legion-rules.md (section 7) and its ordering traps (section 8.2),
 * each as a test that fails if the step acts at the wrong time. */
#include "helpers.h"
#include "neverodds/legion.h"
#include "neverodds/modifier.h"
#include <math.h>
#include <stdio.h>

static no_scenario *legion(const char *root, const char *atk, const char *def)
{
    return scenario_of("legion", root, atk, def);
}

/* Rolls forced dice, in the order the attack rolls them: attack dice ("rH bC wS": colour
 * r/b/w, result Blank/Hit/Crit/Surge; red, then black, then white; then rerolls), then cover and
 * defense dice ("wK rB": colour w/r, result Blank/blocK/Surge). Returns the final state, dice kept. */
static no_state walk(no_scenario *sc, const char *attack, const char *defense)
{
    uint8_t faces[64];
    int n = 0;
    for (const char *p = attack; *p; p++) {
        if (*p == ' ')
            continue;
        int colour = p[0] == 'r' ? LG_RED : p[0] == 'b' ? LG_BLACK : LG_WHITE;
        faces[n++] = (uint8_t)LG_FACE(colour, (int)(strchr("BHCS", p[1]) - "BHCS"));
        p++;
    }
    for (const char *p = defense; *p; p++) {
        if (*p == ' ')
            continue;
        int colour = p[0] == 'r' ? LG_DEF_RED : LG_DEF_WHITE;
        faces[n++] = (uint8_t)LG_DFACE(colour, (int)(strchr("BKS", p[1]) - "BKS"));
        p++;
    }
    char what[160];
    snprintf(what, sizeof what, "'%s' / '%s'", attack, defense);
    return walk_faces(sc, faces, n, what);
}

static int attack_face(const no_state *s, int result) { return dice(s, NO_POOL_ATTACK, result); }

START_TEST(golden_five_white_dice)
{
    no_scenario *sc = legion("", "\"pool\":{\"white\":5}", "\"die\":\"white\",\"minis\":10");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 25.0 / 24, 1e-12);
    free(sc);
}
END_TEST

/* A defender given without minis, wounds or a unit (issue #23): no unit takes the wounds
 * (L1634-L1646), so the attack's wounds (L1628) are all counted and there is no P(unit wiped).
 * 5 white dice, surge->hit, against a white defense die with surge->block in light cover, worked
 * by hand from shared/rules/dice.md and the seed:
 *   white attack die: 5 blank, 1 hit, 1 crit, 1 surge of 8; the chart turns the surge into a hit
 *     (L1555): P(hit) = 2/8 = 1/4, P(crit) = 1/8.
 *   light cover: one white defense die per hit (L1583, crits meet none); each block cancels one hit
 *     (L1585; a surge only in heavy cover). White defense die: 4 blank, 1 block, 1 surge of 6, so
 *     a hit gets through cover with 5/6.
 *   defense: one white die per hit and crit left (L1609), surge->block (L1612): P(block) = 2/6, so
 *     each result wounds with 2/3 (L1628: one block cancels one result).
 *   Each die meets its own cover and defense die, so it wounds on its own with
 *     p = (1/4 * 5/6 + 1/8) * 2/3 = (5/24 + 3/24) * 2/3 = 1/3 * 2/3 = 2/9,
 *   wounds ~ Binomial(5, 2/9), mean 5 * 2/9 = 10/9 = 1.1111111111.
 *   The old default of 1 mini x 1 wound capped it at 1: P(W >= 1) = 1 - (7/9)^5 = 42242/59049
 *   = 0.7153719792, the figure the README printed. */
static double no_unit_binomial(int k)
{
    static const int choose[6] = {1, 5, 10, 10, 5, 1};
    return choose[k] * pow(2.0 / 9, k) * pow(7.0 / 9, 5 - k);
}

START_TEST(no_unit_given_wounds_not_capped)
{
    const char *root = ",\"cover\":\"light\"", *atk = "\"pool\":{\"white\":5},\"surge\":\"hit\"";
    no_scenario *sc = legion(root, atk, "\"die\":\"white\",\"surge\":true");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 10.0 / 9, 1e-12);
    ck_assert_int_eq(s.max_damage, 5);
    for (int k = 0; k <= 5; k++)
        ck_assert_msg(fabs(s.pmf[k].p - no_unit_binomial(k)) < 1e-12, "P(%d) %.15f", k, s.pmf[k].p);
    ck_assert_int_eq(s.has_kill, 0);
    ck_assert_near(s.defeated[0].p, 1, 1e-12); /* no miniature to defeat */
    free(sc);
    /* the quick notation is the same scenario (the README's example) */
    char *json = NULL, err[NO_ERR_LEN];
    ck_assert_int_eq(no_quick_json("legion", "5w hit vs white surge light", &json, err, sizeof err), 0);
    sc = scenario(json);
    free(json);
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 10.0 / 9, 1e-12);
    ck_assert_int_eq(s.has_kill, 0);
    free(sc);
    /* 2 minis x 1 wound take at most 2 (L1638): P(W = 0) = (7/9)^5 = 16807/59049,
     * P(W = 1) = 5 * 2/9 * (7/9)^4 = 24010/59049, so P(W >= 2) = 18232/59049 (the unit wiped) and
     * E[min(W, 2)] = P(W >= 1) + P(W >= 2) = 42242/59049 + 18232/59049 = 60474/59049 */
    sc = legion(root, atk, "\"die\":\"white\",\"surge\":true,\"minis\":2,\"wounds\":1");
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 60474.0 / 59049, 1e-12);
    ck_assert_int_eq(s.max_damage, 2);
    ck_assert_int_eq(s.has_kill, 1);
    ck_assert_near(s.kill.p, 18232.0 / 59049, 1e-12);
    ck_assert_near(s.defeated[2].p, 18232.0 / 59049, 1e-12);
    free(sc);
    /* wounds alone gives the health too (1 mini x 2 wounds): the same cap of 2 */
    sc = legion(root, atk, "\"die\":\"white\",\"surge\":true,\"wounds\":2");
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 60474.0 / 59049, 1e-12);
    ck_assert_near(s.kill.p, 18232.0 / 59049, 1e-12);
    free(sc);
}
END_TEST

/* Without a unit, nothing is destroyed between attacks: with Courage "-" (no suppression to raise
 * the cover), two of the attacks above are both made and deal 2 * 10/9 = 20/9. A vehicle's
 * wounds still add up towards its Resilience (L1861): one red die (5 hits, 1 crit of 8), no cover
 * for a vehicle (L1888), a white die without surge blocks 1/6: each attack wounds with
 * 6/8 * 5/6 = 5/8, and Resilience 2 is reached in the second attack when both wound, 25/64. A
 * guardian with no minis or wounds (L2529) has its wounds not capped either: Guardian 2 takes
 * min(H, 2) of 3 red dice's hits H ~ Binomial(3, 5/8), E[min(H, 2)] = P(H >= 1) + P(H >= 2) =
 * (1 - 27/512) + (1 - 27/512 - 135/512) = 835/512, and wounds on each blank or surge of its white
 * die without a chart, 5/6: 835/512 * 5/6 = 4175/3072 (1 mini x 1 wound capped it at 1). */
START_TEST(no_unit_given_in_sequences_and_guardians)
{
    const char *attack = "{\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":5},\"surge\":\"hit\"}}";
    char json[512];
    snprintf(json, sizeof json, "{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"surge\":true,"
             "\"courage\":\"-\"},\"attacks\":[%s,%s]}", attack, attack);
    no_scenario *sc = scenario(json);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 20.0 / 9, 1e-12);
    ck_assert_near(s.attack[1].made, 1, 1e-12);
    ck_assert_int_eq(s.has_kill, 0);
    no_summary_free(&s);
    free(sc);
    const char *red = "{\"attacker\":{\"pool\":{\"red\":1}}}";
    snprintf(json, sizeof json, "{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"type\":\"vehicle\","
             "\"resilience\":2},\"attacks\":[%s,%s]}", red, red);
    sc = scenario(json);
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 2 * 5.0 / 8, 1e-12);
    ck_assert_near(s.attack[0].vehicle_damage.p, 0, 1e-12);
    ck_assert_near(s.attack[1].vehicle_damage.p, 25.0 / 64, 1e-12);
    no_summary_free(&s);
    free(sc);
    sc = legion("", "\"pool\":{\"red\":3}", "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":2,\"die\":\"white\"}");
    exact_summary(sc, &s);
    ck_assert_near(s.guardian_mean, 4175.0 / 3072, 1e-12);
    free(sc);
}
END_TEST

/* Without tokens, Pierce or dodges, every attack die meets its own cover die and defense die, so
 * each die wounds independently: P = P(hit) P(cover misses) P(no block) + P(crit) P(no block).
 * The wound count is then a sum of Bernoullis: the closed form is their convolution. */
START_TEST(independent_dice_closed_form)
{
    static const char *const charts[] = {"none", "hit", "crit"}, *const covers[] = {"none", "light", "heavy"};
    static const double hit[3] = {5, 3, 1}; /* hits per 8 sides: red, black, white */
    for (int chart = 0; chart < 3; chart++)
        for (int cover = 0; cover < 3; cover++)
            for (int red_def = 0; red_def <= 1; red_def++)
                for (int dsurge = 0; dsurge <= 1; dsurge++) {
                    int pool[3] = {1, 2, 2};
                    char atk[128], def[128], root[64];
                    snprintf(atk, sizeof atk, "\"pool\":{\"red\":%d,\"black\":%d,\"white\":%d},\"surge\":\"%s\"",
                             pool[0], pool[1], pool[2], charts[chart]);
                    snprintf(def, sizeof def, "\"die\":\"%s\",\"surge\":%s,\"minis\":9",
                             red_def ? "red" : "white", dsurge ? "true" : "false");
                    snprintf(root, sizeof root, ",\"cover\":\"%s\"", covers[cover]);
                    no_scenario *sc = legion(root, atk, def);
                    no_summary s;
                    exact_summary(sc, &s);
                    double block = red_def ? (dsurge ? 4.0 : 3.0) / 6 : (dsurge ? 2.0 : 1.0) / 6;
                    double cover_cancel = cover == 0 ? 0 : cover == 1 ? 1.0 / 6 : 2.0 / 6;
                    double pmf[8] = {1};
                    int n = 0;
                    for (int c = 0; c < 3; c++)
                        for (int d = 0; d < pool[c]; d++) {
                            double ph = (hit[c] + (chart == 1)) / 8, pc = (1.0 + (chart == 2)) / 8;
                            double p = (ph * (1 - cover_cancel) + pc) * (1 - block);
                            for (int k = ++n; k >= 0; k--)
                                pmf[k] = pmf[k] * (1 - p) + (k ? pmf[k - 1] * p : 0);
                        }
                    for (int k = 0; k <= n; k++)
                        ck_assert_msg(fabs((k <= s.max_damage ? s.pmf[k].p : 0) - pmf[k]) < 1e-12,
                                      "chart %s cover %s %s%s: P(%d) %.15f vs %.15f", charts[chart],
                                      covers[cover], red_def ? "red" : "white", dsurge ? "+surge" : "",
                                      k, s.pmf[k].p, pmf[k]);
                    free(sc);
                }
}
END_TEST

/* T1 (L1557-L1559): 5 white dice, 1 aim, surge->hit. Roll C H S B B; the aim rerolls both
 * blanks together -> S B; convert -> 1 crit, 3 hits, 1 blank. */
START_TEST(t1_roll_attack_dice)
{
    no_scenario *sc = legion("", "\"pool\":{\"white\":5},\"surge\":\"hit\",\"tokens\":{\"aim\":1}",
                             "\"die\":\"white\",\"minis\":9");
    no_state s = walk(sc, "wC wH wS wB wB  wS wB", "wB wB wB wB");
    ck_assert_int_eq(attack_face(&s, LG_CRIT), 1);
    ck_assert_int_eq(attack_face(&s, LG_HIT), 3);
    ck_assert_int_eq(attack_face(&s, LG_BLANK), 1);
    free(sc);
    /* without the chart the surges become blanks: 1 crit, 1 hit; the aim rerolls a surge too */
    sc = legion("", "\"pool\":{\"white\":5}", "\"die\":\"white\",\"minis\":9");
    s = walk(sc, "wC wH wS wB wB", "wB wB");
    ck_assert_int_eq(attack_face(&s, LG_BLANK), 3);
    free(sc);
}
END_TEST

/* T2 (L1589-L1599): 1 crit + 3 hits into heavy cover; cover pool 3 white dice: blank, 2 surges;
 * heavy cancels a hit per block and per surge -> 1 crit + 1 hit. */
/* Issue #23 item 7: the report says what was applied. Rebel Troopers (Courage 1 in the library)
 * holding 2 suppression tokens are suppressed (2 >= 1), which raises their cover one grade
 * (L1581); the grade is never above heavy (L796: increases first, then the cap); then
 * Sharpshooter 1 takes one grade off (L2835). So light cover gives light + 1 = heavy, - 1 = light;
 * heavy cover gives heavy + 1, capped at heavy, - 1 = light (had the decrease come before the cap,
 * 2 + 1 - 1 = 2 would leave it heavy). The header names both units and every keyword: the
 * Stormtroopers' Precise 1 (from the unit card) and the scenario's Sharpshooter 1. */
static char *report_of(no_scenario *sc, int json)
{
    no_summary s;
    exact_summary(sc, &s);
    if (json)
        return no_report_json(sc, &s);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    no_report_text(f, sc, &s);
    fclose(f);
    return text;
}

START_TEST(report_says_what_was_applied)
{
    static const char *const given[] = {"light", "heavy"};
    static const char *const text_expected[] = {
        "cover:    light (given), +1 from suppression (2 tokens, Courage 1, L1581) = heavy, -1 Sharpshooter 1 "
        "(L2835) = light",
        "cover:    heavy (given), +1 from suppression (2 tokens, Courage 1, L1581) = heavy (capped: heavy at most, "
        "L796), -1 Sharpshooter 1 (L2835) = light"};
    for (int g = 0; g < 2; g++) {
        char root[64];
        snprintf(root, sizeof root, ",\"cover\":\"%s\"", given[g]);
        no_scenario *sc = legion(root, "\"unit\":\"stormtroopers\",\"keywords\":{\"sharpshooter\":1}",
                                 "\"unit\":\"rebeltroopers\",\"tokens\":{\"suppression\":2}");
        char *text = report_of(sc, 0);
        ck_assert_msg(strstr(text, text_expected[g]) != NULL, "%s", text);
        ck_assert_msg(strstr(text, "attacker: Stormtroopers (unit stormtroopers)\n") != NULL, "%s", text);
        ck_assert_msg(strstr(text, "defender: Rebel Troopers (unit rebeltroopers)\n") != NULL, "%s", text);
        ck_assert_msg(strstr(text, "keywords: attacker sharpshooter 1, precise 1; defender none") != NULL, "%s", text);
        free(text);
        char *js = report_of(sc, 1);
        cJSON *j = cJSON_Parse(js), *cover = cJSON_GetObjectItem(j, "cover");
        ck_assert_ptr_nonnull(cover);
        ck_assert_str_eq(cJSON_GetObjectItem(cover, "given")->valuestring, given[g]);
        ck_assert_int_eq(cJSON_GetObjectItem(cover, "suppression")->valueint, 1);
        ck_assert_int_eq(cJSON_IsTrue(cJSON_GetObjectItem(cover, "capped")), g == 1);
        ck_assert_int_eq(cJSON_GetObjectItem(cover, "sharpshooter")->valueint, 1);
        ck_assert_str_eq(cJSON_GetObjectItem(cover, "effective")->valuestring, "light");
        ck_assert_int_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "keywords"), "attacker"),
                                             "precise")->valueint, 1);
        ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "who"), "defender")->valuestring,
                         "Rebel Troopers (unit rebeltroopers)");
        cJSON_Delete(j);
        free(js);
        free(sc);
    }
}
END_TEST

START_TEST(t2_heavy_cover)
{
    no_scenario *sc = legion(",\"cover\":\"heavy\"", "\"pool\":{\"red\":4}", "\"die\":\"white\",\"minis\":9");
    no_state s = walk(sc, "rC rH rH rH", "wB wS wS  wB wB");
    ck_assert_int_eq(attack_face(&s, LG_CRIT), 1);
    ck_assert_int_eq(attack_face(&s, LG_HIT), 1);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
    /* light cover reads only blocks: the same cover dice cancel nothing */
    sc = legion(",\"cover\":\"light\"", "\"pool\":{\"red\":4}", "\"die\":\"white\",\"minis\":9");
    s = walk(sc, "rC rH rH rH", "wB wS wS  wB wB wB wB");
    ck_assert_int_eq(s.damage, 4);
    free(sc);
}
END_TEST

/* T3-T4 (L1614-L1632): 1 crit + 1 hit; white dice without surge->block roll block + surge:
 * the surge is a blank, 1 wound. */
START_TEST(t3_t4_defense_roll_and_compare)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":2}", "\"die\":\"white\",\"minis\":9");
    no_state s = walk(sc, "rC rH", "wK wS");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, LG_D_BLOCK), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, LG_D_BLANK), 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

/* T5 (L1665-L1669): wound assignment. */
START_TEST(t5_wound_assignment)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":5,\"wounds\":1");
    ck_assert_int_eq(no_legion_defeated(&sc->ctx, 3), 3);
    free(sc);
    sc = legion("", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":3,\"wounds\":3");
    ck_assert_int_eq(no_legion_defeated(&sc->ctx, 4), 1); /* 3 on one Wookiee, 1 on the next */
    ck_assert_int_eq(no_legion_defeated(&sc->ctx, 5), 1);
    ck_assert_int_eq(no_legion_defeated(&sc->ctx, 6), 2);
    free(sc);
    /* a wounded miniature takes wounds first (L1642): 1 wound already, 2 more defeat it */
    sc = legion("", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":3,\"wounds\":3,\"wounded\":1");
    ck_assert_int_eq(no_legion_defeated(&sc->ctx, 2), 1);
    ck_assert_int_eq(no_legion_defeated(&sc->ctx, 1), 0);
    free(sc);
}
END_TEST


/* Miniatures defeated by 0, 1, 2... wounds for a "miniatures" list, against the expected table. */
static void assert_defeated(const char *minis, const int *expected, int n)
{
    char def[512];
    snprintf(def, sizeof def, "\"die\":\"white\",\"miniatures\":[%s]", minis);
    no_scenario *sc = legion("", "\"pool\":{\"red\":1}", def);
    for (int w = 0; w < n; w++)
        ck_assert_msg(no_legion_defeated(&sc->ctx, w) == expected[w], "%s: %d wounds defeat %d, expected %d",
                      minis, w, no_legion_defeated(&sc->ctx, w), expected[w]);
    free(sc);
}

/* Units whose miniatures differ (L1634-L1646, L2330-L2338, L3078-L3080). */
START_TEST(mixed_miniatures_take_wounds_in_the_rules_order)
{
    /* the leader (2 wounds) last: three troopers first */
    assert_defeated("{\"wounds\":2,\"leader\":true},{\"wounds\":1,\"count\":3}", (int[]){0, 1, 2, 3, 3, 4}, 6);
    /* the most-wounded first, even with a bigger threshold; the first listed leads */
    assert_defeated("{\"wounds\":3},{\"wounds\":1,\"count\":2},{\"wounds\":3,\"wounded\":1}",
                    (int[]){0, 0, 1, 2, 3, 3, 3, 4}, 8);
    /* Noncombatant: the others first, the leader last */
    assert_defeated("{\"wounds\":1,\"leader\":true},{\"wounds\":1,\"noncombatant\":true},{\"wounds\":2}",
                    (int[]){0, 0, 1, 2, 3}, 5);
    /* ...but a wounded noncombatant before the unwounded */
    assert_defeated("{\"wounds\":1,\"leader\":true},{\"wounds\":2,\"noncombatant\":true,\"wounded\":1},{\"wounds\":1}",
                    (int[]){0, 1, 2, 3}, 4);
    /* Counterpart: the leader may be wounded as the only other miniature, and the token that
     * would defeat it goes to the counterpart instead, until the counterpart falls */
    assert_defeated("{\"wounds\":5,\"leader\":true},{\"wounds\":3,\"counterpart\":true}",
                    (int[]){0, 0, 0, 0, 0, 0, 0, 1, 2}, 9);
    /* the uniform keys give the same table as the list they stand for */
    no_scenario *sc = legion("", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":3,\"wounds\":3,\"wounded\":1");
    ck_assert_int_eq(sc->ctx.kw[NO_DEFENDER][LK_HEALTH], 8);
    free(sc);
    assert_defeated("{\"wounds\":3},{\"wounds\":3,\"wounded\":1},{\"wounds\":3}", (int[]){0, 0, 1, 1, 1, 2, 2, 2, 3}, 9);
}
END_TEST

/* Exact kill statistics with a 2-wound leader and a 1-wound trooper: 3 red dice, no surges,
 * against white dice without surges, so each die wounds alone with p = 6/8 * 5/6 = 5/8 and the
 * wounds are Binomial(3, 5/8). One or two wounds defeat the trooper (the leader is last), three
 * wipe the unit. A leader taking wounds first would make P(1 defeated) = P(w = 2) only. */
START_TEST(mixed_miniatures_exact_kill_statistics)
{
    no_scenario *sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":3}",
                             "\"die\":\"white\",\"miniatures\":[{\"wounds\":2,\"leader\":true},{\"wounds\":1}]");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.defeated[0].p, 27.0 / 512, 1e-12);
    ck_assert_near(s.defeated[1].p, 360.0 / 512, 1e-12);
    ck_assert_near(s.kill.p, 125.0 / 512, 1e-12);
    ck_assert_near(s.mean, 3 * 5.0 / 8, 1e-12);
    free(sc);
    /* line of sight: a ranged attack that sees only the trooper deals at most its 1 wound (L1638) */
    sc = legion("", "\"pool\":{\"red\":3}",
                "\"die\":\"white\",\"miniatures\":[{\"wounds\":2,\"leader\":true,\"in_los\":false},{\"wounds\":1}]");
    exact_summary(sc, &s);
    ck_assert_int_eq(s.max_damage, 1);
    ck_assert_near(s.pmf[1].p, 1 - 27.0 / 512, 1e-12);
    ck_assert_near(s.kill.p, 0, 1e-15);
    free(sc);
}
END_TEST

/* T6 (L1681-L1711): the full example. */
START_TEST(t6_full_attack)
{
    no_scenario *sc = legion(",\"cover\":\"light\"",
                             "\"pool\":{\"white\":5},\"surge\":\"hit\",\"tokens\":{\"aim\":1}",
                             "\"die\":\"white\",\"surge\":true,\"minis\":5,\"wounds\":1");
    /* roll C H S B B; aim rerolls the blanks -> S S; 1 crit + 4 hits; cover 4 dice: B B S K,
     * light cancels 1 -> 1 crit + 3 hits; defense 4 dice K S B B; surge->block: 2 blocks */
    no_state s = walk(sc, "wC wH wS wB wB  wS wS", "wB wB wS wK  wK wS wB wB");
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(s.defeated, 2);
    ck_assert_int_eq(s.suppression, 1);
    ck_assert_int_eq(s.destroyed, 0);
    free(sc);
}
END_TEST

/* ---- section 8.2 ordering traps ---- */

START_TEST(trap1_downgrade_before_upgrade)
{
    /* Cumbersome (moved) then Anti-Personnel 1: red -> black -> red; a white die would fail */
    no_scenario *sc = legion("", "\"pool\":{\"red\":1},\"keywords\":{\"cumbersome\":true,\"anti_personnel\":1}",
                             "\"die\":\"white\",\"minis\":9");
    no_state s = walk(sc, "rH", "wB");
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(trap2_rerolls_before_conversion)
{
    /* no chart: a surge will blank, so the aim rerolls it; with surge->hit it keeps it */
    no_scenario *sc = legion("", "\"pool\":{\"white\":1},\"tokens\":{\"aim\":1}", "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "wS wH", "wB").damage, 1);
    free(sc);
    sc = legion("", "\"pool\":{\"white\":1},\"surge\":\"hit\",\"tokens\":{\"aim\":1}", "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "wS", "wB").damage, 1);
    free(sc);
}
END_TEST

START_TEST(trap3_critical_then_chart_then_tokens)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":3},\"tokens\":{\"surge\":1},\"keywords\":{\"critical\":1}",
                             "\"die\":\"white\",\"minis\":9");
    no_state s = walk(sc, "rS rS rS", "wB wB");
    ck_assert_int_eq(attack_face(&s, LG_CRIT), 1);
    ck_assert_int_eq(attack_face(&s, LG_HIT), 1);
    ck_assert_int_eq(attack_face(&s, LG_BLANK), 1);
    free(sc);
}
END_TEST

START_TEST(trap4_cover_before_impact)
{
    /* Impact cannot save a hit from cover: the cover die cancels it in step 5, before step 6,
     * so no defense die is rolled at all */
    no_scenario *sc = legion(",\"cover\":\"light\"", "\"pool\":{\"red\":1},\"keywords\":{\"impact\":1}",
                             "\"die\":\"white\",\"minis\":9,\"keywords\":{\"armor\":true}");
    ck_assert_int_eq(walk(sc, "rH", "wK").damage, 0);
    /* an uncovered hit is turned into a crit by Impact and survives Armor */
    ck_assert_int_eq(walk(sc, "rH", "wB wB").damage, 1);
    free(sc);
}
END_TEST

START_TEST(trap5_cover_pool_reads_raw_surges)
{
    /* a converted surge counts as a hit for the cover pool; the cover die's surge cancels under
     * heavy cover only */
    no_scenario *sc = legion(",\"cover\":\"heavy\"", "\"pool\":{\"white\":1},\"surge\":\"hit\"",
                             "\"die\":\"white\",\"minis\":9,\"surge\":true");
    ck_assert_int_eq(walk(sc, "wS", "wS").damage, 0);
    free(sc);
    sc = legion(",\"cover\":\"light\"", "\"pool\":{\"white\":1},\"surge\":\"hit\"",
                "\"die\":\"white\",\"minis\":9,\"surge\":true");
    ck_assert_int_eq(walk(sc, "wS", "wS wB").damage, 1); /* cover surge ignored; defense blank */
    free(sc);
}
END_TEST

static int cover_of(const char *root, const char *atk_kw, const char *def_extra)
{
    char atk[128], def[256];
    snprintf(atk, sizeof atk, "\"pool\":{\"red\":1},\"keywords\":{%s}", atk_kw);
    snprintf(def, sizeof def, "\"die\":\"white\",\"minis\":9%s", def_extra);
    no_scenario *sc = legion(root, atk, def);
    int c = no_legion_cover(&sc->ctx, &sc->ctx.start);
    free(sc);
    return c;
}

START_TEST(trap6_cover_increases_cap_then_decreases)
{
    /* T9 (L2837): heavy + 1 suppression (courage 1) with Sharpshooter 1 -> light */
    ck_assert_int_eq(cover_of(",\"cover\":\"heavy\"", "\"sharpshooter\":1",
                              ",\"courage\":1,\"tokens\":{\"suppression\":1}"), 1);
    /* derived: no cover, suppressed, Cover 2, Sharpshooter 2 -> min(2, 3) - 2 = 0 */
    ck_assert_int_eq(cover_of("", "\"sharpshooter\":2",
                              ",\"courage\":1,\"tokens\":{\"suppression\":1},\"keywords\":{\"cover\":2}"), 0);
    /* smoke: +1 per token (T10) */
    ck_assert_int_eq(cover_of("", "", ",\"keywords\":{\"smoke\":2}"), 2);
    /* droids and vehicles get nothing from suppression (L825, L1839) */
    ck_assert_int_eq(cover_of("", "", ",\"type\":\"droid\",\"tokens\":{\"suppression\":3}"), 0);
    /* melee has no cover (L1577); Unconcerned never (L2579) */
    ck_assert_int_eq(cover_of(",\"attack_type\":\"melee\",\"cover\":\"heavy\"", "", ""), 0);
    ck_assert_int_eq(cover_of(",\"cover\":\"heavy\"", "", ",\"keywords\":{\"unconcerned\":true}"), 0);
}
END_TEST

START_TEST(trap7_primitive_after_impact)
{
    /* Impact turns the hit into a crit, then Primitive must turn it back: Armor cancels it */
    no_scenario *sc = legion("", "\"pool\":{\"red\":1},\"keywords\":{\"impact\":1,\"primitive\":true}",
                             "\"die\":\"white\",\"minis\":9,\"keywords\":{\"armor\":true}");
    ck_assert_int_eq(walk(sc, "rH", "").damage, 0);
    free(sc);
    /* Ram after Primitive keeps its crit (the attacker orders its own effects) */
    sc = legion("", "\"pool\":{\"red\":1},\"keywords\":{\"ram\":1,\"primitive\":true}",
                "\"die\":\"white\",\"minis\":9,\"keywords\":{\"armor\":true}");
    ck_assert_int_eq(walk(sc, "rB", "wB").damage, 1);
    free(sc);
}
END_TEST

START_TEST(trap8_pierce_last)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":2},\"keywords\":{\"pierce\":1}", "\"die\":\"red\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "rH rH", "rK rK").damage, 1);
    free(sc);
    sc = legion("", "\"pool\":{\"red\":2},\"keywords\":{\"pierce\":1}",
                "\"die\":\"red\",\"minis\":9,\"keywords\":{\"immune_pierce\":true}");
    ck_assert_int_eq(walk(sc, "rH rH", "rK rK").damage, 0);
    free(sc);
}
END_TEST

START_TEST(trap9_deflect)
{
    /* ranged: a surge wounds the attacker once, before conversion, and becomes a block */
    no_scenario *sc = legion("", "\"pool\":{\"red\":2}", "\"die\":\"white\",\"minis\":9,\"keywords\":{\"deflect\":true}");
    no_state s = walk(sc, "rH rH", "wS wS");
    ck_assert_int_eq(s.self_wounds, 1); /* once, not per surge (legacy reminder, trap 15) */
    ck_assert_int_eq(s.damage, 0);
    free(sc);
    /* melee: nothing; all-High-Velocity pool: nothing */
    sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":1}",
                "\"die\":\"white\",\"minis\":9,\"keywords\":{\"deflect\":true}");
    s = walk(sc, "rH", "wS");
    ck_assert_int_eq(s.self_wounds, 0);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    sc = legion("", "\"pool\":{\"red\":1},\"keywords\":{\"high_velocity\":true}",
                "\"die\":\"white\",\"minis\":9,\"keywords\":{\"deflect\":true}");
    s = walk(sc, "rH", "wS");
    ck_assert_int_eq(s.self_wounds, 0);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(trap10_block_needs_a_spent_dodge)
{
    /* a crit cannot be dodged, but spending the dodge anyway turns on Block's surge->block */
    no_scenario *sc = legion("", "\"pool\":{\"red\":1}",
                             "\"die\":\"white\",\"minis\":9,\"tokens\":{\"dodge\":1},\"keywords\":{\"block\":true}");
    no_state s = walk(sc, "rC", "wS");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_DODGE], 0);
    free(sc);
    sc = legion("", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":9,\"keywords\":{\"block\":true}");
    ck_assert_int_eq(walk(sc, "rC", "wS").damage, 1);
    free(sc);
}
END_TEST

START_TEST(trap11_suppression_from_step_four)
{
    /* the hit is cancelled by cover, yet the ranged attack still suppresses; melee never does */
    no_scenario *sc = legion(",\"cover\":\"light\"", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":9");
    no_state s = walk(sc, "rH", "wK");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.suppression, 1);
    free(sc);
    sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "rH", "wB").suppression, 0);
    free(sc);
    /* a wiped unit gains none */
    sc = legion("", "\"pool\":{\"red\":1}", "\"die\":\"white\",\"minis\":1");
    s = walk(sc, "rH", "wB");
    ck_assert_int_eq(s.destroyed, 1);
    ck_assert_int_eq(s.suppression, 0);
    free(sc);
}
END_TEST

START_TEST(trap13_impervious_counts_weapon_pierce)
{
    /* Pierce 1 + Impervious: one more defense die (the die list must have 2) */
    no_scenario *sc = legion("", "\"pool\":{\"red\":1},\"keywords\":{\"pierce\":1}",
                             "\"die\":\"white\",\"minis\":9,\"keywords\":{\"impervious\":true}");
    ck_assert_int_eq(walk(sc, "rH", "wK wK").damage, 0); /* 2 blocks, Pierce takes 1 */
    free(sc);
    /* Lethal's Pierce is the pool's, not a weapon's: no extra die */
    sc = legion("", "\"pool\":{\"red\":1},\"tokens\":{\"aim\":1},\"keywords\":{\"lethal\":1}",
                "\"die\":\"white\",\"minis\":9,\"keywords\":{\"impervious\":true}");
    ck_assert_int_eq(walk(sc, "rH", "wK").damage, 1); /* aim kept for Lethal: Pierce cancels the block */
    free(sc);
}
END_TEST

START_TEST(dodge_and_outmaneuver)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":2}", "\"die\":\"white\",\"minis\":9,\"tokens\":{\"dodge\":1}");
    ck_assert_int_eq(walk(sc, "rH rC", "wB").damage, 1); /* the dodge takes the hit only */
    free(sc);
    sc = legion("", "\"pool\":{\"red\":1}",
                "\"die\":\"white\",\"minis\":9,\"tokens\":{\"dodge\":1},\"keywords\":{\"outmaneuver\":true}");
    ck_assert_int_eq(walk(sc, "rC", "").damage, 0);
    free(sc);
    sc = legion("", "\"pool\":{\"red\":1},\"keywords\":{\"high_velocity\":true}",
                "\"die\":\"white\",\"minis\":9,\"tokens\":{\"dodge\":1}");
    ck_assert_int_eq(walk(sc, "rH", "wB").damage, 1); /* no dodging High Velocity */
    free(sc);
}
END_TEST

START_TEST(armor_shields_backup)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":3}", "\"die\":\"white\",\"minis\":9,\"keywords\":{\"armor\":1}");
    ck_assert_int_eq(walk(sc, "rH rH rC", "wB wB").damage, 2); /* Armor 1 cancels one hit */
    free(sc);
    sc = legion("", "\"pool\":{\"red\":3}",
                "\"die\":\"white\",\"minis\":9,\"tokens\":{\"shield\":1},\"keywords\":{\"backup\":true}");
    no_state s = walk(sc, "rH rH rC", "");
    ck_assert_int_eq(s.damage, 0); /* backup takes both hits, the shield the crit */
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_SHIELD], 0);
    free(sc);
}
END_TEST

START_TEST(marksman_and_critical)
{
    /* Marksman after conversion: the kept aim turns a blank into a hit */
    no_scenario *sc = legion(",\"cover\":\"heavy\"", "\"pool\":{\"red\":1},\"tokens\":{\"aim\":2},\"keywords\":{\"marksman\":true}",
                             "\"die\":\"white\",\"minis\":9");
    /* a hit into heavy cover: two aims make it a crit that cover cannot touch */
    no_state s = walk(sc, "rH", "wB");
    ck_assert_int_eq(s.crits, 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(uncanny_luck_and_soresu)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":1}",
                             "\"die\":\"red\",\"minis\":9,\"keywords\":{\"uncanny_luck\":1}");
    ck_assert_int_eq(walk(sc, "rH", "rB rK").damage, 0);
    free(sc);
    /* Soresu rerolls every die or none: two blanks against two hits are worth rerolling */
    sc = legion("", "\"pool\":{\"red\":2}", "\"die\":\"red\",\"minis\":9,\"keywords\":{\"soresu\":true}");
    ck_assert_int_eq(walk(sc, "rH rH", "rB rB  rK rK").damage, 0);
    free(sc);
}
END_TEST

START_TEST(danger_sense_and_djem_so)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":1}",
                             "\"die\":\"white\",\"minis\":9,\"tokens\":{\"suppression\":3},\"keywords\":{\"danger_sense\":2}");
    /* 3 tokens against Courage 1: suppressed, so light cover first (one cover die), then
     * 1 + min(3, 2) defense dice */
    ck_assert_int_eq(walk(sc, "rH", "wB  wB wB wK").damage, 0);
    free(sc);
    sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":2}",
                "\"die\":\"white\",\"minis\":9,\"keywords\":{\"djem_so\":true}");
    ck_assert_int_eq(walk(sc, "rH rB", "wB").self_wounds, 1);
    free(sc);
}
END_TEST

START_TEST(low_profile_and_blast)
{
    /* Low Profile: one cover die fewer, one automatic block */
    no_scenario *sc = legion(",\"cover\":\"light\"", "\"pool\":{\"red\":2}",
                             "\"die\":\"white\",\"minis\":9,\"keywords\":{\"low_profile\":true}");
    ck_assert_int_eq(walk(sc, "rH rH", "wB  wB").damage, 1);
    free(sc);
    sc = legion(",\"cover\":\"heavy\"", "\"pool\":{\"red\":1},\"keywords\":{\"blast\":true}",
                "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "rH", "wB").damage, 1); /* no cover roll at all */
    free(sc);
}
END_TEST

START_TEST(legion_monte_carlo_agrees)
{
    static const char *const cases[][3] = {
        {",\"cover\":\"light\"", "\"pool\":{\"black\":2,\"white\":4},\"surge\":\"hit\",\"tokens\":{\"aim\":1},\"keywords\":{\"pierce\":1,\"critical\":1,\"precise\":1}",
         "\"die\":\"white\",\"surge\":true,\"tokens\":{\"dodge\":1},\"minis\":4"},
        {",\"attack_type\":\"melee\"", "\"pool\":{\"red\":6},\"surge\":\"crit\",\"keywords\":{\"impact\":2,\"pierce\":2}",
         "\"die\":\"red\",\"surge\":true,\"minis\":1,\"wounds\":8,\"keywords\":{\"armor\":true}"},
        {"", "\"pool\":{\"red\":5},\"surge\":\"hit\"",
         "\"die\":\"white\",\"miniatures\":[{\"wounds\":3,\"leader\":true},{\"wounds\":1,\"count\":2},{\"wounds\":2,\"counterpart\":true}]"},
        /* 20 dice: rolls of five groups of dice, merged (tidied) pools */
        {",\"cover\":\"light\"", "\"pool\":{\"white\":10,\"black\":10},\"surge\":\"hit\",\"tokens\":{\"aim\":1}",
         "\"die\":\"white\",\"minis\":5,\"wounds\":5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        no_scenario *sc = legion(cases[i][0], cases[i][1], cases[i][2]);
        no_summary ex, mc;
        exact_summary(sc, &ex);
        mc_summary(sc, 1000000, 11 + i, &mc);
        assert_mc_matches(&mc, &ex);
        double gse = 0; /* the guardian's mean wounds, from its pmf */
        for (int k = 0; k <= mc.max_guardian; k++)
            gse += (k - mc.guardian_mean) * (k - mc.guardian_mean) * mc.guardian[k].p;
        gse = sqrt(gse / 1000000);
        ck_assert_msg(fabs(mc.guardian_mean - ex.guardian_mean) <= 5 * gse + 1e-12, "guardian %f vs %f",
                      mc.guardian_mean, ex.guardian_mean);
        free(sc);
    }
}
END_TEST

/* The rules' tidying (legion.c: charted surges are their result from the roll on, blanks
 * nothing can use are dropped) merges states and changes no probability: every distribution
 * the report gives is the same with it off (a report that keeps the dice turns it off). */
START_TEST(tidying_changes_no_probability)
{
    static const struct { const char *root, *atk, *def; } cases[] = {
        {",\"cover\":\"light\"", "\"pool\":{\"white\":5,\"black\":4},\"surge\":\"hit\",\"tokens\":{\"aim\":1}",
         "\"die\":\"white\",\"minis\":3,\"wounds\":2"},
        {",\"policy\":\"crit-fishing\"", "\"pool\":{\"red\":3,\"black\":2},\"surge\":\"crit\","
         "\"tokens\":{\"aim\":2,\"observation\":1},\"keywords\":{\"marksman\":true,\"ram\":1}",
         "\"die\":\"red\",\"minis\":4,\"keywords\":{\"armor\":true}"},
        {",\"attack_type\":\"melee\"", "\"pool\":{\"black\":4,\"white\":3},\"surge\":\"hit\",\"tokens\":{\"aim\":1},"
         "\"keywords\":{\"duelist\":true}", "\"die\":\"white\",\"minis\":9,\"keywords\":{\"djem_so\":true}"},
        {"", "\"pool\":{\"black\":5},\"tokens\":{\"aim\":1,\"surge\":1},\"keywords\":{\"jedi_hunter\":true}",
         "\"die\":\"red\",\"minis\":9,\"keywords\":{\"force_user\":true}"},
        {",\"policy\":\"conservative\",\"cover\":\"heavy\"", "\"pool\":{\"red\":2,\"white\":4},\"surge\":\"hit\","
         "\"tokens\":{\"aim\":1}", "\"die\":\"white\",\"minis\":2,\"wounds\":3,\"tokens\":{\"dodge\":1}"},
        {",\"cover\":\"heavy\"", "\"pool\":{\"black\":3,\"white\":3},\"surge\":\"hit\",\"tokens\":{\"aim\":1},"
         "\"keywords\":{\"critical\":1}",
         "\"die\":\"white\",\"minis\":9"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        no_scenario *sc = legion(cases[i].root, cases[i].atk, cases[i].def);
        no_summary tidied, whole;
        exact_summary(sc, &tidied);
        sc->ctx.keep_dice = 1;
        exact_summary(sc, &whole);
        ck_assert_int_eq(tidied.max_damage, whole.max_damage);
        for (int k = 0; k <= whole.max_damage; k++)
            ck_assert_msg(fabs(tidied.pmf[k].p - whole.pmf[k].p) < 1e-12, "case %zu: P(%d) %.15f vs %.15f", i, k,
                          tidied.pmf[k].p, whole.pmf[k].p);
        for (int k = 0; k <= NO_MAX_ROLL; k++)
            ck_assert_msg(fabs(tidied.suppression[k].p - whole.suppression[k].p) < 1e-12, "case %zu", i);
        for (int k = 0; k <= whole.max_defeated; k++)
            ck_assert_msg(fabs(tidied.defeated[k].p - whole.defeated[k].p) < 1e-12, "case %zu", i);
        ck_assert(fabs(tidied.kill.p - whole.kill.p) < 1e-12);
        ck_assert(fabs(tidied.self_wounds_mean - whole.self_wounds_mean) < 1e-12);
        for (int t = 0; t < NO_TOK_N; t++) /* the same tokens spent: the same choices */
            ck_assert_msg(fabs(tidied.tokens[NO_ATTACKER][t].spent.p - whole.tokens[NO_ATTACKER][t].spent.p) < 1e-12, "case %zu", i);
        ck_assert_msg(tidied.states <= whole.states, "case %zu: %zu states tidied, %zu not", i, tidied.states,
                      whole.states);
        if (i == 0)
            ck_assert_msg(tidied.states < whole.states / 2, "%zu states tidied, %zu not", tidied.states, whole.states);
        no_summary_free(&tidied);
        no_summary_free(&whole);
        free(sc);
    }
    /* the growth table's 20-die pool, by the numbers it had before the tidying */
    no_scenario *sc = legion(",\"cover\":\"light\"",
                             "\"pool\":{\"white\":10,\"black\":10},\"surge\":\"hit\",\"tokens\":{\"aim\":1}",
                             "\"die\":\"white\",\"minis\":5,\"wounds\":5");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_msg(s.states < 40000, "%zu states", s.states);
    ck_assert(fabs(s.mean - 8.1818091465) < 1e-10);
    ck_assert(fabs(s.pmf[0].p - 0.0000287023) < 1e-10 && fabs(s.pmf[8].p - 0.1775862937) < 1e-10);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* Policies: against Armor a lone hit is worthless, so the default rerolls it hoping for a crit;
 * the conservative attacker never rerolls a hit; a crit-fisher rerolls hits even when that
 * costs wounds. */
START_TEST(policies_behave_as_named)
{
    const char *atk = "\"pool\":{\"red\":1},\"tokens\":{\"aim\":1}";
    const char *def = "\"die\":\"white\",\"minis\":9,\"keywords\":{\"armor\":true}";
    no_scenario *sc = legion(",\"policy\":\"per-attack\"", atk, def);
    ck_assert_int_eq(walk(sc, "rH rC", "wB").damage, 1);
    free(sc);
    sc = legion(",\"policy\":\"conservative\"", atk, def);
    ck_assert_int_eq(walk(sc, "rH", "").damage, 0);
    free(sc);
    /* no Armor: a hit is as good as a crit, yet the crit-fisher rerolls it */
    sc = legion(",\"policy\":\"crit-fishing\"", atk, "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "rH rC", "wB").crits, 1);
    free(sc);
    /* Marksman's aim turns a hit into a crit that changes nothing here: per-attack spends it
     * for the crit, conserve keeps it, greedy spends it */
    const char *marks = "\"pool\":{\"red\":1},\"tokens\":{\"aim\":1},\"keywords\":{\"marksman\":true}";
    static const struct { const char *policy; int crits, aim_left; } m[] = {
        {"per-attack", 1, 0}, {"conserve", 0, 1}, {"greedy", 1, 0}};
    for (int i = 0; i < 3; i++) {
        char root[64];
        snprintf(root, sizeof root, ",\"policy\":\"%s\"", m[i].policy);
        sc = legion(root, marks, "\"die\":\"white\",\"minis\":9");
        no_state s = walk(sc, "rH", "wB");
        ck_assert_msg(s.crits == m[i].crits && s.tok[NO_ATTACKER][NO_TOK_AIM] == m[i].aim_left, "%s", m[i].policy);
        free(sc);
    }
}
END_TEST

/* The default policy maximises expected wounds, so no named alternative may beat it. */
START_TEST(default_policy_is_never_worse)
{
    static const char *const cases[][3] = {
        {",\"cover\":\"heavy\"", "\"pool\":{\"red\":2,\"white\":2},\"tokens\":{\"aim\":2},\"keywords\":{\"marksman\":true}",
         "\"die\":\"white\",\"surge\":true,\"tokens\":{\"dodge\":1},\"minis\":9"},
        {"", "\"pool\":{\"black\":3},\"surge\":\"hit\",\"tokens\":{\"aim\":1,\"observation\":1},\"keywords\":{\"impact\":1}",
         "\"die\":\"red\",\"minis\":2,\"wounds\":3,\"keywords\":{\"armor\":1}"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double best = 0;
        for (int p = 0; p < NO_POLICY_N; p++) {
            if (!no_game_offers_policy(&no_game_legion, p))
                continue;
            char root[64];
            snprintf(root, sizeof root, "%s,\"policy\":\"%s\"", cases[i][0], no_policies[p].name);
            no_scenario *sc = legion(root, cases[i][1], cases[i][2]);
            no_summary s;
            exact_summary(sc, &s);
            if (p == NO_POLICY_PER_ATTACK)
                best = s.mean;
            else
                ck_assert_msg(s.mean <= best + 1e-12, "%s beats per-attack: %.15f > %.15f",
                              no_policies[p].name, s.mean, best);
            free(sc);
        }
    }
}
END_TEST

static int pool_of(const no_scenario *sc, int colour) { return sc->ctx.kw[NO_ATTACKER][LK_POOL_RED + colour]; }

START_TEST(t8_spray_and_weapons)
{
    /* T8 (L3014): 2 black dice with Spray against 3 miniatures in line of sight -> 6 black */
    no_scenario *sc = legion("", "\"weapons\":[{\"dice\":{\"black\":2},\"keywords\":{\"spray\":true}}]",
                             "\"die\":\"white\",\"minis\":3");
    ck_assert_int_eq(pool_of(sc, LG_BLACK), 6);
    free(sc);
    /* Anti-Personnel upgrades only its own weapon's dice (L2893), each die at most once */
    sc = legion("", "\"weapons\":[{\"dice\":{\"white\":1},\"keywords\":{\"anti_personnel\":2}},"
                    "{\"dice\":{\"white\":1},\"minis\":2}]", "\"die\":\"white\",\"minis\":3");
    ck_assert_int_eq(pool_of(sc, LG_BLACK), 1);
    ck_assert_int_eq(pool_of(sc, LG_WHITE), 2);
    free(sc);
    /* Pierce of several weapons adds up (L608-L612); High Velocity needs every weapon (L2881) */
    sc = legion("", "\"weapons\":[{\"dice\":{\"red\":1},\"keywords\":{\"pierce\":1,\"high_velocity\":true}},"
                    "{\"dice\":{\"red\":1},\"keywords\":{\"pierce\":1}}]", "\"die\":\"white\",\"minis\":3");
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][LK_PIERCE], 2);
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][LK_HIGH_VELOCITY], 0);
    free(sc);
    /* Cumbersome only when the unit moved */
    sc = legion("", "\"moved\":true,\"weapons\":[{\"dice\":{\"red\":2},\"keywords\":{\"cumbersome\":true}}]",
                "\"die\":\"white\"");
    ck_assert_int_eq(pool_of(sc, LG_BLACK), 2);
    free(sc);
}
END_TEST

START_TEST(units_from_the_library)
{
    /* Stormtroopers (2019 data: 4 x E-11, 1 white each, surge hit, Precise 1) into Rebel
     * Troopers: the same numbers as the scenario spelled out */
    no_scenario *a = legion(",\"cover\":\"light\"", "\"unit\":\"stormtroopers\",\"tokens\":{\"aim\":1}",
                            "\"unit\":\"rebeltroopers\"");
    ck_assert_int_eq(pool_of(a, LG_WHITE), 4);
    ck_assert_int_eq(a->ctx.kw[NO_ATTACKER][LK_PRECISE], 1);
    ck_assert_int_eq(a->ctx.kw[NO_ATTACKER][LK_SURGE_CHART], LG_CHART_HIT);
    ck_assert_int_eq(a->ctx.kw[NO_DEFENDER][LK_MINIS], 4);
    ck_assert_int_eq(a->ctx.kw[NO_DEFENDER][LK_DIE], LG_DEF_WHITE);
    ck_assert_int_eq(a->ctx.kw[NO_DEFENDER][LK_DEFENSE_SURGE], 1);
    no_scenario *b = legion(",\"cover\":\"light\"",
                            "\"pool\":{\"white\":4},\"surge\":\"hit\",\"tokens\":{\"aim\":1},\"keywords\":{\"precise\":1}",
                            "\"die\":\"white\",\"surge\":true,\"minis\":4,\"wounds\":1,\"courage\":1");
    no_summary sa, sb;
    exact_summary(a, &sa);
    exact_summary(b, &sb);
    ck_assert_near(sa.mean, sb.mean, 1e-15);
    ck_assert_near(sa.kill.p, sb.kill.p, 1e-15);
    free(a);
    free(b);
    /* a named weapon, and a melee attack picking the unit's melee weapon */
    a = legion(",\"attack_type\":\"melee\"", "\"unit\":\"lukeskywalkerherooftherebellion\"",
               "\"unit\":\"stormtroopers\"");
    ck_assert_int_eq(pool_of(a, LG_RED), 2); /* Anakin's Lightsaber: 2 red 3 black, Impact 2, Pierce 1 */
    ck_assert_int_eq(pool_of(a, LG_BLACK), 3);
    ck_assert_int_eq(a->ctx.kw[NO_ATTACKER][LK_PIERCE], 1);
    ck_assert_int_eq(a->ctx.kw[NO_ATTACKER][LK_IMPACT], 2);
    free(a);
    a = legion("", "\"unit\":\"lukeskywalkerherooftherebellion\",\"weapons\":[\"Luke's Blaster\"]",
               "\"unit\":\"stormtroopers\"");
    ck_assert_int_eq(pool_of(a, LG_RED), 1); /* 1 red 3 black, Pierce 1 */
    ck_assert_int_eq(pool_of(a, LG_BLACK), 3);
    free(a);
    /* two weapons of one name (Rebel Sleeper Cell's Blaster Pistols, melee and range 1-2): the one
     * for the attack type; a vehicle's card gives its Resilience (AT-ST, 8) */
    a = legion("", "\"unit\":\"rebelsleepercell\",\"weapons\":[\"Blaster Pistols\"]", "\"unit\":\"atst\"");
    ck_assert_int_eq(pool_of(a, LG_BLACK), 12);
    ck_assert_int_eq(pool_of(a, LG_WHITE), 0);
    ck_assert_int_eq(a->ctx.kw[NO_DEFENDER][LK_RESILIENCE], 8);
    ck_assert_int_eq(a->ctx.kw[NO_DEFENDER][LK_ARMOR], 5);
    free(a);
    a = legion(",\"attack_type\":\"melee\"", "\"unit\":\"rebelsleepercell\",\"weapons\":[\"Blaster Pistols\"]",
               "\"unit\":\"atst\",\"resilience\":3");
    ck_assert_int_eq(pool_of(a, LG_BLACK), 6);
    ck_assert_int_eq(pool_of(a, LG_WHITE), 6);
    ck_assert_int_eq(a->ctx.kw[NO_DEFENDER][LK_RESILIENCE], 3); /* the scenario's key overrides */
    free(a);
    /* Primitive is a weapon's keyword (the Ewok Slingers' Slings): it reaches the pool */
    a = legion("", "\"unit\":\"ewokslingers\"", "\"unit\":\"atst\"");
    ck_assert_int_eq(pool_of(a, LG_BLACK), 6);
    ck_assert_int_eq(a->ctx.kw[NO_ATTACKER][LK_PRIMITIVE], 1);
    free(a);
}
END_TEST

START_TEST(jedi_hunter_and_complete_the_mission)
{
    /* Jedi Hunter against a Force user: surges become crits, which heavy cover cannot touch */
    no_scenario *sc = legion(",\"cover\":\"heavy\"", "\"pool\":{\"red\":1},\"surge\":\"hit\",\"keywords\":{\"jedi_hunter\":true}",
                             "\"die\":\"white\",\"minis\":9,\"keywords\":{\"force_user\":true}");
    ck_assert_int_eq(walk(sc, "rS", "wB").crits, 1);
    free(sc);
    sc = legion(",\"cover\":\"heavy\"", "\"pool\":{\"red\":1},\"surge\":\"hit\",\"keywords\":{\"jedi_hunter\":true}",
                "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "rS", "wK").damage, 0); /* no Force user: a hit, cancelled by cover */
    free(sc);
    /* Complete the Mission: Critical 2 on attack; surge->block on defense (L2324) */
    sc = legion("", "\"pool\":{\"red\":3},\"keywords\":{\"complete_the_mission\":true}",
                "\"die\":\"white\",\"minis\":9,\"keywords\":{\"complete_the_mission\":true}");
    no_state s = walk(sc, "rS rS rS", "wS wS");
    ck_assert_int_eq(s.crits, 2);
    ck_assert_int_eq(s.damage, 0);
    free(sc);
}
END_TEST

START_TEST(ion_flips_shields_without_cancelling)
{
    /* Ion 1: at the start of step 6 the defender must flip a shield; the hit stays */
    no_scenario *sc = legion("", "\"pool\":{\"red\":1},\"keywords\":{\"ion\":1}",
                             "\"die\":\"white\",\"minis\":9,\"tokens\":{\"shield\":1}");
    no_state s = walk(sc, "rH", "wB");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_SHIELD], 0);
    free(sc);
    /* Ion 1 against 2 hits and 2 shields: one flipped, the other still cancels a hit */
    sc = legion("", "\"pool\":{\"red\":2},\"keywords\":{\"ion\":1}",
                "\"die\":\"white\",\"minis\":9,\"tokens\":{\"shield\":2}");
    ck_assert_int_eq(walk(sc, "rH rH", "wB").damage, 1);
    free(sc);
}
END_TEST

START_TEST(duelist_and_makashi)
{
    /* attacking Duelist in melee: rerolling with aim gives Pierce 1 */
    no_scenario *sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":2},\"tokens\":{\"aim\":1},\"keywords\":{\"duelist\":true}",
                             "\"die\":\"red\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "rH rB rH", "rK rK").damage, 1);
    free(sc);
    /* defending Duelist in melee that spends a dodge is immune to Pierce */
    sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":2},\"keywords\":{\"pierce\":1}",
                "\"die\":\"red\",\"minis\":9,\"tokens\":{\"dodge\":1},\"keywords\":{\"duelist\":true}");
    ck_assert_int_eq(walk(sc, "rH rH", "rK").damage, 0);
    free(sc);
    /* Makashi: Pierce 2 becomes 1, but Immune: Pierce and Impervious are off */
    sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":2},\"keywords\":{\"pierce\":2,\"makashi\":true}",
                "\"die\":\"red\",\"minis\":9,\"keywords\":{\"immune_pierce\":true,\"impervious\":true}");
    ck_assert_int_eq(walk(sc, "rH rH", "rK rK").damage, 1);
    free(sc);
    /* without Makashi, Immune: Pierce stops the Pierce (and Impervious adds no die) */
    sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":2},\"keywords\":{\"pierce\":2}",
                "\"die\":\"red\",\"minis\":9,\"keywords\":{\"immune_pierce\":true,\"impervious\":true}");
    ck_assert_int_eq(walk(sc, "rH rH", "rK rK").damage, 0);
    free(sc);
}
END_TEST

/* Guardian (L2527-L2537) and T7 (L2994-L2996). Forced dice: attack, then the guardian's dice,
 * then the defender's. */
START_TEST(guardian_takes_hits_and_rolls_its_own_dice)
{
    const char *guard = "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":2,\"die\":\"white\",\"minis\":3}";
    no_scenario *sc = legion("", "\"pool\":{\"red\":3}", guard);
    no_state s = walk(sc, "rH rH rH", "wB wK  wB"); /* guardian: a blank and a block; defender 1 die */
    ck_assert_int_eq(s.guardian_wounds, 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    /* not against melee */
    sc = legion(",\"attack_type\":\"melee\"", "\"pool\":{\"red\":1}", guard);
    s = walk(sc, "rH", "wB");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.guardian_wounds, 0);
    free(sc);
}
END_TEST

START_TEST(t7_pierce_on_guardian_blocks_then_the_defender)
{
    /* every hit goes to the guardian and no crit is left for the defender: Pierce cannot help
     * against the defender, so the attacker spends it on the guardian's blocks */
    no_scenario *sc = legion("", "\"pool\":{\"red\":2},\"keywords\":{\"pierce\":3}",
                             "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":2,\"die\":\"red\",\"minis\":3}");
    no_state s = walk(sc, "rH rH", "rK rK");
    ck_assert_int_eq(s.guardian_wounds, 2);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_PIERCE], 1); /* one Pierce unused */
    free(sc);
    /* with a crit still coming at the defender, Pierce 1 is kept for the defender's block */
    sc = legion("", "\"pool\":{\"red\":3},\"keywords\":{\"pierce\":1}",
                "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":2,\"die\":\"red\",\"minis\":3}");
    s = walk(sc, "rH rH rC", "rK rK  wK");
    ck_assert_int_eq(s.guardian_wounds, 0);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    /* a guardian immune to Pierce keeps its blocks */
    sc = legion("", "\"pool\":{\"red\":2},\"keywords\":{\"pierce\":3}",
                "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":2,\"die\":\"red\",\"minis\":3,"
                "\"keywords\":{\"immune_pierce\":true}}");
    ck_assert_int_eq(walk(sc, "rH rH", "rK rK").guardian_wounds, 0);
    free(sc);
    /* the guardian converts its surges with its own chart */
    sc = legion("", "\"pool\":{\"red\":1}",
                "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":1,\"die\":\"white\",\"surge\":true}");
    ck_assert_int_eq(walk(sc, "rH", "wS").guardian_wounds, 0);
    free(sc);
}
END_TEST


/* Two guardians resolve one at a time, each on its own dice (L2537); a guardian with Soresu
 * spends its own dodge to reroll all its dice before converting (L2442). */
START_TEST(several_guardians_and_a_guardians_soresu)
{
    const char *two = "\"die\":\"white\",\"minis\":9,\"guardian\":[{\"x\":2,\"die\":\"white\",\"minis\":2},"
                      "{\"x\":2,\"die\":\"red\",\"minis\":2}]";
    no_scenario *sc = legion("", "\"pool\":{\"red\":4}", two);
    /* the first guardian's two white dice, then the second's two red ones: no defense dice left */
    no_state s = walk(sc, "rH rH rH rH", "wB wB rK rB");
    ck_assert_int_eq(s.guardian_wounds, 3);
    ck_assert_int_eq(s.damage, 0);
    free(sc);
    /* each guardian's wounds stop at what it can take: the first has 2 */
    sc = legion("", "\"pool\":{\"red\":4}",
                "\"die\":\"white\",\"minis\":9,\"guardian\":[{\"x\":2,\"die\":\"white\",\"minis\":1},"
                "{\"x\":2,\"die\":\"red\",\"minis\":2}]");
    ck_assert_int_eq(walk(sc, "rH rH rH rH", "wB wB rB rB").guardian_wounds, 3);
    free(sc);
    /* Soresu: a blank is rerolled with the guardian's dodge; none without one */
    const char *soresu = "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":1,\"die\":\"white\",\"minis\":3,"
                         "\"tokens\":{\"dodge\":1},\"keywords\":{\"soresu\":true}}";
    sc = legion("", "\"pool\":{\"red\":1}", soresu);
    ck_assert_int_eq(walk(sc, "rH", "wB wK").guardian_wounds, 0);
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.guardian_mean, 5.0 / 8 * 25.0 / 36, 1e-12); /* a hit, then two misses */
    free(sc);
    sc = legion("", "\"pool\":{\"red\":1}",
                "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":1,\"die\":\"white\",\"minis\":3,"
                "\"keywords\":{\"soresu\":true}}");
    ck_assert_int_eq(walk(sc, "rH", "wB").guardian_wounds, 1);
    exact_summary(sc, &sum);
    ck_assert_near(sum.guardian_mean, 5.0 / 8 * 5.0 / 6, 1e-12);
    free(sc);
}
END_TEST

START_TEST(death_from_above_and_overrun)
{
    /* Death From Above: no cover cancels hits, even against Immune: Blast (L2683) */
    no_scenario *sc = legion(",\"cover\":\"heavy\"", "\"pool\":{\"red\":1},\"keywords\":{\"death_from_above\":true}",
                             "\"die\":\"white\",\"minis\":9,\"keywords\":{\"immune_blast\":true}");
    ck_assert_int_eq(walk(sc, "rH", "wB").damage, 1);
    free(sc);
    /* Overrun is neither ranged nor melee (L2915-L2919): no cover, no suppression, no Deflect,
     * no Djem So */
    sc = legion(",\"attack_type\":\"overrun\",\"cover\":\"heavy\"", "\"pool\":{\"red\":2}",
                "\"die\":\"white\",\"minis\":9,\"keywords\":{\"deflect\":true,\"djem_so\":true}");
    no_state s = walk(sc, "rH rB", "wS");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.suppression, 0);
    ck_assert_int_eq(s.self_wounds, 0);
    free(sc);
}
END_TEST

START_TEST(divine_influence_guardian_cancels_crits)
{
    no_scenario *sc = legion("", "\"pool\":{\"red\":1}",
                             "\"die\":\"white\",\"minis\":9,\"guardian\":{\"x\":2,\"die\":\"white\","
                             "\"keywords\":{\"divine_influence\":true}}");
    no_state s = walk(sc, "rC", "wK"); /* the guardian takes the crit and blocks it */
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.guardian_wounds, 0);
    free(sc);
}
END_TEST

START_TEST(t11_t12_t15_stacking_vehicle_damage_pool_forming)
{
    /* T11 (L612): Precise 1 on the card + Precise 1 from an upgrade = Precise 2: 4 dice an aim */
    no_scenario *sc = legion("", "\"unit\":\"stormtroopers\",\"keywords\":{\"precise\":1}", "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][LK_PRECISE], 2);
    free(sc);
    sc = legion("", "\"pool\":{\"white\":4},\"tokens\":{\"aim\":1},\"keywords\":{\"precise\":2}",
                "\"die\":\"white\",\"minis\":9");
    ck_assert_int_eq(walk(sc, "wB wB wB wB  wH wH wH wH", "wB wB wB wB").damage, 4);
    free(sc);
    /* T12 (L1873-L1877): 3 wounds on the vehicle, 3 more: Resilience 6 gives a damage token,
     * but only once per game */
    sc = legion("", "\"pool\":{\"red\":3}", "\"die\":\"red\",\"type\":\"vehicle\",\"wounds\":9,\"wounded\":3,\"resilience\":6");
    ck_assert(walk(sc, "rH rH rH", "rB rB rB").flags & LG_FLAG_VEHICLE_DAMAGE);
    ck_assert(!(walk(sc, "rH rH rB", "rB rB").flags & LG_FLAG_VEHICLE_DAMAGE));
    free(sc);
    sc = legion("", "\"pool\":{\"red\":3}",
                "\"die\":\"red\",\"type\":\"vehicle\",\"wounds\":9,\"wounded\":3,\"resilience\":6,\"damaged\":true");
    ck_assert(!(walk(sc, "rH rH rH", "rB rB rB").flags & LG_FLAG_VEHICLE_DAMAGE));
    free(sc);
    /* T15 (L1528-L1534): 4 of 5 B1s have line of sight: 4 E-5 blasters in the pool */
    sc = legion("", "\"unit\":\"b1battledroids\",\"weapons\":[{\"name\":\"E-5 Blaster Rifle\",\"minis\":4}]",
                "\"die\":\"red\",\"minis\":9");
    ck_assert_int_eq(pool_of(sc, LG_WHITE), 4);
    free(sc);
}
END_TEST

/* T13 (L1228-L1232): Rebel Troopers, Courage 1, 2 suppression tokens rally with 2 white dice;
 * 2 blanks remove nothing: still suppressed and panicked. */
START_TEST(t13_rally_and_panic)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"rally\":{\"unit\":\"rebeltroopers\",\"suppression\":2}}");
    ck_assert_int_eq(sc->ctx.kw[NO_DEFENDER][LK_COURAGE], 1);
    no_state s = walk(sc, "", "wB wB");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.suppression, 2);
    ck_assert(s.flags & LG_FLAG_SUPPRESSED);
    ck_assert(s.flags & LG_FLAG_PANICKED);
    s = walk(sc, "", "wK wS"); /* a block and a surge each remove a token */
    ck_assert_int_eq(s.suppression, 0);
    ck_assert(!(s.flags & LG_FLAG_SUPPRESSED));
    /* exact: a token goes with probability 2/6; suppressed unless both go, panicked unless one goes */
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 2.0 / 3, 1e-15);
    ck_assert_near(sum.pmf[0].p, 4.0 / 9, 1e-15);
    ck_assert_near(sum.pmf[2].p, 1.0 / 9, 1e-15);
    free(sc);
    /* a commander's Courage 2 in range: panic needs 4 tokens left (L1233-L1235) */
    sc = scenario("{\"game\":\"legion\",\"rally\":{\"courage\":1,\"commander_courage\":2,\"suppression\":3}}");
    s = walk(sc, "", "wB wB wB");
    ck_assert(s.flags & LG_FLAG_SUPPRESSED);
    ck_assert(!(s.flags & LG_FLAG_PANICKED));
    free(sc);
}
END_TEST

/* T14 (L1125-L1135): a red defense die; a blank is not a block, so the opponent has priority. */
START_TEST(t14_priority_roll)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"priority\":{}}");
    ck_assert_int_eq(walk(sc, "", "rB").damage, 0);
    ck_assert_int_eq(walk(sc, "", "rS").damage, 0);
    ck_assert_int_eq(walk(sc, "", "rK").damage, 1);
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 0.5, 1e-15); /* 3 blocks on 6 sides */
    free(sc);
}
END_TEST


/* Self-Destruct X (L2254): X black dice, each a surge 1/8, crit 1/8, hit 3/8, blank 3/8. Against
 * one 1-wound miniature the unit is wiped unless every die shows a blank or a hit, and then it
 * gains a token per hit. The other reading swaps hits and crits. */
START_TEST(self_destruct_rolls_wounds_then_suppression)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"self_destruct\":{\"x\":3},"
                               "\"defender\":{\"die\":\"white\",\"minis\":1,\"wounds\":1}}");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.kill.p, 1 - 27.0 / 64, 1e-12);
    ck_assert_near(s.suppression[3].p, 27.0 / 512, 1e-12);
    ck_assert_near(s.suppression[1].p, 81.0 / 512, 1e-12);
    ck_assert_int_eq(s.max_suppression, 3);
    no_summary mc; /* Monte Carlo agrees within 5 standard errors */
    mc_summary(sc, 1000000, 5, &mc);
    ck_assert(fabs(mc.kill.p - s.kill.p) <= 5 * mc.kill.se);
    ck_assert(fabs(mc.suppression[3].p - s.suppression[3].p) <= 5 * mc.suppression[3].se);
    free(sc);
    /* the L1555 digits: wounds per surge and hit (1/2), a token per crit */
    sc = scenario("{\"game\":\"legion\",\"self_destruct\":{\"x\":3,\"reading\":\"digits\"},"
                  "\"defender\":{\"die\":\"white\",\"minis\":4}}");
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 1.5, 1e-12);
    ck_assert_near(s.suppression[3].p, 1.0 / 512, 1e-12);
    free(sc);
    /* a vehicle gains no suppression; wounds stop at what the unit can take */
    sc = scenario("{\"game\":\"legion\",\"self_destruct\":{\"x\":5},"
                  "\"defender\":{\"die\":\"red\",\"type\":\"vehicle\",\"wounds\":2}}");
    exact_summary(sc, &s);
    ck_assert_near(s.suppression[0].p, 1, 1e-12);
    ck_assert_int_eq(s.max_damage, 2);
    ck_assert_near(s.kill.p, 1 - pow(0.75, 5) - 5 * 0.25 * pow(0.75, 4), 1e-12);
    free(sc);
}
END_TEST

Suite *suite_legion(void)
{
    Suite *s = suite_create("legion");
    TCase *t = tcase_create("sequence");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, golden_five_white_dice);
    tcase_add_test(t, independent_dice_closed_form);
    tcase_add_test(t, no_unit_given_wounds_not_capped);
    tcase_add_test(t, no_unit_given_in_sequences_and_guardians);
    tcase_add_test(t, t1_roll_attack_dice);
    tcase_add_test(t, report_says_what_was_applied);
    tcase_add_test(t, t2_heavy_cover);
    tcase_add_test(t, t3_t4_defense_roll_and_compare);
    tcase_add_test(t, t5_wound_assignment);
    tcase_add_test(t, mixed_miniatures_take_wounds_in_the_rules_order);
    tcase_add_test(t, mixed_miniatures_exact_kill_statistics);
    tcase_add_test(t, t6_full_attack);
    tcase_add_test(t, t13_rally_and_panic);
    tcase_add_test(t, t14_priority_roll);
    tcase_add_test(t, self_destruct_rolls_wounds_then_suppression);
    tcase_add_test(t, trap1_downgrade_before_upgrade);
    tcase_add_test(t, trap2_rerolls_before_conversion);
    tcase_add_test(t, trap3_critical_then_chart_then_tokens);
    tcase_add_test(t, trap4_cover_before_impact);
    tcase_add_test(t, trap5_cover_pool_reads_raw_surges);
    tcase_add_test(t, trap6_cover_increases_cap_then_decreases);
    tcase_add_test(t, trap7_primitive_after_impact);
    tcase_add_test(t, trap8_pierce_last);
    tcase_add_test(t, trap9_deflect);
    tcase_add_test(t, trap10_block_needs_a_spent_dodge);
    tcase_add_test(t, trap11_suppression_from_step_four);
    tcase_add_test(t, trap13_impervious_counts_weapon_pierce);
    tcase_add_test(t, dodge_and_outmaneuver);
    tcase_add_test(t, armor_shields_backup);
    tcase_add_test(t, marksman_and_critical);
    tcase_add_test(t, uncanny_luck_and_soresu);
    tcase_add_test(t, danger_sense_and_djem_so);
    tcase_add_test(t, low_profile_and_blast);
    tcase_add_test(t, legion_monte_carlo_agrees);
    tcase_add_test(t, policies_behave_as_named);
    tcase_add_test(t, t8_spray_and_weapons);
    tcase_add_test(t, units_from_the_library);
    tcase_add_test(t, jedi_hunter_and_complete_the_mission);
    tcase_add_test(t, ion_flips_shields_without_cancelling);
    tcase_add_test(t, duelist_and_makashi);
    tcase_add_test(t, guardian_takes_hits_and_rolls_its_own_dice);
    tcase_add_test(t, t7_pierce_on_guardian_blocks_then_the_defender);
    tcase_add_test(t, several_guardians_and_a_guardians_soresu);
    tcase_add_test(t, death_from_above_and_overrun);
    tcase_add_test(t, divine_influence_guardian_cancels_crits);
    tcase_add_test(t, t11_t12_t15_stacking_vehicle_damage_pool_forming);
    tcase_add_test(t, default_policy_is_never_worse);
    tcase_add_test(t, tidying_changes_no_probability);
    suite_add_tcase(s, t);
    return s;
}
