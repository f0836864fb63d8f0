/* cmd_run.c — `neverodds run` (one report, its chart) and `neverodds policy` (every policy). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/plot.h"
#include "neverodds/quick.h"
#include "neverodds/games.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_run[] =
    "usage: neverodds run SCENARIO.json [options]\n"
    "\n"
    "  --exact         exact probabilities (the default when --trials is not given)\n"
    "  --trials N      Monte Carlo with N trials (1 to 10^11; 1e6, 2.5e6 and 1_000_000 are read\n"
    "                  too); numbers carry standard errors\n"
    "  --seed S        Monte Carlo seed, 0 to 2^64-1 (default 1); same seed, same answer on\n"
    "                  any number of threads\n"
    "  --threads T     worker threads, 1 to 256 (default: all cores)\n"
    "  --policy NAME   per-attack (default: best expected damage), conservative (never reroll\n"
    "                  a hit or crit), crit-fishing (most crits first), optimal (over a sequence\n"
    "                  of attacks: each choice counts the later attacks' damage too), greedy\n"
    "                  (spends at every tie), conserve (spends only to change the damage) or,\n"
    "                  for Armada, no-discard (the defender never spends an exhausted token);\n"
    "                  for both sides, overriding the scenario\n"
    "  --goal G        what the optimal policy serves over a sequence: mean-damage (default),\n"
    "                  kill (the chance to destroy the defender by the end) or, for Armada,\n"
    "                  mean-cards (damage cards, then shields stripped, then face-up cards)\n"
    "  --shots-to-kill repeat the attack until the defender is destroyed (it needs a hull, or\n"
    "                  Legion's minis and wounds or unit): the number of attacks it takes, one\n"
    "                  a round: the defender's tokens refresh between shots (X-Wing: as the\n"
    "                  scenario gives them, Force +1; Armada: exhausted tokens ready; Legion:\n"
    "                  carried)\n"
    "  --carry-tokens  with --shots-to-kill: the shots in one round, the defender's tokens as\n"
    "                  the last shot left them\n"
    "  --format F      text (default), json, or csv (one header line and one row)\n"
    "  --plot FILE     a chart: .png or .svg (1280x720), or .gp (the gnuplot script): P(damage = k)\n"
    "                  as bars (95% error bars under Monte Carlo), P(damage >= k) as a line; a\n"
    "                  sequence adds each attack; --shots-to-kill charts the attacks it takes\n"
    "                  (its directory is checked before the work: exit 2 when it cannot be written)\n"
    "  --title TEXT    the chart's title (default: the scenario's name, or the attack in words)\n"
    "  --subtitle TEXT the line under it (\"\" for none, for either)\n"
    "  --size WxH      the chart's size in pixels, 400x300 to 7680x4320 (default 1280x720)\n"
    "  --verbose       also print the die face tables\n"
    "\n"
    "A Monte Carlo run of more than a second shows a progress bar when stderr is a terminal;\n"
    "Ctrl-C stops it and prints what it has, marked partial.\n"
    "The scenario format is described in README.md. Exit status: 0 ok, 1 the chart could not\n"
    "be drawn (the numbers are printed), 2 bad input.\n";

static const char usage_quick[] =
    "usage: neverodds xwing|xwing1|legion|armada \"NOTATION\" [run's options] [--print-scenario]\n"
    "\n"
    "Runs the scenario the notation describes, exactly as run would run the same JSON file.\n"
    "  --print-scenario  print that scenario's JSON instead (to save, edit and run as a file)\n"
    "  run's options     --exact, --trials N, --seed S, --threads T, --policy NAME, --goal G,\n"
    "                    --shots-to-kill, --format text|json|csv, --plot FILE, --title TEXT,\n"
    "                    --subtitle TEXT, --size WxH, --verbose\n"
    "\n"
    "%s";

static const char usage_policy[] =
    "usage: neverodds policy SCENARIO.json [options]\n"
    "\n"
    "The scenario under every named policy, one side at a time (the other side per-attack):\n"
    "mean damage and P(kill), with the difference from per-attack, and the first attack's\n"
    "decision tables.\n"
    "\n"
    "  --exact, --trials N, --seed S, --threads T, --goal G   as for run\n"
    "  --format F      text (default), json or csv\n"
    "\n"
    "Exit status: 0 ok, 2 bad input.\n";

/* run's own options (common_option reads the shared ones), for "did you mean"; the quick
 * notation's, the list whole, run's from its second entry on. */
static const char *const quick_options[] = {"--print-scenario", "--verbose", "--shots-to-kill", "--carry-tokens",
                                            NULL};

/* --verbose: the face tables behind the numbers (shared/rules/dice.md). */
static void print_dice(FILE *f, const no_scenario *sc)
{
    fprintf(f, "dice (faces per side):\n");
    for (int d = 0; d < NO_MAX_DICE && sc->ctx.dice[d]; d++) {
        const no_die *die = sc->ctx.dice[d]->die;
        if (sc->ctx.lands_rerolled[d])
            continue; /* a die already listed, kept as rerolled (no_ctx.kept_die) */
        fprintf(f, "  %-18s", die->name);
        for (int s = 0; s < die->sides; s++) {
            int r = die->side_result[s];
            fprintf(f, " %s", sc->game->die_result_name(die, r));
        }
        fprintf(f, "\n");
    }
    fprintf(f, "\n");
}

/* `run`, or with `compare` set `policy`: the same options, then one report or the comparison. */
int cmd_run(int argc, char **argv, int compare, const char *quick_game)
{
    common_opts c;
    common_defaults(&c);
    int verbose = 0, print_scenario = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            if (quick_game)
                printf(usage_quick, no_quick_grammar);
            else
                fputs(compare ? usage_policy : usage_run, stdout);
            return 0;
        } else if (quick_game && !strcmp(a, "--print-scenario")) {
            print_scenario = 1;
        } else if (compare && (!strcmp(a, "--policy") || !strcmp(a, "--shots-to-kill") || !strcmp(a, "--carry-tokens") ||
                               !strcmp(a, "--verbose"))) {
            return usage_error("policy: %s does not apply (the command compares every policy)", a);
        } else if ((r = common_option(argc, argv, &i, &c)) != 1) {
            if (r)
                return r;
        } else if (!strcmp(a, "--verbose")) {
            verbose = 1;
        } else if (!strcmp(a, "--shots-to-kill")) {
            c.run.shots = 1;
        } else if (!strcmp(a, "--carry-tokens")) {
            c.run.carry_tokens = 1;
        } else {
            return unknown_option(a, compare ? NULL : quick_game ? quick_options : quick_options + 1, 1);
        }
    }
    if (compare && c.plot)
        return usage_error("%s", "policy: --plot is for run, compare, sweep, matchup, battle and the quick notation (xwing, legion, ...)");
    if (c.run.carry_tokens && !c.run.shots)
        return usage_error("%s", "--carry-tokens: only with --shots-to-kill");
    if (quick_game && !c.file)
        return usage_error("%s: expected the notation in quotes, e.g. \"3 fl vs 2 fe r1\"", quick_game);
    int done = options_done(compare ? "policy" : "run", &c);
    if (done)
        return done;

    char err[NO_ERR_LEN];
    no_scenario *sc = malloc(sizeof *sc);
    no_summary *sum = malloc(sizeof *sum);
    if (!sc || !sum) {
        fprintf(stderr, "neverodds: out of memory\n");
        return 1;
    }
    int rc = quick_game ? load_quick(quick_game, c.file, &c, sc, print_scenario) : load(c.file, NULL, &c, sc);
    if (rc == 0 && print_scenario) {
        rc = -1; /* the scenario JSON was the answer */
    } else if (rc == 0 && compare) {
        if (no_report_policies(stdout, sc, &c.run, c.format, err, sizeof err)) {
            fprintf(stderr, "neverodds: %s\n", err);
            rc = EXIT_USAGE;
        }
    } else if (rc == 0 && no_run(sc, &c.run, sum, err, sizeof err)) {
        fprintf(stderr, "neverodds: %s\n", err);
        rc = EXIT_USAGE;
    } else if (rc == 0) {
        /* the chart first: when it fails, the numbers are still printed (exit status 1) */
        if (c.plot && no_plot_run(c.plot, &c.chart, sc, sum, err, sizeof err)) {
            fprintf(stderr, "neverodds: %s\n", err);
            rc = 1;
        }
        if (c.format == NO_FMT_JSON) {
            char *text = no_report_json(sc, sum);
            printf("%s\n", text);
            free(text);
        } else if (c.format == NO_FMT_CSV) {
            no_csv_run(stdout, sc, sum);
        } else {
            if (verbose)
                print_dice(stdout, sc);
            no_report_text(stdout, sc, sum);
        }
        no_summary_free(sum);
    }
    free(sc);
    free(sum);
    int flushed = flush_stdout();
    return rc > 0 ? rc : flushed;
}

