/* main.c — the command line: neverodds COMMAND [options]; each command is in src/cmd_*.c. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "neverodds/progress.h"
#include "neverodds/version.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
    /* a bar for long Monte Carlo runs when a person watches stderr; Ctrl-C stops one with a report */
    no_progress_enable(isatty(STDERR_FILENO));
    no_progress_catch_interrupt();
    if (!strcmp(argv[1], "run") || !strcmp(argv[1], "policy"))
        return cmd_run(argc - 2, argv + 2, !strcmp(argv[1], "policy"));
    if (!strcmp(argv[1], "order"))
        return cmd_order(argc - 2, argv + 2);
    if (!strcmp(argv[1], "compare"))
        return cmd_compare(argc - 2, argv + 2);
    if (!strcmp(argv[1], "sweep"))
        return cmd_sweep(argc - 2, argv + 2);
    return usage_error("unknown command '%s' (try 'neverodds --help')", argv[1]);
}
