/* check_table.c — compare, sweep, CSV and charts: every table row equals the single run it
 * stands for (run here from a file written by the test, not through the keys-set path). */
#include "helpers.h"
#include "neverodds/plot.h"
#include "neverodds/quick.h"
#include "neverodds/table.h"
#include <sys/stat.h>
#include <unistd.h>

#define QUICKSTART NO_PROFILES_DIR "/xwing/quickstart.json"

/* The output of a table command, as a string (free it). */
typedef int (*table_fn)(FILE *f, const void *arg, char *err, size_t errlen);

static char *capture(table_fn fn, const void *arg, int want_rc)
{
    char *buf = NULL, err[NO_ERR_LEN] = "";
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    int rc = fn(f, arg, err, sizeof err);
    fclose(f);
    ck_assert_msg(rc == want_rc, "rc %d (%s)", rc, err);
    return buf;
}

/* A field of a CSV row by its header name (no quoted commas in the rows read here). */
static double csv_field(const char *csv, int row, const char *name)
{
    char *copy = strdup(csv), *save = NULL;
    char *lines[64];
    int n = 0;
    for (char *l = strtok_r(copy, "\n", &save); l && n < 64; l = strtok_r(NULL, "\n", &save))
        lines[n++] = l;
    ck_assert_int_gt(n, row);
    int col = -1, i = 0;
    char *s2 = NULL;
    for (char *h = strtok_r(lines[0], ",", &s2); h; h = strtok_r(NULL, ",", &s2), i++)
        if (!strcmp(h, name))
            col = i;
    ck_assert_msg(col >= 0, "no column %s", name);
    const char *p = lines[row];
    for (i = 0; i < col; i++) {
        if (*p == '"') /* a quoted field: skip to its closing quote */
            p = strchr(p + 1, '"') + 1;
        p = strchr(p, ',') + 1;
    }
    double v = atof(p);
    free(copy);
    return v;
}

/* The scenario of the quickstart file with its attacker's dice and defender's evade given,
 * written out and run exactly. */
static void quickstart_with(int dice, int evade, no_summary *out)
{
    char json[1024];
    snprintf(json, sizeof json,
             "{\"game\":\"xwing\",\"rules\":\"xwing-2e\",\"attacker\":{\"dice\":%d,\"tokens\":{\"focus\":1,\"lock\":1}},"
             "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":%d},\"hull\":3,\"shields\":0},\"range\":2,"
             "\"obstructed\":false}",
             dice, evade);
    no_scenario *sc = scenario(json);
    exact_summary(sc, out);
    free(sc);
}

/* The text output shows the mean of quickstart_with(dice, evade) printed with `format`. */
static void assert_shows_mean(const char *text, int dice, int evade, const char *format)
{
    no_summary s;
    quickstart_with(dice, evade, &s);
    char mean[32];
    snprintf(mean, sizeof mean, format, s.mean);
    ck_assert_msg(strstr(text, mean), "no '%s' in\n%s", mean, text);
}

typedef struct compare_args {
    no_input in[4];
    int n;
    no_table_opts o;
} compare_args;

static int run_compare(FILE *f, const void *arg, char *err, size_t errlen)
{
    const compare_args *a = arg;
    return no_compare(f, a->in, a->n, &a->o, err, errlen);
}

static no_table_opts exact_csv(void)
{
    no_table_opts o = {.run = {.seed = 1, .threads = 1}, .policy = -1, .goal = -1, .format = NO_FMT_CSV};
    return o;
}

/* compare's inputs from their command-line words (kept in `words`, which the inputs point into) */
static void inputs_of(compare_args *a, char words[][256], int n)
{
    char err[NO_ERR_LEN];
    a->n = n;
    a->o = exact_csv();
    for (int i = 0; i < n; i++)
        ck_assert_msg(no_input_parse(words[i], &a->in[i], err, sizeof err) == 0, "%s", err);
}

START_TEST(t_compare_rows_are_single_runs)
{
    char words[2][256] = {QUICKSTART, QUICKSTART ",defender.tokens.evade=0,label=no evade"};
    compare_args a;
    inputs_of(&a, words, 2);
    ck_assert_str_eq(a.in[1].label, "no evade");
    char *csv = capture(run_compare, &a, 0);
    for (int row = 1; row <= 2; row++) {
        no_summary s;
        quickstart_with(3, row == 1, &s);
        ck_assert_double_eq_tol(csv_field(csv, row, "mean"), s.mean, 1e-11);
        ck_assert_double_eq_tol(csv_field(csv, row, "sd"), s.sd, 1e-11);
        ck_assert_double_eq_tol(csv_field(csv, row, "p_kill"), s.kill.p, 1e-11);
        ck_assert_double_eq_tol(csv_field(csv, row, "p_ge_2"), s.at_least[2].p, 1e-11);
        ck_assert_double_eq_tol(csv_field(csv, row, "p_eq_0"), s.pmf[0].p, 1e-11);
    }
    ck_assert_ptr_nonnull(strstr(csv, "\"no evade\""));
    free(csv);
    /* the text table shows the same numbers, to its 6 places */
    a.o.format = NO_FMT_TEXT;
    char *text = capture(run_compare, &a, 0);
    assert_shows_mean(text, 3, 0, "%12.6f");
    ck_assert_ptr_nonnull(strstr(text, "no evade"));
    free(text);
}
END_TEST

/* Quick notation as an input, and a list set from the command line: each row is the single run
 * of the scenario written out by hand (quickstart_with; the same with two abilities listed), and
 * the difference columns are each row's mean and P(kill) less the first row's. */
START_TEST(t_compare_quick_notation_and_lists)
{
    char words[3][256] = {"xwing:3 fl vs 3 fe h3", "xwing:3 fl vs 3 fe h3,defender.tokens.evade=0,label=no evade",
                          QUICKSTART ",attacker.abilities=[predator,marksmanship],label=two cards"};
    compare_args a;
    inputs_of(&a, words, 3);
    ck_assert_str_eq(a.in[0].file, "xwing:3 fl vs 3 fe h3");
    ck_assert_str_eq(a.in[2].ov[0].value, "[predator,marksmanship]");
    ck_assert_str_eq(a.in[2].label, "two cards");
    char *csv = capture(run_compare, &a, 0);
    no_summary s[3];
    quickstart_with(3, 1, &s[0]);
    quickstart_with(3, 0, &s[1]);
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},"
                               "\"abilities\":[\"predator\",\"marksmanship\"]},\"defender\":{\"dice\":3,"
                               "\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":3},\"range\":2}");
    exact_summary(sc, &s[2]);
    free(sc);
    ck_assert(s[2].mean > s[0].mean + 0.01); /* the cards were read: they add damage */
    for (int row = 1; row <= 3; row++) {
        ck_assert_double_eq_tol(csv_field(csv, row, "mean"), s[row - 1].mean, 1e-11);
        ck_assert_double_eq_tol(csv_field(csv, row, "mean_difference"), s[row - 1].mean - s[0].mean, 1e-11);
        ck_assert_double_eq_tol(csv_field(csv, row, "p_kill_difference"), s[row - 1].kill.p - s[0].kill.p, 1e-11);
        ck_assert_double_eq_tol(csv_field(csv, row, "mean_difference_se"), 0, 1e-15); /* exact rows */
    }
    free(csv);
    /* a comma of the notation itself stays in it; a file takes none */
    char spec[] = "xwing:3 fl vs 3 fe h3,2,attacker.dice=4", spec2[] = QUICKSTART ",2";
    no_input in;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_input_parse(spec, &in, err, sizeof err), 0);
    ck_assert_str_eq(in.file, "xwing:3 fl vs 3 fe h3,2");
    ck_assert_int_eq(in.nov, 1);
    ck_assert_int_eq(no_input_parse(spec2, &in, err, sizeof err), -1);
}
END_TEST

START_TEST(t_compare_policies_and_points)
{
    /* the same file under two policies, with a cost: rows equal runs under those policies */
    char words[2][256] = {QUICKSTART ",points=45", QUICKSTART ",points=45,policy=conservative"};
    compare_args a;
    inputs_of(&a, words, 2);
    char *csv = capture(run_compare, &a, 0);
    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    ck_assert_int_eq(no_scenario_load(QUICKSTART, sc, err, sizeof err), 0);
    for (int row = 1; row <= 2; row++) {
        no_scenario_set_policy(sc, row == 1 ? NO_POLICY_PER_ATTACK : no_policy_find("conservative"));
        no_summary s;
        exact_summary(sc, &s);
        ck_assert_double_eq_tol(csv_field(csv, row, "mean"), s.mean, 1e-11);
        ck_assert_double_eq(csv_field(csv, row, "points"), 45);
        ck_assert_double_eq_tol(csv_field(csv, row, "damage_per_point"), s.mean / 45, 1e-11);
    }
    free(sc);
    free(csv);
}
END_TEST

START_TEST(t_compare_bad_input)
{
    char words[1][256] = {QUICKSTART ",attacker.dice=11"}, spec2[] = QUICKSTART ",nokey";
    compare_args a;
    inputs_of(&a, words, 1);
    char err[NO_ERR_LEN];
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_int_eq(no_compare(f, a.in, 1, &a.o, err, sizeof err), -1);
    fclose(f);
    ck_assert_uint_eq(len, 0); /* nothing printed */
    free(out);
    ck_assert_str_eq(err, QUICKSTART " [attacker.dice=11]: attacker.dice: expected an integer from 0 to 10, got 11");
    ck_assert_int_eq(no_input_parse(spec2, &a.in[0], err, sizeof err), -1);
    ck_assert_str_eq(err, QUICKSTART ": 'nokey': expected key=value after the file");
}
END_TEST

typedef struct sweep_args {
    no_vary v[2];
    int nv;
    no_table_opts o;
} sweep_args;

static int run_sweep(FILE *f, const void *arg, char *err, size_t errlen)
{
    const sweep_args *a = arg;
    return no_sweep(f, QUICKSTART, a->v, a->nv, &a->o, err, errlen);
}

START_TEST(t_sweep_grid_is_single_runs)
{
    sweep_args a = {.nv = 2, .o = exact_csv()};
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_vary_parse("attacker.dice=2..4", &a.v[0], err, sizeof err), 0);
    ck_assert_int_eq(no_vary_parse("defender.tokens.evade=0,1", &a.v[1], err, sizeof err), 0);
    ck_assert_int_eq(a.v[0].n, 3);
    char *csv = capture(run_sweep, &a, 0);
    /* rows: the first key fastest */
    for (int evade = 0, row = 1; evade <= 1; evade++)
        for (int dice = 2; dice <= 4; dice++, row++) {
            no_summary s;
            quickstart_with(dice, evade, &s);
            ck_assert_double_eq(csv_field(csv, row, "attacker.dice"), dice);
            ck_assert_double_eq(csv_field(csv, row, "defender.tokens.evade"), evade);
            ck_assert_double_eq_tol(csv_field(csv, row, "mean"), s.mean, 1e-11);
            ck_assert_double_eq_tol(csv_field(csv, row, "p_kill"), s.kill.p, 1e-11);
        }
    free(csv);
    /* the text grid has the mean of (dice 4, evade 1) in its last row */
    a.o.format = NO_FMT_TEXT;
    char *text = capture(run_sweep, &a, 0);
    assert_shows_mean(text, 4, 1, " %10.6f\n");
    free(text);
}
END_TEST

START_TEST(t_vary_errors)
{
    no_vary v;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_vary_parse("attacker.dice", &v, err, sizeof err), -1);
    ck_assert_str_eq(err, "--vary attacker.dice: expected KEY=FROM..TO or KEY=A,B,C");
    ck_assert_int_eq(no_vary_parse("attacker.dice=5..2", &v, err, sizeof err), -1);
    ck_assert_str_eq(err, "--vary attacker.dice=5..2: expected FROM <= TO and at most 64 values");
    ck_assert_int_eq(no_vary_parse("cover=light,,heavy", &v, err, sizeof err), -1);
    ck_assert_int_eq(no_vary_parse("cover=none,light,heavy", &v, err, sizeof err), 0);
    ck_assert_int_eq(v.n, 3);
    ck_assert_str_eq(v.val[2], "heavy");
    /* a value the scenario refuses names the key and the file */
    sweep_args a = {.nv = 1, .o = exact_csv()};
    ck_assert_int_eq(no_vary_parse("range=2..4", &a.v[0], err, sizeof err), 0);
    char *out = capture(run_sweep, &a, -1);
    ck_assert_str_eq(out, "");
    free(out);
}
END_TEST

/* Keys set from the command line: a list is indexed by number, a path must lead to an object. */
START_TEST(t_keys_set)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    const char *two = NO_PROFILES_DIR "/xwing/two-attacks.json";
    no_override ov = {"attacks.1.attacker.dice", "4"};
    ck_assert_msg(no_scenario_load_with(two, &ov, 1, sc, err, sizeof err) == 0, "%s", err);
    no_state start = sc->attacks[1].start; /* 4 dice, +1 at range 1 (the file has 2) */
    ck_assert_int_eq(no_xwing_attack_dice(&sc->attacks[1], &start), 5);
    ck_assert_ptr_nonnull(strstr(sc->file, "[attacks.1.attacker.dice=4]"));
    ov = (no_override){"attacks.x.attacker.dice", "4"};
    ck_assert_int_eq(no_scenario_load_with(two, &ov, 1, sc, err, sizeof err), -1);
    ck_assert_str_eq(strstr(err, "attacks.x"), "attacks.x.attacker.dice: attacks is a list: index it with a number "
                                               "from 0 to 1");
    ov = (no_override){"attacker.dice.x", "4"};
    ck_assert_int_eq(no_scenario_load_with(QUICKSTART, &ov, 1, sc, err, sizeof err), -1);
    ck_assert_str_eq(err, QUICKSTART ": attacker.dice.x: attacker.dice is not an object of the scenario");
    /* a value that reads as a number is one; others are strings the parser checks */
    ov = (no_override){"range", "far"};
    ck_assert_int_eq(no_scenario_load_with(QUICKSTART, &ov, 1, sc, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "range: expected an integer"), "%s", err);
    free(sc);
}
END_TEST

/* --plot FILE.gp: the script carries the numbers of the run, in a datablock. */
START_TEST(t_plot_script_has_the_numbers)
{
    char path[] = "/tmp/neverodds-plot-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(path);
    char gp[64];
    snprintf(gp, sizeof gp, "%s.gp", path);
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_scenario_load(QUICKSTART, sc, err, sizeof err), 0);
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_int_eq(no_plot_run(gp, NULL, sc, &s, err, sizeof err), 0);
    FILE *f = fopen(gp, "r");
    ck_assert_ptr_nonnull(f);
    char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    char row[128];
    snprintf(row, sizeof row, "\n1 %.12g 0 %.12g 0\n", s.pmf[1].p, s.at_least[1].p);
    ck_assert_msg(strstr(text, row), "no row %s in\n%s", row, text);
    ck_assert_ptr_nonnull(strstr(text, "policy per-attack · exact"));
    unlink(gp);
    /* gnuplot missing: an error saying how to install it, and no file left behind */
    char png[64];
    snprintf(png, sizeof png, "%s.png", path);
    setenv("NEVERODDS_GNUPLOT", "/nonexistent/gnuplot", 1);
    ck_assert_int_eq(no_plot_run(png, NULL, sc, &s, err, sizeof err), -1);
    unsetenv("NEVERODDS_GNUPLOT");
    ck_assert_msg(strstr(err, "failed"), "%s", err);
    struct stat st;
    ck_assert_int_ne(stat(png, &st), 0);
    char saved[4096];
    snprintf(saved, sizeof saved, "%s", getenv("PATH") ? getenv("PATH") : "");
    setenv("PATH", "/nonexistent", 1);
    ck_assert_int_eq(no_plot_run(png, NULL, sc, &s, err, sizeof err), -1);
    setenv("PATH", saved, 1);
    ck_assert_msg(strstr(err, "gnuplot is not installed") && strstr(err, "apt-get install gnuplot-nox"), "%s", err);
    ck_assert_int_eq(no_plot_check_path("chart.jpg", err, sizeof err), -1);
    no_summary_free(&s);
    free(sc);
}
END_TEST

/* The title a chart gives a scenario, from quick notation (game, spec) or from JSON (game NULL). */
static void assert_title(const char *game, const char *spec, const char *want)
{
    no_scenario *sc = malloc(sizeof *sc);
    char *json = NULL, err[NO_ERR_LEN], title[256];
    if (game)
        ck_assert_msg(!no_quick_json(game, spec, &json, err, sizeof err), "%s", err);
    ck_assert_msg(!no_scenario_parse(game ? json : spec, "test", sc, err, sizeof err), "%s", err);
    no_plot_title(sc, title, sizeof title);
    ck_assert_str_eq(title, want);
    free(json);
    free(sc);
}

/* Titles in words: the notation spelled out (what each letter stands for, read off the
 * notation's grammar by hand), never the notation or the file's path; a name a person wrote
 * is kept. */
START_TEST(t_plot_titles_in_words)
{
    /* 3 attack dice, tokens f(ocus) l(ock); 2 defense dice, f(ocus) e(vade); r1: range 1 */
    assert_title("xwing", "3 fl vs 2 fe r1", "3 dice, focus + lock vs 2 dice, focus + evade, range 1");
    /* a count past one, the hull and shields, obstruction: "f2", "h3 s2", "obs" */
    assert_title("xwing", "4 f2 vs 1 e h3 s2 r3 obs", "4 dice, focus 2 vs 1 die, evade, hull 3, shields 2, range 3, obstructed");
    /* 5 white dice, surge chart hit; a white defense die that blocks surges; light cover */
    assert_title("legion", "5w hit vs white surge light", "5 white, surge to hit vs white die, surge block, light cover");
    assert_title("legion", "4w2b aim pierce1 vs red dodge heavy",
                 "2 black + 4 white, aim + pierce 1 vs red die, dodge, heavy cover");
    assert_title(NULL, "{\"game\":\"armada\",\"range\":\"long\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":2,"
                 "\"blue\":1}},\"defender\":{\"type\":\"ship\",\"hull\":5,\"tokens\":[{\"type\":\"brace\"},"
                 "{\"type\":\"redirect\"}]}}",
                 "2 red + 1 blue, long range vs ship, front zone, brace + redirect, hull 5");
    assert_title(NULL, "{\"game\":\"xwing\",\"name\":\"Luke on a TIE\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2}}",
                 "Luke on a TIE");
    /* the name quick notation writes ("xwing: ...") is notation: words instead */
    assert_title(NULL, "{\"game\":\"xwing\",\"name\":\"xwing: 3 vs 2\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2}}",
                 "3 dice vs 2 dice, range 2");
}
END_TEST

/* A sweep's chart as its gnuplot script (free it). */
static char *sweep_script(const char *const *xval, int nx, int ny)
{
    static const char *const yval[] = {"0", "1"};
    static const double value[] = {0.5, 1.5, 2.5, 3.5};
    char path[] = "/tmp/neverodds-sweep-XXXXXX", gp[64], err[NO_ERR_LEN];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(path);
    snprintf(gp, sizeof gp, "%s.gp", path);
    no_plot_grid g = {.value_label = "mean damage", .xkey = "attacker.dice", .ykey = ny > 1 ? "defender.dice" : NULL,
                      .xval = xval, .yval = yval, .nx = nx, .ny = ny, .value = value};
    ck_assert_msg(no_plot_sweep(gp, NULL, &g, err, sizeof err) == 0, "%s", err);
    FILE *f = fopen(gp, "r");
    ck_assert_ptr_nonnull(f);
    char *text = calloc(1, 65536);
    ck_assert_ptr_nonnull(text);
    size_t n = fread(text, 1, 65535, f);
    text[n] = '\0';
    fclose(f);
    unlink(gp);
    return text;
}

/* A heatmap's colour key is drawn as its cells are: both from the one palette, both opaque. The
 * cells were a bitmap (`with image`: blurred when an SVG is scaled) and the key was washed out
 * by the charts' 70% fill (a 4.689 cell rgb(8,48,107), the key at 4.5 rgb(88,118,159));
 * tests/cli.sh compares the pixels of a drawn PNG. */
START_TEST(t_plot_heatmap_key_is_the_cells)
{
    static const char *const xval[] = {"2", "3"};
    char *text = sweep_script(xval, 2, 2);
    const char *fill = strstr(text, "set style fill solid 1.0 noborder\n"), *plot = strstr(text, "\nplot ");
    ck_assert_msg(fill && plot && fill < plot, "the key is not drawn opaque:\n%s", text);
    ck_assert_msg(strstr(plot, "with boxxyerror fs solid 1.0") && strstr(plot, "fc palette"), "%s", plot);
    ck_assert_ptr_null(strstr(text, "with image"));
    ck_assert_ptr_nonnull(strstr(text, "set xlabel \"attacker dice\"")); /* keys in words */
    ck_assert_ptr_nonnull(strstr(text, "{/:Bold mean damage by attacker dice and defender dice}"));
    free(text);
}
END_TEST

/* One key of names (cover=none,light,heavy) is drawn as bars; of numbers, as a line. */
START_TEST(t_plot_categories_are_bars)
{
    static const char *const names[] = {"none", "light", "heavy"}, *const numbers[] = {"2", "3", "4"};
    char *text = sweep_script(names, 3, 1);
    ck_assert_msg(strstr(text, "using 1:($3) with boxes") && !strstr(text, "linespoints"), "%s", text);
    free(text);
    text = sweep_script(numbers, 3, 1);
    ck_assert_msg(strstr(text, "using 1:($3) with linespoints") && !strstr(text, "with boxes"), "%s", text);
    free(text);
}
END_TEST

Suite *suite_table(void)
{
    Suite *s = suite_create("table");
    TCase *tc = tcase_create("compare, sweep, charts");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, t_compare_rows_are_single_runs);
    tcase_add_test(tc, t_compare_quick_notation_and_lists);
    tcase_add_test(tc, t_compare_policies_and_points);
    tcase_add_test(tc, t_compare_bad_input);
    tcase_add_test(tc, t_sweep_grid_is_single_runs);
    tcase_add_test(tc, t_vary_errors);
    tcase_add_test(tc, t_keys_set);
    tcase_add_test(tc, t_plot_script_has_the_numbers);
    tcase_add_test(tc, t_plot_titles_in_words);
    tcase_add_test(tc, t_plot_heatmap_key_is_the_cells);
    tcase_add_test(tc, t_plot_categories_are_bars);
    suite_add_tcase(s, tc);
    return s;
}
