/* check_main.c — runs every Check suite. Run with CK_FORK=no (OpenMP and fork do not mix). */
#include "helpers.h"

int main(void)
{
    SRunner *sr = srunner_create(suite_rng());
    srunner_add_suite(sr, suite_dice());
    srunner_add_suite(sr, suite_exact());
    srunner_add_suite(sr, suite_forced());
    srunner_add_suite(sr, suite_montecarlo());
    srunner_add_suite(sr, suite_scenario());
    srunner_add_suite(sr, suite_abilities());
    srunner_add_suite(sr, suite_constructs());
    srunner_add_suite(sr, suite_cases());
    srunner_add_suite(sr, suite_legion());
    srunner_add_suite(sr, suite_audit_legion());
    srunner_add_suite(sr, suite_armada());
    srunner_add_suite(sr, suite_sequence());
    srunner_add_suite(sr, suite_deck());
    srunner_add_suite(sr, suite_first_edition());
    srunner_add_suite(sr, suite_audit_xwing1());
    srunner_add_suite(sr, suite_order());
    srunner_add_suite(sr, suite_table());
    srunner_add_suite(sr, suite_quick());
    srunner_add_suite(sr, suite_robustness());
    srunner_add_suite(sr, suite_xws());
    srunner_add_suite(sr, suite_audit_xwing());
    srunner_add_suite(sr, suite_audit_armada());
    srunner_add_suite(sr, suite_battle());
    srunner_add_suite(sr, suite_army());
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
