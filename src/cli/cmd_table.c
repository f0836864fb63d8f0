/* cmd_table.c — `neverodds compare` and `neverodds sweep` from the command line (table.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_compare[] =
    "usage: neverodds compare INPUT INPUT... [options]\n"
    "\n"
    "Runs each input and prints one table: mean damage, sd, P(kill), points and damage per point\n"
    "(when the scenario gives \"points\"), P(damage >= k); --plot overlays them in one chart.\n"
    "Each row after the first shows its mean and P(kill) less the first row's (vs #1).\n"
    "An INPUT is a scenario file or quick notation (GAME:NOTATION, GAME xwing, xwing1 or legion),\n"
    "optionally with keys set on it, comma-separated:\n"
    "  FILE[,KEY=VALUE...][,label=TEXT]     KEY is a dotted path of the scenario (attacker.dice,\n"
    "                                       defender.tokens.evade, rules, policy, cover ...);\n"
    "                                       a list in brackets: attacker.abilities=[predator,heroic]\n"
    "examples:\n"
    "  neverodds compare a.json b.json c.json --plot cmp.png\n"
    "  neverodds compare s.json s.json,rules=xwing-1e            two rule versions\n"
    "  neverodds compare s.json,label=per-attack s.json,policy=greedy,label=greedy\n"
    "  neverodds compare 'xwing:4 f vs 3 e h3' 'xwing:3 fl vs 3 e h3'\n"
    "\n"
    "  --exact, --trials N, --seed S, --threads T, --policy NAME, --goal G  as for run\n"
    "  --format F      text (default), json or csv\n"
    "  --plot FILE     the chart: .png or .svg (1280x720), or .gp (the gnuplot script)\n"
    "  --title TEXT, --subtitle TEXT, --size WxH   the chart's, as for run\n"
    "\n"
    "Exit status: 0 ok, 1 the chart could not be drawn (the table is printed), 2 bad input.\n";

static const char usage_sweep[] =
    "usage: neverodds sweep FILE|GAME:NOTATION --vary KEY=VALUES [--vary KEY=VALUES] [options]\n"
    "\n"
    "Runs the scenario at every combination of the values (one or two keys) and prints the\n"
    "results as a table (and, for two keys, a grid of the mean damage); --plot draws a line or\n"
    "bar chart (one key) or a heatmap (two keys).\n"
    "  --vary KEY=FROM..TO   integers FROM to TO (at most 64 values)\n"
    "  --vary KEY=A,B,C      any values: numbers, true/false, names (cover=none,light,heavy)\n"
    "  KEY is a dotted path of the scenario: attacker.dice, defender.tokens.focus, range,\n"
    "  attacker.pool.red, defender.die, rules ... (at most 1024 points in all)\n"
    "examples:\n"
    "  neverodds sweep s.json --vary attacker.dice=2..5 --vary defender.dice=0..4 --plot h.png\n"
    "  neverodds sweep legion.json --vary cover=none,light,heavy --format csv\n"
    "\n"
    "  --metric M      what the chart shows: mean (mean damage, default) or kill (P(kill))\n"
    "  --exact, --trials N, --seed S, --threads T, --policy NAME, --goal G  as for run\n"
    "  --format F      text (default), json or csv\n"
    "  --plot FILE     the chart: .png, .svg or .gp; names (cover=none,light,heavy) are drawn as\n"
    "                  bars, numbers as a line\n"
    "  --title TEXT, --subtitle TEXT, --size WxH   the chart's, as for run\n"
    "\n"
    "Exit status: 0 ok, 1 the chart could not be drawn (the table is printed), 2 bad input.\n";

static no_table_opts table_opts(const common_opts *c)
{
    no_table_opts o = {.run = c->run, .policy = c->policy, .goal = c->goal, .format = c->format, .plot = c->plot,
                       .style = c->chart};
    return o;
}

/* After the table: a chart that failed leaves the table printed, with exit status 1. */
static int finish(int rc, const char *err)
{
    if (rc)
        fprintf(stderr, "neverodds: %s\n", err);
    int flushed = flush_stdout();
    return rc ? 1 : flushed;
}

int cmd_compare(int argc, char **argv)
{
    common_opts c;
    common_defaults(&c);
    no_input in[NO_MAX_INPUTS];
    int n = 0;
    char err[NO_ERR_LEN];
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_compare, stdout);
            return 0;
        } else if (a[0] != '-' || !a[1]) {
            if (n == NO_MAX_INPUTS)
                return usage_error("compare: at most 16 inputs (got '%s' more)", a);
            if (no_input_parse(argv[i], &in[n++], err, sizeof err))
                return usage_error("compare: %s", err);
        } else if ((r = common_option(argc, argv, &i, &c)) != 1) {
            if (r)
                return r;
        } else {
            return unknown_option(a, NULL, 1);
        }
    }
    if (n < 1)
        return usage_error("%s", "compare: expected scenario files (FILE[,key=value...]), at least one");
    if (one_method(&c))
        return EXIT_USAGE;
    no_table_opts o = table_opts(&c);
    int rc = no_compare(stdout, in, n, &o, err, sizeof err);
    if (rc < 0) {
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    return finish(rc, err);
}

int cmd_sweep(int argc, char **argv)
{
    common_opts c;
    common_defaults(&c);
    no_vary *v = calloc(NO_SWEEP_MAX_KEYS, sizeof *v);
    if (!v)
        abort();
    int nv = 0, metric_kill = 0, rc = 0;
    char err[NO_ERR_LEN];
    for (int i = 0; i < argc && !rc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_sweep, stdout);
            free(v);
            return 0;
        } else if (!strcmp(a, "--vary")) {
            if (nv == NO_SWEEP_MAX_KEYS)
                rc = usage_error("--vary: at most 2 keys (got '%s' more)", val ? val : "nothing");
            else if (!val || no_vary_parse(val, &v[nv++], err, sizeof err))
                rc = usage_error("%s", val ? err : "--vary: expected KEY=FROM..TO or KEY=A,B,C");
            i++;
        } else if (!strcmp(a, "--metric")) {
            if (!val || (strcmp(val, "mean") && strcmp(val, "kill")))
                rc = usage_error("--metric: expected mean or kill, got '%s'", val ? val : "nothing");
            metric_kill = val && !strcmp(val, "kill");
            i++;
        } else if ((r = common_option(argc, argv, &i, &c)) != 1) {
            rc = r;
        } else {
            rc = unknown_option(a, (const char *const[]){"--vary", "--metric", NULL}, 1);
        }
    }
    if (!rc && !nv)
        rc = usage_error("%s", "sweep: expected --vary KEY=FROM..TO (or KEY=A,B,C)");
    if (!rc)
        rc = options_done("sweep", &c);
    if (rc) {
        free(v);
        return rc;
    }
    no_table_opts o = table_opts(&c);
    o.metric_kill = metric_kill;
    rc = no_sweep(stdout, c.file, v, nv, &o, err, sizeof err);
    free(v);
    if (rc < 0) {
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    return finish(rc, err);
}
