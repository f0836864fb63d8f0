/* check_audit_armada.c — issue 20's Armada items: the defender chooses how much Redirect sends
 * (L361), the optimal policy serves exactly the figure its goal reports (later shields and
 * face-up cards included), and it is never worse than a named policy on random small sequences.
 * Expected values are worked by hand below, apart from the engine. Citations are lines of
 * seeds/001_ae69564e4264402a.txt. */
#include "helpers.h"
#include "neverodds/armada.h"
#include "report/format.h"

/* A black die (8 sides: 2 blank, 4 hit, 2 hit+crit) deals 0, 1 or 2 to a ship with 1/4, 1/2, 1/4;
 * two deal Binomial(4, 1/2): 0..4 with 1, 4, 6, 4, 1 sixteenths. */

/* ---- item 8: how much Redirect sends ---- */

/* The example: hull 1, front and left 2 shields, one Redirect; two black dice into the
 * front, then two into the rear (no shields; Redirect reaches the left, L361: an adjacent zone).
 * Attack 1 never destroys (the 4 shields take up to 4); attack 2 does unless the left's shields
 * L left take it all: it survives with P(T2 <= L) = 11/16, 5/16, 1/16 for L = 2, 1, 0. Keeping
 * the left's shields means sending only what the front cannot take: T1 <= 2 sends none (L = 2),
 * T1 = 3 sends 1 (L = 1), T1 = 4 sends 2 (L = 0):
 *   P(survive) = 11/16 * 11/16 + 4/16 * 5/16 + 1/16 * 1/16 = 142/256, P(kill) = 114/256 = 57/128.
 * Sending the most (today's rule, and every policy that does not look ahead) at T1 = 3 leaves
 * L = 0: P(kill) = 1 - (121 + 4 + 1)/256 = 65/128. */
#define REDIRECT_SEQ(policy, goal)                                                                         \
    "{\"game\":\"armada\",\"policy\":" policy ",\"goal\":\"" goal "\","                                    \
    "\"defender\":{\"type\":\"ship\",\"hull\":1,\"shields\":{\"front\":2,\"left\":2},\"tokens\":[\"redirect\"]}," \
    "\"attacks\":[{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":2}}},"           \
    "{\"range\":\"close\",\"zone\":\"rear\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":2}}}]}"

START_TEST(redirect_sends_what_keeps_the_ship_alive)
{
    no_scenario *sc = scenario(REDIRECT_SEQ("{\"defender\":\"optimal\"}", "kill"));
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.kill_by[0].p, 0, 1e-15);
    ck_assert_near(s.kill.p, 57.0 / 128, 1e-12); /* was 65/128: the most always sent */
    ck_assert(s.has_baseline);
    ck_assert_near(s.baseline_kill.p, 65.0 / 128, 1e-12); /* per-attack sends the most */
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* The choice itself, in the first attack as the sequence values it: hit+crit and hit make 3; the
 * front's 2 shields take 2 and Redirect sends 1 (L361 "cualquier cantidad"), leaving the left 1
 * shield. A lone attack, which no later attack follows, sends the most as before: 2 to the
 * left, 1 to the front. */
START_TEST(redirect_amount_is_the_defenders_choice)
{
    no_scenario *sc = scenario(REDIRECT_SEQ("{\"defender\":\"optimal\"}", "kill"));
    no_scenario *view = malloc(sizeof *view);
    char err[NO_ERR_LEN];
    no_first_attack *fa = no_sequence_first(sc, view, err, sizeof err);
    ck_assert_msg(fa != NULL, "%s", err);
    const uint8_t three[] = {AR_BLACK_HIT_CRIT, AR_BLACK_HIT};
    no_state end = walk_faces(view, three, 2, "hit+crit hit");
    int shields[AR_NZONES];
    no_armada_after(&view->ctx, &end, shields, NULL);
    ck_assert_int_eq(end.damage, 3);
    ck_assert_int_eq(end.flags, 1); /* sent to the left */
    ck_assert_int_eq(shields[AR_LEFT], 1);
    ck_assert_int_eq(shields[AR_FRONT], 0);
    ck_assert_int_eq(end.facedown + end.faceup, 0);
    no_first_attack_free(fa);
    free(view);
    free(sc);
    /* the lone first attack: the most, with any policy */
    static const char *const policies[] = {"per-attack", "optimal"};
    for (int p = 0; p < 2; p++) {
        char json[512];
        snprintf(json, sizeof json,
                 "{\"game\":\"armada\",\"policy\":\"%s\",\"goal\":\"kill\",\"range\":\"close\","
                 "\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":2}},\"defender\":{\"type\":\"ship\",\"hull\":1,"
                 "\"shields\":{\"front\":2,\"left\":2},\"tokens\":[\"redirect\"]}}",
                 policies[p]);
        sc = scenario(json);
        end = walk_faces(sc, three, 2, "hit+crit hit");
        no_armada_after(&sc->ctx, &end, shields, NULL);
        ck_assert_int_eq(end.flags, 2);
        ck_assert_int_eq(shields[AR_LEFT], 0);
        ck_assert_int_eq(shields[AR_FRONT], 1);
        /* the shields left on average: T1 <= 2 needs no Redirect (the front takes it: 2, 1, 0 left),
         * 3 and 4 send 2 (front 1 and 0 left): E[left] = 11/16 * 2, E[front] = (2 + 4 + 4)/16 */
        no_summary s;
        exact_summary(sc, &s);
        ck_assert_near(s.armada.shields_mean[AR_LEFT], 22.0 / 16, 1e-12);
        ck_assert_near(s.armada.shields_mean[AR_FRONT], 10.0 / 16, 1e-12);
        ck_assert_near(s.kill.p, 0, 1e-15);
        free(sc);
    }
}
END_TEST

/* The same sequence for the damage cards (hull 1: any card destroys, and a destroyed ship takes
 * no more). Attack 2 into the rear with the left's L shields deals E[max(0, T2 - L)] cards:
 * L = 2: (4*1 + 1*2)/16 = 6/16, L = 1: (6*1 + 4*2 + 1*3)/16 = 17/16, L = 0: 2. The defender picks:
 * T1 <= 2: no card, L = 2 (6/16); T1 = 3: a card now and no attack 2 (1) beats sending 1 (17/16)
 * and 2 (2); T1 = 4: sending 1 leaves one card and ends it (1) against 2 for sending 2. So
 *   E[cards] = 11/16 * 6/16 + 4/16 * 1 + 1/16 * 1 = 146/256 = 73/128, P(kill by 1) = 5/16. */
START_TEST(redirect_amount_for_the_cards_goal)
{
    no_scenario *sc = scenario(REDIRECT_SEQ("{\"defender\":\"optimal\"}", "mean-cards"));
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.armada.cards_mean, 73.0 / 128, 1e-12);
    ck_assert_near(s.attack[0].armada.cards_mean + s.attack[1].armada.cards_mean, 73.0 / 128, 1e-12);
    ck_assert_near(s.kill_by[0].p, 5.0 / 16, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* ---- item 9: the optimal policy values what its goal counts later ---- */

/* The audit's Evade and Scatter, each exhausted (one use: spending discards it, L365), shields
 * enough that no card is ever dealt (so every line deals the same cards: none). Attack 1: one
 * red die at medium range (Evade rerolls a die there, L362); attack 2: one black die at close
 * range (Evade does nothing, Scatter cancels it). A red die damages with 5/8 (hit, crit 1; hit+hit
 * 2) and a black one deals 1 on average.
 * - Scatter on attack 1's damaging die keeps only the useless Evade: attack 2 deals 1; in all
 *   5/8 * 1 = 40/64. So does every policy that ranks attack 1 alone (cards, then attack 1's
 *   shields, then fewer tokens spent), and so did optimal while it looked only at later cards.
 * - Evade first, Scatter only if the rerolled die still damages: Scatter is kept with 3/8 and
 *   attack 2 then deals nothing; else it deals 1: 5/8 * 5/8 = 25/64, the least. */
START_TEST(evade_first_scatter_only_if_the_die_still_hits)
{
    static const char *const json =
        "{\"game\":\"armada\",\"policy\":{\"defender\":\"optimal\"},"
        "\"defender\":{\"type\":\"ship\",\"hull\":9,\"shields\":{\"front\":4},"
        "\"tokens\":[{\"type\":\"evade\",\"state\":\"exhausted\"},{\"type\":\"scatter\",\"state\":\"exhausted\"}]},"
        "\"attacks\":[{\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}}},"
        "{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":1}}}]}";
    no_scenario *sc = scenario(json);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 25.0 / 64, 1e-12); /* was 40/64 */
    ck_assert_near(s.attack[0].armada.tokens[AR_EVADE].spent.p, 5.0 / 8, 1e-12);
    ck_assert_near(s.attack[0].armada.tokens[AR_SCATTER].spent.p, 25.0 / 64, 1e-12);
    ck_assert_near(s.baseline_mean, 40.0 / 64, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* One exhausted Brace (one use) against two black dice into the front (4 shields: never a card)
 * and then one black die into the rear (no shields: every point a card). Bracing attack 1's T1
 * saves floor(T1/2) points of shields: 1, 1, 2 for T1 = 2, 3, 4; kept, it saves a card when the
 * last die deals 2 (1/4).
 * - mean-damage (all the damage): brace when T1 >= 2 (a saving of 1 or 2 beats 1/4):
 *   2 + 1 - (6 + 4 + 2)/16 - 5/16 * 1/4 = 139/64, as per-attack does. Optimal used to rank the
 *   later cards first and kept the Brace: 3 - 1/4 = 11/4.
 * - mean-cards: keeping it always saves 1/4 card: 1 - 1/4 = 3/4 cards (and 11/4 damage), against
 *   per-attack's 1 - 5/16 * 1/4 = 59/64 cards. The two goals differ: both are offered. */
START_TEST(the_goals_differ_on_brace_now_or_later)
{
    static const char *const json =
        "{\"game\":\"armada\",\"policy\":{\"defender\":\"optimal\"},\"goal\":\"%s\","
        "\"defender\":{\"type\":\"ship\",\"hull\":9,\"shields\":{\"front\":4},"
        "\"tokens\":[{\"type\":\"brace\",\"state\":\"exhausted\"}]},"
        "\"attacks\":[{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":2}}},"
        "{\"range\":\"close\",\"zone\":\"rear\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":1}}}]}";
    char text[1024];
    snprintf(text, sizeof text, json, "mean-damage");
    no_scenario *sc = scenario(text);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 139.0 / 64, 1e-12); /* was 11/4 */
    ck_assert_near(s.armada.cards_mean, 59.0 / 64, 1e-12);
    no_summary_free(&s);
    free(sc);
    snprintf(text, sizeof text, json, "mean-cards");
    sc = scenario(text);
    exact_summary(sc, &s);
    ck_assert_near(s.armada.cards_mean, 3.0 / 4, 1e-12);
    ck_assert_near(s.mean, 11.0 / 4, 1e-12);
    ck_assert_near(s.baseline_cards, 59.0 / 64, 1e-12);
    ck_assert_near(s.baseline_mean, 139.0 / 64, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* ---- the property: optimal is never worse on its goal's figure ---- */

static uint64_t next_random(uint64_t *x) /* splitmix64 */
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int below(uint64_t *x, int n) { return (int)(next_random(x) % (uint64_t)n); }

/* A random small sequence: a ship (or squadron) with hull 1-4, 0-2 shields per zone and up to 3
 * tokens, then 2 attacks of 1-2 dice at random ranges and zones, sometimes obstructed or with
 * Concentrate Fire. `fixed`: black dice at close range only, no Concentrate Fire: the attacker
 * then has no choice to make (one colour to drop when obstructed, no accuracy to spend). */
static void random_sequence(uint64_t *x, int fixed, char *out, size_t n)
{
    static const char *const tokens[] = {"brace", "redirect", "evade", "scatter"};
    static const char *const ranges[] = {"close", "medium", "long"};
    static const char *const colours[] = {"red", "blue", "black"};
    int squadron = below(x, 5) == 0;
    size_t k = (size_t)snprintf(out, n, "{\"game\":\"armada\",\"defender\":{\"type\":\"%s\",\"hull\":%d",
                                squadron ? "squadron" : "ship", 1 + below(x, 4));
    if (!squadron)
        k += (size_t)snprintf(out + k, n - k, ",\"shields\":{\"front\":%d,\"left\":%d,\"right\":%d,\"rear\":%d}",
                              below(x, 3), below(x, 3), below(x, 3), below(x, 3));
    k += (size_t)snprintf(out + k, n - k, ",\"tokens\":[");
    for (int t = 0, nt = below(x, 4); t < nt; t++) {
        int type = below(x, 4);
        if (squadron && type == 1)
            type = 0; /* a squadron has no Redirect (L738) */
        k += (size_t)snprintf(out + k, n - k, "%s{\"type\":\"%s\",\"state\":\"%s\"}", t ? "," : "", tokens[type],
                              below(x, 2) ? "ready" : "exhausted");
    }
    k += (size_t)snprintf(out + k, n - k, "]},\"attacks\":[");
    for (int a = 0; a < 2; a++) {
        int dice[3] = {0, 0, 0};
        for (int d = 0, nd = 1 + below(x, 3); d < nd; d++)
            dice[fixed ? 2 : below(x, 3)]++;
        k += (size_t)snprintf(out + k, n - k, "%s{\"range\":\"%s\",\"obstructed\":%s", a ? "," : "",
                              ranges[fixed ? 0 : below(x, 3)], below(x, 5) ? "false" : "true");
        if (!squadron)
            k += (size_t)snprintf(out + k, n - k, ",\"zone\":\"%s\"", no_armada_zone_names[below(x, 4)]);
        k += (size_t)snprintf(out + k, n - k, ",\"attacker\":{\"type\":\"ship\",\"pool\":{");
        for (int c = 0, any = 0; c < 3; c++)
            if (dice[c])
                k += (size_t)snprintf(out + k, n - k, "%s\"%s\":%d", any++ ? "," : "", colours[c], dice[c]);
        k += (size_t)snprintf(out + k, n - k, "}");
        if (!fixed && below(x, 4) == 0)
            k += (size_t)snprintf(out + k, n - k, ",\"concentrate_fire\":{\"dial\":%s,\"token\":%s}",
                                  below(x, 2) ? "true" : "false", below(x, 2) ? "true" : "false");
        k += (size_t)snprintf(out + k, n - k, "}}");
    }
    snprintf(out + k, n - k, "]}");
}

/* The figure the report prints for the goal: the mean damage, P(kill), or the damage cards (a
 * squadron's hull points are its damage). */
static double figure(const no_scenario *sc, const no_summary *s, int goal)
{
    if (goal == NO_GOAL_KILL)
        return s->kill.p;
    if (goal == NO_GOAL_MEAN_CARDS && sc->ctx.kw[NO_DEFENDER][AK_TYPE] == AR_SHIP)
        return s->armada.cards_mean;
    return s->mean;
}

static double run_pair(const char *json, int goal, int side, int policy, int other)
{
    no_scenario *sc = scenario(json);
    no_scenario_set_goal(sc, goal);
    no_scenario_set_side_policy(sc, side, policy);
    no_scenario_set_side_policy(sc, !side, other);
    no_summary s;
    exact_summary(sc, &s);
    double v = figure(sc, &s, goal);
    no_summary_free(&s);
    free(sc);
    return v;
}

/* Optimal, for either side and every goal, against every named policy of Armada with the other
 * side fixed: it is the best reply to what the other side does. That holds against an optimal
 * opponent (the goal is zero-sum: optimal is its minimax), against a per-attack defender (it
 * decides after the attacker, on this attack alone, whatever the attacker's policy), and against
 * a per-attack attacker that has no choice to make (`fixed` sequences). A per-attack attacker with
 * choices values them by what the defender's policy does next in the attack, so a defender's
 * policy can move it, and the property need not hold there. */
START_TEST(optimal_is_never_worse_on_random_sequences)
{
    uint64_t x = 20;
    int checked = 0;
    for (int i = 0; i < 200; i++) {
        int fixed = i % 3 == 0;
        char json[2048];
        random_sequence(&x, fixed, json, sizeof json);
        for (int goal = 0; goal < NO_GOAL_N; goal++)
            for (int side = 0; side < NO_SIDES; side++)
                for (int o = 0; o < 2; o++) {
                    int other = o ? NO_POLICY_OPTIMAL : NO_POLICY_PER_ATTACK;
                    if (side == NO_DEFENDER && other == NO_POLICY_PER_ATTACK && !fixed)
                        continue;
                    double sign = side == NO_ATTACKER ? 1 : -1;
                    double best = run_pair(json, goal, side, NO_POLICY_OPTIMAL, other);
                    for (int p = 0; p < NO_POLICY_N; p++) {
                        if (p == NO_POLICY_OPTIMAL || !no_game_offers_policy(&no_game_armada, p))
                            continue;
                        double v = run_pair(json, goal, side, p, other);
                        ck_assert_msg(sign * (best - v) >= -1e-12,
                                      "case %d, goal %s, %s %s against %s %s: %.15f beats optimal %.15f\n%s", i,
                                      no_goal_names[goal], side ? "defender" : "attacker", no_policies[p].name,
                                      side ? "attacker" : "defender", no_policies[other].name, v, best, json);
                        checked++;
                    }
                }
    }
    ck_assert_int_gt(checked, 1000);
}
END_TEST

Suite *suite_audit_armada(void)
{
    Suite *s = suite_create("audit_armada");
    TCase *t = tcase_create("redirect");
    tcase_add_test(t, redirect_sends_what_keeps_the_ship_alive);
    tcase_add_test(t, redirect_amount_is_the_defenders_choice);
    tcase_add_test(t, redirect_amount_for_the_cards_goal);
    suite_add_tcase(s, t);
    t = tcase_create("goals");
    tcase_add_test(t, evade_first_scatter_only_if_the_die_still_hits);
    tcase_add_test(t, the_goals_differ_on_brace_now_or_later);
    tcase_add_test(t, optimal_is_never_worse_on_random_sequences);
    tcase_set_timeout(t, 120);
    suite_add_tcase(s, t);
    return s;
}
