/* legion_game.c — Star Wars: Legion as the rest of the program sees it (game.h). */
#include "games/legion/legion_game.h"
#include "neverodds/quick.h"

static const no_quick_game *const quick[] = {&no_quick_legion, NULL};

const no_game no_game_legion = {
    .name = "legion",
    .label = "Legion",
    .damage_word = "wounds",
    .kill_word = "unit wiped",
    .kill_label = "P(unit wiped)",
    .read = no_legion_parse,
    .policies = NO_POLICIES_COMMON,
    .goals = NO_GOALS_COMMON,
    .health_keys = "\"defender.minis\" and \"wounds\" (or a \"unit\")",
    .token_counters = 1,
    .summarise = no_legion_summarise,
    .describe = no_legion_describe,
    .headline = no_legion_headline,
    .outcomes_text = no_legion_text,
    .outcomes_json = no_legion_json,
    .unit = no_legion_damage_unit,
    .is_roll = rep_is_roll,
    .face_name = no_legion_face_name,
    .roll_face = no_legion_roll_face,
    .die_result_name = no_legion_die_result_name,
    .quick = quick,
};
