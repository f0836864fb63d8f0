/* dice.h — die face tables and the outcome tables built from them.
 * A roll of k dice is summarised by its count vector (how many dice show each result). For every
 * die and k we list all count vectors with their exact probabilities (the exact driver branches
 * over them) and a transition table that ranks the vector one die at a time (the Monte Carlo
 * driver rolls each die from 3 random bits and lands on the same outcome rank). */
#ifndef NEVERODDS_DICE_H
#define NEVERODDS_DICE_H
#include <stdint.h>

#define NO_MAX_FACES 12  /* faces one pool can hold: Legion attack = 3 colours x 4 results */
#define NO_MAX_DICE 6    /* die types in one game */
#define NO_MAX_ROLL 20   /* most dice one roll request may roll */
#define NO_MAX_SIDES 8
#define NO_DIRECT_MAX 4  /* dice ranked by a single lookup (8^4 entries) */

typedef struct no_die {
    const char *name;
    uint8_t sides;                     /* physical sides */
    uint8_t nresults;                  /* distinct results on this die */
    uint8_t face[NO_MAX_FACES];        /* result index -> game face id */
    uint8_t side_result[NO_MAX_SIDES]; /* side -> result index */
} no_die;

typedef struct no_rolls {              /* every outcome of rolling k dice of one die */
    int n;
    uint8_t (*count)[NO_MAX_FACES];    /* by result index */
    double *prob;                      /* exact: sequences / sides^k */
} no_rolls;

typedef struct no_dicetab {
    const no_die *die;
    no_rolls by_k[NO_MAX_ROLL + 1];
    uint16_t *next_rank[NO_MAX_ROLL];  /* [j][rank * sides + side] -> rank among j+1 dice */
    /* d8 only: direct[k][3k random bits] -> rank of k dice, for k <= NO_DIRECT_MAX */
    uint16_t *direct[NO_DIRECT_MAX + 1];
} no_dicetab;

/* A game's dice and their tables, built on first use and then shared read-only. The first use
 * must come before any parallel region (scenario parsing does it). */
typedef struct no_dice_set {
    const no_die *dice;
    int n;
    int ready;
    no_dicetab tabs[NO_MAX_DICE];
} no_dice_set;
/* The table of die `die` of the set (aborts when memory runs out). */
const no_dicetab *no_dice_set_table(no_dice_set *set, int die);

/* Builds the tables; returns 0, or -1 when memory runs out. */
int no_dicetab_init(no_dicetab *tab, const no_die *die);
void no_dicetab_free(no_dicetab *tab);

#endif
