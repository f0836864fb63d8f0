/* armada_game.c — Star Wars: Armada as the rest of the program sees it (game.h). */
#include "games/armada/armada_game.h"
#include "neverodds/quick.h"

static const no_quick_game *const quick[] = {&no_quick_armada, NULL};

const no_game no_game_armada = {
    .name = "armada",
    .label = "Armada",
    .damage_word = "damage",
    .kill_word = "destroyed",
    .kill_label = "P(kill)",
    .health_keys = "\"defender.hull\" (or a library \"ship\" or \"squadron\")",
    .read = no_armada_parse,
    .policies = NO_POLICIES_COMMON | 1u << NO_POLICY_NO_DISCARD,
    .goals = NO_GOALS_COMMON | 1u << NO_GOAL_MEAN_CARDS,
    .describe = no_armada_describe,
    .headline = no_armada_headline,
    .outcomes_text = no_armada_outcomes_text,
    .outcomes_json = no_armada_outcomes_json,
    .summarise = no_armada_summarise,
    .objective_text = rep_armada_objective_text,
    .policy_json = rep_armada_policy_json,
    .total_text = rep_armada_total_text,
    .total_json = rep_armada_total_json,
    .baseline_text = rep_armada_baseline_text,
    .baseline_json = rep_armada_baseline_json,
    .face_name = no_armada_face_name,
    .roll_face = no_armada_roll_face,
    .decision_worth = no_armada_decision_worth,
    .die_result_name = no_armada_die_result_name,
    .quick = quick,
};
