/* decisions.c — the decision tables of `neverodds policy`: what the policy does after each roll.
 * The attacker's table lists every outcome of its first roll and what the players do before
 * the next roll; the defender's lists, for the attack results most likely to come at it, every
 * outcome of its defense roll and what the players do then, with the damage. Each choice is the
 * engine's own (no_decide), valued by compiling the rest of the attack. */
#include "neverodds/run.h"
#include "neverodds/modifier.h"
#include "report/format.h"
#include "analyses/decisions.h"
#include <stdlib.h>
#include <string.h>

#define MAX_INCOMING 6    /* attack results the defender's table shows */
#define MAX_REACHED 4096  /* states at the defense roll tracked */
#define MAX_ROLL_OUTCOMES 1024

const char *rep_face_name(const no_scenario *sc, const no_pool *p, int pool, int face)
{
    return sc->game->face_name(p, pool, face);
}

/* "hit hit focus" for the dice of a pool; "white blank x3, white hit" once names are long. */
void rep_pool_text(const no_scenario *sc, const no_pool *p, int pool, char *out, size_t n)
{
    int dice = no_pool_total(p), faces = 0, spaced = 0;
    for (int f = 0; f < NO_MAX_FACES; f++)
        if (no_pool_face(p, f) > 0) {
            faces++;
            spaced |= strchr(rep_face_name(sc, p, pool, f), ' ') != NULL;
        }
    int spell = dice <= 3 || faces == dice; /* short enough to name every die */
    const char *sep = spell && !spaced ? " " : ", "; /* "hit hit focus"; "red hit, black blank" */
    size_t used = 0;
    out[0] = 0;
    for (int f = 0; f < NO_MAX_FACES; f++) {
        int k = no_pool_face(p, f);
        for (int i = 0; i < (spell ? k : k > 0) && used + 30 < n; i++)
            used += (size_t)snprintf(out + used, n - used, "%s%s", used ? sep : "", rep_face_name(sc, p, pool, f));
        if (!spell && k > 1 && used + 8 < n)
            used += (size_t)snprintf(out + used, n - used, " x%d", k);
    }
    if (!used)
        snprintf(out, n, "no dice");
}

/* "attacker lock 1, defender focus 1 evade 1": the tokens held at `s`. */
static void tokens_text(const no_state *s, char *out, size_t n)
{
    size_t used = 0;
    out[0] = 0;
    for (int side = 0; side < NO_SIDES; side++) {
        int any = 0;
        for (int k = 0; k < NO_TOK_N && used + 40 < n; k++)
            if (s->tok[side][k]) {
                used += (size_t)snprintf(out + used, n - used, "%s%s %s %d", used && !any ? ", " : "",
                                         any ? "" : no_side_names[side], no_token_names[k], s->tok[side][k]);
                any = 1;
            }
    }
    if (!used)
        snprintf(out, n, "no tokens");
}

/* "focus: focus -> hit x2" for one use of a modifier. */
void rep_option_text(const no_scenario *sc, const no_state *s, const no_option *o, char *out, size_t n)
{
    const no_modifier *m = &sc->ctx.mods[o->mod];
    const no_pool *p = s && m->pool < NO_POOLS ? &s->pool[m->pool] : NULL;
    static const char *const verbs[] = {"reroll", "change", "add", "cancel", "dice", "gain", "roll", "declare"};
    size_t used = (size_t)snprintf(out, n, "%s %s", m->name, verbs[m->op]);
    const char *lead = ":"; /* before the first thing named: "brace declare", "focus change: focus->hit" */
    if (m->op == NO_OP_ROLL) /* "roll: 1 black attack d8" */
        used += (size_t)snprintf(out + used, n - used, ": %d %s", m->amount, sc->ctx.dice[m->to]->die->name), lead = "";
    if (m->op == NO_OP_GAIN) /* "gain: 1 focus" */
        used += (size_t)snprintf(out + used, n - used, ": %d %s", m->amount, no_token_names[m->to]), lead = "";
    if (m->op == NO_OP_ADD) /* "add: evade" */
        used += (size_t)snprintf(out + used, n - used, m->count > 1 ? ": %s x%d" : ": %s",
                                 rep_face_name(sc, p, m->pool, m->to), m->count), lead = "";
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < NO_MAX_FACES; f++)
            if (o->pick[c][f] && used + 40 < n) {
                const char *name = rep_face_name(sc, p, m->pool, f);
                used += (size_t)snprintf(out + used, n - used, "%s %s", lead, name);
                lead = strchr(name, ' ') ? "," : ""; /* "red hit, black blank" */
                if (m->op == NO_OP_CHANGE)
                    used += (size_t)snprintf(out + used, n - used, "->%s", rep_face_name(sc, p, m->pool, m->to));
                if (o->pick[c][f] > 1)
                    used += (size_t)snprintf(out + used, n - used, " x%d", o->pick[c][f]);
            }
}

/* Follows the policy from `s` until the next roll or the end. With `out`, writes what each side
 * does; with `v`, what the attack is worth from `s`. Returns NO_AT_ROLL or NO_AT_END, or -1 when
 * the attack is too large. */
static int follow(const no_scenario *sc, no_state *s, char *out, size_t n, no_value *v)
{
    size_t used = 0;
    no_option *opts = malloc(NO_MAX_OPTIONS * sizeof *opts);
    if (!opts)
        abort();
    int actor, window, at, rerolled = 0;
    if (v && no_value_from(&sc->ctx, sc->engine_rules, s, v)) { /* what this roll is worth, played on */
        free(opts);
        return -1;
    }
    while ((at = no_advance(&sc->ctx, sc->engine_rules, s, &actor, &window)) == NO_AT_DECISION) {
        int chosen;
        no_value ignored;
        if (no_decide(&sc->ctx, sc->engine_rules, s, actor, window, opts, &chosen, &ignored)) {
            free(opts);
            return -1;
        }
        if (chosen < 0) {
            s->step++;
            continue;
        }
        char what[160];
        rep_option_text(sc, s, &opts[chosen], what, sizeof what);
        if (out && used + 10 < n)
            used += (size_t)snprintf(out + used, n - used, "%s%s %s", used ? "; " : "", no_side_names[actor], what);
        no_mod_apply(&sc->ctx, s, &opts[chosen]);
        rerolled = sc->ctx.mods[opts[chosen].mod].op == NO_OP_REROLL;
    }
    free(opts);
    if (!out)
        return at;
    if (!used)
        snprintf(out, n, "nothing");
    static const char *const next[NO_POOLS] = {"attack dice roll", "defense roll", "cover or guardian roll"};
    if (at == NO_AT_ROLL && used + 30 < n)
        snprintf(out + strlen(out), n - strlen(out), "; then %s", rerolled ? "the reroll" : next[s->roll_pool]);
    return at;
}

/* Every outcome of the pending roll of `s` (all its die types: a Legion pool rolls red, black
 * and white dice as one roll), as states with their probabilities; at most `max`. */
static int outcomes(const no_ctx *ctx, const no_state *s, no_state *child, double *p, int max)
{
    int die = no_pending_die(s);
    const no_rolls *rolls = &ctx->dice[die]->by_k[s->roll[die]];
    int n = 0;
    for (int o = 0; o < rolls->n && n < max; o++) {
        no_state c;
        no_roll_outcome(ctx, s, o, &c);
        if (no_pending_die(&c) < 0) {
            child[n] = c;
            p[n++] = rolls->prob[o];
            continue;
        }
        int m = outcomes(ctx, &c, child + n, p + n, max - n); /* the next die type of the roll */
        for (int i = 0; i < m; i++)
            p[n + i] *= rolls->prob[o];
        n += m;
    }
    return n;
}

typedef struct reached {
    no_state s;
    double p;
} reached;

/* Walks the policy from `s` (probability p) to the defense roll, collecting the states there. */
static int reach_defense(const no_scenario *sc, no_state s, double p, reached *list, int *n)
{
    int at = follow(sc, &s, NULL, 0, NULL);
    if (at != NO_AT_ROLL)
        return at < 0 ? -1 : 0;
    if (s.roll_pool == NO_POOL_DEFENSE) {
        for (int i = 0; i < *n; i++)
            if (!memcmp(&list[i].s, &s, sizeof s)) {
                list[i].p += p;
                return 0;
            }
        if (*n < MAX_REACHED)
            list[(*n)++] = (reached){s, p};
        return 0;
    }
    no_state *child = malloc(MAX_ROLL_OUTCOMES * sizeof *child);
    double *cp = malloc(MAX_ROLL_OUTCOMES * sizeof *cp);
    if (!child || !cp)
        abort();
    int k = outcomes(&sc->ctx, &s, child, cp, MAX_ROLL_OUTCOMES), rc = 0;
    for (int o = 0; o < k && !rc; o++)
        rc = reach_defense(sc, child[o], p * cp[o], list, n);
    free(child);
    free(cp);
    return rc;
}

static int by_probability(const void *a, const void *b)
{
    double d = ((const reached *)b)->p - ((const reached *)a)->p;
    return d > 0 ? 1 : d < 0 ? -1 : 0;
}

/* What the attack is worth from a roll: its expected damage (the game's own measure: damage cards
 * in Armada); under the optimal policy, the damage its goal counts (the mean damage the report
 * prints, or Armada's cards) over this attack and the later ones. */
static double worth(const no_ctx *ctx, const no_value *v)
{
    if (!no_looks_ahead(ctx))
        return v->damage;
    return v->goal[ctx->goal == NO_GOAL_KILL ? 1 : 0]; /* kill: P(kill), then the damage */
}

/* One table row: the dice rolled, the probability of the row, what follows, the worth. */
static void row(FILE *f, cJSON *list, const char *dice, double p, const char *actions, double worth)
{
    if (list) {
        cJSON *r = cJSON_CreateObject();
        cJSON_AddStringToObject(r, "roll", dice);
        cJSON_AddNumberToObject(r, "probability", p);
        cJSON_AddStringToObject(r, "then", actions);
        cJSON_AddNumberToObject(r, "worth", worth);
        cJSON_AddItemToArray(list, r);
    } else {
        fprintf(f, "  %-22s %9.6f  %-60s %8.4f\n", dice, p, actions, worth);
    }
}

/* A row for every outcome of the roll pending at `s`: the dice of `pool` it shows, then what the
 * players do. `child` and `p` have room for MAX_ROLL_OUTCOMES. */
static int roll_rows(FILE *f, cJSON *list, const no_scenario *sc, const no_state *s, int pool, no_state *child,
                     double *p)
{
    int n = outcomes(&sc->ctx, s, child, p, MAX_ROLL_OUTCOMES);
    for (int o = 0; o < n; o++) {
        char dice[160], actions[600];
        rep_pool_text(sc, &child[o].pool[pool], pool, dice, sizeof dice);
        no_value v;
        if (follow(sc, &child[o], actions, sizeof actions, &v) < 0)
            return -1;
        row(f, list, dice, p[o], actions, worth(&sc->ctx, &v));
    }
    return 0;
}

int no_decision_tables(FILE *f, cJSON *json, const no_scenario *sc, char *err, size_t errlen)
{
    no_state s = sc->ctx.start;
    char before[600]; /* what the policy decides before any die is rolled (Legion's upgrades) */
    int at = follow(sc, &s, before, sizeof before, NULL);
    if (at < 0) {
        snprintf(err, errlen, "%s: the attack is too large for a decision table", sc->file);
        return -1;
    }
    if (at != NO_AT_ROLL) {
        snprintf(err, errlen, "%s: the attack rolls no dice: no decision table", sc->file);
        return -1;
    }
    int decided = strncmp(before, "nothing", 7) != 0;
    no_state *child = malloc(MAX_ROLL_OUTCOMES * sizeof *child);
    double *cp = malloc(MAX_ROLL_OUTCOMES * sizeof *cp);
    reached *list = malloc(MAX_REACHED * sizeof *list);
    if (!child || !cp || !list)
        abort();
    if (decided && json)
        cJSON_AddStringToObject(json, "before_the_roll", before);
    cJSON *atk = json ? cJSON_AddArrayToObject(json, "attacker_decisions") : NULL;
    /* Armada's optimal policy values all the damage (shields too) unless its goal is the cards */
    const char *worth = sc->game->decision_worth ? sc->game->decision_worth(&sc->ctx) : "damage cards";
    if (!json) {
        fprintf(f, "\ndecisions (the policy's own; the last column is what the attack is worth from that roll on:\n"
                   "damage, wounds in Legion, %s in Armada; under optimal, the later attacks' too)\n\n",
                worth);
        if (decided)
            fprintf(f, "before the attack roll: %s\n\n", before);
        fprintf(f, "after the attack roll\n  %-22s %-9s  %-60s %s\n", "roll", "P", "then", "worth");
    }
    if (roll_rows(f, atk, sc, &s, s.roll_pool, child, cp))
        goto too_large;
    /* the defender: the most likely attack results at its roll */
    int nr = 0;
    if (reach_defense(sc, sc->ctx.start, 1.0, list, &nr))
        goto too_large;
    qsort(list, (size_t)nr, sizeof *list, by_probability);
    cJSON *def = json ? cJSON_AddArrayToObject(json, "defender_decisions") : NULL;
    for (int i = 0; i < nr && i < MAX_INCOMING; i++) {
        char incoming[160], held[200];
        rep_pool_text(sc, &list[i].s.pool[NO_POOL_ATTACK], NO_POOL_ATTACK, incoming, sizeof incoming);
        tokens_text(&list[i].s, held, sizeof held);
        cJSON *group = NULL;
        if (def) {
            group = cJSON_CreateObject();
            cJSON_AddStringToObject(group, "attack", incoming);
            cJSON_AddStringToObject(group, "tokens", held);
            cJSON_AddNumberToObject(group, "probability", list[i].p);
            cJSON_AddItemToArray(def, group);
            group = cJSON_AddArrayToObject(group, "rows");
        } else {
            fprintf(f, "\nagainst %s (%s; P %.6f)\n", incoming, held, list[i].p);
        }
        if (roll_rows(f, group, sc, &list[i].s, NO_POOL_DEFENSE, child, cp))
            goto too_large;
    }
    if (nr > MAX_INCOMING && !json)
        fprintf(f, "\n(%d more attack results reach the defender; the %d most likely are shown)\n", nr - MAX_INCOMING,
                MAX_INCOMING);
    free(list);
    free(child);
    free(cp);
    return 0;
too_large:
    free(list);
    free(child);
    free(cp);
    snprintf(err, errlen, "%s: the attack is too large for a decision table", sc->file);
    return -1;
}
