/* cli.c — the options every command shares, the scenario loader, exit statuses. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/plot.h"
#include "neverodds/games.h"
#include "neverodds/quick.h"
#include "neverodds/outfile.h"
#include "io/count.h"
#include "io/jsonread.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static const char *usage_topic; /* the command whose --help a usage error points to */

void usage_command(const char *cmd) { usage_topic = cmd; }

int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "neverodds: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'neverodds %s%s--help'.\n", usage_topic ? usage_topic : "", usage_topic ? " " : "");
    return EXIT_USAGE;
}

/* The options common_option reads, and those main.c takes for every command. */
static const char *const shared_options[] = {"--exact", "--trials", "--seed", "--threads", "--policy", "--goal",
                                             "--format", "--plot", "--title", "--subtitle", "--size", NULL};
static const char *const every_command[] = {"--output", "--lenient", "--help", NULL};

int unknown_option(const char *a, const char *const *own, int shared)
{
    char near[160], fmt[256];
    jr_near q;
    jr_near_start(&q, a);
    jr_near_list(&q, own);
    jr_near_list(&q, shared ? shared_options : NULL);
    jr_near_list(&q, every_command);
    jr_near_text(&q, near, sizeof near);
    snprintf(fmt, sizeof fmt, "%s%sunknown option '%%s'%s", usage_topic ? usage_topic : "", usage_topic ? ": " : "",
             near);
    return usage_error(fmt, a);
}

/* An integer option's value (count.h: 1e6 and 1_000_000 are read too); 0, or a usage error. */
static int count_option(const char *option, const char *val, uint64_t lo, uint64_t hi, uint64_t *v)
{
    char err[NO_ERR_LEN];
    return no_count_parse(option, val, lo, hi, v, err, sizeof err) ? usage_error("%s", err) : 0;
}

int check_writable(const char *option, const char *path)
{
    no_outfile probe;
    char err[NO_ERR_LEN];
    if (no_outfile_begin(&probe, option, path, err, sizeof err)) {
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    no_outfile_discard(&probe);
    return 0;
}

/* Reads option argv[*i] (and its value) when it is one of the shared ones: 0 read, 1 not one of
 * them, or the exit status of a usage error. */
int common_option(int argc, char **argv, int *i, common_opts *c)
{
    const char *a = argv[*i];
    const char *val = *i + 1 < argc ? argv[*i + 1] : NULL;
    uint64_t v;
    int r;
    if (!strcmp(a, "--exact")) {
        c->run.force_exact = 1;
        return 0;
    }
    if (!strcmp(a, "--trials")) {
        if ((r = count_option(a, val, 1, 100000000000ULL, &v)))
            return r;
        c->run.trials = v;
    } else if (!strcmp(a, "--seed")) {
        if ((r = count_option(a, val, 0, UINT64_MAX, &v)))
            return r;
        c->run.seed = v;
    } else if (!strcmp(a, "--threads")) {
        if ((r = count_option(a, val, 1, 256, &v)))
            return r;
        c->run.threads = (int)v;
    } else if (!strcmp(a, "--policy")) {
        if (!val || (c->policy = no_policy_find(val)) < 0)
            return usage_error("--policy: expected per-attack, conservative, crit-fishing, optimal, greedy, "
                               "conserve or no-discard, got '%s'",
                               val ? val : "nothing");
    } else if (!strcmp(a, "--goal")) {
        for (c->goal = 0; val && c->goal < NO_GOAL_N && strcmp(val, no_goal_names[c->goal]); c->goal++)
            ;
        if (!val || c->goal == NO_GOAL_N)
            return usage_error("--goal: expected mean-damage, kill or mean-cards, got '%s'", val ? val : "nothing");
    } else if (a[0] != '-' || !a[1]) { /* the scenario file */
        if (c->file)
            return usage_error("one scenario file at a time (got a second: '%s')", a);
        c->file = a;
        return 0;
    } else if (!strcmp(a, "--format")) {
        static const char *const formats[] = {"text", "json", "csv"};
        for (c->format = 0; val && c->format < 3 && strcmp(val, formats[c->format]); c->format++)
            ;
        if (!val || c->format == 3)
            return usage_error("--format: expected text, json or csv, got '%s'", val ? val : "nothing");
    } else if (!strcmp(a, "--plot")) {
        char err[NO_ERR_LEN];
        if (!val)
            return usage_error("%s", "--plot: expected a file ending in .png, .svg or .gp");
        if (no_plot_check_path(val, err, sizeof err))
            return usage_error("%s", err);
        if ((r = check_writable(a, val))) /* before the work, not after it */
            return r;
        c->plot = val;
    } else if (!strcmp(a, "--title") || !strcmp(a, "--subtitle")) {
        if (!val)
            return usage_error("%s: expected the text (in quotes; \"\" for none)", a);
        *(a[2] == 't' ? &c->chart.title : &c->chart.subtitle) = val;
    } else if (!strcmp(a, "--size")) {
        if (no_plot_parse_size(val, &c->chart))
            return usage_error("--size: expected WIDTHxHEIGHT in pixels, 400x300 to 7680x4320, got '%s'",
                               val ? val : "nothing");
    } else {
        return 1;
    }
    (*i)++;
    return 0;
}

/* After the last option: a file was given, and one method. */
int options_done(const char *cmd, const common_opts *c)
{
    if (!c->file)
        return usage_error("%s: missing the scenario file", cmd);
    return one_method(c);
}

int one_method(const common_opts *c)
{
    if (c->run.force_exact && c->run.trials)
        return usage_error("%s", "--exact and --trials ask for different methods: choose one");
    if (!c->plot && (c->chart.title || c->chart.subtitle || c->chart.width))
        return usage_error("%s", "--title, --subtitle and --size set the chart: give --plot FILE too");
    return 0;
}

void common_defaults(common_opts *c)
{
    memset(c, 0, sizeof *c);
    c->run.seed = 1;
    c->run.threads = 1;
#ifdef _OPENMP
    c->run.threads = omp_get_max_threads();
#endif
    c->policy = c->goal = -1;
}

/* Loads the scenario (under `rules` when given) and applies --policy and --goal; 0, or the exit
 * status with the message printed. */
/* --policy and --goal on a loaded scenario. */
static int apply_options(const common_opts *c, no_scenario *sc)
{
    if (c->policy >= 0 && !no_game_offers_policy(sc->game, c->policy))
        return usage_error("--policy: %s does not apply to this game", no_policies[c->policy].name);
    if (c->policy >= 0)
        no_scenario_set_policy(sc, c->policy);
    if (c->goal >= 0 && !no_game_offers_goal(sc->game, c->goal))
        return usage_error("--goal: %s applies to Armada only", no_goal_names[c->goal]);
    if (c->goal >= 0)
        no_scenario_set_goal(sc, c->goal);
    return 0;
}

int load(const char *file, const char *rules, const common_opts *c, no_scenario *sc)
{
    char err[NO_ERR_LEN];
    int rc = rules ? no_scenario_load_as(file, rules, sc, err, sizeof err) : no_scenario_load(file, sc, err, sizeof err);
    if (rc) {
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    return apply_options(c, sc);
}

int load_quick(const char *game, const char *spec, const common_opts *c, no_scenario *sc, int print_json)
{
    char err[NO_ERR_LEN], *json = NULL;
    int rc = no_quick_json(game, spec, &json, err, sizeof err) || no_scenario_parse(json, "quick", sc, err, sizeof err);
    if (!rc && print_json)
        printf("%s\n", json);
    free(json);
    if (rc) {
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    return apply_options(c, sc);
}

int flush_stdout(void)
{
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "neverodds: cannot write the report: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}


void print_warnings(const char *lines)
{
    for (const char *w = lines; *w;) {
        size_t len = strcspn(w, "\n");
        fprintf(stderr, "neverodds: warning: %.*s\n", (int)len, w);
        w += len + (w[len] == '\n');
    }
}
