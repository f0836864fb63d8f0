/* plot.c — charts: a gnuplot script written into a pipe to gnuplot (or into a .gp file).
 * Every chart is 1280x720 with 14-point text, titled with the scenario and what produced the
 * numbers (game, rule version, policy, method). Monte Carlo bars carry 95% error bars
 * (±1.96 standard errors); exact numbers have none. */
#include "neverodds/plot.h"
#include "neverodds/ranks.h"
#include "neverodds/version.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define Z95 1.96
enum { OUT_PNG, OUT_SVG, OUT_SCRIPT, OUT_UNKNOWN };
static const char *const colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                      "#e377c2", "#17becf"};
#define NCOLOURS (int)(sizeof colours / sizeof *colours)

static int kind_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    static const char *const ext[] = {".png", ".svg", ".gp"};
    for (int k = 0; dot && k < OUT_UNKNOWN; k++)
        if (!strcmp(dot, ext[k]))
            return k;
    return OUT_UNKNOWN;
}

int no_plot_check_path(const char *path, char *err, size_t errlen)
{
    if (kind_of(path) != OUT_UNKNOWN)
        return 0;
    snprintf(err, errlen, "--plot %s: the chart file must end in .png, .svg or .gp (the gnuplot script)", path);
    return -1;
}

/* A string for gnuplot's enhanced text, inside double quotes: its markup characters escaped. */
/* At most `max` bytes of s (a cut inside a UTF-8 character is avoided by cutting before it). */
static void put_text_cut(FILE *f, const char *s, size_t max)
{
    size_t len = strlen(s);
    if (len > max) {
        len = max;
        while (len && (s[len] & 0xC0) == 0x80)
            len--;
    }
    for (const char *end = s + len; s < end; s++) {
        if (strchr("^_@&~{}", *s))
            fputs("\\\\", f);
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void put_text(FILE *f, const char *s) { put_text_cut(f, s, (size_t)-1); }

/* Cut to what fits across 1280 pixels, with an ellipsis when cut. */
static void put_line(FILE *f, const char *s, size_t fits)
{
    put_text_cut(f, s, fits);
    if (strlen(s) > fits)
        fputs("…", f);
}

static void put_title(FILE *f, const char *cmd, const char *title, const char *subtitle)
{
    fprintf(f, "%s \"{/:Bold ", cmd);
    put_line(f, title, 95);
    fputs("}", f);
    if (subtitle && *subtitle) {
        fputs("\\n{/*0.8 ", f);
        put_line(f, subtitle, 165);
        fputs("}", f);
    }
    fputs("\"\n", f);
}

void no_plot_provenance(const no_scenario *sc, const no_summary *s, char *out, size_t n)
{
    const char *game = sc->game->label;
    const int *pol = sc->ctx.policy;
    char method[96];
    if (s->exact)
        snprintf(method, sizeof method, "exact");
    else
        snprintf(method, sizeof method, "Monte Carlo, %llu trials, seed %llu",
                 (unsigned long long)s->trials, (unsigned long long)s->seed);
    if (pol[NO_ATTACKER] == pol[NO_DEFENDER])
        snprintf(out, n, "%s · rules %s · policy %s · %s · neverodds %s", game, sc->rules,
                 no_policies[pol[NO_ATTACKER]].name, method, NO_VERSION);
    else
        snprintf(out, n, "%s · rules %s · policy %s / %s · %s · neverodds %s", game, sc->rules,
                 no_policies[pol[NO_ATTACKER]].name, no_policies[pol[NO_DEFENDER]].name, method, NO_VERSION);
}

/* ---- running gnuplot ---- */

/* gnuplot's path: $NEVERODDS_GNUPLOT, else the first `gnuplot` on $PATH; NULL when none. */
static const char *find_gnuplot(char *buf, size_t n)
{
    const char *forced = getenv("NEVERODDS_GNUPLOT");
    if (forced && *forced)
        return forced;
    const char *path = getenv("PATH");
    while (path && *path) {
        size_t len = strcspn(path, ":");
        snprintf(buf, n, "%.*s/gnuplot", (int)len, path);
        if (len && access(buf, X_OK) == 0)
            return buf;
        path += len + (path[len] == ':');
    }
    return NULL;
}

static void put_terminal(FILE *f, int kind, const char *output)
{
    fprintf(f, "# drawn by neverodds %s; gnuplot 5\n", NO_VERSION);
    fprintf(f, kind == OUT_SVG ? "set terminal svg size 1280,720 dynamic enhanced font \"DejaVu Sans,14\" "
                                 "background rgb \"white\"\n"
                               : "set terminal pngcairo size 1280,720 enhanced font \"DejaVu Sans,14\"\n");
    fputs("set output \"", f);
    for (const char *c = output; *c; c++)
        fprintf(f, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
    fputs("\"\nset encoding utf8\nset grid ytics lc rgb \"#dddddd\"\nset border 3\nset tics nomirror\n"
          "set key top right opaque box lc rgb \"#bbbbbb\"\nset style fill solid 0.7 border -1\n",
          f);
}

typedef void (*script_fn)(FILE *f, const void *arg);

/* Writes the chart: the script through gnuplot into a temporary file renamed over `path`, or
 * the script itself for .gp (its output then is the same name ending in .png). */
static int draw(const char *path, script_fn body, const void *arg, char *err, size_t errlen)
{
    if (no_plot_check_path(path, err, errlen))
        return -1;
    if (no_rank() != 0) /* under MPI, rank 0 alone draws */
        return 0;
    int kind = kind_of(path);
    char tmp[4096], prog[4096], output[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
    const char *gnuplot = kind == OUT_SCRIPT ? "" : find_gnuplot(prog, sizeof prog);
    if (!gnuplot) {
        snprintf(err, errlen, "--plot %s: gnuplot is not installed, so no chart was drawn (Debian: "
                 "sudo apt-get install gnuplot-nox; or --plot FILE.gp writes the script)", path);
        return -1;
    }
    if (strchr(gnuplot, '\'')) {
        snprintf(err, errlen, "--plot %s: cannot run gnuplot from %s", path, gnuplot);
        return -1;
    }
    FILE *f;
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "'%s'", gnuplot);
    /* gnuplot may stop reading early: its exit status reports that, not a SIGPIPE on us */
    struct sigaction ignore = {.sa_handler = SIG_IGN}, old;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &old);
    f = kind == OUT_SCRIPT ? fopen(tmp, "w") : popen(cmd, "w");
    if (!f) {
        sigaction(SIGPIPE, &old, NULL);
        snprintf(err, errlen, "--plot %s: %s", path, strerror(errno));
        return -1;
    }
    if (kind == OUT_SCRIPT)
        snprintf(output, sizeof output, "%.*s.png", (int)(strrchr(path, '.') - path), path);
    put_terminal(f, kind == OUT_SCRIPT ? OUT_PNG : kind, kind == OUT_SCRIPT ? output : tmp);
    body(f, arg);
    fputs("unset output\n", f);
    int failed = ferror(f);
    int status = kind == OUT_SCRIPT ? fclose(f) : pclose(f);
    sigaction(SIGPIPE, &old, NULL);
    struct stat st;
    if (failed || status != 0 || stat(tmp, &st) || st.st_size == 0) {
        unlink(tmp);
        if (kind == OUT_SCRIPT)
            snprintf(err, errlen, "--plot %s: cannot write it", path);
        else
            snprintf(err, errlen, "--plot %s: gnuplot (%s) failed (exit status %d), so no chart was drawn", path,
                     gnuplot, status > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : status);
        return -1;
    }
    if (rename(tmp, path)) {
        snprintf(err, errlen, "--plot %s: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* ---- damage charts ---- */

/* $dN: k, P(=k), its half 95% interval, P(>=k), its half interval. */
static void put_damage_block(FILE *f, int n, const no_summary *s, int kmax)
{
    fprintf(f, "$d%d << EOD\n", n);
    for (int k = 0; k <= kmax; k++)
        fprintf(f, "%d %.12g %.12g %.12g %.12g\n", k, s->pmf[k].p, Z95 * s->pmf[k].se, s->at_least[k].p,
                Z95 * s->at_least[k].se);
    fputs("EOD\n", f);
}

static int largest_damage(const no_plot_series *series, int n)
{
    int kmax = 1;
    for (int i = 0; i < n; i++)
        if (series[i].s->max_damage > kmax)
            kmax = series[i].s->max_damage;
    return kmax;
}

/* The bars of each series side by side around k, and a line of P(damage >= k) each. */
static void put_damage_plot(FILE *f, const no_plot_series *series, int n, const char *xlabel)
{
    int kmax = largest_damage(series, n);
    for (int i = 0; i < n; i++)
        put_damage_block(f, i, series[i].s, kmax);
    double width = 0.8 / n;
    fprintf(f, "set xlabel \"%s\"\nset ylabel \"probability\"\nset xrange [-0.6:%g]\nset yrange [0:1.08]\n"
               "set xtics 1\nset ytics 0.1\nset boxwidth %g\n",
            xlabel, kmax + 0.6, width);
    if (n > 1) /* one key entry per series, below the chart; the subtitle says bars and lines */
        fputs("set key outside below center horizontal maxcols 2 noopaque nobox\n", f);
    fputs("plot ", f);
    for (int i = 0; i < n; i++) {
        const no_summary *s = series[i].s;
        const char *c = colours[i % NCOLOURS];
        double off = (i - (n - 1) / 2.0) * width;
        fprintf(f, "%s$d%d using ($1%+g):2%s with %s lc rgb \"%s\" title \"", i ? ", \\\n     " : "", i, off,
                s->exact ? "" : ":3", s->exact ? "boxes" : "boxerrorbars", c);
        if (n > 1)
            put_text_cut(f, series[i].label, 45);
        else
            fputs("P(damage = k)", f);
        if (s->has_kill)
            fprintf(f, s->exact ? " · P(kill) %.4f" : " · P(kill) %.4f ± %.4f", s->kill.p, s->kill.se);
        fprintf(f, "\", \\\n     $d%d using 1:4 with linespoints lw 2.5 pt 7 ps 1.1 lc rgb \"%s\" %s", i, c,
                n > 1 ? "notitle" : "title \"P(damage ≥ k)\"");
    }
    fputs("\n", f);
}

typedef struct run_chart {
    const no_scenario *sc;
    const no_summary *s;
} run_chart;

static void title_of(const no_scenario *sc, char *out, size_t n)
{
    snprintf(out, n, "%s", *sc->name ? sc->name : sc->file);
}

/* A sequence's second panel: each attack's mean damage, P(destroyed by the end of attack k). */
static void put_sequence_panel(FILE *f, const no_scenario *sc, const no_summary *s)
{
    fputs("$seq << EOD\n", f);
    for (int a = 0; a < s->nattacks; a++)
        fprintf(f, "%d %.12g %.12g %.12g %.12g\n", a + 1, s->attack[a].mean, Z95 * s->attack[a].mean_se,
                s->kill_by[a].p, Z95 * s->kill_by[a].se);
    fputs("EOD\n", f);
    int kills = sc->one_defender && s->has_kill;
    double top = 0.1; /* headroom above the tallest bar for the key */
    for (int a = 0; a < s->nattacks; a++)
        top = s->attack[a].mean + Z95 * s->attack[a].mean_se > top ? s->attack[a].mean + Z95 * s->attack[a].mean_se : top;
    fprintf(f, "set title \"after each attack\"\nset xlabel \"attack\"\nset ylabel \"mean damage of the attack\"\n"
               "set xrange [0.4:%g]\nset yrange [0:%g]\nset ytics autofreq\nset xtics 1\nset boxwidth 0.6\n",
            s->nattacks + 0.6, top * 1.45);
    if (kills)
        fputs("set y2label \"P(destroyed by then)\"\nset y2range [0:1.08]\nset y2tics 0.1\n", f);
    fprintf(f, "plot $seq using 1:2%s with %s lc rgb \"%s\" title \"mean damage\"", s->exact ? "" : ":3",
            s->exact ? "boxes" : "boxerrorbars", colours[0]);
    if (kills)
        fprintf(f, ", \\\n     $seq using 1:4%s axes x1y2 with %s lw 2.5 pt 7 lc rgb \"%s\" title \"P(destroyed)\"",
                s->exact ? "" : ":5", s->exact ? "linespoints" : "yerrorlines", colours[1]);
    fputs("\n", f);
}

/* --shots-to-kill: P(destroyed by exactly shot k) and by shot k at the latest. */
static void put_shots_plot(FILE *f, const no_summary *s)
{
    int last = s->max_shots < NO_MAX_SHOTS ? s->max_shots : NO_MAX_SHOTS;
    double total = 0, sum = 0;
    for (int k = 1; k <= last; k++) /* the axis ends where nearly every defender is destroyed */
        if ((sum += s->shots[k].p) > 0.9995) {
            last = k + 1 < last ? k + 1 : last;
            break;
        }
    fputs("$shots << EOD\n", f);
    for (int k = 1; k <= last; k++) {
        total += s->shots[k].p;
        fprintf(f, "%d %.12g %.12g %.12g\n", k, s->shots[k].p, Z95 * s->shots[k].se, total);
    }
    fputs("EOD\n", f);
    fprintf(f, "set xlabel \"attacks until destroyed\"\nset ylabel \"probability\"\nset xrange [0.4:%g]\n"
               "set yrange [0:1.08]\nset ytics 0.1\nset xtics 1\nset boxwidth 0.7\nset key center right\n",
            last + 0.6);
    fprintf(f, "plot $shots using 1:2%s with %s lc rgb \"%s\" title \"destroyed by exactly attack k (mean %.3f)\", "
               "\\\n     $shots using 1:4 with linespoints lw 2.5 pt 7 lc rgb \"%s\" title \"destroyed within k "
               "attacks\"\n",
            s->exact ? "" : ":3", s->exact ? "boxes" : "boxerrorbars", colours[0], s->shots_mean, colours[1]);
}

static void run_script(FILE *f, const void *arg)
{
    const run_chart *rc = arg;
    char title[300], sub[256];
    title_of(rc->sc, title, sizeof title);
    no_plot_provenance(rc->sc, rc->s, sub, sizeof sub - 24);
    if (!rc->s->exact)
        strcat(sub, " · bars: 95% (±1.96 SE)");
    no_plot_series one = {rc->sc->nattacks ? "all attacks" : "damage", rc->s};
    if (rc->s->has_shots) {
        put_title(f, "set title", title, sub);
        put_shots_plot(f, rc->s);
    } else if (rc->s->nattacks) {
        fputs("set multiplot layout 1,2 ", f);
        put_title(f, "title", title, sub);
        put_damage_plot(f, &one, 1, "total damage");
        put_sequence_panel(f, rc->sc, rc->s);
        fputs("unset multiplot\n", f);
    } else {
        put_title(f, "set title", title, sub);
        put_damage_plot(f, &one, 1, rc->sc->game->damage_word);
    }
}

int no_plot_run(const char *path, const no_scenario *sc, const no_summary *s, char *err, size_t errlen)
{
    run_chart rc = {sc, s};
    return draw(path, run_script, &rc, err, errlen);
}

typedef struct compare_chart {
    const char *title;
    const no_plot_series *series;
    int n;
} compare_chart;

static void compare_script(FILE *f, const void *arg)
{
    const compare_chart *cc = arg;
    int exact = 1;
    for (int i = 0; i < cc->n; i++)
        exact &= cc->series[i].s->exact;
    char sub[200];
    snprintf(sub, sizeof sub, "bars: P(damage = k), lines: P(damage ≥ k) · %s · neverodds %s",
             exact ? "exact" : "Monte Carlo, error bars 95% (±1.96 SE)", NO_VERSION);
    put_title(f, "set title", cc->title, sub);
    put_damage_plot(f, cc->series, cc->n, "damage");
}

int no_plot_compare(const char *path, const char *title, const no_plot_series *series, int n, char *err,
                    size_t errlen)
{
    compare_chart cc = {title, series, n};
    return draw(path, compare_script, &cc, err, errlen);
}

/* ---- sweeps ---- */

static void put_tics(FILE *f, const char *axis, const char *const *val, int n)
{
    fprintf(f, "set %stics (", axis);
    for (int i = 0; i < n; i++) {
        fputs(i ? ", \"" : "\"", f);
        put_text(f, val[i]);
        fprintf(f, "\" %d", i);
    }
    fputs(")\n", f);
}

static void sweep_script(FILE *f, const void *arg)
{
    const no_plot_grid *g = arg;
    put_title(f, "set title", g->title, g->subtitle);
    fprintf(f, "set xlabel \"%s\"\n", g->xkey);
    put_tics(f, "x", g->xval, g->nx);
    double lo = g->value[0], hi = g->value[0];
    for (int i = 0; i < g->nx * g->ny; i++) {
        lo = g->value[i] < lo ? g->value[i] : lo;
        hi = g->value[i] > hi ? g->value[i] : hi;
    }
    if (hi - lo < 1e-9) /* one colour for all: a range around it */
        lo -= 0.5, hi += 0.5;
    /* x, y, value, half 95% interval, whether the cell is dark (its label then white): the colour
     * scale runs from lo to hi, the darker half from their middle */
    fputs("$g << EOD\n", f);
    for (int y = 0; y < g->ny; y++)
        for (int x = 0; x < g->nx; x++) {
            double v = g->value[y * g->nx + x];
            fprintf(f, "%d %d %.12g %.12g %d\n", x, y, v, g->se ? Z95 * g->se[y * g->nx + x] : 0, v > (lo + hi) / 2);
        }
    fputs("EOD\n", f);
    if (g->ny == 1) {
        fprintf(f, "set ylabel \"%s\"\nset xrange [-0.3:%g]\nset yrange [0:*]\n", g->value_label, g->nx - 0.7);
        fprintf(f, "plot $g using 1:3%s with %s lw 2.5 pt 7 ps 1.3 lc rgb \"%s\" title \"%s\"\n", g->se ? ":4" : "",
                g->se ? "yerrorlines" : "linespoints", colours[0], g->value_label);
        return;
    }
    fprintf(f, "set ylabel \"%s\"\n", g->ykey);
    put_tics(f, "y", g->yval, g->ny);
    /* a matrix reads from its first row at the top; long column names lean */
    fprintf(f, "set xrange [-0.5:%g]\nset yrange [%g:%g]\nset cbrange [%.12g:%.12g]\nset cblabel \"%s\"\n"
               "set palette defined (0 \"#f7fbff\", 0.5 \"#6baed6\", 1 \"#08306b\")\nunset key\nunset grid\n",
            g->nx - 0.5, g->matrix ? g->ny - 0.5 : -0.5, g->matrix ? -0.5 : g->ny - 0.5, lo, hi, g->value_label);
    if (g->matrix)
        fputs("set xtics rotate by 20 right\n", f);
    fputs("plot $g using 1:2:3 with image, \\\n"
          "     $g using 1:2:($5 > 0.5 ? \"\" : sprintf(\"%.3f\", $3)) with labels tc rgb \"black\" font \",13\", \\\n"
          "     $g using 1:2:($5 > 0.5 ? sprintf(\"%.3f\", $3) : \"\") with labels tc rgb \"white\" font \",13\"\n",
          f);
}

int no_plot_sweep(const char *path, const no_plot_grid *grid, char *err, size_t errlen)
{
    return draw(path, sweep_script, grid, err, errlen);
}
