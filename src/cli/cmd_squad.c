/* cmd_squad.c — `neverodds squad` and `neverodds matchup` from the command line (matchup.c; two
 * Armada fleets go to fleet_matchup, cmd_fleet.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/army.h"
#include "neverodds/matchup.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_squad[] =
    "usage: neverodds squad SQUAD.xws [--format text|json|csv]\n"
    "\n"
    "Reads a squad exported by a list builder (XWS 2.0.0 and the dialects builders write: legacy\n"
    "slot keys, YASB's hardpoint key, renamed ids, Launch Bay Next's saved lists, a builder's typo\n"
    "read as the one id within two edits; each mapping a warning on stderr and a note on the\n"
    "ship's line), checks its faction, pilot and upgrade ids and slots against\n"
    "profiles/xwing/ships.json (xwing-data2), and prints each ship with every weapon, its attack\n"
    "and defense dice, hull, shields, Force, and its cards: dice abilities modelled, cards that\n"
    "act on dice but are not modelled (and why), cards with no dice effect. A huge ship (epic\n"
    "play) is listed, and left out of matchup and battle with a note.\n"
    "\n"
    "Exit status: 0 ok, 2 bad input.\n";

static const char usage_matchup[] =
    "usage: neverodds matchup A.xws B.xws [options]\n"
    "       neverodds matchup A.txt B.txt [--exact | --trials N] [--format text|json|csv]\n"
    "\n"
    "Every ship of A attacking every ship of B, and the reverse, one primary attack each: the mean\n"
    "damage at range 1, 2 and 3, P(kill) at range 2 and the mean number of attacks to destroy it\n"
    "at range 2. Each cell is the run of a scenario naming the two pilots (neverodds run gives the\n"
    "same numbers).\n"
    "\n"
    "Two Armada fleets (the text exports `neverodds fleet` reads, told from XWS by their content):\n"
    "each ship's hull zones (front, left, right, rear) on each enemy ship's zones at close, medium\n"
    "and long range, each squadron on each enemy ship's zones and on each enemy squadron at\n"
    "distance 1: mean damage and P(kill) of one attack on a fresh defender (hull, shields and tokens\n"
    "from the data), alike ships and squadrons one row (x n), and a summary per direction. Each\n"
    "cell is the run of an Armada scenario naming the two cards. --tokens and --plot are X-Wing's.\n"
    "\n"
    "  --tokens LIST   tokens each ship holds when it has the action: focus, lock, evade,\n"
    "                  calculate, reinforce, or none (default focus,lock; lock helps the\n"
    "                  attacker, evade and reinforce the defender); Force comes from the pilot\n"
    "  --exact, --trials N, --seed S, --threads T   as for run (exact by default)\n"
    "  --format F      text (default), json or csv\n"
    "  --plot FILE     heatmap of A's mean damage on B at range 2 (.png, .svg, .gp)\n"
    "  --title TEXT, --subtitle TEXT, --size WxH   the chart's, as for run\n"
    "\n"
    "Two Legion armies (Legion HQ links or army files, as neverodds army reads them) get the\n"
    "Legion matchup instead: neverodds matchup ARMY_A ARMY_B --help.\n"
    "\n"
    "Exit status: 0 ok, 1 the chart could not be drawn (the table is printed), 2 bad input.\n";

static int parse_tokens(const char *list, int *tokens)
{
    *tokens = 0;
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        int bit = no_action_bit(p, len);
        if (!bit && !(len == 4 && !strncmp(p, "none", 4)))
            return -1;
        *tokens |= bit;
        p += len + (p[len] == ',');
    }
    return list && *list ? 0 : -1;
}

/* Reads the squads named on the command line; EXIT_USAGE with the message when one is bad. */
static int load_squads(const char *const *files, int n, no_squad *sq)
{
    char err[NO_ERR_LEN];
    for (int i = 0; i < n; i++) {
        int rc = no_squad_load(files[i], &sq[i], err, sizeof err);
        print_warnings(sq[i].warnings); /* each thing mapped, said even when a later one fails */
        if (rc) {
            fprintf(stderr, "neverodds: %s\n", err);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* squad (want 1 file) or matchup (want 2). */
static int cmd_squads(int argc, char **argv, int want)
{
    common_opts c;
    common_defaults(&c);
    const char *files[2];
    int n = 0, tokens = NO_ACT_FOCUS | NO_ACT_LOCK;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(want == 1 ? usage_squad : usage_matchup, stdout);
            return 0;
        } else if (a[0] != '-' || !a[1]) {
            if (n == want)
                return usage_error(want == 1 ? "squad: one squad file (got '%s' more)"
                                             : "matchup: two squad files (got '%s' more)",
                                   a);
            files[n++] = a;
        } else if (want == 2 && !strcmp(a, "--tokens")) {
            if (parse_tokens(i + 1 < argc ? argv[i + 1] : NULL, &tokens))
                return usage_error("--tokens: expected focus, lock, evade, calculate, reinforce or none, "
                                   "comma-separated, got '%s'",
                                   i + 1 < argc ? argv[i + 1] : "nothing");
            i++;
        } else if (want == 1 && strcmp(a, "--format")) {
            return usage_error("squad: '%s' does not apply (it takes --format)", a);
        } else if ((r = common_option(argc, argv, &i, &c)) != 0) {
            return r == 1 ? unknown_option(a, (const char *const[]){"--tokens", NULL}, 1) : r;
        }
    }
    if (n < want)
        return usage_error("%s", want == 1 ? "squad: expected a squad file (XWS)" : "matchup: expected two squad files");
    if (one_method(&c))
        return EXIT_USAGE;
    if (want == 2) {
        int fleets = fleet_matchup(files, &c, tokens != (NO_ACT_FOCUS | NO_ACT_LOCK));
        if (fleets >= 0)
            return fleets;
    }
    no_squad *sq = malloc(2 * sizeof *sq);
    if (!sq)
        abort();
    int rc = load_squads(files, n, sq);
    if (!rc && want == 1) {
        no_squad_report(stdout, &sq[0], c.format);
    } else if (!rc) {
        no_matchup_opts o = {.run = c.run, .tokens = tokens, .format = c.format, .plot = c.plot,
                             .style = c.chart};
        char err[NO_ERR_LEN];
        rc = no_matchup(stdout, &sq[0], &sq[1], &o, err, sizeof err);
        if (rc)
            fprintf(stderr, "neverodds: %s\n", err);
        rc = rc < 0 ? EXIT_USAGE : rc;
    }
    free(sq);
    int flushed = flush_stdout();
    return rc ? rc : flushed;
}

int cmd_squad(int argc, char **argv) { return cmd_squads(argc, argv, 1); }
/* Two Legion armies go to their own matchup; anything else is read as X-Wing squads. */
int cmd_matchup(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (argv[i][0] != '-' && no_army_source(argv[i]))
            return cmd_army_matchup(argc, argv);
    return cmd_squads(argc, argv, 2);
}
