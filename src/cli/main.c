/* main.c — the command line: neverodds COMMAND [options]; each command is in src/cli/cmd_*.c. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "io/jsonread.h"
#include "neverodds/games.h"
#include "neverodds/progress.h"
#include "neverodds/quick.h"
#include "neverodds/ranks.h"
#include "neverodds/version.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char usage_main[] =
    "usage: neverodds COMMAND [arguments] [options]     ('neverodds COMMAND --help' for each)\n"
    "       neverodds --help | --version\n"
    "\n"
    "Exact and Monte Carlo statistics of a Star Wars miniatures attack: damage (wounds)\n"
    "distribution, kill probability, token use. Games: X-Wing second edition (reference guide\n"
    "v1.4.5, rules xwing-2e; first edition, FAQ v4.4.1, rules xwing-1e), Legion (core rules\n"
    "2026, rules legion-2026) and Armada (the reference guide of the core set, rules armada-core).\n"
    "\n"
    "commands:\n"
    "  run FILE          one scenario: damage distribution, P(kill), tokens; --plot a chart\n"
    "  xwing \"NOTATION\"  a quick X-Wing question without a file: neverodds xwing \"3 fl vs 2 fe r1\"\n"
    "  xwing1 \"NOTATION\" the same under X-Wing first edition: neverodds xwing1 \"3 fl vs 2 fe r2\"\n"
    "  legion \"NOTATION\" the same for Legion: neverodds legion \"5w hit vs white surge light\"\n"
    "  armada \"NOTATION\" and for Armada: neverodds armada \"2r1b medium vs brace redirect shields3,2\"\n"
    "  compare A B ...   scenarios side by side (files, or one file with keys set), one chart\n"
    "  sweep FILE        a grid of results over one or two keys: --vary attacker.dice=2..5\n"
    "  policy FILE       the scenario under every named policy, side by side\n"
    "  order FILE        does the order of the modifiers matter? every order, the official one\n"
    "                    cited, what-ifs, a traced roll\n"
    "  selftest          checks this build: exact against Monte Carlo on built-in scenarios\n"
    "  squad A.xws       an X-Wing squad from a list builder (XWS): each ship's dice profile\n"
    "  army FILE|LINK    a Legion army (Legion HQ link, TTS JSON, text): each unit's pools by range\n"
    "  fleet FILE        an Armada fleet (Star Forge, Fleet Designer, Warlords text): each ship's\n"
    "                    hull zones, dice, shields, tokens; its squadrons\n"
    "  matchup A.xws B.xws  who hurts whom: every ship of A on every ship of B and back\n"
    "                    (two Armada fleets: every hull zone on every hull zone, squadrons too;\n"
    "                    two Legion armies: every unit on every unit, by range and cover)\n"
    "  battle A.xws B.xws   squad against squad, round by round: who wins, how fast\n"
    "  list KIND [TEXT]  the ids to name: pilots, ships, upgrades, abilities, dice-cards (X-Wing;\n"
    "                    abilities --game xwing1 for first edition), units (Legion), ships --game\n"
    "                    armada, squadrons (Armada)\n"
    "  serve             a web page and a JSON API on this machine: http://127.0.0.1:8080/\n"
    "\n"
    "options most commands take: --exact | --trials N [--seed S] [--threads T], --policy NAME,\n"
    "--format text|json|csv, --plot FILE.png|.svg|.gp. Every command takes --output FILE (the\n"
    "report to FILE, written whole or not at all) and --lenient (unknown scenario keys are\n"
    "warnings, not errors). Numbers may be written 1e6 or 1_000_000. The --plot and --output\n"
    "paths are checked before any work. Exit status: 0 ok, 1 the chart or --output could not\n"
    "be written (the numbers are printed), 2 bad input (one message on stderr, nothing on stdout).\n"
    "A chart (--plot) takes --title TEXT, --subtitle TEXT and --size WIDTHxHEIGHT too.\n"
    "Manual: man neverodds (after make install), README.md.\n";


static int dispatch(int argc, char **argv);
static int global_options(int *argc, char **argv);
static int unknown_command(const char *word);

static int cmd_plain_run(int argc, char **argv) { return cmd_run(argc, argv, 0, NULL); }
static int cmd_policy(int argc, char **argv) { return cmd_run(argc, argv, 1, NULL); }

/* Every command by its name; the quick-notation games (xwing, xwing1, legion) come from the
 * games' table. */
typedef struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
} command;
static const command commands[] = {
    {"run", cmd_plain_run}, {"policy", cmd_policy},     {"order", cmd_order}, {"compare", cmd_compare},
    {"sweep", cmd_sweep},   {"selftest", cmd_selftest}, {"squad", cmd_squad}, {"army", cmd_army}, {"fleet", cmd_fleet}, {"matchup", cmd_matchup}, {"battle", cmd_battle},
    {"list", cmd_list},     {"serve", cmd_serve}, {NULL, NULL},
};

int main(int argc, char **argv)
{
    no_ranks_init(&argc, &argv);
    if (no_rank() != 0) { /* under MPI every rank computes; rank 0 alone speaks */
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            return 1;
    }
    cli_clean_stderr(); /* messages quote file names and scenario text: no terminal escapes */
    int rc = global_options(&argc, argv);
    if (rc == 0)
        rc = output_end(dispatch(argc, argv));
    fflush(stdout);
    no_ranks_finish();
    return rc;
}

/* Options any command takes, wherever they stand: --output FILE and --lenient. They are taken
 * out of argv before the command reads its own. 0, or the exit status of a usage error. */
static int global_options(int *argc, char **argv)
{
    int kept = 1;
    const char *output = NULL;
    for (int i = 1; i < *argc; i++) {
        if (!strcmp(argv[i], "--lenient")) {
            no_scenario_set_lenient(1);
        } else if (!strcmp(argv[i], "--output") || !strcmp(argv[i], "-o")) {
            if (i + 1 >= *argc || !*argv[i + 1])
                return usage_error("%s", "--output: expected a file name");
            output = argv[++i];
        } else {
            argv[kept++] = argv[i];
        }
    }
    *argc = kept;
    argv[kept] = NULL;
    return output ? output_begin(output) : 0;
}

static int dispatch(int argc, char **argv)
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
    no_progress_enable(isatty(STDERR_FILENO) && no_rank() == 0);
    no_progress_catch_interrupt();
    for (const command *c = commands; c->name; c++)
        if (!strcmp(argv[1], c->name)) {
            usage_command(c->name);
            return c->fn(argc - 2, argv + 2);
        }
    if (no_game_quick_find(argv[1])) { /* a game's quick notation: "neverodds xwing ..." */
        usage_command(argv[1]);
        return cmd_run(argc - 2, argv + 2, 0, argv[1]);
    }
    return unknown_command(argv[1]);
}

/* "unknown command" with the nearest of the commands, the quick-notation games and --help. */
static int unknown_command(const char *word)
{
    static const char *const help[] = {"help", "--help", "--version", NULL};
    char near[160], fmt[256];
    jr_near q;
    jr_near_start(&q, word);
    for (const command *c = commands; c->name; c++)
        jr_near_add(&q, c->name);
    for (int i = 0; no_game_quick_at(i); i++)
        jr_near_add(&q, no_quick_name(no_game_quick_at(i)));
    jr_near_list(&q, help);
    jr_near_text(&q, near, sizeof near);
    snprintf(fmt, sizeof fmt, "unknown command '%%s'%s", near);
    return usage_error(fmt, word);
}
