/* check_constructs.c — the second-edition record keys that cards need beyond the tokens'
 * effects (docs/modifiers.md): conditions on the opponent's tokens, token colours, the windows
 * right after a roll, a reroll that is not a reroll, an exact count. Each test fails if its key
 * were read or applied otherwise: exact means worked by hand, or forced dice. */
#include "helpers.h"

static double mean_of(const char *atk, const char *def, const char *root)
{
    no_scenario *sc = xwing(root, atk, def);
    no_summary s;
    exact_summary(sc, &s);
    free(sc);
    return s.mean;
}

/* One attack die and a free change of a blank to a hit under a condition: E = 3/4 when the
 * condition holds (3 hit + 1 crit + 2 blank of 8 faces), 1/2 when not. */
#define BLANK_TO_HIT(cond) "\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\"," \
                           "\"faces\":[\"blank\"],\"to\":\"hit\"," cond "}]"

START_TEST(opponent_requires_and_forbids_read_the_other_side)
{
    /* "if the defender is stressed" */
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_requires\":[\"stress\"]"), "\"dice\":0,\"tokens\":{\"stress\":1}", ""),
                   0.75, 1e-15);
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_requires\":[\"stress\"]"), "\"dice\":0", ""), 0.5, 1e-15);
    /* read on the defender, not the owner: the attacker's own stress does not count */
    ck_assert_near(mean_of("\"tokens\":{\"stress\":1}," BLANK_TO_HIT("\"opponent_requires\":[\"stress\"]"),
                           "\"dice\":0", ""), 0.5, 1e-15);
    /* "if the defender has no focus token" */
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_forbids\":[\"focus\"]"), "\"dice\":0,\"tokens\":{\"focus\":1}", ""),
                   0.5, 1e-15);
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_forbids\":[\"focus\"]"), "\"dice\":0", ""), 0.75, 1e-15);
    /* a defender's: "if the attacker is stressed", change a blank to an evade, against one certain
     * hit: it lands on F only (2/8) with the change, on B or F (5/8) without */
    const char *hit = "\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
                      "\"faces\":\"any\",\"to\":\"hit\",\"mandatory\":true}]";
    char atk[512];
    snprintf(atk, sizeof atk, "%s,\"tokens\":{\"stress\":1}", hit);
    const char *def = "\"dice\":1,\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"change\","
                      "\"faces\":[\"blank\"],\"to\":\"evade\",\"opponent_requires\":[\"stress\"]}]";
    ck_assert_near(mean_of(atk, def, ""), 0.25, 1e-15);
    ck_assert_near(mean_of(hit, def, ""), 0.625, 1e-15);
}
END_TEST

START_TEST(token_colours_in_requires_and_forbids)
{
    /* "if you have no green tokens": a calculate or reinforce token is green (L400, L1538) */
    ck_assert_near(mean_of(BLANK_TO_HIT("\"forbids\":[\"green\"]"), "\"dice\":0", ""), 0.75, 1e-15);
    ck_assert_near(mean_of("\"tokens\":{\"reinforce\":1}," BLANK_TO_HIT("\"forbids\":[\"green\"]"),
                           "\"dice\":0", ""), 0.5, 1e-15);
    /* stress is red, not green (L1735): the change stands, and the stress is no cost */
    ck_assert_near(mean_of("\"tokens\":{\"stress\":1}," BLANK_TO_HIT("\"forbids\":[\"green\"]"),
                           "\"dice\":0", ""), 0.75, 1e-15);
    /* "if you have a red token": stress (L1735) */
    ck_assert_near(mean_of("\"tokens\":{\"stress\":1}," BLANK_TO_HIT("\"requires\":[\"red\"]"), "\"dice\":0", ""),
                   0.75, 1e-15);
    /* a deplete token is red (L1309) but is removed when it takes its die (L1307-L1316): by the
     * modify step it is gone (2 dice - 1 = 1 die, no change) */
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"deplete\":1},\"modifiers\":[{\"window\":\"attack-modify\","
                           "\"op\":\"change\",\"faces\":[\"blank\"],\"to\":\"hit\",\"requires\":[\"red\"]}]",
                           "\"dice\":0", ""), 0.5, 1e-15);
    /* "requires green" is any one green token, not all of them */
    ck_assert_near(mean_of("\"tokens\":{\"evade\":1}," BLANK_TO_HIT("\"requires\":[\"green\"]"),
                           "\"dice\":0", ""), 0.75, 1e-15);
    /* the opponent's colours: "if the defender has no green tokens" */
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_forbids\":[\"green\"]"), "\"dice\":0,\"tokens\":{\"evade\":1}", ""),
                   0.5, 1e-15);
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_forbids\":[\"green\"]"), "\"dice\":0,\"tokens\":{\"stress\":1}", ""),
                   0.75, 1e-15);
}
END_TEST

START_TEST(a_lock_is_the_red_token_of_the_locked_ship)
{
    /* FAQ L2771-L2777: the attacker's lock is the defender's red token, not the attacker's. The
     * attacker with a lock and "if you have no red tokens, change a blank to a hit": the change
     * stands. With one die: H/C 1/2; B 1/4 (changed); F 1/4, the lock rerolls it: 1/2 + 1/4.
     * E = 1/2 + 1/4 + 1/4 * 3/4 = 15/16 (the lock alone: 3/4). */
    ck_assert_near(mean_of("\"tokens\":{\"lock\":1}," BLANK_TO_HIT("\"forbids\":[\"red\"]"), "\"dice\":0", ""),
                   15.0 / 16, 1e-15);
    ck_assert_near(mean_of("\"tokens\":{\"lock\":1,\"ion\":1}," BLANK_TO_HIT("\"forbids\":[\"red\"]"),
                           "\"dice\":0", ""), 0.5, 1e-15); /* ion is red (L1232), and an ionized ship keeps no lock (L1238) */
    /* and the ship it is on has a red token: the defender's blank-to-evade "if you have a red
     * token" may be used while the attacker's lock is on it, and not once it is spent */
    no_scenario *sc = xwing("", "\"dice\":1,\"tokens\":{\"lock\":1}",
                            "\"dice\":1,\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"change\","
                            "\"faces\":[\"blank\"],\"to\":\"evade\",\"requires\":[\"red\"]}]");
    int m = sc->ctx.nmods - 1;
    ck_assert_int_eq(sc->ctx.mods[m].side, NO_DEFENDER);
    no_state s = sc->ctx.start;
    s.pool[NO_POOL_DEFENSE].n[NO_FRESH][XW_BLANK] = 1;
    ck_assert_int_eq(no_mod_usable(&sc->ctx, &s, m), 1);
    s.tok[NO_ATTACKER][NO_TOK_LOCK] = 0;
    ck_assert_int_eq(no_mod_usable(&sc->ctx, &s, m), 0);
    free(sc);
    /* so against one certain hit the attacker spends its lock (a reroll it does not need) to take
     * the defender's red token away: the change fails, 5/8 lands, as with no lock at all */
    const char *hit = "\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
                      "\"faces\":\"any\",\"to\":\"hit\",\"mandatory\":true}]";
    char atk[512];
    snprintf(atk, sizeof atk, "%s,\"tokens\":{\"lock\":1}", hit);
    const char *def = "\"dice\":1,\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"change\","
                      "\"faces\":[\"blank\"],\"to\":\"evade\",\"requires\":[\"red\"]}]";
    ck_assert_near(mean_of(atk, def, ""), 0.625, 1e-15);
    /* a lock the defender holds is on the attacker: the attacker's "if you have a red token" */
    ck_assert_near(mean_of(BLANK_TO_HIT("\"requires\":[\"red\"]"), "\"dice\":0,\"tokens\":{\"lock\":1}", ""),
                   0.75, 1e-15);
    ck_assert_near(mean_of(BLANK_TO_HIT("\"requires\":[\"red\"]"), "\"dice\":0", ""), 0.5, 1e-15);
    /* seen from the attacker: "if the defender has a red token" holds while the lock is on it,
     * and no longer once the lock has rerolled: B is changed (1/4), a rerolled F is not
     * (1/4 * 1/2): E = 1/2 + 1/4 + 1/8 = 7/8 (15/16 if the lock stayed red after spending) */
    ck_assert_near(mean_of("\"tokens\":{\"lock\":1}," BLANK_TO_HIT("\"opponent_requires\":[\"red\"]"),
                           "\"dice\":0", ""), 7.0 / 8, 1e-15);
}
END_TEST

START_TEST(colours_are_second_edition)
{
    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    const char *json = "{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{" BLANK_TO_HIT("\"forbids\":[\"green\"]")
                       "},\"defender\":{\"dice\":0}}";
    ck_assert_int_ne(no_scenario_parse(json, "t.json", sc, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "forbids[0]") != NULL, "%s", err);
    free(sc);
}
END_TEST

/* A record of `window` (its side's) as JSON: change 1 die showing `from` to `to`. */
static void change(char *out, size_t n, const char *window, const char *from, const char *to)
{
    snprintf(out, n, "\"modifiers\":[{\"window\":\"%s\",\"op\":\"change\",\"faces\":[\"%s\"],\"to\":\"%s\"}]",
             window, from, to);
}

START_TEST(rolled_windows_come_before_every_modify_step_in_2e)
{
    /* The attacker's "after rolling" change of a blank to a focus comes before the defender's
     * step 2b (FAQ L3200-L3202), which changes that focus back to a blank: no damage. Had it
     * been the attacker's step 2b, after the defender's (L336), its focus token would make it a
     * hit. */
    char atk[512], def[512], mod[256];
    change(mod, sizeof mod, "attack-rolled", "blank", "focus");
    snprintf(atk, sizeof atk, "\"dice\":1,\"tokens\":{\"focus\":1},%s", mod);
    change(mod, sizeof mod, "attack-modify", "focus", "blank");
    snprintf(def, sizeof def, "\"dice\":0,%s", mod);
    no_scenario *sc = xwing("", atk, def);
    ck_assert_int_eq(forced(sc, "B").damage, 0);
    free(sc);
    change(mod, sizeof mod, "attack-modify", "blank", "focus");
    snprintf(atk, sizeof atk, "\"dice\":1,\"tokens\":{\"focus\":1},%s", mod);
    sc = xwing("", atk, def);
    ck_assert_int_eq(forced(sc, "B").damage, 1);
    free(sc);
    /* defense dice: the defender's "after rolling" blank-to-evade comes before the attacker's
     * step 3b, whose evade-to-blank then takes it back (L346): the hit lands */
    change(mod, sizeof mod, "defense-modify", "evade", "blank");
    snprintf(atk, sizeof atk, "\"dice\":1,%s", mod);
    change(mod, sizeof mod, "defense-rolled", "blank", "evade");
    snprintf(def, sizeof def, "\"dice\":1,%s", mod);
    sc = xwing("", atk, def);
    ck_assert_int_eq(forced(sc, "H B").damage, 1);
    free(sc);
    change(mod, sizeof mod, "defense-modify", "blank", "evade");
    snprintf(def, sizeof def, "\"dice\":1,%s", mod);
    sc = xwing("", atk, def);
    ck_assert_int_eq(forced(sc, "H B").damage, 0);
    free(sc);
}
END_TEST

START_TEST(rolled_windows_take_both_players_in_player_order)
{
    /* Both players' effects after one roll, the first player's first (FAQ L3204-L3206): the
     * attacker's blank-to-hit and the defender's blank-to-focus on one blank die */
    char atk[512], def[512], mod[256];
    change(mod, sizeof mod, "attack-rolled", "blank", "hit");
    snprintf(atk, sizeof atk, "\"dice\":1,%s", mod);
    change(mod, sizeof mod, "attack-rolled", "blank", "focus");
    snprintf(def, sizeof def, "\"dice\":0,%s", mod);
    no_scenario *sc = xwing("", atk, def);
    ck_assert_int_eq(forced(sc, "B").damage, 1);
    free(sc);
    sc = xwing(",\"first_player\":\"defender\"", atk, def);
    ck_assert_int_eq(forced(sc, "B").damage, 0);
    free(sc);
    /* exact: the defender first, its change of a blank leaves the attacker nothing: E = 1/2 */
    no_summary sum;
    sc = xwing(",\"first_player\":\"defender\"", atk, def);
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 0.5, 1e-15);
    free(sc);
    sc = xwing("", atk, def); /* the attacker first: every blank becomes a hit, 3/4 */
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 0.75, 1e-15);
    free(sc);
}
END_TEST

Suite *suite_constructs(void)
{
    Suite *s = suite_create("constructs");
    TCase *t = tcase_create("records");
    tcase_add_test(t, opponent_requires_and_forbids_read_the_other_side);
    tcase_add_test(t, token_colours_in_requires_and_forbids);
    tcase_add_test(t, a_lock_is_the_red_token_of_the_locked_ship);
    tcase_add_test(t, colours_are_second_edition);
    tcase_add_test(t, rolled_windows_come_before_every_modify_step_in_2e);
    tcase_add_test(t, rolled_windows_take_both_players_in_player_order);
    suite_add_tcase(s, t);
    return s;
}
