/* engine.h — one rules engine, two drivers.
 * A game's rules are ordered steps over a small fixed-size state (face counts, tokens, charges,
 * once-per-attack flags). Steps either change the state deterministically, request a roll, or
 * hand a decision to a player. The compiler walks every reachable state once (equal states
 * merge through a hash table), lets the policy pick each decision by expectimax, and emits a
 * DAG of chance nodes; the exact driver pushes probability mass through it and the Monte Carlo
 * driver samples dice through the same nodes. */
#ifndef NEVERODDS_ENGINE_H
#define NEVERODDS_ENGINE_H
#include <stddef.h>
#include <stdint.h>
#include "neverodds/attack.h"

/* The side that decides at a step: its actor, or for a queued step the nth player in order. */
int no_step_actor(const no_ctx *ctx, const no_step *st);

/* Is a roll pending, and which die type rolls first? (-1: none) */
int no_pending_die(const no_state *s);
/* The state after outcome o of what `s` awaits: a rank of ctx->dice[die]->by_k[k] for the first
 * die type pending (k dice of type `die`), or the kind of the card drawn. */
void no_roll_outcome(const no_ctx *ctx, const no_state *s, int o, no_state *child);
/* The cards left in ctx->deck when `s` draws. */
void no_deck_left_at(const no_ctx *ctx, const no_state *s, no_deck_left *left);
/* The outcome rank of k dice showing `faces` (game face ids) in tab->by_k[k]; -1 when a face is
 * not on the die. */
int no_roll_rank(const no_dicetab *tab, const uint8_t *faces, int k);
/* Requests n dice of die type `die` into pool (fresh column). */
void no_request_roll(no_state *s, int pool, int die, int n);

/* The compiled attack: chance nodes in topological order (children before parents). */
typedef struct no_graph {
    int nchance, nterm;
    int cap_chance, cap_term;
    int32_t root;            /* >= 0: chance node; < 0: terminal ~root */
    no_chance *chance;
    int nsucc, cap_succ;
    int32_t *succ;           /* successor per outcome rank (chance id, or ~terminal id) */
    /* once-per-attack modifiers used on the way from an outcome to its successor whose bits the
     * rules' tidying took out of the states (no_state.used), per outcome rank as succ; and from
     * the start to the root. A terminal's used bits and these along its path make the modifiers
     * used in that attack (reports: no_exact_used, no_montecarlo_used). */
    uint32_t *lost;
    int cap_lost;
    uint32_t root_lost;
    int ndecks, cap_decks;
    no_deck_left *decks;     /* the distinct deck states draws find (a draw's probabilities) */
    no_state *term;          /* terminal states */
    size_t states_seen;      /* distinct states the compiler visited */
    no_value value;          /* the root's value under the policy */
} no_graph;

/* The optimal policy's goal over a sequence: the expected total damage (the mean damage the
 * report prints: Armada's shields stripped and cards together), the chance to destroy the
 * defender by the end (then the expected damage), or (Armada) the expected damage cards (hull
 * points of a squadron), then shields stripped, then face-up cards: the per-attack objective over
 * the whole sequence. */
enum { NO_GOAL_MEAN_DAMAGE, NO_GOAL_KILL, NO_GOAL_MEAN_CARDS, NO_GOAL_N };
extern const char *const no_goal_names[NO_GOAL_N + 1]; /* NULL-terminated */
/* The goals every game offers (bit g: no_goal_names[g]); a game's descriptor may add its own
 * (game.h: Armada's mean-cards). */
#define NO_GOALS_COMMON (1u << NO_GOAL_MEAN_DAMAGE | 1u << NO_GOAL_KILL)
typedef struct no_policy_info {
    const char *name;
    const char *description;
} no_policy_info;
extern const no_policy_info no_policies[NO_POLICY_N];
/* Index of a policy name, or -1. */
int no_policy_find(const char *name);
/* The policies every game offers (bit p: no_policies[p]); a game's descriptor may add its own
 * (game.h: Armada's no-discard). */
#define NO_POLICIES_COMMON (((1u << NO_POLICY_N) - 1u) & ~(1u << NO_POLICY_NO_DISCARD))
/* Does a side of the attack look ahead (the optimal policy), so its choices depend on the
 * attacks after it? */
int no_looks_ahead(const no_ctx *ctx);

/* Compiles the attack; returns 0, or -1 with a message when the state budget is exceeded. */
int no_compile(const no_ctx *ctx, const no_rules *rules, size_t state_budget, no_graph *g,
               char *err, size_t errlen);
void no_graph_free(no_graph *g);
/* The same from another state of the attack (as a decision point leaves it). */
int no_compile_from(const no_ctx *ctx, const no_rules *rules, const no_state *root, size_t state_budget,
                    no_graph *g, char *err, size_t errlen);

/* The dice part of an attack, compiled once for every attack that differs from it only in what
 * the damage part alone reads (no_rules.dice_blind: a sequence's deck, the hull): the graph up to
 * its leaves, the states where the damage part begins (g.term; the dice cleared, as at an end),
 * with the decisions left open: a node NO_DIE_CHOICE (k: the side choosing; deck: how many
 * choices, in the order the policy weighs them) whose successors are the choices. Which one the
 * policy takes depends on what the leaves are worth, which the deck decides: each attack values
 * the leaves by its own damage part and resolves them (no_open_flow). */
typedef struct no_open {
    no_graph g;
} no_open;
int no_compile_open(const no_ctx *ctx, const no_rules *rules, size_t state_budget, no_open *o, char *err,
                    size_t errlen);
/* The policy's choices by the leaves' values (as the compiler would make them, had it compiled
 * the attack whole with leaves worth that), and the probability of reaching each leaf. */
void no_open_flow(const no_ctx *ctx, const no_open *o, const no_value *leaf_value, double *leaf_prob);
void no_open_free(no_open *o);
/* A finished attack's value as the compiler gives it (score, resources spent, the goal's
 * measures; the later attacks' not added). */
void no_terminal_value(const no_ctx *ctx, const no_rules *rules, const no_state *s, no_value *v);
/* The value of a compiled graph (no decisions left) if its ends were worth term_value, summed as
 * the compiler sums them. */
void no_graph_value(const no_ctx *ctx, const no_graph *g, const no_value *term_value, no_value *root);

/* Decision tables (reports): runs the steps from `s` to the next decision (NO_AT_DECISION, with
 * its actor and window), roll (NO_AT_ROLL), card draw (NO_AT_DRAW: no decision follows) or end
 * (NO_AT_END). */
enum { NO_AT_END, NO_AT_ROLL, NO_AT_DECISION, NO_AT_DRAW };
/* What the attack is worth from state `s` under the policy (compiles the rest of it). */
int no_value_from(const no_ctx *ctx, const no_rules *rules, const no_state *s, no_value *v);
int no_advance(const no_ctx *ctx, const no_rules *rules, no_state *s, int *actor, int *window);
/* The policy's choice at a decision: fills opts (at least NO_MAX_OPTIONS room) and sets *chosen
 * to the option used, or -1 for passing; *value is what the attack is worth from there. Each
 * choice is valued by compiling the rest of the attack: for reports, not for the drivers.
 * Returns -1 when the attack is too large. */
struct no_option;
int no_decide(const no_ctx *ctx, const no_rules *rules, const no_state *s, int actor, int window,
              struct no_option *opts, int *chosen, no_value *value);

/* Exact driver: probability of each terminal. */
void no_exact(const no_ctx *ctx, const no_graph *g, double *term_prob);
/* The same, and the probability of reaching each chance node (mass[0..g->nchance)); term_prob
 * may be NULL when only the nodes' are wanted. */
void no_flow(const no_ctx *ctx, const no_graph *g, double *mass, double *term_prob);

/* The probability that each modifier is used on the way, of those whose bits the tidying took out
 * of the states (no_graph.lost): used[m] for modifier m; a terminal's own bits are not counted. */
void no_exact_used(const no_ctx *ctx, const no_graph *g, double used[NO_MAX_MODS]);
/* Monte Carlo driver: counts how often each terminal is reached. Chunk c of NO_MC_CHUNK trials
 * uses PCG32 streams (seed, 2c) and (seed, 2c+1), so counts do not depend on the thread count.
 * Returns the trials run: fewer when Ctrl-C stopped it (progress.h; never inside a sequence). */
#define NO_MC_CHUNK 65536
uint64_t no_montecarlo(const no_ctx *ctx, const no_graph *g, uint64_t trials, uint64_t seed,
                       int threads, uint64_t *term_count);
/* The same, and in used_count[m] the trials that used modifier m on the way, of those whose bits
 * the tidying took out of the states (no_graph.lost; a terminal's own bits are not counted). The
 * dice drawn are the same. */
uint64_t no_montecarlo_used(const no_ctx *ctx, const no_graph *g, uint64_t trials, uint64_t seed,
                            int threads, uint64_t *term_count, uint64_t used_count[NO_MAX_MODS]);

/* Forced walk: follows the policy with the given dice (faces in roll order, one list per
 * roll request in order; a card draw takes the next entry as the card's kind). Returns the
 * terminal reached; -1 when the dice run out, -2 when a face is not on the die rolled (or no
 * card of that kind is left), -3 when dice are left over. */
int no_forced_walk(const no_ctx *ctx, const no_graph *g, const uint8_t *faces, int nfaces);

#endif
