/* dealt.c — shots to kill with a damage deck, the damage dealt apart from the dice (dealt.h).
 *
 * Why: a situation of the shots holds the face-up cards seen so far, and compiled whole each one
 * rolls the dice again, though the dice read neither the deck nor the hull. Luke Skywalker's
 * shots on Rey (issue #24's matchup) were 558 situations, 1,170,256 states, 184 MB, nearly all of
 * it the same dice under another deck. Dealt apart: 96,983 states, 20 MB, the same figures.
 *
 * How: the dice part (every step before the one marked `damage`) is compiled once per view, its
 * decisions left open, to leaves: the states where the damage part begins. A situation takes
 * each leaf as it has it (its own cards seen), compiles the damage part from what of the leaf
 * it reads (no_rules.damage_fields: a few card draws; leaves alike in it share one), and values
 * the leaf as the whole compile would: each end of the damage part, the leaf with that end's
 * damage fields, valued as a finished attack, summed through the damage part's draws in the
 * compiler's order. Those values resolve the open decisions, so each choice is the one the
 * whole compile makes: the choices do depend on the deck (a crit that may draw a Direct Hit is
 * worth more than a hit, and worth no more at 1 hull), so they cannot be made once per view. The
 * leaves' probabilities under those choices times the damage part's give the ends. */
#include "run/dealt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* to's bytes where mask's are set, from `from`: masks are fields of 0xFF bytes (no_rules);
 * n is a multiple of 8. */
static void blend(void *to, const void *from, const void *mask, size_t n)
{
    unsigned char *t = to;
    const unsigned char *f = from, *m = mask;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t tw, fw, mw;
        memcpy(&tw, t + i, 8);
        memcpy(&fw, f + i, 8);
        memcpy(&mw, m + i, 8);
        tw = (tw & ~mw) | (fw & mw);
        memcpy(t + i, &tw, 8);
    }
}
_Static_assert(sizeof(no_state) % 8 == 0 && sizeof(no_ctx) % 8 == 0, "blend goes 8 bytes at a time");

static void *grow(void *p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return p;
    while (*cap < need)
        *cap = *cap ? 2 * *cap : 16;
    if (!(p = realloc(p, (size_t)*cap * elem)))
        abort();
    return p;
}

/* ---- dice parts ---- */

static int same_view(const void *items, const found *f, const void *key)
{
    return !memcmp(&((const dice_part *)items)[f->index].view, key, sizeof(no_ctx));
}

int dealt_part_of(dice_parts *ps, const no_ctx *ctx, const no_rules *rules)
{
    static const no_ctx nothing;
    no_ctx view = *ctx;
    blend(&view, &nothing, rules->dice_blind, sizeof view);
    uint64_t h = finder_hash(FINDER_SEED, &view, sizeof view);
    const found *f = finder_find(&ps->by_view, h, same_view, ps->part, &view);
    if (f)
        return f->index;
    ps->part = grow(ps->part, &ps->cap, ps->n + 1, sizeof *ps->part);
    ps->part[ps->n] = (dice_part){.view = view};
    finder_add(&ps->by_view, h, 0, ps->n);
    return ps->n++;
}

void dealt_compile(dice_parts *ps, int first, const no_rules *rules, int threads)
{
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int d = first; d < ps->n; d++) {
        char why[200];
        dice_part *p = &ps->part[d];
        p->failed = no_compile_open(&p->view, rules, NO_STATE_BUDGET, &p->open, why, sizeof why) != 0;
        p->compiled = 1;
    }
}

size_t dealt_states(const dice_parts *ps)
{
    size_t n = 0;
    for (int d = 0; d < ps->n; d++)
        n += ps->part[d].compiled && !ps->part[d].failed ? ps->part[d].open.g.states_seen : 0;
    return n;
}

void dealt_free(dice_parts *ps)
{
    for (int d = 0; d < ps->n; d++)
        if (ps->part[d].compiled && !ps->part[d].failed)
            no_open_free(&ps->part[d].open);
    free(ps->part);
    finder_free(&ps->by_view);
    *ps = (dice_parts){0};
}

/* ---- one attack dealt ---- */

/* Its damage parts: one per input (what of a leaf the damage part reads), each compiled once
 * with its ends' probabilities. */
typedef struct damage {
    no_state in;
    no_graph g;
    double *p;
} damage;
typedef struct damages {
    damage *d;
    int n, cap;
    finder by_input;
    size_t states;
} damages;

static int same_input(const void *items, const found *f, const void *key)
{
    return !memcmp(&((const damage *)items)[f->index].in, key, sizeof(no_state));
}

/* The damage part of input `in`, compiled when new: its index, or -1 with err. */
static int damage_of(damages *ds, const no_ctx *ctx, const no_rules *rules, const no_state *in, char *err,
                     size_t errlen)
{
    uint64_t h = finder_hash(FINDER_SEED, in, sizeof *in);
    const found *f = finder_find(&ds->by_input, h, same_input, ds->d, in);
    if (f)
        return f->index;
    ds->d = grow(ds->d, &ds->cap, ds->n + 1, sizeof *ds->d);
    damage *d = &ds->d[ds->n];
    d->in = *in;
    char why[200];
    if (no_compile_from(ctx, rules, in, NO_STATE_BUDGET, &d->g, why, sizeof why)) {
        snprintf(err, errlen, "the damage part of an attack: %s", why);
        return -1;
    }
    if (!(d->p = malloc((size_t)(d->g.nterm ? d->g.nterm : 1) * sizeof *d->p)))
        abort();
    no_exact(ctx, &d->g, d->p);
    ds->states += d->g.states_seen;
    finder_add(&ds->by_input, h, 0, ds->n);
    return ds->n++;
}

static void damages_free(damages *ds)
{
    for (int k = 0; k < ds->n; k++) {
        no_graph_free(&ds->d[k].g);
        free(ds->d[k].p);
    }
    free(ds->d);
    finder_free(&ds->by_input);
}

/* The end of a leaf (as the attack has it) where its damage part ends at `t`. */
static void end_of(const no_rules *rules, const no_state *leaf, const no_state *t, no_state *end)
{
    *end = *leaf;
    blend(end, t, rules->damage_fields, sizeof *end);
}

/* Each leaf as the attack has it (its deck, blanked in the view), its damage part (*part) and
 * its value, each end of the damage part valued as the whole compile values a finished attack.
 * 0, or -1 with err. */
static int value_leaves(const dice_part *dp, const no_ctx *ctx, const no_rules *rules, damages *ds,
                        no_state *leaf, int *part, no_value *value, char *err, size_t errlen)
{
    no_value *tv = NULL;
    int cap = 0, rc = 0;
    for (int l = 0; l < dp->open.g.nterm && !rc; l++) {
        leaf[l] = dp->open.g.term[l];
        blend(&leaf[l], &ctx->start, &rules->dice_blind->start, sizeof leaf[l]);
        no_state in = {0};
        blend(&in, &leaf[l], rules->damage_fields, sizeof in);
        if ((part[l] = damage_of(ds, ctx, rules, &in, err, errlen)) < 0) {
            rc = -1;
            break;
        }
        const no_graph *g = &ds->d[part[l]].g;
        tv = grow(tv, &cap, g->nterm, sizeof *tv);
        for (int t = 0; t < g->nterm; t++) {
            no_state end;
            end_of(rules, &leaf[l], &g->term[t], &end);
            no_terminal_value(ctx, rules, &end, &tv[t]);
        }
        no_graph_value(ctx, g, tv, &value[l]);
    }
    free(tv);
    return rc;
}

static int same_end(const void *items, const found *f, const void *key)
{
    return !memcmp(&((const no_state *)items)[f->index], key, sizeof(no_state));
}

/* The ends being gathered: found by their states. */
typedef struct gather {
    dealt *out;
    finder by_end;
    int cap_end, cap_p;
} gather;

/* Adds probability p to end s (found, or added). */
static void add_end(gather *g, const no_state *s, double p)
{
    dealt *out = g->out;
    uint64_t h = finder_hash(FINDER_SEED, s, sizeof *s);
    const found *f = finder_find(&g->by_end, h, same_end, out->end, s);
    if (f) {
        out->p[f->index] += p;
        return;
    }
    out->end = grow(out->end, &g->cap_end, out->n + 1, sizeof *out->end);
    out->p = grow(out->p, &g->cap_p, out->n + 1, sizeof *out->p);
    out->end[out->n] = *s;
    out->p[out->n] = p;
    finder_add(&g->by_end, h, 0, out->n++);
}

int dealt_deal(const dice_part *dp, const no_ctx *ctx, const no_rules *rules, dealt *out, char *err, size_t errlen)
{
    int nleaf = dp->open.g.nterm;
    size_t n = (size_t)(nleaf ? nleaf : 1);
    no_state *leaf = malloc(n * sizeof *leaf);
    int *part = malloc(n * sizeof *part);
    no_value *value = calloc(n, sizeof *value);
    double *reach = malloc(n * sizeof *reach);
    if (!leaf || !part || !value || !reach)
        abort();
    damages ds = {0};
    *out = (dealt){0};
    int rc = nleaf ? value_leaves(dp, ctx, rules, &ds, leaf, part, value, err, errlen) : 0;
    if (!rc) {
        gather g = {.out = out};
        no_open_flow(&dp->view, &dp->open, value, reach); /* the choices these values make */
        for (int l = 0; l < nleaf; l++) {
            const damage *d = &ds.d[part[l]];
            for (int t = 0; reach[l] > 0 && t < d->g.nterm; t++)
                if (d->p[t] > 0) {
                    no_state end;
                    end_of(rules, &leaf[l], &d->g.term[t], &end);
                    add_end(&g, &end, reach[l] * d->p[t]);
                }
        }
        finder_free(&g.by_end);
    }
    out->states = ds.states;
    damages_free(&ds);
    free(leaf);
    free(part);
    free(value);
    free(reach);
    return rc;
}
