/* check_cases.c — tests as data: every tests/cases/NAME.json holds a scenario, the exact result
 * expected, and where that expectation comes from (never from neverodds itself). */
#include "helpers.h"
#include <cjson/cJSON.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>

#ifndef NO_CASES_DIR
#define NO_CASES_DIR "tests/cases"
#endif

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void run_case(const char *path)
{
    cJSON *c = cJSON_Parse(slurp(path));
    ck_assert_msg(c != NULL, "%s: malformed JSON", path);
    ck_assert_msg(cJSON_IsString(cJSON_GetObjectItem(c, "source")), "%s: no source", path);
    char *text = cJSON_PrintUnformatted(cJSON_GetObjectItem(c, "scenario"));
    no_scenario *sc = scenario(text);
    no_summary s;
    exact_summary(sc, &s);
    const cJSON *ex = cJSON_GetObjectItem(c, "expect");
    ck_assert_msg(fabs(s.mean - cJSON_GetObjectItem(ex, "mean")->valuedouble) < 1e-12, "%s: mean %.17g", path, s.mean);
    const cJSON *pmf = cJSON_GetObjectItem(ex, "pmf");
    ck_assert_int_eq(cJSON_GetArraySize(pmf), s.max_damage + 1);
    for (int k = 0; k <= s.max_damage; k++)
        ck_assert_msg(fabs(s.pmf[k].p - cJSON_GetArrayItem(pmf, k)->valuedouble) < 1e-12, "%s: pmf[%d]", path, k);
    const cJSON *kill = cJSON_GetObjectItem(ex, "kill");
    if (kill)
        ck_assert_msg(fabs(s.kill.p - kill->valuedouble) < 1e-12, "%s: kill", path);
    free(text);
    free(sc);
    cJSON_Delete(c);
}

START_TEST(every_case_file)
{
    DIR *d = opendir(NO_CASES_DIR);
    ck_assert_msg(d != NULL, "no %s", NO_CASES_DIR);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".json"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", NO_CASES_DIR, e->d_name);
        run_case(path);
        n++;
    }
    closedir(d);
    ck_assert_int_ge(n, 4);
}
END_TEST

Suite *suite_cases(void)
{
    Suite *s = suite_create("cases");
    TCase *t = tcase_create("files");
    tcase_add_test(t, every_case_file);
    suite_add_tcase(s, t);
    return s;
}
