/* check_dice.c — outcome tables: probabilities sum to one and match closed forms; the Monte
 * Carlo rank tables agree with the outcome list. */
#include "helpers.h"
#include <math.h>

static double binom(int n, int k)
{
    double r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

START_TEST(outcomes_sum_to_one)
{
    for (int pool = 0; pool < 2; pool++) {
        const no_dicetab *tab = no_xwing_dicetab(pool);
        for (int k = 0; k <= NO_MAX_ROLL; k++) {
            double sum = 0;
            for (int o = 0; o < tab->by_k[k].n; o++)
                sum += tab->by_k[k].prob[o];
            ck_assert_near(sum, 1.0, 1e-12);
        }
    }
}
END_TEST

START_TEST(attack_crit_count_is_binomial)
{
    /* P(exactly c crits among k attack dice) = C(k,c) (1/8)^c (7/8)^(k-c) */
    const no_dicetab *tab = no_xwing_dicetab(XW_DIE_ATTACK);
    for (int k = 0; k <= NO_MAX_ROLL; k++) /* up to the largest pool: 20 dice */
        for (int c = 0; c <= k; c++) {
            double p = 0;
            for (int o = 0; o < tab->by_k[k].n; o++)
                if (tab->by_k[k].count[o][3] == c) /* result 3 of the attack die is crit */
                    p += tab->by_k[k].prob[o];
            ck_assert_near(p, binom(k, c) * pow(1.0 / 8, c) * pow(7.0 / 8, k - c), 1e-15);
        }
}
END_TEST

START_TEST(rank_tables_match_outcome_list)
{
    /* Rolling the sides s1..sk one at a time must land on the vector with those counts. */
    const no_dicetab *tab = no_xwing_dicetab(XW_DIE_DEFENSE);
    for (int k = 0; k <= NO_DIRECT_MAX; k++)
        for (unsigned code = 0; code < (1u << (3 * k)); code++) {
            uint8_t v[NO_MAX_FACES] = {0};
            unsigned rank = 0;
            for (int j = 0; j < k; j++) {
                unsigned side = (code >> (3 * j)) & 7u;
                v[tab->die->side_result[side]]++;
                rank = tab->next_rank[j][rank * 8 + side];
            }
            ck_assert_uint_eq(rank, tab->direct[k][code]);
            ck_assert_int_eq(memcmp(tab->by_k[k].count[rank], v, NO_MAX_FACES), 0);
        }
}
END_TEST

Suite *suite_dice(void)
{
    Suite *s = suite_create("dice");
    TCase *t = tcase_create("tables");
    tcase_add_test(t, outcomes_sum_to_one);
    tcase_add_test(t, attack_crit_count_is_binomial);
    tcase_add_test(t, rank_tables_match_outcome_list);
    suite_add_tcase(s, t);
    return s;
}
