/* order.h — `neverodds order`: does the order of the modifiers matter? Every order in which the
 * players could commit to using their effects, the rules' own order and the what-ifs the user
 * asks for (another player first in a window, a step moved), each run exactly (or by Monte
 * Carlo), side by side; and a trace of one fixed roll through each order. */
#ifndef NEVERODDS_ORDER_H
#define NEVERODDS_ORDER_H
#include <stdio.h>
#include "neverodds/run.h"
#include "neverodds/attack.h"

#define NO_ORDER_MAX_WHATIFS 4
#define NO_ORDER_MAX_ORDERS 120 /* fixed orders under one rule order */

typedef struct no_order_opts {
    no_run_opts run;
    int nswap;                                  /* --swap-window W: the other player first in W */
    int swap[NO_ORDER_MAX_WHATIFS];
    int nvariant;                               /* --variant NAME: the rule set's what-ifs */
    const char *variant[NO_ORDER_MAX_WHATIFS];
    const char *roll;                           /* --roll "atk=H,F,B def=E,F": trace it, or NULL */
    int format;                                 /* NO_FMT_TEXT, NO_FMT_JSON, NO_FMT_CSV (table.h) */
} no_order_opts;

/* The table for each scenario (the same file under several rule versions: --rules), as text,
 * JSON or CSV (one row per distinct order; traces are text and JSON only) on f. Returns 0, or -1 with err (a what-if the rules do not have, too many orders, a roll
 * that does not fit the dice). */
/* `text` with each of its seed citations ("L1554-L1555", with the rules' own letter) named by
 * the narrowest section of the rules that holds it: "Roll Attack Dice (L1554-L1555)", and the
 * page where the seed gives one: "Apply Dodges and Cover, step 5e: Apply Dodges, p. 34 (L1587)".
 * Returns how many citations no section holds (they are copied as they are). */
int no_order_cite(const no_rules *rules, const char *text, char *out, size_t n);

int no_report_orders(FILE *f, no_scenario *const *scs, int nsc, const no_order_opts *o, char *err,
                     size_t errlen);

#endif
