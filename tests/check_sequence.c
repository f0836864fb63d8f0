/* check_sequence.c — several attacks in a row: the pools of one Legion attack action sharing
 * the attacker's tokens. Exact values from closed forms, the policy keeping a token for a later
 * pool when it is worth more there, Monte Carlo against exact, and the rules' errors. */
#include "helpers.h"
#include "neverodds/legion.h"
#include "neverodds/armada.h"
#include "neverodds/report.h"
#include <math.h>

/* Melee pools against a white defense die without surges: a die wounds when it shows a hit or
 * crit (red 6/8, white 2/8; surges blank without a chart) and the defense die misses (5/6). */
#define POOLS(policy, first, second)                                                          \
    "{\"game\":\"legion\",\"policy\":\"" policy "\",\"pools\":["                            \
    "{\"attack_type\":\"melee\",\"attacker\":{\"pool\":" first ",\"tokens\":{\"aim\":1}},"   \
    "\"defender\":{\"die\":\"white\",\"minis\":9}},"                                          \
    "{\"attack_type\":\"melee\",\"attacker\":{\"pool\":" second "},\"defender\":{\"die\":\"white\",\"minis\":9}}]}"

static void run_exact(const no_scenario *sc, no_summary *s)
{
    exact_summary(sc, s);
    ck_assert_int_eq(s->nattacks, sc->nattacks);
}

/* One white die first, two red dice second, one aim. Rerolling the white blank is worth
 * 2/8 * 5/6 = 5/24 there; kept, the aim rerolls both red dice that fail in the second pool,
 * worth 2 * (15/16 - 12/16) * 5/6 = 5/16. So the optimal first pool keeps it: the total is
 * 2/8 * 5/6 + 2 * 15/16 * 5/6 = 85/48, and the second pool spends it with P = 1 - (6/8)^2.
 * Per attack, the first pool rerolls its blank (7/16 succeed) and the second has the aim only
 * when the white die hit unaided: 5/6 (7/16 + 1/4 * 2 * 15/16 + 3/4 * 2 * 6/8) = 325/192. */
START_TEST(a_pool_keeps_the_aim_the_next_pool_needs_more)
{
    no_scenario *sc = scenario(POOLS("optimal", "{\"white\":1}", "{\"red\":2}"));
    ck_assert_int_eq(sc->nattacks, 2);
    no_summary s;
    run_exact(sc, &s);
    ck_assert_near(s.mean, 85.0 / 48, 1e-12);
    ck_assert_near(s.attack[0].mean, 5.0 / 24, 1e-12);
    ck_assert_near(s.attack[0].tokens[NO_ATTACKER][NO_TOK_AIM].spent.p, 0, 1e-15);
    ck_assert_near(s.attack[1].tokens[NO_ATTACKER][NO_TOK_AIM].spent.p, 7.0 / 16, 1e-12);
    ck_assert(s.has_baseline); /* the report shows what looking ahead gains */
    ck_assert_near(s.baseline_mean, 325.0 / 192, 1e-12);
    no_summary_free(&s);
    free(sc);
    sc = scenario(POOLS("per-attack", "{\"white\":1}", "{\"red\":2}"));
    run_exact(sc, &s);
    ck_assert_near(s.mean, 325.0 / 192, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* The other way round the first pool may spend it: with one white die in each pool, a blank in
 * the first is rerolled (5/24 now against 6/8 * 5/24 later). Each pool's die then succeeds with
 * 1 - (6/8)^2 = 7/16 in the first pool; the second gets the aim only when the first die hit. */
START_TEST(a_pool_spends_the_aim_when_it_is_worth_more_now)
{
    no_scenario *sc = scenario(POOLS("optimal", "{\"white\":1}", "{\"white\":1}"));
    no_summary s;
    run_exact(sc, &s);
    double p = 2.0 / 8, first = 1 - (1 - p) * (1 - p), second = p * first + (1 - p) * p;
    ck_assert_near(s.attack[0].mean, first * 5 / 6, 1e-12);
    ck_assert_near(s.attack[1].mean, second * 5 / 6, 1e-12);
    ck_assert_near(s.mean, (first + second) * 5 / 6, 1e-12);
    /* both pools wound: the first die hit unaided (the aim is kept for the second pool), or a
     * blank was rerolled into a success (the second pool rolls alone) */
    double q = 5.0 / 6, two = p * q * first * q + (1 - p) * p * q * p * q;
    ck_assert_near(s.pmf[2].p, two, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* Monte Carlo samples the same chain: within 5 standard errors of exact, per pool and in total,
 * and the same counts on one thread or two. */
START_TEST(pools_monte_carlo_agrees_with_exact)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"pools\":["
                               "{\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":4},\"surge\":\"hit\","
                               "\"tokens\":{\"aim\":2,\"surge\":1}},\"defender\":{\"die\":\"white\",\"minis\":4}},"
                               "{\"attacker\":{\"pool\":{\"red\":2},\"keywords\":{\"pierce\":1}},"
                               "\"defender\":{\"die\":\"red\",\"minis\":1,\"wounds\":5}}]}");
    no_summary ex, mc, mc1;
    run_exact(sc, &ex);
    no_run_opts o = {.trials = 400000, .seed = 3, .threads = 2};
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_run(sc, &o, &mc, err, sizeof err), 0);
    assert_mc_matches(&mc, &ex);
    for (int a = 0; a < 2; a++)
        ck_assert_msg(fabs(mc.attack[a].mean - ex.attack[a].mean) < 5 * mc.attack[a].mean_se, "pool %d", a);
    o.threads = 1;
    ck_assert_int_eq(no_run(sc, &o, &mc1, err, sizeof err), 0);
    for (int k = 0; k <= mc.max_damage; k++)
        ck_assert(mc.pmf[k].p == mc1.pmf[k].p);
    no_summary_free(&ex);
    no_summary_free(&mc);
    no_summary_free(&mc1);
    free(sc);
}
END_TEST

START_TEST(pools_bad_input)
{
    static const char *const cases[][2] = {
        {"{\"game\":\"legion\",\"pools\":[{\"attacker\":{\"pool\":{\"red\":1}},\"defender\":{\"die\":\"red\"}},"
         "{\"attacker\":{\"pool\":{\"red\":1},\"tokens\":{\"aim\":1}},\"defender\":{\"die\":\"red\"}}]}",
         "test.json: pools[1].attacker.tokens: aim tokens are given in the first attack: the later ones use "
         "what it leaves"},
        {"{\"game\":\"legion\",\"pools\":{}}", "test.json: pools: expected a list of 1 to 10 pools, got an object"},
        {"{\"game\":\"legion\",\"pools\":[{\"colour\":1}]}", "test.json: pools[0].colour: unknown key"},
        {"{\"game\":\"legion\",\"pools\":[{\"attacker\":{\"pool\":{\"red\":1}}}]}",
         "test.json: pools[0].defender: missing (expected an object with \"die\" or a \"unit\")"},
        {"{\"game\":\"legion\",\"pools\":[],\"attacker\":{}}", "test.json: attacker: unknown key"},
        {"{\"game\":\"armada\",\"defender\":{\"type\":\"ship\"},\"attacks\":[{\"range\":\"close\","
         "\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}}},{\"range\":\"far\",\"attacker\":{\"type\":\"ship\","
         "\"pool\":{\"red\":1}}}]}",
         "test.json: attacks[1].range: expected a range"},
        {"{\"game\":\"armada\",\"defender\":{\"type\":\"squadron\"},\"attacks\":[{\"zone\":\"left\","
         "\"attacker\":{\"type\":\"squadron\",\"pool\":{\"blue\":1}}}]}",
         "test.json: attacks[0].zone: applies to a ship defender only"},
        {"{\"game\":\"armada\",\"defender\":{\"type\":\"ship\"},\"attacks\":[],\"range\":\"close\"}",
         "test.json: range: unknown key"},
        {"{\"game\":\"armada\",\"defender\":{\"type\":\"ship\"},\"attacks\":[]}",
         "test.json: attacks: expected a list of 1 to 10 attacks, got a list"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        no_scenario *sc = malloc(sizeof *sc);
        char err[NO_ERR_LEN];
        ck_assert_int_eq(no_scenario_parse(cases[i][0], "test.json", sc, err, sizeof err), -1);
        ck_assert_msg(!strncmp(err, cases[i][1], strlen(cases[i][1])), "got: %s", err);
        free(sc);
    }
}
END_TEST


/* ---- Armada: attacks on one defender ---- */

#define ARMADA_SEQ(defender, first, second)                                                    \
    "{\"game\":\"armada\",\"policy\":\"optimal\",\"defender\":{" defender "},\"attacks\":[" \
    "{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":" first "}},"               \
    "{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":" second "}}]}"
#define BIG_SHIP "\"type\":\"ship\",\"hull\":30,\"speed\":2,\"shields\":{\"front\":0,\"left\":0,\"right\":0,\"rear\":0}"

/* Without tokens or shields nothing the first attack does changes the second: the total is the
 * convolution of the two attacks, each run alone. */
START_TEST(armada_independent_attacks_convolve)
{
    no_scenario *sc = scenario(ARMADA_SEQ(BIG_SHIP, "{\"red\":2,\"blue\":1}", "{\"black\":2}"));
    ck_assert_int_eq(sc->nattacks, 2);
    no_summary s, one, two;
    run_exact(sc, &s);
    no_scenario *a = scenario("{\"game\":\"armada\",\"range\":\"close\",\"attacker\":{\"type\":\"ship\","
                              "\"pool\":{\"red\":2,\"blue\":1}},\"defender\":{" BIG_SHIP "}}");
    no_scenario *b = scenario("{\"game\":\"armada\",\"range\":\"close\",\"attacker\":{\"type\":\"ship\","
                              "\"pool\":{\"black\":2}},\"defender\":{" BIG_SHIP "}}");
    exact_summary(a, &one);
    exact_summary(b, &two);
    for (int k = 0; k <= NO_MAX_DAMAGE; k++) {
        double c = 0;
        for (int i = 0; i <= k; i++)
            c += (i <= one.max_damage ? one.pmf[i].p : 0) * (k - i <= two.max_damage ? two.pmf[k - i].p : 0);
        ck_assert_msg(fabs(s.pmf[k].p - c) < 1e-12, "P(total = %d) %.15f vs %.15f", k, s.pmf[k].p, c);
    }
    no_summary_free(&s);
    free(sc);
    free(a);
    free(b);
}
END_TEST

/* One exhausted Brace (spending it discards it: one use), a black die and then three: a black
 * die deals 0, 1 or 2 with 1/4, 1/2, 1/4, so three deal Binomial(6, 1/2). Bracing a 2 saves 1
 * now; kept, Brace saves E[floor(d/2)] = 80/64 later, so the optimal first attack never braces
 * and the total is 1 + 3 - 80/64 = 11/4. Per attack the Brace goes on the first 2:
 * 1 - 1/4 + 1/4 * 3 + 3/4 * (3 - 80/64) = 2.8125. The second attack braces whenever it saves
 * something: P(d >= 2) = 57/64. */
START_TEST(armada_brace_kept_for_the_bigger_attack)
{
    no_scenario *sc = scenario(ARMADA_SEQ(BIG_SHIP ",\"tokens\":[{\"type\":\"brace\",\"state\":\"exhausted\"}]",
                                          "{\"black\":1}", "{\"black\":3}"));
    no_summary s;
    run_exact(sc, &s);
    ck_assert_near(s.mean, 11.0 / 4, 1e-12);
    ck_assert_near(s.attack[0].armada.tokens[AR_BRACE].spent.p, 0, 1e-15);
    ck_assert_near(s.attack[1].armada.tokens[AR_BRACE].spent.p, 57.0 / 64, 1e-12);
    no_summary_free(&s);
    /* per attack, for the defender only: the mixed policy is reported and costs 1/16 */
    no_scenario_set_side_policy(sc, NO_DEFENDER, NO_POLICY_PER_ATTACK);
    run_exact(sc, &s);
    ck_assert_near(s.mean, 2.8125, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* What carries: a Brace spent ready is exhausted, then discarded; Redirect's shields and the
 * defending zone's shields go; cards add up; a destroyed defender ends the sequence. */
START_TEST(armada_carry_moves_tokens_shields_and_cards)
{
    no_scenario *sc = scenario(
        "{\"game\":\"armada\",\"defender\":{\"type\":\"ship\",\"hull\":3,\"zone\":\"front\","
        "\"shields\":{\"front\":1,\"left\":2,\"right\":0,\"rear\":0},\"tokens\":[\"brace\",\"redirect\"]},"
        "\"attacks\":[{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":3}}},"
        "{\"range\":\"close\",\"zone\":\"left\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":1}}}]}");
    sc->ctx.keep_dice = 1;
    no_graph g;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, err, sizeof err), 0);
    /* 3 hit+crit: 6, braced to 3; Redirect sends 2 to the left, the front shield takes 1 */
    const uint8_t faces[] = {AR_BLACK_HIT_CRIT, AR_BLACK_HIT_CRIT, AR_BLACK_HIT_CRIT};
    int t = no_forced_walk(&sc->ctx, &g, faces, 3);
    ck_assert_int_ge(t, 0);
    no_ctx next = sc->attacks[1];
    ck_assert_int_eq(no_armada_carry(&sc->ctx, &g.term[t], &next), 0);
    const uint8_t *d = next.kw[NO_DEFENDER];
    ck_assert_int_eq(d[AK_TOKENS + AR_BRACE * AR_NSTATES + AR_READY], 0);
    ck_assert_int_eq(d[AK_TOKENS + AR_BRACE * AR_NSTATES + AR_EXHAUSTED], 1);
    ck_assert_int_eq(d[AK_TOKENS + AR_REDIRECT * AR_NSTATES + AR_EXHAUSTED], 1);
    ck_assert_int_eq(d[AK_SHIELDS + AR_FRONT], 0);
    ck_assert_int_eq(d[AK_SHIELDS + AR_LEFT], 0);
    ck_assert_int_eq(d[AK_DAMAGE], 0);
    ck_assert_int_eq(d[AK_ZONE], AR_LEFT); /* the second attack's own zone */
    /* the exhausted tokens' modifiers are the discarding ones now */
    int discarding = 0;
    for (int m = 0; m < next.nmods; m++)
        discarding += next.mods[m].side == NO_DEFENDER && next.mods[m].discards;
    ck_assert_int_gt(discarding, 0);
    /* a second such hit destroys it: no third attack would be made */
    no_state end = g.term[t];
    end.destroyed = 1;
    no_ctx after = sc->attacks[1];
    ck_assert_int_eq(no_armada_carry(&sc->ctx, &end, &after), 1);
    no_graph_free(&g);
    free(sc);
}
END_TEST

/* Monte Carlo on an Armada sequence: within 5 standard errors of exact, kill included. */
START_TEST(armada_sequence_monte_carlo_agrees)
{
    no_scenario *sc = scenario(
        "{\"game\":\"armada\",\"defender\":{\"type\":\"ship\",\"hull\":4,\"shields\":{\"front\":2,\"left\":1},"
        "\"tokens\":[\"brace\",\"redirect\"]},\"attacks\":["
        "{\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":2,\"blue\":2}}},"
        "{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":2,\"black\":2}}}]}");
    no_summary ex, mc;
    run_exact(sc, &ex);
    mc_summary(sc, 400000, 9, &mc);
    ck_assert(ex.has_kill && ex.kill.p > 0);
    assert_mc_matches(&mc, &ex);
    no_summary_free(&ex);
    no_summary_free(&mc);
    free(sc);
}
END_TEST


/* ---- X-Wing: attacks on one defender ---- */

/* Issue #5's golden: two attacks of 3 dice with focus and lock (fresh tokens each) against 3
 * dice with focus and evade carried over, per-attack on both sides: MathWing's published 2x
 * "3fl vs 3fe" regression value. */
START_TEST(xwing_two_attacks_match_the_published_value)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"policy\":\"per-attack\","
                               "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1}},"
                               "\"attacks\":[{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}}},"
                               "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}}}]}");
    no_summary s;
    run_exact(sc, &s);
    ck_assert_near(s.mean, 1.429703696999240, 1e-12);
    ck_assert_near(s.attack[0].mean, 0.3128528594970703, 1e-12); /* a lone attack's */
    no_summary_free(&s);
    free(sc);
}
END_TEST


/* The text report of a run (malloc'd). */
static char *text_of(const no_scenario *sc, const no_summary *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    no_report_text(f, sc, s);
    fclose(f);
    return text;
}

/* The CSV report's field `name` (run --format csv: a header line, one row; no commas in fields). */
static double csv_field(const no_scenario *sc, const no_summary *s, const char *name)
{
    char *text = NULL, *save = NULL, *save2 = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    no_csv_run(f, sc, s);
    fclose(f);
    char *row = strchr(text, '\n');
    *row++ = 0;
    const char *field = strtok_r(row, ",", &save2);
    for (char *h = strtok_r(text, ",", &save); h && strcmp(h, name); h = strtok_r(NULL, ",", &save))
        field = strtok_r(NULL, ",", &save2);
    ck_assert_ptr_nonnull(field);
    double v = atof(field);
    free(text);
    return v;
}

/* Two attacks of one die on a ship with hull 1, no shields and no defense dice. An attack die
 * shows a hit or a crit on 4 of its 8 faces (2 blank, 2 focus, 3 hit, 1 crit: dice.md), and
 * either destroys the ship: 1 damage reaches hull 1 (a crit's face-up card adds nothing there).
 * The first attack destroys it with 1/2; the second is made only when it survived (1/2) and
 * destroys it with 1/2 then: 1/4. The sequence destroys it with 1/2 + 1/4 = 3/4, which is also
 * 1 - (1/2)^2, the chance it does not survive both. Each attack's report gives its share (labelled
 * so), the totals the sequence's, in text, JSON and CSV, with its standard error under Monte Carlo. */
START_TEST(sequence_kill_is_the_sum_of_each_attacks_share)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"defender\":{\"dice\":0,\"hull\":1},"
                               "\"attacks\":[{\"attacker\":{\"dice\":1}},{\"attacker\":{\"dice\":1}}]}");
    no_summary s;
    run_exact(sc, &s);
    ck_assert(s.has_kill && s.attack[0].of_sequence && s.attack[1].of_sequence);
    ck_assert_near(s.attack[0].kill.p, 1.0 / 2, 1e-12);
    ck_assert_near(s.attack[1].kill.p, 1.0 / 4, 1e-12);
    ck_assert_near(s.kill.p, 3.0 / 4, 1e-12);
    ck_assert_near(s.kill_by[0].p, 1.0 / 2, 1e-12);
    ck_assert_near(s.kill_by[1].p, 3.0 / 4, 1e-12);
    char *text = text_of(sc, &s);
    ck_assert_msg(strstr(text, "\nP(destroyed by this attack) 0.5000000000   (hull 1"), "%s", text);
    ck_assert_msg(strstr(text, "\nP(destroyed by this attack) 0.2500000000   (hull 1"), "%s", text);
    ck_assert_msg(strstr(text, "== all 2 attacks ==") < strstr(text, "\nP(destroyed) 0.7500000000   (by the end of "
                                                                     "the 2 attacks)\n"), "%s", text);
    ck_assert_msg(strstr(text, "\n     2  0.2500000000                 0.7500000000\n"), "%s", text);
    ck_assert_msg(!strstr(text, "P(kill)"), "%s", text); /* no line reads as the sequence's but its own */
    free(text);
    char *json = no_report_json(sc, &s);
    cJSON *j = cJSON_Parse(json), *kill = cJSON_GetObjectItem(j, "kill");
    ck_assert_near(cJSON_GetObjectItem(kill, "probability")->valuedouble, 3.0 / 4, 1e-12);
    ck_assert_near(cJSON_GetArrayItem(cJSON_GetObjectItem(kill, "by_attack"), 0)->valuedouble, 1.0 / 2, 1e-12);
    cJSON_Delete(j);
    free(json);
    ck_assert_near(csv_field(sc, &s, "p_kill"), 3.0 / 4, 1e-12);
    no_summary mc;
    mc_summary(sc, 200000, 5, &mc);
    ck_assert(within_5se(mc.kill.p, 3.0 / 4, 200000));
    ck_assert_near(mc.kill.p, mc.attack[0].kill.p + mc.attack[1].kill.p, 1e-12);
    ck_assert_near(mc.kill.se, sqrt(mc.kill.p * (1 - mc.kill.p) / 200000), 1e-15);
    ck_assert_near(csv_field(sc, &mc, "p_kill_se"), mc.kill.se, 1e-9);
    text = text_of(sc, &mc);
    char line[96];
    snprintf(line, sizeof line, "\nP(destroyed) %9.6f ± %.6f   (by the end", mc.kill.p, mc.kill.se);
    ck_assert_msg(strstr(text, line), "%s", text);
    free(text);
    no_summary_free(&mc);
    no_summary_free(&s);
    free(sc);
    /* three attacks on hull 2 without the damage deck: destroyed at the second success. Never by
     * the first attack; by the second when both succeed (1/4); by the third when exactly one of the
     * first two did (2 x 1/4) and it succeeds (1/2): 1/4. By the end 1/2 = P(at least 2 of 3
     * succeed) = 3/8 + 1/8. */
    sc = scenario("{\"game\":\"xwing\",\"defender\":{\"dice\":0,\"hull\":2},\"rule_options\":{\"damage_deck\":false},"
                  "\"attacks\":[{\"attacker\":{\"dice\":1}},{\"attacker\":{\"dice\":1}},{\"attacker\":{\"dice\":1}}]}");
    run_exact(sc, &s);
    const double share[3] = {0, 1.0 / 4, 1.0 / 4};
    for (int a = 0; a < 3; a++)
        ck_assert_near(s.attack[a].kill.p, share[a], 1e-12);
    ck_assert_near(s.kill.p, 1.0 / 2, 1e-12);
    no_summary_free(&s);
    free(sc);
    /* Legion calls it the unit wiped: one 2-wound miniature, two melee red dice (25/64, below) */
    sc = scenario("{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"minis\":1,\"wounds\":2},"
                  "\"attacks\":[{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":1}}},"
                  "{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":1}}}]}");
    run_exact(sc, &s);
    text = text_of(sc, &s);
    ck_assert_msg(strstr(text, "\nP(unit wiped by this attack) 0.3906250000\n"), "%s", text);
    ck_assert_msg(strstr(text, "\nP(unit wiped) 0.3906250000   (by the end of the 2 attacks)\n"), "%s", text);
    free(text);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* ---- policies over a sequence ---- */

static const char *const golden_sequences[] = {
    "{\"game\":\"xwing\",\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":3,\"shields\":1},"
    "\"attacks\":[{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}}},"
    "{\"attacker\":{\"dice\":2,\"tokens\":{\"focus\":1}},\"range\":1},{\"attacker\":{\"dice\":3}}]}",
    "{\"game\":\"armada\",\"defender\":{\"type\":\"ship\",\"hull\":4,\"shields\":{\"front\":1,\"left\":1},"
    "\"tokens\":[\"brace\",{\"type\":\"redirect\",\"state\":\"exhausted\"}]},\"attacks\":["
    "{\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"black\":2}}},"
    "{\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":2,\"blue\":1}}}]}",
    "{\"game\":\"legion\",\"pools\":[{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"white\":2},"
    "\"tokens\":{\"aim\":1,\"surge\":1}},\"defender\":{\"die\":\"white\",\"minis\":2}},"
    "{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":2},\"surge\":\"none\"},"
    "\"defender\":{\"die\":\"red\",\"minis\":1,\"wounds\":2}}]}",
};

/* Runs a golden sequence with `policy` for `side`, per-attack for the other, and `goal`. */
static void run_policy(const char *json, int side, int policy, int goal, no_summary *out)
{
    no_scenario *sc = scenario(json);
    no_scenario_set_policy(sc, NO_POLICY_PER_ATTACK);
    no_scenario_set_goal(sc, goal);
    no_scenario_set_side_policy(sc, side, policy);
    run_exact(sc, out);
    free(sc);
}

/* What the report prints for a goal: the mean damage, P(kill), or Armada's damage cards. */
static double goal_figure(const no_summary *s, int goal)
{
    return goal == NO_GOAL_KILL ? s->kill.p : goal == NO_GOAL_MEAN_CARDS ? s->armada.cards_mean : s->mean;
}

/* The optimal policy serves its side at least as well as every other named policy, for every
 * goal: the most (attacker) or least (defender) expected total damage, P(kill), or (Armada)
 * damage cards. */
START_TEST(optimal_is_never_worse_than_any_named_policy)
{
    for (size_t g = 0; g < sizeof golden_sequences / sizeof golden_sequences[0]; g++) {
        const no_game *game = no_game_find(strstr(golden_sequences[g], "xwing")    ? "xwing"
                                           : strstr(golden_sequences[g], "armada") ? "armada"
                                                                                   : "legion");
        for (int goal = 0; goal < NO_GOAL_N; goal++)
            for (int side = 0; side < NO_SIDES && no_game_offers_goal(game, goal); side++) {
                no_summary best;
                run_policy(golden_sequences[g], side, NO_POLICY_OPTIMAL, goal, &best);
                double sign = side == NO_ATTACKER ? 1 : -1;
                double best_v = goal_figure(&best, goal);
                for (int p = 0; p < NO_POLICY_N; p++) {
                    if (!no_game_offers_policy(game, p) || p == NO_POLICY_OPTIMAL)
                        continue;
                    no_summary other;
                    run_policy(golden_sequences[g], side, p, goal, &other);
                    double v = goal_figure(&other, goal);
                    ck_assert_msg(sign * (best_v - v) > -1e-12, "sequence %zu, %s for the %s, goal %s: %.15f beats optimal %.15f",
                                  g, no_policies[p].name, side ? "defender" : "attacker", no_goal_names[goal], v, best_v);
                    no_summary_free(&other);
                }
                no_summary_free(&best);
            }
    }
}
END_TEST

/* Shots to kill: one attack die (hit or crit 4/8) against no defense dice and hull 2: without
 * the damage deck the kill takes k shots with P = (k - 1) / 2^k (the second success on shot k).
 * With it, a first success that is a crit drawing a Direct Hit! (1/4 x 5/33) kills at once:
 * P = d / 2^k + (1 - d)(k - 1) / 2^k with d = 5/132, mean 4 - 2d. Monte Carlo agrees. */
START_TEST(shots_to_kill_is_a_negative_binomial)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":0,\"hull\":2},"
                               "\"rule_options\":{\"damage_deck\":false}}");
    no_run_opts o = {.shots = 1, .seed = 1, .threads = 1};
    no_summary s, mc;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    ck_assert(s.has_shots);
    for (int k = 1; k <= 30; k++)
        ck_assert_near(s.shots[k].p, (k - 1) / pow(2, k), 1e-12);
    ck_assert_near(s.shots_mean, 4, 1e-9); /* 2 successes at 1/2 each; the tail past 200 is below 1e-50 */
    ck_assert(s.shots_beyond.p == 0); /* the exact driver stopped long before: nothing is left, and
                                       * 1 less the rounding of the sums is not reported as some */
    free(sc);
    /* 1 attack die against 3 defense dice without tokens at hull 40: a shot deals 1 damage with
     * q = 1/2 x (5/8)^3 (a success and no evade), and 200 shots leave P(Binomial(200, q) < 40)
     * alive, reported as beyond */
    sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":3,\"hull\":40},"
                  "\"range\":2,\"rule_options\":{\"damage_deck\":false}}");
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    const double q = 125.0 / 1024;
    double alive = 0;
    for (int j = 0; j < 40; j++)
        alive += exp(lgamma(201) - lgamma(j + 1) - lgamma(201 - j) + j * log(q) + (200 - j) * log1p(-q));
    ck_assert_near(s.shots_beyond.p, alive, 1e-12);
    free(sc);
    sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":0,\"hull\":2}}");
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    const double d = 5.0 / 132;
    for (int k = 1; k <= 30; k++)
        ck_assert_near(s.shots[k].p, d / pow(2, k) + (1 - d) * (k - 1) / pow(2, k), 1e-12);
    ck_assert_near(s.shots_mean, 4 - 2 * d, 1e-9);
    o.trials = 300000;
    o.threads = 2;
    ck_assert_int_eq(no_run(sc, &o, &mc, err, sizeof err), 0);
    for (int k = 1; k <= 12; k++) /* the standard error of the exact p: an unseen rare k has none of its own */
        ck_assert_msg(fabs(mc.shots[k].p - s.shots[k].p) <= 5 * sqrt(s.shots[k].p * (1 - s.shots[k].p) / 300000),
                      "shots %d", k);
    free(sc);
    /* and with tokens, shields and hull carried, Monte Carlo agrees with exact */
    sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},"
                  "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":3,\"shields\":2}}");
    o.trials = 0;
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    o.trials = 300000;
    ck_assert_int_eq(no_run(sc, &o, &mc, err, sizeof err), 0);
    for (int k = 1; k <= s.max_shots; k++)
        ck_assert_msg(fabs(mc.shots[k].p - s.shots[k].p) <= 5 * sqrt(s.shots[k].p * (1 - s.shots[k].p) / 300000),
                      "shots %d", k);
    free(sc);
    /* a sequence or a defender without a hull has no shots to kill */
    sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":0}}");
    o.trials = 0;
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), -1);
    free(sc);
}
END_TEST


/* Exact shots to kill with the damage deck are dealt apart from the dice (dealt.c): the dice
 * part compiled once for situations alike but for the deck and hull, its choices resolved by
 * each situation's own damage part. The figures must be the whole compile's: checked against it
 * (no_run_opts.whole), both ways of taking the shots, for attacks whose dice or damage part does
 * something of its own: Luke Skywalker (Marksmanship, Force) on Rey (Force, her blank to evade);
 * focus, lock and evade under crit fishing; Homing Missiles (the defender may take 1 damage
 * instead of the dice); an ion cannon (ion tokens, carried); Durge (reads the shields); Inaldra
 * (hit damage asked as a cost); a tractor beam (tokens instead of damage). */
static const char *const dealt_scenarios[] = {
    "{\"game\":\"xwing\",\"attacker\":{\"pilot\":\"lukeskywalker\",\"upgrades\":[\"marksmanship\","
    "\"protontorpedoes\"],\"tokens\":{\"focus\":1,\"lock\":1}},\"defender\":{\"pilot\":\"rey\","
    "\"tokens\":{\"focus\":1}},\"range\":2}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},\"defender\":{\"dice\":2,"
    "\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":5,\"shields\":2},\"policy\":\"crit-fishing\"}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":4,\"tokens\":{\"lock\":1},\"abilities\":[\"homing-missiles\"]},"
    "\"defender\":{\"dice\":1,\"hull\":4,\"shields\":1},\"range\":2}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"abilities\":[\"ion-cannon\"]},\"defender\":{\"dice\":1,"
    "\"hull\":4},\"range\":2}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}},\"defender\":{\"dice\":1,"
    "\"hull\":4,\"shields\":2,\"abilities\":[\"durge\"]},\"range\":2}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}},\"defender\":{\"dice\":3,"
    "\"hull\":4,\"shields\":1,\"abilities\":[\"inaldra\"]},\"range\":2}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"abilities\":[\"tractor-beam\"]},\"defender\":{\"dice\":2,"
    "\"hull\":3},\"range\":2}",
};

START_TEST(shots_with_the_deck_are_dealt_apart)
{
    no_scenario *sc = scenario(dealt_scenarios[_i / 2]);
    no_run_opts o = {.shots = 1, .seed = 1, .threads = 2, .carry_tokens = _i % 2}, whole = o;
    whole.whole = 1;
    no_summary s, w;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    ck_assert_int_eq(no_run(sc, &whole, &w, err, sizeof err), 0);
    for (int k = 1; k <= NO_MAX_SHOTS; k++)
        ck_assert_msg(fabs(s.shots[k].p - w.shots[k].p) <= 1e-12, "scenario %d%s, shot %d: %.17g, whole %.17g",
                      _i / 2, o.carry_tokens ? " (tokens carried)" : "", k, s.shots[k].p, w.shots[k].p);
    ck_assert_near(s.shots_mean, w.shots_mean, 1e-12 * w.shots_mean);
    ck_assert_near(s.shots_beyond.p, w.shots_beyond.p, 1e-12);
    free(sc);
}
END_TEST

/* Luke Skywalker's shots on Rey as the whole compile gave them before the split came (1,170,256
 * states; matchup's cell of issue #24), to 1e-12. The choices differ with the deck (Marksmanship
 * turns a hit into a crit, Luke's Force a focus into a hit): made once per dice part for every
 * deck, P(4 shots) came out 4.1e-6 higher and the mean 3.4e-5 lower. */
START_TEST(luke_skywalker_on_rey_as_compiled_whole)
{
    static const double pmf[] = {0, 0, 0, 5.108589973622156e-05, 0.04982820323831452, 0.4872436493494701,
                                 0.3821296615049217, 0.0734363792422427, 0.006866684275052487,
                                 0.0004236446391601921, 1.9895809745496023e-05, 7.6952707059443e-07,
                                 2.5725431107980867e-08, 7.67429028992183e-10};
    no_scenario *sc = scenario(dealt_scenarios[0]);
    no_run_opts o = {.shots = 1, .seed = 1, .threads = 2};
    no_summary s;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    for (int k = 1; k < (int)(sizeof pmf / sizeof pmf[0]); k++)
        ck_assert_msg(fabs(s.shots[k].p - pmf[k]) <= 1e-12, "shot %d: %.17g, whole %.17g", k, s.shots[k].p, pmf[k]);
    ck_assert_near(s.shots_mean, 5.50147095895545, 1e-12);
    ck_assert_uint_lt(s.states, 200000); /* dealt apart (1,170,256 whole) */
    free(sc);
}
END_TEST

/* Shots over rounds (the default) or in one round (--carry-tokens): one attack die (hit or crit
 * 4/8) against one defense die (evade 3/8, focus 2/8) with a focus token and hull 1. A shot kills
 * when it hits and the defender shows no evade: with the focus token 1/2 x 3/8 = 3/16 (a focus
 * result is changed), without it 1/2 x 5/8 = 5/16; the defender spends it only on a hit and a
 * focus result (1/2 x 2/8 = 1/8). Each round it has its focus token again: P(k) = (13/16)^(k-1)
 * x 3/16, mean 16/3. Carried, the chain of (alive with focus a_k, alive without b_k) gives
 * P(k) = a_k 3/16 + b_k 5/16, a_{k+1} = a_k 11/16, b_{k+1} = b_k 11/16 + a_k 1/8. */
START_TEST(shots_over_rounds_refresh_the_tokens)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1,"
                               "\"tokens\":{\"focus\":1},\"hull\":1},\"rule_options\":{\"damage_deck\":false}}");
    no_run_opts o = {.shots = 1, .seed = 1, .threads = 1};
    no_summary s;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    ck_assert(s.shots_rounds);
    for (int k = 1; k <= 30; k++)
        ck_assert_near(s.shots[k].p, pow(13.0 / 16, k - 1) * 3 / 16, 1e-12);
    ck_assert_near(s.shots_mean, 16.0 / 3, 1e-9);
    o.carry_tokens = 1;
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    ck_assert(!s.shots_rounds);
    double a = 1, b = 0;
    for (int k = 1; k <= 30; k++) {
        ck_assert_near(s.shots[k].p, a * 3 / 16 + b * 5 / 16, 1e-12);
        b = b * 11 / 16 + a / 8;
        a = a * 11 / 16;
    }
    free(sc);
}
END_TEST

/* The round rules themselves: X-Wing's defender gets the scenario's tokens again, Force one back
 * (not all), the ion tokens an attack gave it kept (L984, L487); Armada's exhausted tokens ready,
 * discarded ones stay out (seed 001 L333). */
START_TEST(round_rules_refresh_tokens)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":2},\"defender\":{\"dice\":2,"
                               "\"tokens\":{\"focus\":1,\"force\":2,\"stress\":1},\"hull\":4}}");
    no_ctx next = sc->attacks[0];
    uint8_t *tok = next.start.tok[NO_DEFENDER];
    tok[NO_TOK_FOCUS] = 0, tok[NO_TOK_FORCE] = 0, tok[NO_TOK_ION] = 2, tok[NO_TOK_EVADE] = 1;
    ck_assert_int_eq(sc->new_round(sc, &next), 0);
    ck_assert_int_eq(tok[NO_TOK_FOCUS], 1);
    ck_assert_int_eq(tok[NO_TOK_FORCE], 1);
    ck_assert_int_eq(tok[NO_TOK_STRESS], 1);
    ck_assert_int_eq(tok[NO_TOK_ION], 2);
    ck_assert_int_eq(tok[NO_TOK_EVADE], 0);
    ck_assert_int_eq(sc->new_round(sc, &next), 0);
    ck_assert_int_eq(tok[NO_TOK_FORCE], 2);
    free(sc);
    sc = scenario("{\"game\":\"armada\",\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":2}},"
                  "\"defender\":{\"type\":\"ship\",\"hull\":5,\"tokens\":[\"brace\",{\"type\":\"evade\","
                  "\"state\":\"exhausted\"},{\"type\":\"redirect\",\"state\":\"discarded\"}]}}");
    next = sc->attacks[0];
    ck_assert_int_eq(sc->new_round(sc, &next), 0);
    const uint8_t *kw = next.kw[NO_DEFENDER];
    ck_assert_int_eq(kw[AK_TOKENS + AR_BRACE * AR_NSTATES + AR_READY], 1);
    ck_assert_int_eq(kw[AK_TOKENS + AR_EVADE * AR_NSTATES + AR_READY], 1);
    ck_assert_int_eq(kw[AK_TOKENS + AR_EVADE * AR_NSTATES + AR_EXHAUSTED], 0);
    ck_assert_int_eq(kw[AK_TOKENS + AR_REDIRECT * AR_NSTATES + AR_READY], 0);
    int ready_evade = 0; /* the evade's modifiers are rebuilt: spent ready, not discarded */
    for (int m = 0; m < next.nmods; m++)
        ready_evade |= next.mods[m].side == NO_DEFENDER && next.mods[m].effect == AR_EVADE + 1 && !next.mods[m].discards;
    ck_assert(ready_evade);
    free(sc);
}
END_TEST


/* ---- Legion: attacks on one defender ---- */

/* Suppression from the first attack raises the cover of the second (L1581, L1673): a white die
 * gives a token with P(hit or crit) = 2/8; the suppressed unit (Courage 1) then has light cover
 * against a red die: 5/6 (5/8 (1 - 2/8 * 1/6) + 1/8) = 695/1152 wounds. */
START_TEST(legion_suppression_carries_into_cover)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"minis\":9,\"courage\":1},"
                               "\"attacks\":[{\"attacker\":{\"pool\":{\"white\":1}}},{\"attacker\":{\"pool\":{\"red\":1}}}]}");
    no_summary s;
    run_exact(sc, &s);
    ck_assert_near(s.attack[0].mean, 2.0 / 8 * 5 / 6, 1e-12);
    ck_assert_near(s.attack[1].mean, 695.0 / 1152, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* Wounds carry: one 2-wound miniature, two melee red dice one at a time (a wound each with 5/8):
 * destroyed by the second attack with P = (5/8)^2, never by the first; one attack repeated takes
 * k shots with P = (k - 1) (5/8)^2 (3/8)^(k-2). */
START_TEST(legion_wounds_carry_and_shots_to_kill)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"minis\":1,\"wounds\":2},"
                               "\"attacks\":[{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":1}}},"
                               "{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":1}}}]}");
    no_summary s;
    run_exact(sc, &s);
    ck_assert_near(s.attack[0].kill.p, 0, 1e-15);
    ck_assert_near(s.kill.p, 25.0 / 64, 1e-12);
    double sum = 0; /* the second attack is always made here; its distribution sums to 1 */
    for (int k = 0; k <= s.attack[1].max_damage; k++)
        sum += s.attack[1].pmf[k].p;
    ck_assert_near(sum, 1, 1e-12);
    no_summary_free(&s);
    free(sc);
    /* one 1-wound miniature: the first attack destroys it with 5/8, and then the second is not
     * made, which counts as no wound: P(second deals 0) = 5/8 + 3/8 * 3/8 */
    sc = scenario("{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"minis\":1,\"wounds\":1},"
                  "\"attacks\":[{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":1}}},"
                  "{\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":1}}}]}");
    run_exact(sc, &s);
    ck_assert_near(s.attack[1].made, 3.0 / 8, 1e-12);
    ck_assert_near(s.attack[1].pmf[0].p, 5.0 / 8 + 9.0 / 64, 1e-12);
    ck_assert_near(s.attack[1].pmf[1].p, 15.0 / 64, 1e-12);
    no_summary_free(&s);
    free(sc);
    sc = scenario("{\"game\":\"legion\",\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":1}},"
                  "\"defender\":{\"die\":\"white\",\"minis\":1,\"wounds\":2}}");
    no_run_opts o = {.shots = 1, .seed = 1, .threads = 1};
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_run(sc, &o, &s, err, sizeof err), 0);
    for (int k = 2; k <= 20; k++)
        ck_assert_near(s.shots[k].p, (k - 1) * (25.0 / 64) * pow(3.0 / 8, k - 2), 1e-12);
    free(sc);
}
END_TEST


/* A lone guardian's wounds carry: a 1-wound guardian (white die, Guardian 1) covers the first
 * ranged red die; when it falls (a blank on its die: 5/6 of the hits it takes), it no longer
 * guards the second. So the second attack wounds the defender (no cover, white die) with
 * 6/8 * 5/6 if the guardian fell, and only crits get through otherwise. (Courage "-": no
 * suppression, so no cover from it.) */
START_TEST(legion_guardian_wounds_carry)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"defender\":{\"die\":\"white\",\"minis\":9,\"courage\":\"-\","
                               "\"guardian\":{\"x\":1,\"die\":\"white\",\"minis\":1,\"wounds\":1}},"
                               "\"attacks\":[{\"attacker\":{\"pool\":{\"red\":1}}},{\"attacker\":{\"pool\":{\"red\":1}}}]}");
    no_summary s;
    run_exact(sc, &s);
    /* first attack: a hit goes to the guardian (5/8), a crit to the defender (1/8) */
    ck_assert_near(s.attack[0].guardian_mean, 5.0 / 8 * 5.0 / 6, 1e-12);
    /* second: the guardian stands with 1 - 5/8 * 5/6 = 23/48; then only a crit reaches the defender */
    double stands = 1 - 5.0 / 8 * 5.0 / 6;
    ck_assert_near(s.attack[1].mean, stands * (1.0 / 8) * 5 / 6 + (1 - stands) * (6.0 / 8) * 5 / 6, 1e-12);
    no_summary_free(&s);
    free(sc);
}
END_TEST


/* The goal changes the defender's choices: guarding the hull (goal kill) it takes more damage on
 * average but is destroyed less often than when it minimises the expected damage. */
START_TEST(goal_kill_trades_damage_for_survival)
{
    const char *json = "{\"game\":\"xwing\",\"policy\":{\"attacker\":\"per-attack\",\"defender\":\"optimal\"},"
                       "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":2},"
                       "\"attacks\":[{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}}},"
                       "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}}]}";
    no_summary mean, kill;
    no_scenario *sc = scenario(json);
    run_exact(sc, &mean);
    no_scenario_set_goal(sc, NO_GOAL_KILL);
    run_exact(sc, &kill);
    ck_assert_msg(kill.kill.p < mean.kill.p - 1e-3, "P(kill) %.6f vs %.6f", kill.kill.p, mean.kill.p);
    ck_assert_msg(kill.mean > mean.mean + 1e-3, "mean %.6f vs %.6f", kill.mean, mean.mean);
    no_summary_free(&mean);
    no_summary_free(&kill);
    free(sc);
}
END_TEST

Suite *suite_sequence(void)
{
    Suite *s = suite_create("sequence");
    TCase *t = tcase_create("pools");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, a_pool_keeps_the_aim_the_next_pool_needs_more);
    tcase_add_test(t, a_pool_spends_the_aim_when_it_is_worth_more_now);
    tcase_add_test(t, pools_monte_carlo_agrees_with_exact);
    tcase_add_test(t, pools_bad_input);
    tcase_add_test(t, armada_independent_attacks_convolve);
    tcase_add_test(t, armada_brace_kept_for_the_bigger_attack);
    tcase_add_test(t, armada_carry_moves_tokens_shields_and_cards);
    tcase_add_test(t, armada_sequence_monte_carlo_agrees);
    tcase_add_test(t, xwing_two_attacks_match_the_published_value);
    tcase_add_test(t, sequence_kill_is_the_sum_of_each_attacks_share);
    tcase_add_test(t, optimal_is_never_worse_than_any_named_policy);
    tcase_add_test(t, goal_kill_trades_damage_for_survival);
    tcase_add_test(t, shots_to_kill_is_a_negative_binomial);
    tcase_add_test(t, shots_over_rounds_refresh_the_tokens);
    tcase_add_loop_test(t, shots_with_the_deck_are_dealt_apart, 0,
                        2 * (int)(sizeof dealt_scenarios / sizeof dealt_scenarios[0]));
    tcase_add_test(t, luke_skywalker_on_rey_as_compiled_whole);
    tcase_add_test(t, round_rules_refresh_tokens);
    tcase_add_test(t, legion_suppression_carries_into_cover);
    tcase_add_test(t, legion_wounds_carry_and_shots_to_kill);
    tcase_add_test(t, legion_guardian_wounds_carry);
    suite_add_tcase(s, t);
    return s;
}
