/* table.h — results side by side: `neverodds compare` (several files, or one file under
 * several settings) and `neverodds sweep` (one file over a grid of key values), as text, CSV or
 * JSON, with an optional chart. Every input runs before anything is printed, so a bad input
 * leaves stdout empty. */
#ifndef NEVERODDS_TABLE_H
#define NEVERODDS_TABLE_H
#include <stdio.h>
#include "neverodds/plot.h"
#include "neverodds/run.h"

enum { NO_FMT_TEXT, NO_FMT_JSON, NO_FMT_CSV };

#define NO_MAX_OVERRIDES 8      /* keys set on one compare input */
#define NO_MAX_INPUTS 16        /* compare inputs */
#define NO_SWEEP_MAX_KEYS 2
#define NO_SWEEP_MAX_VALUES 64  /* values of one swept key */
#define NO_SWEEP_MAX_POINTS 1024

/* One scenario to run: a file, the keys set on it ("FILE,key=value,..."), its label. */
typedef struct no_input {
    const char *file;
    int nov;
    no_override ov[NO_MAX_OVERRIDES];
    const char *label;          /* label=... (NULL: the scenario's name and the keys set) */
} no_input;

/* Options every input runs under. */
typedef struct no_table_opts {
    no_run_opts run;
    int policy, goal;           /* --policy, --goal (-1: the scenario's own) */
    int format;                 /* NO_FMT_* */
    const char *plot;           /* --plot FILE, or NULL */
    no_plot_style style;        /* --title, --subtitle, --size of the chart */
    int metric_kill;            /* sweep: chart P(kill) instead of the mean damage */
} no_table_opts;

/* Parses "FILE,key=value,...,label=TEXT" in place (spec is modified); 0, or -1 with err. */
int no_input_parse(char *spec, no_input *in, char *err, size_t errlen);

/* A swept key: "attacker.dice=2..5" (integers, inclusive), or "cover=none,light,heavy". */
typedef struct no_vary {
    const char *key;
    int n;
    char val[NO_SWEEP_MAX_VALUES][24];
} no_vary;
int no_vary_parse(const char *spec, no_vary *v, char *err, size_t errlen);

/* `compare`: the inputs side by side (mean, sd, P(kill), points, damage per point, P(dmg>=k)).
 * compare and sweep return 0; -1 with err when an input fails (nothing printed); 1 with err when
 * only the chart failed (the table is printed). */
int no_compare(FILE *f, const no_input *in, int n, const no_table_opts *o, char *err, size_t errlen);
/* `sweep`: the file at every combination of the swept keys' values. */
int no_sweep(FILE *f, const char *file, const no_vary *v, int nv, const no_table_opts *o, char *err,
             size_t errlen);

/* `run --format csv`: the header and the one row compare would print for this result. */
void no_csv_run(FILE *f, const no_scenario *sc, const no_summary *s);

#endif
