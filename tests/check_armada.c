/* check_armada.c — Armada: the golden value, exact results against an independent enumeration,
 * the digest's rule cases T1-T26 (shared/rules/armada-rules.md §7) as forced dice, every defense
 * token rule, the unit library and bad input. */
#include "helpers.h"
#include "neverodds/armada.h"
#include "neverodds/modifier.h"
#include <math.h>

static no_scenario *armada(const char *root, const char *atk, const char *def)
{
    return scenario_of("armada", root, atk, def);
}

/* Follows the policy with these faces (red dice first, then blue, then black, then any reroll
 * or added die, in the order the attack makes them). */
#define WALK(sc, ...)                                                                         \
    walk_faces((sc), (const uint8_t[]){__VA_ARGS__}, (int)sizeof((const uint8_t[]){__VA_ARGS__}), \
               #__VA_ARGS__)

/* Tokens of `type` the attacker's accuracies locked. */
static int locked(const no_scenario *sc, const no_state *s, int type)
{
    int n = 0;
    for (int m = 0; m < sc->ctx.nmods; m++)
        if (sc->ctx.mods[m].side == NO_DEFENDER && sc->ctx.mods[m].charge_slot == m &&
            sc->ctx.mods[m].effect == AR_EFFECT_OF(type))
            n += no_armada_locked(&sc->ctx, s, m);
    return n;
}

/* Was a modifier named `name` of `side` used? (the defender's: the attacker's are forgotten
 * once step 3 is over) */
static int used(const no_scenario *sc, const no_state *s, int side, const char *name)
{
    for (int m = 0; m < sc->ctx.nmods; m++)
        if ((s->used >> m & 1) && sc->ctx.mods[m].side == side && !strcmp(sc->ctx.mods[m].name, name))
            return 1;
    return 0;
}

static int has_mod(const no_scenario *sc, const char *name)
{
    for (int m = 0; m < sc->ctx.nmods; m++)
        if (!strcmp(sc->ctx.mods[m].name, name))
            return 1;
    return 0;
}

static const char *const ship_no_shields =
    "\"type\":\"ship\",\"hull\":8,\"speed\":2,\"shields\":{\"front\":0,\"left\":0,\"right\":0,\"rear\":0}";

/* ---- golden and exact ---- */

START_TEST(one_red_die_against_a_ship_deals_three_quarters)
{
    /* shared/rules/dice.md: E = (2 hit + 2 crit + 1 hit+hit x2) / 8 = 6/8 */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":1}", ship_no_shields);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 0.75, 1e-15);
    ck_assert_near(s.pmf[0].p, 3.0 / 8, 1e-15);
    ck_assert_near(s.pmf[2].p, 1.0 / 8, 1e-15);
    ck_assert_near(s.faceup.p, 2.0 / 8, 1e-15); /* the crit face deals its card face up */
    free(sc);
    /* against a squadron only hits count: (2 + 2) / 8 */
    sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":1}", "\"type\":\"squadron\",\"hull\":5");
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 0.5, 1e-15);
    ck_assert_near(s.armada.crit.p, 0.25, 1e-15);
    free(sc);
}
END_TEST

/* Independent reference: every face of every die, then the accuracies' locks and the tokens by
 * brute force over every choice: the attacker maximises (cards, shields lost), the defender
 * minimises (cards, shields lost, tokens spent); on ties the attacker locks nothing. */
typedef struct ref_case {
    int red, blue, black, range;  /* range: 1 close, 2 medium, 3 long */
    int squadron;                 /* defender is a squadron (hits only, Brace only) */
    int brace, shields, adjacent; /* Brace token; defending and redirect-zone shields (0: no Redirect) */
} ref_case;

static const int ref_faces[3][8][3] = {/* {hits, crits, accuracies} of each side */
    {{0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 1, 0}, {2, 0, 0}, {0, 0, 1}},
    {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 1}},
    {{0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 0}}};

typedef struct ref_outcome { int damage, cards, shields_lost; } ref_outcome;

static ref_outcome ref_defend(const ref_case *c, int dmg, int brace_ok, int redirect_ok)
{
    ref_outcome best = {0, 99, 99};
    int best_spent = 99;
    for (int b = 0; b <= brace_ok; b++)
        for (int r = 0; r <= redirect_ok; r++) {
            ref_outcome o = {b ? (dmg + 1) / 2 : dmg, 0, 0};
            int left = o.damage, moved = r ? (left < c->adjacent ? left : c->adjacent) : 0;
            left -= moved;
            int held = c->squadron ? 0 : left < c->shields ? left : c->shields;
            o.shields_lost = moved + held;
            o.cards = left - held;
            if (c->squadron) /* hull points: the damage itself */
                o.cards = o.damage;
            if (o.cards < best.cards || (o.cards == best.cards && (o.shields_lost < best.shields_lost ||
                (o.shields_lost == best.shields_lost && b + r < best_spent)))) {
                best = o;
                best_spent = b + r;
            }
        }
    return best;
}

static void reference(const ref_case *c, double pmf[NO_MAX_DAMAGE + 1], double *cards_mean)
{
    int colour[12], n = 0;
    int counts[3] = {c->red, c->range <= 2 ? c->blue : 0, c->range == 1 ? c->black : 0};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < counts[k]; i++)
            colour[n++] = k;
    long total = 1;
    for (int i = 0; i < n; i++)
        total *= 8;
    memset(pmf, 0, (NO_MAX_DAMAGE + 1) * sizeof *pmf);
    *cards_mean = 0;
    int has_redirect = !c->squadron && c->adjacent > 0;
    for (long seq = 0; seq < total; seq++) {
        int hits = 0, crits = 0, acc = 0;
        long x = seq;
        for (int i = 0; i < n; i++, x /= 8) {
            hits += ref_faces[colour[i]][x % 8][0];
            crits += ref_faces[colour[i]][x % 8][1];
            acc += ref_faces[colour[i]][x % 8][2];
        }
        int dmg = hits + (c->squadron ? 0 : crits);
        ref_outcome best = {0, -1, -1};
        for (int lb = 0; lb <= c->brace; lb++)
            for (int lr = 0; lr <= has_redirect; lr++) {
                if (lb + lr > acc)
                    continue;
                ref_outcome o = ref_defend(c, dmg, c->brace && !lb, has_redirect && !lr);
                if (o.cards > best.cards || (o.cards == best.cards && o.shields_lost > best.shields_lost))
                    best = o;
            }
        pmf[best.damage] += 1.0 / (double)total;
        *cards_mean += (double)best.cards / (double)total;
    }
}

static const ref_case ref_cases[] = {
    {1, 0, 0, 3, 0, 0, 0, 0}, {2, 2, 2, 1, 0, 0, 0, 0}, {2, 2, 2, 2, 0, 0, 0, 0},
    {0, 3, 3, 1, 1, 0, 0, 0}, {3, 1, 2, 1, 0, 1, 0, 0}, {2, 2, 1, 1, 0, 1, 2, 2},
    {4, 2, 0, 2, 0, 0, 1, 3}, {3, 3, 0, 2, 0, 1, 3, 0},  {2, 3, 1, 1, 1, 1, 0, 0},
};

START_TEST(exact_matches_an_independent_enumeration)
{
    const ref_case *c = &ref_cases[_i];
    static const char *const ranges[] = {"", "close", "medium", "long"};
    char root[64], atk[128], def[256];
    snprintf(root, sizeof root, ",\"range\":\"%s\"", ranges[c->range]);
    snprintf(atk, sizeof atk, "\"type\":\"ship\",\"pool\":{\"red\":%d,\"blue\":%d,\"black\":%d}", c->red,
             c->blue, c->black);
    if (c->squadron)
        snprintf(def, sizeof def, "\"type\":\"squadron\",\"hull\":9%s", c->brace ? ",\"tokens\":[\"brace\"]" : "");
    else
        snprintf(def, sizeof def, "\"type\":\"ship\",\"hull\":20,\"shields\":{\"front\":%d,\"left\":%d}%s",
                 c->shields, c->adjacent > 0 ? c->adjacent : 0,
                 c->brace && c->adjacent > 0 ? ",\"tokens\":[\"brace\",\"redirect\"]"
                 : c->brace                  ? ",\"tokens\":[\"brace\"]"
                 : c->adjacent > 0           ? ",\"tokens\":[\"redirect\"]"
                                             : "");
    no_scenario *sc = armada(root, atk, def);
    no_summary s;
    exact_summary(sc, &s);
    double pmf[NO_MAX_DAMAGE + 1], cards;
    reference(c, pmf, &cards);
    for (int k = 0; k <= NO_MAX_DAMAGE; k++)
        ck_assert_msg(fabs(s.pmf[k].p - pmf[k]) < 1e-12, "case %d: P(damage=%d) %.15f vs %.15f", _i, k,
                      s.pmf[k].p, pmf[k]);
    if (!c->squadron)
        ck_assert_msg(fabs(s.armada.cards_mean - cards) < 1e-12, "case %d: cards %.15f vs %.15f", _i,
                      s.armada.cards_mean, cards);
    free(sc);
}
END_TEST

/* ---- the digest's cases (§7), forced dice ---- */

START_TEST(t1_hits_and_crit_strip_shields_then_a_face_up_card)
{
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":3}",
                             "\"type\":\"ship\",\"hull\":5,\"shields\":{\"front\":2}");
    no_state s = WALK(sc, AR_RED_HIT, AR_RED_HIT, AR_RED_CRIT);
    ck_assert_int_eq(s.damage, 3);
    ck_assert_int_eq(s.shields_lost, 2);
    ck_assert_int_eq(s.faceup, 1);
    ck_assert_int_eq(s.facedown, 0);
    free(sc);
}
END_TEST

START_TEST(t2_brace_halves_and_the_crit_finds_no_card)
{
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":3}",
                             "\"type\":\"ship\",\"hull\":5,\"shields\":{\"front\":2},\"tokens\":[\"brace\"]");
    no_state s = WALK(sc, AR_RED_HIT, AR_RED_HIT, AR_RED_CRIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(s.shields_lost, 2);
    ck_assert_int_eq(s.faceup + s.facedown, 0);
    free(sc);
}
END_TEST

START_TEST(t3_brace_rounds_up)
{
    /* black dice at close range: hit = 1, hit+crit = 2 between ships; no shields, so Brace
     * always saves cards when the total is 2 or more */
    static const int expect[] = {0, 1, 1, 2, 2, 3, 3, 4};
    for (int total = 0; total <= 7; total++) {
        no_scenario *sc = armada(",\"range\":\"close\"", "\"type\":\"ship\",\"pool\":{\"black\":4}",
                                 "\"type\":\"ship\",\"hull\":9,\"tokens\":[\"brace\"]");
        uint8_t f[4] = {AR_BLACK_BLANK, AR_BLACK_BLANK, AR_BLACK_BLANK, AR_BLACK_BLANK};
        int i = 0;
        for (; i < total / 2; i++)
            f[i] = AR_BLACK_HIT_CRIT; /* 2 each */
        if (total % 2)
            f[i] = AR_BLACK_HIT;
        no_state s = walk_faces(sc, f, 4, "brace totals");
        ck_assert_msg(s.damage == expect[total], "total %d: damage %d, expected %d", total, s.damage,
                      expect[total]);
        free(sc);
    }
}
END_TEST

START_TEST(t4_t5_t6_crits_need_two_ships_or_a_bomber)
{
    /* T4: ship -> squadron, H=2 C=1 (black hit, black hit+crit): damage 2, no critical effect */
    no_scenario *sc = armada(",\"range\":\"close\"", "\"type\":\"ship\",\"pool\":{\"black\":2}",
                             "\"type\":\"squadron\",\"hull\":5");
    no_state s = WALK(sc, AR_BLACK_HIT, AR_BLACK_HIT_CRIT);
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(s.faceup, 0);
    free(sc);
    /* T5: squadron -> ship without Bomber, H=1 C=2 (red hit, 2 red crits): damage 1 */
    const char *def = "\"type\":\"ship\",\"hull\":5,\"shields\":{\"front\":0}";
    sc = armada("", "\"type\":\"squadron\",\"pool\":{\"red\":3}", def);
    s = WALK(sc, AR_RED_HIT, AR_RED_CRIT, AR_RED_CRIT);
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.faceup, 0);
    ck_assert_int_eq(s.facedown, 1);
    free(sc);
    /* T6: with Bomber, 3 damage and the critical effect */
    sc = armada("", "\"type\":\"squadron\",\"pool\":{\"red\":3},\"keywords\":{\"bomber\":true}", def);
    s = WALK(sc, AR_RED_HIT, AR_RED_CRIT, AR_RED_CRIT);
    ck_assert_int_eq(s.damage, 3);
    ck_assert_int_eq(s.faceup, 1);
    ck_assert_int_eq(s.facedown, 2);
    free(sc);
}
END_TEST

START_TEST(t7_scatter_cancels_every_die)
{
    no_scenario *sc = armada(",\"range\":\"close\"", "\"type\":\"ship\",\"pool\":{\"red\":2,\"black\":1}",
                             "\"type\":\"squadron\",\"hull\":5,\"tokens\":[\"scatter\"]");
    no_state s = WALK(sc, AR_RED_HIT_HIT, AR_RED_HIT, AR_BLACK_HIT_CRIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "scatter"));
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.crits, 0);
    free(sc);
}
END_TEST

START_TEST(t8_t9_evade_by_range)
{
    const char *def = "\"type\":\"ship\",\"hull\":9,\"tokens\":[\"evade\"]";
    /* T8, long: the defender cancels the crit die, denying the face-up card */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":3}", def);
    no_state s = WALK(sc, AR_RED_CRIT, AR_RED_HIT, AR_RED_HIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "evade"));
    ck_assert_int_eq(s.hits, 2);
    ck_assert_int_eq(s.crits, 0);
    ck_assert_int_eq(s.faceup, 0);
    free(sc);
    /* T9, medium: the defender has one die rerolled (here the hit+hit, which comes up blank) */
    sc = armada(",\"range\":\"medium\"", "\"type\":\"ship\",\"pool\":{\"red\":2}", def);
    s = WALK(sc, AR_RED_HIT_HIT, AR_RED_BLANK, AR_RED_BLANK);
    ck_assert(used(sc, &s, NO_DEFENDER, "evade"));
    ck_assert_int_eq(s.damage, 0);
    free(sc);
    /* close range: Evade does nothing, so nothing is rerolled or cancelled */
    sc = armada(",\"range\":\"close\"", "\"type\":\"ship\",\"pool\":{\"red\":2}", def);
    s = WALK(sc, AR_RED_HIT_HIT, AR_RED_BLANK);
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(sc->ctx.nmods, 0);
    free(sc);
    /* distance 1 (a squadron's attack): nothing either */
    sc = armada("", "\"type\":\"squadron\",\"pool\":{\"blue\":2}", def);
    s = WALK(sc, AR_BLUE_HIT, AR_BLUE_HIT);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t10_redirect_to_an_adjacent_zone)
{
    /* total 4: adjacent (left) 2 -> 0, defending 1 -> 0, one card */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":2}",
                             "\"type\":\"ship\",\"hull\":9,\"shields\":{\"front\":1,\"left\":2},"
                             "\"tokens\":[\"redirect\"]");
    no_state s = WALK(sc, AR_RED_HIT_HIT, AR_RED_HIT_HIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "redirect-left"));
    ck_assert_int_eq(s.shields_lost, 3);
    ck_assert_int_eq(s.facedown, 1);
    free(sc);
    no_armada_hit h;
    sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":2}",
                "\"type\":\"ship\",\"hull\":9,\"shields\":{\"front\":1,\"left\":2}");
    no_armada_suffer(&sc->ctx, 4, AR_LEFT, 4, 0, &h); /* sends all it can: 2 */
    ck_assert_int_eq(h.redirected, 2);
    ck_assert_int_eq(h.shields_lost, 1);
    ck_assert_int_eq(h.cards, 1);
    free(sc);
}
END_TEST

START_TEST(redirect_limits)
{
    /* front defending with no shields: the rear is not adjacent (its 5 shields never help),
     * the right zone is and takes 1; the rest are cards, never damage to another zone */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":2}",
                             "\"type\":\"ship\",\"hull\":9,\"shields\":{\"front\":0,\"right\":1,\"rear\":5},"
                             "\"tokens\":[\"redirect\",\"redirect\"]");
    no_state s = WALK(sc, AR_RED_HIT_HIT, AR_RED_HIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "redirect-right"));
    ck_assert_int_eq(s.shields_lost, 1);
    ck_assert_int_eq(s.facedown, 2);
    ck_assert(!has_mod(sc, "redirect-rear") && !has_mod(sc, "redirect-left")); /* rear: not adjacent; left: empty */
    free(sc);
    /* defending left: front and rear are adjacent, right is not */
    sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":1}",
                "\"type\":\"ship\",\"zone\":\"left\",\"shields\":{\"front\":1,\"right\":3,\"rear\":1},"
                "\"tokens\":[\"redirect\"]");
    ck_assert(has_mod(sc, "redirect-front") && has_mod(sc, "redirect-rear") && !has_mod(sc, "redirect-right"));
    free(sc);
}
END_TEST

START_TEST(t12_t26_accuracy_locks_brace_and_leaves_the_pool)
{
    no_scenario *sc = armada(",\"range\":\"medium\"", "\"type\":\"ship\",\"pool\":{\"blue\":4}",
                             "\"type\":\"ship\",\"hull\":9,\"tokens\":[\"brace\",\"redirect\"],"
                             "\"shields\":{\"front\":0,\"left\":1}");
    no_state s = WALK(sc, AR_BLUE_ACCURACY, AR_BLUE_HIT, AR_BLUE_HIT, AR_BLUE_CRIT);
    ck_assert_int_eq(locked(sc, &s, AR_BRACE), 1);
    ck_assert(!used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert(used(sc, &s, NO_DEFENDER, "redirect-left")); /* Redirect can still be spent */
    ck_assert_int_eq(no_pool_total(&s.pool[NO_POOL_ATTACK]), 3); /* T26: the die is gone */
    /* locking Redirect instead would also leave 2 cards, but strip no shield */
    ck_assert_int_eq(s.damage, 3);
    ck_assert_int_eq(s.shields_lost, 1);
    ck_assert_int_eq(s.facedown + s.faceup, 2);
    free(sc);
}
END_TEST

START_TEST(t13_two_braces_need_two_accuracies)
{
    const char *def = "\"type\":\"ship\",\"hull\":9,\"tokens\":[\"brace\",\"brace\"]";
    no_scenario *sc = armada(",\"range\":\"medium\"", "\"type\":\"ship\",\"pool\":{\"blue\":4}", def);
    no_state s = WALK(sc, AR_BLUE_ACCURACY, AR_BLUE_HIT, AR_BLUE_HIT, AR_BLUE_CRIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert_int_eq(s.damage, 2);
    free(sc);
    sc = armada(",\"range\":\"medium\"", "\"type\":\"ship\",\"pool\":{\"blue\":5}", def);
    s = WALK(sc, AR_BLUE_ACCURACY, AR_BLUE_ACCURACY, AR_BLUE_HIT, AR_BLUE_HIT, AR_BLUE_CRIT);
    ck_assert(!used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert_int_eq(s.damage, 3);
    free(sc);
}
END_TEST

START_TEST(accuracy_locks_one_specific_token)
{
    /* a ready and an exhausted Brace, and a defender that never discards: locking the ready one
     * denies Brace, locking the exhausted one would not; the attacker locks the ready one */
    const char *def = "\"type\":\"ship\",\"hull\":9,\"tokens\":[{\"type\":\"brace\"},"
                      "{\"type\":\"brace\",\"state\":\"exhausted\"}]";
    const char *atk = "\"type\":\"ship\",\"pool\":{\"blue\":4}";
    no_scenario *sc = armada(",\"range\":\"medium\",\"policy\":\"no-discard\"", atk, def);
    no_state s = WALK(sc, AR_BLUE_ACCURACY, AR_BLUE_HIT, AR_BLUE_HIT, AR_BLUE_CRIT);
    int ready_slot = -1, exhausted_slot = -1;
    for (int m = 0; m < sc->ctx.nmods; m++)
        if (sc->ctx.mods[m].side == NO_DEFENDER)
            *(sc->ctx.mods[m].discards ? &exhausted_slot : &ready_slot) = m;
    ck_assert_int_eq(s.charges[ready_slot], 0);     /* locked */
    ck_assert_int_eq(s.charges[exhausted_slot], 1); /* left alone, and not spent */
    ck_assert(!used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert_int_eq(s.damage, 3);
    free(sc);
    /* per-attack: locking either one leaves the other, so the defender braces anyway */
    sc = armada(",\"range\":\"medium\"", atk, def);
    s = WALK(sc, AR_BLUE_ACCURACY, AR_BLUE_HIT, AR_BLUE_HIT, AR_BLUE_CRIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t14_speed_zero_spends_no_token)
{
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":2}",
                             "\"type\":\"ship\",\"hull\":9,\"speed\":0,\"tokens\":[\"brace\",\"evade\"]");
    no_state s = WALK(sc, AR_RED_HIT_HIT, AR_RED_CRIT);
    ck_assert_int_eq(s.damage, 3);
    ck_assert_int_eq(s.used, 0);
    ck_assert_int_eq(sc->ctx.nmods, 0); /* no token to spend, nothing for an accuracy to lock */
    free(sc);
}
END_TEST

START_TEST(t15_exhausted_token_is_discarded_and_ready_preferred)
{
    /* an exhausted Brace still halves, and is discarded */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":2}",
                             "\"type\":\"ship\",\"hull\":9,\"tokens\":[{\"type\":\"brace\",\"state\":\"exhausted\"}]");
    no_state s = WALK(sc, AR_RED_HIT_HIT, AR_RED_HIT_HIT);
    ck_assert_int_eq(s.damage, 2);
    ck_assert(sc->ctx.mods[0].discards && (s.used & 1));
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.armada.tokens[AR_BRACE].discarded.p, sum.armada.tokens[AR_BRACE].spent.p, 0);
    ck_assert_near(sum.armada.tokens[AR_BRACE].exhausted.p, 0, 0);
    free(sc);
    /* with a ready one too, the ready one is exhausted instead: no discard when it does the job */
    sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":2}",
                "\"type\":\"ship\",\"hull\":9,\"tokens\":[{\"type\":\"brace\",\"state\":\"exhausted\"},\"brace\"]");
    exact_summary(sc, &sum);
    ck_assert(sum.armada.tokens[AR_BRACE].spent.p > 0.3);
    ck_assert_near(sum.armada.tokens[AR_BRACE].discarded.p, 0, 0);
    ck_assert_near(sum.armada.tokens[AR_BRACE].exhausted.p, sum.armada.tokens[AR_BRACE].spent.p, 0);
    free(sc);
    /* a discarded token is out of play */
    sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":2}",
                "\"type\":\"ship\",\"hull\":9,\"tokens\":[{\"type\":\"brace\",\"state\":\"discarded\"}]");
    ck_assert_int_eq(sc->ctx.nmods, 0);
    free(sc);
}
END_TEST

START_TEST(t16_one_token_of_each_type_per_attack)
{
    /* two Evades at long range: only one die is cancelled; Brace and Evade together are fine */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":3}",
                             "\"type\":\"ship\",\"hull\":9,\"tokens\":[\"evade\",\"evade\",\"brace\"]");
    no_state s = WALK(sc, AR_RED_HIT_HIT, AR_RED_HIT_HIT, AR_RED_HIT_HIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "evade"));
    ck_assert(used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert_int_eq(s.damage, 2); /* 6, one die cancelled: 4, braced: 2 */
    free(sc);
}
END_TEST

START_TEST(t17_t18_obstruction_and_range)
{
    /* T17: 3 red at long, obstructed: 2 are rolled (a third face is left over) */
    no_scenario *sc = armada(",\"range\":\"long\",\"obstructed\":true", "\"type\":\"ship\",\"pool\":{\"red\":3}",
                             ship_no_shields);
    no_state s = WALK(sc, AR_RED_HIT, AR_RED_HIT);
    ck_assert_int_eq(s.damage, 2);
    sc->ctx.keep_dice = 1;
    no_graph g;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, err, sizeof err), 0);
    const uint8_t three[] = {AR_RED_HIT, AR_RED_HIT, AR_RED_HIT};
    ck_assert_int_eq(no_forced_walk(&sc->ctx, &g, three, 3), -3);
    no_graph_free(&g);
    free(sc);
    /* the attacker drops the die worth least: a red one (3/4 expected) before a black (1) */
    sc = armada(",\"range\":\"close\",\"obstructed\":true", "\"type\":\"ship\",\"pool\":{\"red\":1,\"black\":2}",
                ship_no_shields);
    s = WALK(sc, AR_BLACK_HIT, AR_BLACK_HIT);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
    /* T18: 2 black + 1 blue at medium roll only the blue die; at long, nothing */
    sc = armada(",\"range\":\"medium\"", "\"type\":\"ship\",\"pool\":{\"blue\":1,\"black\":2}", ship_no_shields);
    s = WALK(sc, AR_BLUE_CRIT);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"blue\":1,\"black\":2}", ship_no_shields);
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_int_eq(sum.armada.gathered, 0);
    ck_assert_near(sum.pmf[0].p, 1.0, 0);
    free(sc);
}
END_TEST

START_TEST(t19_concentrate_fire_adds_a_die_of_a_colour_in_the_pool)
{
    no_scenario *sc = armada(",\"range\":\"long\"",
                             "\"type\":\"ship\",\"pool\":{\"red\":2},\"concentrate_fire\":{\"dial\":true,\"token\":true}",
                             ship_no_shields);
    /* rolls 2 red; adds a red die (a blue one is not allowed); the token rerolls the blank */
    no_state s = WALK(sc, AR_RED_BLANK, AR_RED_HIT, AR_RED_HIT_HIT, AR_RED_CRIT);
    /* the walk took all four faces: the added die and the reroll were both rolled */
    ck_assert_int_eq(s.damage, 4);
    sc->ctx.keep_dice = 1;
    no_graph g;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, err, sizeof err), 0);
    const uint8_t blue_added[] = {AR_RED_BLANK, AR_RED_HIT, AR_BLUE_HIT};
    ck_assert_int_eq(no_forced_walk(&sc->ctx, &g, blue_added, 3), -2);
    no_graph_free(&g);
    free(sc);
    /* with only a blue die left in the pool, the dial adds a blue die */
    sc = armada(",\"range\":\"medium\"",
                "\"type\":\"ship\",\"pool\":{\"blue\":1},\"concentrate_fire\":{\"dial\":true}", ship_no_shields);
    s = WALK(sc, AR_BLUE_HIT, AR_BLUE_CRIT);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t21_t22_destruction)
{
    /* T21: hull 4 with 3 cards, the attack deals 2: destroyed */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":1}",
                             "\"type\":\"ship\",\"hull\":4,\"damage\":3");
    no_state s = WALK(sc, AR_RED_HIT_HIT);
    ck_assert_int_eq(s.destroyed, 1);
    free(sc);
    sc = armada(",\"range\":\"long\"", "\"type\":\"ship\",\"pool\":{\"red\":1}", "\"type\":\"ship\",\"hull\":5,\"damage\":3");
    s = WALK(sc, AR_RED_HIT);
    ck_assert_int_eq(s.destroyed, 0);
    free(sc);
    /* T22: a squadron with hull 3 takes 3 */
    sc = armada("", "\"type\":\"squadron\",\"pool\":{\"black\":3}", "\"type\":\"squadron\",\"hull\":3");
    s = WALK(sc, AR_BLACK_HIT, AR_BLACK_HIT_CRIT, AR_BLACK_HIT);
    ck_assert_int_eq(s.damage, 3);
    ck_assert_int_eq(s.destroyed, 1);
    free(sc);
}
END_TEST

START_TEST(swarm_rerolls_only_against_an_engaged_squadron)
{
    const char *atk = "\"type\":\"squadron\",\"pool\":{\"black\":2},\"keywords\":{\"swarm\":true}";
    no_scenario *sc = armada("", atk, "\"type\":\"squadron\",\"hull\":5,\"engaged_with_other\":true");
    no_state s = WALK(sc, AR_BLACK_BLANK, AR_BLACK_HIT, AR_BLACK_HIT);
    /* the walk took the third face: Swarm rerolled the blank */
    ck_assert_int_eq(s.damage, 2);
    free(sc);
    sc = armada("", atk, "\"type\":\"squadron\",\"hull\":5");
    ck_assert_int_eq(sc->ctx.nmods, 0);
    free(sc);
}
END_TEST

START_TEST(contain_stops_the_standard_critical_effect)
{
    const char *atk = "\"type\":\"ship\",\"pool\":{\"red\":2}";
    no_scenario *sc = armada(",\"range\":\"long\",\"rule_options\":{\"contain_salvo\":true}", atk,
                             "\"type\":\"ship\",\"hull\":9,\"tokens\":[\"contain\",\"salvo\"]");
    no_state s = WALK(sc, AR_RED_CRIT, AR_RED_HIT);
    ck_assert(used(sc, &s, NO_DEFENDER, "contain"));
    ck_assert_int_eq(s.faceup, 0);
    ck_assert_int_eq(s.facedown, 2);
    free(sc);
}
END_TEST

START_TEST(accuracies_are_spent_after_the_modifications)
{
    /* step 3 fixes no order between modifying and spending accuracies (L151-L153, L988);
     * modifying first never loses (it sees more), so the engine spends accuracies after: a red
     * blank rerolled by the Concentrate Fire token into an accuracy then locks the Brace */
    no_scenario *sc = armada(",\"range\":\"medium\"",
                             "\"type\":\"ship\",\"pool\":{\"blue\":3,\"red\":1},\"concentrate_fire\":{\"token\":true}",
                             "\"type\":\"ship\",\"hull\":9,\"tokens\":[\"brace\"]");
    no_state s = WALK(sc, AR_RED_BLANK, AR_BLUE_HIT, AR_BLUE_HIT, AR_BLUE_HIT, AR_RED_ACCURACY);
    /* the fifth face is the Concentrate Fire token's reroll */
    ck_assert_int_eq(locked(sc, &s, AR_BRACE), 1);
    ck_assert(!used(sc, &s, NO_DEFENDER, "brace"));
    ck_assert_int_eq(s.damage, 3);
    free(sc);
}
END_TEST

START_TEST(library_ships_and_squadrons)
{
    /* CR90 A front battery (2 red, 1 blue) at long range rolls 2 red; its anti-squadron
     * armament (1 blue) against a squadron */
    no_scenario *sc = armada(",\"range\":\"long\"", "\"ship\":\"cr90-corvette-a\",\"zone\":\"front\"",
                             "\"ship\":\"victory-i-class-star-destroyer\"");
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][AK_POOL + AR_RED], 2);
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][AK_POOL + AR_BLUE], 1);
    ck_assert_int_eq(sc->ctx.hull, 8);
    ck_assert_int_eq(sc->ctx.kw[NO_DEFENDER][AK_SHIELDS + AR_FRONT], 3);
    ck_assert_int_eq(sc->ctx.kw[NO_DEFENDER][AK_TOKENS + AR_BRACE * AR_NSTATES + AR_READY], 1);
    free(sc);
    sc = armada(",\"range\":\"close\"", "\"ship\":\"cr90-corvette-a\"", "\"squadron\":\"x-wing-squadron\"");
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][AK_POOL + AR_BLUE], 1);
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][AK_POOL + AR_RED], 0);
    ck_assert_int_eq(sc->ctx.hull, 5);
    free(sc);
    /* an X-wing squadron is a Bomber with 1 red die against ships */
    sc = armada("", "\"squadron\":\"x-wing-squadron\"", "\"ship\":\"victory-i-class-star-destroyer\"");
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][AK_BOMBER], 1);
    ck_assert_int_eq(sc->ctx.kw[NO_ATTACKER][AK_POOL + AR_RED], 1);
    free(sc);
}
END_TEST

START_TEST(t23_counter_attacks_back_even_when_destroyed)
{
    /* S2 (Counter 2, hull 1) is attacked by S1 (hull 3): whatever happens to S2, it attacks back
     * with 2 blue dice; only hits count against a squadron: binomial(2, 1/2) */
    no_scenario *sc = armada("", "\"type\":\"squadron\",\"pool\":{\"black\":4},\"hull\":3,\"damage\":1",
                             "\"type\":\"squadron\",\"hull\":1,\"keywords\":{\"counter\":2}");
    ck_assert(sc->has_counter);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert(s.kill.p > 0.9);
    ck_assert(s.counter.has);
    ck_assert_near(s.counter.pmf[0].p, 0.25, 1e-15);
    ck_assert_near(s.counter.pmf[1].p, 0.5, 1e-15);
    ck_assert_near(s.counter.pmf[2].p, 0.25, 1e-15);
    ck_assert_near(s.counter.kill.p, 0.25, 1e-15); /* 2 more on 1 already, hull 3 */
    /* the Counter attack is a squadron attack: no Counter of its own, no chain */
    ck_assert_int_eq(sc->counter.kw[NO_ATTACKER][AK_COUNTER], 0);
    ck_assert_int_eq(sc->counter.kw[NO_ATTACKER][AK_POOL + AR_BLUE], 2);
    free(sc);
    /* Swarm modifies the Counter attack too when the first attacker is engaged with another
     * squadron (L654): a reroll of one blank-for-squadrons face (crit or accuracy) */
    sc = armada("", "\"type\":\"squadron\",\"pool\":{\"black\":1},\"hull\":3,\"engaged_with_other\":true",
                "\"type\":\"squadron\",\"hull\":4,\"keywords\":{\"counter\":1,\"swarm\":true}");
    exact_summary(sc, &s);
    ck_assert_near(s.counter.mean, 0.5 + 0.5 * 0.5, 1e-15);
    free(sc);
    /* no Counter attack against a ship attacker */
    sc = armada(",\"range\":\"close\"", "\"type\":\"ship\",\"pool\":{\"black\":1}",
                "\"type\":\"squadron\",\"hull\":4,\"keywords\":{\"counter\":2}");
    ck_assert(!sc->has_counter);
    free(sc);
}
END_TEST

/* ---- bad input ---- */
static void rejects(const char *json, const char *message)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_scenario_parse(json, "bad.json", sc, err, sizeof err), -1);
    ck_assert_msg(strstr(err, message) != NULL, "message \"%s\" lacks \"%s\"", err, message);
    free(sc);
}

START_TEST(bad_input_names_the_path)
{
#define A "{\"game\":\"armada\","
    rejects(A "\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":-1}},\"defender\":{\"type\":\"ship\"}}",
            "bad.json: attacker.pool.red: expected an integer from 0 to 20, got -1");
    rejects(A "\"range\":\"far\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}},\"defender\":{\"type\":\"ship\"}}",
            "range: expected a range (one of: distance-1, close, medium, long, short), got \"far\"");
    rejects(A "\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}},\"defender\":{\"type\":\"ship\"}}",
            "range: missing: a ship attacks at close, medium or long range");
    rejects(A "\"range\":\"long\",\"attacker\":{\"type\":\"squadron\",\"pool\":{\"red\":1}},\"defender\":{\"type\":\"ship\"}}",
            "range: a squadron attacks at distance-1");
    rejects(A "\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{}},\"defender\":{\"type\":\"ship\"}}",
            "attacker.pool: expected at least one die");
    rejects(A "\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}},"
              "\"defender\":{\"type\":\"ship\",\"tokens\":[{\"type\":\"shield\"}]}}",
            "defender.tokens[0].type: expected a defense token (one of: brace, redirect, evade, scatter, contain, salvo), got \"shield\"");
    rejects(A "\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}},"
              "\"defender\":{\"type\":\"ship\",\"tokens\":[\"contain\"]}}",
            "defender.tokens[0]: contain needs rule_options.contain_salvo");
    rejects(A "\"attacker\":{\"type\":\"squadron\",\"pool\":{\"red\":1}},"
              "\"defender\":{\"type\":\"squadron\",\"tokens\":[\"redirect\"]}}",
            "defender.tokens[0]: a squadron has no hull zones to redirect to");
    rejects(A "\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}},"
              "\"defender\":{\"type\":\"ship\",\"hull\":4,\"damage\":4}}",
            "defender.damage: expected an integer from 0 to 3, got 4");
    rejects(A "\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}},"
              "\"defender\":{\"type\":\"ship\",\"zone\":\"top\"}}",
            "defender.zone: expected a hull zone (one of: front, left, right, rear), got \"top\"");
    rejects(A "\"range\":\"long\",\"attacker\":{\"ship\":\"no-such-ship\"},\"defender\":{\"type\":\"ship\"}}",
            "attacker.ship: unknown ship \"no-such-ship\"");
    rejects(A "\"attacker\":{\"type\":\"squadron\",\"pool\":{\"red\":1},\"concentrate_fire\":{\"dial\":true}},"
              "\"defender\":{\"type\":\"ship\"}}",
            "attacker.concentrate_fire: only ships resolve commands");
    rejects(A "\"policy\":\"no-discard\",\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":1}},"
              "\"defender\":{\"type\":\"squadron\",\"speed\":0}}",
            "defender.speed: applies to a ship defender only");
    rejects("{\"game\":\"xwing\",\"policy\":\"no-discard\",\"attacker\":{\"dice\":2},\"defender\":{\"dice\":2}}",
            "policy: expected a policy (one of: per-attack, conservative, crit-fishing, optimal, greedy, conserve), got \"no-discard\"");
#undef A
}
END_TEST

Suite *suite_armada(void)
{
    Suite *s = suite_create("armada");
    TCase *t = tcase_create("exact");
    tcase_add_test(t, one_red_die_against_a_ship_deals_three_quarters);
    tcase_add_loop_test(t, exact_matches_an_independent_enumeration, 0,
                        (int)(sizeof ref_cases / sizeof ref_cases[0]));
    suite_add_tcase(s, t);
    t = tcase_create("rules");
    tcase_add_test(t, t1_hits_and_crit_strip_shields_then_a_face_up_card);
    tcase_add_test(t, t2_brace_halves_and_the_crit_finds_no_card);
    tcase_add_test(t, t3_brace_rounds_up);
    tcase_add_test(t, t4_t5_t6_crits_need_two_ships_or_a_bomber);
    tcase_add_test(t, t7_scatter_cancels_every_die);
    tcase_add_test(t, t8_t9_evade_by_range);
    tcase_add_test(t, t10_redirect_to_an_adjacent_zone);
    tcase_add_test(t, redirect_limits);
    tcase_add_test(t, t12_t26_accuracy_locks_brace_and_leaves_the_pool);
    tcase_add_test(t, t13_two_braces_need_two_accuracies);
    tcase_add_test(t, accuracy_locks_one_specific_token);
    tcase_add_test(t, t14_speed_zero_spends_no_token);
    tcase_add_test(t, t15_exhausted_token_is_discarded_and_ready_preferred);
    tcase_add_test(t, t16_one_token_of_each_type_per_attack);
    tcase_add_test(t, t17_t18_obstruction_and_range);
    tcase_add_test(t, t19_concentrate_fire_adds_a_die_of_a_colour_in_the_pool);
    tcase_add_test(t, t21_t22_destruction);
    tcase_add_test(t, swarm_rerolls_only_against_an_engaged_squadron);
    tcase_add_test(t, contain_stops_the_standard_critical_effect);
    tcase_add_test(t, accuracies_are_spent_after_the_modifications);
    tcase_add_test(t, t23_counter_attacks_back_even_when_destroyed);
    suite_add_tcase(s, t);
    t = tcase_create("input");
    tcase_add_test(t, library_ships_and_squadrons);
    tcase_add_test(t, bad_input_names_the_path);
    suite_add_tcase(s, t);
    return s;
}
