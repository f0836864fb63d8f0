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

/* One die, a free reroll of a blank right after the roll (Han Solo's timing), then a free reroll
 * of a blank in step 2b. Counting as a reroll, the first leaves the die marked: B then gives
 * 1/2, E = 1/2 + 1/4 * 1/2 = 5/8. Not counting (FAQ L2839-L2841), a blank again may be rerolled
 * once more: B gives 1/2 + 1/4 * 1/2 = 5/8, E = 1/2 + 1/4 * 5/8 = 21/32. */
START_TEST(a_reroll_that_does_not_count_leaves_the_die_rerollable)
{
    const char *fmt = "\"dice\":1,\"modifiers\":[{\"window\":\"attack-rolled\",\"op\":\"reroll\","
                      "\"faces\":[\"blank\"]%s},{\"window\":\"attack-modify\",\"op\":\"reroll\",\"faces\":[\"blank\"]}]";
    char atk[512];
    snprintf(atk, sizeof atk, fmt, ",\"counts_as_reroll\":false");
    ck_assert_near(mean_of(atk, "\"dice\":0", ""), 21.0 / 32, 1e-15);
    no_scenario *sc = xwing("", atk, "\"dice\":0");
    ck_assert_int_eq(forced(sc, "B B H").damage, 1); /* three rolls of the one die */
    free(sc);
    snprintf(atk, sizeof atk, fmt, "");
    ck_assert_near(mean_of(atk, "\"dice\":0", ""), 5.0 / 8, 1e-15);
}
END_TEST

START_TEST(a_reroll_that_does_not_count_may_take_a_rerolled_die_and_keeps_its_mark)
{
    /* A counted reroll in step 2b, then one that does not count (attack-after-modify) takes the
     * same die again (FAQ L2840-L2841); a counted reroll before neutralizing may not take it a
     * third time: the die stays rerolled (L29). Forced dice: B, B, then H or B with no more. */
    const char *atk = "\"dice\":1,\"modifiers\":["
                      "{\"window\":\"attack-modify\",\"op\":\"reroll\",\"faces\":[\"blank\"]},"
                      "{\"window\":\"attack-after-modify\",\"op\":\"reroll\",\"faces\":[\"blank\"],\"counts_as_reroll\":false},"
                      "{\"window\":\"before-neutralize\",\"pool\":\"attack\",\"op\":\"reroll\",\"faces\":[\"blank\"]}]";
    no_scenario *sc = xwing("", atk, "\"dice\":0");
    ck_assert_int_eq(forced(sc, "B B H").damage, 1);
    no_state s = forced(sc, "B B B");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.pool[NO_POOL_ATTACK].n[NO_REROLLED][XW_BLANK], 1);
    /* exact: H/C 1/2, F 1/4 stays; B 1/4 is rerolled (1/2, and B 1/4 goes on to the second
     * reroll, 1/2): 5/8; E = 1/2 + 1/4 * 5/8 = 21/32 (5/8 if the second could not take it) */
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 21.0 / 32, 1e-15);
    free(sc);
}
END_TEST

/* Saturation Salvo: the attacker has 2 defense dice rerolled, against one certain hit. */
#define CERTAIN_HIT "\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\"," \
                    "\"faces\":\"any\",\"to\":\"hit\",\"mandatory\":true}," \
                    "{\"window\":\"defense-modify\",\"op\":\"reroll\",\"count\":2%s}]"

START_TEST(an_exact_count_takes_that_many_or_all_there_are)
{
    char atk[512];
    snprintf(atk, sizeof atk, CERTAIN_HIT, ",\"exact\":true");
    /* 2 defense dice: both rerolled or neither. Any evade: both (each lands 5/8); none: keep.
     * P(lands) = 25/64 + 39/64 * 25/64 = 2575/4096 */
    ck_assert_near(mean_of(atk, "\"dice\":2", ""), 2575.0 / 4096, 1e-15);
    /* "up to 2": each evade alone, each die 5/8 + 3/8 * 5/8 = 55/64: (55/64)^2 */
    char up_to[512];
    snprintf(up_to, sizeof up_to, CERTAIN_HIT, "");
    ck_assert_near(mean_of(up_to, "\"dice\":2", ""), 55.0 * 55 / 4096, 1e-15);
    /* 1 defense die: it is rerolled alone, the effect resolved as fully as it can be (FAQ
     * L2833-L2835): 5/8 + 3/8 * 5/8 = 55/64 */
    ck_assert_near(mean_of(atk, "\"dice\":1", ""), 55.0 / 64, 1e-15);
    /* 3 dice: exactly 2 of them (L2837): E B B can only be rerolled as E and a blank */
    no_scenario *sc = xwing("", atk, "\"dice\":3");
    ck_assert_int_eq(forced(sc, "H EBB BB").damage, 1);
    free(sc);
}
END_TEST

START_TEST(exact_and_counts_as_reroll_are_checked)
{
    static const char *const bad[] = {
        "{\"window\":\"attack-modify\",\"op\":\"change\",\"to\":\"hit\",\"counts_as_reroll\":false}",
        "{\"window\":\"attack-modify\",\"op\":\"reroll\",\"count\":\"all\",\"exact\":true}",
        "{\"window\":\"attack-modify\",\"op\":\"add\",\"to\":\"hit\",\"exact\":true}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char json[1024], err[NO_ERR_LEN];
        snprintf(json, sizeof json, "{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[%s]},"
                 "\"defender\":{\"dice\":0}}", bad[i]);
        no_scenario *sc = malloc(sizeof *sc);
        ck_assert_msg(no_scenario_parse(json, "t.json", sc, err, sizeof err) != 0, "accepted: %s", bad[i]);
        free(sc);
    }
}
END_TEST

START_TEST(jam_tokens_change_no_dice_and_conditions_read_them)
{
    /* a jammed defender rolls and modifies as an unjammed one: 1 die vs 1 die, E = 1/2 * 5/8 */
    ck_assert_near(mean_of("\"dice\":1", "\"dice\":1,\"tokens\":{\"jam\":1}", ""), 5.0 / 16, 1e-15);
    /* "if the defender is jammed" / has an orange token (L1216) */
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_requires\":[\"jam\"]"), "\"dice\":0,\"tokens\":{\"jam\":1}", ""),
                   0.75, 1e-15);
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_requires\":[\"orange\"]"), "\"dice\":0,\"tokens\":{\"jam\":1}", ""),
                   0.75, 1e-15);
    ck_assert_near(mean_of(BLANK_TO_HIT("\"opponent_requires\":[\"jam\"]"), "\"dice\":0", ""), 0.5, 1e-15);
    /* a jammed ship holds no green token and no lock (L1216-L1218) */
    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1,"
                                       "\"tokens\":{\"jam\":1,\"focus\":1}}}", "t.json", sc, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "defender.tokens.jam") && strstr(err, "L1216"), "%s", err);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"tokens\":{\"jam\":1,\"lock\":1}},"
                                       "\"defender\":{\"dice\":1}}", "t.json", sc, err, sizeof err), 0);
    free(sc);
}
END_TEST

START_TEST(thirty_modifiers_fit_in_one_attack)
{
    /* cards stack: NO_MAX_MODS records in one attack, token effects included */
    ck_assert_int_ge(NO_MAX_MODS, 30);
    char atk[8192] = "\"dice\":2,\"modifiers\":[";
    for (int i = 0; i < NO_MAX_MODS; i++)
        snprintf(atk + strlen(atk), sizeof atk - strlen(atk), "%s{\"window\":\"attack-modify\",\"op\":\"change\","
                 "\"faces\":[\"blank\"],\"to\":\"focus\"}", i ? "," : "");
    strcat(atk, "]");
    char json[9000];
    snprintf(json, sizeof json, "{\"game\":\"xwing\",\"attacker\":{%s},\"defender\":{\"dice\":0}}", atk);
    no_scenario *sc = scenario(json);
    ck_assert_int_eq(sc->ctx.nmods, NO_MAX_MODS);
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 1.0, 1e-15); /* blanks become focus results: still 2 * 1/2 */
    free(sc);
}
END_TEST

/* An ability entry's "ion_weapon": the attack is an ion weapon's, as attacker.ion_weapon: of
 * H H C, one result deals 1 hit damage and the two others become ion tokens (Ion Cannon's text;
 * FAQ L3006-L3010: the damage before the ion tokens). Listed by the defender it does nothing. */
START_TEST(an_ion_weapon_ability_makes_the_attack_an_ion_attack)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    no_scenario *sc = xwing(nodeck, "\"dice\":3,\"abilities\":[\"ion-cannon\"]", "\"dice\":0,\"hull\":5");
    ck_assert_int_eq(sc->ctx.ion_weapon, 1);
    no_state s = forced(sc, "HHC");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.ion_tokens, 2);
    ck_assert_int_eq(s.faceup, 0);
    /* exact, 2 dice: damage P(k >= 1) = 3/4, ion tokens E[k] - 3/4 = 1/4; the flag the same */
    free(sc);
    no_summary a, b;
    sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"ion-cannon\"]", "\"dice\":0,\"hull\":5");
    exact_summary(sc, &a);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2,\"ion_weapon\":true", "\"dice\":0,\"hull\":5");
    exact_summary(sc, &b);
    free(sc);
    ck_assert_near(a.mean, 0.75, 1e-15);
    ck_assert_near(a.ion.p, 0.25, 1e-15);
    ck_assert_near(b.ion.p, a.ion.p, 1e-15);
    /* the defender's listing: the attacker's weapon is no ion weapon */
    sc = xwing(nodeck, "\"dice\":3", "\"dice\":0,\"hull\":5,\"abilities\":[\"ion-cannon\"]");
    ck_assert_int_eq(sc->ctx.ion_weapon, 0);
    s = forced(sc, "HHC");
    ck_assert_int_eq(s.damage, 3);
    ck_assert_int_eq(s.ion_tokens, 0);
    free(sc);
}
END_TEST

/* Second edition "evade results do not cancel crit results" (Autoblasters, Devastating Barrage:
 * the entry key uncancellable): evades go to hits only, and a reinforce token's evade (L1546)
 * cancels no crit either. */
START_TEST(uncancellable_crits_in_2e_and_reinforce)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    const char *evades = "\"dice\":2,\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"change\","
                         "\"faces\":\"any\",\"to\":\"evade\",\"count\":\"all\",\"mandatory\":true}]";
    /* H C against E E: the hit is cancelled, the crit is not (both are, without the card) */
    no_scenario *sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"wartime-loadout\"]", evades);
    no_state s = forced(sc, "HC EE");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2", evades);
    ck_assert_int_eq(forced(sc, "HC EE").damage, 0);
    free(sc);
    /* C C against a reinforce token: it would cancel one of two results (L1546), but it is an
     * evade result: both crits land; H C: the reinforce takes the hit */
    sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"wartime-loadout\"]", "\"dice\":0,\"tokens\":{\"reinforce\":1}");
    ck_assert_int_eq(forced(sc, "CC").damage, 2);
    s = forced(sc, "HC");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2", "\"dice\":0,\"tokens\":{\"reinforce\":1}");
    ck_assert_int_eq(forced(sc, "CC").damage, 1);
    free(sc);
}
END_TEST

/* pool_cannot_be_modified (2e): no one rerolls, changes or adds to that pool, the owner's own
 * effects and effects of other ships included; cancels stay (L195, L1344), and so do dice counts
 * (L1345). Dark Curse defending: the attack dice. */
START_TEST(a_pool_that_cannot_be_modified)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    /* the attacker's focus token and lock are of no use: one die, E = 1/2 against no defense */
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1,\"lock\":1}",
                           "\"dice\":0,\"abilities\":[\"dark-curse-battleofyavin\"]", nodeck), 0.5, 1e-15);
    /* nor the defender's own change of the attack dice (hit to focus), while its cancel of a hit
     * stays: H H -> 1 damage (2 with neither, 0 if the change worked too) */
    const char *def = "\"dice\":0,\"abilities\":[\"dark-curse-battleofyavin\"],\"modifiers\":["
                      "{\"window\":\"attack-modify\",\"pool\":\"attack\",\"op\":\"change\",\"faces\":[\"hit\"],\"to\":\"focus\"},"
                      "{\"window\":\"before-neutralize\",\"pool\":\"attack\",\"op\":\"cancel\",\"faces\":[\"hit\"]}]";
    no_scenario *sc = xwing(nodeck, "\"dice\":2", def);
    ck_assert_int_eq(forced(sc, "HH").damage, 1);
    free(sc);
    /* a reroll that is not a reroll is a modification all the same (Midnight and Han Solo, FAQ
     * L3128-L3130); an added die count is not: 1 + 1 dice, E = 1 (without Dark Curse one blank is
     * rerolled when there is one, 7/16: E = 1 + 7/16 * 1/2 = 39/32) */
    const char *han = "\"dice\":1,\"modifiers\":[{\"window\":\"attack-rolled\",\"op\":\"reroll\","
                      "\"faces\":[\"blank\"],\"counts_as_reroll\":false},"
                      "{\"window\":\"attack-dice\",\"op\":\"dice\",\"amount\":1}]";
    ck_assert_near(mean_of(han, "\"dice\":0,\"abilities\":[\"dark-curse-battleofyavin\"]", nodeck), 1.0, 1e-15);
    ck_assert_near(mean_of(han, "\"dice\":0", nodeck), 39.0 / 32, 1e-15);
    /* the defense dice stay free: the attacker with Dark Curse does nothing, and against Dark
     * Curse the defender's evade token works (1 die vs 1 die and an evade: always an evade) */
    ck_assert_near(mean_of("\"dice\":1", "\"dice\":1,\"tokens\":{\"evade\":1},\"abilities\":[\"dark-curse-battleofyavin\"]",
                           nodeck), 0.0, 1e-15);
    /* Dineé: the enemy's dice in either role. Defending with a focus token (5/8 evade) against
     * 1 die with a focus token it cannot spend (1/2): 1/2 * 3/8 */
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1}",
                           "\"dice\":1,\"tokens\":{\"focus\":1},\"abilities\":[\"dinee-ellberger\"]", nodeck),
                   3.0 / 16, 1e-15);
    /* attacking: its focus (3/4) stands, the defender's evade token cannot be spent (5/8) */
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1},\"abilities\":[\"dinee-ellberger\"]",
                           "\"dice\":1,\"tokens\":{\"evade\":1}", nodeck), 15.0 / 32, 1e-15);
}
END_TEST

START_TEST(pool_cannot_be_modified_is_read_and_checked)
{
    /* the pool by the owner's role: Dineé's is the defense dice when she attacks, the attack dice
     * when she defends; Moff Gideon's only when listed on the attacker */
    no_scenario *sc = xwing("", "\"dice\":1,\"abilities\":[\"dinee-ellberger\"]", "\"dice\":1");
    ck_assert_int_eq(sc->ctx.start.sealed, 1u << NO_POOL_DEFENSE);
    free(sc);
    sc = xwing("", "\"dice\":1", "\"dice\":1,\"abilities\":[\"dinee-ellberger\",\"moff-gideon\"]");
    ck_assert_int_eq(sc->ctx.start.sealed, 1u << NO_POOL_ATTACK);
    free(sc);
}
END_TEST

/* max_dice: usable only while the pool holds at most that many dice (TV-94: "if there are 2 or
 * fewer attack dice"). A free add of a hit: 2 dice, E = 1 + 1; 3 dice, none: E = 3/2; 0 dice
 * (0 <= 2): E = 1. The limit counts the pool as it is when offered, not the dice rolled. */
START_TEST(max_dice_is_the_counterpart_of_min_dice)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    const char *fmt = "\"dice\":%d,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"add\",\"to\":\"hit\",\"max_dice\":2}]";
    char atk[256];
    snprintf(atk, sizeof atk, fmt, 2);
    ck_assert_near(mean_of(atk, "\"dice\":0", nodeck), 2.0, 1e-15);
    snprintf(atk, sizeof atk, fmt, 3);
    ck_assert_near(mean_of(atk, "\"dice\":0", nodeck), 1.5, 1e-15);
    snprintf(atk, sizeof atk, fmt, 0);
    ck_assert_near(mean_of(atk, "\"dice\":0", nodeck), 1.0, 1e-15);
    /* two adds of a hit to 1 die, each "with at most 2 dice": the first makes 2, the second
     * still fits (2 <= 2), a third would not: E = 1/2 + 2 */
    ck_assert_near(mean_of("\"dice\":1,\"modifiers\":["
                           "{\"window\":\"attack-modify\",\"op\":\"add\",\"to\":\"hit\",\"max_dice\":2},"
                           "{\"window\":\"attack-modify\",\"op\":\"add\",\"to\":\"hit\",\"max_dice\":2},"
                           "{\"window\":\"attack-modify\",\"op\":\"add\",\"to\":\"hit\",\"max_dice\":2}]",
                           "\"dice\":0", nodeck), 2.5, 1e-15);
    /* TV-94 spends a calculate token on it */
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"calculate\":1},\"abilities\":[\"tv-94\"]", "\"dice\":0", nodeck),
                   2.0, 1e-15);
    /* a limit below min_dice is refused */
    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":"
                                       "\"attack-modify\",\"op\":\"add\",\"to\":\"hit\",\"min_dice\":3,\"max_dice\":2}]},"
                                       "\"defender\":{\"dice\":0}}", "t.json", sc, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "max_dice") != NULL, "%s", err);
    free(sc);
}
END_TEST

/* The after-neutralize window (2e): effects "after the Neutralize Results step" act on the
 * results step 4 left uncancelled (cancelled dice are taken away, L193), and damage is dealt for
 * what they leave. Bossk: spend a crit to add 2 hits (a change to a hit, then an added hit). */
#define BOSSK "{\"window\":\"after-neutralize\",\"op\":\"change\",\"faces\":[\"crit\"],\"to\":\"hit\"," \
              "\"then\":{\"op\":\"add\",\"to\":\"hit\",\"count\":1}}"
#define CANCEL_AFTER "{\"window\":\"after-neutralize\",\"op\":\"cancel\",\"faces\":[\"hit\",\"crit\"]}"
START_TEST(after_neutralize_acts_on_the_uncancelled_results)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    no_scenario *sc = xwing(nodeck, "\"dice\":1,\"modifiers\":[" BOSSK "]", "\"dice\":1");
    no_state s = forced(sc, "C B");
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(s.faceup, 0);
    /* the evade cancelled the crit first: nothing to spend (before neutralizing, 2 hits against
     * 1 evade would have landed 1) */
    ck_assert_int_eq(forced(sc, "C E").damage, 0);
    free(sc);
    /* H C against an evade: the hit is cancelled (L356), the crit left becomes 2 hits */
    sc = xwing(nodeck, "\"dice\":2,\"modifiers\":[" BOSSK "]", "\"dice\":1");
    ck_assert_int_eq(forced(sc, "HC E").damage, 2);
    free(sc);
    /* "if there are 2 or more results" (General Grievous): min_dice counts the uncancelled
     * results only: H H H against E leaves 2, one is cancelled; H H against E leaves 1 */
    sc = xwing(nodeck, "\"dice\":3", "\"dice\":1,\"abilities\":[\"general-grievous-crew\"]");
    ck_assert_int_eq(forced(sc, "HHH E").damage, 1);
    ck_assert_int_eq(forced(sc, "HHB E").damage, 1);
    ck_assert_int_eq(forced(sc, "HHB B").damage, 1);
    ck_assert_int_eq(forced(sc, "HBB B").damage, 1);
    free(sc);
    /* "if the attack hit" (Turbolaser Battery: min_dice 1): a miss adds nothing */
    const char *turbo = "\"dice\":1,\"modifiers\":[{\"window\":\"after-neutralize\",\"op\":\"add\",\"to\":\"hit\","
                        "\"count\":3,\"min_dice\":1}]";
    sc = xwing(nodeck, turbo, "\"dice\":1");
    ck_assert_int_eq(forced(sc, "H B").damage, 4);
    ck_assert_int_eq(forced(sc, "H E").damage, 0);
    free(sc);
    /* exact: 1 die against 1 die, E = 4 * 1/2 * 5/8 = 5/4 */
    ck_assert_near(mean_of(turbo, "\"dice\":1", nodeck), 1.25, 1e-15);
    /* an ion weapon deals for what the window leaves: C against nothing, Bossk (made mandatory:
     * the policies do not value ion tokens, and 1 damage comes either way): 2 hits, 1 damage and
     * 1 ion token */
    sc = xwing(nodeck, "\"dice\":1,\"ion_weapon\":true,\"modifiers\":[{\"window\":\"after-neutralize\","
               "\"op\":\"change\",\"faces\":[\"crit\"],\"to\":\"hit\",\"mandatory\":true,"
               "\"then\":{\"op\":\"add\",\"to\":\"hit\",\"count\":1}}]", "\"dice\":0,\"hull\":5");
    s = forced(sc, "C");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.ion_tokens, 1);
    free(sc);
}
END_TEST

/* Both players' after-neutralize effects resolve in player order (the ability queue, L594-L598):
 * the attacker's Bossk and the defender's cancel of a hit or crit, on one crit. The attacker
 * first: 2 hits, one cancelled: 1. The defender first: the crit is cancelled, Bossk has
 * nothing: 0. */
START_TEST(after_neutralize_in_player_order)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    const char *atk = "\"dice\":1,\"modifiers\":[" BOSSK "]", *def = "\"dice\":0,\"modifiers\":[" CANCEL_AFTER "]";
    no_scenario *sc = xwing(nodeck, atk, def);
    ck_assert_int_eq(forced(sc, "C").damage, 1);
    free(sc);
    char root[128];
    snprintf(root, sizeof root, "%s,\"first_player\":\"defender\"", nodeck);
    sc = xwing(root, atk, def);
    ck_assert_int_eq(forced(sc, "C").damage, 0);
    free(sc);
    /* exact, 1 die: attacker first, H 3/8 -> 0, C 1/8 -> 1: 1/8; defender first: 0 */
    ck_assert_near(mean_of(atk, def, nodeck), 1.0 / 8, 1e-15);
    ck_assert_near(mean_of(atk, def, root), 0.0, 1e-15);
}
END_TEST

START_TEST(after_neutralize_is_checked)
{
    static const char *const bad[] = {
        "{\"window\":\"after-neutralize\",\"op\":\"reroll\"}",
        "{\"window\":\"after-neutralize\",\"pool\":\"defense\",\"op\":\"cancel\",\"faces\":[\"evade\"]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char json[1024], err[NO_ERR_LEN];
        snprintf(json, sizeof json, "{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[%s]},"
                 "\"defender\":{\"dice\":0}}", bad[i]);
        no_scenario *sc = malloc(sizeof *sc);
        ck_assert_msg(no_scenario_parse(json, "t.json", sc, err, sizeof err) != 0, "accepted: %s", bad[i]);
        /* and first edition has no such window */
        snprintf(json, sizeof json, "{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1,\"modifiers\":["
                 CANCEL_AFTER "]},\"defender\":{\"dice\":0}}");
        ck_assert_int_ne(no_scenario_parse(json, "t.json", sc, err, sizeof err), 0);
        free(sc);
    }
}
END_TEST

/* Round 3 (second edition). opponent_cannot_spend: the other side's records that cost those
 * tokens are refused, built-in token effects included; the Force is a charge (L460) and stays.
 * Ember attacking: 1 die vs 1 die with focus and calculate it cannot spend: 1/2 * 5/8 = 5/16
 * (3/16 when the focus works). Fenn Rau defending, "all": the attacker's focus and lock are
 * barred (1/2), its Force is not (F -> hit: 3/4). */
START_TEST(opponent_cannot_spend_bars_the_other_sides_tokens)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    ck_assert_near(mean_of("\"dice\":1,\"abilities\":[\"ember\"]", "\"dice\":1,\"tokens\":{\"focus\":1,\"calculate\":1}", nodeck),
                   5.0 / 16, 1e-15);
    ck_assert_near(mean_of("\"dice\":1", "\"dice\":1,\"tokens\":{\"focus\":1}", nodeck), 3.0 / 16, 1e-15);
    /* Ember's is an attacking rule: defending, the attacker's focus works (3/4) */
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1}", "\"dice\":0,\"abilities\":[\"ember\"]", nodeck), 0.75, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1,\"lock\":1}", "\"dice\":0,\"abilities\":[\"fenn-rau-sheathipede\"]",
                           nodeck), 0.5, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"force\":1,\"lock\":1}", "\"dice\":0,\"abilities\":[\"fenn-rau-sheathipede\"]",
                           nodeck), 0.75, 1e-15);
    /* "green" (Dead to Rights): focus, evade and calculate barred, the Force kept: 1 die vs 1 die,
     * the defender's F becomes an evade by the Force only: 1/2 * 3/8 */
    ck_assert_near(mean_of("\"dice\":1,\"abilities\":[\"dead-to-rights\"]",
                           "\"dice\":1,\"tokens\":{\"focus\":1,\"evade\":1,\"calculate\":1,\"force\":1}", nodeck),
                   3.0 / 16, 1e-15);
    /* cannot_spend on the owner (Networked Aim): its lock rerolls nothing, its own reroll counts
     * the lock: 2 dice, one die rerolled when one misses: 1 + 3/4 * 1/2 = 11/8 (the lock: 3/2) */
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"lock\":1},\"abilities\":[\"networked-aim\"]", "\"dice\":0", nodeck),
                   11.0 / 8, 1e-15);
    /* second edition only: count_from and owner are refused in xwing-1e */
    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1,\"modifiers\":["
                                       "{\"window\":\"attack-modify\",\"op\":\"reroll\",\"count_from\":{\"side\":\"owner\","
                                       "\"tokens\":[\"stress\"]}}]},\"defender\":{\"dice\":0}}", "t.json", sc, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "second-edition") != NULL, "%s", err);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1,\"modifiers\":["
                                       "{\"window\":\"attack-modify\",\"op\":\"reroll\",\"owner\":\"opponent\"}]},"
                                       "\"defender\":{\"dice\":0}}", "t.json", sc, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "second-edition") != NULL, "%s", err);
    free(sc);
}
END_TEST

/* {"one_of": [...]} (4-LOM): after the attack roll the owner names one kind; the other side then
 * cannot spend it. 1 die vs 1 die with focus and evade: without 4-LOM every defense result is an
 * evade (0); naming evade leaves B unanswered: 1/2 * 3/8 = 3/16; were both barred, 5/16. */
START_TEST(one_named_token_kind_is_barred_after_the_roll)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    ck_assert_near(mean_of("\"dice\":1,\"abilities\":[\"4-lom-crew\"]", "\"dice\":1,\"tokens\":{\"focus\":1,\"evade\":1}", nodeck),
                   3.0 / 16, 1e-15);
    ck_assert_near(mean_of("\"dice\":1", "\"dice\":1,\"tokens\":{\"focus\":1,\"evade\":1}", nodeck), 0.0, 1e-15);
    /* forced: H, then B: the evade token named is barred, the hit lands */
    no_scenario *sc = xwing(nodeck, "\"dice\":1,\"abilities\":[\"4-lom-crew\"]", "\"dice\":1,\"tokens\":{\"focus\":1,\"evade\":1}");
    no_state s = forced(sc, "H B");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_EVADE], 1);
    free(sc);
}
END_TEST

/* count_from: up to one die per token counted, read when offered. Matchstick, 1 die: a stress
 * token (or the defender's lock on it, its red token, FAQ L2771-L2777) rerolls a miss: 3/4; none:
 * 1/2; 2 dice and 1 red token: 1 + 3/4 * 1/2 = 11/8; 2 red tokens: 3/2. BT-1 (the defender's
 * stress): forced H H against 1 stress: 1 crit; 2 stress: 2. */
START_TEST(a_count_taken_from_a_token_count)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"stress\":1},\"abilities\":[\"matchstick\"]", "\"dice\":0", nodeck), 0.75, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"abilities\":[\"matchstick\"]", "\"dice\":0,\"tokens\":{\"lock\":1}", nodeck), 0.75, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"abilities\":[\"matchstick\"]", "\"dice\":0", nodeck), 0.5, 1e-15);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"stress\":1},\"abilities\":[\"matchstick\"]", "\"dice\":0", nodeck),
                   11.0 / 8, 1e-15);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"stress\":1,\"strain\":1},\"abilities\":[\"matchstick\"]", "\"dice\":0", nodeck),
                   1.5, 1e-15);
    no_scenario *sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"bt-1\"]", "\"dice\":0,\"tokens\":{\"stress\":1}");
    no_state s = forced(sc, "HH");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"bt-1\"]", "\"dice\":0,\"tokens\":{\"stress\":2}");
    s = forced(sc, "HH");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 2);
    free(sc);
    /* refused beside a count, on an add */
    char err[NO_ERR_LEN];
    sc = malloc(sizeof *sc);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\","
                                       "\"op\":\"reroll\",\"count\":2,\"count_from\":{\"side\":\"owner\",\"tokens\":[\"red\"]}}]},"
                                       "\"defender\":{\"dice\":0}}", "t.json", sc, err, sizeof err), 0);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\","
                                       "\"op\":\"add\",\"to\":\"hit\",\"count_from\":{\"side\":\"owner\",\"tokens\":[\"red\"]}}]},"
                                       "\"defender\":{\"dice\":0}}", "t.json", sc, err, sizeof err), 0);
    free(sc);
}
END_TEST

/* whole in 2e (L3-37 crew, the defender's): every attack die not rerolled yet, or none. 1 die:
 * a hit is rerolled, 1/2 * 1/2 = 1/4. 2 dice: H H (1/4) -> 1; one success (1/2): 1 either way,
 * kept; E = 3/4 (a free choice of dice would reroll the lone hit: 1/2). */
START_TEST(a_whole_pool_reroll_in_2e)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    ck_assert_near(mean_of("\"dice\":1", "\"dice\":0,\"abilities\":[\"l3-37-crew\"]", nodeck), 0.25, 1e-15);
    ck_assert_near(mean_of("\"dice\":2", "\"dice\":0,\"abilities\":[\"l3-37-crew\"]", nodeck), 0.75, 1e-15);
    /* a die rerolled already (right after the roll) stays: B H -> the blank rerolled to H, then
     * only the fresh H is rerolled: forced B H | H | B -> 1 damage */
    no_scenario *sc = xwing(nodeck, "\"dice\":2,\"modifiers\":[{\"window\":\"attack-rolled\",\"op\":\"reroll\","
                            "\"faces\":[\"blank\"],\"mandatory\":true}]",
                            "\"dice\":0,\"abilities\":[\"l3-37-crew\"]");
    ck_assert_int_eq(forced(sc, "BH H B").damage, 1);
    free(sc);
}
END_TEST

/* pool_cannot_be_rerolled (Tierfon Belly Run): the lock rerolls nothing (1/2), the focus still
 * changes (3/4). pool_cannot_be_modified_otherwise (Foresight): only its change of 1 focus: 2
 * dice, E = 1 + P(a focus) = 1 + 7/16, the focus token and the lock idle. Snap Shot: nothing. */
START_TEST(rerolls_barred_and_a_pool_only_one_card_modifies)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"lock\":1}", "\"dice\":0,\"abilities\":[\"tierfon-belly-run\"]", nodeck),
                   0.5, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"lock\":1,\"focus\":1}", "\"dice\":0,\"abilities\":[\"tierfon-belly-run\"]",
                           nodeck), 0.75, 1e-15);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"lock\":1,\"focus\":1},\"abilities\":[\"foresight\"]", "\"dice\":0", nodeck),
                   23.0 / 16, 1e-15);
    /* the defender's change of the attack dice is barred too: forced H H, its hit -> focus idle */
    no_scenario *sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"foresight\"]",
                            "\"dice\":0,\"modifiers\":[{\"window\":\"attack-modify\",\"pool\":\"attack\",\"op\":\"change\","
                            "\"faces\":[\"hit\"],\"to\":\"focus\"}]");
    ck_assert_int_eq(forced(sc, "HH").damage, 2);
    free(sc);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1},\"abilities\":[\"snap-shot\"]", "\"dice\":0", nodeck), 0.5, 1e-15);
}
END_TEST

/* pool_cannot_be_modified with a condition, read when a modifier is offered. Midnight defending
 * with a lock: the attacker's focus idle (1/2); without: 3/4. Midnight attacking with a lock, 1
 * die vs 1 die with focus: on H/C she keeps the lock and the defender cannot focus (5/8); on B/F
 * she spends it to reroll, which frees the defender's focus (1/2 * 3/8): E = 5/16 + 3/32. Lapin:
 * the attacker's stress. */
START_TEST(a_pool_sealed_while_a_condition_holds)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1}", "\"dice\":0,\"tokens\":{\"lock\":1},\"abilities\":[\"midnight\"]",
                           nodeck), 0.5, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1}", "\"dice\":0,\"abilities\":[\"midnight\"]", nodeck), 0.75, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"lock\":1},\"abilities\":[\"midnight\"]", "\"dice\":1,\"tokens\":{\"focus\":1}",
                           nodeck), 13.0 / 32, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1,\"stress\":1}", "\"dice\":0,\"abilities\":[\"lapin\"]", nodeck),
                   0.5, 1e-15);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"focus\":1}", "\"dice\":0,\"abilities\":[\"lapin\"]", nodeck), 0.75, 1e-15);
}
END_TEST

/* Caps on the other side. Magva Yarro defending: the attacker's lock rerolls 1 die at most: 2
 * dice, 11/8 (3/2 without). Padmé: the attacker's focus token changes one focus: 2 dice, 1 +
 * 7/16 (3/2 without); a second focus changed by another ship's effect stands (FAQ L3086-L3088):
 * forced F F -> 2. */
START_TEST(caps_on_the_other_sides_rerolls_and_focus_results)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"lock\":1}", "\"dice\":0,\"abilities\":[\"magva-yarro\"]", nodeck),
                   11.0 / 8, 1e-15);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"focus\":1}", "\"dice\":0,\"abilities\":[\"padme-amidala\"]", nodeck),
                   23.0 / 16, 1e-15);
    no_scenario *sc = xwing(nodeck, "\"dice\":2,\"tokens\":{\"focus\":1}", "\"dice\":0,\"abilities\":[\"padme-amidala\"]");
    ck_assert_int_eq(forced(sc, "FF").damage, 1);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2,\"tokens\":{\"focus\":1},\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
               "\"faces\":[\"focus\"],\"to\":\"hit\",\"other_ship\":true}]", "\"dice\":0,\"abilities\":[\"padme-amidala\"]");
    ck_assert_int_eq(forced(sc, "FF").damage, 2);
    free(sc);
    /* Magva: after one die rerolled, no more (a second reroll record idle): forced B B | B -> 0 */
    sc = xwing(nodeck, "\"dice\":2,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"faces\":[\"blank\"]},"
               "{\"window\":\"attack-modify\",\"op\":\"reroll\",\"faces\":[\"blank\"]}]", "\"dice\":0,\"abilities\":[\"magva-yarro\"]");
    ck_assert_int_eq(forced(sc, "BB B").damage, 0);
    free(sc);
    /* only 1 is modelled */
    char err[NO_ERR_LEN];
    sc = malloc(sizeof *sc);
    ck_assert_int_eq(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":0,"
                                       "\"abilities\":[\"magva-yarro\"]}}", "t.json", sc, err, sizeof err), 0);
    free(sc);
}
END_TEST

/* owner "opponent" and charge_active (Greedo defending): the attacker may change a hit to a crit
 * while Greedo's charge is unspent: forced H -> a crit; with no charge, a hit. */
START_TEST(a_record_the_opponent_owns)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    no_scenario *sc = xwing(nodeck, "\"dice\":1", "\"dice\":0,\"abilities\":[\"greedo\"]");
    no_state s = forced(sc, "H");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    free(sc);
    sc = xwing(nodeck, "\"dice\":1", "\"dice\":0,\"abilities\":[{\"name\":\"greedo\",\"charges\":0}]");
    s = forced(sc, "H");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 0);
    free(sc);
    /* at range 0 the attacker may not modify its dice (L338): its change is refused there too */
    sc = xwing(",\"range\":0,\"rule_options\":{\"damage_deck\":false}", "\"dice\":1", "\"dice\":0,\"abilities\":[\"greedo\"]");
    s = forced(sc, "H");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 0);
    free(sc);
}
END_TEST

/* neutralize_crits_first: H C against one evade: hits first the hit goes (a face-up card), crits
 * first the crit goes (a face-down card); a reinforce token's evade the same (L1546). Exact, 2
 * dice against 1 die: P(crit card) 39/256 crits first, 3/16 hits first (worked in cases.json). */
START_TEST(crits_neutralized_first)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    no_scenario *sc = xwing(nodeck, "\"dice\":2", "\"dice\":1,\"abilities\":[\"zeb-orrelios-pilot\"]");
    ck_assert_int_eq(sc->ctx.crits_first, 1);
    no_state s = forced(sc, "HC E");
    ck_assert_int_eq(s.faceup, 0);
    ck_assert_int_eq(s.facedown, 1);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2", "\"dice\":1");
    s = forced(sc, "HC E");
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2", "\"dice\":0,\"tokens\":{\"reinforce\":1},\"abilities\":[\"enduring\"]");
    s = forced(sc, "HC");
    ck_assert_int_eq(s.faceup, 0);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    /* the role: Zeb attacking, Plasma Torpedoes defending do nothing */
    sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"zeb-orrelios-pilot\"]", "\"dice\":1,\"abilities\":[\"plasma-torpedoes\"]");
    ck_assert_int_eq(sc->ctx.crits_first, 0);
    free(sc);
    no_summary a, b;
    sc = xwing(nodeck, "\"dice\":2", "\"dice\":1,\"abilities\":[\"zeb-orrelios-pilot\"]");
    exact_summary(sc, &a);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2", "\"dice\":1");
    exact_summary(sc, &b);
    free(sc);
    ck_assert_near(a.faceup.p, 39.0 / 256, 1e-15);
    ck_assert_near(b.faceup.p, 3.0 / 16, 1e-15);
    ck_assert_near(a.mean, b.mean, 1e-15); /* the same number of results goes through */
}
END_TEST

/* range_zero_as_one: at range 0 the attack takes the range-1 die and the focus token stays (L338
 * forbids it at range 0): 2 dice + 1 with focus, each 3/4: 9/4. range_zero_focus (Zeb crew, on
 * either ship): at range 0, 2 dice, focus usable: 3/2; neither: 1. */
START_TEST(range_zero_read_as_one_and_focus_at_range_zero)
{
    const char *r0 = ",\"range\":0";
    no_scenario *sc = xwing(r0, "\"dice\":2,\"abilities\":[\"arvel-crynyd-rz1\"]", "\"dice\":0");
    ck_assert_int_eq(sc->ctx.range, 1);
    ck_assert_int_eq(sc->ctx.range_zero_as_one, 1);
    free(sc);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"focus\":1},\"abilities\":[\"captain-oicunn\"]", "\"dice\":0", r0),
                   2.25, 1e-15);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"focus\":1}", "\"dice\":0", r0), 1.0, 1e-15);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"focus\":1},\"abilities\":[\"zeb-orrelios-crew\"]", "\"dice\":0", r0),
                   1.5, 1e-15);
    ck_assert_near(mean_of("\"dice\":2,\"tokens\":{\"focus\":1}", "\"dice\":0,\"abilities\":[\"zeb-orrelios-crew\"]", r0),
                   1.5, 1e-15);
    /* at range 2 Oicunn changes nothing */
    sc = xwing("", "\"dice\":2,\"abilities\":[\"captain-oicunn\"]", "\"dice\":0");
    ck_assert_int_eq(sc->ctx.range, 2);
    ck_assert_int_eq(sc->ctx.range_zero_as_one, 0);
    free(sc);
}
END_TEST

/* token_weapon: H H C against nothing: 3 jam tokens, no damage; crits_to_ion: H C: 1 damage, 1
 * ion token. A tractor weapon's tokens carry into the next attack (a small ship: tractored at one
 * token, 1 fewer defense die, L411-L429): worked below, 95/256. */
START_TEST(weapons_that_give_tokens_instead_of_damage)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    no_scenario *sc = xwing(nodeck, "\"dice\":3,\"abilities\":[\"jamming-beam\"]", "\"dice\":0,\"hull\":5");
    no_state s = forced(sc, "HHC");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.ion_tokens, 3);
    ck_assert_int_eq(sc->ctx.token_weapon, NO_TOK_JAM);
    free(sc);
    sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"alpha-3e-esk\"]", "\"dice\":0,\"hull\":5");
    s = forced(sc, "HC");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.ion_tokens, 1);
    ck_assert_int_eq(s.faceup, 0);
    free(sc);
    no_summary sum;
    sc = xwing(nodeck, "\"dice\":2,\"abilities\":[\"tractor-beam\"]", "\"dice\":0");
    exact_summary(sc, &sum);
    free(sc);
    ck_assert_near(sum.tractor.p, 1.0, 1e-15);
    ck_assert_near(sum.ion.p, 0.0, 1e-15);
    ck_assert_near(sum.mean, 0.0, 1e-15);
    sc = scenario("{\"game\":\"xwing\",\"rule_options\":{\"damage_deck\":false},\"defender\":{\"dice\":1},\"attacks\":["
                  "{\"attacker\":{\"dice\":1,\"abilities\":[\"tractor-beam\"]}},{\"attacker\":{\"dice\":1}}]}");
    exact_summary(sc, &sum);
    free(sc);
    /* attack 1: the evade (3/8) cancels; tractor p = 1/2 * 5/8 = 5/16; attack 2: tractored, no
     * defense die: 1/2; else 5/16: 5/16 * 1/2 + 11/16 * 5/16 = 40/256 + 55/256 = 95/256 */
    ck_assert_near(sum.mean, 95.0 / 256, 1e-15);
    no_summary_free(&sum); /* a sequence's summary holds each attack's */
    /* a jam weapon ends a sequence; two weapon kinds in one attack are refused */
    char err[NO_ERR_LEN];
    sc = malloc(sizeof *sc);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"defender\":{\"dice\":1},\"attacks\":["
                                       "{\"attacker\":{\"dice\":1,\"abilities\":[\"jamming-beam\"]}},{\"attacker\":{\"dice\":1}}]}",
                                       "t.json", sc, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "L1216"), "%s", err);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"abilities\":[\"jamming-beam\","
                                       "\"ion-cannon\"]},\"defender\":{\"dice\":1}}", "t.json", sc, err, sizeof err), 0);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1,\"abilities\":"
                                       "[\"alpha-3e-esk\"]},\"defender\":{\"dice\":1}}", "t.json", sc, err, sizeof err), 0);
    free(sc);
}
END_TEST

/* max_total: the cap comes after every change (FAQ L3090-L3092), whatever the order: 3 dice at
 * range 1, +1 capped at 4, +1 more: 4 dice, not 5 or 6. max_dice on a dice op reads the count
 * the other records reached: 2 dice +1 (unconditional) = 3, so "2 or fewer" adds nothing. */
START_TEST(max_total_caps_the_dice_after_every_change)
{
    const char *cap = "{\"window\":\"attack-dice\",\"op\":\"dice\",\"amount\":1,\"max_total\":4}";
    const char *more = "{\"window\":\"attack-dice\",\"op\":\"dice\",\"amount\":1}";
    const char *upto2 = "{\"window\":\"attack-dice\",\"op\":\"dice\",\"amount\":1,\"max_dice\":2}";
    char atk[512];
    snprintf(atk, sizeof atk, "\"dice\":3,\"modifiers\":[%s,%s]", cap, more);
    ck_assert_int_eq(attack_dice_of(xwing(",\"range\":1", atk, "\"dice\":0")), 4);
    snprintf(atk, sizeof atk, "\"dice\":3,\"modifiers\":[%s,%s]", more, cap);
    ck_assert_int_eq(attack_dice_of(xwing(",\"range\":1", atk, "\"dice\":0")), 4);
    snprintf(atk, sizeof atk, "\"dice\":1,\"modifiers\":[%s]", cap);
    ck_assert_int_eq(attack_dice_of(xwing(",\"range\":1", atk, "\"dice\":0")), 3);
    snprintf(atk, sizeof atk, "\"dice\":2,\"modifiers\":[%s]", upto2);
    ck_assert_int_eq(attack_dice_of(xwing("", atk, "\"dice\":0")), 3);
    snprintf(atk, sizeof atk, "\"dice\":2,\"modifiers\":[%s,%s]", upto2, more);
    ck_assert_int_eq(attack_dice_of(xwing("", atk, "\"dice\":0")), 3);
    /* exact: 4 dice at range 1 with Seventh Fleet Gunner: 4 dice, mean 2 */
    ck_assert_near(mean_of("\"dice\":4,\"abilities\":[\"seventh-fleet-gunner\"]", "\"dice\":0", ",\"range\":1"), 2.0, 1e-15);
    /* only a dice op takes it, and only in 2e */
    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":"
                                       "\"attack-modify\",\"op\":\"reroll\",\"max_total\":3}]},\"defender\":{\"dice\":1}}",
                                       "t.json", sc, err, sizeof err), 0);
    ck_assert_int_ne(no_scenario_parse("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1,\"modifiers\":["
                                       "{\"window\":\"attack-dice\",\"op\":\"dice\",\"amount\":1,\"max_total\":3}]},"
                                       "\"defender\":{\"dice\":1}}", "t.json", sc, err, sizeof err), 0);
    free(sc);
}
END_TEST

/* A parse that must fail, its message holding `want`. */
static void refused(const char *json, const char *want)
{
    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    ck_assert_int_ne(no_scenario_parse(json, "t.json", sc, err, sizeof err), 0);
    ck_assert_msg(strstr(err, want), "%s", err);
    free(sc);
}

#define FORCED_HITS "{\"window\":\"attack-rolled\",\"op\":\"change\",\"faces\":\"any\",\"to\":\"hit\",\"count\":\"all\"," \
                    "\"mandatory\":true}"

/* caps_defense_dice, on the attacker's choice as the attack is declared: 2 attack dice (k hits/crits, Bin(2, 1/2)) against agility 3 at range 2: with
 * the cap the defender rolls k dice: k=1 (1/2): 5/8; k=2 (1/4): 2 - 2*3/8 = 5/4; mean 5/8. Without
 * (no Force to pay), 3 dice: 1/2*(5/8)^3 + 1/4*(2*125 + 225)/512 = 725/2048. Read on the dice as
 * step 2 left them: 2 hits forced right after the roll give 2 defense dice: 5/4. */
START_TEST(defense_dice_capped_at_the_attack_results)
{
    const char *cap = "{\"window\":\"attack-declared\",\"op\":\"declare\",\"cost\":{\"token\":\"force\"},"
                      "\"caps_defense_dice\":true}";
    char atk[512];
    snprintf(atk, sizeof atk, "\"dice\":2,\"tokens\":{\"force\":1},\"modifiers\":[%s]", cap);
    ck_assert_near(mean_of(atk, "\"dice\":3", ",\"range\":2"), 5.0 / 8, 1e-15);
    snprintf(atk, sizeof atk, "\"dice\":2,\"modifiers\":[%s]", cap);
    ck_assert_near(mean_of(atk, "\"dice\":3", ",\"range\":2"), 725.0 / 2048, 1e-15);
    snprintf(atk, sizeof atk, "\"dice\":2,\"tokens\":{\"force\":1},\"modifiers\":[" FORCED_HITS ",%s]", cap);
    ck_assert_near(mean_of(atk, "\"dice\":3", ",\"range\":2"), 5.0 / 4, 1e-15);
    /* a choice, weighed: against agility 0 the cap gains nothing and the Force kept turns a
     * focus: 3/4 (spent at the declaration it would be 1/2) */
    snprintf(atk, sizeof atk, "\"dice\":1,\"tokens\":{\"force\":1},\"modifiers\":[%s]", cap);
    ck_assert_near(mean_of(atk, "\"dice\":0", ",\"range\":2"), 3.0 / 4, 1e-15);
    /* at range 0 the attacker may not reduce the defense dice (L348): 1 die (no focus spent,
     * L338), 3 defense dice: 1/2 * (5/8)^3 */
    snprintf(atk, sizeof atk, "\"dice\":1,\"tokens\":{\"force\":1},\"modifiers\":[%s]", cap);
    ck_assert_near(mean_of(atk, "\"dice\":3", ",\"range\":0"), 125.0 / 1024, 1e-15);
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1,\"modifiers\":[{\"window\":"
            "\"attack-declared\",\"op\":\"declare\",\"caps_defense_dice\":true}]}}", "caps_defense_dice");
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":\"attack-dice\",\"op\":"
            "\"dice\",\"amount\":0,\"caps_defense_dice\":true}]},\"defender\":{\"dice\":1}}", "attack-declared");
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":\"attack-declared\",\"op\":"
            "\"declare\"}]},\"defender\":{\"dice\":1}}", "caps_defense_dice");
    refused("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":"
            "\"attack-declared\",\"op\":\"declare\",\"caps_defense_dice\":true}]},\"defender\":{\"dice\":1}}",
            "xwing-1e");
}
END_TEST

/* if_opponent_modified: 1 attack die with a free change of a blank to a hit; the defender's extra
 * die only once the attacker modified: hit/crit (1/2) stands against 0 dice; a blank (1/4)
 * changed meets 1 die (5/8); a focus (1/4) misses: 1/2 + 5/32 = 21/32. The defender's own change
 * of the attack dice is none of the attacker's: forced by the defender, 2 hits against 0 dice. */
START_TEST(an_extra_die_once_the_opponent_modified)
{
    const char *kallus = "\"dice\":0,\"modifiers\":[{\"window\":\"defense-dice\",\"op\":\"dice\",\"amount\":1,"
                         "\"if_opponent_modified\":true}";
    char def[512];
    snprintf(def, sizeof def, "%s]", kallus);
    ck_assert_near(mean_of(BLANK_TO_HIT("\"count\":1"), def, ""), 21.0 / 32, 1e-15);
    snprintf(def, sizeof def, "%s,{\"window\":\"attack-modify\",\"pool\":\"attack\",\"op\":\"change\",\"faces\":\"any\","
             "\"to\":\"hit\",\"count\":\"all\",\"mandatory\":true}]", kallus);
    ck_assert_near(mean_of("\"dice\":2", def, ""), 2.0, 1e-15);
}
END_TEST

/* more_results_than_shields, after step 4: 2 forced hits, agility 0, a cancel of 1 hit under the
 * condition: 1 shield: 2 > 1, cancelled: 1; 2 shields: 2. A then-part's count after step 4
 * (Durge): change a hit to a crit, then cancel 1 hit: with 1 hit (mandatory) there is no hit left
 * to cancel: 1 crit; with 3 hits: 1 hit and 1 crit. */
START_TEST(a_condition_on_the_defenders_shields)
{
    const char *cond = "\"dice\":0,\"hull\":5,\"shields\":%d,\"modifiers\":[{\"window\":\"after-neutralize\",\"op\":"
                       "\"cancel\",\"faces\":[\"hit\"],\"count\":1,\"more_results_than_shields\":true}]";
    char def[512];
    snprintf(def, sizeof def, cond, 1);
    ck_assert_near(mean_of("\"dice\":2,\"modifiers\":[" FORCED_HITS "]", def, ",\"rule_options\":{\"damage_deck\":false}"),
                   1.0, 1e-15);
    snprintf(def, sizeof def, cond, 2);
    ck_assert_near(mean_of("\"dice\":2,\"modifiers\":[" FORCED_HITS "]", def, ",\"rule_options\":{\"damage_deck\":false}"),
                   2.0, 1e-15);
    const char *durge = "\"dice\":0,\"modifiers\":[{\"window\":\"after-neutralize\",\"op\":\"change\",\"faces\":[\"hit\"],"
                        "\"to\":\"crit\",\"count\":1,\"mandatory\":true,\"then\":{\"op\":\"cancel\",\"faces\":[\"hit\"],"
                        "\"count\":1}}]";
    no_scenario *sc = xwing(",\"rule_options\":{\"damage_deck\":false}", "\"dice\":1,\"modifiers\":[" FORCED_HITS "]", durge);
    no_state s = forced(sc, "H");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
    sc = xwing(",\"rule_options\":{\"damage_deck\":false}", "\"dice\":3,\"modifiers\":[" FORCED_HITS "]", durge);
    s = forced(sc, "HHH");
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1,\"modifiers\":[{\"window\":"
            "\"defense-modify\",\"op\":\"change\",\"to\":\"evade\",\"more_results_than_shields\":true}]}}",
            "more_results_than_shields");
}
END_TEST

/* op gain and after_spending (Obi-Wan Kenobi): 3 defense dice forced to focus against 3 forced
 * hits; an evade token and a free gain of a focus token once an evade or focus was spent: the
 * evade turns one, the focus gained (no focus at the start: its effect is added) the other two:
 * 0. Without the evade token the gain is never usable: 3. */
START_TEST(a_token_gained_after_a_token_spent)
{
    const char *def = "\"dice\":3,%s\"modifiers\":[{\"window\":\"defense-rolled\",\"op\":\"change\",\"faces\":\"any\","
                      "\"to\":\"focus\",\"count\":\"all\",\"mandatory\":true},{\"window\":\"defense-modify\",\"op\":\"gain\","
                      "\"to\":\"focus\",\"after_spending\":[\"focus\",\"evade\"]}]";
    char d[512];
    snprintf(d, sizeof d, def, "\"tokens\":{\"evade\":1},");
    ck_assert_near(mean_of("\"dice\":3,\"modifiers\":[" FORCED_HITS "]", d, ""), 0.0, 1e-15);
    snprintf(d, sizeof d, def, "");
    ck_assert_near(mean_of("\"dice\":3,\"modifiers\":[" FORCED_HITS "]", d, ""), 3.0, 1e-15);
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1,\"modifiers\":[{\"window\":"
            "\"defense-modify\",\"op\":\"gain\",\"to\":\"hit\"}]}}", "a token");
    refused("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1,\"modifiers\":"
            "[{\"window\":\"defense-modify\",\"op\":\"gain\",\"to\":\"focus\"}]}}", "second-edition");
}
END_TEST

/* Costs on the other side's token and in damage. A reroll of 1 attack die paid with the
 * defender's tractor token (small, 1 token: tractored, agility 1 rolls 0 dice): a miss (1/2) is
 * rerolled, and the defender, no longer tractored, rolls its die: 1/2 + 1/4 * 5/8 = 21/32 (were
 * the token not taken: 3/4). A defender's reroll of any dice for 1 hit damage, 3 dice against 3
 * forced hits: used only when no die shows an evade: 15/8 - 3(5/8)^3 + (5/8)^3 (1 + 15/8) =
 * 7555/4096; and that damage is suffered when the attack misses too. */
START_TEST(costs_paid_with_the_opponents_token_or_with_damage)
{
    ck_assert_near(mean_of("\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"cost\":{\"token\":"
                           "\"tractor\",\"side\":\"opponent\"}}]", "\"dice\":1,\"tokens\":{\"tractor\":1}", ""),
                   21.0 / 32, 1e-15);
    const char *inaldra = "\"dice\":%d,\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"reroll\",\"count\":\"all\","
                          "\"cost\":{\"damage\":1}%s}]";
    char def[512];
    snprintf(def, sizeof def, inaldra, 3, "");
    ck_assert_near(mean_of("\"dice\":3,\"modifiers\":[" FORCED_HITS "]", def, ""), 7555.0 / 4096, 1e-15);
    snprintf(def, sizeof def, inaldra, 1, ",\"mandatory\":true");
    no_scenario *sc = xwing(",\"rule_options\":{\"damage_deck\":false}",
                            "\"dice\":1,\"modifiers\":[{\"window\":\"attack-rolled\",\"op\":\"change\",\"faces\":\"any\","
                            "\"to\":\"blank\",\"count\":\"all\",\"mandatory\":true}]", def);
    no_summary sum;
    exact_summary(sc, &sum);
    free(sc);
    ck_assert_near(sum.mean, 1.0, 1e-15);
    ck_assert_near(sum.hit.p, 0.0, 1e-15);
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\","
            "\"cost\":{\"side\":\"opponent\"}}]},\"defender\":{\"dice\":1}}", "token cost");
    refused("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\","
            "\"op\":\"reroll\",\"cost\":{\"damage\":1}}]},\"defender\":{\"dice\":1}}", "second-edition");
}
END_TEST

/* defender_may_suffer (Homing Missiles): against 4 dice and a lock at agility 0 the defender takes
 * 1 hit damage and no die is rolled: damage exactly 1, the attack hits, no crit; against 1 die
 * and a lock (1/2 + 1/4 = 3/4 < 1) it takes the dice. Monte Carlo follows the same steps. */
START_TEST(the_defender_may_take_fixed_damage_instead_of_the_dice)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    no_scenario *sc = xwing(nodeck, "\"dice\":4,\"tokens\":{\"lock\":1},\"abilities\":[\"homing-missiles\"]", "\"dice\":0");
    no_summary ex, mc;
    exact_summary(sc, &ex);
    ck_assert_near(ex.mean, 1.0, 1e-15);
    ck_assert_near(ex.pmf[1].p, 1.0, 1e-15);
    ck_assert_near(ex.hit.p, 1.0, 1e-15);
    ck_assert_near(ex.faceup.p, 0.0, 1e-15);
    mc_summary(sc, 2000, 7, &mc); /* every trial takes the damage: no spread to compare */
    ck_assert_near(mc.mean, 1.0, 1e-15);
    ck_assert_near(mc.pmf[1].p, 1.0, 1e-15);
    free(sc);
    ck_assert_near(mean_of("\"dice\":1,\"tokens\":{\"lock\":1},\"abilities\":[\"homing-missiles\"]", "\"dice\":0", nodeck),
                   0.75, 1e-15);
    sc = xwing(nodeck, "\"dice\":4,\"tokens\":{\"lock\":1},\"abilities\":[\"homing-torpedoes\"]", "\"dice\":0");
    exact_summary(sc, &ex);
    free(sc);
    ck_assert_near(ex.mean, 1.0, 1e-15);
    ck_assert_near(ex.faceup.p, 1.0, 1e-15);
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":4,\"tokens\":{\"lock\":1},\"abilities\":[\"homing-missiles\","
            "\"homing-torpedoes\"]},\"defender\":{\"dice\":1}}", "one weapon per attack");
}
END_TEST

/* ion_battery (Ion Cannon Battery): 3 hits forced against agility 0: 1 crit damage and 3 ion
 * tokens (the plain ion weapon: 1 hit damage and 2); a miss: nothing; with another ion weapon
 * in the same attack: refused. */
START_TEST(an_ion_battery_deals_one_crit_and_ions_for_every_result)
{
    const char *nodeck = ",\"rule_options\":{\"damage_deck\":false}";
    no_scenario *sc = xwing(nodeck, "\"dice\":3,\"abilities\":[\"ion-cannon-battery\"],\"modifiers\":[" FORCED_HITS "]",
                            "\"dice\":0");
    no_state s = forced(sc, "HHH");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.faceup, 1);
    ck_assert_int_eq(s.ion_tokens, 3);
    free(sc);
    sc = xwing(nodeck, "\"dice\":1,\"abilities\":[\"ion-cannon-battery\"],\"modifiers\":[{\"window\":\"attack-rolled\","
               "\"op\":\"change\",\"faces\":\"any\",\"to\":\"blank\",\"count\":\"all\",\"mandatory\":true}]", "\"dice\":0");
    s = forced(sc, "B");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.ion_tokens, 0);
    free(sc);
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":2,\"abilities\":[\"ion-cannon-battery\",\"ion-cannon\"]},"
            "\"defender\":{\"dice\":1}}", "one weapon");
    refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":2,\"abilities\":[\"ion-cannon\",\"ion-cannon-battery\"]},"
            "\"defender\":{\"dice\":1}}", "one weapon");
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
    tcase_add_test(t, a_reroll_that_does_not_count_leaves_the_die_rerollable);
    tcase_add_test(t, a_reroll_that_does_not_count_may_take_a_rerolled_die_and_keeps_its_mark);
    tcase_add_test(t, an_exact_count_takes_that_many_or_all_there_are);
    tcase_add_test(t, exact_and_counts_as_reroll_are_checked);
    tcase_add_test(t, jam_tokens_change_no_dice_and_conditions_read_them);
    tcase_add_test(t, thirty_modifiers_fit_in_one_attack);
    tcase_add_test(t, an_ion_weapon_ability_makes_the_attack_an_ion_attack);
    tcase_add_test(t, uncancellable_crits_in_2e_and_reinforce);
    tcase_add_test(t, a_pool_that_cannot_be_modified);
    tcase_add_test(t, pool_cannot_be_modified_is_read_and_checked);
    tcase_add_test(t, max_dice_is_the_counterpart_of_min_dice);
    tcase_add_test(t, after_neutralize_acts_on_the_uncancelled_results);
    tcase_add_test(t, after_neutralize_in_player_order);
    tcase_add_test(t, after_neutralize_is_checked);
    tcase_add_test(t, opponent_cannot_spend_bars_the_other_sides_tokens);
    tcase_add_test(t, one_named_token_kind_is_barred_after_the_roll);
    tcase_add_test(t, a_count_taken_from_a_token_count);
    tcase_add_test(t, a_whole_pool_reroll_in_2e);
    tcase_add_test(t, rerolls_barred_and_a_pool_only_one_card_modifies);
    tcase_add_test(t, a_pool_sealed_while_a_condition_holds);
    tcase_add_test(t, caps_on_the_other_sides_rerolls_and_focus_results);
    tcase_add_test(t, a_record_the_opponent_owns);
    tcase_add_test(t, crits_neutralized_first);
    tcase_add_test(t, range_zero_read_as_one_and_focus_at_range_zero);
    tcase_add_test(t, weapons_that_give_tokens_instead_of_damage);
    tcase_add_test(t, max_total_caps_the_dice_after_every_change);
    tcase_add_test(t, defense_dice_capped_at_the_attack_results);
    tcase_add_test(t, an_extra_die_once_the_opponent_modified);
    tcase_add_test(t, a_condition_on_the_defenders_shields);
    tcase_add_test(t, a_token_gained_after_a_token_spent);
    tcase_add_test(t, costs_paid_with_the_opponents_token_or_with_damage);
    tcase_add_test(t, the_defender_may_take_fixed_damage_instead_of_the_dice);
    tcase_add_test(t, an_ion_battery_deals_one_crit_and_ions_for_every_result);
    suite_add_tcase(s, t);
    return s;
}
