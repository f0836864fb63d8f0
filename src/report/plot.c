/* plot.c — charts: a gnuplot script written into a pipe to gnuplot (or into a .gp file).
 * Every chart is 1280x720 (or --size) with 14-point text: a title in words (the scenario, or
 * --title), a subtitle (or --subtitle) and a footnote naming what produced the numbers (game,
 * rule version, policy, method, version). Probabilities are drawn as percentages. Monte Carlo
 * bars carry 95% error bars (±1.96 standard errors); exact numbers have none. */
#include "neverodds/plot.h"
#include "neverodds/outfile.h"
#include "neverodds/quick.h"
#include "neverodds/ranks.h"
#include "neverodds/version.h"
#include "report/format.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define Z95 1.96
#define WIDTH 1280 /* the default size, in pixels */
#define HEIGHT 720
enum { OUT_PNG, OUT_SVG, OUT_SCRIPT, OUT_UNKNOWN };
static const char *const colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                      "#e377c2", "#17becf"};
#define NCOLOURS (int)(sizeof colours / sizeof *colours)
/* the heatmaps' palette, light to dark; its cells and its key are both opaque, so they match */
#define PALETTE "set palette defined (0 \"#f7fbff\", 0.5 \"#6baed6\", 1 \"#08306b\")\n"

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
    for (const unsigned char *c = (const unsigned char *)path; *c; c++)
        if (*c < 0x20 || *c == 0x7f) { /* the script names the file: no character may end its line */
            snprintf(err, errlen, "--plot: the chart's file name holds a control character (byte 0x%02x)", *c);
            return -1;
        }
    if (kind_of(path) != OUT_UNKNOWN)
        return 0;
    snprintf(err, errlen, "--plot %s: the chart file must end in .png, .svg or .gp (the gnuplot script)", path);
    return -1;
}

int no_plot_parse_size(const char *text, no_plot_style *style)
{
    int w, h, used = 0;
    if (!text || sscanf(text, "%5d%*[xX]%5d%n", &w, &h, &used) != 2 || text[used] || w < NO_PLOT_MIN_W ||
        w > NO_PLOT_MAX_W || h < NO_PLOT_MIN_H || h > NO_PLOT_MAX_H)
        return -1;
    style->width = w;
    style->height = h;
    return 0;
}

/* Every text from outside that reaches the script (a title, a name, a label, a path) goes through
 * here, inside double quotes: the only way a text could become gnuplot commands. A control
 * character (a newline would end the string's line and gnuplot would run the next) becomes a
 * space; '"' and '\\' are escaped, and so is a backquote, which gnuplot runs as a shell command
 * even inside double quotes (an odd number of backslashes before it keeps it text). `markup`:
 * enhanced text's markup characters escaped too (titles and labels; not a file name). At most
 * `max` bytes of s (a cut inside a UTF-8 character is avoided by cutting before it). */
static void put_quoted_body(FILE *f, const char *s, size_t max, int markup)
{
    size_t len = strlen(s);
    if (len > max) {
        len = max;
        while (len && (s[len] & 0xC0) == 0x80)
            len--;
    }
    for (const char *end = s + len; s < end; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f) {
            fputc(' ', f);
            continue;
        }
        if (markup && strchr("^_@&~{}", c))
            fputs("\\\\", f);
        if (c == '"' || c == '\\' || c == '`')
            fputc('\\', f);
        fputc(c, f);
    }
}

static void put_text_cut(FILE *f, const char *s, size_t max) { put_quoted_body(f, s, max, 1); }

static void put_text(FILE *f, const char *s) { put_text_cut(f, s, (size_t)-1); }

/* `before`, then s as a whole string in double quotes, then `after`. */
static void put_string(FILE *f, const char *before, const char *s, const char *after)
{
    fputs(before, f);
    fputc('"', f);
    put_text(f, s);
    fputc('"', f);
    fputs(after, f);
}

/* Cut to what fits in `fits` columns, between words, with an ellipsis when cut. */
static void put_line(FILE *f, const char *s, size_t fits)
{
    size_t keep = rep_cut_words(s, (int)fits);
    put_text_cut(f, s, keep);
    if (keep < strlen(s))
        fputs("…", f);
}

/* A scenario key in words: "attacker.tokens.evade" as "attacker tokens evade". */
static void key_words(const char *key, char *out, size_t n)
{
    snprintf(out, n, "%s", key);
    for (char *c = out; *c; c++)
        *c = *c == '.' || *c == '_' ? ' ' : *c;
}

/* An axis label: the key in words. */
static void put_axis_key(FILE *f, const char *axis, const char *key)
{
    char words[128];
    key_words(key, words, sizeof words);
    fprintf(f, "set %slabel ", axis);
    put_string(f, "", words, "\n");
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

/* ---- titles in words ---- */

/* The game's headline of the attack; a sequence says how many attacks and describes the first. */
static void headline(const no_scenario *sc, char *out, size_t n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        abort();
    if (sc->nattacks)
        fprintf(f, "%d %s, the first: ", sc->nattacks, sc->one_defender ? "attacks" : "pools");
    sc->game->headline(f, sc);
    if (fclose(f))
        abort();
    snprintf(out, n, "%s", text);
    free(text);
}

/* The name quick notation gives its scenario ("xwing: 3 fl vs 2 fe r1"): notation, not words. */
static int is_notation(const no_scenario *sc)
{
    for (const no_quick_game *const *q = sc->game->quick; q && *q; q++) {
        size_t len = strlen(no_quick_name(*q));
        if (!strncmp(sc->name, no_quick_name(*q), len) && !strncmp(sc->name + len, ": ", 2))
            return 1;
    }
    return 0;
}

int no_plot_title(const no_scenario *sc, char *out, size_t n)
{
    int named = *sc->name && !is_notation(sc);
    if (named)
        snprintf(out, n, "%s", sc->name);
    else
        headline(sc, out, n);
    return named;
}

/* ---- running gnuplot ---- */

/* What a chart says around its plot: a title, a subtitle (either may be empty) and a footnote
 * naming what produced the numbers. A multiplot's title spans its two panels. */
typedef struct frame {
    char title[512], subtitle[512], footnote[512];
    int multiplot;
} frame;

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

/* The terminal and the look every chart shares: a light grid of solid lines behind the data. */
static void put_terminal(FILE *f, int kind, const char *output, int width, int height)
{
    fprintf(f, "# drawn by neverodds %s; gnuplot 5\n", NO_VERSION);
    fprintf(f, kind == OUT_SVG ? "set terminal svg size %d,%d dynamic enhanced font \"DejaVu Sans,14\" "
                                 "background rgb \"white\"\n"
                               : "set terminal pngcairo size %d,%d enhanced font \"DejaVu Sans,14\"\n",
            width, height);
    fputs("set output \"", f);
    put_quoted_body(f, output, (size_t)-1, 0); /* no_plot_check_path refused a control character */
    fputs("\"\nset encoding utf8\nset grid ytics back lt 1 lw 1 lc rgb \"#d0d0d0\"\nset border 3\n"
          "set tics nomirror\nset key top right opaque box lc rgb \"#bbbbbb\"\n"
          "set style fill solid 0.7 border -1\n",
          f);
}

/* The title (--title over the chart's own), the subtitle (--subtitle) and the footnote in small
 * grey type at the bottom right, where a published chart cites its source. */
static void put_frame(FILE *f, const no_plot_style *st, const frame *fr, int width)
{
    const char *title = st && st->title ? st->title : fr->title;
    const char *sub = st && st->subtitle ? st->subtitle : fr->subtitle;
    size_t fits = (size_t)(95 * width / WIDTH); /* characters of the bold title across the chart */
    fputs("set label 1 \"", f);
    put_line(f, fr->footnote, fits * 2);
    fputs("\" at screen 0.995, screen 0.012 right font \",10\" tc rgb \"#555555\"\nset bmargin 4.5\n", f);
    fputs(fr->multiplot ? "set multiplot layout 1,2 title \"" : "set title \"", f);
    if (*title) {
        fputs("{/:Bold ", f);
        put_line(f, title, fits);
        fputs("}", f);
    }
    if (*sub) {
        fputs(*title ? "\\n{/*0.8 " : "{/*0.8 ", f);
        put_line(f, sub, fits * 7 / 4);
        fputs("}", f);
    }
    fputs("\"\n", f);
}

/* gnuplot titles every SVG "Gnuplot": the chart's own title instead, which browsers show and
 * screen readers read. 0, or -1 when the file cannot be rewritten. */
static int svg_retitle(const char *path, const char *title)
{
    static const char mark[] = "<title>Gnuplot</title>";
    FILE *f = fopen(path, "r");
    struct stat st;
    if (!f || fstat(fileno(f), &st)) {
        if (f)
            fclose(f);
        return -1;
    }
    char *svg = malloc((size_t)st.st_size + 1);
    if (!svg)
        abort();
    size_t n = fread(svg, 1, (size_t)st.st_size, f);
    svg[n] = '\0';
    fclose(f);
    char *at = strstr(svg, mark);
    int rc = 0;
    if (at && (f = fopen(path, "w"))) {
        fwrite(svg, 1, (size_t)(at - svg), f);
        fputs("<title>", f);
        for (const char *c = title; *c; c++) /* XML's three characters escaped; no control character */
            if (*c == '<' || *c == '>' || *c == '&')
                fputs(*c == '<' ? "&lt;" : *c == '>' ? "&gt;" : "&amp;", f);
            else
                fputc((unsigned char)*c < 0x20 || *c == 0x7f ? ' ' : *c, f);
        fputs(at + strlen("<title>Gnuplot"), f); /* from "</title>" on */
        rc = fclose(f) ? -1 : 0;
    } else if (at) {
        rc = -1;
    }
    free(svg);
    return rc;
}

typedef void (*script_fn)(FILE *f, const void *arg);

extern char **environ;

/* gnuplot run with our script on its standard input and nothing else: no shell between (it is
 * spawned, not popen'd), no argument but its name. NULL with errno when it cannot be started. */
static FILE *spawn_gnuplot(const char *prog, pid_t *pid)
{
    int fd[2];
    if (pipe(fd))
        return NULL;
    fcntl(fd[1], F_SETFD, FD_CLOEXEC); /* the script's end stays ours */
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[0], 0);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    char *argv[] = {(char *)prog, NULL};
    int rc = strchr(prog, '/') ? posix_spawn(pid, prog, &fa, NULL, argv, environ)
                               : posix_spawnp(pid, prog, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[0]);
    FILE *f = rc ? NULL : fdopen(fd[1], "w");
    if (!f) {
        int why = rc ? rc : errno;
        close(fd[1]);
        if (!rc) {
            kill(*pid, SIGKILL);
            waitpid(*pid, NULL, 0);
        }
        errno = why;
    }
    return f;
}

/* Writes the chart: the script through gnuplot into a temporary file put in place at `path` (a
 * regular file renamed over, a link followed, a device written through: outfile.h), or
 * the script itself for .gp (its output then is the same name ending in .png). */
static int draw(const char *path, const no_plot_style *st, const frame *fr, script_fn body, const void *arg,
                char *err, size_t errlen)
{
    if (no_plot_check_path(path, err, errlen))
        return -1;
    if (no_rank() != 0) /* under MPI, rank 0 alone draws */
        return 0;
    int kind = kind_of(path);
    int width = st && st->width ? st->width : WIDTH, height = st && st->height ? st->height : HEIGHT;
    char prog[4096], output[4096];
    const char *gnuplot = kind == OUT_SCRIPT ? "" : find_gnuplot(prog, sizeof prog);
    if (!gnuplot) {
        snprintf(err, errlen, "--plot %s: gnuplot is not installed, so no chart was drawn (Debian: "
                 "sudo apt-get install gnuplot-nox; or --plot FILE.gp writes the script)", path);
        return -1;
    }
    no_outfile out; /* the chart is drawn into out.temp, then put in place (outfile.h) */
    if (no_outfile_begin(&out, "--plot", path, err, errlen))
        return -1;
    const char *tmp = out.temp;
    FILE *f;
    pid_t child = -1;
    /* gnuplot may stop reading early: its exit status reports that, not a SIGPIPE on us */
    struct sigaction ignore = {.sa_handler = SIG_IGN}, old;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &old);
    f = kind == OUT_SCRIPT ? fopen(tmp, "w") : spawn_gnuplot(gnuplot, &child);
    if (!f) {
        sigaction(SIGPIPE, &old, NULL);
        no_outfile_discard(&out);
        if (kind == OUT_SCRIPT)
            snprintf(err, errlen, "--plot %s: %s", path, strerror(errno));
        else
            snprintf(err, errlen, "--plot %s: gnuplot (%s) failed (%s), so no chart was drawn", path, gnuplot,
                     strerror(errno));
        return -1;
    }
    if (kind == OUT_SCRIPT)
        snprintf(output, sizeof output, "%.*s.png", (int)(strrchr(path, '.') - path), path);
    put_terminal(f, kind == OUT_SCRIPT ? OUT_PNG : kind, kind == OUT_SCRIPT ? output : tmp, width, height);
    put_frame(f, st, fr, width);
    body(f, arg);
    fputs(fr->multiplot ? "unset multiplot\nunset output\n" : "unset output\n", f);
    int failed = ferror(f);
    int status = fclose(f);
    if (kind != OUT_SCRIPT) { /* its exit status, as a wait status */
        int closed = status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR)
            ;
        failed |= closed != 0;
    }
    sigaction(SIGPIPE, &old, NULL);
    struct stat sb;
    if (failed || status != 0 || stat(tmp, &sb) || sb.st_size == 0) {
        no_outfile_discard(&out);
        if (kind == OUT_SCRIPT)
            snprintf(err, errlen, "--plot %s: cannot write it", path);
        else
            snprintf(err, errlen, "--plot %s: gnuplot (%s) failed (exit status %d), so no chart was drawn", path,
                     gnuplot, status > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : status);
        return -1;
    }
    if (kind == OUT_SVG && svg_retitle(tmp, st && st->title ? st->title : fr->title)) {
        snprintf(err, errlen, "--plot %s: %s", path, strerror(errno));
        no_outfile_discard(&out);
        return -1;
    }
    return no_outfile_commit(&out, "--plot", path, err, errlen);
}

/* ---- damage charts ---- */

/* $dN: k, P(=k), its half 95% interval, P(>=k), its half interval (probabilities: the plot
 * commands draw them as percentages). */
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

/* What the series count, when they agree ("wounds"); "damage or wounds" when they do not. */
static const char *common_word(const no_plot_series *series, int n)
{
    for (int i = 1; i < n; i++)
        if (strcmp(series[i].word, series[0].word))
            return "damage or wounds";
    return series[0].word;
}

/* A probability axis in percent, 0 to 100 with headroom for the key. */
static void put_percent_axis(FILE *f, const char *axis, const char *label)
{
    fprintf(f, "set %slabel ", axis);
    put_string(f, "", label, "\n");
    fprintf(f, "set %srange [0:108]\nset %stics 0,10,100\nset format %s \"%%.0f%%%%\"\n", axis, axis, axis);
}

/* The bars of each series side by side around k, and a line of P(damage >= k) each; `total`: the
 * damage is a sequence's, summed over its attacks. */
static void put_damage_plot(FILE *f, const no_plot_series *series, int n, int total)
{
    int kmax = largest_damage(series, n);
    const char *word = common_word(series, n);
    for (int i = 0; i < n; i++)
        put_damage_block(f, i, series[i].s, kmax);
    double width = 0.8 / n;
    fprintf(f, "set xlabel \"%s%s\"\nset xrange [-0.6:%g]\nset xtics 1\nset boxwidth %g\n", total ? "total " : "", word,
            kmax + 0.6, width);
    put_percent_axis(f, "y", "probability");
    fputs("plot ", f);
    for (int i = 0; i < n; i++) {
        const no_summary *s = series[i].s;
        const char *c = colours[i % NCOLOURS];
        double off = (i - (n - 1) / 2.0) * width;
        fprintf(f, "%s$d%d using ($1%+g):($2*100)%s with %s lc rgb \"%s\" title \"", i ? ", \\\n     " : "", i, off,
                s->exact ? "" : ":($3*100)", s->exact ? "boxes" : "boxerrorbars", c);
        if (n > 1)
            put_line(f, series[i].label, 60); /* between words, with an ellipsis */
        else
            fprintf(f, "P(%s = k)", word);
        if (s->has_kill) {
            fprintf(f, " · %s ", series[i].kill_word);
            fprintf(f, s->exact ? "%.2f%%" : "%.2f%% ± %.2f%%", 100 * s->kill.p, 100 * s->kill.se);
        }
        fprintf(f, "\", \\\n     $d%d using 1:($4*100) with linespoints lw 2.5 pt 7 ps 1.1 lc rgb \"%s\" ", i, c);
        if (n > 1)
            fputs("notitle", f);
        else
            fprintf(f, "title \"P(%s ≥ k)\"", word);
    }
    fputs("\n", f);
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
    /* the footnote was drawn with the first panel; the title and the key say the rest */
    fprintf(f, "unset label 1\nset title \"after each attack\"\nset xlabel \"attack\"\n"
               "set ylabel \"mean %s of the attack\"\nset xrange [0.4:%g]\nset yrange [0:%g]\nset ytics autofreq\n"
               "set format y \"%%g\"\nset xtics 1\nset boxwidth 0.6\n",
            sc->game->damage_word, s->nattacks + 0.6, top * 1.45);
    if (kills) {
        fprintf(f, "set y2label \"%s by then\"\nset y2range [0:108]\nset y2tics 0,10,100\nset format y2 \"%%.0f%%%%\"\n",
                sc->game->kill_label);
    }
    fprintf(f, "plot $seq using 1:2%s with %s lc rgb \"%s\" title \"mean %s\"", s->exact ? "" : ":3",
            s->exact ? "boxes" : "boxerrorbars", colours[0], sc->game->damage_word);
    if (kills)
        fprintf(f, ", \\\n     $seq using 1:($4*100)%s axes x1y2 with %s lw 2.5 pt 7 lc rgb \"%s\" title \"%s\"",
                s->exact ? "" : ":($5*100)", s->exact ? "linespoints" : "yerrorlines", colours[1], sc->game->kill_label);
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
    /* a tic (and a point on the line) every 1, 2, 5, 10, 20, 25 or 50 attacks: at most 20 labels,
     * which stay apart at any size (every attack's label ran together past about 30) */
    static const int steps[] = {1, 2, 5, 10, 20, 25, 50};
    int step = steps[0];
    for (int i = 1; i < (int)(sizeof steps / sizeof *steps) && last / step > 20; i++)
        step = steps[i];
    fprintf(f, "set xlabel \"attacks until destroyed\"\nset xrange [0.4:%g]\nset xtics %d\nset boxwidth 0.7\n"
               /* under the axis, as compare's: the bars and the line may fill any corner of the plot */
               "set key at screen 0.5, character 1.4 center bottom horizontal noopaque nobox\nset bmargin 6.3\n",
            last + 0.6, step);
    put_percent_axis(f, "y", "probability");
    fprintf(f, "plot $shots using 1:($2*100)%s with %s lc rgb \"%s\" title \"destroyed by exactly attack k (mean "
               "%.3f)\", \\\n     $shots using 1:($4*100) with linespoints lw 2.5 pt 7 pi %d lc rgb \"%s\" title "
               "\"destroyed within k attacks\"\n",
            s->exact ? "" : ":($3*100)", s->exact ? "boxes" : "boxerrorbars", colours[0], s->shots_mean, step,
            colours[1]);
}

typedef struct run_chart {
    const no_scenario *sc;
    const no_summary *s;
} run_chart;

static void run_script(FILE *f, const void *arg)
{
    const run_chart *rc = arg;
    const no_game *g = rc->sc->game;
    no_plot_series one = {"", rc->s, rc->sc->nattacks ? g->damage_word : no_report_unit(rc->sc), g->kill_label};
    if (rc->s->has_shots) {
        put_shots_plot(f, rc->s);
    } else {
        put_damage_plot(f, &one, 1, rc->s->nattacks > 0);
        if (rc->s->nattacks)
            put_sequence_panel(f, rc->sc, rc->s);
    }
}

int no_plot_run(const char *path, const no_plot_style *style, const no_scenario *sc, const no_summary *s,
                char *err, size_t errlen)
{
    run_chart rc = {sc, s};
    frame fr = {.multiplot = s->nattacks && !s->has_shots};
    if (no_plot_title(sc, fr.title, sizeof fr.title)) /* titled by its name: the attack in words below it */
        headline(sc, fr.subtitle, sizeof fr.subtitle);
    no_plot_provenance(sc, s, fr.footnote, sizeof fr.footnote - 32);
    if (!s->exact)
        strcat(fr.footnote, " · bars: 95% (±1.96 SE)");
    return draw(path, style, &fr, run_script, &rc, err, errlen);
}

typedef struct compare_chart {
    const no_plot_series *series;
    int n, width;
} compare_chart;

/* One key entry per series below the axis label, above the footnote: in two columns when two
 * of the longest entry fit across (about 9 pixels a character at 14 points, and the sample). */
static void compare_script(FILE *f, const void *arg)
{
    const compare_chart *cc = arg;
    size_t longest = 0;
    for (int i = 0; i < cc->n; i++) {
        size_t len = strlen(cc->series[i].label) < 45 ? strlen(cc->series[i].label) : 45;
        longest = len > longest ? len : longest;
    }
    int cols = 2 * (9 * ((int)longest + 24) + 100) < cc->width ? 2 : 1; /* 24: " · P(unit wiped) 12.34%" */
    fprintf(f, "set key at screen 0.5, character 1.4 center bottom horizontal maxcols %d noopaque nobox\n"
               "set bmargin %g\n",
            cols, 5 + 1.3 * ((cc->n + cols - 1) / cols));
    put_damage_plot(f, cc->series, cc->n, 0);
}

int no_plot_compare(const char *path, const no_plot_style *style, const char *title, const char *footnote,
                    const no_plot_series *series, int n, char *err, size_t errlen)
{
    compare_chart cc = {series, n, style && style->width ? style->width : WIDTH};
    int exact = 1;
    for (int i = 0; i < n; i++)
        exact &= series[i].s->exact;
    const char *word = common_word(series, n);
    frame fr = {.multiplot = 0};
    snprintf(fr.title, sizeof fr.title, "%s", title);
    snprintf(fr.subtitle, sizeof fr.subtitle, "bars: P(%s = k), lines: P(%s ≥ k)", word, word);
    if (footnote)
        snprintf(fr.footnote, sizeof fr.footnote, "%s%s", footnote, exact ? "" : " · bars: 95% (±1.96 SE)");
    else
        snprintf(fr.footnote, sizeof fr.footnote, "%s · neverodds %s",
                 exact ? "exact" : "Monte Carlo, error bars 95% (±1.96 SE)", NO_VERSION);
    return draw(path, style, &fr, compare_script, &cc, err, errlen);
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

/* Values that are names (cover=none,light,heavy; true,false) are categories: drawn as bars,
 * since a line between them would claim values in between. */
static int categorical(const char *const *val, int n)
{
    for (int i = 0; i < n; i++) {
        char *end;
        strtod(val[i], &end);
        if (end == val[i] || *end)
            return 1;
    }
    return 0;
}

/* One key: bars for categories, else a line; with the values written above bars. */
static void put_sweep_row(FILE *f, const no_plot_grid *g, double hi)
{
    const char *scale = g->percent ? "*100" : "";
    put_string(f, "set ylabel ", g->value_label, "\n");
    if (g->percent)
        fputs("set format y \"%.0f%%\"\n", f);
    if (!categorical(g->xval, g->nx)) {
        fputs("set grid xtics back lt 1 lw 1 lc rgb \"#d0d0d0\"\n", f);
        fprintf(f, "set xrange [-0.3:%g]\nset yrange [0:*]\n", g->nx - 0.7);
        fprintf(f, "plot $g using 1:($3%s)%s with %s lw 2.5 pt 7 ps 1.3 lc rgb \"%s\" title ", scale,
                g->se ? (g->percent ? ":($4*100)" : ":4") : "", g->se ? "yerrorlines" : "linespoints", colours[0]);
        put_string(f, "", g->value_label, "\n");
        return;
    }
    fprintf(f, "set xrange [-0.6:%g]\nset yrange [0:%g]\nset boxwidth 0.6\nunset key\n", g->nx - 0.4,
            (hi > 0 ? hi : 1) * 1.15 * (g->percent ? 100 : 1));
    fprintf(f, "plot $g using 1:($3%s)%s with %s lc rgb \"%s\", \\\n"
               "     $g using 1:($3%s):(sprintf(\"%s\", $3%s)) with labels offset 0,1 font \",13\"\n",
            scale, g->se ? (g->percent ? ":($4*100)" : ":4") : "", g->se ? "boxerrorbars" : "boxes", colours[0], scale,
            g->percent ? "%.1f%%" : "%.3f", scale);
}

/* Two keys: a heatmap of opaque cells in the palette, parted by white lines, the values written
 * in (white on the darker half). The key is drawn with the same palette and fill as the cells. */
static void put_heatmap(FILE *f, const no_plot_grid *g, double lo, double hi)
{
    put_axis_key(f, "y", g->ykey);
    put_tics(f, "y", g->yval, g->ny);
    double scale = g->percent ? 100 : 1;
    /* a matrix reads from its first row at the top; long column names lean */
    fprintf(f, "set xrange [-0.5:%g]\nset yrange [%g:%g]\nset cbrange [%.12g:%.12g]\n", g->nx - 0.5,
            g->matrix ? g->ny - 0.5 : -0.5, g->matrix ? -0.5 : g->ny - 0.5, lo * scale, hi * scale);
    put_string(f, "set cblabel ", g->value_label, "\n");
    fputs(PALETTE "unset key\nunset grid\nset tics scale 0\nset style fill solid 1.0 noborder\n", f);
    if (g->percent) /* wider tic labels: the key's label moves out of their way */
        fputs("set format cb \"%.0f%%\"\nset cblabel offset 1.5,0\n", f);
    if (g->matrix) /* leaning names take two lines: room for them, the axis label and the footnote */
        fputs("set xtics rotate by 20 right\nset bmargin 7\n", f);
    const char *cell = g->percent ? "sprintf(\"%.1f%%\", $3*100)" : "sprintf(\"%.3f\", $3)";
    fprintf(f, "plot $g using 1:2:(0.5):(0.5):($3*%g) with boxxyerror fs solid 1.0 border lc rgb \"white\" lw 3 "
               "fc palette title \"cells\", \\\n"
               "     $g using 1:2:($5 > 0.5 ? \"\" : %s) with labels tc rgb \"black\" font \",13\" title \"values\", \\\n"
               "     $g using 1:2:($5 > 0.5 ? %s : \"\") with labels tc rgb \"white\" font \",13\" title \"values\"\n",
            scale, cell, cell);
}

static void sweep_script(FILE *f, const void *arg)
{
    const no_plot_grid *g = arg;
    put_axis_key(f, "x", g->xkey);
    put_tics(f, "x", g->xval, g->nx);
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < g->nx * g->ny; i++) { /* a NaN cell has no value: left empty */
        if (isnan(g->value[i]))
            continue;
        lo = g->value[i] < lo ? g->value[i] : lo;
        hi = g->value[i] > hi ? g->value[i] : hi;
    }
    double top = hi;
    if (hi - lo < 1e-9) /* one colour for all: a range around it */
        lo -= 0.5, hi += 0.5;
    /* x, y, value, half 95% interval, whether the cell is dark (its label then white): the colour
     * scale runs from lo to hi, the darker half from their middle */
    fputs("$g << EOD\n", f);
    for (int y = 0; y < g->ny; y++)
        for (int x = 0; x < g->nx; x++) {
            double v = g->value[y * g->nx + x];
            if (isnan(v))
                continue;
            fprintf(f, "%d %d %.12g %.12g %d\n", x, y, v, g->se ? Z95 * g->se[y * g->nx + x] : 0, v > (lo + hi) / 2);
        }
    fputs("EOD\n", f);
    if (g->ny == 1)
        put_sweep_row(f, g, top);
    else
        put_heatmap(f, g, lo, hi);
}

int no_plot_matchup(const char *path, const no_plot_style *style, const no_plot_grid *words, const no_plot_sides *sides,
                    char *err, size_t errlen)
{
    const int *n = sides->n;
    int total = n[0] + n[1];
    double *value = malloc((size_t)total * (size_t)total * sizeof *value);
    char (*label)[200] = malloc((size_t)total * sizeof *label);
    const char **name = malloc((size_t)total * sizeof *name);
    if (!value || !label || !name)
        abort();
    for (int d = 0, k = 0; d < 2; d++)
        for (int i = 0; i < n[d]; i++, k++) {
            snprintf(label[k], sizeof label[k], "%s: %s", d ? "B" : "A", sides->name(sides->ctx, d, i));
            name[k] = label[k];
        }
    for (int row = 0; row < total; row++)
        for (int col = 0; col < total; col++) {
            int d = row >= n[0], i = d ? row - n[0] : row, j = col - (d ? 0 : n[0]);
            int enemy = (col >= n[0]) != d;
            value[row * total + col] = enemy ? sides->value(sides->ctx, d, i, j) : NAN;
        }
    no_plot_grid pg = *words;
    pg.xkey = "defender";
    pg.ykey = "attacker";
    pg.xval = pg.yval = name;
    pg.nx = pg.ny = total;
    pg.value = value;
    pg.se = NULL;
    pg.matrix = 1;
    int rc = no_plot_sweep(path, style, &pg, err, errlen);
    free(value);
    free(label);
    free(name);
    return rc;
}

int no_plot_sweep(const char *path, const no_plot_style *style, const no_plot_grid *grid, char *err, size_t errlen)
{
    frame fr = {.multiplot = 0};
    if (grid->title) {
        snprintf(fr.title, sizeof fr.title, "%s", grid->title);
    } else { /* "mean wounds by cover", "P(kill) by attacker dice and defender dice" */
        char x[128], y[128] = "";
        key_words(grid->xkey, x, sizeof x);
        if (grid->ykey)
            key_words(grid->ykey, y, sizeof y);
        snprintf(fr.title, sizeof fr.title, "%s by %s%s%s", grid->value_label, x, *y ? " and " : "", y);
    }
    snprintf(fr.subtitle, sizeof fr.subtitle, "%s", grid->subtitle ? grid->subtitle : "");
    snprintf(fr.footnote, sizeof fr.footnote, "%s", grid->footnote ? grid->footnote : "");
    return draw(path, style, &fr, sweep_script, grid, err, errlen);
}

/* ---- curves (battle: survival over rounds, outcomes by range) ---- */

static void curves_script(FILE *f, const void *arg)
{
    const no_plot_curves *c = arg;
    for (int i = 0; i < c->ncurves; i++) { /* x, y, half 95% interval */
        fprintf(f, "$c%d << EOD\n", i);
        for (int x = 0; x < c->n; x++)
            fprintf(f, "%d %.12g %.12g\n", c->x0 + x, c->curve[i].y[x], c->curve[i].se ? Z95 * c->curve[i].se[x] : 0);
        fputs("EOD\n", f);
    }
    put_string(f, "set xlabel ", c->xlabel, "\n");
    fprintf(f, "set xrange [%g:%g]\nset xtics 1\nset key outside right top\n", c->x0 - 0.3, c->x0 + c->n - 0.7);
    put_percent_axis(f, "y", c->ylabel);
    fputs("plot ", f);
    for (int i = 0; i < c->ncurves; i++) {
        const no_plot_curve *cv = &c->curve[i];
        /* past the colours, the next round of them with another point (circle, square, triangle, diamond) */
        static const int points[] = {7, 5, 9, 13};
        fprintf(f, "%s$c%d using 1:($2*100)%s with %s lw 2.5 pt %d ps 1.1 dt %d lc rgb \"%s\" title \"",
                i ? ", \\\n     " : "", i, cv->se ? ":($3*100)" : "", cv->se ? "yerrorlines" : "linespoints",
                points[cv->colour / NCOLOURS % 4], cv->dashed ? 2 : 1, colours[cv->colour % NCOLOURS]);
        put_text(f, cv->label);
        fputs("\"", f);
    }
    fputs("\n", f);
}

int no_plot_lines(const char *path, const no_plot_style *style, const no_plot_curves *c, char *err, size_t errlen)
{
    frame fr = {.multiplot = 0};
    snprintf(fr.title, sizeof fr.title, "%s", c->title);
    snprintf(fr.subtitle, sizeof fr.subtitle, "%s", c->subtitle ? c->subtitle : "");
    snprintf(fr.footnote, sizeof fr.footnote, "%s", c->footnote ? c->footnote : "");
    return draw(path, style, &fr, curves_script, c, err, errlen);
}
