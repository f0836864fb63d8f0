/* table.c — `compare` and `sweep`: several runs, one table (text, CSV or JSON), one chart.
 * Each run is an ordinary `run` of a scenario file with keys set on it (no_scenario_load_with),
 * so a table row always equals the single run it stands for. */
#include "neverodds/table.h"
#include "neverodds/games.h"
#include "neverodds/plot.h"
#include "neverodds/ranks.h"
#include "neverodds/version.h"
#include "io/jsonread.h"
#include "report/format.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What one run leaves for the table (its scenario is freed once the run is summarised). */
typedef struct result {
    char label[300], name[128];  /* the row's label; the scenario's name (or file) */
    char title[200];            /* the scenario in words (no_plot_title) */
    int own_label;              /* the label is the scenario's name or file: the chart says `title` */
    char word[16], kill_word[24]; /* what the game counts and calls a kill ("wounds", "P(unit wiped)") */
    char file[256], game[16], rules[16];
    int policy[NO_SIDES], points;
    char provenance[256];
    no_summary s;
    char *json;                 /* the run's own report, for --format json */
} result;

/* The end of the comma-separated part of `p`: its first comma outside brackets (a list value,
 * attacker.abilities=[predator,marksmanship]), or its end. */
static char *part_end(char *p)
{
    int depth = 0;
    for (; *p && (depth || *p != ','); p++)
        depth += (*p == '[') - (*p == ']');
    return p;
}

int no_input_parse(char *spec, no_input *in, char *err, size_t errlen)
{
    memset(in, 0, sizeof *in);
    in->file = spec;
    char *p = part_end(spec);
    while (*p) {
        char *kv = p + 1, *end = part_end(kv);
        int last = !*end;
        *end = '\0';
        char *eq = strchr(kv, '=');
        if (!eq && !in->nov && !in->label && strchr(in->file, ':')) {
            *p = ','; /* a comma of the quick notation itself ("hull5 shields3,2"): keep it */
        } else if (!eq || eq == kv) {
            *p = '\0';
            snprintf(err, errlen, "%s: '%s': expected key=value after the file", in->file, kv);
            return -1;
        } else {
            *p = '\0';
            *eq = '\0';
            if (!strcmp(kv, "label")) {
                in->label = eq + 1;
            } else if (in->nov == NO_MAX_OVERRIDES) {
                snprintf(err, errlen, "%s: at most %d keys set on one input", in->file, NO_MAX_OVERRIDES);
                return -1;
            } else {
                in->ov[in->nov++] = (no_override){kv, eq + 1};
            }
        }
        if (last)
            break;
        *end = ','; /* the next part starts after it */
        p = end;
    }
    if (!*in->file) {
        snprintf(err, errlen, "an empty input: expected FILE[,key=value...]");
        return -1;
    }
    return 0;
}

int no_vary_parse(const char *spec, no_vary *v, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    const char *eq = strchr(spec, '=');
    long lo, hi;
    char tail;
    if (!eq || eq == spec || !eq[1]) {
        snprintf(err, errlen, "--vary %s: expected KEY=FROM..TO or KEY=A,B,C", spec);
        return -1;
    }
    v->key = spec; /* up to the '=': callers copy it (sweep_key) */
    const char *vals = eq + 1;
    if (sscanf(vals, "%ld..%ld%c", &lo, &hi, &tail) == 2) {
        if (hi < lo || hi - lo >= NO_SWEEP_MAX_VALUES) {
            snprintf(err, errlen, "--vary %s: expected FROM <= TO and at most %d values", spec, NO_SWEEP_MAX_VALUES);
            return -1;
        }
        for (long x = lo; x <= hi; x++)
            snprintf(v->val[v->n++], sizeof v->val[0], "%ld", x);
        return 0;
    }
    for (const char *p = vals; *p;) {
        size_t len = strcspn(p, ",");
        if (!len || len >= sizeof v->val[0] || v->n == NO_SWEEP_MAX_VALUES) {
            snprintf(err, errlen, "--vary %s: expected up to %d values of 1 to %zu characters, comma-separated", spec,
                     NO_SWEEP_MAX_VALUES, sizeof v->val[0] - 1);
            return -1;
        }
        snprintf(v->val[v->n++], sizeof v->val[0], "%.*s", (int)len, p);
        p += len + (p[len] == ',');
    }
    return 0;
}

/* One row to run: a file and the keys set on it. */
typedef struct row {
    const char *file, *label;
    no_override ov[NO_MAX_OVERRIDES];
    int nov;
    char text[sizeof ((result *)0)->label]; /* a sweep's label: the values alone */
} row;

/* Loads row w's scenario into sc, with the command's policy and goal: 0, or -1 with err. */
static int load_row(const row *w, const no_table_opts *o, no_scenario *sc, char *err, size_t errlen)
{
    int rc = no_scenario_load_with(w->file, w->ov, w->nov, sc, err, errlen);
    if (!rc && o->policy >= 0 && !no_game_offers_policy(sc->game, o->policy)) {
        snprintf(err, errlen, "%s: --policy %s does not apply to this game", sc->file, no_policies[o->policy].name);
        rc = -1;
    }
    if (!rc && o->policy >= 0)
        no_scenario_set_policy(sc, o->policy);
    if (!rc && o->goal >= 0)
        no_scenario_set_goal(sc, o->goal);
    return rc;
}

/* Runs row w, loaded as sc, into r; 0, or -1 with err. */
static int run_row(const row *w, const no_scenario *sc, const no_table_opts *o, result *r, char *err, size_t errlen)
{
    int rc = no_run(sc, &o->run, &r->s, err, errlen);
    if (!rc) {
        if (w->label)
            snprintf(r->label, sizeof r->label, "%s", w->label);
        else if (w->nov && !strncmp(sc->file, w->file, strlen(w->file)) && sc->file[strlen(w->file)] == ' ')
            /* the keys set, as sc->file ends: "file [key=value, ...]" */
            snprintf(r->label, sizeof r->label, "%s", sc->file + strlen(w->file) + 1);
        else
            snprintf(r->label, sizeof r->label, "%s", *sc->name ? sc->name : sc->file);
        r->own_label = !w->label && !w->nov;
        no_plot_title(sc, r->title, sizeof r->title);
        snprintf(r->word, sizeof r->word, "%s", sc->nattacks ? sc->game->damage_word : no_report_unit(sc));
        snprintf(r->kill_word, sizeof r->kill_word, "%s", sc->game->kill_label);
        if (r->s.requested) { /* Ctrl-C: fewer trials than asked for; said first, before any cut */
            static const char mark[] = "[partial] ";
            size_t len = strnlen(r->label, sizeof r->label - sizeof mark);
            memmove(r->label + sizeof mark - 1, r->label, len);
            memcpy(r->label, mark, sizeof mark - 1);
            r->label[len + sizeof mark - 1] = '\0';
        }
        snprintf(r->name, sizeof r->name, "%s", *sc->name ? sc->name : w->file);
        snprintf(r->file, sizeof r->file, "%s", sc->file);
        snprintf(r->game, sizeof r->game, "%s", sc->game->name);
        snprintf(r->rules, sizeof r->rules, "%s", sc->rules);
        memcpy(r->policy, sc->ctx.policy, sizeof r->policy);
        r->points = sc->points;
        no_plot_provenance(sc, &r->s, r->provenance, sizeof r->provenance);
        r->json = o->format == NO_FMT_JSON ? no_report_json(sc, &r->s) : NULL;
    }
    return rc;
}

static void free_results(result *r, int n)
{
    for (int i = 0; i < n; i++) {
        no_summary_free(&r[i].s);
        free(r[i].json);
    }
    free(r);
}

/* ---- the rows, spread over the ranks ---- */

/* A summary as bytes: itself with its pointer cleared, then its attacks' (a sequence's), each
 * the same way. pack(NULL, s) is the size. */
static size_t pack_summary(char *at, const no_summary *s)
{
    size_t n = sizeof *s;
    if (at) {
        no_summary flat = *s;
        flat.attack = NULL;
        memcpy(at, &flat, sizeof flat);
    }
    for (int a = 0; a < s->nattacks; a++)
        n += pack_summary(at ? at + n : NULL, &s->attack[a]);
    return n;
}

static size_t unpack_summary(const char *at, no_summary *s)
{
    size_t n = sizeof *s;
    memcpy(s, at, sizeof *s);
    s->attack = s->nattacks ? calloc((size_t)s->nattacks, sizeof *s->attack) : NULL;
    if (s->nattacks && !s->attack)
        abort();
    for (int a = 0; a < s->nattacks; a++)
        n += unpack_summary(at + n, &s->attack[a]);
    return n;
}

/* A finished row as bytes: the result with its pointers cleared, its summary's attacks, then
 * its JSON report with its '\0' (when it has one: the bytes left). pack_result(NULL, r) is the
 * size. */
static size_t pack_result(char *at, const result *r)
{
    size_t n = sizeof *r, json = r->json ? strlen(r->json) + 1 : 0;
    if (at) {
        result flat = *r;
        flat.s.attack = NULL;
        flat.json = NULL;
        memcpy(at, &flat, sizeof flat);
    }
    for (int a = 0; a < r->s.nattacks; a++)
        n += pack_summary(at ? at + n : NULL, &r->s.attack[a]);
    if (at)
        memcpy(at + n, r->json, json);
    return n + json;
}

static void unpack_result(const char *at, size_t len, result *r)
{
    size_t n = sizeof *r;
    memcpy(r, at, sizeof *r);
    r->s.attack = r->s.nattacks ? calloc((size_t)r->s.nattacks, sizeof *r->s.attack) : NULL;
    if (r->s.nattacks && !r->s.attack)
        abort();
    for (int a = 0; a < r->s.nattacks; a++)
        n += unpack_summary(at + n, &r->s.attack[a]);
    r->json = NULL;
    if (len > n) { /* what is left is the JSON report */
        r->json = malloc(len - n);
        if (!r->json)
            abort();
        memcpy(r->json, at + n, len - n);
    }
}

/* What the owner of a row tells the others first: 0 and the size of the packed result, or -1
 * and the size of the error message (with its '\0'). */
typedef struct row_head {
    int64_t status;
    uint64_t len;
} row_head;

/* Runs rows[0..n) into r[0..n) (calloc'd): 0, or -1 with err, the first failing row's (r then
 * holds some rows: free_results(r, n) frees them). Under MPI row i is run by rank i % N alone,
 * its Monte Carlo chunks and all, then sent from there to every rank: every rank ends with the
 * rows, or the error, one process would have (the same bytes: a run's chunk c always uses
 * the same streams), so what is printed from them is unchanged. */
static int run_rows(const row *rows, int n, const no_table_opts *o, result *r, char *err, size_t errlen)
{
    int me = no_rank(), nranks = no_nranks(), failed = -1, mine = 0;
    no_scenario *sc = calloc((size_t)(n / nranks + 1), sizeof *sc); /* this rank's rows, loaded */
    int *which = malloc((size_t)(n / nranks + 1) * sizeof *which);
    if (!sc || !which)
        abort();
    /* loaded in order, on one thread: --lenient warnings come out as one process says them */
    for (int i = 0; i < n && failed < 0; i++) {
        if (i % nranks == me) {
            if (load_row(&rows[i], o, &sc[mine], err, errlen))
                failed = i; /* this rank's later rows cannot matter: the error is this one or earlier */
            else
                which[mine++] = i;
        } else if (me == 0 && jr_lenient) { /* rank 0 loads it too, to say its --lenient warnings */
            no_scenario *other = malloc(sizeof *other);
            char why[NO_ERR_LEN];
            if (!other)
                abort();
            (void)load_row(&rows[i], o, other, why, sizeof why);
            free(other);
        }
    }
    /* Exact rows run side by side, one per thread (each takes one thread: exact answers do not
     * depend on it); Monte Carlo rows one after the other, each on every thread. The first
     * failing row in order gives the error, as run one by one. */
    int side_by_side = no_run_is_exact(&o->run);
    char (*why)[NO_ERR_LEN] = malloc((size_t)(mine ? mine : 1) * sizeof *why);
    int *bad = calloc((size_t)(mine ? mine : 1), sizeof *bad);
    if (!why || !bad)
        abort();
    no_ranks_local(1);
#pragma omp parallel for schedule(dynamic, 1) num_threads(o->run.threads) if (side_by_side && mine > 1)
    for (int k = 0; k < mine; k++)
        bad[k] = run_row(&rows[which[k]], &sc[k], o, &r[which[k]], why[k], sizeof why[k]) != 0;
    no_ranks_local(0);
    for (int k = 0; k < mine; k++)
        if (bad[k]) {
            memset(&r[which[k]], 0, sizeof r[which[k]]);
            if (failed < 0 || which[k] < failed) {
                failed = which[k];
                snprintf(err, errlen, "%s", why[k]);
            }
        }
    free(why);
    free(bad);
    free(which);
    free(sc);
    if (nranks == 1)
        return failed < 0 ? 0 : -1;
    /* row by row in order, each from its rank: the first error stops every rank alike */
    for (int i = 0; i < n; i++) {
        int owner = i % nranks;
        row_head head = {0, 0};
        if (owner == me)
            head = failed == i ? (row_head){-1, strlen(err) + 1} : (row_head){0, pack_result(NULL, &r[i])};
        no_ranks_bcast(&head, sizeof head, owner);
        char *buf = malloc(head.len ? head.len : 1);
        if (!buf)
            abort();
        if (owner == me && head.status)
            memcpy(buf, err, head.len);
        else if (owner == me)
            pack_result(buf, &r[i]);
        no_ranks_bcast(buf, head.len, owner);
        if (owner != me && head.status)
            snprintf(err, errlen, "%s", buf);
        else if (owner != me)
            unpack_result(buf, head.len, &r[i]);
        free(buf);
        if (head.status)
            return -1;
    }
    return 0;
}

static int largest_damage(const result *r, int n)
{
    int k = 1;
    for (int i = 0; i < n; i++)
        k = r[i].s.max_damage > k ? r[i].s.max_damage : k;
    return k;
}

/* ---- CSV ---- */

/* compare's CSV ends with the differences from its first row (the standard errors as for the
 * text table) */
static const char csv_difference_header[] = ",mean_difference,mean_difference_se,p_kill_difference,p_kill_difference_se";

/* A row's mean and P(kill) less the first row's, each with the difference's standard error, the
 * two rows taken as independent draws; kill only when both rows have one. */
typedef struct difference {
    no_rate mean, kill;
    int has_kill;
} difference;

static no_rate rate_less(double a, double a_se, double b, double b_se)
{
    return (no_rate){a - b, sqrt(a_se * a_se + b_se * b_se)};
}

static difference difference_from(const no_summary *s, const no_summary *first)
{
    return (difference){rate_less(s->mean, s->mean_se, first->mean, first->mean_se),
                        rate_less(s->kill.p, s->kill.se, first->kill.p, first->kill.se),
                        s->has_kill && first->has_kill};
}

static void csv_difference(FILE *f, const result *r, const result *first)
{
    difference d = difference_from(&r->s, &first->s);
    fprintf(f, ",%.12g,%.12g", d.mean.p, d.mean.se);
    if (d.has_kill)
        fprintf(f, ",%.12g,%.12g", d.kill.p, d.kill.se);
    else
        fputs(",,", f);
}

static void csv_header(FILE *f, int kmax)
{
    fputs("label,file,game,rules,policy_attacker,policy_defender,method,trials,seed,mean,mean_se,sd,p_kill,"
          "p_kill_se,points,damage_per_point",
          f);
    for (int k = 0; k <= kmax; k++)
        fprintf(f, ",p_eq_%d,p_eq_%d_se", k, k);
    for (int k = 1; k <= kmax; k++)
        fprintf(f, ",p_ge_%d,p_ge_%d_se", k, k);
}

static void csv_row(FILE *f, const result *r, int kmax)
{
    const no_summary *s = &r->s;
    rep_csv_text(f, r->label);
    fputc(',', f);
    rep_csv_text(f, r->file);
    fprintf(f, ",%s,%s,%s,%s,%s,%llu,%llu,%.12g,%.12g,%.12g", r->game, r->rules, no_policies[r->policy[0]].name,
            no_policies[r->policy[1]].name, s->exact ? "exact" : "monte-carlo", (unsigned long long)s->trials,
            (unsigned long long)s->seed, s->mean, s->mean_se, s->sd);
    if (s->has_kill)
        fprintf(f, ",%.12g,%.12g", s->kill.p, s->kill.se);
    else
        fputs(",,", f);
    if (r->points)
        fprintf(f, ",%d,%.12g", r->points, s->mean / r->points);
    else
        fputs(",,", f);
    for (int k = 0; k <= kmax; k++)
        fprintf(f, ",%.12g,%.12g", s->pmf[k].p, s->pmf[k].se);
    for (int k = 1; k <= kmax; k++)
        fprintf(f, ",%.12g,%.12g", s->at_least[k].p, s->at_least[k].se);
}

void no_csv_run(FILE *f, const no_scenario *sc, const no_summary *s)
{
    result r;
    memset(&r, 0, sizeof r);
    snprintf(r.label, sizeof r.label, "%s", *sc->name ? sc->name : sc->file);
    snprintf(r.file, sizeof r.file, "%s", sc->file);
    snprintf(r.game, sizeof r.game, "%s", sc->game->name);
    snprintf(r.rules, sizeof r.rules, "%s", sc->rules);
    memcpy(r.policy, sc->ctx.policy, sizeof r.policy);
    r.points = sc->points;
    r.s = *s;
    int kmax = s->max_damage > 1 ? s->max_damage : 1;
    csv_header(f, kmax);
    fputs("\n", f);
    csv_row(f, &r, kmax);
    fputs("\n", f);
}

/* ---- text ---- */

#define TEXT_MAX_K 10 /* P(>=k) columns in the text table; CSV and JSON have them all */

/* A standard-error column: blank for an exact row of a table with Monte Carlo rows. */
static void put_se(FILE *f, int mc, const no_summary *s, double se)
{
    if (mc && s->exact)
        fprintf(f, "%10s", "");
    else if (mc)
        fprintf(f, " ±%8.6f", se);
}

/* What the rows' games call a kill, when they agree ("P(unit wiped)": Legion); else "P(kill)". */
static const char *kill_word(const result *r, int n)
{
    for (int i = 1; i < n; i++)
        if (strcmp(r[i].kill_word, r[0].kill_word))
            return "P(kill)";
    return r[0].kill_word;
}

/* A difference from the first row (compare): "-" on that row; under Monte Carlo with its standard
 * error, the two rows' taken as independent draws. */
static void put_difference(FILE *f, int mc, int i, no_rate d)
{
    if (!i)
        fprintf(f, " %9s%s", "-", mc ? "          " : "");
    else if (mc && d.se > 0)
        fprintf(f, " %+9.5f ±%8.6f", d.p, d.se);
    else
        fprintf(f, " %+9.5f%s", d.p, mc ? "          " : "");
}

/* The table of results; `differences`: columns of the mean and P(kill) less the first row's. */
static void text_table(FILE *f, const result *r, int n, int differences)
{
    int kmax = largest_damage(r, n), shown = kmax < TEXT_MAX_K ? kmax : TEXT_MAX_K;
    int kill = 0, points = 0, mc = 0;
    const char *killed = kill_word(r, n);
    int kw = strlen(killed) > 8 ? (int)strlen(killed) : 8; /* the kill column's width */
    for (int i = 0; i < n; i++) {
        kill |= r[i].s.has_kill;
        points |= r[i].points != 0;
        mc |= !r[i].s.exact;
    }
    fprintf(f, "  %-3s %-40s %12s%s", "#", "result", "mean", mc ? "   ± s.e." : "");
    if (differences)
        fprintf(f, " %9s%s", "vs #1", mc ? "   ± s.e." : "");
    fprintf(f, " %8s", "sd");
    if (kill)
        fprintf(f, " %*s%s", kw, killed, mc ? "   ± s.e." : "");
    if (kill && differences)
        fprintf(f, " %9s%s", "vs #1", mc ? "   ± s.e." : "");
    if (points)
        fprintf(f, " %6s %9s", "points", "dmg/point");
    for (int k = 1; k <= shown; k++) {
        char head[24]; /* "P(>=" and an int */
        snprintf(head, sizeof head, "P(>=%d)", k);
        fprintf(f, "  %7s", head);
    }
    fputs("\n", f);
    for (int i = 0; i < n; i++) {
        const no_summary *s = &r[i].s;
        difference d = difference_from(s, &r[0].s);
        fprintf(f, "  %-3d %-40.40s %12.6f", i + 1, r[i].label, s->mean);
        put_se(f, mc, s, s->mean_se);
        if (differences)
            put_difference(f, mc, i, d.mean);
        fprintf(f, " %8.4f", s->sd);
        if (kill && s->has_kill) {
            fprintf(f, " %*.5f", kw, s->kill.p);
            put_se(f, mc, s, s->kill.se);
        } else if (kill) {
            fprintf(f, " %*s%s", kw, "-", mc ? "          " : "");
        }
        if (kill && differences && d.has_kill)
            put_difference(f, mc, i, d.kill);
        else if (kill && differences)
            fprintf(f, " %9s%s", "-", mc ? "          " : "");
        if (points && r[i].points)
            fprintf(f, " %6d %9.5f", r[i].points, s->mean / r[i].points);
        else if (points)
            fprintf(f, " %6s %9s", "-", "-");
        for (int k = 1; k <= shown; k++)
            fprintf(f, "  %7.5f", s->at_least[k].p);
        fputs("\n", f);
    }
    if (kmax > shown)
        fprintf(f, "  (P(>=k) beyond k = %d: --format csv or json)\n", shown);
}

static void text_sources(FILE *f, const result *r, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "  %-3d %s: %s\n      %s\n", i + 1, r[i].file, r[i].name, r[i].provenance);
    fputs("\n", f);
}

/* ---- JSON ---- */

static cJSON *json_result(const result *r)
{
    cJSON *o = cJSON_Parse(r->json);
    if (!o)
        abort();
    cJSON_AddItemToObject(o, "label", cJSON_CreateString(r->label));
    if (r->points) {
        cJSON_AddNumberToObject(o, "points", r->points);
        cJSON_AddNumberToObject(o, "damage_per_point", r->s.mean / r->points);
    }
    return o;
}


/* ---- compare ---- */

/* The inputs overlaid. Titled by their scenario in words when they share one (its keys set
 * differently: the key then names the keys, and the input with none "as written"), else by
 * their labels listed ("A, B and C": not "A vs B", which would read as an attack); the footnote
 * is what produced them when that is the same for all. 0, or 1 with err. */
static int compare_chart(const result *r, int n, const no_table_opts *o, char *err, size_t errlen)
{
    no_plot_series series[NO_MAX_INPUTS];
    char title[512] = "", label[NO_MAX_INPUTS][sizeof r->label];
    int same_title = 1, same_source = 1;
    for (int i = 0; i < n; i++) {
        same_title &= !strcmp(r[i].title, r[0].title);
        same_source &= !strcmp(r[i].provenance, r[0].provenance);
    }
    for (int i = 0; i < n; i++) {
        size_t len = strlen(r[i].label);
        if (r[i].own_label) /* the scenario's name or file: its words, or none beside the title */
            snprintf(label[i], sizeof label[i], "%s", same_title ? "as written" : r[i].title);
        else if (r[i].label[0] == '[' && r[i].label[len - 1] == ']' && !r[i].s.requested) /* "[key=value]" */
            snprintf(label[i], sizeof label[i], "%.*s", (int)len - 2, r[i].label + 1);
        else
            snprintf(label[i], sizeof label[i], "%s", r[i].label);
        series[i] = (no_plot_series){label[i], &r[i].s, r[i].word, r[i].kill_word};
    }
    /* the labels listed, each at most 50 columns (cut between words), as many as the title's 95
     * columns hold; the rest counted ("and 2 more"), never a label cut off by the title's end */
    for (int i = 0; i < n && !same_title; i++) {
        char item[sizeof label[0] + 8];
        size_t keep = rep_cut_words(series[i].label, 50);
        snprintf(item, sizeof item, "%s%.*s%s", !i ? "" : i == n - 1 ? " and " : ", ", (int)keep, series[i].label,
                 keep < strlen(series[i].label) ? "…" : "");
        int more = n - i; /* this label and the rest, when they do not fit */
        if (i && rep_columns(title, strlen(title)) + rep_columns(item, strlen(item)) + (i < n - 1 ? 12 : 0) > 95) {
            snprintf(title + strlen(title), sizeof title - strlen(title), " and %d more", more);
            break;
        }
        snprintf(title + strlen(title), sizeof title - strlen(title), "%s", item);
    }
    return no_plot_compare(o->plot, &o->style, same_title ? r[0].title : title, same_source ? r[0].provenance : NULL,
                           series, n, err, errlen) ? 1 : 0;
}

int no_compare(FILE *f, const no_input *in, int n, const no_table_opts *o, char *err, size_t errlen)
{
    result *r = calloc((size_t)n, sizeof *r);
    row *rows = calloc((size_t)n, sizeof *rows);
    if (!r || !rows)
        abort();
    for (int i = 0; i < n; i++) {
        rows[i] = (row){.file = in[i].file, .label = in[i].label, .nov = in[i].nov};
        memcpy(rows[i].ov, in[i].ov, (size_t)in[i].nov * sizeof *in[i].ov);
    }
    int failed = run_rows(rows, n, o, r, err, errlen);
    free(rows);
    if (failed) {
        free_results(r, n);
        return -1;
    }
    int rc = o->plot ? compare_chart(r, n, o, err, errlen) : 0;
    if (o->format == NO_FMT_CSV) {
        csv_header(f, largest_damage(r, n));
        fprintf(f, "%s\n", csv_difference_header);
        for (int i = 0; i < n; i++) {
            csv_row(f, &r[i], largest_damage(r, n));
            csv_difference(f, &r[i], &r[0]);
            fputs("\n", f);
        }
    } else if (o->format == NO_FMT_JSON) {
        cJSON *root = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(root, "results");
        cJSON_AddStringToObject(root, "neverodds", NO_VERSION);
        for (int i = 0; i < n; i++) {
            cJSON *e = json_result(&r[i]);
            if (i) { /* the same differences as the text and CSV */
                difference d = difference_from(&r[i].s, &r[0].s);
                cJSON *o = cJSON_AddObjectToObject(e, "difference_from_first");
                cJSON_AddNumberToObject(o, "mean", d.mean.p);
                cJSON_AddNumberToObject(o, "mean_stderr", d.mean.se);
                if (d.has_kill) {
                    cJSON_AddNumberToObject(o, "kill", d.kill.p);
                    cJSON_AddNumberToObject(o, "kill_stderr", d.kill.se);
                }
            }
            cJSON_AddItemToArray(list, e);
        }
        rep_print_json(f, root);
    } else {
        fprintf(f, "neverodds %s — compare, %d results\n", NO_VERSION, n);
        text_sources(f, r, n);
        text_table(f, r, n, n > 1);
    }
    free_results(r, n);
    return rc;
}

/* ---- sweep ---- */

/* The key of a --vary spec (up to its '='). */
static void sweep_key(const no_vary *v, char *out, size_t n)
{
    snprintf(out, n, "%.*s", (int)(strchr(v->key, '=') - v->key), v->key);
}

/* The swept scenario in words as it was given, none of its keys set (the points' own titles
 * describe their values: the first point's would title the whole chart); the first point's
 * title when it cannot be read again. */
static void base_title(const char *file, const result *r, char *out, size_t n)
{
    no_scenario *base = malloc(sizeof *base);
    char why[NO_ERR_LEN];
    if (base && no_scenario_load_with(file, NULL, 0, base, why, sizeof why) == 0)
        no_plot_title(base, out, n);
    else
        snprintf(out, n, "%s", r[0].title);
    free(base);
}

static void sweep_chart(const char *file, const no_vary *v, int nv, const result *r, int npoints,
                        const no_table_opts *o, const char *xkey, const char *ykey, char *err, size_t errlen, int *rc)
{
    if (o->metric_kill && !r[0].s.has_kill) {
        const no_game *g = no_game_find(r[0].game);
        snprintf(err, errlen, "--metric kill: the scenario has no kill probability (give %s)",
                 g ? g->health_keys : "the defender a hull");
        *rc = 1;
        return;
    }
    double *value = malloc((size_t)npoints * sizeof *value), *se = malloc((size_t)npoints * sizeof *se);
    if (!value || !se)
        abort();
    int mc = 0;
    for (int i = 0; i < npoints; i++) {
        value[i] = o->metric_kill ? r[i].s.kill.p : r[i].s.mean;
        se[i] = o->metric_kill ? r[i].s.kill.se : r[i].s.mean_se;
        mc |= !r[i].s.exact;
    }
    const char *xval[NO_SWEEP_MAX_VALUES], *yval[NO_SWEEP_MAX_VALUES];
    for (int i = 0; i < v[0].n; i++)
        xval[i] = v[0].val[i];
    for (int i = 0; nv > 1 && i < v[1].n; i++)
        yval[i] = v[1].val[i];
    char mean[32], foot[sizeof r[0].provenance + 32];
    snprintf(mean, sizeof mean, "mean %s", r[0].word);
    snprintf(foot, sizeof foot, "%s%s", r[0].provenance, mc ? " · bars: 95% (±1.96 SE)" : "");
    /* titled "mean wounds by cover" (what is drawn), the scenario in words below */
    char title[sizeof r[0].title];
    base_title(file, r, title, sizeof title);
    no_plot_grid g = {.subtitle = title, .footnote = foot, .value_label = o->metric_kill ? r[0].kill_word : mean,
                      .xkey = xkey, .ykey = nv > 1 ? ykey : NULL, .xval = xval, .yval = yval, .nx = v[0].n,
                      .ny = nv > 1 ? v[1].n : 1, .value = value, .se = mc ? se : NULL, .percent = o->metric_kill};
    *rc = no_plot_sweep(o->plot, &o->style, &g, err, errlen) ? 1 : 0;
    free(value);
    free(se);
}

int no_sweep(FILE *f, const char *file, const no_vary *v, int nv, const no_table_opts *o, char *err, size_t errlen)
{
    char key[NO_SWEEP_MAX_KEYS][128];
    int npoints = 1;
    for (int i = 0; i < nv; i++) {
        sweep_key(&v[i], key[i], sizeof key[i]);
        npoints *= v[i].n;
    }
    if (npoints > NO_SWEEP_MAX_POINTS) {
        snprintf(err, errlen, "sweep: %d points; at most %d", npoints, NO_SWEEP_MAX_POINTS);
        return -1;
    }
    result *r = calloc((size_t)npoints, sizeof *r);
    row *rows = calloc((size_t)npoints, sizeof *rows);
    if (!r || !rows)
        abort();
    _Static_assert(NO_SWEEP_MAX_KEYS <= NO_MAX_OVERRIDES, "a sweep's keys fit in a row");
    /* point p: the first key's value p % n0 (the x axis), the second's p / n0 */
    for (int p = 0; p < npoints; p++) {
        row *w = &rows[p];
        w->file = file;
        w->nov = nv;
        for (int i = 0, rest = p; i < nv; rest /= v[i].n, i++)
            w->ov[i] = (no_override){key[i], v[i].val[rest % v[i].n]};
        for (int i = 0; i < nv; i++) /* rows are labelled by the values alone */
            snprintf(w->text + strlen(w->text), sizeof w->text - strlen(w->text), "%s%s=%s", i ? ", " : "", key[i],
                     w->ov[i].value);
        w->label = w->text;
    }
    int failed = run_rows(rows, npoints, o, r, err, errlen);
    free(rows);
    if (failed) {
        free_results(r, npoints);
        return -1;
    }
    int rc = 0;
    if (o->plot)
        sweep_chart(file, v, nv, r, npoints, o, key[0], nv > 1 ? key[1] : NULL, err, errlen, &rc);
    if (o->format == NO_FMT_CSV) {
        int kmax = largest_damage(r, npoints);
        for (int i = 0; i < nv; i++)
            fprintf(f, "%s,", key[i]);
        csv_header(f, kmax);
        fputs("\n", f);
        for (int p = 0; p < npoints; p++) {
            for (int i = 0, rest = p; i < nv; rest /= v[i].n, i++)
                fprintf(f, "%s,", v[i].val[rest % v[i].n]);
            csv_row(f, &r[p], kmax);
            fputs("\n", f);
        }
    } else if (o->format == NO_FMT_JSON) {
        cJSON *root = cJSON_CreateObject(), *keys = cJSON_AddArrayToObject(root, "vary");
        cJSON_AddStringToObject(root, "neverodds", NO_VERSION);
        cJSON_AddStringToObject(root, "file", file);
        for (int i = 0; i < nv; i++)
            cJSON_AddItemToArray(keys, cJSON_CreateString(key[i]));
        cJSON *list = cJSON_AddArrayToObject(root, "points");
        for (int p = 0; p < npoints; p++) {
            cJSON *e = json_result(&r[p]), *vals = cJSON_AddObjectToObject(e, "values");
            for (int i = 0, rest = p; i < nv; rest /= v[i].n, i++)
                cJSON_AddStringToObject(vals, key[i], v[i].val[rest % v[i].n]);
            cJSON_AddItemToArray(list, e);
        }
        rep_print_json(f, root);
    } else {
        fprintf(f, "neverodds %s — sweep of %s (%s), %d points\n  %s\n\n", NO_VERSION, file, r[0].name, npoints,
                r[0].provenance);
        text_table(f, r, npoints, 0);
        if (nv == 2) { /* the grid at a glance */
            if (o->metric_kill) /* the metric asked for: the chart's */
                fprintf(f, "\n  %s: %s down, %s across\n  %-10s", r[0].kill_word, key[1], key[0], "");
            else
                fprintf(f, "\n  mean %s: %s down, %s across\n  %-10s", r[0].word, key[1], key[0], "");
            for (int x = 0; x < v[0].n; x++)
                fprintf(f, " %10.10s", v[0].val[x]);
            for (int y = 0; y < v[1].n; y++) {
                fprintf(f, "\n  %-10.10s", v[1].val[y]);
                for (int x = 0; x < v[0].n; x++) {
                    const no_summary *s = &r[y * v[0].n + x].s;
                    fprintf(f, " %10.6f", o->metric_kill ? s->kill.p : s->mean);
                }
            }
            fputs("\n", f);
        }
    }
    free_results(r, npoints);
    return rc;
}
