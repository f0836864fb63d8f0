/* sequence.c — several attacks in a row, each starting from what the one before left (attacks on
 * one defender carry its state; the pools of a Legion attack action share the attacking unit's
 * tokens), and shots to kill (one attack repeated). A situation is an attack as some end of the
 * one before leaves it (the game's carry rule builds it); situations are compiled when first
 * reached. Under the optimal policy an attack values its ends by what the later attacks make of
 * them (backward induction through the compiler's future hook); otherwise each attack decides
 * alone and equal situations of different attacks share one compiled graph. The exact driver
 * then pushes probability forward through the situations; the Monte Carlo driver samples each
 * situation for the trials that reached it, compiling a situation only once a trial reaches it
 * when nothing looks ahead. Exact shots to kill with a damage deck, whose situations differ
 * mostly in the cards seen, deal the damage apart from the dice (dealt.c): a situation then has
 * no graph of its own, but its ends. */
#include "neverodds/run.h"
#include "neverodds/summary.h"
#include "run/dealt.h"
#include "run/finder.h"
#include <stddef.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SITUATIONS 32768 /* in one attack of a sequence (i << 16 in bucket_seed stays apart) */
#define NOT_YET (-2)        /* situation::next of an end no trial has reached yet (lazy) */
#define WAVE_BATCH 64       /* situations of a wave compiled (or dealt) before they are linked */
#define TOTALS (NO_MAX_DAMAGE + 1)

struct sequence;

typedef struct situation {
    no_future future;   /* first: the compiler's hook finds the situation from it */
    struct sequence *seq;
    int attack, index;  /* q->sit[attack][index] is this situation */
    no_ctx ctx;         /* the attack as it starts here */
    no_graph *graph;    /* compiled; shared with an equal situation of another attack */
    const struct situation *twin; /* the situation whose graph it shares (NULL: its own) */
    uint64_t start;     /* start_key_hash of its context: its start_hash in any attack */
    int *next;          /* per terminal: its situation in the next attack; -1: nothing left */
    int linked;         /* next is complete (compiled depth first, a twin may still be linking) */
    double *term;       /* exact: each terminal's probability from here (a twin reads its own), then
                         * from term[nterm + 1] the modifiers' use on the way (no_exact_used); dealt
                         * apart: each end's */
    /* Dealt apart (exact shots to kill with a deck, dealt.h): no graph but its dice part's,
     * q->dice.part[dice], and its ends (end, until linked), each with its probability (term)
     * and the next situation it leads to (next), those that lead alike merged once linked. */
    int dice;           /* -1: compiled whole */
    int nend;
    no_state *end;
    size_t states;      /* the states its damage parts visited */
} situation;

/* Situations are found by hashing (finder.h), not by scanning: a long sequence with the damage
 * deck has hundreds per attack. */

typedef struct sequence {
    const no_scenario *sc;
    finder starts;      /* situations by attack and start */
    finder graphs;      /* compiled graphs by the whole context, when no side looks ahead */
    int repeat;         /* shots to kill: attack 0 again and again, its situations in one list */
    int rounds;         /* shots to kill, one a round: the game's round rule between shots */
    int lazy;           /* Monte Carlo without look-ahead: a situation is compiled once a trial reaches it */
    int waves;          /* exact without look-ahead: compile_in_waves, on `threads` threads */
    int threads;
    int split;          /* exact shots to kill with a deck: the damage dealt apart from the dice */
    int limit;          /* situations an attack may have (0: MAX_SITUATIONS), exact shots to kill's */
    dice_parts dice;
    int same_as[NO_MAX_ATTACKS]; /* the first attack defined byte for byte as this one */
    situation **sit[NO_MAX_ATTACKS];
    int nsit[NO_MAX_ATTACKS];
    int failed;
    char err[NO_ERR_LEN];
} sequence;

static int compile_situation(sequence *q, situation *st);

/* The situation compiled its graph (and frees it); a twin reads its twin's. */
static int owns_graph(const situation *st) { return st->graph && !st->twin; }

/* Two situations of one attack are the same when their keywords, start, hull and shields agree:
 * the carry rules change nothing else, and the modifiers follow from those. */
typedef struct start_key {
    int attack;
    const no_ctx *ctx;
} start_key;

/* A start's hash without its attack (what same_start compares), and with it. */
static uint64_t start_key_hash(const no_ctx *c)
{
    int head[2] = {c->hull, c->shields};
    uint64_t h = finder_hash(FINDER_SEED, head, sizeof head);
    h = finder_hash(h, c->kw, sizeof c->kw);
    return finder_hash(h, &c->start, sizeof c->start);
}

static uint64_t start_hash(int attack, uint64_t key)
{
    return finder_hash(key, &attack, sizeof attack);
}

static int same_start(const void *items, const found *f, const void *key)
{
    const sequence *q = items;
    const start_key *k = key;
    const no_ctx *a = &q->sit[f->attack][f->index]->ctx, *b = k->ctx;
    return f->attack == k->attack && a->hull == b->hull && a->shields == b->shields &&
           !memcmp(a->kw, b->kw, sizeof a->kw) && !memcmp(&a->start, &b->start, sizeof a->start);
}

/* Graphs are shared by equal contexts, byte for byte. */
static uint64_t context_hash(const no_ctx *c)
{
    return finder_hash(FINDER_SEED, c, sizeof *c);
}

static int same_context(const void *items, const found *f, const void *key)
{
    const sequence *q = items;
    return !memcmp(&q->sit[f->attack][f->index]->ctx, key, sizeof(no_ctx));
}

/* A new situation of attack a, starting as `ctx` (`key`: its start_key_hash), not compiled yet. */
static int add_situation(sequence *q, int a, const no_ctx *ctx, uint64_t key)
{
    if (q->nsit[a] % 64 == 0) {
        q->sit[a] = realloc(q->sit[a], (size_t)(q->nsit[a] + 64) * sizeof *q->sit[a]);
        if (!q->sit[a])
            abort();
    }
    situation *st = calloc(1, sizeof *st);
    if (!st)
        abort();
    int i = q->nsit[a]++;
    *st = (situation){.seq = q, .attack = a, .index = i, .ctx = *ctx, .start = key, .dice = -1};
    q->sit[a][i] = st;
    finder_add(&q->starts, start_hash(a, key), a, i);
    return i;
}

/* The situation of attack a starting as ctx (`key`: its start_key_hash): found, or added and,
 * outside waves, compiled; -1 when there are too many. */
static int situation_of(sequence *q, int a, const no_ctx *ctx, uint64_t key)
{
    start_key want = {a, ctx};
    const found *f = finder_find(&q->starts, start_hash(a, key), same_start, q, &want);
    if (f)
        return f->index;
    int limit = q->limit ? q->limit : MAX_SITUATIONS;
    if (q->nsit[a] == limit) {
        q->failed = 1;
        snprintf(q->err, sizeof q->err, "%s: attack %d can start in more than %d ways", q->sc->file, a + 1, limit);
        return -1;
    }
    int i = add_situation(q, a, ctx, key);
    if (!q->waves) /* in waves it is compiled with the others found with it */
        compile_situation(q, q->sit[a][i]);
    return i;
}

/* The situation of attack a + 1 that end `end` of situation `from` leads to, compiled; -1 when
 * there is no next attack or nothing left to attack. */
static int next_situation(sequence *q, const situation *from, const no_state *end)
{
    int a = q->repeat ? 0 : from->attack + 1;
    if ((!q->repeat && a >= q->sc->nattacks) || q->failed)
        return -1;
    no_ctx next;
    int rc = q->sc->carry(q->sc, a, &from->ctx, end, &next);
    if (!rc && q->rounds)
        rc = q->sc->new_round(q->sc, &next);
    if (rc < 0 && !q->failed) {
        q->failed = 1;
        snprintf(q->err, sizeof q->err, "%s: attack %d: the defender's token states need more than %d "
                 "modifiers in one attack", q->sc->file, a + 1, NO_MAX_MODS);
    }
    if (rc)
        return -1;
    return situation_of(q, a, &next, start_key_hash(&next));
}

/* The compiler's future hook: an end is worth what the next attack makes of it from there. */
static void future_value(const no_future *f, const no_state *end, no_value *out)
{
    const situation *from = (const situation *)((const char *)f - offsetof(situation, future));
    int i = next_situation(from->seq, from, end);
    if (i >= 0) /* never in repeat mode: its attacks value nothing after them */
        *out = from->seq->sit[from->attack + 1][i]->graph->value;
}

/* A compiled graph for the same attack from the same start, in any attack of the sequence: when
 * no side looks ahead, an attack's choices depend on nothing else, so the graph can be shared
 * (contexts are built by copies of zeroed scenarios, so their padding compares too). */
static const situation *shared_graph(const sequence *q, const no_ctx *ctx)
{
    const found *f = finder_find(&q->graphs, context_hash(ctx), same_context, q, ctx);
    return f ? q->sit[f->attack][f->index] : NULL;
}

/* Gives st its graph: an equal situation's when nothing looks ahead, else a new one, to be
 * compiled (returns 1). */
static int assign_graph(sequence *q, situation *st)
{
    st->future.value = future_value;
    int ahead = no_looks_ahead(&st->ctx) && !q->repeat && st->attack + 1 < q->sc->nattacks;
    st->ctx.future = ahead ? &st->future : NULL;
    st->twin = ahead ? NULL : shared_graph(q, &st->ctx);
    if (st->twin) {
        st->graph = st->twin->graph;
        return 0;
    }
    st->graph = calloc(1, sizeof *st->graph);
    if (!st->graph)
        abort();
    if (!ahead) /* equal situations found from now on share it */
        finder_add(&q->graphs, context_hash(&st->ctx), st->attack, st->index);
    return 1;
}

/* Each terminal's probability from st's start, computed once per compiled graph: a situation
 * that shares its twin's graph reads the twin's. */
static const double *terminal_probabilities(situation *st)
{
    if (st->twin && st->twin->term)
        return st->twin->term;
    if (!st->term) {
        if (!(st->term = calloc((size_t)st->graph->nterm + 1 + NO_MAX_MODS, sizeof *st->term)))
            abort();
        no_exact(&st->ctx, st->graph, st->term);
        no_exact_used(&st->ctx, st->graph, st->term + st->graph->nterm + 1);
    }
    return st->term;
}

/* Compiles st's graph; safe to run for several situations at once. */
static int compile_graph(sequence *q, situation *st)
{
    char why[200];
    if (!no_compile(&st->ctx, q->sc->engine_rules, NO_STATE_BUDGET, st->graph, why, sizeof why)) {
        if (q->waves) /* its terminals' probabilities too, while on the threads */
            terminal_probabilities(st);
        return 0;
    }
#pragma omp critical(sequence_error)
    {
        if (!q->failed)
            snprintf(q->err, sizeof q->err, "%s: attack %d of %d: %s", q->sc->file, st->attack + 1,
                     q->sc->nattacks, why);
        q->failed = 1;
    }
    return -1;
}

/* Where each end of st leads: the next attack's situation (found, or added). An end is carried
 * into the next attack by the scenario's rule, which reads only the end, the start and the next
 * attack's definition. So when st shares its graph with a twin that is linked already, and the
 * attacks after the two are defined alike, end t leads where the twin's end t led: the same
 * start, in st's next attack. Exact sequences of equal attacks skip most of the carrying that
 * way (10 attacks with the damage deck: 1.85 -> 1.50 s on one thread when it came). */
static int link_ends(sequence *q, situation *st)
{
    st->next = malloc((size_t)(st->graph->nterm ? st->graph->nterm : 1) * sizeof *st->next);
    if (!st->next)
        abort();
    const situation *twin = st->twin;
    int a = st->attack + 1, shared = !q->repeat && twin && twin->linked && a < q->sc->nattacks &&
                                     q->same_as[twin->attack + 1] == q->same_as[a];
    for (int t = 0; t < st->graph->nterm && !q->failed; t++) {
        if (q->lazy)
            st->next[t] = NOT_YET;
        else if (!shared)
            st->next[t] = next_situation(q, st, &st->graph->term[t]);
        else if (twin->next[t] < 0) /* nothing left: the same end, carried by the same rule */
            st->next[t] = -1;
        else {
            const situation *there = q->sit[twin->attack + 1][twin->next[t]];
            st->next[t] = situation_of(q, a, &there->ctx, there->start);
        }
    }
    st->linked = !q->failed;
    return q->failed ? -1 : 0;
}

static int compile_situation(sequence *q, situation *st)
{
    if (assign_graph(q, st) && compile_graph(q, st))
        return -1;
    return link_ends(q, st);
}

/* Deals st apart (dealt.h): its ends, with their probabilities. Safe to run for several
 * situations at once. */
static int deal(sequence *q, situation *st)
{
    dealt d;
    char why[200];
    int rc = dealt_deal(&q->dice.part[st->dice], &st->ctx, q->sc->engine_rules, &d, why, sizeof why);
    if (rc) {
#pragma omp critical(sequence_error)
        {
            if (!q->failed)
                snprintf(q->err, sizeof q->err, "%s: %s", q->sc->file, why);
            q->failed = 1;
        }
    }
    st->end = d.end;
    st->term = d.p;
    st->nend = d.n;
    st->states = d.states;
    return rc;
}

/* Where each end of a dealt situation leads; ends that lead to the same next situation (or
 * nowhere) then merge, their probabilities added in the order of the ends. */
static int same_next(const void *items, const found *f, const void *key)
{
    return ((const int *)items)[f->index] == *(const int *)key;
}

static int link_dealt(sequence *q, situation *st)
{
    int n = 0, *to = malloc((size_t)(st->nend ? st->nend : 1) * sizeof *to);
    double *p = calloc((size_t)(st->nend ? st->nend : 1), sizeof *p);
    finder merged = {0};
    if (!to || !p)
        abort();
    for (int e = 0; e < st->nend && !q->failed; e++) {
        int next = next_situation(q, st, &st->end[e]);
        uint64_t h = finder_hash(FINDER_SEED, &next, sizeof next);
        const found *f = finder_find(&merged, h, same_next, to, &next);
        if (!f) {
            to[n] = next;
            finder_add(&merged, h, 0, n++);
        }
        p[f ? f->index : n - 1] += st->term[e];
    }
    finder_free(&merged);
    free(st->end);
    free(st->term);
    st->end = NULL;
    st->next = to;
    st->term = p;
    st->nend = n;
    st->linked = !q->failed;
    return q->failed ? -1 : 0;
}

/* With the damage dealt apart, the dice parts the wave's situations need, the new ones compiled
 * side by side; a situation whose part failed (a decision no choice of its side's policy
 * allows) is compiled whole. */
static void compile_dice_parts(sequence *q, situation **todo, int n)
{
    if (!q->split)
        return;
    int first = q->dice.n;
    for (int k = 0; k < n; k++)
        todo[k]->dice = dealt_part_of(&q->dice, &todo[k]->ctx, q->sc->engine_rules);
    dealt_compile(&q->dice, first, q->sc->engine_rules, q->threads);
    for (int k = 0; k < n; k++)
        if (q->dice.part[todo[k]->dice].failed)
            todo[k]->dice = -1;
}

/* The exact driver without look-ahead compiles in waves: every situation found and not yet
 * compiled, in parallel (each compile is independent), then their ends are linked one by one,
 * which finds the next wave. Situations are numbered in the same order on any thread count. */
static int compile_in_waves(sequence *q)
{
    situation **todo = NULL;
    int cap = 0, linked[NO_MAX_ATTACKS] = {0}; /* situations are appended: the unlinked are each list's tail */
    while (!q->failed) {
        int n = 0;
        for (int a = 0; a < NO_MAX_ATTACKS; a++)
            for (; linked[a] < q->nsit[a]; linked[a]++) {
                if (n == cap && !(todo = realloc(todo, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *todo)))
                    abort();
                todo[n++] = q->sit[a][linked[a]];
            }
        if (n <= 0) /* never below 0: said for gcc -O1, which thought malloc((size_t)n) might */
            break;
        compile_dice_parts(q, todo, n);
        char *compile = malloc((size_t)n);
        if (!compile)
            abort();
        for (int k = 0; k < n; k++)
            compile[k] = todo[k]->dice < 0 && assign_graph(q, todo[k]);
        /* a batch at a time: the ends dealt apart wait for their links, not for the whole wave */
        for (int from = 0; from < n && !q->failed; from += WAVE_BATCH) {
            int to = from + WAVE_BATCH < n ? from + WAVE_BATCH : n;
#pragma omp parallel for schedule(dynamic, 1) num_threads(q->threads)
            for (int k = from; k < to; k++) {
                if (todo[k]->dice >= 0)
                    deal(q, todo[k]);
                else if (compile[k])
                    compile_graph(q, todo[k]);
            }
            for (int k = from; k < to && !q->failed; k++)
                (todo[k]->dice >= 0 ? link_dealt : link_ends)(q, todo[k]);
        }
        free(compile);
    }
    free(todo);
    return q->failed ? -1 : 0;
}

static void sequence_free(sequence *q)
{
    finder_free(&q->starts);
    finder_free(&q->graphs);
    dealt_free(&q->dice);
    for (int a = 0; a < NO_MAX_ATTACKS; a++) {
        for (int i = 0; i < q->nsit[a]; i++) {
            if (owns_graph(q->sit[a][i])) {
                no_graph_free(q->sit[a][i]->graph);
                free(q->sit[a][i]->graph);
            }
            free(q->sit[a][i]->next);
            free(q->sit[a][i]->term);
            free(q->sit[a][i]->end);
            free(q->sit[a][i]);
        }
        free(q->sit[a]);
    }
}

/* A seed of its own for the trials of attack a from situation i with total t so far. */
static uint64_t bucket_seed(uint64_t seed, int a, int i, int t)
{
    uint64_t z = seed ^ ((uint64_t)a << 56 | (uint64_t)i << 16 | (uint64_t)t);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; /* splitmix64 */
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A mass table: per situation, mass by total so far; grows as situations are found. */
typedef struct masses {
    double **row;
    int n;
} masses;

static double *mass_row(masses *m, int i)
{
    if (i >= m->n) {
        m->row = realloc(m->row, (size_t)(i + 1) * sizeof *m->row);
        if (!m->row)
            abort();
        for (; m->n <= i; m->n++)
            if (!(m->row[m->n] = calloc(TOTALS, sizeof **m->row)))
                abort();
    }
    return m->row[i];
}

/* The mass over every row, summed: 1 less what was destroyed carries the rounding of all those
 * sums, which can stay above the smallest mass the exact driver counts (the Decimator's shots
 * ran to 200, the last ones below 1e-300, and left 8e-15 of rounding as P(more than 200)). */
static double masses_total(const masses *m)
{
    double sum = 0;
    for (int i = 0; i < m->n; i++)
        for (int t = 0; t < TOTALS; t++)
            sum += m->row[i][t];
    return sum;
}

static void masses_free(masses *m)
{
    for (int i = 0; i < m->n; i++)
        free(m->row[i]);
    free(m->row);
    *m = (masses){0};
}

/* Pushes the mass (probability, or trials) over (situation, total so far) of attack a through
 * it: into each situation's terminal weights (when `weight` is given), the next attack's mass
 * and, where nothing is left to attack, the finished totals. `round` tells Monte Carlo's seeds
 * apart (the attack, or the shot); without `totals` every mass stays at total 0. Lazily, an
 * end some trial reached finds its situation. */
static void push(sequence *q, const no_run_opts *opts, int exact, int a, int round, int totals, masses *mass,
                 masses *next, double **weight, double *finished)
{
    for (int i = 0; i < q->nsit[a] && !q->failed; i++) {
        situation *st = q->sit[a][i];
        if (st->dice >= 0) { /* dealt apart (exact shots to kill, every mass at total 0): its merged ends */
            for (int k = 0; k < st->nend; k++) {
                double w = mass_row(mass, i)[0] * st->term[k];
                *(st->next[k] >= 0 ? &mass_row(next, st->next[k])[0] : &finished[0]) += w;
            }
            continue;
        }
        const no_graph *g = st->graph;
        uint64_t *count = calloc((size_t)g->nterm + 1, sizeof *count), used[NO_MAX_MODS];
        if (!count)
            abort();
        const double *term = exact ? terminal_probabilities(st) : NULL;
        for (int t = 0; t < TOTALS && !q->failed; t++) {
            double m = mass_row(mass, i)[t];
            if (m == 0.0)
                continue;
            if (!exact) /* the trials that reached here go on from here */
                no_montecarlo_used(&st->ctx, g, (uint64_t)m, bucket_seed(opts->seed, round, i, t), opts->threads,
                                   count, used);
            for (int u = 0; weight && u < NO_MAX_MODS; u++) /* modifiers used on the way (part.used) */
                weight[i][g->nterm + 1 + u] += exact ? m * term[g->nterm + 1 + u] : (double)used[u];
            for (int k = 0; k < g->nterm; k++) {
                double w = exact ? m * term[k] : (double)count[k];
                if (w == 0.0)
                    continue;
                if (weight)
                    weight[i][k] += w;
                int to = totals ? t + g->term[k].damage : 0;
                to = to < TOTALS ? to : TOTALS - 1;
                if (st->next[k] == NOT_YET)
                    st->next[k] = next_situation(q, st, &g->term[k]);
                if (st->next[k] >= 0)
                    mass_row(next, st->next[k])[to] += w;
                else
                    finished[to] += w;
            }
        }
        free(count);
    }
}

/* Frees n rows and the array holding them. */
static void rows_free(double **rows, int n)
{
    for (int i = 0; i < n; i++)
        free(rows[i]);
    free(rows);
}

/* The first attack from the scenario's start, compiled with every situation it leads to. */
static int sequence_start(sequence *q, char *err, size_t errlen)
{
    const no_ctx *start = &q->sc->attacks[0];
    for (int a = 0; a < q->sc->nattacks; a++) { /* attacks defined alike carry alike */
        q->same_as[a] = a;
        for (int b = 0; b < a && q->same_as[a] == a; b++)
            if (!memcmp(&q->sc->attacks[b], &q->sc->attacks[a], sizeof(no_ctx)))
                q->same_as[a] = q->same_as[b];
    }
    int i = add_situation(q, 0, start, start_key_hash(start)); /* before q->sit[0] is read: it may move */
    situation *first = q->sit[0][i];
    if (q->waves ? compile_in_waves(q) : compile_situation(q, first)) {
        snprintf(err, errlen, "%s", q->err);
        sequence_free(q);
        return -1;
    }
    return 0;
}

int no_run_sequence(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen)
{
    int exact = no_run_is_exact(opts);
    int ahead = no_looks_ahead(&sc->attacks[0]);
    sequence q = {.sc = sc, .lazy = !exact && !ahead, .waves = exact && !ahead, .threads = opts->threads};
    if (sequence_start(&q, err, errlen))
        return -1;
    uint64_t trials = exact ? 0 : opts->trials;
    no_summary *each = calloc((size_t)sc->nattacks, sizeof *each);
    no_scenario *view = malloc(sizeof *view);
    if (!each || !view)
        abort();
    *view = *sc;
    view->nattacks = 0;
    double finished[TOTALS] = {0};
    masses mass = {0};
    mass_row(&mass, 0)[0] = exact ? 1.0 : (double)trials;
    size_t states = 0;
    for (int a = 0; a < sc->nattacks; a++) {
        int n = q.nsit[a];
        masses next = {0};
        double **weight = calloc((size_t)(n ? n : 1), sizeof *weight);
        no_part *parts = calloc((size_t)(n ? n : 1), sizeof *parts);
        if (!weight || !parts)
            abort();
        for (int i = 0; i < n; i++) {
            const situation *st = q.sit[a][i];
            if (!(weight[i] = calloc((size_t)st->graph->nterm + 1 + NO_MAX_MODS, sizeof **weight)))
                abort();
            parts[i] = (no_part){.ctx = &st->ctx, .g = st->graph, .weight = weight[i],
                                 .used = weight[i] + st->graph->nterm + 1};
            states += owns_graph(st) ? st->graph->states_seen : 0; /* each compiled graph once */
        }
        push(&q, opts, exact, a, a, 1, &mass, &next, weight, finished);
        if (q.failed) {
            rows_free(weight, n);
            free(parts);
            masses_free(&mass);
            masses_free(&next);
            free(each);
            free(view);
            snprintf(err, errlen, "%s", q.err);
            sequence_free(&q);
            return -1;
        }
        view->ctx = sc->attacks[a];
        no_summarise_parts(view, parts, n, trials, &each[a]);
        each[a].of_sequence = sc->one_defender; /* its kill: the share this attack destroys */
        /* an attack not made (the defender already destroyed) counts as no damage and no
         * miniature defeated, so each attack's distributions sum to 1 */
        double missed = 1 - each[a].made;
        if (missed > 1e-15) {
            each[a].pmf[0] = rep_rate(each[a].pmf[0].p + missed, trials);
            each[a].defeated[0] = rep_rate(each[a].defeated[0].p + missed, trials);
        }
        each[a].states = 0;
        for (int i = 0; i < n; i++)
            each[a].states += q.sit[a][i]->graph->states_seen;
        rows_free(weight, n);
        free(parts);
        masses_free(&mass);
        mass = next;
    }
    masses_free(&mass);
    /* the total over the attacks: every trial ends in `finished` */
    memset(out, 0, sizeof *out);
    double pmf[TOTALS], scale = exact ? 1.0 : 1.0 / (double)trials, m2 = 0;
    for (int t = 0; t < TOTALS; t++) {
        pmf[t] = finished[t] * scale;
        out->mean += t * pmf[t];
        m2 += (double)t * t * pmf[t];
    }
    out->exact = exact;
    out->trials = trials;
    out->made = 1;
    no_damage_summary(pmf, m2, trials, out);
    if (sc->one_defender) { /* destroyed by the end of attack k: by exactly one of the first k */
        out->has_kill = each[0].has_kill;
        double kill = 0;
        for (int a = 0; a < sc->nattacks; a++)
            out->kill_by[a] = rep_rate(kill += each[a].kill.p, trials);
        out->kill = out->kill_by[sc->nattacks - 1];
    }
    out->states = states;
    out->nattacks = sc->nattacks;
    out->attack = each;
    free(view);
    sequence_free(&q);
    return 0;
}

int no_run_shots(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen)
{
    if (no_looks_ahead(&sc->attacks[0])) {
        snprintf(err, errlen, "--shots-to-kill: the optimal policy values a sequence of known length; "
                 "use another policy");
        return -1;
    }
    int exact = no_run_is_exact(opts);
    int rounds = !opts->carry_tokens && sc->new_round;
    const no_ctx *first = &sc->attacks[0];
    sequence q = {.sc = sc, .repeat = 1, .rounds = rounds, .waves = exact, .threads = opts->threads,
                  .split = exact && !opts->whole && first->deck && !first->keep_dice &&
                           sc->engine_rules->damage_fields,
                  .limit = exact && opts->exact_situations < MAX_SITUATIONS ? opts->exact_situations : 0};
    if (sequence_start(&q, err, errlen))
        return -1;
    uint64_t trials = exact ? 0 : opts->trials;
    double scale = exact ? 1.0 : 1.0 / (double)trials, left = exact ? 1.0 : (double)trials, m2 = 0;
    memset(out, 0, sizeof *out);
    masses mass = {0};
    mass_row(&mass, 0)[0] = left;
    /* shot k: the mass still alive goes through one more attack; what is destroyed stops */
    int k = 1;
    for (; k <= NO_MAX_SHOTS && left > (exact ? 1e-15 : 0.5); k++) {
        masses next = {0};
        double finished[TOTALS] = {0};
        push(&q, opts, exact, 0, k, 0, &mass, &next, NULL, finished);
        if (q.failed) { /* Monte Carlo meets its situations as it goes: one too many */
            masses_free(&mass);
            masses_free(&next);
            snprintf(err, errlen, "%s", q.err);
            sequence_free(&q);
            return -1;
        }
        out->shots[k] = rep_rate(finished[0] * scale, trials);
        out->shots_mean += k * finished[0] * scale;
        m2 += (double)k * k * finished[0] * scale;
        out->max_shots = finished[0] > 0 ? k : out->max_shots;
        left = masses_total(&next);
        masses_free(&mass);
        mass = next;
    }
    masses_free(&mass);
    /* still alive after NO_MAX_SHOTS shots; the exact driver stops before once less than 1e-15
     * is (a geometric tail), and counts that as nothing */
    out->shots_beyond = rep_rate(k > NO_MAX_SHOTS ? left * scale : 0, trials);
    /* the mean of k over the defenders destroyed within NO_MAX_SHOTS, as the report says: summed
     * over all of them, those never destroyed would count as 0 (a defender destroyed within 200
     * attacks in 0.6% of trials had a "mean" of 1.03 attacks) */
    double within = 0; /* P(destroyed within NO_MAX_SHOTS); 1 (left as it is) when none is beyond */
    for (int j = 1; j < k && j <= NO_MAX_SHOTS; j++)
        within += out->shots[j].p;
    within = out->shots_beyond.p > 0 ? within : 1;
    if (within > 0 && within < 1) {
        out->shots_mean /= within;
        m2 /= within;
    }
    if (!exact && within > 0) /* over the trials destroyed within NO_MAX_SHOTS */
        out->shots_mean_se = sqrt(fmax(m2 - out->shots_mean * out->shots_mean, 0) / (within * (double)trials));
    out->has_shots = 1;
    out->shots_rounds = rounds;
    out->exact = exact;
    out->trials = trials;
    for (int i = 0; i < q.nsit[0]; i++)
        out->states += (owns_graph(q.sit[0][i]) ? q.sit[0][i]->graph->states_seen : 0) + q.sit[0][i]->states;
    out->states += dealt_states(&q.dice);
    sequence_free(&q);
    return 0;
}

/* The first attack of a sequence, whose ends the later attacks value (decision tables). */
struct no_first_attack {
    sequence q;
};

no_first_attack *no_sequence_first(const no_scenario *sc, no_scenario *view, char *err, size_t errlen)
{
    no_first_attack *fa = calloc(1, sizeof *fa);
    if (!fa)
        abort();
    fa->q = (sequence){.sc = sc};
    if (sequence_start(&fa->q, err, errlen)) { /* frees what it compiled */
        free(fa);
        return NULL;
    }
    *view = *sc;
    view->nattacks = 0;
    view->ctx = fa->q.sit[0][0]->ctx; /* its future hook reaches the later attacks through fa */
    return fa;
}

void no_first_attack_free(no_first_attack *fa)
{
    if (fa)
        sequence_free(&fa->q);
    free(fa);
}
