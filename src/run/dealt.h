/* dealt.h — shots to kill with a damage deck, the damage dealt apart from the dice (dealt.c).
 * A situation of the shots (sequence.c) holds the cards seen so far; the dice part of its attack
 * is compiled once for every situation that differs from it only in what the damage part alone
 * reads (its view), with the decisions left open (no_open), and each situation deals its own
 * damage from that part's leaves. */
#ifndef NEVERODDS_RUN_DEALT_H
#define NEVERODDS_RUN_DEALT_H
#include "neverodds/engine.h"
#include "run/finder.h"

typedef struct dice_part {
    no_ctx view;        /* the attack with what only the damage part reads blanked (no_rules.dice_blind) */
    no_open open;
    int compiled, failed; /* failed: a decision its side's policy allows no choice of (compile whole) */
} dice_part;

typedef struct dice_parts {
    dice_part *part;
    int n, cap;
    finder by_view;
} dice_parts;

/* The dice part of attack ctx: found by its view, or added, not compiled yet. */
int dealt_part_of(dice_parts *ps, const no_ctx *ctx, const no_rules *rules);
/* Compiles the parts from `first` on, side by side on `threads` threads. */
void dealt_compile(dice_parts *ps, int first, const no_rules *rules, int threads);
/* The states the compiled parts visited. */
size_t dealt_states(const dice_parts *ps);
void dealt_free(dice_parts *ps);

/* An attack dealt: its ends (the terminals of the whole compile that it reaches), each with its
 * probability; and the states its damage parts visited. */
typedef struct dealt {
    no_state *end;
    double *p;
    int n;
    size_t states;
} dealt;

/* Deals attack ctx, whose dice part is dp (compiled): 0, or -1 with err (a damage part larger
 * than a compile may be). Safe to run for several attacks at once. */
int dealt_deal(const dice_part *dp, const no_ctx *ctx, const no_rules *rules, dealt *out, char *err, size_t errlen);

#endif
