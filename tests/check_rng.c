/* check_rng.c — PCG32 against the published reference outputs, streams and bounded draws. */
#include "helpers.h"
#include "neverodds/rng.h"

START_TEST(pcg32_reference_outputs)
{
    /* pcg32-demo: initstate 42, initseq 54 */
    static const uint32_t want[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                    0x83d2f293, 0xbfa4784b, 0xcbed606e};
    no_pcg32 r;
    no_pcg32_seed(&r, 42u, 54u);
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(no_pcg32_next(&r), want[i]);
}
END_TEST

START_TEST(pcg32_streams_differ_and_repeat)
{
    no_pcg32 a, b, c;
    no_pcg32_seed(&a, 7, 0);
    no_pcg32_seed(&b, 7, 1);
    no_pcg32_seed(&c, 7, 0);
    int same = 0;
    for (int i = 0; i < 100; i++) {
        uint32_t x = no_pcg32_next(&a), y = no_pcg32_next(&b);
        same += x == y;
        ck_assert_uint_eq(x, no_pcg32_next(&c));
    }
    ck_assert_int_lt(same, 3);
}
END_TEST

START_TEST(pcg32_below_is_in_range_and_uniform)
{
    no_pcg32 r;
    no_pcg32_seed(&r, 1, 2);
    int hist[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v = no_pcg32_below(&r, 6);
        ck_assert_uint_lt(v, 6);
        hist[v]++;
    }
    for (int f = 0; f < 6; f++) /* 10000 expected, sd ~ 91: 6 sd */
        ck_assert_int_lt(abs(hist[f] - 10000), 550);
}
END_TEST

Suite *suite_rng(void)
{
    Suite *s = suite_create("rng");
    TCase *t = tcase_create("pcg32");
    tcase_add_test(t, pcg32_reference_outputs);
    tcase_add_test(t, pcg32_streams_differ_and_repeat);
    tcase_add_test(t, pcg32_below_is_in_range_and_uniform);
    suite_add_tcase(s, t);
    return s;
}
