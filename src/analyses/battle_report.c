/* battle_report.c — a battle's report (text, JSON, CSV) and its charts: the outcomes with their
 * standard errors, the rounds to a result, survivors and points lost by round, each ship's
 * survival curve, the outcomes at each range, and every assumption the model makes. */
#include "battle_model.h"
#include "neverodds/matchup.h"
#include "neverodds/table.h"
#include "neverodds/version.h"
#include "report/format.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const outcome_names[BT_NOUTCOMES] = {"A wins", "B wins", "both destroyed", "unresolved"};
static const char *const outcome_keys[BT_NOUTCOMES] = {"p_a_wins", "p_b_wins", "p_both_destroyed", "p_unresolved"};

/* A share of the battles and its standard error (0 when exact). */
static no_rate share(const bt_result *r, double count)
{
    double p = count / r->total;
    return (no_rate){p, r->exact ? 0 : sqrt(p * (1 - p) / r->total)};
}


static no_rate at(const bt_result *r, int k, int q) { return share(r, r->at[(size_t)k * r->nq + q]); }
static no_rate mean_at(const bt_result *r, int k, int q, int q_sq)
{
    return bt_mean_of(r, r->at[(size_t)k * r->nq + q], r->at[(size_t)k * r->nq + q_sq]);
}
static no_rate resolved_by(const bt_result *r, int k)
{
    double c = 0;
    for (int i = 1; i <= k; i++)
        c += r->resolved[i];
    return share(r, c);
}

static void method_words(const bt_report *rep, char *out, size_t n)
{
    if (rep->exact)
        snprintf(out, n, "exact");
    else
        snprintf(out, n, "Monte Carlo, %llu battles, seed %llu%s", (unsigned long long)rep->trials,
                 (unsigned long long)rep->opts->run.seed, rep->fell_back ? " (too large to compute exactly)" : "");
}

/* The model's readings and simplifications, said in every report. */
static const char *const assumptions[] = {
    "no movement: every ship is in arc and at the round's range of every enemy; one range a round for every pair",
    "each ship attacks once a round (L940) with the weapon likeliest to destroy its target (then the one dealing "
    "most): its primary weapon, or a torpedo or missile at a range it reaches while it has a charge (each shot spends "
    "one; they come back as the card says, L460) and, being ordnance, a lock (assumed: most such cards ask for one, "
    "the data does not say which); bonus attacks are not modelled",
    "engagement from the highest initiative down, the first player's ships first at equal initiative (L944), "
    "each player's in listed order; the destroyed are removed after each initiative step (simultaneous fire, "
    "L1554-L1556): they still attack in their step but are not targeted",
    NULL, /* damage: deck_words */
    "ion tokens (Ion Torpedoes and the like): a ship is ionized at 1, 2 or 3 of them by its size (L1232); "
    "ionized, it breaks its lock at once and cannot take one (L1238), in the next round its action is a focus "
    "only (L1249, L1254), then its ion tokens go (L1251); a ship not ionized keeps its ion tokens",
    "tokens: each round a ship takes one action, the first of the action order it has (a lock only when it holds "
    "none); tokens spent attacking are gone when it defends; green tokens leave in the End phase (L1002), a lock "
    "stays and counts on any target; the Force recovers 1 a round (L487-L490); an ability's charges carry "
    "from attack to attack and come back only as its card says (L458-L464; most do not)",
    "a battle ends at the end of the initiative step in which a side has no ship left, or unresolved after the "
    "round limit",
};
#define NASSUMPTIONS (int)(sizeof assumptions / sizeof *assumptions)

/* How damage is dealt: points, or the damage deck's cards, every one that acts without movement
 * (on) or `run`'s only (dice); by NO_DECK_*. */
#define DECK_DEALT                                                                                            \
    "damage: hit damage, then crit damage, one point at a time, shields first (L652), then damage cards from " \
    "the defender's player's own deck (L516), a crit's face up; of the deck `run` uses (33 cards, from "       \
    "xwing-data2's core deck) the face-up Direct Hit!, Fuel Leak, Hull Breach and Structural Damage act as in " \
    "`run` and stay with the ship"
static const char *const deck_words[NO_DECK_N] = {
    "damage: each uncancelled hit or crit is one point, shields first (L652); no damage cards (the deck off)",
    DECK_DEALT ", and so do Console Fire (before the ship engages, an attack die: a hit deals it 1 hit damage), "
    "Damaged Sensor Array (a focus its only action), Panicked Pilot (2 stress; a stressed ship takes no action, "
    "L71, L760, and sheds one stress a round on a blue maneuver, L758), Disabled Power Regulator (an ion token "
    "before the ship engages; repaired after its ion maneuver) and Wounded Pilot (after each action an attack "
    "die: a hit or crit gives 1 stress), Weapons Failure (the ship's attacks roll 1 die fewer) and Blinded "
    "Pilot (its attacks' own dice modified only by spending the Force for its default effect), as in `run`; "
    "Damaged Engine, Loose Stabilizer and Stunned Pilot act on "
    "maneuvers and obstacles, which a battle without movement does not have; no ship repairs a card by an "
    "action. A ship is destroyed when its cards reach its hull. Tokens are spent for the dice's damage, the "
    "cards unseen, and a target's chance to be destroyed is the dice's damage against its hit points left",
    DECK_DEALT "; the other 20 cards are dealt without effect (--deck dice: `run`'s cards only). A ship is "
    "destroyed when its cards reach its hull. Tokens are spent for the dice's damage, the cards unseen, and a "
    "target's chance to be destroyed is the dice's damage against its hit points left",
};

/* The report's title words for the damage. */
static const char *deck_title(const bt_model *m)
{
    return !m->deck ? "" : m->deck_mode == NO_DECK_DICE ? " with the damage deck (run's cards only)" : " with the damage deck";
}

static const char *assumption(const bt_model *m, int i)
{
    return assumptions[i] ? assumptions[i] : deck_words[m->deck ? m->deck_mode : NO_DECK_OFF];
}

static void range_words(const double *p, char *out, size_t n)
{
    int k = 0;
    for (int r = 1; r <= 3; r++)
        if (p[r] >= 1)
            snprintf(out, n, "range %d every round", r);
    if (p[1] < 1 && p[2] < 1 && p[3] < 1) {
        k = snprintf(out, n, "range drawn each round:");
        for (int r = 1, first = 1; r <= 3 && k < (int)n; r++)
            if (p[r] > 0) {
                k += snprintf(out + k, n - (size_t)k, "%s %d %.4g%%", first ? "" : ",", r, 100 * p[r]);
                first = 0;
            }
    }
}

static void actions_words(const no_battle_opts *o, char *out, size_t n)
{
    int k = snprintf(out, n, "%s", o->nactions ? "" : "none");
    for (int i = 0; i < o->nactions && k < (int)n; i++)
        k += snprintf(out + k, n - (size_t)k, "%s%s", i ? ", " : "", no_action_names[__builtin_ctz((unsigned)o->action_order[i])]);
}

/* ---- text ---- */

/* A name in a column `width` wide (names have curly quotes: columns, not bytes), cut to fit. */
static void name_column(FILE *f, const char *name, int width)
{
    size_t len = strlen(name);
    while (rep_columns(name, len) > width) /* back to the start of a character */
        while (len && (name[--len] & 0xC0) == 0x80)
            ;
    fwrite(name, 1, len, f);
    fprintf(f, "%*s", width - rep_columns(name, len), "");
}

static void ship_text(FILE *f, const bt_ship *s)
{
    const no_battle_ship *b = s->src;
    fputs("    ", f);
    name_column(f, b->name, 30);
    fprintf(f, " i%d  %3d pts  %d dice, agility %d, %d hull + %d shields", b->initiative, b->points, b->attack,
            b->agility, b->hull, b->shields);
    if (b->force)
        fprintf(f, ", Force %d", b->force);
    if (b->actions) {
        fputs(", actions", f);
        for (int a = 0; a < NO_ACT_N; a++)
            if (b->actions & 1 << a)
                fprintf(f, " %s", no_action_names[a]);
    }
    for (int w = 1; w < b->nweapons; w++) {
        const no_battle_weapon *x = &b->weapon[w];
        fprintf(f, "%s %s %d dice at range %d-%d, %d charges%s", w == 1 ? "; also" : ",", x->id, x->dice, x->minrange,
                x->maxrange, x->charges, x->needs_lock ? ", needs a lock" : "");
    }
    fputc('\n', f);
}

static void print_rate(FILE *f, no_rate r, int exact)
{
    if (exact)
        fprintf(f, "%.6f", r.p);
    else
        fprintf(f, "%.6f ± %.6f", r.p, r.se);
}

static void text_report(FILE *f, const bt_report *rep)
{
    const bt_model *m = rep->model;
    const no_battle_opts *o = rep->opts;
    const bt_result *r = &rep->main;
    char method[160], ranges[96], actions[96];
    method_words(rep, method, sizeof method);
    range_words(o->range_p, ranges, sizeof ranges);
    actions_words(o, actions, sizeof actions);
    fprintf(f, "neverodds %s — battle, rules xwing-2e%s, token spending by policy %s; %s\n", NO_VERSION,
            deck_title(m), m->policy[0], method);
    if (*m->deck_note)
        fprintf(f, "note: %s\n", m->deck_note);
    for (int s = 0; s < 2; s++) {
        const no_battle_side *sd = rep->side[s];
        fprintf(f, "%s: %s (%s), targets %s\n", s ? "B" : "A", sd->name, sd->file, no_target_names[o->target[s]]);
        for (int i = 0; i < m->n; i++)
            if (m->ship[i].side == s)
                ship_text(f, &m->ship[i]);
        no_squad_left_out_text(f, &sd->squad, "   ");
    }
    fprintf(f, "%s; first player %s; at most %d rounds; action order: %s\n", ranges,
            o->first == NO_FIRST_ROLLED ? "rolled each round (1/2 each, L948-L955)" : o->first == NO_FIRST_A ? "A" : "B",
            o->rounds, actions);
    fputs("\n  outcome            probability\n", f);
    for (int i = 0; i < BT_NOUTCOMES; i++) {
        fprintf(f, "  %-18s ", outcome_names[i]);
        print_rate(f, share(r, r->outcome[i]), r->exact);
        fputc('\n', f);
    }
    fputs("  rounds to a result ", f);
    print_rate(f, bt_mean_of(r, r->rounds_sum, r->rounds_sq), r->exact);
    fprintf(f, " (mean; an unresolved battle counts %d)\n", o->rounds);
    if (m->reshuffle[0] || m->reshuffle[1]) {
        fprintf(f, "  %-18s ", "a deck ran out");
        print_rate(f, share(r, r->reshuffled), r->exact);
        fputs(" (and was shuffled anew, L530-L531)\n", f);
    }
    fputs("\n  every round at one range     A wins     B wins       both unresolved\n", f);
    for (int b = 0; b < 3; b++) {
        const bt_result *br = &rep->band[b];
        if (!br->at)
            continue;
        fprintf(f, "  range %d                 ", b + 1);
        for (int i = 0; i < BT_NOUTCOMES; i++)
            fprintf(f, "  %9.6f", share(br, br->outcome[i]).p);
        if (br->exact != r->exact) /* exact fitted the battle, not this range */
            fprintf(f, "  (Monte Carlo, %llu battles: too large to compute exactly)", (unsigned long long)rep->trials);
        fputc('\n', f);
    }
    fputs("\n  round  resolved   A ships  B ships  A points lost  B points lost\n", f);
    double worst = 0; /* the largest standard error of the table below */
    for (int k = 1; k <= r->rounds; k++) {
        no_rate res = resolved_by(r, k), sa = mean_at(r, k, Q_SURVIVORS, Q_SURVIVORS_SQ),
                sb = mean_at(r, k, Q_SURVIVORS + 1, Q_SURVIVORS_SQ + 1), pa = mean_at(r, k, Q_POINTS, Q_POINTS_SQ),
                pb = mean_at(r, k, Q_POINTS + 1, Q_POINTS_SQ + 1);
        fprintf(f, "  %5d  %8.6f  %7.4f  %7.4f  %13.3f  %13.3f\n", k, res.p, sa.p, sb.p, pa.p, pb.p);
        no_rate all[] = {res, sa, sb};
        for (int i = 0; i < 3; i++)
            worst = all[i].se > worst ? all[i].se : worst;
        for (int q = 0; q < m->n; q++)
            worst = at(r, k, Q_SHIP + q).se > worst ? at(r, k, Q_SHIP + q).se : worst;
    }
    fputs("\n  P(alive at the end of round)\n  ship                              ", f);
    int shown = r->rounds < 12 ? r->rounds : 12;
    for (int k = 1; k <= shown; k++)
        fprintf(f, " %6d", k);
    fputc('\n', f);
    for (int i = 0; i < m->n; i++) {
        fprintf(f, "  %s ", m->ship[i].side ? "B" : "A");
        name_column(f, m->ship[i].src->name, 31);
        for (int k = 1; k <= shown; k++)
            fprintf(f, " %6.4f", at(r, k, Q_SHIP + i).p);
        fputc('\n', f);
    }
    if (shown < r->rounds)
        fprintf(f, "  (rounds 1-%d of %d; --format json or csv gives every round)\n", shown, r->rounds);
    if (!r->exact)
        fprintf(f, "  Monte Carlo: the largest standard error of these round tables is %.6f (points lost: "
                   "--format json)\n", worst);
    fputs("\nassumptions:\n", f);
    for (int i = 0; i < NASSUMPTIONS; i++) {
        fputs("  - ", f);
        rep_wrap(f, assumption(m, i), 96, 4, 100);
    }
    for (int s = 0; s < 2; s++)
        fprintf(f, "  - side %s targets %s\n", s ? "B" : "A", no_target_descriptions[o->target[s]]);
    if (*m->notes) {
        fputs("not modelled (cards that act on dice):\n", f);
        for (const char *n = m->notes; *n;) {
            size_t len = strcspn(n, "\n");
            fprintf(f, "  %.*s\n", (int)len, n);
            n += len + (n[len] == '\n');
        }
    }
}

/* ---- JSON ---- */

static cJSON *rates_json(const bt_result *r, int q, int q_sq, int mean)
{
    cJSON *o = cJSON_CreateObject(), *v = cJSON_AddArrayToObject(o, "by_round"),
          *se = r->exact ? NULL : cJSON_AddArrayToObject(o, "stderr");
    for (int k = 1; k <= r->rounds; k++) {
        no_rate x = mean ? mean_at(r, k, q, q_sq) : at(r, k, q);
        cJSON_AddItemToArray(v, cJSON_CreateNumber(x.p));
        if (se)
            cJSON_AddItemToArray(se, cJSON_CreateNumber(x.se));
    }
    return o;
}

static cJSON *outcomes_json(const bt_result *r)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < BT_NOUTCOMES; i++) {
        no_rate x = share(r, r->outcome[i]);
        cJSON_AddNumberToObject(o, outcome_keys[i], x.p);
        if (!r->exact) {
            char key[40];
            snprintf(key, sizeof key, "%s_stderr", outcome_keys[i]);
            cJSON_AddNumberToObject(o, key, x.se);
        }
    }
    return o;
}

static void json_report(FILE *f, const bt_report *rep)
{
    const bt_model *m = rep->model;
    const no_battle_opts *o = rep->opts;
    const bt_result *r = &rep->main;
    cJSON *root = cJSON_CreateObject();
    char method[160];
    method_words(rep, method, sizeof method);
    cJSON_AddStringToObject(root, "neverodds", NO_VERSION);
    cJSON_AddStringToObject(root, "rules", "xwing-2e");
    cJSON_AddBoolToObject(root, "damage_deck", m->deck);
    if (m->deck) /* "on": every card that acts without movement; "dice": run's only */
        cJSON_AddStringToObject(root, "damage_cards", no_deck_names[m->deck_mode]);
    if (*m->deck_note)
        cJSON_AddStringToObject(root, "damage_deck_note", m->deck_note);
    cJSON_AddStringToObject(root, "policy", m->policy[0]);
    cJSON_AddStringToObject(root, "method", rep->exact ? "exact" : "monte-carlo");
    cJSON_AddStringToObject(root, "method_text", method);
    if (!rep->exact) {
        cJSON_AddNumberToObject(root, "battles", (double)rep->trials);
        cJSON_AddNumberToObject(root, "seed", (double)o->run.seed);
    }
    cJSON_AddNumberToObject(root, "rounds", o->rounds);
    cJSON_AddStringToObject(root, "first_player", no_first_names[o->first]);
    cJSON *tokens = cJSON_AddArrayToObject(root, "tokens"); /* the action order */
    for (int i = 0; i < o->nactions; i++)
        cJSON_AddItemToArray(tokens, cJSON_CreateString(no_action_names[__builtin_ctz((unsigned)o->action_order[i])]));
    cJSON *range = cJSON_AddObjectToObject(root, "range");
    for (int x = 1; x <= 3; x++)
        if (o->range_p[x] > 0) {
            char k[2] = {(char)('0' + x), 0};
            cJSON_AddNumberToObject(range, k, o->range_p[x]);
        }
    cJSON *sides = cJSON_AddArrayToObject(root, "sides");
    for (int s = 0; s < 2; s++) {
        cJSON *sd = cJSON_CreateObject(), *ships = cJSON_AddArrayToObject(sd, "ships");
        cJSON_AddStringToObject(sd, "name", rep->side[s]->name);
        cJSON_AddStringToObject(sd, "file", rep->side[s]->file);
        cJSON_AddStringToObject(sd, "targeting", no_target_names[o->target[s]]);
        for (int i = 0; i < m->n; i++) {
            if (m->ship[i].side != s)
                continue;
            const no_battle_ship *b = m->ship[i].src;
            cJSON *sh = cJSON_CreateObject();
            cJSON_AddStringToObject(sh, "name", b->name);
            if (b->card)
                cJSON_AddStringToObject(sh, "pilot", b->card->pilot);
            cJSON_AddNumberToObject(sh, "initiative", b->initiative);
            cJSON_AddNumberToObject(sh, "points", b->points);
            cJSON_AddNumberToObject(sh, "hull", b->hull);
            cJSON_AddNumberToObject(sh, "shields", b->shields);
            cJSON *weapons = cJSON_AddArrayToObject(sh, "weapons");
            for (int w = 0; w < b->nweapons; w++) {
                const no_battle_weapon *x = &b->weapon[w];
                cJSON *wj = cJSON_CreateObject();
                cJSON_AddStringToObject(wj, "id", x->id);
                cJSON_AddNumberToObject(wj, "dice", x->dice);
                cJSON_AddNumberToObject(wj, "minrange", x->minrange); /* the words of squad's JSON */
                cJSON_AddNumberToObject(wj, "maxrange", x->maxrange);
                if (w) {
                    cJSON_AddNumberToObject(wj, "charges", x->charges);
                    cJSON_AddBoolToObject(wj, "needs_lock", x->needs_lock);
                }
                cJSON_AddItemToArray(weapons, wj);
            }
            cJSON_AddItemToObject(sh, "survival", rates_json(r, Q_SHIP + i, 0, 0));
            cJSON_AddItemToArray(ships, sh);
        }
        cJSON *out = cJSON_CreateArray(); /* the squad's ships that sit the battle out, and why */
        for (int i = 0; i < rep->side[s]->squad.n; i++) {
            const no_ship *x = &rep->side[s]->squad.ship[i];
            const char *why = no_ship_left_out(x);
            if (why)
                cJSON_AddItemToArray(out, cJSON_CreateStringArray((const char *[]){x->pilot, why}, 2));
        }
        if (cJSON_GetArraySize(out))
            cJSON_AddItemToObject(sd, "left_out", out);
        else
            cJSON_Delete(out);
        cJSON_AddItemToObject(sd, "survivors", rates_json(r, Q_SURVIVORS + s, Q_SURVIVORS_SQ + s, 1));
        cJSON_AddItemToObject(sd, "points_lost", rates_json(r, Q_POINTS + s, Q_POINTS_SQ + s, 1));
        cJSON_AddItemToArray(sides, sd);
    }
    cJSON *out = outcomes_json(r);
    for (cJSON *c = out->child; c; c = out->child) /* the outcomes at the top level */
        cJSON_AddItemToObject(root, c->string, cJSON_DetachItemViaPointer(out, c));
    cJSON_Delete(out);
    no_rate rm = bt_mean_of(r, r->rounds_sum, r->rounds_sq);
    cJSON_AddNumberToObject(root, "rounds_mean", rm.p);
    if (!r->exact)
        cJSON_AddNumberToObject(root, "rounds_mean_stderr", rm.se);
    if (m->reshuffle[0] || m->reshuffle[1]) { /* how often a deck ran out (L530-L531) */
        no_rate x = share(r, r->reshuffled);
        cJSON_AddNumberToObject(root, "p_reshuffled", x.p);
        cJSON_AddNumberToObject(root, "p_reshuffled_stderr", x.se);
    }
    cJSON *res = cJSON_AddArrayToObject(root, "resolved_by_round");
    for (int k = 1; k <= r->rounds; k++)
        cJSON_AddItemToArray(res, cJSON_CreateNumber(resolved_by(r, k).p));
    cJSON *bands = cJSON_AddObjectToObject(root, "by_range");
    for (int b = 0; b < 3; b++)
        if (rep->band[b].at) {
            char k[2] = {(char)('1' + b), 0};
            cJSON *band = outcomes_json(&rep->band[b]);
            cJSON_AddStringToObject(band, "method", rep->band[b].exact ? "exact" : "monte-carlo");
            cJSON_AddItemToObject(bands, k, band);
        }
    cJSON *as = cJSON_AddArrayToObject(root, "assumptions");
    for (int i = 0; i < NASSUMPTIONS; i++)
        cJSON_AddItemToArray(as, cJSON_CreateString(assumption(m, i)));
    cJSON_AddNumberToObject(root, "attack_tables", m->tables);
    if (rep->exact)
        cJSON_AddNumberToObject(root, "battle_states", (double)r->states);
    if (*m->notes)
        cJSON_AddStringToObject(root, "not_modelled", m->notes);
    rep_print_json(f, root);
}

/* ---- CSV: a row per round ---- */

static void csv_report(FILE *f, const bt_report *rep)
{
    const bt_model *m = rep->model;
    const bt_result *r = &rep->main;
    fputs("round,resolved,a_survivors,a_survivors_se,b_survivors,b_survivors_se,a_points_lost,a_points_lost_se,"
          "b_points_lost,b_points_lost_se",
          f);
    for (int i = 0; i < m->n; i++) {
        fputs(",", f);
        char head[96];
        snprintf(head, sizeof head, "%s %s alive", m->ship[i].side ? "B" : "A", m->ship[i].src->name);
        rep_csv_text(f, head);
    }
    fputc('\n', f);
    for (int k = 1; k <= r->rounds; k++) {
        fprintf(f, "%d,%.12g", k, resolved_by(r, k).p);
        int q[4][2] = {{Q_SURVIVORS, Q_SURVIVORS_SQ}, {Q_SURVIVORS + 1, Q_SURVIVORS_SQ + 1},
                       {Q_POINTS, Q_POINTS_SQ}, {Q_POINTS + 1, Q_POINTS_SQ + 1}};
        for (int i = 0; i < 4; i++) {
            no_rate x = mean_at(r, k, q[i][0], q[i][1]);
            fprintf(f, ",%.12g,%.12g", x.p, x.se);
        }
        for (int i = 0; i < m->n; i++)
            fprintf(f, ",%.12g", at(r, k, Q_SHIP + i).p);
        fputc('\n', f);
    }
}

/* ---- charts ---- */

static int survival_chart(const bt_report *rep, const char *foot, char *err, size_t errlen)
{
    const bt_model *m = rep->model;
    const bt_result *r = &rep->main;
    int n = r->rounds + 1; /* round 0: everyone alive */
    double *y = malloc((size_t)m->n * n * 2 * sizeof *y);
    no_plot_curve *c = calloc((size_t)m->n, sizeof *c);
    char (*label)[80] = malloc((size_t)m->n * sizeof *label);
    if (!y || !c || !label)
        abort();
    int seen[2] = {0, 0};
    for (int i = 0; i < m->n; i++) {
        double *v = y + (size_t)i * n * 2, *se = v + n;
        v[0] = 1;
        se[0] = 0;
        for (int k = 1; k < n; k++) {
            no_rate x = at(r, k, Q_SHIP + i);
            v[k] = x.p;
            se[k] = x.se;
        }
        int s = m->ship[i].side;
        snprintf(label[i], sizeof label[i], "%s: %s", s ? "B" : "A", m->ship[i].src->name);
        c[i] = (no_plot_curve){label[i], v, r->exact ? NULL : se, s ? 4 + seen[1]++ : seen[0]++, s};
    }
    char title[300], sub[300];
    snprintf(title, sizeof title, "battle: %s (A) vs %s (B)", rep->side[0]->name, rep->side[1]->name);
    snprintf(sub, sizeof sub, "each ship's chance to be alive at the end of each round · A wins %.1f%%, B wins %.1f%%",
             100 * share(r, r->outcome[BT_A_WINS]).p, 100 * share(r, r->outcome[BT_B_WINS]).p);
    no_plot_curves pc = {.title = title, .subtitle = sub, .footnote = foot, .xlabel = "round",
                         .ylabel = "P(alive)", .x0 = 0, .n = n, .ncurves = m->n, .curve = c};
    int rc = no_plot_lines(rep->opts->plot, &rep->opts->style, &pc, err, errlen);
    free(y);
    free(c);
    free(label);
    return rc;
}

static int ranges_chart(const bt_report *rep, const char *foot, char *err, size_t errlen)
{
    double v[BT_NOUTCOMES][3], se[BT_NOUTCOMES][3];
    for (int b = 0; b < 3; b++)
        for (int i = 0; i < BT_NOUTCOMES; i++) {
            no_rate x = rep->band[b].at ? share(&rep->band[b], rep->band[b].outcome[i]) : (no_rate){NAN, 0};
            v[i][b] = x.p;
            se[i][b] = x.se;
        }
    no_plot_curve c[BT_NOUTCOMES];
    for (int i = 0; i < BT_NOUTCOMES; i++)
        c[i] = (no_plot_curve){outcome_names[i], v[i], rep->exact ? NULL : se[i], i, i == BT_UNRESOLVED};
    char title[300];
    snprintf(title, sizeof title, "battle by range: %s (A) vs %s (B)", rep->side[0]->name, rep->side[1]->name);
    no_plot_curves pc = {.title = title, .subtitle = "every round at one range", .footnote = foot,
                         .xlabel = "range", .ylabel = "probability", .x0 = 1, .n = 3, .ncurves = BT_NOUTCOMES,
                         .curve = c};
    return no_plot_lines(rep->opts->plot_ranges, &rep->opts->style, &pc, err, errlen);
}

int bt_print(FILE *f, const bt_report *rep, char *err, size_t errlen)
{
    const no_battle_opts *o = rep->opts;
    int rc = 0;
    char method[160], foot[300];
    method_words(rep, method, sizeof method);
    snprintf(foot, sizeof foot, "X-Wing · rules xwing-2e%s · policy %s · %s · neverodds %s",
             deck_title(rep->model), rep->model->policy[0], method, NO_VERSION);
    if (o->plot && survival_chart(rep, foot, err, errlen))
        rc = 1;
    if (o->plot_ranges && ranges_chart(rep, foot, err, errlen))
        rc = 1;
    if (o->format == NO_FMT_JSON)
        json_report(f, rep);
    else if (o->format == NO_FMT_CSV)
        csv_report(f, rep);
    else
        text_report(f, rep);
    return rc;
}
