/* cmd_order.c — `neverodds order`: the modifier-ordering verifier (order.c) from the command line. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/order.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_order[] =
    "usage: neverodds order SCENARIO.json [options]\n"
    "\n"
    "Runs one attack with every order in which the players could commit to using their effects\n"
    "(each effect optional; one line per order, orders with the same results on one line, counted),\n"
    "next to the official order (the rules' windows, each player ordering its own effects per roll\n"
    "as the policy does), with the mean damage, P(kill) and the largest change in any\n"
    "P(damage >= k). A verdict comes first: whether any order changes the results, and the mean\n"
    "damage between the best and the worst order (JSON: rules[].verdict). Citations name the\n"
    "rulebook section, then the page where the seed has one, then the line: \"Attack, step 2b:\n"
    "Modify Attack Dice (L336)\".\n"
    "\n"
    "  --swap-window W   what-if: the other player first in window W (attack-modify,\n"
    "                    defense-modify, before-neutralize)\n"
    "  --variant NAME    what-if: a step of the rules moved or reordered inside (Legion:\n"
    "                    convert-before-reroll, modify-before-cover, chart-before-critical,\n"
    "                    decrease-before-cap, dodge-before-cover; Armada: tokens-before-accuracy)\n"
    "  --rules A,B       the same file under each rule version, side by side (xwing-1e,xwing-2e)\n"
    "  --roll SPEC       trace one roll through every order: \"atk=F,B,H def=E,E\", with\n"
    "                    atk-reroll= and def-reroll= for the faces rerolled dice show (Legion:\n"
    "                    cover= too); faces in the order the dice roll (by colour as the header\n"
    "                    lists them), by letter or word. X-Wing B F H C E; Legion attack B H C S,\n"
    "                    defense and cover B K S (K: block); Armada B H C A HH HC (hit+hit,\n"
    "                    hit+crit)\n"
    "  --exact, --trials N, --seed S, --threads T, --policy NAME, --goal G, --format text|json|csv\n"
    "                    as for run (exact unless --trials is given)\n"
    "\n"
    "Exit status: 0 ok, 2 bad input.\n";



/* `order`: the modifier-ordering verifier (order.c). */
int cmd_order(int argc, char **argv)
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
                return usage_error("%s", "--roll: expected faces such as \"atk=F,B,H def=E,E\" (see --help)");
            o.roll = val;
            i++;
        } else {
            return unknown_option(a, (const char *const[]){"--swap-window", "--variant", "--rules", "--roll", NULL}, 1);
        }
    }
    int done = options_done("order", &c);
    if (done)
        return done;
    o.run = c.run;
    o.format = c.format;
    if (c.plot)
        return usage_error("%s", "order: --plot is for run, compare, sweep, matchup, battle and the quick notation (xwing, legion, ...)");
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

