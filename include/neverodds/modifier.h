/* modifier.h — the modifier primitives (reroll, change, add, cancel, dice count): when a
 * modifier may be used, which concrete choices it offers, and what using one does to a state. */
#ifndef NEVERODDS_MODIFIER_H
#define NEVERODDS_MODIFIER_H
#include "neverodds/attack.h"

/* One concrete use of a modifier: how many dice of each (column, face) it acts on. */
typedef struct no_option {
    uint8_t mod;
    uint8_t pick[2][NO_MAX_FACES];
} no_option;

#define NO_MAX_OPTIONS 512

/* Builds the context's modifier indexes; call once after the last modifier is added. */
void no_ctx_index(no_ctx *ctx);

/* Does `side` have anything usable in `window`? *must_act as for no_mod_options. */
int no_mod_any(const no_ctx *ctx, const no_state *s, int side, int window, int *must_act);

/* Why the attack's fixed conditions (its range, obstruction, the defender's shields) leave
 * modifier md unusable in every state, or NULL: no_mod_usable's first test, and the report's
 * reason for an ability the scenario switches off. */
const char *no_mod_condition_off(const no_ctx *ctx, const no_modifier *md);
int no_mod_usable(const no_ctx *ctx, const no_state *s, int m);

/* Only the modifiers of the bit mask `mods` may modify `pool` from now on (with any such limit
 * already set, those both allow): "your dice cannot be modified otherwise" (Foresight), "you can
 * modify your dice only by spending Force" (Blinded Pilot). */
void no_mod_only(no_ctx *ctx, int pool, uint32_t mods);

/* Lists every use the modifiers of `side` in `window` offer. *must_act is set when an unused
 * mandatory modifier is usable (the side may not pass). Returns the number of options, or -1
 * when there are more than `max` (the decision is too large to search). */
int no_mod_options(const no_ctx *ctx, const no_state *s, int side, int window,
                   no_option *out, int max, int *must_act);

/* Uses the option: pays the cost, marks it used, changes the dice (a reroll leaves a pending
 * roll request in the state). */
void no_mod_apply(const no_ctx *ctx, no_state *s, const no_option *opt);

/* The dice count from n with the window's dice-count records, their max_dice conditions read on
 * the count and their max_total caps applied last (X-Wing second edition). */
int no_mod_dice_count(const no_ctx *ctx, no_state *s, int window, int n);

int no_pool_total(const no_pool *p);
int no_pool_face(const no_pool *p, int face); /* both columns */

#endif
