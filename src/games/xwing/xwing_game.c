/* xwing_game.c — X-Wing (second edition, and the first as rules "xwing-1e") as the rest of the
 * program sees it (game.h). */
#include "games/xwing/xwing_game.h"
#include "neverodds/quick.h"
#include "neverodds/xwing.h"

static const no_quick_game *const quick[] = {&no_quick_xwing, &no_quick_xwing1, NULL};

const no_game no_game_xwing = {
    .name = "xwing",
    .label = "X-Wing",
    .damage_word = "damage",
    .kill_word = "destroyed",
    .kill_label = "P(kill)",
    .health_keys = "\"defender.hull\" (and \"shields\")",
    .read = no_xwing_read,
    .policies = NO_POLICIES_COMMON,
    .goals = NO_GOALS_COMMON,
    .has_damage_deck = 1,
    .token_counters = 1,
    .describe = no_xwing_describe,
    .headline = no_xwing_headline,
    .outcomes_text = no_xwing_outcomes_text,
    .outcomes_json = no_xwing_outcomes_json,
    .face_name = no_xwing_face_name,
    .die_result_name = no_xwing_die_result_name,
    .quick = quick,
    .roll_face = no_xwing_roll_face,
};
