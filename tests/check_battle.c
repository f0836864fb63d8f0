/* check_battle.c — the battle's parts: the alias tables give each outcome its exact chance, an
 * attack table is the run of the same scenario, the rounds' tokens follow the action order, and
 * the two drivers agree on a battle with tokens (tests/battle/compare.py checks whole battles
 * against the independent oracle). */
#include "helpers.h"
#include "analyses/battle_model.h"
#include "neverodds/xwing.h"
#include <unistd.h>

/* A battle file from text; the sides and options read from it. */
/* A lock ship (every card can act on it) and a focus ship (a Damaged Sensor Array or a Disabled
 * Power Regulator cannot change a focus ship's round). */
static const char lock_on_focus[] =
    "{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 4, \"actions\": [\"lock\"]}],"
    " \"b\": [{\"name\": \"y\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 4, \"actions\": [\"focus\"]}]}";

static void load_battle(const char *text, no_battle_side *a, no_battle_side *b, no_battle_opts *o)
{
    char path[64], err[NO_ERR_LEN];
    temp_file(path, "/tmp/neverodds-battle-XXXXXX", text);
    no_battle_defaults(o);
    o->run.threads = 1;
    int rc = no_battle_file_load(path, a, b, o, err, sizeof err);
    unlink(path);
    ck_assert_msg(rc == 0, "%s", err);
}

/* Two side files (XWS squads or plain ships) from text, read as a battle's sides; the options
 * the defaults, one thread. */
static void load_sides(const char *const text[2], no_battle_side *a, no_battle_side *b, no_battle_opts *o)
{
    char err[NO_ERR_LEN];
    no_battle_side *side[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        char path[64];
        temp_file(path, "/tmp/neverodds-side-XXXXXX", text[i]);
        int rc = no_battle_side_load(path, side[i], err, sizeof err);
        unlink(path);
        ck_assert_msg(rc == 0, "%s", err);
    }
    no_battle_defaults(o);
    o->run.threads = 1;
}

static const char two_on_one[] =
    "{\"a\": [{\"name\": \"t1\", \"initiative\": 3, \"attack\": 2, \"agility\": 3, \"hull\": 3, \"actions\": [\"focus\", \"evade\"]},"
    "        {\"name\": \"t2\", \"initiative\": 1, \"attack\": 2, \"agility\": 3, \"hull\": 3, \"actions\": [\"lock\"]}],"
    " \"b\": [{\"name\": \"x\", \"initiative\": 3, \"attack\": 3, \"agility\": 2, \"hull\": 4, \"shields\": 2, \"force\": 1,"
    "         \"actions\": [\"focus\", \"lock\"]}],"
    " \"range\": {\"1\": 0.25, \"2\": 0.5, \"3\": 0.25}, \"rounds\": 8}";

/* Every outcome's chance from the buckets (1/n each, split at keep / 2^32) equals its own. */
START_TEST(t_alias_tables_are_exact)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle(two_on_one, &a, &b, &o);
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    int checked = 0;
    for (int x = 0; x < m.n; x++)
        for (int y = 0; y < m.n; y++)
            for (int r = 1; r <= 3 && m.ship[x].side != m.ship[y].side; r++)
                for (int sx = 0; sx < m.ship[x].nstates; sx++)
                    for (int sy = 0; sy < m.ship[y].nstates; sy++) {
                        const bt_table *t = bt_table_of(&m, x, y, r, 0, 0, sx, sy);
                        double total = 0;
                        for (int i = 0; i < t->n; i++) {
                            double p = 0;
                            for (int k = 0; k < t->n; k++) {
                                const bt_bucket *bk = &t->bucket[k];
                                double keep = bk->keep / 4294967296.0;
                                p += (!memcmp(&bk->out[0], &t->out[i], sizeof t->out[i]) ? keep : 0) / t->n;
                                p += (!memcmp(&bk->out[1], &t->out[i], sizeof t->out[i]) ? 1 - keep : 0) / t->n;
                            }
                            ck_assert_near(p, t->p[i], 1e-8);
                            total += t->p[i];
                        }
                        ck_assert_near(total, 1, 1e-12);
                        checked++;
                    }
    ck_assert_int_gt(checked, 20);
    bt_model_free(&m);
}
END_TEST

/* A plain attack's table is `run` of the same dice with the damage deck off (the battle deals
 * damage as points): 3 attack dice against 2 at range 2 (and range
 * 1: one more attack die; range 3: one more defense die, L1349-L1351). */
START_TEST(t_table_is_the_run)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle("{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 9}],"
                " \"b\": [{\"name\": \"y\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 9}]}",
                &a, &b, &o);
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    static const char *const runs[] = {
        "{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2,\"hull\":9},\"range\":1,\"rule_options\":{\"damage_deck\":false}}",
        "{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2,\"hull\":9},\"range\":2,\"rule_options\":{\"damage_deck\":false}}",
        "{\"game\":\"xwing\",\"attacker\":{\"dice\":3},\"defender\":{\"dice\":2,\"hull\":9},\"range\":3,\"rule_options\":{\"damage_deck\":false}}"};
    for (int r = 1; r <= 3; r++) {
        no_scenario sc;
        no_summary s;
        no_run_opts ro = {.seed = 1, .threads = 1};
        ck_assert_msg(!no_scenario_parse(runs[r - 1], "t", &sc, err, sizeof err), "%s", err);
        ck_assert_msg(!no_run(&sc, &ro, &s, err, sizeof err), "%s", err);
        const bt_table *t = bt_table_of(&m, 0, 1, r, 0, 0, 0, 0);
        ck_assert_near(t->mean, s.mean, 1e-12);
        ck_assert_near(t->tail[1], 1 - s.pmf[0].p, 1e-12);
        no_summary_free(&s);
    }
    bt_model_free(&m);
}
END_TEST

/* One action a round, the first of the order the ship has; a lock stays, so the next round takes
 * the next action; the Force recovers one a round up to the ship's. */
START_TEST(t_round_tokens)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle(two_on_one, &a, &b, &o);
    static const int lock_first[] = {NO_ACT_LOCK, NO_ACT_FOCUS};
    memcpy(o.action_order, lock_first, sizeof lock_first);
    o.nactions = 2;
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    const bt_ship *x = &m.ship[2]; /* B's ship: focus and lock, Force 1 */
    const bt_tokens *first = &x->state[x->first_state];
    ck_assert_int_eq(first->lock, 1);
    ck_assert_int_eq(first->focus, 0);
    ck_assert_int_eq(first->force, 1);
    const bt_tokens *second = &x->state[x->round_start[BT_ACT_ANY][x->first_state]];
    ck_assert_int_eq(second->lock, 1);
    ck_assert_int_eq(second->focus, 1);
    for (int s = 0; s < x->nstates; s++) { /* whatever was spent: the Force back to 1, focus gone */
        const bt_tokens *n = &x->state[x->round_start[BT_ACT_ANY][s]];
        ck_assert_int_eq(n->force, 1);
        ck_assert_int_eq(n->evade, 0);
        int ionized = x->state[s].ion >= x->ion_threshold; /* a Disabled Power Regulator's: a focus only */
        ck_assert_int_eq(n->focus, x->state[s].lock || ionized ? 1 : 0);
    }
    const bt_ship *t1 = &m.ship[0]; /* focus and evade: focus each round (lock is not its action) */
    ck_assert_int_eq(t1->state[t1->first_state].focus, 1);
    ck_assert_int_eq(t1->state[t1->first_state].evade, 0);
    bt_model_free(&m);
}
END_TEST

/* Monte Carlo within 5 standard errors of exact: every outcome (which sum to 1) and each ship's
 * survival at the last round. */
static void drivers_agree(const bt_model *m, const bt_result *ex, const bt_result *mc)
{
    double sum = 0;
    for (int i = 0; i < BT_NOUTCOMES; i++) {
        double p = ex->outcome[i], q = mc->outcome[i] / mc->total, se = sqrt(p * (1 - p) / mc->total);
        ck_assert_msg(fabs(p - q) <= 5 * se + 1e-12, "outcome %d: exact %.6f, Monte Carlo %.6f (SE %.6f)", i, p, q, se);
        sum += p;
    }
    ck_assert_near(sum, 1, 1e-12);
    for (int s = 0; s < m->n; s++) {
        size_t at = (size_t)ex->rounds * ex->nq + Q_SHIP + s;
        double p = ex->at[at], q = mc->at[at] / mc->total, se = sqrt(p * (1 - p) / mc->total);
        ck_assert_msg(fabs(p - q) <= 5 * se + 1e-12, "ship %d: exact %.6f, Monte Carlo %.6f", s, p, q);
    }
}

/* Exact (insisted on) and Monte Carlo (`trials`, `seed`) of one battle agree (drivers_agree);
 * the exact result is left in ex for the caller to read and free. */
static void exact_and_monte_carlo(const bt_model *m, no_battle_opts *o, uint64_t trials, uint64_t seed, bt_result *ex)
{
    bt_result mc;
    o->run.force_exact = 1;
    ck_assert_int_eq(bt_exact(m, o, o->range_p, 1000000, ex), 0);
    o->run.force_exact = 0;
    o->run.trials = trials;
    o->run.seed = seed;
    bt_montecarlo(m, o, o->range_p, &mc);
    drivers_agree(m, ex, &mc);
    bt_result_free(&mc);
}

/* A battle with tokens, Force and a range distribution: Monte Carlo within 5 standard errors of
 * exact, on every outcome and each ship's survival at the end. */
START_TEST(t_drivers_agree_with_tokens)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle(two_on_one, &a, &b, &o);
    o.run.threads = 2;
    o.deck = 0; /* damage as points: the deck's own test is t_deck_drivers_agree */
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    bt_result ex;
    exact_and_monte_carlo(&m, &o, 300000, 9, &ex);
    ck_assert(ex.outcome[BT_A_WINS] > 0.05 && ex.outcome[BT_B_WINS] > 0.05); /* both sides can win */
    bt_result_free(&ex);
    bt_model_free(&m);
}
END_TEST

/* Luke Skywalker's Proton Torpedoes (4 dice, range 2-3, 2 charges, ordnance: a lock needed):
 * fired when they are likelier to destroy (or deal more), never at range 1, never without a lock
 * or a charge; each shot spends a charge and the charges do not come back. */
START_TEST(t_best_weapon)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN], path[64];
    no_battle_defaults(&o);
    o.run.threads = 1;
    o.deck = 0; /* damage as points: the torpedoes' choice reads the dice (t_deck_* test the deck) */
    static const int lock_first[] = {NO_ACT_LOCK, NO_ACT_FOCUS};
    memcpy(o.action_order, lock_first, sizeof lock_first);
    o.nactions = 2;
    ck_assert_msg(!no_battle_side_load(NO_PROFILES_DIR "/xwing/squads/rebels.xws", &a, err, sizeof err), "%s", err);
    static const char plain[] = "{\"name\": \"t\", \"ships\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 4, "
                                "\"agility\": 2, \"hull\": 8}]}";
    temp_file(path, "/tmp/neverodds-side-XXXXXX", plain);
    int rc = no_battle_side_load(path, &b, err, sizeof err);
    unlink(path);
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_str_eq(a.ship[0].name, "Luke Skywalker");
    ck_assert_int_eq(a.ship[0].nweapons, 2);
    ck_assert_str_eq(a.ship[0].weapon[1].id, "protontorpedoes");
    ck_assert_int_eq(a.ship[0].weapon[1].charges, 2);
    ck_assert_int_eq(a.ship[0].weapon[1].needs_lock, 1);
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    int target = m.nside[0];
    const bt_ship *luke = &m.ship[0];
    int seen[3] = {0, 0, 0}, fired = 0;
    for (int sa = 0; sa < luke->nstates; sa++) {
        const bt_tokens *t = &luke->state[sa];
        seen[t->ammo[1]] = 1;
        ck_assert_int_le(luke->state[luke->round_start[BT_ACT_ANY][sa]].ammo[1], t->ammo[1]); /* no charge back */
        bt_state b = {0};
        b.st[0] = (uint8_t)sa;
        b.hp[target] = 8;
        double kill;
        ck_assert_int_eq(bt_best_weapon(&m, 0, target, 1, &b, &kill), 0); /* out of the torpedoes' range */
        int w = bt_best_weapon(&m, 0, target, 2, &b, &kill);
        const bt_table *p = bt_table_of(&m, 0, target, 2, 0, 0, sa, 0), *x = bt_table_of(&m, 0, target, 2, 0, 1, sa, 0);
        if (!t->lock || !t->ammo[1]) {
            ck_assert_int_eq(w, 0);
            ck_assert_int_eq(x->n, 0);
            continue;
        }
        ck_assert_int_gt(x->n, 0);
        ck_assert_int_eq(w, x->tail[8] > p->tail[8] || (x->tail[8] == p->tail[8] && x->mean > p->mean));
        for (int k = 0; k < x->n; k++) /* a shot spends one charge */
            ck_assert_int_eq(luke->state[x->out[k].atk_state].ammo[1], t->ammo[1] - 1);
        fired += w == 1;
    }
    ck_assert(seen[0] && seen[1] && seen[2]);
    ck_assert_int_gt(fired, 0);
    bt_model_free(&m);
    /* Luke alone against the plain ship at range 2 and 3, with his torpedoes: the two drivers
     * agree within 5 standard errors */
    a.n = 1;
    o.range_p[2] = o.range_p[3] = 0.5;
    o.rounds = 6;
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    bt_result ex;
    o.run.threads = 2;
    exact_and_monte_carlo(&m, &o, 200000, o.run.seed, &ex);
    ck_assert(ex.outcome[BT_A_WINS] > 0.5 && ex.outcome[BT_B_WINS] > 0.01); /* both sides can win */
    bt_result_free(&ex);
    bt_model_free(&m);
}
END_TEST


/* The damage deck by hand: a ship with 1 shield and 3 hull takes 1 hit and 2 crits. The hit takes
 * the shield; the first crit deals a card face up, whose kind the caller draws: a Hull Breach,
 * which turns later hit damage into crit damage; the second crit's card is a Direct Hit!, one
 * more hit damage, suffered as crit damage (the breach) and destroying the ship: that last card
 * is not drawn. The deck's counts fall by the cards seen face up. */
START_TEST(t_deck_by_hand)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle("{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 3, \"shields\": 1}],"
                " \"b\": [{\"name\": \"y\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 3}]}",
                &a, &b, &o);
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    ck_assert_int_eq(m.deck, 1);
    bt_state s;
    bt_state_start(&m, &s);
    ck_assert_int_eq(s.hp[0], 4);
    uint8_t deal[2] = {1, 2};
    ck_assert_int_eq(bt_deal(&m, &s, 0, deal), 1); /* shield, then the first crit's card */
    ck_assert_int_eq(s.hp[0], 2);
    ck_assert_int_eq(s.shield[0], 0);
    int left[BT_CARD_KINDS];
    ck_assert_int_eq(bt_card_left(&m, &s, 0, left), 33);
    bt_card(&m, &s, 0, XW_CARD_HULL_BREACH, deal);
    ck_assert_int_eq(bt_card_left(&m, &s, 0, left), 32);
    ck_assert_int_eq(left[XW_CARD_HULL_BREACH], 1);
    ck_assert_int_eq(bt_deal(&m, &s, 0, deal), 1); /* the second crit, face up */
    ck_assert_int_eq(s.hp[0], 1);
    bt_card(&m, &s, 0, XW_CARD_DIRECT_HIT, deal);
    ck_assert_int_eq(deal[0], 1);
    ck_assert_int_eq(bt_deal(&m, &s, 0, deal), 0); /* the Direct Hit!'s damage destroys it, no card drawn */
    ck_assert_int_eq(s.hp[0], 0);
    ck_assert_int_eq(bt_card_left(&m, &s, 0, left), 31);
    ck_assert_int_eq(bt_card_left(&m, &s, 1, left), 33); /* the other player's deck */
    /* Structural Damage: one defense die fewer from then on (the state's tokens say so); a Fuel
     * Leak adds 1 hit damage after the next crit damage */
    bt_state_start(&m, &s);
    uint8_t two[2] = {0, 2};
    s.shield[1] = 0;
    ck_assert_int_eq(bt_deal(&m, &s, 1, two), 1);
    int before = s.st[1];
    bt_card(&m, &s, 1, XW_CARD_STRUCTURAL, two);
    ck_assert_int_eq(m.ship[1].state[s.st[1]].structural, 1);
    ck_assert_int_ne(s.st[1], before);
    const bt_table *hurt = bt_table_of(&m, 0, 1, 2, 0, 0, m.ship[0].first_state, s.st[1]),
                   *whole = bt_table_of(&m, 0, 1, 2, 0, 0, m.ship[0].first_state, before);
    ck_assert(hurt->mean > whole->mean + 0.1);
    ck_assert_int_eq(bt_deal(&m, &s, 1, two), 1); /* the second crit: a second card face up */
    ck_assert_int_eq(s.hp[1], 1);
    bt_state_start(&m, &s);
    uint8_t crit[2] = {0, 1};
    ck_assert_int_eq(bt_deal(&m, &s, 1, crit), 1);
    bt_card(&m, &s, 1, XW_CARD_FUEL_LEAK, crit);
    ck_assert_int_eq(s.fuel[1], 1);
    crit[1] = 1;
    ck_assert_int_eq(bt_deal(&m, &s, 1, crit), 1); /* the next crit damage: its card, and the leak acts */
    ck_assert_int_eq(s.hp[1], 1);
    ck_assert_int_eq(s.fuel[1], 0);
    ck_assert_int_eq(crit[0], 1);
    bt_card(&m, &s, 1, XW_CARD_OTHER, crit);
    ck_assert_int_eq(bt_deal(&m, &s, 1, crit), 0); /* the leak's hit damage: the third card, destroyed */
    ck_assert_int_eq(s.hp[1], 0);
    bt_model_free(&m);
}
END_TEST

/* With the deck, one ship alone destroying a plain one (matchup's rounds to destroy: the other
 * side passive, the tokens refreshed) is `run --shots-to-kill` of the same dice, whose engine
 * deals the same deck inside its attacks: the battle draws the cards itself, so this checks its
 * dealing against the engine's, to 1e-12 at every range. */
START_TEST(t_deck_rounds_are_shots_to_kill)
{
    static no_battle_side a, b;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle("{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 4, \"actions\": [\"focus\"]}],"
                " \"b\": [{\"name\": \"y\", \"initiative\": 1, \"attack\": 2, \"agility\": 2, \"hull\": 4, \"shields\": 1,"
                "         \"actions\": [\"focus\"]}]}",
                &a, &b, &o);
    ck_assert_int_eq(o.deck, NO_DECK_ON);
    o.deck = NO_DECK_DICE; /* run's cards: the ones its engine deals inside its attacks */
    no_rate mean[3];
    double unresolved[3];
    int exact;
    ck_assert_msg(!no_battle_rounds_to_destroy(&a, &b, &o, mean, unresolved, &exact, err, sizeof err), "%s", err);
    ck_assert_int_eq(exact, 1);
    for (int r = 1; r <= 3; r++) {
        char text[320];
        snprintf(text, sizeof text,
                 "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}},\"defender\":{\"dice\":2,"
                 "\"tokens\":{\"focus\":1},\"hull\":4,\"shields\":1},\"range\":%d}", r);
        no_scenario sc;
        no_summary s;
        no_run_opts ro = {.seed = 1, .threads = 1};
        ck_assert_msg(!no_scenario_parse(text, "t", &sc, err, sizeof err), "%s", err);
        ck_assert_int_eq(sc.ctx.deck != NULL, 1);
        ck_assert_msg(!no_run_shots(&sc, &ro, &s, err, sizeof err), "%s", err);
        ck_assert_msg(fabs(mean[r - 1].p - s.shots_mean) < 1e-12, "range %d: battle %.15f, shots %.15f", r,
                      mean[r - 1].p, s.shots_mean);
        no_summary_free(&s);
    }
    /* and the deck matters: without it, the rounds differ */
    no_rate off[3];
    o.deck = 0;
    ck_assert_msg(!no_battle_rounds_to_destroy(&a, &b, &o, off, unresolved, &exact, err, sizeof err), "%s", err);
    ck_assert(fabs(off[1].p - mean[1].p) > 1e-3);
}
END_TEST

/* With the deck, a battle with tokens, Force and a range distribution: Monte Carlo (cards drawn
 * by sampling) within 5 standard errors of exact (every kind a branch). */
START_TEST(t_deck_drivers_agree)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle("{\"a\": [{\"name\": \"x\", \"initiative\": 3, \"attack\": 3, \"agility\": 2, \"hull\": 4, \"shields\": 1,"
                "         \"force\": 1, \"actions\": [\"focus\"]}],"
                " \"b\": [{\"name\": \"y\", \"initiative\": 3, \"attack\": 3, \"agility\": 3, \"hull\": 4,"
                "         \"actions\": [\"evade\"]}],"
                " \"range\": {\"1\": 0.5, \"3\": 0.5}, \"rounds\": 10}",
                &a, &b, &o);
    o.run.threads = 2;
    o.deck = NO_DECK_DICE; /* run's cards (every card: t_all_cards_drivers_agree, on a smaller battle) */
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    bt_result ex;
    exact_and_monte_carlo(&m, &o, 300000, 11, &ex);
    ck_assert(ex.outcome[BT_A_WINS] > 0.05 && ex.outcome[BT_B_WINS] > 0.05);
    bt_result_free(&ex);
    bt_model_free(&m);
}
END_TEST

/* Which kinds of card a side's deck tells apart: the ones that can change something for its ships
 * (a Damaged Sensor Array or a Disabled Power Regulator nothing for ships whose action is a focus
 * anyway; a Console Fire, a Weapons Failure or a Blinded Pilot nothing for a passive side, which
 * does not attack; a Blinded Pilot nothing for a plain ship that takes no token its attacks
 * spend); the others count among the "other" cards, and the `dice` deck keeps run's kinds only.
 * 33 cards each way. And the rows of tables a ship attacks from (bt_ship.arms_rows): each count of
 * Weapons Failures (0-2), with and without a Blinded Pilot where one can act. */
START_TEST(t_card_kinds_by_side)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle(lock_on_focus, &a, &b, &o);
    static const int lock_ship[BT_CARD_KINDS] = {5, 4, 2, 2, 6, 2, 2, 2, 2, 2, 2, 2},
                     focus_ship[BT_CARD_KINDS] = {5, 4, 2, 2, 10, 2, 0, 2, 0, 2, 2, 2},
                     passive_focus[BT_CARD_KINDS] = {5, 4, 2, 2, 16, 0, 0, 2, 0, 2, 0, 0},
                     dice[BT_CARD_KINDS] = {5, 4, 2, 2, 20, 0, 0, 0, 0, 0, 0, 0},
                     no_tokens[BT_CARD_KINDS] = {5, 4, 2, 2, 16, 2, 0, 0, 0, 0, 2, 0};
    const int *want[4][2] = {{lock_ship, focus_ship}, {lock_ship, passive_focus}, {dice, dice}, {no_tokens, no_tokens}};
    const int arms[4][2] = {{0x3F, 0x3F}, {0x3F, 1}, {1, 1}, {0x15, 0x15}}; /* 0x15: rows 0, 2, 4 */
    const int nactions = o.nactions;
    for (int c = 0; c < 4; c++) {
        o.passive = c == 1 ? 1 << 1 : 0;
        o.deck = c == 2 ? NO_DECK_DICE : NO_DECK_ON;
        o.nactions = c == 3 ? 0 : nactions; /* --tokens none */
        ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
        for (int side = 0; side < 2; side++) {
            int total = 0;
            for (int k = 0; k < BT_CARD_KINDS; k++) {
                ck_assert_msg(m.deck_count[side][k] == want[c][side][k], "case %d side %d %s: %d", c, side,
                              bt_card_names[k], m.deck_count[side][k]);
                total += m.deck_count[side][k];
            }
            ck_assert_int_eq(total, 33);
            ck_assert_msg(m.ship[side].arms_rows == arms[c][side], "case %d side %d: arms rows %#x", c, side,
                          m.ship[side].arms_rows);
        }
        bt_model_free(&m);
    }
}
END_TEST

/* The cards that act in a battle only, one at a time (battle_damage.c): a Panicked Pilot's two
 * stress take the next round's action and only that one; a Wounded Pilot rolls after an action
 * only; a Disabled Power Regulator's ion token before engaging breaks a lock, and the next
 * round's ion maneuver repairs it; a Damaged Sensor Array leaves a lock ship no action; a ship
 * rolls a die per Console Fire before it engages. */
START_TEST(t_cards_by_hand)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle(lock_on_focus, &a, &b, &o);
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    const bt_ship *x = &m.ship[0], *y = &m.ship[1];
    bt_state s;
    bt_state_start(&m, &s);
    uint8_t deal[2] = {0, 0};
    ck_assert_int_eq(y->state[s.st[1]].focus, 1);
    bt_card(&m, &s, 1, BT_PANICKED, deal);
    bt_card(&m, &s, 1, BT_WOUNDED, deal);
    ck_assert_int_eq(s.stress[1], 2);
    ck_assert_int_eq(bt_round_start(&m, &s, 1), 0); /* stressed: no action, so no Wounded Pilot die */
    ck_assert_int_eq(s.stress[1], 1);
    ck_assert_int_eq(y->state[s.st[1]].focus, 0);
    ck_assert_int_eq(bt_round_start(&m, &s, 1), 1); /* the blue maneuver takes the last stress: focus, a die */
    ck_assert_int_eq(s.stress[1], 0);
    ck_assert_int_eq(y->state[s.st[1]].focus, 1);
    ck_assert_int_eq(x->state[s.st[0]].lock, 1);
    bt_card(&m, &s, 0, BT_REGULATOR, deal);
    ck_assert_int_eq(bt_before_engage(&m, &s, 0), 0); /* no Console Fire */
    ck_assert_int_eq(x->state[s.st[0]].ion, 1);
    ck_assert_int_eq(x->state[s.st[0]].lock, 0); /* ionized: the lock broken (L1238) */
    ck_assert_int_eq(bt_round_start(&m, &s, 0), 0);
    ck_assert_int_eq(bt_up(&s, 0, BT_REGULATOR), 0); /* the ion maneuver repaired it */
    ck_assert_int_eq(x->state[s.st[0]].ion, 0);
    ck_assert_int_eq(x->state[s.st[0]].lock, 0); /* ionized: a focus only, which it does not have */
    bt_state sensor = s;
    bt_card(&m, &sensor, 0, BT_SENSOR_ARRAY, deal);
    bt_round_start(&m, &s, 0);
    bt_round_start(&m, &sensor, 0);
    ck_assert_int_eq(x->state[s.st[0]].lock, 1);
    ck_assert_int_eq(x->state[sensor.st[0]].lock, 0);
    bt_card(&m, &s, 0, BT_CONSOLE_FIRE, deal);
    bt_card(&m, &s, 0, BT_CONSOLE_FIRE, deal);
    ck_assert_int_eq(bt_before_engage(&m, &s, 0), 2);
    ck_assert_int_eq(deal[0] + deal[1], 0); /* none of them deals damage as it is dealt */
    bt_model_free(&m);
}
END_TEST

/* A battle's sides and its model (which points into them), built with the file's settings. */
typedef struct built_battle {
    no_battle_side a, b;
    no_battle_opts o;
    bt_model m;
} built_battle;

static void build_battle(built_battle *x, const char *text)
{
    char err[NO_ERR_LEN];
    load_battle(text, &x->a, &x->b, &x->o);
    ck_assert_msg(!bt_model_build(&x->m, &x->a, &x->b, &x->o, err, sizeof err), "%s", err);
}

/* The damage tails of a's attack on b at range 2 from arms row c, both in their first states,
 * equal (1e-12) those of `plain` (row 0 of its own model): the cards that act on a ship's own
 * attacks change them exactly as the ship's dice and tokens would. */
static void same_tails(const bt_model *m, int c, const char *plain)
{
    static built_battle p;
    build_battle(&p, plain);
    const bt_table *got = bt_table_of(m, 0, 1, 2, c, 0, m->ship[0].first_state, m->ship[1].first_state),
                   *want = bt_table_of(&p.m, 0, 1, 2, 0, 0, p.m.ship[0].first_state, p.m.ship[1].first_state);
    for (int h = 0; h <= 6; h++)
        ck_assert_msg(fabs(got->tail[h] - want->tail[h]) < 1e-12, "row %d, damage >= %d: %.15f, want %.15f", c, h,
                      got->tail[h], want->tail[h]);
    bt_model_free(&p.m);
}

/* Weapons Failure and Blinded Pilot by hand: dealt face up they move the ship to the row of
 * tables it attacks from (2 per Weapons Failure, 1 for a Blinded Pilot, two of which act as
 * one); a Weapons Failure's row is the attack with a die fewer, a Blinded Pilot's the attack
 * without the lock (which it keeps: it cannot spend it), both together one die fewer and no lock. */
START_TEST(t_attack_cards_by_hand)
{
    static built_battle x;
    build_battle(&x, lock_on_focus);
    const bt_model *m = &x.m;
    bt_state s;
    bt_state_start(m, &s);
    uint8_t deal[2] = {0, 0};
    const int rows[] = {2, 4, 5, 5};
    const int kinds[] = {BT_WEAPONS_FAILURE, BT_WEAPONS_FAILURE, BT_BLINDED, BT_BLINDED};
    for (int i = 0; i < 4; i++) {
        bt_card(m, &s, 0, kinds[i], deal);
        ck_assert_int_eq(bt_arms(&s, 0), rows[i]);
    }
    ck_assert_int_eq(deal[0] + deal[1], 0);
    ck_assert_int_eq(bt_arms(&s, 1), 0);
#define PLAIN_B "\"b\": [{\"name\": \"y\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 4, \"actions\": [\"focus\"]}]}"
    same_tails(m, 2, "{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 2, \"agility\": 2, \"hull\": 4, \"actions\": [\"lock\"]}]," PLAIN_B);
    same_tails(m, 4, "{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 1, \"agility\": 2, \"hull\": 4, \"actions\": [\"lock\"]}]," PLAIN_B);
    same_tails(m, 1, "{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 3, \"agility\": 2, \"hull\": 4}]," PLAIN_B);
    same_tails(m, 3, "{\"a\": [{\"name\": \"x\", \"initiative\": 1, \"attack\": 2, \"agility\": 2, \"hull\": 4}]," PLAIN_B);
#undef PLAIN_B
    /* blinded, the lock stays with the attacker whatever the dice show */
    const bt_table *t = bt_table_of(m, 0, 1, 2, 1, 0, m->ship[0].first_state, m->ship[1].first_state);
    ck_assert_int_eq(m->ship[0].state[m->ship[0].first_state].lock, 1);
    for (int k = 0; k < t->n; k++)
        ck_assert_int_eq(m->ship[0].state[t->out[k].atk_state].lock, 1);
    bt_model_free(&x.m);
}
END_TEST

/* Every card that acts: Monte Carlo within 5 standard errors of exact on a battle where all of
 * them can (a lock ship and an evade ship). Initiatives differ, so without self-inflicted damage
 * both ships cannot fall in one step: Console Fire makes it happen, the dice deck never. */
START_TEST(t_all_cards_drivers_agree)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle("{\"a\": [{\"name\": \"x\", \"initiative\": 4, \"attack\": 3, \"agility\": 2, \"hull\": 3, \"shields\": 1,"
                "         \"actions\": [\"lock\"]}],"
                " \"b\": [{\"name\": \"y\", \"initiative\": 2, \"attack\": 3, \"agility\": 2, \"hull\": 4,"
                "         \"actions\": [\"evade\"]}], \"rounds\": 8}",
                &a, &b, &o);
    o.run.threads = 2;
    for (int deck = NO_DECK_ON; deck <= NO_DECK_DICE; deck++) {
        o.deck = deck;
        ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
        bt_result ex;
        exact_and_monte_carlo(&m, &o, 300000, 13, &ex);
        if (deck == NO_DECK_ON)
            ck_assert_msg(ex.outcome[BT_BOTH] > 1e-3, "both destroyed: %g", ex.outcome[BT_BOTH]);
        else
            ck_assert(ex.outcome[BT_BOTH] < 1e-15);
        bt_result_free(&ex);
        bt_model_free(&m);
    }
}
END_TEST

/* A side whose hulls total more than the deck's 33 cards may empty its deck: it is flagged (and
 * said), the exact driver declines (which ship holds which card is not in its states), and until
 * a deck does run out its Monte Carlo draws are the ones of the deck that cannot: the same
 * battle with the flag cleared gives the same sums to the last bit in 2 rounds (at most 14 cards
 * dealt: no deck runs out); in 12 rounds decks do run out, and it counts how often. */
START_TEST(t_deck_reshuffle_past_33_hull)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    load_battle("{\"a\": [{\"name\": \"big\", \"initiative\": 1, \"attack\": 3, \"agility\": 0, \"hull\": 17},"
                "        {\"name\": \"bigger\", \"initiative\": 1, \"attack\": 3, \"agility\": 0, \"hull\": 17}],"
                " \"b\": [{\"name\": \"y\", \"initiative\": 1, \"attack\": 6, \"agility\": 2, \"hull\": 30,"
                "         \"actions\": [\"focus\"]}]}",
                &a, &b, &o);
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    ck_assert_int_eq(m.deck, 1);
    ck_assert_int_eq(m.reshuffle[0], 1);
    ck_assert_int_eq(m.reshuffle[1], 0);
    ck_assert_ptr_nonnull(strstr(m.deck_note, "hulls total 34, more than the deck's 33 cards"));
    bt_result ex;
    ck_assert_int_eq(bt_exact(&m, &o, o.range_p, 1000000, &ex), -1);
    bt_result_free(&ex);
    for (int rounds = 2; rounds <= 12; rounds += 10) {
        o.rounds = rounds;
        o.run.trials = 40000;
        o.run.threads = 2;
        bt_result with, without;
        bt_montecarlo(&m, &o, o.range_p, &with);
        if (rounds == 2) { /* the flag cleared is safe only where no deck can run out */
            m.reshuffle[0] = 0;
            bt_montecarlo(&m, &o, o.range_p, &without);
            m.reshuffle[0] = 1;
            ck_assert(with.reshuffled == 0);
            ck_assert(!memcmp(with.outcome, without.outcome, sizeof with.outcome));
            ck_assert(with.rounds_sum == without.rounds_sum);
            bt_result_free(&without);
        } else {
            ck_assert_msg(with.reshuffled > 0.05 * with.total, "ran out in %g of %g", with.reshuffled, with.total);
        }
        bt_result_free(&with);
    }
    bt_model_free(&m);
    a.ship[1].hull = 16;
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    ck_assert_int_eq(m.reshuffle[0], 0);
    ck_assert_str_eq(m.deck_note, "");
    bt_model_free(&m);
}
END_TEST

/* Ion Torpedoes on a T-65 against a TIE (small: ionized at 1 ion token, L1232): a hit deals 1
 * damage and the other results ion tokens; ionized, the TIE takes the focus action though its
 * order puts evade first (L1249, L1254), and its ion tokens go after that round's activation. */
START_TEST(t_ion)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    static const char *const sides[2] = {
        "{\"name\":\"ion\",\"faction\":\"rebelalliance\",\"version\":\"2.0.0\",\"pilots\":[{\"id\":\"bluesquadronescort\","
        "\"upgrades\":{\"torpedo\":[\"iontorpedoes\"]}}]}",
        "{\"name\":\"tie\",\"faction\":\"galacticempire\",\"version\":\"2.0.0\",\"pilots\":[{\"id\":\"academypilot\"}]}"};
    load_sides(sides, &a, &b, &o);
    static const int order[] = {NO_ACT_LOCK, NO_ACT_EVADE, NO_ACT_FOCUS};
    memcpy(o.action_order, order, sizeof order);
    o.nactions = 3;
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    ck_assert_int_eq(m.ship[0].nweapons, 2);
    ck_assert_int_eq(m.ship[1].ion_threshold, 1);
    const bt_ship *tie = &m.ship[1];
    int sa = m.ship[0].first_state, sd = tie->first_state;
    ck_assert_int_eq(m.ship[0].state[sa].lock, 1);
    ck_assert_int_eq(tie->state[sd].evade, 1); /* not ionized: its first action */
    const bt_table *t = bt_table_of(&m, 0, 1, 2, 0, 1, sa, sd);
    ck_assert_int_gt(t->n, 0);
    double p_ion = 0;
    for (int k = 0; k < t->n; k++) {
        const bt_tokens *after = &tie->state[t->out[k].def_state];
        ck_assert_int_le(t->out[k].hit + t->out[k].crit, 1); /* one damage at most */
        if (!after->ion)
            continue;
        p_ion += t->p[k];
        ck_assert_int_eq(t->out[k].hit, 1);
        const bt_tokens *next = &tie->state[tie->round_start[BT_ACT_ANY][t->out[k].def_state]];
        ck_assert_int_eq(next->ion, 0);
        ck_assert_int_eq(next->focus, 1);
        ck_assert_int_eq(next->evade, 0);
    }
    ck_assert(p_ion > 0.1);
    bt_model_free(&m);
}
END_TEST

/* A T-65 with a talent: Elusive (a defending charge, not recurring) or Lone Wolf (attacking and
 * defending, recurring: one back each End phase, L458-L464). */
#define VETERAN_WITH(talent)                                                                                   \
    "{\"name\":\"vet\",\"faction\":\"rebelalliance\",\"version\":\"2.0.0\",\"pilots\":[{\"id\":\"redsquadronveteran\"," \
    "\"upgrades\":{\"talent\":[\"" talent "\"]}}]}"
static const char plain_attacker[] =
    "{\"name\":\"x\",\"ships\":[{\"name\":\"x\",\"initiative\":1,\"attack\":3,\"agility\":2,\"hull\":4,"
    "\"actions\":[\"focus\"]}]}";

/* Charges carry: the rounds a plain ship needs to destroy a passive T-65 with Elusive, whose one
 * charge is spent once for the whole battle, equal `run --shots-to-kill` (which carries the
 * defender's charges, xwing.c) at each range to 1e-12, with and without the deck; so do
 * matchup's rounds to destroy, whose fresh tokens leave the charges carried. */
START_TEST(t_charges_carry_as_shots_to_kill)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    static const char *const sides[2] = {plain_attacker, VETERAN_WITH("elusive")};
    load_sides(sides, &a, &b, &o);
    for (int deck = 0; deck < 2; deck++) {
        /* matchup's rounds to destroy (fresh tokens: the T-65's focus each attack) carry it too */
        no_battle_defaults(&o);
        o.run.threads = 1;
        o.deck = deck ? NO_DECK_DICE : NO_DECK_OFF; /* run's cards, as its engine deals them */
        no_rate siege[3];
        double unresolved[3];
        int exact;
        ck_assert_msg(!no_battle_rounds_to_destroy(&a, &b, &o, siege, unresolved, &exact, err, sizeof err), "%s", err);
        ck_assert_int_eq(exact, 1);
        o.passive = 1 << 1;
        o.rounds = NO_BATTLE_MAX_ROUNDS;
        ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
        for (int r = 1; r <= 3; r++) {
            double range_p[4] = {0};
            range_p[r] = 1;
            bt_result res;
            o.run.force_exact = 1;
            ck_assert_int_eq(bt_exact(&m, &o, range_p, 1000000, &res), 0);
            no_rate mean = bt_mean_of(&res, res.rounds_sum, res.rounds_sq);
            ck_assert(res.outcome[BT_UNRESOLVED] < 1e-13);
            bt_result_free(&res);
            char text[400];
            snprintf(text, sizeof text,
                     "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}},\"defender\":{"
                     "\"pilot\":\"redsquadronveteran\",\"upgrades\":[\"elusive\"],\"tokens\":{\"focus\":1}},"
                     "\"range\":%d,\"rule_options\":{\"damage_deck\":%s}}", r, deck ? "true" : "false");
            no_scenario sc;
            no_summary s;
            no_run_opts ro = {.seed = 1, .threads = 1};
            ck_assert_msg(!no_scenario_parse(text, "t", &sc, err, sizeof err), "%s", err);
            ck_assert_msg(!no_run_shots(&sc, &ro, &s, err, sizeof err), "%s", err);
            ck_assert_msg(fabs(mean.p - s.shots_mean) < 1e-12, "deck %d range %d: battle %.15f, shots %.15f", deck, r,
                          mean.p, s.shots_mean);
            ck_assert_msg(fabs(siege[r - 1].p - s.shots_mean) < 1e-12, "deck %d range %d: siege %.15f, shots %.15f",
                          deck, r, siege[r - 1].p, s.shots_mean);
            no_summary_free(&s);
        }
        /* the charge is the ship's one pool, full at the start; once spent it stays spent */
        const bt_ship *vet = &m.ship[1];
        ck_assert_int_eq(vet->npools, 1);
        ck_assert_int_eq(vet->state[vet->first_state].charges[0], 1);
        int spent = 0;
        for (int s = 0; s < vet->nstates; s++)
            if (!vet->state[s].charges[0]) {
                spent++;
                ck_assert_int_eq(vet->state[vet->round_start[BT_ACT_ANY][s]].charges[0], 0);
            }
        ck_assert_int_gt(spent, 0);
        bt_model_free(&m);
    }
}
END_TEST

/* A recurring charge (Lone Wolf) comes back in the End phase; it is spent attacking and
 * defending from one pool; exact and Monte Carlo agree within 5 SE on a battle of two such pools. */
START_TEST(t_recurring_charges)
{
    static no_battle_side a, b;
    static bt_model m;
    no_battle_opts o;
    char err[NO_ERR_LEN];
    static const char *const sides[2] = {VETERAN_WITH("lonewolf"), VETERAN_WITH("elusive")};
    load_sides(sides, &a, &b, &o);
    o.rounds = 6;
    o.deck = NO_DECK_DICE; /* exact fits with run's cards */
    ck_assert_msg(!bt_model_build(&m, &a, &b, &o, err, sizeof err), "%s", err);
    const bt_ship *wolf = &m.ship[0];
    ck_assert_int_eq(wolf->npools, 1);
    int spent_attacking = 0, spent_defending = 0;
    for (int r = 1; r <= 3; r++) {
        const bt_table *at = bt_table_of(&m, 0, 1, r, 0, 0, wolf->first_state, m.ship[1].first_state),
                       *df = bt_table_of(&m, 1, 0, r, 0, 0, m.ship[1].first_state, wolf->first_state);
        for (int k = 0; k < at->n; k++)
            spent_attacking |= !wolf->state[at->out[k].atk_state].charges[0];
        for (int k = 0; k < df->n; k++)
            spent_defending |= !wolf->state[df->out[k].def_state].charges[0];
    }
    ck_assert(spent_attacking && spent_defending);
    for (int s = 0; s < wolf->nstates; s++)
        ck_assert_int_eq(wolf->state[wolf->round_start[BT_ACT_ANY][s]].charges[0], 1);
    bt_result ex;
    o.run.threads = 2;
    exact_and_monte_carlo(&m, &o, 300000, 5, &ex);
    bt_result_free(&ex);
    bt_model_free(&m);
}
END_TEST

Suite *suite_battle(void)
{
    Suite *s = suite_create("battle");
    TCase *tc = tcase_create("battle");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, t_alias_tables_are_exact);
    tcase_add_test(tc, t_table_is_the_run);
    tcase_add_test(tc, t_round_tokens);
    tcase_add_test(tc, t_drivers_agree_with_tokens);
    tcase_add_test(tc, t_best_weapon);
    tcase_add_test(tc, t_deck_by_hand);
    tcase_add_test(tc, t_deck_rounds_are_shots_to_kill);
    tcase_add_test(tc, t_deck_drivers_agree);
    tcase_add_test(tc, t_card_kinds_by_side);
    tcase_add_test(tc, t_cards_by_hand);
    tcase_add_test(tc, t_attack_cards_by_hand);
    tcase_add_test(tc, t_all_cards_drivers_agree);
    tcase_add_test(tc, t_deck_reshuffle_past_33_hull);
    tcase_add_test(tc, t_ion);
    tcase_add_test(tc, t_charges_carry_as_shots_to_kill);
    tcase_add_test(tc, t_recurring_charges);
    suite_add_tcase(s, tc);
    return s;
}
