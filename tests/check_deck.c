/* check_deck.c — the X-Wing damage deck: forced cards, exact fractions worked by hand, the deck
 * carried between attacks, Monte Carlo against exact, the switch and its limits. */
#include "helpers.h"
#include <math.h>

/* n attack dice at range 2 against agility `agility` and the given hull (no shields). */
static no_scenario *shot(int n, int agility, int hull)
{
    char atk[32], def[64];
    snprintf(atk, sizeof atk, "\"dice\":%d", n);
    snprintf(def, sizeof def, "\"dice\":%d,\"hull\":%d", agility, hull);
    return xwing("", atk, def);
}

static double exact_kill(const no_scenario *sc, double *mean)
{
    no_summary s;
    exact_summary(sc, &s);
    *mean = s.mean;
    double kill = s.kill.p;
    no_summary_free(&s);
    return kill;
}

/* ---- forced cards (d l b s o: Direct Hit!, Fuel Leak, Hull Breach, Structural, other) ---- */

START_TEST(direct_hit_adds_one_hit_damage)
{
    no_scenario *sc = shot(1, 0, 3);
    no_state s = forced(sc, "C d");
    ck_assert_int_eq(s.damage, 2);      /* the crit, then the card's hit damage */
    ck_assert_int_eq(s.card_damage, 1);
    ck_assert_int_eq(s.faceup, 1);      /* dealt face up (then repaired) ... */
    ck_assert_int_eq(s.facedown, 1);    /* ... and the hit damage's card */
    ck_assert_int_eq(s.card_seen[XW_CARD_DIRECT_HIT], 1);
    ck_assert_int_eq(s.destroyed, 0);
    free(sc);
}
END_TEST

START_TEST(hull_breach_turns_later_hit_damage_into_crits)
{
    /* crit: Hull Breach; crit: Direct Hit!, whose hit damage is now crit damage: one more card
     * face up (an other) */
    no_scenario *sc = shot(2, 0, 5);
    no_state s = forced(sc, "CC b d o");
    ck_assert_int_eq(s.damage, 3);
    ck_assert_int_eq(s.faceup, 3);
    ck_assert_int_eq(s.facedown, 0);
    ck_assert_int_eq(s.card_seen[XW_CARD_OTHER], 1);
    free(sc);
}
END_TEST

START_TEST(fuel_leak_acts_on_the_next_crit_damage)
{
    no_scenario *sc = shot(3, 0, 6);
    /* crit: Fuel Leak (not set off by the crit that dealt it); crit: other, and the Fuel Leak adds
     * 1 hit damage and is repaired; crit: other, nothing more */
    no_state s = forced(sc, "CCC l o o");
    ck_assert_int_eq(s.damage, 4);
    ck_assert_int_eq(s.card_damage, 1);
    ck_assert_int_eq(s.faceup, 3);
    ck_assert_int_eq(s.facedown, 1);
    ck_assert_int_eq(s.fuel_up, 0);
    free(sc);
    sc = shot(1, 0, 6);
    s = forced(sc, "C l"); /* no later crit: it stays face up for the next attack */
    ck_assert_int_eq(s.fuel_up, 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(the_card_that_destroys_the_ship_is_not_drawn)
{
    no_scenario *sc = shot(3, 0, 2);
    no_state s = forced(sc, "CCC o"); /* one draw: the second card destroys the ship */
    ck_assert_int_eq(s.destroyed, 1);
    ck_assert_int_eq(s.damage, 3);   /* the rest is counted */
    ck_assert_int_eq(s.card_seen[XW_CARD_OTHER], 1);
    free(sc);
    sc = shot(2, 0, 2);
    s = forced(sc, "HC"); /* hit: a face-down card; crit: the second card, not drawn */
    ck_assert_int_eq(s.destroyed, 1);
    free(sc);
}
END_TEST

START_TEST(shields_take_damage_before_any_card)
{
    no_scenario *sc = xwing("", "\"dice\":2", "\"dice\":0,\"hull\":3,\"shields\":1");
    no_state s = forced(sc, "CC o"); /* the first crit takes the shield: one draw */
    ck_assert_int_eq(s.shields_lost, 1);
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
}
END_TEST

START_TEST(structural_damage_removes_a_defense_die)
{
    no_scenario *sc = shot(1, 2, 3);
    no_state s = sc->ctx.start;
    s.card_seen[XW_CARD_STRUCTURAL] = 1;
    ck_assert_int_eq(no_xwing_defense_dice(&sc->ctx, &s), 1);
    s = sc->ctx.start;
    s.card_seen[XW_CARD_STRUCTURAL] = 2;
    ck_assert_int_eq(no_xwing_defense_dice(&sc->ctx, &s), 0);
    free(sc);
}
END_TEST

/* ---- exact fractions by hand ---- */

/* 2 dice, no defense, hull 2. Killed by two results (1/4), or by one crit alone (1/8) drawing a
 * Direct Hit! (5/33): 71/264. The Direct Hit! adds damage when the first card dealt is a crit's:
 * one crit alone or two crits (1/8 + 1/64), times 5/33: mean 1 + 15/704. */
START_TEST(two_dice_against_hull_two)
{
    no_scenario *sc = shot(2, 0, 2);
    double mean;
    ck_assert_near(exact_kill(sc, &mean), 71.0 / 264, 1e-15);
    ck_assert_near(mean, 1 + 15.0 / 704, 1e-15);
    free(sc);
    sc = xwing(",\"rule_options\":{\"damage_deck\":false}", "\"dice\":2", "\"dice\":0,\"hull\":2");
    ck_assert_ptr_null(sc->ctx.deck);
    ck_assert_near(exact_kill(sc, &mean), 0.25, 1e-15);
    ck_assert_near(mean, 1, 1e-15);
    free(sc);
}
END_TEST

/* Cards already in play (as an earlier attack leaves them): one die, no defense, 2 hull left. */
START_TEST(cards_in_play_change_the_odds)
{
    no_scenario *sc = shot(1, 0, 2);
    double mean;
    /* a Hull Breach: a hit or a crit (1/2) is a face-up card, a Direct Hit! among the 32 left
     * (5/32) kills: 5/64 */
    sc->ctx.start.card_seen[XW_CARD_HULL_BREACH] = 1;
    ck_assert_near(exact_kill(sc, &mean), 5.0 / 64, 1e-15);
    /* a face-up Fuel Leak: a crit (1/8) sets it off, 1 hit damage: the second card. Damage: a hit
     * 1 (3/8); a crit 2, and 1 more for a Direct Hit! (5/32): 165/256 */
    sc->ctx.start.card_seen[XW_CARD_HULL_BREACH] = 0;
    sc->ctx.start.card_seen[XW_CARD_FUEL_LEAK] = 1;
    sc->ctx.start.fuel_up = 1;
    ck_assert_near(exact_kill(sc, &mean), 1.0 / 8, 1e-15);
    ck_assert_near(mean, 165.0 / 256, 1e-15);
    free(sc);
    /* a Structural Damage: agility 1 rolls nothing; a crit draws a Direct Hit! 5/32 of the time:
     * mean 1/2 + 1/8 x 5/32 = 133/256 */
    sc = shot(1, 1, 3);
    sc->ctx.start.card_seen[XW_CARD_STRUCTURAL] = 1;
    exact_kill(sc, &mean);
    ck_assert_near(mean, 133.0 / 256, 1e-15);
    free(sc);
}
END_TEST

/* ---- sequences ---- */

START_TEST(the_deck_carries_to_the_next_attack)
{
    no_scenario *sc = shot(1, 2, 5);
    no_state end = sc->ctx.start;
    end.card_seen[XW_CARD_STRUCTURAL] = 1;
    end.card_seen[XW_CARD_FUEL_LEAK] = 1;
    end.fuel_up = 1;
    end.faceup = 2;
    no_ctx next = sc->ctx;
    ck_assert_int_eq(no_xwing_carry(&sc->ctx, &end, &next), 0);
    ck_assert_int_eq(next.hull, 3);
    ck_assert_int_eq(next.start.fuel_up, 1);
    ck_assert_int_eq(next.start.card_seen[XW_CARD_FUEL_LEAK], 1);
    no_state s = next.start;
    ck_assert_int_eq(no_xwing_defense_dice(&next, &s), 1);
    free(sc);
}
END_TEST

/* At 2 hull the Fuel Leaks seen count as cards without effect; at 1 hull only the cards in play
 * that still act are kept. */
START_TEST(a_ship_near_destroyed_forgets_the_deck)
{
    no_scenario *sc = shot(1, 2, 5);
    no_state end = sc->ctx.start;
    end.card_seen[XW_CARD_STRUCTURAL] = 1;
    end.card_seen[XW_CARD_FUEL_LEAK] = 1;
    end.card_seen[XW_CARD_HULL_BREACH] = 1;
    end.card_seen[XW_CARD_OTHER] = 2;
    end.fuel_up = 1;
    end.faceup = 3;
    no_ctx next = sc->ctx;
    ck_assert_int_eq(no_xwing_carry(&sc->ctx, &end, &next), 0);
    ck_assert_int_eq(next.hull, 2);
    ck_assert_int_eq(next.start.fuel_up, 1); /* it acts after the crit damage that draws the last card */
    ck_assert_int_eq(next.start.card_seen[XW_CARD_FUEL_LEAK], 0);
    ck_assert_int_eq(next.start.card_seen[XW_CARD_OTHER], 3);
    ck_assert_int_eq(next.start.card_seen[XW_CARD_HULL_BREACH], 1);
    end.faceup = 4;
    ck_assert_int_eq(no_xwing_carry(&sc->ctx, &end, &next), 0);
    ck_assert_int_eq(next.hull, 1);
    ck_assert_int_eq(next.start.fuel_up, 0);
    ck_assert_int_eq(next.start.card_seen[XW_CARD_OTHER] + next.start.card_seen[XW_CARD_FUEL_LEAK], 0);
    ck_assert_int_eq(next.start.card_seen[XW_CARD_HULL_BREACH], 1);
    ck_assert_int_eq(next.start.card_seen[XW_CARD_STRUCTURAL], 1);
    free(sc);
}
END_TEST

/* Forgetting the spent deck (xwing.c) and the dice once damage starts (xwing_damage.c) merges
 * states and changes no figure of any attack: the same sequences with every detail kept (a
 * report that keeps the dice keeps both). */
START_TEST(forgetting_the_spent_deck_changes_no_probability)
{
    static const char *const cases[] = {
        "{\"game\":\"xwing\",\"defender\":{\"dice\":2,\"hull\":4,\"tokens\":{\"focus\":1}},\"attacks\":["
        "{\"attacker\":{\"dice\":4,\"tokens\":{\"focus\":1}}},{\"attacker\":{\"dice\":3,\"abilities\":[\"howlrunner\"]}},"
        "{\"attacker\":{\"dice\":3,\"tokens\":{\"lock\":1}}},{\"attacker\":{\"dice\":4}},{\"attacker\":{\"dice\":2}}]}",
        "{\"game\":\"xwing\",\"defender\":{\"dice\":3,\"hull\":5,\"shields\":1,\"tokens\":{\"evade\":1}},"
        "\"attacks\":[{\"attacker\":{\"dice\":4,\"tokens\":{\"focus\":1,\"lock\":1}}},"
        "{\"attacker\":{\"dice\":4,\"tokens\":{\"focus\":1,\"lock\":1}}},{\"attacker\":{\"dice\":4,\"tokens\":{\"focus\":1}}},"
        "{\"attacker\":{\"dice\":4,\"tokens\":{\"focus\":1}}},{\"attacker\":{\"dice\":3}},{\"attacker\":{\"dice\":3}}]}",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        no_scenario *sc = scenario(cases[i]);
        no_summary forgot, kept;
        exact_summary(sc, &forgot);
        for (int a = 0; a < sc->nattacks; a++)
            sc->attacks[a].keep_dice = 1;
        exact_summary(sc, &kept);
        ck_assert_msg(forgot.states < kept.states, "case %zu: %zu states, %zu kept whole", i, forgot.states,
                      kept.states);
        ck_assert_int_eq(forgot.nattacks, kept.nattacks);
        for (int a = 0; a < kept.nattacks; a++) {
            const no_summary *f = &forgot.attack[a], *k = &kept.attack[a];
            ck_assert_int_eq(f->max_damage, k->max_damage);
            for (int d = 0; d <= k->max_damage; d++)
                ck_assert_msg(fabs(f->pmf[d].p - k->pmf[d].p) < 1e-12, "case %zu attack %d: P(%d) %.15f vs %.15f", i,
                              a + 1, d, f->pmf[d].p, k->pmf[d].p);
            ck_assert_msg(fabs(f->kill.p - k->kill.p) < 1e-12, "case %zu attack %d", i, a + 1);
            ck_assert_msg(fabs(f->faceup.p - k->faceup.p) < 1e-12, "case %zu attack %d", i, a + 1);
            ck_assert_msg(fabs(f->card_damage.p - k->card_damage.p) < 1e-12, "case %zu attack %d", i, a + 1);
            ck_assert_msg(fabs(f->made - k->made) < 1e-12, "case %zu attack %d", i, a + 1);
            ck_assert_msg(fabs(f->hit.p - k->hit.p) < 1e-12, "case %zu attack %d", i, a + 1);
            ck_assert_int_eq(f->nabilities, k->nabilities);
            for (int b = 0; b < k->nabilities; b++)
                ck_assert_msg(fabs(f->abilities[b].used.p - k->abilities[b].used.p) < 1e-12, "case %zu attack %d", i, a + 1);
            for (int side = 0; side < NO_SIDES; side++)
                for (int t = 0; t < NO_TOK_N; t++)
                    ck_assert_msg(fabs(f->tokens[side][t].spent.p - k->tokens[side][t].spent.p) < 1e-12,
                                  "case %zu attack %d: token %d", i, a + 1, t);
            ck_assert_msg(fabs(forgot.kill_by[a].p - kept.kill_by[a].p) < 1e-12, "case %zu attack %d", i, a + 1);
        }
        for (int d = 0; d <= kept.max_damage; d++)
            ck_assert(fabs(forgot.pmf[d].p - kept.pmf[d].p) < 1e-12);
        no_summary_free(&forgot);
        no_summary_free(&kept);
        free(sc);
    }
}
END_TEST

/* Three attacks on a ship with shields: exact and Monte Carlo agree on the total and the kill,
 * and the seed gives the same counts on one thread or two. */
START_TEST(monte_carlo_agrees_with_exact_over_a_sequence)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"defender\":{\"dice\":1,\"hull\":3,\"shields\":1},"
                               "\"attacks\":[{\"attacker\":{\"dice\":4}},{\"attacker\":{\"dice\":4}},"
                               "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}}]}");
    no_summary ex, mc, mc1;
    exact_summary(sc, &ex);
    no_run_opts o = {.trials = 400000, .seed = 11, .threads = 2};
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_run(sc, &o, &mc, err, sizeof err), 0);
    assert_mc_matches(&mc, &ex);
    o.threads = 1;
    ck_assert_int_eq(no_run(sc, &o, &mc1, err, sizeof err), 0);
    ck_assert_double_eq(mc1.mean, mc.mean);
    ck_assert_double_eq(mc1.kill.p, mc.kill.p);
    /* the deck kills sooner than the damage alone */
    no_summary off;
    sc->attacks[0].deck = sc->attacks[1].deck = sc->attacks[2].deck = NULL;
    exact_summary(sc, &off);
    ck_assert(ex.kill.p > off.kill.p);
    no_summary_free(&ex);
    no_summary_free(&mc);
    no_summary_free(&mc1);
    no_summary_free(&off);
    free(sc);
}
END_TEST

/* Six equal attacks: from the third on, situations share the graphs of the attack before and
 * take its links (sequence.c) instead of carrying each end again. Monte Carlo, which links each
 * end as a trial reaches it, agrees with exact. */
START_TEST(equal_attacks_share_their_links)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"defender\":{\"dice\":2,\"hull\":4,\"shields\":1,"
                               "\"tokens\":{\"focus\":1}},\"attacks\":[" /* six times the same */
                               "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}},{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}},"
                               "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}},{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}},"
                               "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}},{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}}]}");
    no_summary ex, mc;
    exact_summary(sc, &ex);
    mc_summary(sc, 1000000, 5, &mc);
    assert_mc_matches(&mc, &ex);
    for (int a = 0; a < 6; a++) { /* destroyed by the end of each attack */
        double p = ex.kill_by[a].p;
        ck_assert_msg(within_5se(mc.kill_by[a].p, p, 1e6), "attack %d: %f vs %f", a + 1,
                      mc.kill_by[a].p, p);
    }
    no_summary_free(&ex);
    no_summary_free(&mc);
    free(sc);
}
END_TEST

/* ---- the switch and its limits ---- */

START_TEST(a_hull_larger_than_the_deck_needs_the_deck_off)
{
    no_scenario sc;
    char err[NO_ERR_LEN];
    const char *big = "{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":1,\"hull\":34}}";
    ck_assert_int_eq(no_scenario_parse(big, "big.json", &sc, err, sizeof err), -1);
    ck_assert_str_eq(err, "big.json: defender.hull: a hull of 34 is more than the 33 cards of the damage deck "
                          "(set rule_options.damage_deck to false)");
    const char *off = "{\"game\":\"xwing\",\"rule_options\":{\"damage_deck\":false},\"attacker\":{\"dice\":3},"
                      "\"defender\":{\"dice\":1,\"hull\":34}}";
    ck_assert_int_eq(no_scenario_parse(off, "big.json", &sc, err, sizeof err), 0);
    const char *bad = "{\"game\":\"xwing\",\"rule_options\":{\"damage_deck\":1},\"attacker\":{\"dice\":3},"
                      "\"defender\":{\"dice\":1,\"hull\":3}}";
    ck_assert_int_eq(no_scenario_parse(bad, "bad.json", &sc, err, sizeof err), -1);
    ck_assert_str_eq(err, "bad.json: rule_options.damage_deck: expected true or false, got 1");
}
END_TEST

/* ---- the attacker's face-up cards (attacker.damage_cards) ---- */

/* Mean damage of one lone attack (range 2 unless root says) on no defense dice. */
static double mean_of(const char *root, const char *atk)
{
    no_scenario *sc = xwing(root, atk, "\"dice\":0");
    no_summary s;
    exact_summary(sc, &s);
    double mean = s.mean;
    no_summary_free(&s);
    free(sc);
    return mean;
}

/* Weapons Failure: one attack die fewer each, after the range bonus and before the 0-6 clamp.
 * n dice on no defense deal n/2 on average (4 of 8 faces damage). */
START_TEST(weapons_failure_takes_an_attack_die)
{
    ck_assert_near(mean_of("", "\"dice\":3"), 1.5, 1e-15);
    ck_assert_near(mean_of("", "\"dice\":3,\"damage_cards\":{\"weapons_failure\":1}"), 1.0, 1e-15);
    ck_assert_near(mean_of("", "\"dice\":3,\"damage_cards\":{\"weapons_failure\":2}"), 0.5, 1e-15);
    ck_assert_near(mean_of(",\"range\":1", "\"dice\":2,\"damage_cards\":{\"weapons_failure\":2}"), 0.5, 1e-15);
    ck_assert_near(mean_of("", "\"dice\":1,\"damage_cards\":{\"weapons_failure\":2}"), 0, 1e-15);
}
END_TEST

/* Blinded Pilot: the attacker modifies its own dice only by spending Force for the default
 * effect. Two dice with a focus token: 3/2 (each die 3/4 with focus), 1 blinded (focus unused);
 * with a Force, 1 + P(a focus among two dice) = 1 + 7/16 either way; a lock's reroll is lost
 * too; what the defender does stays (an evade token still cancels). */
START_TEST(blinded_pilot_keeps_only_the_force)
{
    const char *blind = ",\"damage_cards\":{\"blinded_pilot\":1}";
    char atk[160];
    ck_assert_near(mean_of("", "\"dice\":2,\"tokens\":{\"focus\":1}"), 1.5, 1e-15);
    snprintf(atk, sizeof atk, "\"dice\":2,\"tokens\":{\"focus\":1}%s", blind);
    ck_assert_near(mean_of("", atk), 1.0, 1e-15);
    snprintf(atk, sizeof atk, "\"dice\":2,\"tokens\":{\"force\":1}%s", blind);
    ck_assert_near(mean_of("", atk), 1 + 7.0 / 16, 1e-15);
    ck_assert_near(mean_of("", "\"dice\":2,\"tokens\":{\"force\":1}"), 1 + 7.0 / 16, 1e-15);
    ck_assert(mean_of("", "\"dice\":2,\"tokens\":{\"lock\":1}") > 1.1);
    snprintf(atk, sizeof atk, "\"dice\":2,\"tokens\":{\"lock\":1}%s", blind);
    ck_assert_near(mean_of("", atk), 1.0, 1e-15);
    /* the defender's own tokens still act: against 2 defense dice and an evade token, a blinded
     * attacker with nothing to spend does as well as one that is not */
    double mean[2];
    for (int b = 0; b < 2; b++) {
        snprintf(atk, sizeof atk, "\"dice\":3%s", b ? blind : "");
        no_scenario *sc = xwing("", atk, "\"dice\":2,\"tokens\":{\"evade\":1,\"focus\":1}");
        no_summary s;
        exact_summary(sc, &s);
        mean[b] = s.mean;
        no_summary_free(&s);
        free(sc);
    }
    ck_assert_near(mean[0], mean[1], 1e-15);
    ck_assert(mean[0] < 1.0);
}
END_TEST

START_TEST(attacker_cards_are_checked)
{
    no_scenario sc;
    char err[NO_ERR_LEN];
    const char *over = "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"damage_cards\":{\"weapons_failure\":3}},"
                       "\"defender\":{\"dice\":1}}";
    ck_assert_int_eq(no_scenario_parse(over, "wf.json", &sc, err, sizeof err), -1);
    ck_assert_str_eq(err, "wf.json: attacker.damage_cards.weapons_failure: expected an integer from 0 to 2, got 3");
    const char *defender_kind = "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"damage_cards\":{\"structural_damage\":1}},"
                                "\"defender\":{\"dice\":1}}";
    ck_assert_int_eq(no_scenario_parse(defender_kind, "sd.json", &sc, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "attacker.damage_cards.structural_damage: "));
    const char *first = "{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":3,\"damage_cards\":"
                        "{\"blinded_pilot\":1}},\"defender\":{\"dice\":1}}";
    ck_assert_int_eq(no_scenario_parse(first, "1e.json", &sc, err, sizeof err), -1);
    ck_assert_str_eq(err, "1e.json: attacker.damage_cards: face-up damage cards are modelled for xwing-2e only");
}
END_TEST

Suite *suite_deck(void)
{
    Suite *s = suite_create("deck");
    TCase *t = tcase_create("damage deck");
    tcase_add_test(t, direct_hit_adds_one_hit_damage);
    tcase_add_test(t, hull_breach_turns_later_hit_damage_into_crits);
    tcase_add_test(t, fuel_leak_acts_on_the_next_crit_damage);
    tcase_add_test(t, the_card_that_destroys_the_ship_is_not_drawn);
    tcase_add_test(t, shields_take_damage_before_any_card);
    tcase_add_test(t, structural_damage_removes_a_defense_die);
    tcase_add_test(t, two_dice_against_hull_two);
    tcase_add_test(t, cards_in_play_change_the_odds);
    tcase_add_test(t, the_deck_carries_to_the_next_attack);
    tcase_add_test(t, monte_carlo_agrees_with_exact_over_a_sequence);
    tcase_add_test(t, equal_attacks_share_their_links);
    tcase_add_test(t, a_ship_near_destroyed_forgets_the_deck);
    tcase_add_test(t, forgetting_the_spent_deck_changes_no_probability);
    tcase_add_test(t, a_hull_larger_than_the_deck_needs_the_deck_off);
    tcase_add_test(t, weapons_failure_takes_an_attack_die);
    tcase_add_test(t, blinded_pilot_keeps_only_the_force);
    tcase_add_test(t, attacker_cards_are_checked);
    tcase_set_timeout(t, 120);
    suite_add_tcase(s, t);
    return s;
}
