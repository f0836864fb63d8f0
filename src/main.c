/* main.c — the command line: neverodds run SCENARIO.json [options]. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/run.h"
#include "neverodds/order.h"
#include "neverodds/version.h"
#include "neverodds/xwing.h"
#include "neverodds/armada.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define EXIT_USAGE 2

static const char usage_main[] =
    "usage: neverodds run SCENARIO.json [--exact] [--trials N] [--seed S] [--threads T]\n"
    "                     [--policy NAME] [--goal G] [--shots-to-kill] [--format text|json]\n"
    "                     [--verbose]\n"
    "       neverodds --help | --version\n"
    "\n"
    "Exact and Monte Carlo statistics of a Star Wars miniatures attack: damage (wounds)\n"
    "distribution, kill probability, token use. Games: X-Wing second edition (reference guide\n"
    "v1.4.5, rules xwing-2e; first edition, FAQ v4.4.1, rules xwing-1e), Legion (core rules\n"
    "2026, rules legion-2026) and Armada (the\n"
    "reference guide of the core set, rules armada-core).\n"
    "\n"
    "commands:\n"
    "  run       run a scenario file (see 'neverodds run --help')\n"
    "  policy    the scenario under every named policy, side by side: mean damage and P(kill)\n"
    "            for each side's choice (the other side per-attack); takes run's options but\n"
    "            --policy, --shots-to-kill and --verbose\n"
    "  order     does the order of the modifiers matter? every order the players could use, the\n"
    "            official one cited, what-ifs, a traced roll (see 'neverodds order --help')\n";

static const char usage_order[] =
    "usage: neverodds order SCENARIO.json [options]\n"
    "\n"
    "Runs one attack with every order in which the players could commit to using their effects\n"
    "(each effect optional; one line per order, orders with the same results on one line), next to\n"
    "the official order (the rules' windows, each player ordering its own effects per roll as the\n"
    "policy does), with the mean damage, P(kill) and the largest change in any P(damage >= k).\n"
    "\n"
    "  --swap-window W   what-if: the other player first in window W (attack-modify,\n"
    "                    defense-modify, before-neutralize)\n"
    "  --variant NAME    what-if: a step of the rules moved or reordered inside (Legion:\n"
    "                    convert-before-reroll, modify-before-cover, chart-before-critical,\n"
    "                    decrease-before-cap)\n"
    "  --rules A,B       the same file under each rule version, side by side (xwing-1e,xwing-2e)\n"
    "  --roll SPEC       trace one roll through every order (X-Wing): \"atk=F,B,H def=E,E\"\n"
    "                    with atk-reroll= and def-reroll= for the faces rerolled dice show\n"
    "  --exact, --trials N, --seed S, --threads T, --policy NAME, --goal G, --format text|json\n"
    "                    as for run (exact unless --trials is given)\n"
    "\n"
    "Exit status: 0 ok, 2 bad input.\n";


static const char usage_run[] =
    "usage: neverodds run SCENARIO.json [options]\n"
    "\n"
    "  --exact         exact probabilities (the default when --trials is not given)\n"
    "  --trials N      Monte Carlo with N trials (1 to 10^11); numbers carry standard errors\n"
    "  --seed S        Monte Carlo seed, 0 to 2^64-1 (default 1); same seed, same answer on\n"
    "                  any number of threads\n"
    "  --threads T     worker threads, 1 to 256 (default: all cores)\n"
    "  --policy NAME   per-attack (default: best expected damage), conservative (never reroll\n"
    "                  a hit or crit), crit-fishing (most crits first), optimal (over a sequence\n"
    "                  of attacks: each choice counts the later attacks' damage too), greedy\n"
    "                  (spends at every tie), conserve (spends only to change the damage) or,\n"
    "                  for Armada, no-discard (the defender never spends an exhausted token);\n"
    "                  for both sides, overriding the scenario\n"
    "  --goal G        what the optimal policy serves over a sequence: mean-damage (default)\n"
    "                  or kill (the chance to destroy the defender by the end)\n"
    "  --shots-to-kill repeat the attack until the defender (with a hull) is destroyed: the\n"
    "                  distribution of the number of attacks it takes (X-Wing, Armada)\n"
    "  --format F      text (default) or json\n"
    "  --verbose       also print the die face tables\n"
    "\n"
    "The scenario format is described in README.md. Exit status: 0 ok, 2 bad input.\n";

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "neverodds: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'neverodds run --help'.\n");
    return EXIT_USAGE;
}

static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* --verbose: the face tables behind the numbers (shared/rules/dice.md). */
static void print_dice(FILE *f, const no_scenario *sc)
{
    int legion = !strcmp(sc->game, "legion"), armada = !strcmp(sc->game, "armada");
    fprintf(f, "dice (faces per side):\n");
    for (int d = 0; d < NO_MAX_DICE && sc->ctx.dice[d]; d++) {
        const no_die *die = sc->ctx.dice[d]->die;
        fprintf(f, "  %-18s", die->name);
        for (int s = 0; s < die->sides; s++) {
            int r = die->side_result[s];
            fprintf(f, " %s", armada   ? no_armada_face_names[die->face[r]]
                              : !legion ? no_xwing_face_names[die->face[r]]
                              : die->nresults == 4 ? no_legion_attack_results[r] : no_legion_defense_results[r]);
        }
        fprintf(f, "\n");
    }
    fprintf(f, "\n");
}

/* Options `run`, `policy` and `order` share. */
typedef struct common_opts {
    const char *file;
    no_run_opts run;
    int json, policy, goal;
} common_opts;

/* Reads option argv[*i] (and its value) when it is one of the shared ones: 0 read, 1 not one of
 * them, or the exit status of a usage error. */
static int common_option(int argc, char **argv, int *i, common_opts *c)
{
    const char *a = argv[*i];
    const char *val = *i + 1 < argc ? argv[*i + 1] : NULL;
    uint64_t v;
    if (!strcmp(a, "--exact")) {
        c->run.force_exact = 1;
        return 0;
    }
    if (!strcmp(a, "--trials")) {
        if (parse_u64(val, 1, 100000000000ULL, &v))
            return usage_error("--trials: expected an integer from 1 to 100000000000, got '%s'", val ? val : "nothing");
        c->run.trials = v;
    } else if (!strcmp(a, "--seed")) {
        if (parse_u64(val, 0, UINT64_MAX, &v))
            return usage_error("--seed: expected an integer from 0 to 18446744073709551615, got '%s'",
                               val ? val : "nothing");
        c->run.seed = v;
    } else if (!strcmp(a, "--threads")) {
        if (parse_u64(val, 1, 256, &v))
            return usage_error("--threads: expected an integer from 1 to 256, got '%s'", val ? val : "nothing");
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
            return usage_error("--goal: expected mean-damage or kill, got '%s'", val ? val : "nothing");
    } else if (a[0] != '-' || !a[1]) { /* the scenario file */
        if (c->file)
            return usage_error("one scenario file at a time (got a second: '%s')", a);
        c->file = a;
        return 0;
    } else if (!strcmp(a, "--format")) {
        if (!val || (strcmp(val, "text") && strcmp(val, "json")))
            return usage_error("--format: expected text or json, got '%s'", val ? val : "nothing");
        c->json = !strcmp(val, "json");
    } else {
        return 1;
    }
    (*i)++;
    return 0;
}

/* After the last option: a file was given, and one method. */
static int options_done(const char *cmd, const common_opts *c)
{
    if (!c->file)
        return usage_error("%s: missing the scenario file", cmd);
    if (c->run.force_exact && c->run.trials)
        return usage_error("%s", "--exact and --trials ask for different methods: choose one");
    return 0;
}

static void common_defaults(common_opts *c)
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
static int load(const char *file, const char *rules, const common_opts *c, no_scenario *sc)
{
    char err[NO_ERR_LEN];
    int rc = rules ? no_scenario_load_as(file, rules, sc, err, sizeof err) : no_scenario_load(file, sc, err, sizeof err);
    if (rc) {
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    if (c->policy >= 0 && !no_policy_applies(c->policy, sc->game))
        return usage_error("--policy: %s does not apply to this game", no_policies[c->policy].name);
    if (c->policy >= 0)
        no_scenario_set_policy(sc, c->policy);
    if (c->goal >= 0)
        no_scenario_set_goal(sc, c->goal);
    return 0;
}

static int flush_stdout(void)
{
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "neverodds: cannot write the report: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}

/* `run`, or with `compare` set `policy`: the same options, then one report or the comparison. */
static int cmd_run(int argc, char **argv, int compare)
{
    common_opts c;
    common_defaults(&c);
    int verbose = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_run, stdout);
            return 0;
        } else if (compare && (!strcmp(a, "--policy") || !strcmp(a, "--shots-to-kill") || !strcmp(a, "--verbose"))) {
            return usage_error("policy: %s does not apply (the command compares every policy)", a);
        } else if ((r = common_option(argc, argv, &i, &c)) != 1) {
            if (r)
                return r;
        } else if (!strcmp(a, "--verbose")) {
            verbose = 1;
        } else if (!strcmp(a, "--shots-to-kill")) {
            c.run.shots = 1;
        } else {
            return usage_error("unknown option '%s'", a);
        }
    }
    int done = options_done("run", &c);
    if (done)
        return done;

    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    no_summary *sum = malloc(sizeof *sum);
    if (!sc || !sum) {
        fprintf(stderr, "neverodds: out of memory\n");
        return 1;
    }
    int rc = load(c.file, NULL, &c, sc);
    if (rc == 0 && compare) {
        if (no_report_policies(stdout, sc, &c.run, c.json, err, sizeof err)) {
            fprintf(stderr, "neverodds: %s\n", err);
            rc = EXIT_USAGE;
        }
    } else if (rc == 0 && no_run(sc, &c.run, sum, err, sizeof err)) {
        fprintf(stderr, "neverodds: %s\n", err);
        rc = EXIT_USAGE;
    } else if (rc == 0) {
        if (c.json) {
            char *text = no_report_json(sc, sum);
            printf("%s\n", text);
            free(text);
        } else {
            if (verbose)
                print_dice(stdout, sc);
            no_report_text(stdout, sc, sum);
        }
        no_summary_free(sum);
    }
    free(sc);
    free(sum);
    return rc == 0 ? flush_stdout() : rc;
}

/* `order`: the modifier-ordering verifier (order.c). */
static int cmd_order(int argc, char **argv)
{
    const char *rules = NULL;
    common_opts c;
    common_defaults(&c);
    no_order_opts o;
    memset(&o, 0, sizeof o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_order, stdout);
            return 0;
        } else if ((r = common_option(argc, argv, &i, &c)) != 1) {
            if (r)
                return r;
        } else if (!strcmp(a, "--swap-window") || !strcmp(a, "--variant")) {
            int swap = !strcmp(a, "--swap-window");
            if (!val)
                return usage_error("%s: missing its value", a);
            if (o.nswap + o.nvariant >= NO_ORDER_MAX_WHATIFS)
                return usage_error("at most 4 what-ifs (got '%s' more)", val);
            if (swap && (o.swap[o.nswap++] = no_window_find(val)) < 0)
                return usage_error("--swap-window: expected a window name (attack-modify, defense-modify, "
                                   "before-neutralize ...), got '%s'", val);
            if (!swap)
                o.variant[o.nvariant++] = val;
            i++;
        } else if (!strcmp(a, "--rules")) {
            if (!val || !*val)
                return usage_error("--rules: expected rule versions separated by commas, got '%s'", val ? val : "nothing");
            rules = val;
            i++;
        } else if (!strcmp(a, "--roll")) {
            if (!val)
                return usage_error("%s", "--roll: expected \"atk=F,B,H def=E,E\" (faces B F H C E)");
            o.roll = val;
            i++;
        } else {
            return usage_error("unknown option '%s'", a);
        }
    }
    int done = options_done("order", &c);
    if (done)
        return done;
    o.run = c.run;
    o.json = c.json;
    /* one scenario per rule version asked for (none: the file's own) */
    enum { MAX_RULES = 4 };
    no_scenario *scs[MAX_RULES] = {NULL};
    char names[256];
    snprintf(names, sizeof names, "%s", rules ? rules : "");
    char *save = NULL, *r = rules ? strtok_r(names, ",", &save) : NULL;
    int n = 0, rc = 0;
    do {
        if (n == MAX_RULES) {
            rc = usage_error("--rules: at most 4 rule versions (got '%s' more)", r);
            break;
        }
        scs[n] = malloc(sizeof *scs[n]);
        if (!scs[n])
            abort();
        rc = load(c.file, r, &c, scs[n++]);
        r = r ? strtok_r(NULL, ",", &save) : NULL;
    } while (rc == 0 && r);
    char err[NO_ERR_LEN];
    if (rc == 0 && no_report_orders(stdout, scs, n, &o, err, sizeof err)) {
        fprintf(stderr, "neverodds: %s\n", err);
        rc = EXIT_USAGE;
    }
    for (int i = 0; i < n; i++)
        free(scs[i]);
    return rc == 0 ? flush_stdout() : rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_main, stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        fputs(usage_main, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("neverodds %s (rules: xwing-2e, reference guide v1.4.5; xwing-1e, FAQ v4.4.1; legion-2026, core rules "
               "09.01.2026; armada-core, reference guide of the core set)\n",
               NO_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "run") || !strcmp(argv[1], "policy"))
        return cmd_run(argc - 2, argv + 2, !strcmp(argv[1], "policy"));
    if (!strcmp(argv[1], "order"))
        return cmd_order(argc - 2, argv + 2);
    return usage_error("unknown command '%s' (try 'neverodds --help')", argv[1]);
}
