/* cli.h — what the command-line commands share: the options of a run, the scenario loader,
 * the exit statuses. Each command lives in its own src/cli/cmd_*.c. */
#ifndef NEVERODDS_CLI_H
#define NEVERODDS_CLI_H
#include <stdint.h>
#include "neverodds/run.h"
#include "neverodds/table.h"

#define EXIT_USAGE 2 /* bad input: one message on stderr, nothing on stdout */

/* Options `run`, `policy`, `order`, `compare` and `sweep` share. */
typedef struct common_opts {
    const char *file;
    no_run_opts run;
    int format;                 /* NO_FMT_TEXT, NO_FMT_JSON, NO_FMT_CSV */
    int policy, goal;
    const char *plot;           /* --plot FILE (.png, .svg, .gp) */
    no_plot_style chart;        /* --title, --subtitle, --size */
} common_opts;

/* The command being run ("run", "xwing"), for the pointer a usage error gives to its --help. */
void usage_command(const char *cmd);
/* Prints "neverodds: " fmt (with arg) and one line pointing to the command's --help (or the
 * program's before a command is known); returns EXIT_USAGE. */
int usage_error(const char *fmt, const char *arg);
/* From here on stderr shows a control character as \xHH (clean_stderr.c). */
void cli_clean_stderr(void);
/* "CMD: unknown option 'A'" with the nearest of the command's own options (NULL-terminated, or
 * NULL), of the shared ones (common_option's) when `shared`, and of those every command takes. */
int unknown_option(const char *a, const char *const *own, int shared);
/* Can `option`'s file (--plot, --output) be written at `path`? Checked before any work: 0, or
 * EXIT_USAGE with "OPTION PATH: cannot write: why" (a missing or unwritable directory, a
 * directory named as the file). */
int check_writable(const char *option, const char *path);
void common_defaults(common_opts *c);
/* Reads option argv[*i] (and its value) when it is one of the shared ones: 0 read, 1 not one of
 * them, or the exit status of a usage error. A word without a dash is the scenario file. */
int common_option(int argc, char **argv, int *i, common_opts *c);
/* After the last option: a file was given, and one method. */
int options_done(const char *cmd, const common_opts *c);
/* After the last option of a command with files of its own: one method. */
int one_method(const common_opts *c);
/* Loads the scenario (under `rules` when given) and applies --policy and --goal; 0, or the exit
 * status with the message printed. */
int load(const char *file, const char *rules, const common_opts *c, no_scenario *sc);
/* The same from quick notation (quick.h) for `game`; print_json: print the scenario JSON it
 * builds on stdout (--print-scenario). */
int load_quick(const char *game, const char *spec, const common_opts *c, no_scenario *sc, int print_json);
/* Each line of `lines` (what a reader mapped) as "neverodds: warning: LINE" on stderr. */
void print_warnings(const char *lines);
/* 0, or 1 with a message when stdout could not be written. */
int flush_stdout(void);

/* `run`, `policy` (compare set) and the quick notation (quick_game set: xwing, xwing1, legion, armada). */
int cmd_run(int argc, char **argv, int compare, const char *quick_game);
int cmd_order(int argc, char **argv);
/* --output FILE (output.c): stdout goes to a temporary file from here on; 0 or EXIT_USAGE. */
int output_begin(const char *path);
/* After the command: the file renamed into place when its report is whole (rc 0 or 1), else
 * removed; returns the exit status (1 when the file could not be written). */
int output_end(int rc);
int cmd_compare(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_squad(int argc, char **argv);
int cmd_army(int argc, char **argv);
/* `matchup` of two Legion armies (cmd_matchup hands over when the files are armies). */
int cmd_army_matchup(int argc, char **argv);
int cmd_fleet(int argc, char **argv);
/* `matchup A B` when A and B are Armada fleets (text exports): the exit status; -1 when neither is
 * a fleet (the X-Wing matchup reads them). tokens_given: --tokens was given (X-Wing's only). */
int fleet_matchup(const char *const files[2], const common_opts *c, int tokens_given);
int cmd_matchup(int argc, char **argv);
int cmd_battle(int argc, char **argv);
int cmd_list(int argc, char **argv);
/* `serve` (cmd_serve.c and the serve_*.c files beside it). */
int cmd_serve(int argc, char **argv);

#endif
