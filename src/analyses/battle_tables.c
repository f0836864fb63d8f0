/* battle_tables.c — every attack a battle can make, tabled exactly once: for each attacker,
 * defender, range and the tokens both hold, the engine compiles the scenario `neverodds run`
 * would read for the pair (the pilots' cards, their tokens, the range) and gives each outcome's
 * chance: the damage dealt and the tokens both ships are left with. The ships' token states are
 * found on the way (an attack leaves new ones, a new round refreshes them) until no attack
 * leads anywhere new. */
#include "battle_model.h"
#include "neverodds/engine.h"
#include "neverodds/xwing.h"
#include "run/finder.h"
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* Which side each token helps (the engine reads the others as nothing): the attacker's lock,
 * the defender's evade and reinforce, both sides' focus, calculate and Force. */
static const int helps_attacker = NO_ACT_FOCUS | NO_ACT_LOCK | NO_ACT_CALCULATE;
static const int helps_defender = NO_ACT_FOCUS | NO_ACT_EVADE | NO_ACT_CALCULATE | NO_ACT_REINFORCE;

/* bt_tokens' fields by NO_ACT_* bit index (no_action_names: focus, lock, evade, calculate,
 * reinforce), and their engine tokens. */
static uint8_t *token_field(bt_tokens *t, int act)
{
    uint8_t *field[NO_ACT_N] = {&t->focus, &t->lock, &t->evade, &t->calculate, &t->reinforce};
    return field[act];
}
static const int engine_token[NO_ACT_N] = {NO_TOK_FOCUS, NO_TOK_LOCK, NO_TOK_EVADE, NO_TOK_CALCULATE,
                                           NO_TOK_REINFORCE};

static int intern(bt_ship *s, const bt_tokens *t)
{
    for (int i = 0; i < s->nstates; i++)
        if (!memcmp(&s->state[i], t, sizeof *t))
            return i;
    if (s->nstates == BT_MAX_STATES)
        return -1;
    s->state[s->nstates] = *t;
    for (int mode = 0; mode < BT_MODES; mode++)
        s->round_start[mode][s->nstates] = -1;
    s->structural_up[s->nstates] = s->ion_up[s->nstates] = -1;
    s->acted[s->nstates] = 0;
    return s->nstates++;
}

/* The End phase removes the green tokens (focus, evade, calculate, reinforce: L1002) and keeps
 * a lock, the ion tokens and the face-up cards; the Force recovers one (L460, L487-L490), a
 * weapon's and an ability's charges as many as its card recovers (L458-L464; none on most
 * ordnance, one on a recurring card). The next round's
 * action gives the first token of the order the ship has an action for, a lock only when it
 * holds none. An ionized ship may take only the focus action (L1249, L1254; when its bar has one)
 * and holds no lock (L1238), and its ion tokens go at the end of its activation (L1251). `mode`
 * (BT_ACT_*) narrows the action: a focus only (a Damaged Sensor Array), or none (stressed);
 * *acted says whether one was performed. */
static bt_tokens next_round(const bt_ship *s, const bt_tokens *t, const no_battle_opts *o, int mode, int *acted)
{
    int ionized = t->ion >= s->ion_threshold;
    bt_tokens n = {.lock = ionized ? 0 : t->lock,
                   .force = (uint8_t)(t->force < s->src->force ? t->force + 1 : s->src->force),
                   .structural = t->structural, .ion = ionized ? 0 : t->ion};
    for (int w = 1; w < s->src->nweapons && !o->fresh_tokens; w++) {
        const no_battle_weapon *x = &s->src->weapon[w];
        n.ammo[w] = (uint8_t)(t->ammo[w] + x->recovers < x->charges ? t->ammo[w] + x->recovers : x->charges);
    }
    for (int p = 0; p < s->npools; p++) {
        int c = s->pool[p], full = s->src->card->ability_charges[c], up = t->charges[p] + s->src->card->recovers[c];
        n.charges[p] = (uint8_t)(up < full ? up : full);
    }
    *acted = 0;
    for (int i = 0; i < o->nactions && mode != BT_ACT_NONE; i++) {
        int bit = o->action_order[i], act = __builtin_ctz((unsigned)bit);
        if (!(s->src->actions & bit) || (bit == NO_ACT_LOCK && n.lock && !o->fresh_tokens) ||
            ((ionized || mode == BT_ACT_FOCUS) && bit != NO_ACT_FOCUS))
            continue;
        *token_field(&n, act) = 1;
        *acted = 1;
        if (!o->fresh_tokens) /* one action a round; fresh tokens: all of them */
            break;
    }
    return n;
}

/* One more ion token (a Disabled Power Regulator): ionized, the ship breaks its lock (L1238). */
static bt_tokens one_more_ion(const bt_ship *s, const bt_tokens *t)
{
    bt_tokens n = *t;
    n.ion = (uint8_t)(n.ion < s->ion_threshold ? n.ion + 1 : n.ion); /* more than ionizes changes nothing */
    if (n.ion >= s->ion_threshold)
        n.lock = 0;
    return n;
}

/* Interns the round starts of every state (each mode the ship's cards need; a round start's own
 * round starts too) and, with the damage deck, the state with one more face-up Structural Damage
 * (while the ship can survive it: two at most, the deck's copies) and, when a Disabled Power
 * Regulator can matter, with one more ion token. -1 when full. */
static int link_states(bt_ship *s, const no_battle_opts *o, int deck)
{
    for (int i = 0; i < s->nstates; i++) { /* nstates grows as states are found */
        for (int mode = 0; mode < BT_MODES; mode++) {
            int needed = mode == BT_ACT_ANY || (mode == BT_ACT_FOCUS ? s->needs & BT_NEED_FOCUS : s->needs & BT_NEED_NONE);
            if (s->round_start[mode][i] >= 0 || !needed)
                continue;
            int acted;
            bt_tokens n = next_round(s, &s->state[i], o, mode, &acted);
            if ((s->round_start[mode][i] = intern(s, &n)) < 0)
                return -1;
            s->acted[i] = (uint8_t)(s->acted[i] | acted << mode);
        }
        bt_tokens up = s->state[i];
        if (s->structural_up[i] < 0 && deck && up.structural + 1 < s->hull && up.structural < 2) {
            up.structural++;
            if ((s->structural_up[i] = intern(s, &up)) < 0)
                return -1;
        }
        if (s->ion_up[i] < 0 && s->needs & BT_NEED_ION) {
            bt_tokens n = one_more_ion(s, &s->state[i]);
            if ((s->ion_up[i] = intern(s, &n)) < 0)
                return -1;
        }
    }
    return 0;
}

/* ---- one attack's scenario ---- */

static void add_tokens(cJSON *side, const bt_tokens *t, int helps)
{
    cJSON *tok = cJSON_AddObjectToObject(side, "tokens");
    for (int a = 0; a < NO_ACT_N; a++) {
        uint8_t v = *token_field((bt_tokens *)t, a);
        if (helps & 1 << a && v)
            cJSON_AddNumberToObject(tok, no_action_names[a], v);
    }
    if (t->force)
        cJSON_AddNumberToObject(tok, "force", t->force);
}

static cJSON *side_json(const bt_ship *s, int defender, const bt_tokens *t, int weapon, int arms)
{
    cJSON *side = cJSON_CreateObject();
    const no_ship *card = s->src->card;
    if (card) {
        no_xws_name_ship(side, card);
        if (weapon)
            cJSON_AddStringToObject(side, "weapon", s->src->weapon[weapon].id);
    } else {
        cJSON_AddNumberToObject(side, "dice", defender ? s->src->agility : s->src->attack);
    }
    if (arms) { /* the attacker's row (BT_ARMS): its face-up Weapons Failures and Blinded Pilot */
        cJSON *cards = cJSON_AddObjectToObject(side, "damage_cards");
        if (arms / 2)
            cJSON_AddNumberToObject(cards, "weapons_failure", arms / 2);
        if (arms % 2)
            cJSON_AddNumberToObject(cards, "blinded_pilot", 1);
    }
    if (defender) { /* the damage dealt, whatever is left: the battle takes it from shields and hull */
        cJSON_AddNumberToObject(side, "hull", 40);
        cJSON_AddNumberToObject(side, "shields", 0);
        if (t->structural) /* one defense die fewer each */
            cJSON_AddNumberToObject(cJSON_AddObjectToObject(side, "damage_cards"), "structural_damage",
                                    t->structural);
    }
    add_tokens(side, t, defender ? helps_defender : helps_attacker);
    cJSON *left = NULL; /* the pools spent below full (a full one is as the card gives it) */
    for (int p = 0; p < s->npools; p++) {
        int c = s->pool[p];
        if (t->charges[p] == card->ability_charges[c])
            continue;
        if (!left)
            left = cJSON_AddObjectToObject(side, "ability_charges");
        cJSON_AddNumberToObject(left, card->ability[c], t->charges[p]);
    }
    return side;
}

static char *attack_json(const bt_ship *atk, const bt_ship *def, int range, int arms, int weapon, int sa, int sd)
{
    cJSON *root = cJSON_CreateObject(); /* no name: ships alike give the same text (one compile) */
    cJSON_AddStringToObject(root, "game", "xwing");
    cJSON_AddStringToObject(root, "rules", "xwing-2e");
    cJSON_AddItemToObject(root, "attacker", side_json(atk, 0, &atk->state[sa], weapon, arms));
    cJSON_AddItemToObject(root, "defender", side_json(def, 1, &def->state[sd], 0, 0));
    cJSON_AddNumberToObject(root, "range", range);
    cJSON_AddBoolToObject(cJSON_AddObjectToObject(root, "rule_options"), "damage_deck", 0);
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    if (!text)
        abort();
    return text;
}

/* ---- tabling ---- */

/* An outcome before its token states are interned. */
typedef struct raw_outcome {
    double p;
    uint8_t hit, crit, ion; /* ion: the ion tokens the weapon gave */
    bt_tokens atk, def;
} raw_outcome;

typedef struct job {
    int a, d, r, c, w, sa, sd; /* c: the attacker's arms row (BT_ARMS) */
    int same;           /* an earlier job of the same attack (ships alike), or -1 */
    no_scenario *sc;
    raw_outcome *raw;
    int nraw;
    char err[NO_ERR_LEN];
} job;

static int by_outcome(const void *x, const void *y)
{
    const raw_outcome *a = x, *b = y;
    if (a->hit != b->hit || a->crit != b->crit)
        return a->hit != b->hit ? a->hit - b->hit : a->crit - b->crit;
    if (a->ion != b->ion) /* ships alike share outcomes, each gaining from its own ion tokens */
        return a->ion - b->ion;
    int c = memcmp(&a->atk, &b->atk, sizeof a->atk);
    return c ? c : memcmp(&a->def, &b->def, sizeof a->def);
}

/* The tokens a side holds after the attack: the engine's for the ones it was given, the others
 * as they were. */
static bt_tokens tokens_after(const bt_tokens *before, const uint8_t *tok, int helps)
{
    bt_tokens t = *before;
    for (int a = 0; a < NO_ACT_N; a++)
        if (helps & 1 << a)
            *token_field(&t, a) = tok[engine_token[a]];
    t.force = tok[NO_TOK_FORCE];
    return t;
}

/* The tokens a side held that the engine did not see (the attacker's evade, the charges of the
 * weapons, the ion tokens), as they were; the weapon fired (w > 0) spends a charge. */
static void keep_unseen(bt_tokens *t, const bt_tokens *before, int helps, int w)
{
    for (int a = 0; a < NO_ACT_N; a++)
        if (!(helps & 1 << a))
            *token_field(t, a) = *token_field((bt_tokens *)before, a);
    memcpy(t->ammo, before->ammo, sizeof t->ammo);
    t->structural = before->structural;
    t->ion = before->ion;
    if (w)
        t->ammo[w]--;
}

/* Where the attack's state holds each of ship s's pools (s on side `side` of the attack): the
 * charge slot of the scenario's ability of that name in that role, or -1 (not listed: unchanged). */
static void pool_slots(const no_scenario *sc, const bt_ship *s, int side, int slot[BT_POOLS])
{
    for (int p = 0; p < s->npools; p++) {
        slot[p] = -1;
        for (int k = 0; k < sc->npools; k++)
            if (sc->pools[k].side == side && !strcmp(sc->pools[k].ability, s->src->card->ability[s->pool[p]]))
                slot[p] = sc->pools[k].slot;
    }
}

/* The charges of the pools an end state `e` left (slots from pool_slots). */
static void charges_after(const no_state *e, const bt_ship *s, const int slot[BT_POOLS], bt_tokens *t)
{
    for (int p = 0; p < s->npools; p++)
        if (slot[p] >= 0)
            t->charges[p] = e->charges[slot[p]];
}

/* The defender gains the ion tokens an attack gave: past its threshold they change nothing more
 * (kept at it: fewer states); ionized, it breaks its lock at once (L1238). */
static void gain_ion(const bt_ship *d, bt_tokens *t, int ion)
{
    int n = t->ion + ion;
    t->ion = (uint8_t)(n < d->ion_threshold ? n : d->ion_threshold);
    if (t->ion >= d->ion_threshold)
        t->lock = 0;
}

/* Compiles the job's attack and lists its outcomes, equal ones merged. 0, or -1 with job->err. */
static int run_job(const bt_model *m, job *jb)
{
    no_graph g = {0};
    const no_ctx *ctx = &jb->sc->ctx;
    if (no_compile(ctx, jb->sc->engine_rules, NO_STATE_BUDGET, &g, jb->err, sizeof jb->err))
        return -1;
    double *p = calloc((size_t)g.nterm + 1, sizeof *p);
    jb->raw = malloc((size_t)(g.nterm ? g.nterm : 1) * sizeof *jb->raw);
    if (!p || !jb->raw)
        abort();
    no_exact(ctx, &g, p);
    const bt_tokens *ta = &m->ship[jb->a].state[jb->sa], *td = &m->ship[jb->d].state[jb->sd];
    int slot_a[BT_POOLS], slot_d[BT_POOLS];
    pool_slots(jb->sc, &m->ship[jb->a], NO_ATTACKER, slot_a);
    pool_slots(jb->sc, &m->ship[jb->d], NO_DEFENDER, slot_d);
    for (int t = 0; t < g.nterm; t++) {
        const no_state *e = &g.term[t]; /* hull 40, no shields, no deck: hit damage face down, crit face up */
        jb->raw[t] = (raw_outcome){.p = p[t], .hit = e->facedown, .crit = e->faceup,
                                   .ion = ctx->token_weapon ? 0 : e->ion_tokens,
                                   .atk = tokens_after(ta, e->tok[NO_ATTACKER], helps_attacker),
                                   .def = tokens_after(td, e->tok[NO_DEFENDER], helps_defender)};
        if (!m->deck) { /* without the deck hit and crit damage are alike, a point each: outcomes
                         * that differ only there are one (smaller tables, fewer branches) */
            jb->raw[t].hit = (uint8_t)(jb->raw[t].hit + jb->raw[t].crit);
            jb->raw[t].crit = 0;
        }
        keep_unseen(&jb->raw[t].atk, ta, helps_attacker, jb->w);
        charges_after(e, &m->ship[jb->a], slot_a, &jb->raw[t].atk);
        charges_after(e, &m->ship[jb->d], slot_d, &jb->raw[t].def);
        gain_ion(&m->ship[jb->d], &jb->raw[t].def, jb->raw[t].ion);
    }
    qsort(jb->raw, (size_t)g.nterm, sizeof *jb->raw, by_outcome);
    int n = 0;
    for (int t = 0; t < g.nterm; t++) {
        if (n && !by_outcome(&jb->raw[n - 1], &jb->raw[t]))
            jb->raw[n - 1].p += jb->raw[t].p;
        else
            jb->raw[n++] = jb->raw[t];
    }
    jb->nraw = n;
    free(p);
    no_graph_free(&g);
    return 0;
}

/* Vose's alias method: a draw picks bucket i (the high word of draw x n), which gives outcome
 * i when the fraction (the low word) is below its keep, else its alias. */
static void build_alias(bt_table *t)
{
    int n = t->n, *small = malloc((size_t)n * sizeof *small), *large = malloc((size_t)n * sizeof *large);
    double *q = malloc((size_t)n * sizeof *q);
    t->bucket = malloc((size_t)n * sizeof *t->bucket);
    if (!small || !large || !q || !t->bucket)
        abort();
    int ns = 0, nl = 0;
    for (int i = 0; i < n; i++) {
        q[i] = t->p[i] * n;
        t->bucket[i] = (bt_bucket){UINT32_MAX, {t->out[i], t->out[i]}};
        if (q[i] < 1)
            small[ns++] = i;
        else
            large[nl++] = i;
    }
    while (ns && nl) {
        int s = small[--ns], l = large[nl - 1];
        t->bucket[s].out[1] = t->out[l];
        t->bucket[s].keep = (uint32_t)(q[s] * 4294967296.0);
        q[l] -= 1 - q[s];
        if (q[l] < 1) {
            nl--;
            small[ns++] = l;
        }
    }
    /* what is left keeps its own outcome whole (rounding leaves these at 1) */
    free(small);
    free(large);
    free(q);
}

/* Fresh tokens (no_battle_opts.fresh_tokens): of what an attack spends only the abilities'
 * charges carry; the state `from` with the charges `after` left. */
static int spent_charges(bt_ship *s, int from, const bt_tokens *after)
{
    bt_tokens t = s->state[from];
    memcpy(t.charges, after->charges, sizeof t.charges);
    return intern(s, &t);
}

/* The job's outcomes as a table, their token states interned. -1 when a ship has too many. */
static int make_table(bt_model *m, const job *jb, bt_table *t)
{
    t->n = jb->nraw;
    t->out = malloc((size_t)t->n * sizeof *t->out);
    t->p = malloc((size_t)t->n * sizeof *t->p);
    if (!t->out || !t->p)
        abort();
    for (int i = 0; i < t->n; i++) {
        const raw_outcome *o = &jb->raw[i];
        int sa = m->fresh ? spent_charges(&m->ship[jb->a], jb->sa, &o->atk) : intern(&m->ship[jb->a], &o->atk),
            sd = m->fresh ? spent_charges(&m->ship[jb->d], jb->sd, &o->def) : intern(&m->ship[jb->d], &o->def);
        if (sa < 0 || sd < 0)
            return -1;
        t->out[i] = (bt_outcome){o->hit, o->crit, (uint8_t)sa, (uint8_t)sd};
        t->p[i] = o->p;
        int damage = o->hit + o->crit;
        t->mean += o->p * damage;
        for (int h = 0; h <= BT_MAX_HP && h <= damage; h++)
            t->tail[h] += o->p;
    }
    build_alias(t);
    return 0;
}

/* The grid while states are still found: a pointer per (attacker state, defender state). */
#define GRID (BT_MAX_STATES * BT_MAX_STATES)

/* Does a attack d: ships of two sides, the attacker's side not passive. */
static int opponents(const bt_model *m, int a, int d)
{
    return m->ship[a].side != m->ship[d].side && !(m->passive & 1 << m->ship[a].side);
}

/* Whether ship s may fire weapon w holding the tokens of state sa: the primary always; another
 * with a charge left, and a lock when it needs one. */
static int may_fire(const bt_ship *s, int w, int sa)
{
    const bt_tokens *t = &s->state[sa];
    return !w || (t->ammo[w] > 0 && (!s->src->weapon[w].needs_lock || t->lock));
}

#define TABLE_BATCH 64 /* attacks parsed, then compiled side by side, at a time */

/* Is entry f's attack text (items: the texts) the key text? */
static int same_text(const void *items, const found *f, const void *key)
{
    return !strcmp(((char *const *)items)[f->index], key);
}

/* What the report names from the attacks' scenarios: the policy of each side (every attack has
 * the same) and the cards that act on dice but are not modelled, once each. */
static void note_scenario(bt_model *m, const no_scenario *sc)
{
    if (!*m->policy[0]) {
        snprintf(m->policy[0], sizeof m->policy[0], "%s", no_policies[sc->ctx.policy[NO_ATTACKER]].name);
        snprintf(m->policy[1], sizeof m->policy[1], "%s", no_policies[sc->ctx.policy[NO_DEFENDER]].name);
    }
    if (*sc->notes && !strstr(m->notes, sc->notes) && strlen(m->notes) + strlen(sc->notes) + 2 < sizeof m->notes)
        strcat(strcat(m->notes, sc->notes), "\n");
}

/* Every attack not tabled yet among the states known (*tabled: how many): parsed one by one
 * (parsing reads shared tables), compiled side by side. */
static int table_wave(bt_model *m, bt_table ***grid, const no_battle_opts *o, int *tabled, char *err,
                      size_t errlen)
{
    int njobs = 0, cap = 64;
    job *jobs = malloc((size_t)cap * sizeof *jobs);
    if (!jobs)
        abort();
    for (int a = 0; a < m->n; a++)
        for (int d = 0; d < m->n; d++)
            for (int r = 1; r <= 3; r++)
                for (int c = 0; c < BT_ARMS; c++)
                    for (int w = 0; w < m->ship[a].src->nweapons; w++) {
                        bt_table **g = grid[bt_cell(m, a, d, r, c, w)];
                        for (int sa = 0; g && sa < m->ship[a].nstates; sa++)
                            for (int sd = 0; sd < m->ship[d].nstates && may_fire(&m->ship[a], w, sa); sd++) {
                                if (g[sa * BT_MAX_STATES + sd])
                                    continue;
                                if (njobs == cap && !(jobs = realloc(jobs, (size_t)(cap *= 2) * sizeof *jobs)))
                                    abort();
                                jobs[njobs++] = (job){.a = a, .d = d, .r = r, .c = c, .w = w, .sa = sa, .sd = sd,
                                                      .same = -1};
                            }
                    }
    int rc = 0;
    char **texts = calloc((size_t)njobs + 1, sizeof *texts);
    finder seen = {0}; /* the texts: the first job of each attack */
    int *bad = calloc((size_t)njobs + 1, sizeof *bad);
    if (!texts || !bad)
        abort();
    /* in batches: a parsed scenario is large, and lives only until its attack is compiled */
    for (int from = 0; from < njobs && !rc; from += TABLE_BATCH) {
        int to = from + TABLE_BATCH < njobs ? from + TABLE_BATCH : njobs;
        for (int i = from; i < to && !rc; i++) {
            job *jb = &jobs[i];
            char *json = texts[i] = attack_json(&m->ship[jb->a], &m->ship[jb->d], jb->r, jb->c, jb->w, jb->sa, jb->sd);
            uint64_t h = finder_hash(FINDER_SEED, json, strlen(json));
            const found *f = finder_find(&seen, h, same_text, texts, json);
            if (f) { /* ships alike: the attack of an earlier job */
                jb->same = f->index;
                continue;
            }
            finder_add(&seen, h, 0, i);
            if (!(jb->sc = malloc(sizeof *jb->sc)))
                abort();
            if (no_scenario_parse(json, "battle", jb->sc, err, errlen))
                rc = -1;
            if (!rc && jb->sc->nattacks > 1) {
                snprintf(err, errlen, "%s attacking %s: an attack of several parts is not modelled in a battle",
                         m->ship[jb->a].src->name, m->ship[jb->d].src->name);
                rc = -1;
            }
            if (!rc)
                note_scenario(m, jb->sc);
            if (rc)
                njobs = i + 1;
        }
#pragma omp parallel for schedule(dynamic, 1) num_threads(o->run.threads) if (!rc && to - from > 1)
        for (int i = from; i < to; i++) {
            if (!rc && jobs[i].same < 0)
                bad[i] = run_job(m, &jobs[i]);
            free(jobs[i].sc);
            jobs[i].sc = NULL;
        }
    }
    finder_free(&seen);
    for (int i = 0; i < njobs && !rc; i++) {
        job *jb = &jobs[i];
        if (jb->same >= 0) { /* its outcomes are the earlier job's */
            const job *src = &jobs[jb->same];
            jb->nraw = src->nraw;
            if (!(jb->raw = malloc((size_t)(src->nraw ? src->nraw : 1) * sizeof *jb->raw)))
                abort();
            const bt_tokens *ta = &m->ship[jb->a].state[jb->sa], *td = &m->ship[jb->d].state[jb->sd];
            for (int k = 0; k < src->nraw; k++) { /* the tokens the engine did not see are this job's */
                jb->raw[k] = src->raw[k];
                keep_unseen(&jb->raw[k].atk, ta, helps_attacker, jb->w);
                keep_unseen(&jb->raw[k].def, td, helps_defender, 0);
                gain_ion(&m->ship[jb->d], &jb->raw[k].def, jb->raw[k].ion);
            }
        }
        if (bad[i]) {
            snprintf(err, errlen, "%s attacking %s at range %d: %s", m->ship[jb->a].src->name,
                     m->ship[jb->d].src->name, jb->r, jb->err);
            rc = -1;
            break;
        }
        bt_table *t = calloc(1, sizeof *t);
        if (!t)
            abort();
        grid[bt_cell(m, jb->a, jb->d, jb->r, jb->c, jb->w)][jb->sa * BT_MAX_STATES + jb->sd] = t;
        if (make_table(m, jb, t) || link_states(&m->ship[jb->a], o, m->deck) ||
            link_states(&m->ship[jb->d], o, m->deck)) {
            snprintf(err, errlen, "a ship's tokens can stand in more than %d ways", BT_MAX_STATES);
            rc = -1;
        }
    }
    for (int i = 0; i < njobs; i++) {
        free(jobs[i].sc);
        free(jobs[i].raw);
        free(texts[i]);
    }
    free(texts);
    free(jobs);
    free(bad);
    m->tables += njobs;
    *tabled = njobs;
    return rc;
}

static void free_table(bt_table *t)
{
    free(t->out);
    free(t->p);
    free(t->bucket);
}

/* The ion tokens that ionize a ship: by its size (L1232, L3523-L3525); a plain ship is small. */
static int ion_threshold(const no_battle_ship *s)
{
    static const char *const sizes[] = {"small", "medium", "large", "huge"};
    static const int threshold[] = {1, 2, 3, 6};
    for (int i = 0; s->card && i < 4; i++)
        if (!strcmp(s->card->size, sizes[i]))
            return threshold[i];
    return 1;
}

/* The abilities of a squad's ship whose charges carry from attack to attack: those of its cards
 * the library models with charges, its weapons' aside (their charges are the shots, ammo); past
 * BT_POOLS, the rest full at every attack (said in the notes). */
static void find_pools(bt_ship *sh, char *notes, size_t len)
{
    const no_ship *card = sh->src->card;
    for (int c = 0; card && c < card->ncards; c++) {
        int weapon = 0, seen = 0;
        for (int w = 0; w < card->nweapons; w++)
            weapon |= !card->weapon[w].primary && !strcmp(card->weapon[w].name, card->card[c]);
        for (int p = 0; p < sh->npools; p++)
            seen |= !strcmp(card->ability[sh->pool[p]], card->ability[c]);
        if (!card->ability_charges[c] || weapon || seen)
            continue;
        if (sh->npools < BT_POOLS) {
            sh->pool[sh->npools++] = c;
            continue;
        }
        size_t at = strlen(notes);
        snprintf(notes + at, len - at, "%s: the charges of %s are full at every attack (a ship's first %d "
                 "abilities with charges carry theirs)\n", sh->src->name, card->ability[c], BT_POOLS);
    }
}

/* The deck as asked. A side whose hulls could take more cards than its deck holds may empty it:
 * the rules shuffle a new one (L530-L531), which Monte Carlo follows card by card (the exact
 * driver's states hold the cards seen, not which ship holds which); said in the report. */
static void choose_deck(bt_model *m, const no_battle_side *const side[2], const no_battle_opts *o)
{
    m->deck = o->deck != NO_DECK_OFF;
    m->deck_mode = o->deck;
    int cards = 0;
    for (int k = 0; k < BT_CARD_KINDS; k++)
        cards += bt_deck_count[k];
    for (int s = 0; s < 2 && m->deck; s++) {
        int hull = 0;
        for (int i = 0; i < side[s]->n; i++)
            hull += side[s]->ship[i].hull;
        if (hull > cards) {
            m->reshuffle[s] = 1;
            size_t at = strlen(m->deck_note);
            snprintf(m->deck_note + at, sizeof m->deck_note - at,
                     "%s%.100s's hulls total %d, more than the deck's %d cards: a deck that runs out is shuffled "
                     "anew from the destroyed ships' cards, else the ships' face-down cards (L530-L531), by Monte Carlo",
                     at ? "; " : "", side[s]->name, hull, cards);
        }
    }
}

/* Whether ship s takes an action in a round (a stress, from a Panicked or Wounded Pilot, can
 * stop it), and whether it can be other than a focus (a Damaged Sensor Array, or an ion token
 * from a Disabled Power Regulator, leaves it a focus only; the ion token breaks a lock). */
static int takes_action(const bt_ship *s, const no_battle_opts *o, int *beyond_focus)
{
    int first = 0;
    *beyond_focus = 0;
    for (int i = 0; i < o->nactions; i++) {
        int bit = o->action_order[i];
        if (!(s->src->actions & bit))
            continue;
        if (bit != NO_ACT_FOCUS && (!first || o->fresh_tokens)) /* a first focus is always taken */
            *beyond_focus = 1;
        first = first ? first : bit;
    }
    return first != 0;
}

/* Whether ship s may modify its own attack dice (what a Blinded Pilot takes away): a squad's
 * ship, whose cards may (assumed: its tables tell), a ship with the Force, or a plain ship that
 * takes a token its attacks spend (a focus, a lock, a calculate). */
static int modifies_attack(const bt_ship *s, const no_battle_opts *o)
{
    int takes = 0;
    for (int i = 0; i < o->nactions; i++)
        takes |= s->src->actions & o->action_order[i];
    return s->src->card || s->src->force > 0 || (takes & helps_attacker) != 0;
}

/* The arms rows (BT_ARMS) ship s's attacks are tabled in: the Weapons Failures (0-2) and Blinded
 * Pilot its side's deck can give it, while the ship can hold them face up and live (its cards
 * stay below its hull). */
static int arms_rows(const bt_ship *s, int failures, int blinded)
{
    int rows = 0;
    for (int wf = 0; wf <= (failures ? 2 : 0); wf++)
        for (int b = 0; b <= (blinded ? 1 : 0); b++)
            if (wf + b < s->hull)
                rows |= 1 << (2 * wf + b);
    return rows;
}

/* Which kinds of card can change anything for a side's ships (the others count among the
 * deck's "other" cards: bt_model.deck_count), and the state links their effects need. The
 * `dice` deck keeps `run`'s kinds only. A passive side (matchup's rounds to destroy) does not
 * engage, so its Console Fires and Disabled Power Regulators never act. */
static void choose_cards(bt_model *m, const no_battle_opts *o)
{
    for (int side = 0; side < 2; side++) {
        int any = 0, beyond = 0, engages = !(m->passive & 1 << side) && m->deck_mode == NO_DECK_ON, modifies = 0;
        for (int i = 0; i < m->n; i++) {
            int b;
            if (m->ship[i].side == side && takes_action(&m->ship[i], o, &b)) {
                any = 1;
                beyond |= b;
            }
            modifies |= m->ship[i].side == side && modifies_attack(&m->ship[i], o);
        }
        any &= m->deck_mode == NO_DECK_ON;
        beyond &= any;
        const int live[BT_CARD_KINDS] = {1, 1, 1, 1, 1, [BT_CONSOLE_FIRE] = engages, [BT_SENSOR_ARRAY] = beyond,
                                         [BT_PANICKED] = any, [BT_REGULATOR] = engages && beyond, [BT_WOUNDED] = any,
                                         [BT_WEAPONS_FAILURE] = engages, [BT_BLINDED] = engages && modifies};
        int *count = m->deck_count[side];
        memcpy(count, bt_deck_count, sizeof bt_deck_count);
        for (int k = 0; k < BT_CARD_KINDS; k++)
            if (!live[k]) {
                count[BT_OTHER] += count[k];
                count[k] = 0;
            }
        m->engage_cards[side] = count[BT_CONSOLE_FIRE] + count[BT_REGULATOR] > 0;
        m->round_cards |= count[BT_SENSOR_ARRAY] + count[BT_PANICKED] + count[BT_REGULATOR] + count[BT_WOUNDED] > 0;
        int needs = (live[BT_SENSOR_ARRAY] ? BT_NEED_FOCUS : 0) | (any ? BT_NEED_NONE : 0) |
                    (live[BT_REGULATOR] ? BT_NEED_ION : 0);
        for (int i = 0; i < m->n; i++)
            if (m->ship[i].side == side) {
                m->ship[i].needs = needs;
                m->ship[i].arms_rows = arms_rows(&m->ship[i], count[BT_WEAPONS_FAILURE], count[BT_BLINDED]);
                m->attack_cards |= m->ship[i].arms_rows != 1;
            }
    }
}

int bt_model_build(bt_model *m, const no_battle_side *a, const no_battle_side *b, const no_battle_opts *o,
                   char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    m->passive = o->passive;
    m->fresh = o->fresh_tokens;
    const no_battle_side *side[2] = {a, b};
    choose_deck(m, side, o);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < side[s]->n; i++) {
            bt_ship *sh = &m->ship[m->n++];
            const no_battle_ship *src = &side[s]->ship[i];
            int hp = src->hull + src->shields;
            if (hp > BT_MAX_HP) { /* a squad's ship: plain ones are checked as read */
                snprintf(err, errlen, "%s: %s has %d shields and hull, more than a battle models (%d)", side[s]->file,
                         src->name, hp, BT_MAX_HP);
                return -1;
            }
            *sh = (bt_ship){.src = src, .side = s, .hp = hp, .points = src->points,
                            .initiative = src->initiative, .nweapons = src->nweapons, .hull = src->hull,
                            .shields = src->shields, .ion_threshold = ion_threshold(src), .arms_rows = 1};
            m->nside[s]++;
        }
    if (m->deck)
        choose_cards(m, o);
    for (int i = 0; i < m->n; i++) {
        bt_ship *sh = &m->ship[i];
        const no_battle_ship *src = sh->src;
        bt_tokens before = {.force = (uint8_t)src->force}; /* the Force and charges full, no tokens yet */
        for (int w = 1; w < src->nweapons && !o->fresh_tokens; w++) /* fresh: the primary alone, as */
            before.ammo[w] = (uint8_t)src->weapon[w].charges;       /* matchup's cells */
        find_pools(sh, m->notes, sizeof m->notes);
        for (int p = 0; p < sh->npools; p++)
            before.charges[p] = (uint8_t)src->card->ability_charges[sh->pool[p]];
        int acted;
        bt_tokens first = next_round(sh, &before, o, BT_ACT_ANY, &acted);
        sh->first_state = intern(sh, &first);
        link_states(sh, o, m->deck);
    }
    for (int r = 1; r <= 3; r++) /* every range, for the report's outcomes by range */
        m->ranges[m->nranges++] = r;
    size_t cells = BT_CELLS(m);
    bt_table ***grid = calloc(cells, sizeof *grid);
    if (!grid)
        abort();
    for (int x = 0; x < m->n; x++)
        for (int y = 0; y < m->n; y++)
            for (int r = 1; r <= 3; r++)
                for (int c = 0; c < BT_ARMS; c++)
                    for (int w = 0; w < m->ship[x].src->nweapons && opponents(m, x, y) && m->ship[x].arms_rows >> c & 1; w++) {
                        const no_battle_weapon *wp = &m->ship[x].src->weapon[w];
                        if (r >= wp->minrange && r <= wp->maxrange &&
                            !(grid[bt_cell(m, x, y, r, c, w)] = calloc(GRID, sizeof **grid)))
                            abort();
                    }
    int rc = 0, tabled = 1;
    while (!rc && tabled)
        rc = table_wave(m, grid, o, &tabled, err, errlen);
    /* the grids, now that every state is known, packed to their size */
    m->table = calloc(cells, sizeof *m->table);
    if (!m->table)
        abort();
    for (size_t c = 0; c < cells; c++) {
        if (!grid[c])
            continue;
        int pair = (int)(c / NO_BATTLE_MAX_WEAPONS / BT_ARMS / 4), x = pair / m->n, y = pair % m->n;
        int nx = m->ship[x].nstates, ny = m->ship[y].nstates;
        if (!rc && !(m->table[c] = calloc((size_t)nx * ny, sizeof **m->table)))
            abort();
        for (int i = 0; i < GRID; i++) {
            bt_table *t = grid[c][i];
            if (!t)
                continue;
            if (!rc)
                m->table[c][(i / BT_MAX_STATES) * ny + i % BT_MAX_STATES] = *t;
            else
                free_table(t);
            free(t);
        }
        free(grid[c]);
    }
    free(grid);
    if (rc)
        bt_model_free(m);
    return rc;
}

void bt_model_free(bt_model *m)
{
    size_t cells = BT_CELLS(m);
    for (size_t c = 0; m->table && c < cells; c++) {
        if (!m->table[c])
            continue;
        int pair = (int)(c / NO_BATTLE_MAX_WEAPONS / BT_ARMS / 4), x = pair / m->n, y = pair % m->n;
        for (int i = 0; i < m->ship[x].nstates * m->ship[y].nstates; i++)
            free_table(&m->table[c][i]);
        free(m->table[c]);
    }
    free(m->table);
    m->table = NULL;
}
