/* montecarlo.c — the Monte Carlo driver: rolls every die from PCG32 words and walks the same
 * chance nodes the exact driver weighs. Chunk c of NO_MC_CHUNK trials uses streams (seed, 2c)
 * and (seed, 2c+1); each thread counts into its own histogram; nothing is allocated in the loop.
 *
 * Before the loop the graph is turned into a "plan" of steps, each one draw and one table
 * lookup: a roll of k dice becomes ceil(k/4) consecutive steps of at most four dice (each
 * table gives the rank among the dice so far), a card draw is a step over the cards left, and
 * terminals loop onto themselves. A node's steps are packed one after the other, so a trial
 * moves from node to node: its groups in turn (no successor lookup between them: 10 Legion dice
 * 30% faster), then the child's first step. Every step draws a number below n from one word
 * (Lemire's multiply, rejecting the rare words that would bias it: for 8^j or one card kind none
 * is ever rejected). Two trials run interleaved. In a plan of at most SHALLOW nodes deep both
 * walk every node (terminals loop onto themselves), so there is no branch on the dice; in a
 * deeper one they stop when both have ended, since most trials end well before the deepest path
 * (6 dice vs 6 dice: 20% faster, Legion 10 dice: 30%). Four lanes that start a new trial as soon
 * as theirs ends were measured too: no faster than the two, and branchier. */
#include "neverodds/engine.h"
#include "neverodds/progress.h"
#include "neverodds/ranks.h"
#include "neverodds/rng.h"
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define GROUP 4 /* dice per lookup: 8^4 = 4096 codes of d8 sides, 6^4 = 1296 of d6 */
#define LAYOUT_MIN 1024 /* nodes: a smaller plan fits in the cache as it is; a sequence builds
                         * thousands of small plans, and ordering them cost 5% there */
#define SHALLOW 3 /* plans at most this many nodes deep walk them all (measured: 3 dice vs 3 dice) */

/* One step: out = table[(rank so far << bits) + a number below n]; a node's last step: next =
 * succ[first + out]. */
typedef struct plan_step {
    const uint16_t *table;   /* dice: outcome by rank and code of sides; card: kind by card */
    int32_t first;
    uint32_t reject;         /* words whose low product is below this are drawn again: 2^32 mod n */
    uint16_t n;              /* codes of the group's sides (sides^dice), cards left, or 1 */
    uint16_t groups;         /* a roll's first step: its steps, itself included; later groups 1; a draw, an end 0 */
    uint8_t bits;            /* a row of the table: 2^bits >= n entries (3 per d8) */
} plan_step;

typedef struct plan {
    plan_step *steps;
    int32_t *succ;
    uint32_t *lost;          /* per successor: the graph's lost used bits (no_graph.lost), when tracked */
    int nsteps, nsucc, cap_succ, cap_lost;
    int32_t root, term0;     /* terminal i is step term0 + i */
    int32_t *node_step;      /* chance node i's first step (its steps are consecutive) */
    int depth;               /* chance nodes on the longest path */
    uint16_t *tables[NO_MAX_DICE][NO_MAX_ROLL / GROUP + 1][GROUP + 1]; /* [die][from/GROUP][dice] */
    uint16_t **card_tables;  /* per deck state of the graph: card -> kind */
    int ndecks;
    uint16_t zero;           /* the table of a terminal: one entry, 0 */
    int track;               /* lost is kept: the modifiers used on the way are counted */
    int pow2;                /* every step draws below a power of two (d8s, no deck): the top bits
                              * of a word, the same numbers as draw() without its multiply and
                              * rejection test: about 20% more attacks a second for 3 vs 3 */
} plan;

static void *grow(void *p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return p;
    int nc = *cap ? *cap : 256;
    while (nc < need)
        nc *= 2;
    p = realloc(p, (size_t)nc * elem);
    if (!p)
        abort();
    *cap = nc;
    return p;
}

static int add_succ(plan *pl, int n)
{
    pl->succ = grow(pl->succ, &pl->cap_succ, pl->nsucc + n, sizeof *pl->succ);
    if (pl->track) {
        int cap = pl->cap_lost, old = pl->cap_lost;
        pl->lost = grow(pl->lost, &cap, pl->nsucc + n, sizeof *pl->lost);
        if (cap > old)
            memset(pl->lost + old, 0, (size_t)(cap - old) * sizeof *pl->lost);
        pl->cap_lost = cap;
    }
    pl->nsucc += n;
    return pl->nsucc - n;
}

_Static_assert(GROUP == NO_DIRECT_MAX, "the first group of a d8 roll is the dice table's direct lookup");

static int bits_for(unsigned n)
{
    int b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

/* table[(rank among `from` dice) << bits | code] -> rank among from + dice, where code holds the
 * group's sides in base `sides`, die j at digit j. The first group of a d8 roll is the dice
 * module's own table; the others are built here once per plan. */
static const uint16_t *group_table(plan *pl, int die, const no_dicetab *tab, int from, int dice)
{
    int sides = tab->die->sides;
    if (from == 0 && sides == 8)
        return tab->direct[dice];
    uint16_t **slot = &pl->tables[die][from / GROUP][dice];
    if (*slot)
        return *slot;
    unsigned codes = 1;
    for (int j = 0; j < dice; j++)
        codes *= (unsigned)sides;
    int bits = bits_for(codes);
    size_t n = (size_t)tab->by_k[from].n;
    uint16_t *t = calloc(n << bits, sizeof *t);
    if (!t)
        abort();
    for (size_t r = 0; r < n; r++)
        for (unsigned code = 0; code < codes; code++) {
            unsigned rank = (unsigned)r, c = code;
            for (int j = 0; j < dice; j++, c /= (unsigned)sides)
                rank = tab->next_rank[from + j][rank * (unsigned)sides + c % (unsigned)sides];
            t[(r << bits) + code] = (uint16_t)rank;
        }
    return *slot = t;
}

/* A step drawing a number below n: the words Lemire's method rejects for it. */
static void set_draw(plan_step *st, unsigned n)
{
    st->n = (uint16_t)n;
    st->reject = (uint32_t)(-(uint32_t)n) % (uint32_t)n;
}

/* The kind of each card left in deck state `d` of the graph, in kind order. */
static const uint16_t *card_table(plan *pl, const no_graph *g, int d)
{
    if (pl->card_tables[d])
        return pl->card_tables[d];
    const no_deck_left *left = &g->decks[d];
    uint16_t *t = malloc((size_t)left->total * sizeof *t);
    if (!t)
        abort();
    int at = 0;
    for (int k = 0; k < NO_CARD_KINDS; k++)
        for (int i = 0; i < left->n[k]; i++)
            t[at++] = (uint16_t)k;
    return pl->card_tables[d] = t;
}

/* The first plan step of a graph reference: a chance node's, or terminal t's, term0 + t. */
static int32_t step_of(const plan *pl, int32_t ref)
{
    return ref >= 0 ? pl->node_step[ref] : pl->term0 + ~ref;
}

/* The steps a chance node takes: one per group of dice, one for a draw or a roll of no dice. */
static int node_steps(const no_chance *ch)
{
    return ch->die == NO_DIE_DRAW || ch->k == 0 ? 1 : (ch->k + GROUP - 1) / GROUP;
}

/* The most chance nodes any of the n children of `ch` passes on its way to a terminal. */
static int deepest(const no_graph *g, const int *depth, const no_chance *ch, int n)
{
    int most = 0;
    for (int o = 0; o < n; o++) {
        int32_t c = g->succ[ch->first + o];
        int d = c >= 0 ? depth[c] : 0;
        most = d > most ? d : most;
    }
    return most;
}

/* A chance node and how often a trial reaches it: sorted, the most first (ties: by id). */
typedef struct reached {
    double mass;
    int id;
} reached;

static int by_mass(const void *a, const void *b)
{
    const reached *x = a, *y = b;
    return x->mass > y->mass ? -1 : x->mass < y->mass ? 1 : (x->id > y->id) - (x->id < y->id);
}

/* The chance nodes in the order their steps are laid out: by how often trials reach them in a
 * plan of more than LAYOUT_MIN nodes, else as the graph numbers them. */
static void layout_order(const no_ctx *ctx, const no_graph *g, int *order)
{
    for (int i = 0; i < g->nchance; i++)
        order[i] = i;
    if (g->nchance <= LAYOUT_MIN)
        return;
    double *mass = malloc((size_t)g->nchance * sizeof *mass);
    reached *r = malloc((size_t)g->nchance * sizeof *r);
    if (!mass || !r)
        abort();
    no_flow(ctx, g, mass, NULL);
    for (int i = 0; i < g->nchance; i++)
        r[i] = (reached){mass[i], i};
    qsort(r, (size_t)g->nchance, sizeof *r, by_mass);
    for (int i = 0; i < g->nchance; i++)
        order[i] = r[i].id;
    free(mass);
    free(r);
}

/* Node i's steps in a plan: its groups of dice (the first carries the count), or one draw; the
 * last one leads to the children's first steps. */
static void build_node(plan *pl, const no_ctx *ctx, const no_graph *g, int i)
{
    const no_chance *ch = &g->chance[i];
    int base = pl->node_step[i];
    if (ch->die == NO_DIE_DRAW) {
        int at = add_succ(pl, ch->k);
        for (int o = 0; o < ch->k; o++) {
            pl->succ[at + o] = step_of(pl, g->succ[ch->first + o]);
            if (pl->track)
                pl->lost[at + o] = g->lost[ch->first + o];
        }
        pl->steps[base] = (plan_step){.table = card_table(pl, g, ch->deck), .first = at};
        set_draw(&pl->steps[base], g->decks[ch->deck].total);
        return;
    }
    const no_dicetab *tab = ctx->dice[ch->die];
    int groups = node_steps(ch); /* a roll of no dice still has one outcome */
    for (int gi = 0; gi < groups; gi++) {
        int from = gi * GROUP, dice = ch->k - from < GROUP ? ch->k - from : GROUP;
        plan_step *st = &pl->steps[base + gi];
        unsigned codes = 1;
        for (int j = 0; j < dice; j++)
            codes *= tab->die->sides;
        st->groups = gi == 0 ? (uint16_t)groups : 1;
        st->table = group_table(pl, ch->die, tab, from, dice);
        st->bits = (uint8_t)bits_for(codes);
        set_draw(st, codes);
    }
    plan_step *last = &pl->steps[base + groups - 1]; /* the groups before it lead to the next step */
    int n_out = tab->by_k[ch->k].n;
    last->first = add_succ(pl, n_out);
    for (int o = 0; o < n_out; o++) {
        pl->succ[last->first + o] = step_of(pl, g->succ[ch->first + o]);
        if (pl->track)
            pl->lost[last->first + o] = g->lost[ch->first + o];
    }
}

/* The plan of graph g. Its steps and successors are laid out node by node, the nodes trials
 * reach most often first (their probability from the exact flow), so that the ones most trials
 * walk share cache lines: Armada 10 dice at medium range (74,000 steps) about 25% faster; the
 * draws and counts are the same. Plans of at most LAYOUT_MIN nodes keep the graph's order. */
static void plan_build(plan *pl, const no_ctx *ctx, const no_graph *g, int track)
{
    memset(pl, 0, sizeof *pl);
    pl->track = track;
    size_t nc = (size_t)(g->nchance ? g->nchance : 1);
    int *depth = calloc(nc, sizeof *depth), *order = malloc(nc * sizeof *order);
    pl->node_step = malloc(nc * sizeof *pl->node_step);
    if (!depth || !order || !pl->node_step)
        abort();
    layout_order(ctx, g, order);
    for (int i = 0; i < g->nchance; i++) /* the steps packed: a node's where the last one's end */
        pl->node_step[order[i]] = pl->term0, pl->term0 += node_steps(&g->chance[order[i]]);
    pl->nsteps = pl->term0 + g->nterm;
    pl->steps = calloc((size_t)pl->nsteps, sizeof *pl->steps);
    pl->ndecks = g->ndecks;
    pl->card_tables = calloc((size_t)(g->ndecks ? g->ndecks : 1), sizeof *pl->card_tables);
    if (!pl->steps || !pl->card_tables)
        abort();
    for (int i = 0; i < g->nchance; i++)
        build_node(pl, ctx, g, order[i]);
    for (int t = 0; t < g->nterm; t++) {
        int at = add_succ(pl, 1);
        pl->succ[at] = pl->term0 + t;
        pl->steps[pl->term0 + t] = (plan_step){.table = &pl->zero, .first = at};
        set_draw(&pl->steps[pl->term0 + t], 1);
    }
    /* children have smaller ids, so their depth is known when a parent is reached */
    for (int i = 0; i < g->nchance; i++) {
        const no_chance *ch = &g->chance[i];
        depth[i] = deepest(g, depth, ch, ch->die == NO_DIE_DRAW ? ch->k : ctx->dice[ch->die]->by_k[ch->k].n) + 1;
    }
    pl->pow2 = 1;
    for (int i = 0; i < pl->nsteps; i++)
        if (pl->steps[i].n != 1u << pl->steps[i].bits)
            pl->pow2 = 0; /* not 8^k dice codes: a card draw (its table has no rank rows) */
    pl->root = step_of(pl, g->root);
    pl->depth = g->root >= 0 ? depth[g->root] : 0;
    free(depth);
    free(order);
}

static void plan_free(plan *pl)
{
    for (int p = 0; p < NO_MAX_DICE; p++)
        for (int j = 0; j <= NO_MAX_ROLL / GROUP; j++)
            for (int m = 0; m <= GROUP; m++)
                free(pl->tables[p][j][m]);
    for (int d = 0; d < pl->ndecks; d++)
        free(pl->card_tables[d]);
    free(pl->card_tables);
    free(pl->steps);
    free(pl->succ);
    free(pl->lost);
    free(pl->node_step);
}

/* A number below st->n from one word, unbiased (Lemire): the same numbers no_pcg32_below gives,
 * with its rejection threshold worked out once per step when the plan is built (no_pcg32_below
 * divides for it on the rare draw that needs it; here it would be a division per step). */
static inline unsigned draw(no_pcg32 *rng, const plan_step *st)
{
    uint64_t m = (uint64_t)no_pcg32_next(rng) * st->n;
    while ((uint32_t)m < st->reject)
        m = (uint64_t)no_pcg32_next(rng) * st->n;
    return (unsigned)(m >> 32);
}

static inline unsigned draw_in(const plan *pl, no_pcg32 *rng, const plan_step *st)
{
    return pl->pow2 ? (unsigned)((uint64_t)no_pcg32_next(rng) >> (32 - st->bits)) : draw(rng, st);
}

/* One chance node: its roll's groups in turn, each group's table giving the rank among the dice
 * so far, then the child. The groups' steps are consecutive and need no successor lookup, so a
 * roll of many dice costs one dependent table load per group. */
static inline __attribute__((always_inline)) int32_t advance_at(const plan *pl, no_pcg32 *rng, int32_t ref)
{
    const plan_step *st = &pl->steps[ref];
    unsigned out = st->table[draw_in(pl, rng, st)];
    for (int g = st->groups; g > 1; g--) {
        st++;
        out = st->table[(out << st->bits) + draw_in(pl, rng, st)];
    }
    return st->first + (int32_t)out; /* the successor's position in pl->succ (and pl's lost bits) */
}

static void count_used(uint32_t bits, uint64_t *used)
{
    for (; bits; bits &= bits - 1)
        used[__builtin_ctz(bits)]++;
}

/* Trials of one chunk, two interleaved streams, into count (by terminal); with `used`, also the
 * modifiers each trial used on the way (the plan's lost bits) into used[0..NO_MAX_MODS), with the
 * same draws in the same order. Inlined into both callers, so the loop without `used` carries no
 * test of it. */
static inline __attribute__((always_inline)) void walk_chunk(const plan *pl, uint64_t seed, uint64_t chunk,
                                                              uint64_t trials, uint64_t *count, uint64_t *used)
{
    no_pcg32 b[2];
    no_pcg32_seed(&b[0], seed, 2 * chunk);
    no_pcg32_seed(&b[1], seed, 2 * chunk + 1);
    uint32_t root_lost = used ? pl->lost[pl->nsucc] : 0; /* the root's, stored past the successors */
    uint64_t t = 0;
    for (; t + 2 <= trials; t += 2) {
        int32_t r0 = pl->root, r1 = pl->root;
        uint32_t m0 = root_lost, m1 = root_lost;
        /* a plan of few steps walks them all, with no branch on the dice; a deep one (sequences,
         * Legion, big rolls) stops once both trials have ended, most ending well before its depth */
        if (pl->depth <= SHALLOW)
            for (int d = 0; d < pl->depth; d++) {
                int32_t a0 = advance_at(pl, &b[0], r0), a1 = advance_at(pl, &b[1], r1);
                r0 = pl->succ[a0], r1 = pl->succ[a1];
                if (used)
                    m0 |= pl->lost[a0], m1 |= pl->lost[a1];
            }
        else
            while (r0 < pl->term0 || r1 < pl->term0) {
                int32_t a0 = advance_at(pl, &b[0], r0), a1 = advance_at(pl, &b[1], r1);
                r0 = pl->succ[a0], r1 = pl->succ[a1];
                if (used)
                    m0 |= pl->lost[a0], m1 |= pl->lost[a1];
            }
        count[r0 - pl->term0]++;
        count[r1 - pl->term0]++;
        if (used) {
            count_used(m0, used);
            count_used(m1, used);
        }
    }
    if (t < trials) {
        int32_t r0 = pl->root;
        uint32_t m0 = root_lost;
        while (r0 < pl->term0) {
            int32_t a0 = advance_at(pl, &b[0], r0);
            r0 = pl->succ[a0];
            if (used)
                m0 |= pl->lost[a0];
        }
        count[r0 - pl->term0]++;
        if (used)
            count_used(m0, used);
    }
}

static void run_chunk(const plan *pl, uint64_t seed, uint64_t chunk, uint64_t trials, uint64_t *count)
{
    walk_chunk(pl, seed, chunk, trials, count, NULL);
}

static void run_chunk_used(const plan *pl, uint64_t seed, uint64_t chunk, uint64_t trials, uint64_t *count,
                           uint64_t *used)
{
    walk_chunk(pl, seed, chunk, trials, count, used);
}

uint64_t no_montecarlo(const no_ctx *ctx, const no_graph *g, uint64_t trials, uint64_t seed,
                       int threads, uint64_t *term_count)
{
    return no_montecarlo_used(ctx, g, trials, seed, threads, term_count, NULL);
}

uint64_t no_montecarlo_used(const no_ctx *ctx, const no_graph *g, uint64_t trials, uint64_t seed,
                            int threads, uint64_t *term_count, uint64_t used_count[NO_MAX_MODS])
{
    if (threads < 1)
        threads = 1;
    size_t nterm = (size_t)g->nterm;
    /* each thread's histogram on cache lines of its own: with few outcomes two histograms
     * would share a line and every count would bounce it between the cores */
    int track = 0; /* the modifiers used on the way are counted only where the tidying lost some */
    for (int i = 0; used_count && i < g->nsucc && !track; i++)
        track = g->lost[i] != 0;
    track |= used_count && g->root_lost;
    if (used_count)
        memset(used_count, 0, NO_MAX_MODS * sizeof *used_count);
    size_t stride = (nterm + 7) / 8 * 8 + 8 + (track ? NO_MAX_MODS : 0); /* the used counts after the terminals' */
    uint64_t *local = calloc((size_t)threads * stride, sizeof *local);
    if (!local)
        abort();
    plan pl;
    plan_build(&pl, ctx, g, track);
    if (track) { /* the root's lost bits, one past the successors */
        int at = add_succ(&pl, 1);
        pl.succ[at] = pl.root;
        pl.lost[at] = g->root_lost;
        pl.nsucc--; /* not a successor: run_chunk_used reads it at lost[nsucc] */
    }
    long long nchunks = (long long)((trials + NO_MC_CHUNK - 1) / NO_MC_CHUNK);
    long long rank = no_rank(), nranks = no_nranks(); /* this process runs chunks rank, rank + nranks ... */
    long long mine = nchunks > rank ? (nchunks - rank + nranks - 1) / nranks : 0;
    uint64_t ran = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(+ : ran)
    for (long long i = 0; i < mine; i++) {
        long long c = rank + i * nranks;
        if (c > 0 && no_progress_stopped()) /* Ctrl-C: the chunks not started are skipped */
            continue;
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        uint64_t first = (uint64_t)c * NO_MC_CHUNK;
        uint64_t n = trials - first < NO_MC_CHUNK ? trials - first : NO_MC_CHUNK;
        uint64_t *mine_count = local + (size_t)tid * stride;
        if (track)
            run_chunk_used(&pl, seed, (uint64_t)c, n, mine_count, mine_count + stride - NO_MAX_MODS);
        else
            run_chunk(&pl, seed, (uint64_t)c, n, mine_count);
        no_progress_add(n);
        ran += n;
    }
    memset(term_count, 0, nterm * sizeof *term_count);
    for (int t = 0; t < threads; t++)
        for (size_t i = 0; i < nterm; i++)
            term_count[i] += local[(size_t)t * stride + i];
    no_ranks_sum(term_count, nterm); /* every rank ends with the counts of all the chunks */
    if (track) {
        for (int t = 0; t < threads; t++)
            for (int m = 0; m < NO_MAX_MODS; m++)
                used_count[m] += local[(size_t)t * stride + stride - NO_MAX_MODS + m];
        no_ranks_sum(used_count, NO_MAX_MODS);
    }
    no_ranks_sum(&ran, 1);
    free(local);
    plan_free(&pl);
    return ran;
}
