/* cmd_selftest.c — `neverodds selftest`: the built-in checks (selftest.c) from the command line. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/selftest.h"
#include <stdio.h>
#include <string.h>

static const char usage_selftest[] =
    "usage: neverodds selftest [--trials N] [--seed S] [--threads T]\n"
    "\n"
    "Checks this build on this machine: PCG32 against its published reference outputs, then the\n"
    "exact and the Monte Carlo drivers on built-in scenarios of every game (X-Wing with and\n"
    "without the damage deck, a sequence, Legion, Armada). A Monte Carlo number more than 6\n"
    "standard errors from the exact one fails the check. Default: 1,000,000 trials, seed 1.\n"
    "\n"
    "Exit status: 0 every check passed, 1 a check failed, 2 bad input.\n";

int cmd_selftest(int argc, char **argv)
{
    common_opts c;
    common_defaults(&c);
    for (int i = 0; i < argc; i++) {
        int r;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_selftest, stdout);
            return 0;
        }
        if (argv[i][0] != '-' || !strcmp(argv[i], "--exact") || !strcmp(argv[i], "--plot") ||
            !strcmp(argv[i], "--policy") || !strcmp(argv[i], "--goal") || !strcmp(argv[i], "--format"))
            return usage_error("selftest: '%s' does not apply (it takes --trials, --seed, --threads)", argv[i]);
        if ((r = common_option(argc, argv, &i, &c)) != 0)
            return r == 1 ? unknown_option(argv[i], (const char *const[]){"--trials", "--seed", "--threads", NULL}, 0)
                          : r;
    }
    int failed = no_selftest(stdout, c.run.trials ? c.run.trials : 1000000, c.run.seed, c.run.threads);
    if (failed)
        printf("selftest: %d check%s FAILED: this build does not agree with itself; do not trust its numbers\n",
               failed, failed == 1 ? "" : "s");
    else
        printf("selftest: every check passed\n");
    int flushed = flush_stdout();
    return failed ? 1 : flushed;
}
