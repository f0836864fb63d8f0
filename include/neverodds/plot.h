/* plot.h — charts drawn by gnuplot, run as a program at run time (Debian gnuplot-nox).
 * The file's extension picks the output: .png, .svg (1280x720 unless --size says), or .gp (the
 * gnuplot script itself, to restyle or to check). The chart is written to a temporary file beside the
 * target and renamed into place, so a failed run leaves no partial file. */
#ifndef NEVERODDS_PLOT_H
#define NEVERODDS_PLOT_H
#include <stddef.h>
#include "neverodds/report.h"

/* What the user sets on any chart (--title, --subtitle, --size); NULL or 0: the chart's own
 * (titles in words from the scenario, 1280x720). */
typedef struct no_plot_style {
    const char *title, *subtitle;
    int width, height;
} no_plot_style;
#define NO_PLOT_MIN_W 400
#define NO_PLOT_MIN_H 300
#define NO_PLOT_MAX_W 7680
#define NO_PLOT_MAX_H 4320

/* One result drawn: its label in the key, its summary, and the words of its game for what the
 * damage counts and for the kill ("wounds", "P(unit wiped)"). */
typedef struct no_plot_series {
    const char *label;
    const no_summary *s;
    const char *word, *kill_word;
} no_plot_series;

/* Is `path` a chart file we can write (.png, .svg, .gp)? 0, or -1 with a message. */
int no_plot_check_path(const char *path, char *err, size_t errlen);

/* The report's chart (`run --plot`): P(damage = k) as bars, with 95% error bars under Monte
 * Carlo, and P(damage >= k) as a line. A sequence adds a panel with each attack's mean damage and
 * P(destroyed by the end of attack k); --shots-to-kill draws P(destroyed by shot k). */
int no_plot_run(const char *path, const no_plot_style *style, const no_scenario *sc, const no_summary *s,
                char *err, size_t errlen);

/* Several results overlaid (`compare`): bars side by side, one line each. `footnote` says what
 * produced them (NULL: the method alone). */
int no_plot_compare(const char *path, const no_plot_style *style, const char *title, const char *footnote,
                    const no_plot_series *series, int n, char *err, size_t errlen);

/* A sweep's grid: value[y * nx + x] (and its standard error, or NULL) for each pair of values.
 * One row (ny == 1): bars over x when a value is a name (cover=none,light,heavy), else a line;
 * more rows: a heatmap with the values written in. */
typedef struct no_plot_grid {
    const char *title, *subtitle, *footnote, *value_label;
    const char *xkey, *ykey;            /* the keys varied (ykey NULL: one key) */
    const char *const *xval, *const *yval;
    int nx, ny;
    const double *value, *se;           /* NaN: an empty cell (a heatmap leaves it white) */
    int matrix;                         /* rows top down, named (matchup); else y grows upwards */
    int percent;                        /* the value is a probability: drawn as a percentage */
} no_plot_grid;
int no_plot_sweep(const char *path, const no_plot_style *style, const no_plot_grid *grid, char *err, size_t errlen);

/* A matchup's heatmap: both sides' members down the side and across the top ("A: name", then
 * "B: name"), each cell the row's value on the column's (side d's member i on the other side's
 * member j), empty where a side meets itself. grid gives the words (title, subtitle, footnote,
 * value_label); its keys, values and sizes are filled here. */
typedef struct no_plot_sides {
    int n[2];
    const char *(*name)(const void *ctx, int side, int i);
    double (*value)(const void *ctx, int side, int i, int j); /* NaN: an empty cell */
    const void *ctx;
} no_plot_sides;
int no_plot_matchup(const char *path, const no_plot_style *style, const no_plot_grid *words, const no_plot_sides *sides,
                    char *err, size_t errlen);

/* Curves over x = x0, x0 + 1, ... (battle: each ship's survival by round; the outcomes by range):
 * percentages, with 95% error bars where a curve has standard errors. */
typedef struct no_plot_curve {
    const char *label;
    const double *y, *se;   /* se NULL: exact */
    int colour, dashed;     /* colour: an index; past the palette's 8 the point changes too */
} no_plot_curve;
typedef struct no_plot_curves {
    const char *title, *subtitle, *footnote, *xlabel, *ylabel;
    int x0, n, ncurves;
    const no_plot_curve *curve;
} no_plot_curves;
int no_plot_lines(const char *path, const no_plot_style *style, const no_plot_curves *c, char *err, size_t errlen);

/* "X-Wing · rules xwing-2e · policy per-attack · exact": what produced a summary (chart footnotes). */
void no_plot_provenance(const no_scenario *sc, const no_summary *s, char *out, size_t n);

/* The scenario in words, for a chart's title: its name when a person wrote one, else the game's
 * headline of the attack ("3 dice, focus + lock vs 2 dice, focus + evade, range 1"); never the
 * quick notation or the file's path. Returns 1 when it is the name. */
int no_plot_title(const no_scenario *sc, char *out, size_t n);

/* "WIDTHxHEIGHT" in pixels (--size), within NO_PLOT_MIN_* and NO_PLOT_MAX_*: 0, or -1. */
int no_plot_parse_size(const char *text, no_plot_style *style);

#endif
