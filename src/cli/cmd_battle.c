/* cmd_battle.c — `neverodds battle` from the command line (battle_run.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/battle.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_battle[] =
    "usage: neverodds battle A B [options]     two sides: XWS squads or files of plain ships\n"
    "       neverodds battle BATTLE.json [options]   both sides and the battle's settings in one file\n"
    "\n"
    "Two X-Wing squads trade fire round after round until one side is destroyed or the round limit:\n"
    "every ship attacks once a round in initiative order (simultaneous fire at equal initiative), at\n"
    "the targets its side's policy picks, with the tokens its actions give; each attack is the exact\n"
    "outcome `neverodds run` gives for that pair. Reports P(A wins), P(B wins), P(both destroyed),\n"
    "P(unresolved), the rounds to a result, survivors and points lost by round, each ship's survival\n"
    "curve and the outcomes at each range, with standard errors under Monte Carlo. Exact when the\n"
    "battle's states fit (small battles), else Monte Carlo (said in the report).\n"
    "\n"
    "  --rounds N        round limit (default 12; 1 to 100)\n"
    "  --range R         2, or chances drawn each round: 1:0.2,2:0.5,3:0.3 (default 2)\n"
    "  --first WHO       rolled (default: each round, 1/2 each), a or b (first player every round)\n"
    "  --target P[,Q]    targeting of both sides, or A's then B's: likeliest-kill (default), threat,\n"
    "                    points, spread\n"
    "  --deck on|dice|off  deal damage cards from each player's damage deck, their face-up effects\n"
    "                    carried (default on: every card that acts without movement); dice: only\n"
    "                    the cards `run` models (Direct Hit!, Fuel Leak, Hull Breach, Structural\n"
    "                    Damage); off: every hit or crit is one point of damage\n"
    "  --tokens LIST     the tokens ships take, in order: each round a ship performs one action,\n"
    "                    the first of these it has (default focus,calculate,lock,evade,reinforce;\n"
    "                    none: no tokens); matchup's words\n"
    "  --exact, --trials N, --seed S, --threads T   as for run\n"
    "  --format F        text (default), json or csv (a row per round)\n"
    "  --plot FILE       each ship's survival curve over the rounds (.png, .svg, .gp)\n"
    "  --plot-ranges FILE  the outcomes at range 1, 2 and 3\n"
    "  --title TEXT, --subtitle TEXT, --size WxH   the charts', as for run\n"
    "\n"
    "Exit status: 0 ok, 1 a chart could not be drawn (the report is printed), 2 bad input.\n";

static int parse_targets(const char *v, int target[2])
{
    char buf[64];
    if (!v || strlen(v) >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%s", v);
    char *comma = strchr(buf, ',');
    if (comma)
        *comma = '\0';
    const char *part[2] = {buf, comma ? comma + 1 : buf};
    for (int s = 0; s < 2; s++) {
        for (target[s] = 0; target[s] < NO_TARGET_N && strcmp(part[s], no_target_names[target[s]]); target[s]++)
            ;
        if (target[s] == NO_TARGET_N)
            return -1;
    }
    return 0;
}

static int parse_actions(const char *v, no_battle_opts *o)
{
    o->nactions = 0;
    if (v && !strcmp(v, "none"))
        return 0;
    for (const char *p = v; p && *p;) {
        size_t len = strcspn(p, ",");
        int bit = no_action_bit(p, len);
        for (int i = 0; i < o->nactions; i++)
            if (o->action_order[i] == bit)
                bit = 0;
        if (!bit || o->nactions == NO_BATTLE_MAX_ACTIONS)
            return -1;
        o->action_order[o->nactions++] = bit;
        p += len + (p[len] == ',');
    }
    return v && *v ? 0 : -1;
}

/* The battle's own options (those the battle file may set are applied after it is read). */
typedef struct battle_args {
    const char *rounds, *range, *first, *deck;
} battle_args;

static int apply_args(const battle_args *b, no_battle_opts *o)
{
    char *end;
    if (b->rounds) {
        long n = strtol(b->rounds, &end, 10);
        if (*end || end == b->rounds || n < 1 || n > NO_BATTLE_MAX_ROUNDS)
            return usage_error("--rounds: expected a number from 1 to 100, got '%s'", b->rounds);
        o->rounds = (int)n;
    }
    if (b->range && no_battle_parse_ranges(b->range, o->range_p))
        return usage_error("--range: expected 1, 2, 3 or chances like 1:0.2,2:0.5,3:0.3 summing to 1, got '%s'",
                           b->range);
    if (b->deck) {
        for (o->deck = 0; o->deck < NO_DECK_N && strcmp(b->deck, no_deck_names[o->deck]); o->deck++)
            ;
        if (o->deck == NO_DECK_N)
            return usage_error("--deck: expected on, dice or off, got '%s'", b->deck);
    }
    if (b->first) {
        for (o->first = 0; o->first < NO_FIRST_N && strcmp(b->first, no_first_names[o->first]); o->first++)
            ;
        if (o->first == NO_FIRST_N)
            return usage_error("--first: expected rolled, a or b, got '%s'", b->first);
    }
    return 0;
}

int cmd_battle(int argc, char **argv)
{
    common_opts c;
    common_defaults(&c);
    no_battle_opts o;
    no_battle_defaults(&o);
    battle_args b = {0};
    const char *files[2];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_battle, stdout);
            return 0;
        } else if (a[0] != '-' || !a[1]) {
            if (n == 2)
                return usage_error("battle: one battle file or two sides (got '%s' more)", a);
            files[n++] = a;
        } else if (!strcmp(a, "--rounds") || !strcmp(a, "--range") || !strcmp(a, "--first") ||
                   !strcmp(a, "--deck")) {
            if (!val)
                return usage_error("%s: expected a value", a);
            *(a[2] == 'f' ? &b.first : a[2] == 'd' ? &b.deck : a[4] == 'u' ? &b.rounds : &b.range) = val;
            i++;
        } else if (!strcmp(a, "--target")) {
            if (parse_targets(val, o.target))
                return usage_error("--target: expected likeliest-kill, threat, points or spread (or two, A's and "
                                   "B's, comma-separated), got '%s'",
                                   val ? val : "nothing");
            i++;
        } else if (!strcmp(a, "--tokens")) {
            if (parse_actions(val, &o))
                return usage_error("--tokens: expected focus, calculate, lock, evade, reinforce (each once, "
                                   "comma-separated) or none, got '%s'",
                                   val ? val : "nothing");
            i++;
        } else if (!strcmp(a, "--plot-ranges")) {
            if (!val)
                return usage_error("%s", "--plot-ranges: expected a file ending in .png, .svg or .gp");
            char err[NO_ERR_LEN];
            if (no_plot_check_path(val, err, sizeof err))
                return usage_error("%s", err);
            if ((r = check_writable(a, val)))
                return r;
            o.plot_ranges = val;
            i++;
        } else if ((r = common_option(argc, argv, &i, &c)) != 0) {
            return r == 1 ? unknown_option(a, (const char *const[]){"--rounds", "--range", "--first", "--deck", "--target",
                                                                     "--tokens", "--plot-ranges", NULL},
                                           1)
                          : r;
        }
    }
    if (!n)
        return usage_error("%s", "battle: expected two sides (XWS squads or files of ships) or one battle file");
    if (c.policy >= 0 || c.goal >= 0)
        return usage_error("%s", "battle: --policy and --goal do not apply (each attack spends tokens by the "
                                 "default policy)");
    if (!c.plot && !o.plot_ranges && (c.chart.title || c.chart.subtitle || c.chart.width))
        return usage_error("%s", "--title, --subtitle and --size set the charts: give --plot FILE too");
    if (c.run.force_exact && c.run.trials)
        return usage_error("%s", "--exact and --trials ask for different methods: choose one");
    no_battle_opts check = o; /* the options checked before any file is read */
    int bad = apply_args(&b, &check);
    if (bad)
        return bad;
    no_battle_side *side = calloc(2, sizeof *side);
    if (!side)
        abort();
    char err[NO_ERR_LEN];
    int rc = n == 1 ? no_battle_file_load(files[0], &side[0], &side[1], &o, err, sizeof err)
                    : no_battle_side_load(files[0], &side[0], err, sizeof err) ||
                          no_battle_side_load(files[1], &side[1], err, sizeof err);
    for (int s = 0; s < 2; s++) /* what the squad reader mapped, said even when a later step fails */
        print_warnings(side[s].squad.warnings);
    if (rc) {
        fprintf(stderr, "neverodds: %s\n", err);
        free(side);
        return EXIT_USAGE;
    }
    apply_args(&b, &o); /* over what the battle file set */
    o.run = c.run;
    o.format = c.format;
    o.plot = c.plot;
    o.style = c.chart;
    rc = no_battle(stdout, &side[0], &side[1], &o, err, sizeof err);
    if (rc)
        fprintf(stderr, "neverodds: %s\n", err);
    rc = rc < 0 ? EXIT_USAGE : rc;
    free(side);
    int flushed = flush_stdout();
    return rc ? rc : flushed;
}
