/* check_audit_armada.c — issue 20's Armada items: the defender chooses how much Redirect sends
 * (L361).
 * Expected values are worked by hand below, apart from the engine. Citations are lines of
 * seeds/001_ae69564e4264402a.txt. */
#include "helpers.h"
#include "neverodds/armada.h"
#include "report_parts.h"

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

Suite *suite_audit_armada(void)
{
    Suite *s = suite_create("audit_armada");
    TCase *t = tcase_create("redirect");
    tcase_add_test(t, redirect_sends_what_keeps_the_ship_alive);
    tcase_add_test(t, redirect_amount_is_the_defenders_choice);
    suite_add_tcase(s, t);
    return s;
}
