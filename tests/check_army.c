/* check_army.c — Legion armies against each other (army_matchup.c): the report is the same
 * whatever the batch its scenarios are parsed in and the threads they run on, and a cell's
 * arming is the best of the ways the unit may arm itself. */
#include "helpers.h"
#include "neverodds/army_matchup.h"

#ifndef NO_CASES_DIR
#define NO_CASES_DIR "tests/cases"
#endif
#define ARMY_DIR NO_CASES_DIR "/../army/"

/* The matchup of the two real Tabletop Admiral exports as JSON text (free it). */
static char *matchup_json(int batch, int threads, uint64_t trials)
{
    no_army *a = calloc(2, sizeof *a);
    char err[NO_ERR_LEN];
    ck_assert_ptr_nonnull(a);
    const char *files[2] = {ARMY_DIR "legion-tta-empire-SWLegionCompanion.json",
                            ARMY_DIR "legion-tta-republic-SWLegionCompanion.json"};
    for (int k = 0; k < 2; k++)
        if (no_army_load(files[k], 0, &a[k], err, sizeof err))
            ck_abort_msg("army rejected: %s", err);
    no_army_matchup_opts o = {.run = {.threads = threads, .trials = trials, .seed = 11}, .format = NO_FMT_JSON,
                              .band = 2, .batch = batch};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_int_eq(no_army_matchup(f, &a[0], "a", &a[1], "b", &o, err, sizeof err), 0);
    fclose(f);
    no_army_free(&a[0]);
    no_army_free(&a[1]);
    free(a);
    return text;
}

/* A cell's run never depends on which batch parsed it, a batch boundary may cut a cell's ways of
 * arming itself in two, and exact cells run side by side on any number of threads. */
START_TEST(batches_and_threads_do_not_change_the_cells)
{
    char *whole = matchup_json(0, 2, 0), *ones = matchup_json(1, 1, 0), *sevens = matchup_json(7, 2, 0);
    ck_assert_str_eq(whole, ones);
    ck_assert_str_eq(whole, sevens);
    cJSON *root = cJSON_Parse(whole);
    int computed = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "cells"))
        computed += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "computed"));
    ck_assert_int_gt(computed, 100); /* the test reaches many cells, over many batches */
    cJSON_Delete(root);
    free(whole);
    free(ones);
    free(sevens);
    /* Monte Carlo: the same seed gives the same report on 1 thread or 2 */
    char *mc1 = matchup_json(5, 1, 300), *mc2 = matchup_json(0, 2, 300);
    ck_assert_str_eq(mc1, mc2);
    free(mc1);
    free(mc2);
}
END_TEST

/* Stormtroopers with Fragmentation Grenades at range 1: each miniature throws a grenade (1 red)
 * or fires its E-11 (1 white); the grenades win, and nothing reaches range 4. */
START_TEST(a_unit_arms_itself_the_best_way)
{
    no_army *a = calloc(1, sizeof *a);
    char err[NO_ERR_LEN];
    ck_assert_ptr_nonnull(a);
    if (no_army_load("https://legionhq2.com/list/empire/1ay000dj", 0, a, err, sizeof err))
        ck_abort_msg("army rejected: %s", err);
    no_army_choice c[NO_ARMY_MAX_CHOICES];
    char text[256];
    ck_assert_int_eq(no_army_choices(&a->units[0], 1, c, NO_ARMY_MAX_CHOICES), 2);
    no_army_choice_text(&c[0], text, sizeof text);
    ck_assert_str_eq(text, "Frag Grenade x4");
    no_army_choice_text(&c[1], text, sizeof text);
    ck_assert_str_eq(text, "E-11 Blaster Rifle x4");
    ck_assert_int_eq(no_army_choices(&a->units[0], 2, c, NO_ARMY_MAX_CHOICES), 1);
    ck_assert_int_eq(no_army_choices(&a->units[0], 4, c, NO_ARMY_MAX_CHOICES), 0);
    /* the scenario of a cell gives an upgrade's weapon its dice */
    ck_assert_int_eq(no_army_choices(&a->units[0], 1, c, NO_ARMY_MAX_CHOICES), 2);
    char *json = no_army_matchup_scenario(&a->units[0], &a->units[0], 1, 1, &c[0], NO_ARMY_TOK_AIM);
    ck_assert_ptr_nonnull(strstr(json, "\"red\":\t1"));
    ck_assert_ptr_nonnull(strstr(json, "\"cover\":\t\"light\""));
    ck_assert_ptr_nonnull(strstr(json, "\"aim\":\t1"));
    free(json);
    no_army_free(a);
    free(a);
}
END_TEST

Suite *suite_army(void)
{
    Suite *s = suite_create("army");
    TCase *t = tcase_create("matchup");
    tcase_set_timeout(t, 300);
    tcase_add_test(t, batches_and_threads_do_not_change_the_cells);
    tcase_add_test(t, a_unit_arms_itself_the_best_way);
    suite_add_tcase(s, t);
    return s;
}
