/* check_audit_xwing.c — the X-Wing second-edition rules issue 20's audit found missing: a cloaked
 * attacker (disarmed), range 0, bonus attacks and the ability queue in player order. Every
 * expected value is worked by hand in the comment above it (seeds/000_1d63b3a51872ba9e.txt). The
 * dice: an attack die shows a hit or crit on 4 of 8 sides and a focus on 2; a defense die shows
 * an evade on 3 of 8 sides and a focus on 2. */
#include "helpers.h"

static void exact_of(const char *json, no_summary *s)
{
    no_scenario *sc = scenario(json);
    exact_summary(sc, s);
    free(sc);
}

static double mean_of(const char *json)
{
    no_summary s;
    exact_of(json, &s);
    double m = s.mean;
    no_summary_free(&s);
    return m;
}

static void assert_refused(const char *json, const char *want)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN] = "";
    ck_assert_int_eq(no_scenario_parse(json, "test.json", sc, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
    free(sc);
}

/* ---- item 11: a cloaked ship is disarmed (L439-L442) and a disarmed ship cannot attack (L685) ---- */

START_TEST(a_cloaked_attacker_cannot_attack)
{
    assert_refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"cloak\":1}},\"defender\":{\"dice\":2}}",
                   "test.json: attacker.tokens.cloak: a cloaked ship is disarmed and cannot attack (L439-L442, L685)");
    assert_refused("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":3,\"tokens\":{\"cloak\":1}},"
                   "\"defender\":{\"dice\":2}}",
                   "test.json: attacker.tokens.cloak: a cloaked ship cannot attack (FAQ B819)");
    /* in a sequence, the attack whose attacker is cloaked, by its place in the file */
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3}},"
                   "{\"attacker\":{\"dice\":2,\"tokens\":{\"focus\":1,\"cloak\":1}}}]}",
                   "test.json: attacks[1].attacker.tokens.cloak: a cloaked ship is disarmed and cannot attack "
                   "(L439-L442, L685)");
}
END_TEST

/* A cloaked defender defends as before: agility +2 (L439). One attack die against agility 0 and a
 * cloak: two defense dice, so the result gets through with P 1/2 * (5/8)^2 = 25/128. */
START_TEST(a_cloaked_defender_still_defends)
{
    ck_assert_near(mean_of("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},"
                           "\"defender\":{\"dice\":0,\"tokens\":{\"cloak\":1}}}"), 25.0 / 128, 1e-12);
}
END_TEST

/* ---- item 15: range 0 (L334, L338, L348) ---- */

#define AT_RANGE(range, atk, def) \
    "{\"game\":\"xwing\",\"range\":" range ",\"attacker\":{" atk "},\"defender\":{" def "}}"

/* Two attack dice with focus and a lock at range 0 against one defense die with focus: the
 * attacker may not modify its dice (L338), so a result gets through per die with P 1/2; the
 * defender's focus still turns its focus into an evade (its own dice, L348): P(evade) = 5/8.
 * Mean = E[R] - P(evade) P(R >= 1) = 1 - 5/8 * 3/4 = 17/32. The attacker spends nothing; the
 * defender spends its focus on a focus result when a result is there to cancel: 2/8 * 3/4. */
START_TEST(at_range_zero_the_attacker_does_not_modify_its_dice)
{
    no_summary s;
    exact_of(AT_RANGE("0", "\"dice\":2,\"tokens\":{\"focus\":1,\"lock\":1}", "\"dice\":1,\"tokens\":{\"focus\":1}"), &s);
    ck_assert_near(s.mean, 17.0 / 32, 1e-12);
    ck_assert_near(s.tokens[NO_ATTACKER][NO_TOK_FOCUS].spent.p, 0, 1e-15);
    ck_assert_near(s.tokens[NO_ATTACKER][NO_TOK_LOCK].spent.p, 0, 1e-15);
    ck_assert_near(s.tokens[NO_DEFENDER][NO_TOK_FOCUS].spent.p, 3.0 / 16, 1e-12);
    no_summary_free(&s);
    /* forced: F F is two focus results the focus token may not touch */
    no_scenario *sc = scenario(AT_RANGE("0", "\"dice\":2,\"tokens\":{\"focus\":1}", "\"dice\":0"));
    no_state end = forced(sc, "FF");
    ck_assert_int_eq(end.damage, 0);
    ck_assert_int_eq(end.tok[NO_ATTACKER][NO_TOK_FOCUS], 1);
    free(sc);
}
END_TEST

/* An ordnance attack is a special weapon's: the primary-attack limits (L334, L338) do not hold, so
 * its focus works; no range bonus at 0 either way. Two dice: 2 * 6/8 = 3/2. */
START_TEST(at_range_zero_an_ordnance_attack_modifies_its_dice)
{
    ck_assert_near(mean_of(AT_RANGE("0", "\"dice\":2,\"ordnance\":true,\"tokens\":{\"focus\":1}", "\"dice\":0")),
                   3.0 / 2, 1e-12);
}
END_TEST

/* Dice counts: at range 0 there is no range bonus (L1351 names ranges 1 and 3), a primary attack
 * adds no die (L334: the Advanced Targeting Computer's +1 with a lock), and the attacker's side may
 * not take a defense die away (L348: Outmaneuver); the defender's own effects still count (cloak
 * +2, strain -1). At range 1 the same attack rolls 2 + 1 + 1. */
START_TEST(at_range_zero_no_die_is_added_or_taken_by_the_enemy)
{
    ck_assert_int_eq(attack_dice_of(xwing(",\"range\":0", "\"dice\":2,\"tokens\":{\"lock\":1},"
                                          "\"abilities\":[\"advanced-targeting-computer\"]", "\"dice\":2")), 2);
    ck_assert_int_eq(attack_dice_of(xwing(",\"range\":1", "\"dice\":2,\"tokens\":{\"lock\":1},"
                                          "\"abilities\":[\"advanced-targeting-computer\"]", "\"dice\":2")), 4);
    ck_assert_int_eq(defense_dice_of(xwing(",\"range\":0", "\"dice\":2,\"abilities\":[\"outmaneuver\"]",
                                           "\"dice\":2,\"tokens\":{\"cloak\":1,\"strain\":1}")), 3);
    ck_assert_int_eq(defense_dice_of(xwing(",\"range\":2", "\"dice\":2,\"abilities\":[\"outmaneuver\"]",
                                           "\"dice\":2,\"tokens\":{\"cloak\":1,\"strain\":1}")), 2);
}
END_TEST

/* The defender may still modify the attacker's dice (L338: "sólo ... por el defensor"): a defender
 * effect that turns 1 hit into a focus leaves one of the two hits. */
START_TEST(at_range_zero_the_defender_modifies_the_attack_dice)
{
    no_scenario *sc = scenario(AT_RANGE("0", "\"dice\":2", "\"dice\":0,\"modifiers\":[{\"window\":\"attack-modify\","
                                        "\"op\":\"change\",\"faces\":[\"hit\"],\"to\":\"focus\"}]"));
    no_state end = forced(sc, "HH");
    ck_assert_int_eq(end.damage, 1);
    free(sc);
}
END_TEST

/* Enemy ships may not cancel or modify the defender's results at range 0 (L348): Crack Shot's
 * cancel and Juke's change are not used there, while at range 2 they take the evade away. One hit
 * against one evade: 0 damage at range 0, 1 at range 2. */
START_TEST(at_range_zero_the_attacker_cannot_touch_the_defense_dice)
{
    static const char *const abilities[] = {"\"dice\":1,\"abilities\":[\"crack-shot\"]",
                                            "\"dice\":1,\"tokens\":{\"evade\":1},\"abilities\":[\"juke\"]"};
    for (int a = 0; a < 2; a++) {
        char json[512];
        for (int range = 0; range <= 2; range += 2) {
            snprintf(json, sizeof json, "{\"game\":\"xwing\",\"range\":%d,\"attacker\":{%s},\"defender\":{\"dice\":1}}",
                     range, abilities[a]);
            no_scenario *sc = scenario(json);
            no_state end = forced(sc, "HE");
            ck_assert_msg(end.damage == (range ? 1 : 0), "%s: damage %d", json, end.damage);
            free(sc);
        }
    }
}
END_TEST

/* The defender's abilities work at range 0: one attack die (its focus token idle) against one
 * defense die with a focus token and Elusive (reroll 1 defense die). The die shows an evade or a
 * focus with P 5/8; a blank is rerolled, so P(evade) = 5/8 + 3/8 * 5/8 = 55/64, and the mean is
 * 1/2 * 9/64 = 9/128. A modifier may name range 0 in "ranges". */
START_TEST(at_range_zero_the_defender_abilities_work)
{
    no_summary s;
    exact_of(AT_RANGE("0", "\"dice\":1,\"tokens\":{\"focus\":1}",
                      "\"dice\":1,\"tokens\":{\"focus\":1},\"abilities\":[\"elusive\"]"), &s);
    ck_assert_near(s.mean, 9.0 / 128, 1e-12);
    ck_assert_near(s.tokens[NO_ATTACKER][NO_TOK_FOCUS].spent.p, 0, 1e-15);
    no_summary_free(&s);
    /* an effect for range 0 only: the defender adds an evade there, so one die deals nothing */
    const char *def = "\"dice\":0,\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"add\",\"to\":\"evade\","
                      "\"ranges\":[0]}]";
    char json[512];
    snprintf(json, sizeof json, AT_RANGE("0", "\"dice\":1", "%s"), def);
    ck_assert_near(mean_of(json), 0, 1e-15);
    snprintf(json, sizeof json, AT_RANGE("2", "\"dice\":1", "%s"), def);
    ck_assert_near(mean_of(json), 0.5, 1e-12);
}
END_TEST

/* ---- item 16: bonus attacks (L378-L386) ---- */

#define BONUS(policy, first, second)                                                                       \
    "{\"game\":\"xwing\",\"policy\":\"" policy "\",\"defender\":{\"dice\":0},\"attacks\":[{\"attacker\":{" \
    first "}},{\"bonus\":true," second "}]}"

/* One die with a focus token, then the same ship's bonus attack with one die. The first attack
 * spends the focus on a focus result (P 2/8): 6/8 there. The bonus attack keeps the focus only when
 * it was not spent (P 6/8): 4/8 + 6/8 * 2/8 = 11/16. In all 3/4 + 11/16 = 23/16 (a fresh focus in
 * each attack, as every attacker had before bonus attacks, gives 3/2). */
START_TEST(a_bonus_attack_keeps_what_the_first_left)
{
    no_summary s;
    exact_of(BONUS("per-attack", "\"dice\":1,\"tokens\":{\"focus\":1}", "\"attacker\":{\"dice\":1}"), &s);
    ck_assert_int_eq(s.nattacks, 2);
    ck_assert_near(s.attack[0].mean, 3.0 / 4, 1e-12);
    ck_assert_near(s.attack[1].mean, 11.0 / 16, 1e-12);
    ck_assert_near(s.mean, 23.0 / 16, 1e-12);
    ck_assert_near(s.attack[1].tokens[NO_ATTACKER][NO_TOK_FOCUS].spent.p, 6.0 / 8 * 2 / 8, 1e-12);
    no_summary_free(&s);
}
END_TEST

/* Charges carry too, by ability: Lone Wolf (1 charge, reroll 1 die) in both attacks. The first
 * attack rerolls a blank or focus: 1/2 + 1/2 * 1/2 = 3/4, the charge spent with P 1/2; the bonus
 * attack has it with P 1/2: 1/2 * 3/4 + 1/2 * 1/2 = 5/8. In all 11/8. */
START_TEST(a_bonus_attack_keeps_the_charges_left)
{
    no_summary s;
    exact_of(BONUS("per-attack", "\"dice\":1,\"abilities\":[\"lone-wolf\"]",
                   "\"attacker\":{\"dice\":1,\"abilities\":[\"lone-wolf\"]}"), &s);
    ck_assert_near(s.attack[0].mean, 3.0 / 4, 1e-12);
    ck_assert_near(s.attack[1].mean, 5.0 / 8, 1e-12);
    ck_assert_near(s.mean, 11.0 / 8, 1e-12);
    no_summary_free(&s);
}
END_TEST

/* One die with a focus token, then a bonus attack of 4 dice at range 1 (5 dice). Kept for the
 * bonus attack, the focus is worth 5 * 2/8 = 5/4 there, more than the 1 it adds on a first focus
 * result, so the optimal attacker never spends it first: 1/2 + 5 * 6/8 = 17/4. Per attack it is
 * spent on a focus result (P 1/4): 3/4 + 3/4 * 15/4 + 1/4 * 5/2 = 67/16. */
START_TEST(optimal_keeps_the_focus_for_the_bonus_attack)
{
    const char *first = "\"dice\":1,\"tokens\":{\"focus\":1}", *second = "\"range\":1,\"attacker\":{\"dice\":4}";
    char json[512];
    snprintf(json, sizeof json, BONUS("optimal", "%s", "%s"), first, second);
    no_summary s;
    exact_of(json, &s);
    ck_assert_near(s.mean, 17.0 / 4, 1e-12);
    ck_assert_near(s.attack[0].tokens[NO_ATTACKER][NO_TOK_FOCUS].spent.p, 0, 1e-15);
    ck_assert(s.has_baseline);
    ck_assert_near(s.baseline_mean, 67.0 / 16, 1e-12);
    no_summary_free(&s);
    snprintf(json, sizeof json, BONUS("per-attack", "%s", "%s"), first, second);
    ck_assert_near(mean_of(json), 67.0 / 16, 1e-12);
}
END_TEST

/* Monte Carlo follows the same carry: within 5 standard errors of exact, per attack and in all,
 * against a defender with dice, tokens and a hull (the damage deck in play). */
START_TEST(bonus_attack_monte_carlo_agrees_with_exact)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"defender\":{\"dice\":2,\"tokens\":{\"focus\":1},\"hull\":3,"
                               "\"shields\":1},\"attacks\":[{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,"
                               "\"lock\":1,\"force\":1}}},{\"bonus\":true,\"attacker\":{\"dice\":2}}]}");
    no_summary ex, mc;
    exact_summary(sc, &ex);
    mc_summary(sc, 400000, 11, &mc);
    ck_assert_int_eq(mc.trials, 400000);
    ck_assert(!mc.exact && ex.exact);
    assert_mc_matches(&mc, &ex);
    for (int a = 0; a < 2; a++)
        ck_assert_msg(fabs(mc.attack[a].mean - ex.attack[a].mean) < 5 * mc.attack[a].mean_se, "attack %d", a);
    /* the bonus attack declares no tokens: its ship's lock and Force are there when the first kept them */
    ck_assert(ex.attack[1].tokens[NO_ATTACKER][NO_TOK_LOCK].spent.p > 0);
    ck_assert(ex.attack[1].tokens[NO_ATTACKER][NO_TOK_FORCE].spent.p > 0);
    no_summary_free(&ex);
    no_summary_free(&mc);
    free(sc);
}
END_TEST

/* A bonus attack may name its ship's pilot (for the weapon and abilities): the ship's tokens, Force
 * and size stay those of the attack before, not a fresh pilot's. */
START_TEST(a_bonus_attack_may_name_the_pilot)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{"
                               "\"pilot\":\"lukeskywalker\",\"tokens\":{\"focus\":1}}},{\"bonus\":true,"
                               "\"attacker\":{\"pilot\":\"lukeskywalker\"}}]}");
    ck_assert_int_eq(sc->nattacks, 2);
    ck_assert(sc->attacks[1].bonus && !sc->attacks[0].bonus);
    ck_assert_int_eq(sc->attacks[1].start.tok[NO_ATTACKER][NO_TOK_FOCUS], 1);
    ck_assert_int_eq(sc->attacks[1].start.tok[NO_ATTACKER][NO_TOK_FORCE], sc->attacks[0].start.tok[NO_ATTACKER][NO_TOK_FORCE]);
    ck_assert_int_gt(sc->attacks[0].start.tok[NO_ATTACKER][NO_TOK_FORCE], 0);
    free(sc);
}
END_TEST

START_TEST(bonus_attack_errors)
{
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"bonus\":true,\"attacker\":{\"dice\":3}}]}",
                   "test.json: attacks[0].bonus: a bonus attack follows an attack of its ship (L378-L380): the first "
                   "attack has none before it");
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3}},"
                   "{\"bonus\":true,\"attacker\":{\"dice\":3}},{\"bonus\":true,\"attacker\":{\"dice\":3}}]}",
                   "test.json: attacks[2].bonus: a ship makes one bonus attack per round (L384): attacks[1] is this "
                   "ship's bonus attack already");
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3}},"
                   "{\"bonus\":true,\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}}]}",
                   "test.json: attacks[1].attacker.tokens: a bonus attack is made by the ship of attacks[0], which "
                   "holds what that attack leaves it (L378-L386): give its tokens there");
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3}},"
                   "{\"bonus\":true,\"attacker\":{\"dice\":3,\"size\":\"large\"}}]}",
                   "test.json: attacks[1].attacker.size: a bonus attack is made by the ship of attacks[0], which "
                   "holds what that attack leaves it (L378-L386): give its size there");
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3}},"
                   "{\"bonus\":1,\"attacker\":{\"dice\":3}}]}",
                   "test.json: attacks[1].bonus: expected true or false, got 1");
    /* a weapon that needs a lock the attack before may spend: not made once it is spent (L298),
     * which a sequence cannot express, so refused rather than fired without the lock */
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3,"
                   "\"tokens\":{\"lock\":1}}},{\"bonus\":true,\"attacker\":{\"dice\":4,\"abilities\":[\"proton-torpedoes\"]}}]}",
                   "test.json: attacks[1].attacker: not modelled: its weapon needs the lock token that attacks[0] may "
                   "spend (lock), and a bonus attack the ship cannot make once it is spent (L298) is not expressed "
                   "yet; run the two attacks as separate scenarios");
    assert_refused("{\"game\":\"xwing\",\"defender\":{\"dice\":2},\"attacks\":[{\"attacker\":{\"dice\":3}},"
                   "{\"bonus\":true,\"attacker\":{\"dice\":4,\"abilities\":[\"proton-torpedoes\"]}}]}",
                   "test.json: attacks[1].attacker.tokens.lock: proton-torpedoes needs a lock on the defender to "
                   "attack: set it to 1 in the attack before (a bonus attack's tokens are its ship's)");
}
END_TEST

/* ---- issue 41: what a scenario states about a card's conditions is read, not assumed ---- */

/* A special weapon attacks only at its card's ranges (L328-L329): the Heavy Laser Cannon (range
 * 2-3) at range 1 is an attack that cannot be made, refused; at range 2, 4 dice against agility
 * 0 hit 4 x 1/2 = 2 on average (its crits become hits, which changes no count). */
START_TEST(a_weapon_attacks_only_at_its_ranges)
{
    assert_refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":4,\"abilities\":[\"heavy-laser-cannon\"]},"
                   "\"defender\":{\"dice\":0},\"range\":1}",
                   "test.json: range: heavy-laser-cannon attacks at range 2-3 only (L328-L329), not at range 1");
    assert_refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":2,\"abilities\":[\"drill-beak\"]},"
                   "\"defender\":{\"dice\":0},\"range\":3}",
                   "test.json: range: drill-beak attacks at range 0-1 only (L328-L329), not at range 3");
    ck_assert_double_eq_tol(mean_of("{\"game\":\"xwing\",\"attacker\":{\"dice\":4,\"abilities\":"
                                    "[\"heavy-laser-cannon\"]},\"defender\":{\"dice\":0},\"range\":2,"
                                    "\"rule_options\":{\"damage_deck\":false}}"), 2.0, 1e-12);
}
END_TEST

/* A Force user's card on her own ship spends the ship's one Force pool (L482-L491, L181): a
 * charges count of its own there would be a second pool, refused. */
START_TEST(a_force_card_on_its_own_ship_has_no_charges_of_its_own)
{
    assert_refused("{\"game\":\"xwing\",\"attacker\":{\"dice\":2,\"tokens\":{\"force\":1},\"abilities\":"
                   "[{\"name\":\"barriss-offee\",\"charges\":1}]},\"defender\":{\"dice\":0}}",
                   "test.json: attacker.abilities[0].charges: on its own ship the card spends the ship's Force: give "
                   "the Force left as the side's tokens.force, not charges (or \"other_ship\": true for another "
                   "friendly ship's card)");
}
END_TEST

/* ---- item 17: both players' effects of one moment resolve in player order (L594-L598) ---- */

/* Two attack dice against one defense die. Before neutralizing, the attacker may cancel 1 evade
 * and the defender may add 1 evade.
 * Attacker first (the default): it cancels the die's evade if there is one, then the defender
 * adds one, so exactly one evade is left: damage = max(R - 1, 0), mean P(R = 2) = 1/4.
 * Defender first: its evade is added, then one evade is cancelled, leaving the die's own: mean
 * E[R] - P(evade) P(R >= 1) = 1 - 3/8 * 3/4 = 23/32. */
#define QUEUE(first)                                                                                        \
    "{\"game\":\"xwing\"" first ",\"attacker\":{\"dice\":2,\"modifiers\":[{\"window\":\"before-neutralize\"," \
    "\"pool\":\"defense\",\"op\":\"cancel\",\"faces\":[\"evade\"]}]},\"defender\":{\"dice\":1,\"modifiers\":["  \
    "{\"window\":\"before-neutralize\",\"pool\":\"defense\",\"op\":\"add\",\"to\":\"evade\"}]}}"

START_TEST(abilities_of_one_moment_resolve_in_player_order)
{
    ck_assert_near(mean_of(QUEUE("")), 1.0 / 4, 1e-12);
    ck_assert_near(mean_of(QUEUE(",\"first_player\":\"attacker\"")), 1.0 / 4, 1e-12);
    ck_assert_near(mean_of(QUEUE(",\"first_player\":\"defender\"")), 23.0 / 32, 1e-12);
    /* the same in a sequence: the scenario's first player holds for each attack */
    ck_assert_near(mean_of("{\"game\":\"xwing\",\"first_player\":\"defender\",\"defender\":{\"dice\":1,\"modifiers\":["
                           "{\"window\":\"before-neutralize\",\"pool\":\"defense\",\"op\":\"add\",\"to\":\"evade\"}]},"
                           "\"attacks\":[{\"attacker\":{\"dice\":2,\"modifiers\":[{\"window\":\"before-neutralize\","
                           "\"pool\":\"defense\",\"op\":\"cancel\",\"faces\":[\"evade\"]}]}},{\"attacker\":{\"dice\":2,"
                           "\"modifiers\":[{\"window\":\"before-neutralize\",\"pool\":\"defense\",\"op\":\"cancel\","
                           "\"faces\":[\"evade\"]}]}}]}"),
                   2 * 23.0 / 32, 1e-12);
    assert_refused(QUEUE(",\"first_player\":\"red\""),
                   "test.json: first_player: expected a player (one of: attacker, defender), got \"red\"");
}
END_TEST

Suite *suite_audit_xwing(void)
{
    Suite *s = suite_create("audit_xwing");
    TCase *t = tcase_create("cloak");
    tcase_add_test(t, a_cloaked_attacker_cannot_attack);
    tcase_add_test(t, a_cloaked_defender_still_defends);
    suite_add_tcase(s, t);
    t = tcase_create("range_zero");
    tcase_add_test(t, at_range_zero_the_attacker_does_not_modify_its_dice);
    tcase_add_test(t, at_range_zero_an_ordnance_attack_modifies_its_dice);
    tcase_add_test(t, at_range_zero_no_die_is_added_or_taken_by_the_enemy);
    tcase_add_test(t, at_range_zero_the_defender_modifies_the_attack_dice);
    tcase_add_test(t, at_range_zero_the_attacker_cannot_touch_the_defense_dice);
    tcase_add_test(t, at_range_zero_the_defender_abilities_work);
    suite_add_tcase(s, t);
    t = tcase_create("bonus");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, a_bonus_attack_keeps_what_the_first_left);
    tcase_add_test(t, a_bonus_attack_keeps_the_charges_left);
    tcase_add_test(t, optimal_keeps_the_focus_for_the_bonus_attack);
    tcase_add_test(t, bonus_attack_monte_carlo_agrees_with_exact);
    tcase_add_test(t, a_bonus_attack_may_name_the_pilot);
    tcase_add_test(t, bonus_attack_errors);
    suite_add_tcase(s, t);
    t = tcase_create("card_conditions");
    tcase_add_test(t, a_weapon_attacks_only_at_its_ranges);
    tcase_add_test(t, a_force_card_on_its_own_ship_has_no_charges_of_its_own);
    suite_add_tcase(s, t);
    t = tcase_create("player_order");
    tcase_add_test(t, abilities_of_one_moment_resolve_in_player_order);
    suite_add_tcase(s, t);
    return s;
}
