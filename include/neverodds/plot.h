/* plot.h — charts drawn by gnuplot, run as a program at run time (Debian gnuplot-nox).
 * The file's extension picks the output: .png (1280x720), .svg (1280x720), or .gp (the gnuplot
 * script itself, to restyle or to check). The chart is written to a temporary file beside the
 * target and renamed into place, so a failed run leaves no partial file. */
#ifndef NEVERODDS_PLOT_H
#define NEVERODDS_PLOT_H
#include <stddef.h>
#include "neverodds/report.h"

/* One result drawn: its label in the key, its summary and the scenario it came from. */
typedef struct no_plot_series {
    const char *label;
    const no_summary *s;
} no_plot_series;

/* Is `path` a chart file we can write (.png, .svg, .gp)? 0, or -1 with a message. */
int no_plot_check_path(const char *path, char *err, size_t errlen);

/* The report's chart (`run --plot`): P(damage = k) as bars, with 95% error bars under Monte
 * Carlo, and P(damage >= k) as a line. A sequence adds a panel with each attack's mean damage and
 * P(destroyed by the end of attack k); --shots-to-kill draws P(destroyed by shot k). */
int no_plot_run(const char *path, const no_scenario *sc, const no_summary *s, char *err, size_t errlen);

/* Several results overlaid (`compare`): bars side by side, one line each. */
int no_plot_compare(const char *path, const char *title, const no_plot_series *series, int n, char *err,
                    size_t errlen);

/* A sweep's grid: value[y * nx + x] (and its standard error, or NULL) for each pair of values.
 * One row (ny == 1): a line chart over x; more: a heatmap with the values written in. */
typedef struct no_plot_grid {
    const char *title, *subtitle, *value_label;
    const char *xkey, *ykey;            /* the keys varied (ykey NULL: one key) */
    const char *const *xval, *const *yval;
    int nx, ny;
    const double *value, *se;
    int matrix;                         /* rows top down, named (matchup); else y grows upwards */
} no_plot_grid;
int no_plot_sweep(const char *path, const no_plot_grid *grid, char *err, size_t errlen);

/* "X-Wing · rules xwing-2e · policy per-attack · exact": what produced a summary (chart subtitles). */
void no_plot_provenance(const no_scenario *sc, const no_summary *s, char *out, size_t n);

#endif
