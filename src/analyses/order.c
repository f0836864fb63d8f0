/* order.c — `neverodds order`: the modifier-ordering verifier.
 *
 * The rules fix who modifies when (the game's step list) and leave each player to order its own
 * effects of one moment. A "fixed order" is a player's commitment: in each decision window its
 * effects may be used only in the listed order (each stays optional), which the engine expresses
 * by letting every effect exclude those listed before it. The reference row is the official step
 * list with each player ordering its effects per roll, as the policy does; a fixed order with the
 * same results is the policy's choice. What-ifs change the step list: the other player first in
 * a window (--swap-window) or one of the rule set's named step moves (--variant). */
#include "neverodds/order.h"
#include "neverodds/table.h"
#include "neverodds/modifier.h"
#include "neverodds/version.h"
#include "report/format.h"
#include "analyses/decisions.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_STEPS 64
#define MAX_RULE_ORDERS (1 + 2 * NO_ORDER_MAX_WHATIFS)
#define SAME 1e-12 /* results this close are the same */
#define WIDTH 100       /* text lines wrap here */
#define ORDER_COLUMN 36 /* the order column of the table; longer orders wrap inside it */
#define CLEAR_SE 5      /* Monte Carlo: a difference of more standard errors than this is real */


/* The official step list, or a what-if of it. */
typedef struct rule_order {
    char label[64];
    char what[800];          /* the rule it follows or breaks, its citations named (no_order_cite) */
    no_step steps[MAX_STEPS];
    no_rules rules;
} rule_order;

/* The decision windows of a step list with at least one effect: actor, window and the effects
 * (modifier indices) each player may order. */
typedef struct sub_window {
    int actor, window, n;
    int mods[NO_MAX_MODS];
    int permute;             /* 0: its effects are alternatives, one used at most: no order to try */
} sub_window;

typedef struct row {
    int ro;                  /* its rule order (0: official) */
    int fixed;               /* 0: each player orders its effects per roll (the policy) */
    int seq[NO_MAX_MODS], nseq;
    no_summary sum;
    int leader;              /* the first row with the same results under the same rule order */
    int policy_choice;       /* same results as the policy's own play under its rule order */
    double max_diff, mean_diff;
} row;

/* The narrowest section of `rules` that holds seed lines first..last, or NULL. */
static const no_section *section_of(const no_rules *rules, int first, int last)
{
    const no_section *best = NULL;
    for (const no_section *x = rules->sections; x && x->name; x++)
        if (x->first <= first && last <= x->last && (!best || x->last - x->first < best->last - best->first))
            best = x;
    return best;
}

/* A citation at `p`: the letter (not inside a word), a line, and "-", the letter again and a last
 * line. Its length, 0 when there is none. */
static size_t citation_at(const char *text, const char *p, char letter, int *first, int *last)
{
    if (*p != letter || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
        !isdigit((unsigned char)p[1]))
        return 0;
    char *end;
    *first = *last = (int)strtol(p + 1, &end, 10);
    if (end[0] == '-' && end[1] == letter && isdigit((unsigned char)end[2]))
        *last = (int)strtol(end + 2, &end, 10);
    return isalnum((unsigned char)*end) ? 0 : (size_t)(end - p);
}

int no_order_cite(const no_rules *rules, const char *text, char *out, size_t n)
{
    size_t used = 0;
    int unnamed = 0;
    out[0] = 0;
    for (const char *p = text; *p && used + 1 < n;) {
        int first, last;
        size_t len = rules->cite ? citation_at(text, p, rules->cite, &first, &last) : 0;
        const no_section *x = len ? section_of(rules, first, last) : NULL;
        unnamed += len && !x;
        if (!x) {
            out[used++] = *p++;
            out[used] = 0;
            continue;
        }
        char page[16] = "";
        if (x->page)
            snprintf(page, sizeof page, ", p. %d", x->page);
        int w = snprintf(out + used, n - used, "%s%s (%.*s)", x->name, page, (int)len, p);
        used = w < 0 || (size_t)w >= n - used ? n - 1 : used + (size_t)w;
        p += len;
    }
    return unnamed;
}

static int count_steps(const no_step *steps)
{
    int n = 0;
    while (steps[n].apply || steps[n].decide)
        n++;
    return n + 1; /* with the end */
}

static void official(const no_scenario *sc, rule_order *ro)
{
    int n = count_steps(sc->engine_rules->steps);
    memcpy(ro->steps, sc->engine_rules->steps, (size_t)n * sizeof *ro->steps);
    ro->rules = *sc->engine_rules;
    ro->rules.steps = ro->steps;
    snprintf(ro->label, sizeof ro->label, "official");
    no_order_cite(&ro->rules, ro->rules.order_rule ? ro->rules.order_rule : "", ro->what, sizeof ro->what);
}

/* The other player first in window w: its two decision steps trade places. */
static int swap_window(const no_scenario *sc, int w, rule_order *ro, char *err, size_t errlen)
{
    official(sc, ro);
    int at[2], n = 0;
    for (int i = 0; ro->steps[i].apply || ro->steps[i].decide; i++)
        if (ro->steps[i].decide && ro->steps[i].window == w && n < 2)
            at[n++] = i;
    int first = n < 2 ? 0 : no_step_actor(&sc->ctx, &ro->steps[at[0]]);
    if (n < 2 || first == no_step_actor(&sc->ctx, &ro->steps[at[1]])) {
        snprintf(err, errlen, "--swap-window %s: in %s rules no two players modify in that window", no_window_names[w],
                 sc->rules);
        return -1;
    }
    no_step t = ro->steps[at[0]];
    ro->steps[at[0]] = ro->steps[at[1]];
    ro->steps[at[1]] = t;
    snprintf(ro->label, sizeof ro->label, "swap %s", no_window_names[w]);
    snprintf(ro->what, sizeof ro->what, "%s: the %s before the %s", no_window_names[w],
             no_side_names[!first], no_side_names[first]);
    return 0;
}

/* A named step move of the rule set. */
static int named_variant(const no_scenario *sc, const char *name, rule_order *ro, char *err, size_t errlen)
{
    official(sc, ro);
    const no_rule_variant *v = sc->engine_rules->variants;
    while (v && v->name && strcmp(v->name, name))
        v++;
    if (!v || !v->name) {
        char list[256] = "";
        for (v = sc->engine_rules->variants; v && v->name; v++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", *list ? ", " : "", v->name);
        snprintf(err, errlen, "--variant %s: %s rules have %s%s", name, sc->rules, *list ? "only: " : "no named variants",
                 list);
        return -1;
    }
    no_step moved[MAX_STEPS];
    int n = count_steps(sc->engine_rules->steps), k = 0;
    const no_step *src = sc->engine_rules->steps;
    for (int i = 0; v->with && i < n; i++) /* a step that works in another order inside */
        moved[k++] = i == v->from ? (no_step)NO_APPLY(v->with) : src[i];
    for (int i = 0; !v->with && i < n; i++) {
        if (i == v->before)
            for (int j = 0; j < v->count; j++)
                moved[k++] = src[v->from + j];
        if (i < v->from || i >= v->from + v->count)
            moved[k++] = src[i];
    }
    memcpy(ro->steps, moved, (size_t)n * sizeof *moved);
    ro->rules.tidy = NULL; /* the rules' tidying assumes their own order of steps (legion.c) */
    snprintf(ro->label, sizeof ro->label, "%s", v->name);
    no_order_cite(&ro->rules, v->what, ro->what, sizeof ro->what);
    return 0;
}

/* The effects of a window that exclude and are excluded by every other one there (Legion's
 * choices of which dice Anti-Personnel upgrades, Armada's Redirect zones): one of them is used at
 * most. */
static uint32_t alternatives(const no_ctx *ctx, uint32_t set)
{
    uint32_t alt = 0;
    for (uint32_t m = set; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t others = set & ~(1u << i);
        uint32_t mutual = ctx->excluded_by[i];
        for (uint32_t k = others; k; k &= k - 1)
            if (!(ctx->excluded_by[__builtin_ctz(k)] >> i & 1))
                mutual &= ~(1u << __builtin_ctz(k));
        if (others && (others & ~mutual) == 0)
            alt |= 1u << i;
    }
    return alt;
}

static int sub_windows(const no_ctx *ctx, const rule_order *ro, sub_window *out)
{
    int n = 0;
    for (int i = 0; ro->steps[i].apply || ro->steps[i].decide; i++) {
        const no_step *st = &ro->steps[i];
        int actor = no_step_actor(ctx, st);
        uint32_t set = st->decide ? ctx->window_mods[actor][st->window] : 0;
        if (!set)
            continue;
        sub_window *w = &out[n++];
        w->actor = actor;
        w->window = st->window;
        w->permute = alternatives(ctx, set) != set; /* a window of alternatives only has no order */
        w->n = 0;
        for (; set; set &= set - 1)
            w->mods[w->n++] = __builtin_ctz(set);
    }
    return n;
}

/* Lexicographic next permutation; 0 when `a` was the last (it is then sorted again). */
static int next_permutation(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0) {
        for (int l = 0, r = n - 1; l < r; l++, r--) {
            int t = a[l]; a[l] = a[r]; a[r] = t;
        }
        return 0;
    }
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i]; a[i] = a[j]; a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = a[l]; a[l] = a[r]; a[r] = t;
    }
    return 1;
}

/* The scenario's attack with a player's commitment: in each window, an effect excludes the ones
 * listed before it (they may not be used after it). */
static void commit(const sub_window *w, int nw, no_ctx *ctx)
{
    for (int s = 0; s < nw; s++)
        for (int i = 0; i < w[s].n; i++)
            for (int j = i + 1; j < w[s].n; j++)
                ctx->mods[w[s].mods[j]].excludes |= 1u << w[s].mods[i];
    no_ctx_index(ctx);
}

static int run_row(const no_scenario *sc, const rule_order *ro, const no_ctx *ctx, const no_run_opts *opts,
                   no_summary *out, char *err, size_t errlen)
{
    no_scenario *copy = malloc(sizeof *copy);
    if (!copy)
        abort();
    *copy = *sc;
    copy->ctx = *ctx;
    copy->attacks[0] = *ctx;
    copy->engine_rules = &ro->rules;
    int rc = no_run(copy, opts, out, err, errlen);
    free(copy);
    return rc;
}

static void flatten(const sub_window *w, int nw, row *r)
{
    r->nseq = 0;
    for (int s = 0; s < nw; s++)
        for (int i = 0; i < w[s].n; i++)
            r->seq[r->nseq++] = w[s].mods[i];
}

static int same_results(const no_summary *a, const no_summary *b)
{
    for (int k = 0; k <= NO_MAX_DAMAGE; k++)
        if (fabs(a->pmf[k].p - b->pmf[k].p) > SAME)
            return 0;
    return fabs(a->kill.p - b->kill.p) <= SAME;
}

static double max_difference(const no_summary *a, const no_summary *ref)
{
    double d = 0;
    for (int k = 0; k <= NO_MAX_DAMAGE; k++) {
        double x = fabs(a->at_least[k].p - ref->at_least[k].p);
        d = x > d ? x : d;
    }
    return d;
}

/* The largest change between two results: in any P(damage >= k), or in P(kill). */
static double results_gap(const no_summary *a, const no_summary *b)
{
    double d = max_difference(a, b), k = fabs(a->kill.p - b->kill.p);
    return k > d ? k : d;
}

/* One scenario's rows: for each rule order, the policy's own play and every fixed order. */
typedef struct table {
    const no_scenario *sc;
    rule_order *ro;
    int nro;
    row *rows;
    int nrows;
    int labels_by_side;      /* two effects share a name: labels say whose */
} table;

static int build_table(table *t, const no_order_opts *o, char *err, size_t errlen)
{
    const no_scenario *sc = t->sc;
    if (sc->nattacks) {
        snprintf(err, errlen, "%s: order looks at one attack (this scenario has %d)", sc->file, sc->nattacks);
        return -1;
    }
    t->ro = calloc(MAX_RULE_ORDERS, sizeof *t->ro);
    if (!t->ro)
        abort();
    official(sc, &t->ro[0]);
    t->nro = 1;
    for (int i = 0; i < o->nswap; i++)
        if (swap_window(sc, o->swap[i], &t->ro[t->nro++], err, errlen))
            return -1;
    for (int i = 0; i < o->nvariant; i++)
        if (named_variant(sc, o->variant[i], &t->ro[t->nro++], err, errlen))
            return -1;
    t->rows = calloc((size_t)t->nro * (NO_ORDER_MAX_ORDERS + 1), sizeof *t->rows);
    if (!t->rows)
        abort();
    for (int r = 0; r < t->nro; r++) {
        sub_window w[MAX_STEPS];
        int nw = sub_windows(&sc->ctx, &t->ro[r], w);
        long orders = 1;
        for (int s = 0; s < nw; s++)
            for (int k = 2; w[s].permute && k <= w[s].n; k++)
                orders *= k;
        if (orders > NO_ORDER_MAX_ORDERS) {
            snprintf(err, errlen, "%s: %ld orders of the effects (more than %d): take some effects out to see "
                     "their orders", sc->file, orders, NO_ORDER_MAX_ORDERS);
            return -1;
        }
        row *free_play = &t->rows[t->nrows++];
        free_play->ro = r;
        flatten(w, nw, free_play);
        if (run_row(sc, &t->ro[r], &sc->ctx, &o->run, &free_play->sum, err, errlen))
            return -1;
        for (;;) {
            row *x = &t->rows[t->nrows++];
            x->ro = r;
            x->fixed = 1;
            flatten(w, nw, x);
            no_ctx ctx = sc->ctx;
            commit(w, nw, &ctx);
            if (run_row(sc, &t->ro[r], &ctx, &o->run, &x->sum, err, errlen))
                return -1;
            int s = nw - 1; /* the next order: an odometer of permutations */
            while (s >= 0 && !(w[s].permute && next_permutation(w[s].mods, w[s].n)))
                s--;
            if (s < 0)
                break;
        }
    }
    /* groups, the policy's choice, differences from the reference (row 0) */
    const no_summary *ref = &t->rows[0].sum;
    for (int i = 0; i < t->nrows; i++) {
        row *x = &t->rows[i];
        x->leader = i;
        for (int j = 0; j < i; j++)
            if (t->rows[j].ro == x->ro && t->rows[j].fixed && x->fixed && same_results(&t->rows[j].sum, &x->sum)) {
                x->leader = t->rows[j].leader;
                break;
            }
        const row *play = &t->rows[i];
        while (play->fixed)
            play--; /* its rule order's own play comes first */
        x->policy_choice = same_results(&play->sum, &x->sum);
        x->max_diff = max_difference(&x->sum, ref);
        x->mean_diff = x->sum.mean - ref->mean;
    }
    for (int i = 0; i < sc->ctx.nmods; i++)
        for (int j = i + 1; j < sc->ctx.nmods; j++)
            if (!sc->ctx.mods[i].chained && !sc->ctx.mods[j].chained &&
                !strcmp(sc->ctx.mods[i].name, sc->ctx.mods[j].name))
                t->labels_by_side = 1;
    return 0;
}

static void free_table(table *t)
{
    for (int i = 0; i < t->nrows; i++)
        no_summary_free(&t->rows[i].sum);
    free(t->rows);
    free(t->ro);
}

static void label(const table *t, int m, char *out, size_t n)
{
    const no_modifier *md = &t->sc->ctx.mods[m];
    if (t->labels_by_side)
        snprintf(out, n, "%s %s", no_side_names[md->side], md->name);
    else
        snprintf(out, n, "%s", md->name);
}

static void order_text(const table *t, const row *x, char *out, size_t n)
{
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < x->nseq && used + 50 < n; i++) {
        char l[64];
        label(t, x->seq[i], l, sizeof l);
        used += (size_t)snprintf(out + used, n - used, "%s%s", i ? ", " : "", l);
    }
    if (!x->nseq)
        snprintf(out, n, "(no effects)");
}

/* Does a fixed row show on its own (it leads its group, and the free play is not the same)? */
static int shows(const table *t, int i)
{
    const row *x = &t->rows[i];
    if (!x->fixed) { /* the free play shows when no fixed order gives its results */
        for (int j = i + 1; j < t->nrows && t->rows[j].fixed; j++)
            if (t->rows[j].policy_choice)
                return 0;
        return 1;
    }
    return x->leader == i;
}

static int is_official(const row *x) { return x->ro == 0 && x->policy_choice; }

static cJSON *order_json(const table *t, const row *x)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < x->nseq; i++) {
        char l[64];
        label(t, x->seq[i], l, sizeof l);
        cJSON_AddItemToArray(a, cJSON_CreateString(l));
    }
    return a;
}

/* ---- the verdict: does the order a player commits to change the results? ---- */

typedef struct verdict {
    int matters;              /* the fixed orders' results differ (beyond the Monte Carlo error) */
    int orders, distinct;     /* fixed orders under the official rules; how many different results */
    const row *most, *least;  /* those that deal the most and the least mean damage */
    double spread, spread_se; /* most - least, and its standard error (Monte Carlo) */
    double max_diff;          /* the largest change in any P(damage >= k) or P(kill) between two */
    char text[720];
} verdict;

/* The verdict from the fixed orders of the official rules (rule order 0), as the table shows them. */
static void judge(const table *t, verdict *v)
{
    memset(v, 0, sizeof *v);
    for (int i = 0; i < t->nrows; i++) {
        const row *x = &t->rows[i];
        if (!x->fixed || x->ro)
            continue;
        v->orders++;
        v->distinct += x->leader == i;
        v->most = !v->most || x->sum.mean > v->most->sum.mean + SAME ? x : v->most;
        v->least = !v->least || x->sum.mean < v->least->sum.mean - SAME ? x : v->least;
        for (int j = 0; j < i; j++)
            if (t->rows[j].fixed && !t->rows[j].ro && results_gap(&x->sum, &t->rows[j].sum) > v->max_diff)
                v->max_diff = results_gap(&x->sum, &t->rows[j].sum);
    }
    const no_summary *hi = &v->most->sum, *lo = &v->least->sum;
    const char *word = t->sc->game->damage_word;
    v->spread = hi->mean - lo->mean;
    v->spread_se = sqrt(hi->mean_se * hi->mean_se + lo->mean_se * lo->mean_se);
    char most[256], least[256], amount[64];
    if (hi->exact)
        snprintf(amount, sizeof amount, "%.4g", v->spread);
    else
        snprintf(amount, sizeof amount, "%.4f ± %.4f", v->spread, v->spread_se);
    order_text(t, v->most, most, sizeof most);
    order_text(t, v->least, least, sizeof least);
    v->matters = v->distinct > 1 && (hi->exact || v->spread > CLEAR_SE * v->spread_se);
    if (v->distinct == 1 && v->orders == 1)
        snprintf(v->text, sizeof v->text, "no order changes the result: there is one order to play (no "
                 "moment where a player could use two effects in either order)");
    else if (v->distinct == 1)
        snprintf(v->text, sizeof v->text, "no order changes the result: the %d orders give the same results",
                 v->orders);
    else if (!v->matters)
        snprintf(v->text, sizeof v->text, "no order changes the mean %s beyond the Monte Carlo error (the "
                 "largest difference is %s; --exact to be sure)", word, amount);
    else if (v->spread > SAME)
        snprintf(v->text, sizeof v->text, "the order matters: %s %s between the best and the worst order "
                 "(%s: %.4f against %s: %.4f)", amount, word, most, hi->mean, least, lo->mean);
    else
        snprintf(v->text, sizeof v->text, "the order matters, though not to the mean %s: P(%s >= k) or "
                 "P(kill) changes by up to %.4g between orders", word, word, v->max_diff);
}

/* A what-if (rule order r) against the official rules, the policy's own play of each: its row,
 * and a line that says it. */
static const row *what_if_text(const table *t, int r, char *out, size_t n)
{
    const row *off = &t->rows[0], *x = off;
    while (x->ro != r || x->fixed)
        x++;
    char error[32] = "";
    if (!x->sum.exact)
        snprintf(error, sizeof error, " ± %.4f", sqrt(x->sum.mean_se * x->sum.mean_se + off->sum.mean_se * off->sum.mean_se));
    if (same_results(&x->sum, &off->sum))
        snprintf(out, n, "what-if \"%s\": the same results as the official order", t->ro[r].label);
    else
        snprintf(out, n, "what-if \"%s\": mean %s %.4f, %+.4g%s from the official order's %.4f", t->ro[r].label,
                 t->sc->game->damage_word, x->sum.mean, x->sum.mean - off->sum.mean, error, off->sum.mean);
    return x;
}

static cJSON *verdict_json(const table *t)
{
    verdict v;
    judge(t, &v);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "order_matters", v.matters);
    cJSON_AddStringToObject(o, "text", v.text);
    cJSON_AddNumberToObject(o, "orders", v.orders);
    cJSON_AddNumberToObject(o, "distinct_results", v.distinct);
    const row *ends[2] = {v.most, v.least};
    for (int e = 0; e < 2; e++) {
        cJSON *m = cJSON_AddObjectToObject(o, e ? "least" : "most");
        cJSON_AddItemToObject(m, "order", order_json(t, ends[e]));
        cJSON_AddNumberToObject(m, "mean", ends[e]->sum.mean);
    }
    cJSON_AddNumberToObject(o, "mean_spread", v.spread);
    if (!v.most->sum.exact)
        cJSON_AddNumberToObject(o, "mean_spread_stderr", v.spread_se);
    cJSON_AddNumberToObject(o, "max_difference", v.max_diff);
    cJSON *w = cJSON_AddArrayToObject(o, "what_ifs");
    for (int r = 1; r < t->nro; r++) {
        char line[400];
        const row *x = what_if_text(t, r, line, sizeof line);
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "what_if", t->ro[r].label);
        cJSON_AddBoolToObject(e, "same_results", same_results(&x->sum, &t->rows[0].sum));
        cJSON_AddNumberToObject(e, "mean", x->sum.mean);
        cJSON_AddNumberToObject(e, "mean_difference", x->sum.mean - t->rows[0].sum.mean);
        cJSON_AddStringToObject(e, "text", line);
        cJSON_AddItemToArray(w, e);
    }
    return o;
}

/* The verdict of each table (one per rule version), first in the text report. */
static void verdicts_text(FILE *f, const table *t, int n)
{
    static const char lead[] = "verdict:  ";
    const int in = (int)strlen(lead);
    fprintf(f, "\n");
    for (int i = 0; i < n; i++) {
        verdict v;
        judge(&t[i], &v);
        char line[800];
        snprintf(line, sizeof line, "%s%s%s", n > 1 ? t[i].sc->rules : "", n > 1 ? ": " : "", v.text);
        fprintf(f, "%-*s", in, i ? "" : lead);
        rep_wrap(f, line, WIDTH - in, in, WIDTH);
        for (int r = 1; r < t[i].nro; r++) { /* what the rules' what-ifs change */
            what_if_text(&t[i], r, line, sizeof line);
            fprintf(f, "%*s", in, "");
            rep_wrap(f, line, WIDTH - in, in, WIDTH);
        }
    }
}

static void table_json(cJSON *orders, const table *t)
{
    for (int i = 0; i < t->nrows; i++) {
        if (!shows(t, i))
            continue;
        const row *x = &t->rows[i];
        cJSON *e = cJSON_CreateObject();
        cJSON_AddItemToObject(e, "order", order_json(t, x));
        cJSON_AddStringToObject(e, "rules", t->sc->rules);
        cJSON_AddStringToObject(e, "rules_order", t->ro[x->ro].label);
        cJSON_AddBoolToObject(e, "fixed", x->fixed);
        cJSON_AddBoolToObject(e, "official", is_official(x));
        cJSON_AddBoolToObject(e, "policy_choice", x->policy_choice);
        cJSON *same = cJSON_AddArrayToObject(e, "same_as");
        for (int j = i + 1; j < t->nrows; j++)
            if (t->rows[j].leader == i && j != i)
                cJSON_AddItemToArray(same, order_json(t, &t->rows[j]));
        cJSON *d = cJSON_AddObjectToObject(e, "damage");
        cJSON_AddNumberToObject(d, "mean", x->sum.mean);
        if (!x->sum.exact)
            cJSON_AddNumberToObject(d, "mean_stderr", x->sum.mean_se);
        cJSON_AddItemToObject(d, "pmf", rep_array(x->sum.pmf, x->sum.max_damage + 1, 0));
        if (!x->sum.exact)
            cJSON_AddItemToObject(d, "pmf_stderr", rep_array(x->sum.pmf, x->sum.max_damage + 1, 1));
        cJSON_AddItemToObject(d, "at_least", rep_array(x->sum.at_least, x->sum.max_damage + 1, 0));
        if (x->sum.has_kill)
            cJSON_AddItemToObject(e, "kill", rep_rate_json(x->sum.kill));
        cJSON_AddNumberToObject(e, "max_difference", x->max_diff);
        cJSON_AddNumberToObject(e, "mean_difference", x->mean_diff);
        cJSON_AddItemToArray(orders, e);
    }
}

/* CSV: one row per distinct order of every table, P(damage >= k) up to the largest k of all. */
static void tables_csv(FILE *f, const table *t, int n)
{
    int maxk = 1;
    for (int i = 0; i < n; i++)
        for (int r = 0; r < t[i].nrows; r++)
            maxk = t[i].rows[r].sum.max_damage > maxk ? t[i].rows[r].sum.max_damage : maxk;
    fputs("rules,rules_order,order,fixed,official,policy_choice,mean,mean_se,p_kill,p_kill_se,max_difference,"
          "mean_difference",
          f);
    for (int k = 1; k <= maxk; k++)
        fprintf(f, ",p_ge_%d", k);
    fputs("\n", f);
    for (int i = 0; i < n; i++)
        for (int r = 0; r < t[i].nrows; r++) {
            const row *x = &t[i].rows[r];
            if (!shows(&t[i], r))
                continue;
            fprintf(f, "%s,%s,\"", t[i].sc->rules, t[i].ro[x->ro].label);
            for (int e = 0; e < x->nseq; e++) { /* the effects in order, ';' between them */
                char l[64];
                label(&t[i], x->seq[e], l, sizeof l);
                fprintf(f, "%s%s", e ? ";" : "", l);
            }
            fprintf(f, "\",%d,%d,%d,%.12g,%.12g,", x->fixed, is_official(x), x->policy_choice, x->sum.mean,
                    x->sum.mean_se);
            if (x->sum.has_kill)
                fprintf(f, "%.12g,%.12g", x->sum.kill.p, x->sum.kill.se);
            else
                fputs(",", f);
            fprintf(f, ",%.12g,%.12g", x->max_diff, x->mean_diff);
            for (int k = 1; k <= maxk; k++)
                fprintf(f, ",%.12g", x->sum.at_least[k].p);
            fputs("\n", f);
        }
}

/* One row of the table: its order wrapped in its column (with the count of the orders that give
 * the same results under it), the numbers on its first line, a Monte Carlo error on the second. */
static void row_text(FILE *f, const table *t, int i)
{
    const row *x = &t->rows[i];
    char ord[600], more[64] = "", note[64] = "";
    int at = x->fixed ? 0 : snprintf(ord, sizeof ord, "per roll: ");
    order_text(t, x, ord + at, sizeof ord - (size_t)at);
    int same = 0;
    for (int j = i + 1; j < t->nrows; j++)
        same += t->rows[j].leader == i;
    if (same)
        snprintf(more, sizeof more, "+ %d more order%s with this result", same, same == 1 ? "" : "s");
    if (is_official(x))
        snprintf(note, sizeof note, "official, policy's choice");
    else if (x->policy_choice)
        snprintf(note, sizeof note, "policy's choice");
    const char *part[2] = {ord, more}, *rest = ord;
    int p = 0, mc = !x->sum.exact;
    for (int line = 0;; line++) {
        while (p < 2 && !*rest)
            rest = ++p < 2 ? part[p] : "";
        size_t cut = rep_line_break(rest, ORDER_COLUMN, 1); /* between effects where it can */
        int pad = ORDER_COLUMN - rep_columns(rest, cut);
        if (line == 0) {
            fprintf(f, "  %-22s %.*s%*s %12.10f  ", t->ro[x->ro].label, (int)cut, rest, pad, "", x->sum.mean);
            if (x->sum.has_kill)
                fprintf(f, "%11.9f  ", x->sum.kill.p);
            else
                fprintf(f, "%11s  ", "-");
            fprintf(f, "%11.9f%s%s\n", x->max_diff, *note ? "  " : "", note);
        } else if (line == 1 && mc) {
            fprintf(f, "  %-22s %.*s%*s ± %.6f%s\n", "", (int)cut, rest, pad, "", x->sum.mean_se,
                    x->sum.has_kill ? "  (P(kill) ± shown in --format json)" : "");
        } else if (cut) {
            fprintf(f, "  %-22s %.*s\n", "", (int)cut, rest);
        } else {
            return;
        }
        rest += cut;
        while (*rest == ' ')
            rest++;
    }
}

/* `lead`, then `text` wrapped after it (the lines below indented by 2). */
static void wrap_after(FILE *f, const char *lead, const char *text)
{
    const char *line = strrchr(lead, '\n'); /* the columns lead leaves on its last line */
    line = line ? line + 1 : lead;
    fprintf(f, "%s", lead);
    rep_wrap(f, text, WIDTH - rep_columns(line, strlen(line)), 2, WIDTH);
}

static void table_text(FILE *f, const table *t)
{
    const no_scenario *sc = t->sc;
    const no_summary *ref = &t->rows[0].sum;
    char lead[128];
    snprintf(lead, sizeof lead, "\nrules %s — official order: ", sc->rules);
    wrap_after(f, lead, t->ro[0].what);
    for (int r = 1; r < t->nro; r++) {
        snprintf(lead, sizeof lead, "what-if \"%s\": ", t->ro[r].label);
        wrap_after(f, lead, t->ro[r].what);
    }
    char mean[32]; /* the game's words: "mean wounds" and "P(unit wiped)" in Legion */
    snprintf(mean, sizeof mean, "mean %s", sc->game->damage_word);
    fprintf(f, "\n  %-22s %-36s %-14s %-13s %s\n", "rules order", "order (each effect optional)", mean,
            sc->game->kill_label, "max dP(>=k)");
    for (int i = 0; i < t->nrows; i++)
        if (shows(t, i))
            row_text(f, t, i);
    fprintf(f, "\n  reference: the official order with each player ordering its own effects per roll, as the\n"
               "  policy does (mean %.10f); max dP(>=k) is the largest change in any P(damage >= k) from it.\n"
               "  Orders with the same results share a line (\"+ n more orders\"; --format json lists them).\n",
            ref->mean);
}

/* ---- the trace of one roll ---- */

/* The faces a trace gives, one queue per pool and per first roll or reroll, as the player typed
 * them ("H", "hit+hit"): which face a token is depends on the die rolled (a Legion "H" is a red,
 * black or white hit). */
enum { FACE_TOKEN = 12 };
typedef struct faces_queue {
    char tok[NO_MAX_ROLL * 4][FACE_TOKEN];
    int n, next;
} faces_queue;
enum { Q_N = NO_POOLS * 2 }; /* queue pool * 2 + (1 for the rerolls) */
static const char *const queue_keys[Q_N] = {"atk", "atk-reroll", "def", "def-reroll", "cover", "cover-reroll"};
static const char *const pool_words[NO_POOLS] = {"attack", "defense", "cover"};

/* Whether the game rolls dice into `pool` (Armada's defense pool holds Redirect's points). */
static int rolls_pool(const no_game *g, int pool)
{
    for (int f = 0; f < NO_MAX_FACES; f++)
        if (g->roll_face(pool, f, 0))
            return 1;
    return 0;
}

/* Whether `tok` names face `face` of `pool`, by its letters or its word, in any case. */
static int names_face(const no_game *g, int pool, int face, const char *tok)
{
    for (int word = 0; word < 2; word++) {
        const char *name = g->roll_face(pool, face, word);
        if (name && !strcasecmp(name, tok))
            return 1;
    }
    return 0;
}

/* The letters of the faces `pool` rolls, each once, in face order, joined by `sep` and the last by
 * `last` ("B, F, H, C or E"). */
static void letters_text(const no_game *g, int pool, const char *sep, const char *last, char *out, size_t n)
{
    const char *seen[NO_MAX_FACES];
    int k = 0;
    for (int f = 0; f < NO_MAX_FACES; f++) {
        const char *l = g->roll_face(pool, f, 0);
        int j = 0;
        while (l && j < k && strcmp(seen[j], l))
            j++;
        if (l && j == k)
            seen[k++] = l;
    }
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < k && used + 8 < n; i++)
        used += (size_t)snprintf(out + used, n - used, "%s%s", !i ? "" : i + 1 < k ? sep : last, seen[i]);
}

/* "atk=, def=, atk-reroll= or def-reroll= lists of faces (attack B F H C E, defense B F H C E)":
 * the keys and faces of the pools the game rolls. */
static void keys_text(const no_game *g, char *out, size_t n)
{
    static const int key_order[Q_N] = {0, 2, 4, 1, 3, 5}; /* the first rolls, then the rerolls */
    char keys[160] = "", faces[200] = "";
    int total = 0, listed = 0;
    size_t kused = 0, fused = 0;
    for (int p = 0; p < NO_POOLS; p++) {
        if (!rolls_pool(g, p))
            continue;
        char letters[64];
        letters_text(g, p, " ", " ", letters, sizeof letters);
        total += 2;
        fused += (size_t)snprintf(faces + fused, sizeof faces - fused, "%s%s %s", fused ? ", " : "", pool_words[p],
                                  letters);
    }
    for (int j = 0; j < Q_N; j++) {
        int i = key_order[j];
        if (!rolls_pool(g, i / 2))
            continue;
        listed++;
        kused += (size_t)snprintf(keys + kused, sizeof keys - kused, "%s%s=",
                                  listed == 1 ? "" : listed == total ? " or " : ", ", queue_keys[i]);
    }
    snprintf(out, n, "%s lists of faces (%s)", keys, faces);
}

static int parse_roll(const no_game *g, const char *spec, faces_queue *q, char *err, size_t errlen)
{
    memset(q, 0, Q_N * sizeof *q);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        int k = Q_N;
        if (eq) {
            *eq = 0;
            for (k = 0; k < Q_N && strcmp(queue_keys[k], tok); k++)
                ;
        }
        if (k == Q_N || !rolls_pool(g, k / 2)) {
            char keys[400];
            keys_text(g, keys, sizeof keys);
            if (eq)
                *eq = '=';
            snprintf(err, errlen, "--roll: expected %s, got '%s'", keys, tok);
            return -1;
        }
        char listed[64];
        letters_text(g, k / 2, ", ", " or ", listed, sizeof listed);
        for (char *save2 = NULL, *fc = strtok_r(eq + 1, ",", &save2); fc; fc = strtok_r(NULL, ",", &save2)) {
            int f = 0;
            while (f < NO_MAX_FACES && !names_face(g, k / 2, f, fc))
                f++;
            if (f == NO_MAX_FACES || q[k].n >= (int)(sizeof q[k].tok / sizeof q[k].tok[0])) {
                snprintf(err, errlen, "--roll: %s: expected faces %s separated by commas, got '%s'",
                         queue_keys[k], listed, fc);
                return -1;
            }
            snprintf(q[k].tok[q[k].n++], FACE_TOKEN, "%s", fc);
        }
    }
    return 0;
}

/* The pending roll of `s` with faces from the queues (the rerolls' when `reroll`); 0, or -1 when
 * they run out or do not fit. */
static int forced_roll(const no_scenario *sc, const no_ctx *ctx, no_state *s, faces_queue *q, int reroll, char *why,
                       size_t n)
{
    while (no_pending_die(s) >= 0) {
        int die = no_pending_die(s), k = s->roll[die], pool = s->roll_pool;
        faces_queue *from = &q[pool * 2 + reroll];
        const no_die *kind = ctx->dice[die]->die;
        if (from->next + k > from->n) {
            snprintf(why, n, "the faces given run out: %s= lists %d, this roll needs %d more", queue_keys[from - q],
                     from->n, from->next + k - from->n);
            return -1;
        }
        uint8_t faces[NO_MAX_ROLL];
        for (int j = 0; j < k; j++) {
            const char *tok = from->tok[from->next + j];
            int r = 0;
            while (r < kind->nresults && !names_face(sc->game, pool, kind->face[r], tok))
                r++;
            if (r == kind->nresults) {
                snprintf(why, n, "%s=: a %s has no '%s' face", queue_keys[from - q], kind->name, tok);
                return -1;
            }
            faces[j] = kind->face[r];
        }
        from->next += k;
        no_state child;
        no_roll_outcome(ctx, s, no_roll_rank(ctx->dice[die], faces, k), &child);
        *s = child;
    }
    return 0;
}

/* Walks one row with the given faces, one line (or JSON step) per roll and per effect used: its
 * heading to `head`, the steps and result to `f`. */
static void trace_row(FILE *head, FILE *f, cJSON *list, const table *t, const row *x, const faces_queue *given)
{
    const no_scenario *sc = t->sc;
    no_ctx ctx = sc->ctx;
    if (x->fixed) {
        sub_window w[MAX_STEPS];
        int nw = sub_windows(&ctx, &t->ro[x->ro], w);
        for (int s = 0, i = 0; s < nw; s++) /* the row's own order */
            for (int j = 0; j < w[s].n; j++)
                w[s].mods[j] = x->seq[i++];
        commit(w, nw, &ctx);
    }
    ctx.keep_dice = 1;
    ctx.deck = NULL; /* cards are not traced */
    no_scenario *view = malloc(sizeof *view);
    no_option *opts = malloc(NO_MAX_OPTIONS * sizeof *opts);
    if (!view || !opts)
        abort();
    *view = *sc;
    view->ctx = ctx;
    const no_rules *rules = &t->ro[x->ro].rules;
    faces_queue q[Q_N];
    memcpy(q, given, sizeof q);
    char ord[512], why[200] = "";
    order_text(t, x, ord, sizeof ord);
    cJSON *steps = NULL;
    if (list) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "rules", sc->rules);
        cJSON_AddStringToObject(e, "rules_order", t->ro[x->ro].label);
        cJSON_AddItemToObject(e, "order", order_json(t, x));
        cJSON_AddBoolToObject(e, "fixed", x->fixed);
        steps = cJSON_AddArrayToObject(e, "steps");
        cJSON_AddItemToArray(list, e);
        list = e;
    } else {
        fprintf(head, "\n%s, %s%s%s\n", t->ro[x->ro].label, x->fixed ? "order " : "each player's order per roll: ", ord,
                is_official(x) ? " (official, policy's choice)" : x->policy_choice ? " (policy's choice)" : "");
    }
    int rolls_defense = rolls_pool(sc->game, NO_POOL_DEFENSE);
    const char *defense_label = rolls_defense ? "defense" : "points", *defense_key = rolls_defense ? "defense_dice" : "points";
    no_state s = ctx.start;
    int actor, window, at, asked = -1; /* the op of the effect that asked for the roll pending */
    char what[200] = "";
    while ((at = no_advance(&ctx, rules, &s, &actor, &window)) != NO_AT_END) {
        char atk[160], def[160], cover[160];
        int pool = -1;
        if (at == NO_AT_ROLL) {
            pool = s.roll_pool;
            if (asked < 0) /* a reroll's line names the effect that asked */
                snprintf(what, sizeof what, "%s roll", pool_words[pool]);
            if (forced_roll(sc, &ctx, &s, q, asked == NO_OP_REROLL, why, sizeof why)) {
                if (asked >= 0) { /* say which effect's roll it was */
                    char at_what[sizeof why];
                    snprintf(at_what, sizeof at_what, "at \"%.60s\": %.*s", what, (int)sizeof at_what - 70, why);
                    snprintf(why, sizeof why, "%s", at_what);
                }
                break;
            }
            asked = -1;
        } else if (at == NO_AT_DECISION) {
            int chosen;
            no_value v;
            if (no_decide(&ctx, rules, &s, actor, window, opts, &chosen, &v)) {
                snprintf(why, sizeof why, "the attack is too large to trace");
                break;
            }
            if (chosen < 0) {
                s.step++;
                continue;
            }
            char o[160];
            rep_option_text(view, &s, &opts[chosen], o, sizeof o);
            snprintf(what, sizeof what, "%s %s", no_side_names[actor], o);
            pool = ctx.mods[opts[chosen].mod].pool;
            no_mod_apply(&ctx, &s, &opts[chosen]);
            if (no_pending_die(&s) >= 0) {
                asked = (int)ctx.mods[opts[chosen].mod].op; /* a reroll takes the -reroll= faces */
                continue; /* the roll's line shows the new faces */
            }
        } else {
            break; /* a card draw: not traced */
        }
        rep_pool_text(view, &s.pool[NO_POOL_ATTACK], NO_POOL_ATTACK, atk, sizeof atk);
        rep_pool_text(view, &s.pool[NO_POOL_DEFENSE], NO_POOL_DEFENSE, def, sizeof def);
        int covered = no_pool_total(&s.pool[NO_POOL_COVER]) > 0; /* Legion's cover pool, once rolled */
        int defended = rolls_defense || no_pool_total(&s.pool[NO_POOL_DEFENSE]) > 0;
        rep_pool_text(view, &s.pool[NO_POOL_COVER], NO_POOL_COVER, cover, sizeof cover);
        if (steps) {
            cJSON *e = cJSON_CreateObject();
            cJSON_AddStringToObject(e, "step", what);
            cJSON_AddStringToObject(e, "attack_dice", atk);
            if (defended)
                cJSON_AddStringToObject(e, defense_key, def);
            if (covered)
                cJSON_AddStringToObject(e, "cover_dice", cover);
            cJSON_AddItemToArray(steps, e);
        } else {
            char line[800];
            int wwhat = (int)strlen(what) < 44 ? 44 : (int)strlen(what) + 1; /* columns give way to long texts */
            int watk = (int)strlen(atk) < 24 ? 24 : (int)strlen(atk) + 1;
            int len = snprintf(line, sizeof line, "  %-*s attack: %-*s %s%s%s%s%s", wwhat, what, watk, atk,
                               defended ? defense_label : "", defended ? ": " : "", defended ? def : "",
                               covered ? "  cover: " : "", covered ? cover : "");
            while (len > 0 && line[len - 1] == ' ') /* no padding left at the end */
                line[--len] = 0;
            fprintf(f, "%s\n", line);
        }
    }
    if (*why) {
        if (list)
            cJSON_AddStringToObject(list, "stopped", why);
        else
            fprintf(f, "  (stopped: %s)\n", why);
    } else if (list) {
        cJSON_AddNumberToObject(list, "hits", s.hits);
        cJSON_AddNumberToObject(list, "crits", s.crits);
        cJSON_AddNumberToObject(list, "damage", s.damage);
    } else {
        fprintf(f, "  result: %d hit%s and %d crit%s stand; %d %s\n", s.hits, s.hits == 1 ? "" : "s", s.crits,
                s.crits == 1 ? "" : "s", s.damage, no_report_unit(sc));
    }
    free(opts);
    free(view);
}

/* Every order's trace; in text, orders whose traces read the same share one (the first, counted). */
static void trace_table(FILE *f, cJSON *list, const table *t, const faces_queue *q)
{
    if (list) {
        for (int i = 0; i < t->nrows; i++)
            if (t->rows[i].fixed || shows(t, i))
                trace_row(NULL, NULL, list, t, &t->rows[i], q);
        return;
    }
    char **head = calloc((size_t)t->nrows, sizeof *head), **body = calloc((size_t)t->nrows, sizeof *body);
    int *same = calloc((size_t)t->nrows, sizeof *same), n = 0;
    if (!head || !body || !same)
        abort();
    for (int i = 0; i < t->nrows; i++) {
        if (!t->rows[i].fixed && !shows(t, i))
            continue;
        size_t hn, bn;
        FILE *hf = open_memstream(&head[n], &hn), *bf = open_memstream(&body[n], &bn);
        if (!hf || !bf)
            abort();
        trace_row(hf, bf, NULL, t, &t->rows[i], q);
        fclose(hf);
        fclose(bf);
        int j = 0;
        while (j < n && strcmp(body[j], body[n]))
            j++;
        if (j < n) { /* the same steps as an earlier order */
            same[j]++;
            free(head[n]);
            free(body[n]);
        } else {
            n++;
        }
    }
    for (int j = 0; j < n; j++) {
        fputs(head[j], f);
        fputs(body[j], f);
        if (same[j])
            fprintf(f, "  (%d more order%s give%s this same trace; --format json lists each)\n", same[j],
                    same[j] == 1 ? "" : "s", same[j] == 1 ? "s" : "");
        free(head[j]);
        free(body[j]);
    }
    free(head);
    free(body);
    free(same);
}

/* The editions (or rule versions) side by side: the official row of each. */
static void editions_text(FILE *f, const table *t, int n)
{
    int maxk = 0;
    for (int i = 0; i < n; i++)
        maxk = t[i].rows[0].sum.max_damage > maxk ? t[i].rows[0].sum.max_damage : maxk;
    const no_game *g = t[0].sc->game; /* one game's rule versions */
    char mean[32];
    snprintf(mean, sizeof mean, "mean %s", g->damage_word);
    fprintf(f, "\nrule versions side by side (official order, policy's choice)\n  %-10s %-14s %-12s", "rules", mean,
            g->kill_label);
    for (int k = 1; k <= maxk; k++)
        fprintf(f, " P(>=%d)%-5s", k, "");
    fprintf(f, "\n");
    for (int i = 0; i < n; i++) {
        const no_summary *s = &t[i].rows[0].sum;
        fprintf(f, "  %-10s %12.10f  ", t[i].sc->rules, s->mean);
        if (s->has_kill)
            fprintf(f, "%11.9f ", s->kill.p);
        else
            fprintf(f, "%11s ", "-");
        for (int k = 1; k <= maxk; k++)
            fprintf(f, " %11.9f", s->at_least[k].p);
        fprintf(f, "\n");
    }
}

int no_report_orders(FILE *f, no_scenario *const *scs, int nsc, const no_order_opts *o, char *err, size_t errlen)
{
    faces_queue q[Q_N];
    if (o->roll) {
        if (!scs[0]->game->roll_face) {
            snprintf(err, errlen, "--roll: %s has no traces", scs[0]->game->name);
            return -1;
        }
        if (parse_roll(scs[0]->game, o->roll, q, err, errlen))
            return -1;
    }
    table *t = calloc((size_t)nsc, sizeof *t);
    if (!t)
        abort();
    int rc = 0;
    for (int i = 0; i < nsc && !rc; i++) {
        t[i].sc = scs[i];
        rc = build_table(&t[i], o, err, errlen);
    }
    if (rc == 0) {
        const no_scenario *sc = scs[0];
        const no_summary *s0 = &t[0].rows[0].sum;
        if (o->format == NO_FMT_CSV) {
            tables_csv(f, t, nsc);
        } else if (o->format == NO_FMT_JSON) {
            cJSON *root = cJSON_CreateObject();
            cJSON_AddStringToObject(root, "neverodds", NO_VERSION);
            cJSON_AddStringToObject(root, "game", sc->game->name);
            cJSON_AddStringToObject(root, "scenario", sc->name);
            cJSON_AddStringToObject(root, "method", s0->exact ? "exact" : "monte-carlo");
            if (!s0->exact) {
                cJSON_AddNumberToObject(root, "trials", (double)s0->trials);
                cJSON_AddNumberToObject(root, "seed", (double)o->run.seed);
            }
            cJSON *pol = cJSON_AddObjectToObject(root, "policy");
            for (int side = 0; side < NO_SIDES; side++)
                cJSON_AddStringToObject(pol, no_side_names[side], no_policies[sc->ctx.policy[side]].name);
            cJSON *rules = cJSON_AddArrayToObject(root, "rules");
            for (int i = 0; i < nsc; i++) {
                cJSON *e = cJSON_CreateObject();
                cJSON_AddStringToObject(e, "rules", t[i].sc->rules);
                cJSON_AddStringToObject(e, "official_order", t[i].ro[0].what);
                cJSON_AddItemToObject(e, "verdict", verdict_json(&t[i]));
                for (int r = 1; r < t[i].nro; r++) {
                    char key[96];
                    snprintf(key, sizeof key, "what_if %s", t[i].ro[r].label);
                    cJSON_AddStringToObject(e, key, t[i].ro[r].what);
                }
                cJSON_AddItemToArray(rules, e);
            }
            cJSON *orders = cJSON_AddArrayToObject(root, "orders");
            for (int i = 0; i < nsc; i++)
                table_json(orders, &t[i]);
            if (o->roll) {
                cJSON *traces = cJSON_AddArrayToObject(root, "traces");
                cJSON_AddStringToObject(root, "roll", o->roll);
                for (int i = 0; i < nsc; i++)
                    trace_table(f, traces, &t[i], q);
            }
            rep_print_json(f, root);
        } else {
            fprintf(f, "neverodds %s — modifier orders, policy %s (attacker) / %s (defender)\n", NO_VERSION,
                    no_policies[sc->ctx.policy[NO_ATTACKER]].name, no_policies[sc->ctx.policy[NO_DEFENDER]].name);
            fprintf(f, "scenario: %s%s%s%s\n", sc->file, *sc->name ? " (" : "", sc->name, *sc->name ? ")" : "");
            if (s0->exact)
                fprintf(f, "method:   exact\n");
            else
                fprintf(f, "method:   monte-carlo, %llu trials, seed %llu (± is one standard error)\n",
                        (unsigned long long)s0->trials, (unsigned long long)o->run.seed);
            verdicts_text(f, t, nsc);
            for (int i = 0; i < nsc; i++)
                table_text(f, &t[i]);
            if (nsc > 1)
                editions_text(f, t, nsc);
            if (o->roll) {
                fprintf(f, "\ntrace of the roll \"%s\" (the policy's choices; cards not drawn)\n", o->roll);
                for (int i = 0; i < nsc; i++)
                    trace_table(f, NULL, &t[i], q);
            }
        }
    }
    for (int i = 0; i < nsc; i++)
        free_table(&t[i]);
    free(t);
    return rc;
}
