/* check_order.c — `neverodds order`: fixed orders against closed forms, what-ifs that change the
 * answer by the amount an independent count gives (tests/order/expected.md for Legion), the
 * rule versions side by side, and traced rolls. */
#define _POSIX_C_SOURCE 200809L
#include "helpers.h"
#include "neverodds/table.h"
#include "neverodds/order.h"
#include "neverodds/xwing.h"
#include "neverodds/armada.h"
#include "neverodds/legion.h"
#include <cjson/cJSON.h>
#include <ctype.h>

#define ORDER_DIR NO_CASES_DIR "/../order/"

/* The row whose order (labels joined by ",") and rules order match. */
static const cJSON *row_of(const cJSON *j, const char *rules_order, const char *order)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(j, "orders"))
    {
        char joined[256] = "";
        const cJSON *l;
        cJSON_ArrayForEach(l, cJSON_GetObjectItem(r, "order"))
            snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", *joined ? "," : "", l->valuestring);
        if (!strcmp(cJSON_GetObjectItem(r, "rules_order")->valuestring, rules_order) && !strcmp(joined, order))
            return r;
    }
    ck_abort_msg("no row %s / %s", rules_order, order);
    return NULL;
}

static double mean_of(const cJSON *row)
{
    return cJSON_GetObjectItem(cJSON_GetObjectItem(row, "damage"), "mean")->valuedouble;
}

static int flag(const cJSON *row, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(row, key));
}

START_TEST(t_reroll_before_focus)
{
    /* 3 dice, focus and lock, nothing against them. Lock then focus: a rerolled blank becomes a
     * result with 1/2 + 1/4 (its focus is changed), so each die is worth 1/2 + 1/4 + 1/4 * 3/4;
     * focus then lock: the reroll's focus stays, 1/2 + 1/4 + 1/4 * 1/2. */
    no_scenario *sc = xwing("", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}", "\"dice\":0");
    cJSON *j = orders_of(&sc, 1, NULL, NULL, "atk=F,B,H atk-reroll=F");
    const cJSON *good = row_of(j, "official", "lock,focus"), *bad = row_of(j, "official", "focus,lock");
    ck_assert_near(mean_of(good), 3 * (0.5 + 0.25 + 0.25 * 0.75), 1e-12);
    ck_assert_near(mean_of(bad), 3 * (0.5 + 0.25 + 0.25 * 0.5), 1e-12);
    ck_assert(flag(good, "official") && flag(good, "policy_choice"));
    ck_assert(!flag(bad, "official") && !flag(bad, "policy_choice"));
    /* P(damage >= 3) falls from (15/16)^3 to (7/8)^3: the largest change */
    ck_assert_near(cJSON_GetObjectItem(bad, "max_difference")->valuedouble, pow(15.0 / 16, 3) - pow(7.0 / 8, 3), 1e-12);
    /* the traced roll F B H, the reroll showing F: 3 damage one way, 2 the other */
    const cJSON *t;
    int seen = 0;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(j, "traces"))
    {
        const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(t, "order"), 0);
        if (!flag(t, "fixed"))
            continue;
        ck_assert_int_eq(cJSON_GetObjectItem(t, "damage")->valueint, !strcmp(first->valuestring, "lock") ? 3 : 2);
        seen++;
    }
    ck_assert_int_eq(seen, 2);
    cJSON_Delete(j);
    free(sc);
}
END_TEST

START_TEST(t_swap_who_modifies_first)
{
    /* the defender turns a hit or crit into a blank, the attacker holds a lock. Official (defender first,
     * L336): the lock may reroll the spoiled die; swapped, the spoiled die stays blank. */
    no_scenario *sc = xwing("", "\"dice\":3,\"tokens\":{\"lock\":1}",
                            "\"dice\":0,\"modifiers\":[{\"name\":\"spoil-hit\",\"window\":\"attack-modify\","
                            "\"op\":\"change\",\"faces\":[\"hit\",\"crit\"],\"to\":\"blank\",\"count\":1}]");
    cJSON *j = orders_of(&sc, 1, "attack-modify", NULL, NULL);
    const cJSON *off = row_of(j, "official", "spoil-hit,lock"), *swap = row_of(j, "swap attack-modify", "lock,spoil-hit");
    /* a count over which dice rolled a hit or crit (1/2 each); the attacker rerolls every die
     * without one, the defender spoils one result when there is one */
    double off_mean = 0, swap_mean = 0;
    for (int mask = 0; mask < 8; mask++) { /* which of the 3 dice rolled a result (p 1/2 each) */
        int r = __builtin_popcount(mask);
        /* official: spoil one (if any), the lock rerolls every blank (the spoiled one too) */
        double o = r > 0 ? (r - 1) + (3 - r + 1) * 0.5 : 3 * 0.5;
        /* swapped: the lock rerolls the 3 - r blanks first, then a result is spoiled */
        double sw = r + (3 - r) * 0.5;
        sw = sw - (1 - pow(0.5, 3 - r) * (r == 0)); /* P(at least one result) after the reroll */
        off_mean += o / 8;
        swap_mean += sw / 8;
    }
    ck_assert_near(mean_of(off), off_mean, 1e-12);
    ck_assert_near(mean_of(swap), swap_mean, 1e-12);
    ck_assert(flag(off, "official"));
    ck_assert(!flag(swap, "official") && flag(swap, "policy_choice"));
    ck_assert(cJSON_GetObjectItem(swap, "max_difference")->valuedouble > 0.1);
    cJSON_Delete(j);
    free(sc);
}
END_TEST

/* Legion traps: tests/order/expected.md (an independent enumeration, tests/order/expected.py);
 * the Armada and Legion what-ifs below work theirs by hand. */
static void order_trap(const char *file, const char *swap, const char *variant, const char *what_if,
                        const char *order, double official, double changed)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN], path[512];
    snprintf(path, sizeof path, ORDER_DIR "%s", file);
    ck_assert_msg(no_scenario_load(path, sc, err, sizeof err) == 0, "%s", err);
    cJSON *j = orders_of(&sc, 1, swap, variant, NULL);
    ck_assert_near(mean_of(row_of(j, "official", order)), official, 1e-12);
    ck_assert_near(mean_of(row_of(j, what_if, swap ? "armor,impact" : order)), changed, 1e-12);
    cJSON_Delete(j);
    free(sc);
}

START_TEST(t_legion_impact_before_armor)
{
    order_trap("legion-impact-armor.json", "attack-modify", NULL, "swap attack-modify", "impact,armor",
                355.0 / 384, 5.0 / 24);
}
END_TEST

START_TEST(t_legion_reroll_before_converting)
{
    order_trap("legion-reroll-convert.json", NULL, "convert-before-reroll", "convert-before-reroll", "aim",
                65.0 / 64, 85.0 / 96);
}
END_TEST

/* The same with red dice (1 blank, 5 hits, 1 crit, 1 surge of 8), whose blanks the rules'
 * tidying would drop once converted if it ran in the what-if's order. Each success wounds unless
 * the white die blocks (1/6). Official: a die succeeds with 7/8, rerolled 7/8 again: 63/64; two
 * dice, 5/6 through: 105/64. Converted first, a rerolled surge stays a blank: 7/8 + 1/8 * 6/8 =
 * 62/64 a die: 155/96. */
START_TEST(t_legion_reroll_before_converting_red_dice)
{
    order_trap("legion-reroll-convert-red.json", NULL, "convert-before-reroll", "convert-before-reroll", "aim",
                105.0 / 64, 155.0 / 96);
}
END_TEST

START_TEST(t_legion_cover_before_impact)
{
    order_trap("legion-cover-impact.json", NULL, "modify-before-cover", "modify-before-cover", "impact,armor",
                388805.0 / 331776, 23435.0 / 18432);
}
END_TEST

START_TEST(t_legion_critical_before_chart)
{
    order_trap("legion-critical-chart.json", NULL, "chart-before-critical", "chart-before-critical", "armor",
                155.0 / 384, 5.0 / 24);
}
END_TEST

START_TEST(t_legion_cover_cap_before_decrease)
{
    order_trap("legion-cover-cap.json", NULL, "decrease-before-cap", "decrease-before-cap", "",
                155.0 / 288, 65.0 / 144);
}
END_TEST

/* 2 red dice (5/8 hit, 1/8 crit, 2/8 blank with no chart), light cover (a white die blocks 1/6),
 * 1 dodge, a white defense die per result left (blocks 1/6). Crits meet neither cover nor dodge:
 * E[crits] = 2/8. With h hits, official (cover, then the dodge on a hit left): h * 5/6 - (1 -
 * (1/6)^h) hits stay, 0 for h = 1 and 25/36 for h = 2 (P = 25/64); dodge first: (h - 1) * 5/6,
 * 0 for h = 1 and 5/6 for h = 2. Wounds = 5/6 of the results: official 5/6 (1/4 + 25/64 * 25/36)
 * = 6005/13824; dodge first 5/6 (1/4 + 25/64 * 5/6) = 1105/2304. */
START_TEST(t_legion_cover_before_dodge)
{
    order_trap("legion-dodge-cover.json", NULL, "dodge-before-cover", "dodge-before-cover", "dodge",
               6005.0 / 13824, 1105.0 / 2304);
}
END_TEST

/* 2 red dice at long range (2 blank, 2 hit, 2 crit, 1 hit+hit, 1 accuracy of 8; between ships a
 * hit or crit is 1, hit+hit 2) against a ready brace (the total halved, rounded up, L363).
 * Official, an accuracy locks the brace (L153 before L155): both accuracies (1/64) deal 0; one
 * (14/64) deals the other die unhalved, 12/64 in all (2 * (4 * 1 + 1 * 2)); none (49 of 64 pairs,
 * 0/1/2 weighted 2/4/1): ceil(S/2) summed over the pairs is 16 * 1 + 20 * 1 + 8 * 2 + 1 * 2 = 54,
 * so (12 + 54)/64 = 33/32. Tokens first, no accuracy locks: the dice 0/1/2 weighted 3/4/1, S = 0..4
 * with 9, 24, 22, 8, 1 pairs of 64: (24 + 22 + 2 * 8 + 2 * 1)/64 = 1. */
START_TEST(t_armada_accuracy_before_tokens)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    ck_assert_msg(no_scenario_load(ORDER_DIR "armada-accuracy-tokens.json", sc, err, sizeof err) == 0, "%s", err);
    cJSON *j = orders_of(&sc, 1, NULL, "tokens-before-accuracy", NULL);
    ck_assert_near(mean_of(row_of(j, "official", "accuracy-brace,brace")), 33.0 / 32, 1e-12);
    ck_assert_near(mean_of(row_of(j, "tokens-before-accuracy", "brace,accuracy-brace")), 1.0, 1e-12);
    cJSON_Delete(j);
    free(sc);
}
END_TEST

/* Does `s` end, at `at`, with a section name of the rules (and its page, when it has one)? */
static int ends_with_section(const char *s, const char *at, const no_rules *r)
{
    for (const no_section *x = r->sections; x && x->name; x++) {
        char name[160];
        int len = x->page ? snprintf(name, sizeof name, "%s, p. %d", x->name, x->page)
                          : snprintf(name, sizeof name, "%s", x->name);
        if (at - s >= len && !strncmp(at - len, name, (size_t)len))
            return 1;
    }
    return 0;
}

/* Citations in `s` (the rules' letter, then a digit, not inside a word) not written as
 * "Section name (L336)" with a name of the rules' sections. */
static int bare_citations(const char *s, const no_rules *r)
{
    int bare = 0;
    for (const char *p = s; *p; p++) {
        if (*p != r->cite || !isdigit((unsigned char)p[1]) || (p > s && isalnum((unsigned char)p[-1])))
            continue;
        bare += p - s < 2 || p[-1] != '(' || p[-2] != ' ' || !ends_with_section(s, p - 2, r);
        while (isdigit((unsigned char)p[1]) || (p[1] == '-' && p[2] == r->cite) || (p[1] == r->cite && p[0] == '-'))
            p++; /* past the range's last line */
    }
    return bare;
}

static void rule_texts_named(const cJSON *j, const no_rules *rules)
{
    const cJSON *r, *e;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(j, "rules"))
        cJSON_ArrayForEach(e, r)
            if (!strcmp(e->string, "official_order") || !strncmp(e->string, "what_if ", 8)) {
                ck_assert_msg(strchr(e->valuestring, '(') != NULL, "%s: no citation", e->string);
                ck_assert_msg(!bare_citations(e->valuestring, rules), "%s: %s", e->string, e->valuestring);
            }
}

/* Every citation the rule sets' order texts carry names a section of the seed (the data table),
 * and `order` prints each as "Section (L336)": the official order and every what-if (each named
 * variant, each window the players could swap) of a scenario of every game and rule version. */
START_TEST(t_citations_name_sections)
{
    const no_rules *all[] = {&no_xwing2e_rules, &no_xwing1e_rules, &no_armada_rules, &no_legion_rules,
                             &no_legion_rally_rules, &no_legion_priority_rules, &no_legion_self_destruct_rules};
    char out[1024];
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        const no_rules *r = all[i];
        ck_assert_int_eq(no_order_cite(r, r->order_rule ? r->order_rule : "", out, sizeof out), 0);
        for (const no_rule_variant *v = r->variants; v && v->name; v++)
            ck_assert_msg(no_order_cite(r, v->what, out, sizeof out) == 0, "%s: %s", v->name, out);
    }
    /* a citation no section holds is left as it is, and counted */
    ck_assert_int_eq(no_order_cite(&no_xwing2e_rules, "far off (L9999), near L336.", out, sizeof out), 1);
    ck_assert_str_eq(out, "far off (L9999), near Attack, step 2b: Modify Attack Dice (L336).");
    ck_assert_int_eq(no_order_cite(&no_legion_rules, "L1587-L1587", out, sizeof out), 0);
    ck_assert_str_eq(out, "Apply Dodges and Cover, step 5e: Apply Dodges, p. 34 (L1587-L1587)");
    const char *files[] = {"xwing", "xwing1", "armada-accuracy-tokens.json", "legion-dodge-cover.json"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        no_scenario *sc;
        if (strstr(files[f], ".json")) {
            char path[512], err[NO_ERR_LEN];
            snprintf(path, sizeof path, ORDER_DIR "%s", files[f]);
            sc = malloc(sizeof *sc);
            ck_assert_msg(no_scenario_load(path, sc, err, sizeof err) == 0, "%s", err);
        } else {
            sc = scenario(strcmp(files[f], "xwing") ? "{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":"
                          "{\"dice\":2,\"tokens\":{\"focus\":1}},\"defender\":{\"dice\":1,\"tokens\":{\"focus\":1}}}"
                                                    : "{\"game\":\"xwing\",\"attacker\":{\"dice\":2,\"tokens\":{\"focus\":1}},"
                          "\"defender\":{\"dice\":1,\"tokens\":{\"focus\":1}}}");
        }
        const no_rules *rules = sc->engine_rules;
        cJSON *j = orders_of(&sc, 1, NULL, NULL, NULL);
        rule_texts_named(j, rules);
        cJSON_Delete(j);
        for (const no_rule_variant *v = sc->engine_rules->variants; v && v->name; v++) {
            j = orders_of(&sc, 1, NULL, v->name, NULL);
            rule_texts_named(j, rules);
            cJSON_Delete(j);
        }
        free(sc);
    }
}
END_TEST

START_TEST(t_editions_side_by_side)
{
    /* the discriminator scenario under both editions: each table's official row is the run of
     * that edition */
    const char *fmt = "{\"game\":\"xwing\",\"rules\":\"%s\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,"
                      "\"lock\":1}},\"defender\":{\"dice\":2,\"tokens\":{\"evade\":1}}}";
    no_scenario *sc[2];
    char json[512];
    for (int e = 0; e < 2; e++) {
        snprintf(json, sizeof json, fmt, e ? "xwing-2e" : "xwing-1e");
        sc[e] = scenario(json);
    }
    cJSON *j = orders_of(sc, 2, NULL, NULL, "atk=F,B,H atk-reroll=F def=E,E");
    double mean[2] = {0};
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(j, "orders"))
        if (flag(r, "official"))
            mean[!strcmp(cJSON_GetObjectItem(r, "rules")->valuestring, "xwing-2e")] = mean_of(r);
    for (int e = 0; e < 2; e++) {
        no_summary s;
        exact_summary(sc[e], &s);
        ck_assert_near(mean[e], s.mean, 1e-12);
    }
    ck_assert(mean[0] < mean[1]); /* the added evade is worth more than the changed one */
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(j, "traces"))
    {
        const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(t, "order"), 0);
        if (flag(t, "fixed") && !strcmp(first->valuestring, "lock"))
            ck_assert_int_eq(cJSON_GetObjectItem(t, "damage")->valueint,
                             !strcmp(cJSON_GetObjectItem(t, "rules")->valuestring, "xwing-1e") ? 0 : 1);
    }
    cJSON_Delete(j);
    free(sc[0]);
    free(sc[1]);
}
END_TEST

START_TEST(t_what_ifs_the_rules_lack)
{
    no_scenario *sc = xwing("", "\"dice\":3,\"tokens\":{\"focus\":1}", "\"dice\":1");
    no_order_opts o;
    memset(&o, 0, sizeof o);
    o.run = (no_run_opts){.force_exact = 1, .seed = 1, .threads = 1};
    o.swap[o.nswap++] = NO_W_ATTACK_AFTER_MODIFY;
    char err[NO_ERR_LEN];
    FILE *f = fopen("/dev/null", "w");
    ck_assert_int_eq(no_report_orders(f, &sc, 1, &o, err, sizeof err), -1);
    ck_assert_str_eq(err, "--swap-window attack-after-modify: in xwing-2e rules no two players modify in that window");
    o.nswap = 0;
    o.variant[o.nvariant++] = "modify-before-cover";
    ck_assert_int_eq(no_report_orders(f, &sc, 1, &o, err, sizeof err), -1);
    ck_assert_str_eq(err, "--variant modify-before-cover: xwing-2e rules have no named variants");
    fclose(f);
    free(sc);
}
END_TEST

/* Effects of which one at most is used (the choices of the dice Anti-Personnel upgrades, each
 * excluding the others) have no order: one row, no permutations of them "equal" to it. */
START_TEST(t_alternatives_have_no_order)
{
    no_scenario *sc = scenario("{\"game\":\"legion\",\"attacker\":{\"pool\":{\"white\":2,\"black\":1},"
                               "\"keywords\":{\"anti_personnel\":1}},\"defender\":{\"die\":\"white\",\"minis\":2,\"wounds\":1}}");
    cJSON *j = orders_of(&sc, 1, NULL, NULL, NULL);
    const cJSON *rows = cJSON_GetObjectItem(j, "orders");
    ck_assert_int_eq(cJSON_GetArraySize(rows), 1);
    const cJSON *row = cJSON_GetArrayItem(rows, 0);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(row, "order")), 2); /* both still listed */
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(row, "same_as")), 0);
    cJSON_Delete(j);
    free(sc);
}
END_TEST

/* The verdict of rule version i of an `order` JSON. */
static const cJSON *verdict_of(const cJSON *j, int i)
{
    const cJSON *v = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(j, "rules"), i), "verdict");
    ck_assert_ptr_nonnull(v);
    return v;
}

static double number(const cJSON *o, const char *key)
{
    const cJSON *n = cJSON_GetObjectItem(o, key);
    ck_assert_msg(cJSON_IsNumber(n), "no number %s", key);
    return n->valuedouble;
}

/* `order`'s text report (exact, or Monte Carlo with `trials`), malloc'd. */
static char *orders_text(no_scenario *sc, uint64_t trials)
{
    no_order_opts o;
    memset(&o, 0, sizeof o);
    o.run = (no_run_opts){.force_exact = !trials, .trials = trials, .seed = 3, .threads = 2};
    o.format = NO_FMT_TEXT;
    char *text = NULL, err[NO_ERR_LEN];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    ck_assert_msg(no_report_orders(f, &sc, 1, &o, err, sizeof err) == 0, "%s", err);
    fclose(f);
    return text;
}

/* The verdict when the order matters: the reroll-before-focus scenario above, whose two orders
 * deal 3 (1/2 + 1/4 + 1/4 * 3/4) = 45/16 and 3 (1/2 + 1/4 + 1/4 * 1/2) = 42/16: 3/16 = 0.1875
 * between them. It comes first in the text, before the table; Monte Carlo says it with its
 * standard error, within 5 of them of 3/16. */
START_TEST(t_verdict_when_the_order_matters)
{
    no_scenario *sc = xwing("", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}", "\"dice\":0");
    cJSON *j = orders_of(&sc, 1, NULL, NULL, NULL);
    const cJSON *v = verdict_of(j, 0);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(v, "order_matters")));
    ck_assert_int_eq((int)number(v, "orders"), 2);
    ck_assert_int_eq((int)number(v, "distinct_results"), 2);
    ck_assert_near(number(v, "mean_spread"), 3.0 / 16, 1e-12);
    ck_assert_near(number(cJSON_GetObjectItem(v, "most"), "mean"), 45.0 / 16, 1e-12);
    ck_assert_near(number(cJSON_GetObjectItem(v, "least"), "mean"), 42.0 / 16, 1e-12);
    ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(v, "most"), "order"), 0)->valuestring,
                     "lock");
    ck_assert_str_eq(cJSON_GetObjectItem(v, "text")->valuestring,
                     "the order matters: 0.1875 damage between the best and the worst order (lock, focus: 2.8125 "
                     "against focus, lock: 2.6250)");
    cJSON_Delete(j);
    char *text = orders_text(sc, 0);
    const char *verdict = strstr(text, "\nverdict:  the order matters: 0.1875 damage between");
    ck_assert_msg(verdict && verdict < strstr(text, "\nrules xwing-2e"), "%s", text);
    free(text);
    text = orders_text(sc, 40000);
    double spread, se;
    verdict = strstr(text, "verdict:  the order matters: ");
    ck_assert_msg(verdict && sscanf(verdict, "verdict:  the order matters: %lf ± %lf", &spread, &se) == 2, "%s", text);
    ck_assert_msg(fabs(spread - 3.0 / 16) < 5 * se, "%s", text);
    free(text);
    free(sc);
}
END_TEST

/* The verdict when no order changes the result: 3 dice with a focus token and a calculate token,
 * nothing against them. A calculate token changes one focus result to a hit (L402), a focus
 * token every one (L617), so in either order the attacker is left no
 * focus result: each die is a hit or crit with 3/8 + 1/8 + 2/8 = 3/4 (dice.md), the damage
 * binomial (3, 3/4) both ways. One line, the other order as a count, not written out. */
START_TEST(t_verdict_when_no_order_changes_the_result)
{
    no_scenario *sc = xwing("", "\"dice\":3,\"tokens\":{\"focus\":1,\"calculate\":1}", "\"dice\":0");
    cJSON *j = orders_of(&sc, 1, NULL, NULL, NULL);
    const cJSON *v = verdict_of(j, 0);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(v, "order_matters")));
    ck_assert_int_eq((int)number(v, "orders"), 2);
    ck_assert_int_eq((int)number(v, "distinct_results"), 1);
    ck_assert_near(number(v, "mean_spread"), 0, 1e-12);
    ck_assert_str_eq(cJSON_GetObjectItem(v, "text")->valuestring,
                     "no order changes the result: the 2 orders give the same results");
    const cJSON *rows = cJSON_GetObjectItem(j, "orders"), *row = cJSON_GetArrayItem(rows, 0);
    ck_assert_int_eq(cJSON_GetArraySize(rows), 1);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(row, "same_as")), 1);
    const double pmf[4] = {1.0 / 64, 9.0 / 64, 27.0 / 64, 27.0 / 64};
    const cJSON *got = cJSON_GetObjectItem(cJSON_GetObjectItem(row, "damage"), "pmf");
    for (int k = 0; k < 4; k++)
        ck_assert_near(cJSON_GetArrayItem(got, k)->valuedouble, pmf[k], 1e-12);
    cJSON_Delete(j);
    char *text = orders_text(sc, 0);
    ck_assert_msg(strstr(text, "\nverdict:  no order changes the result: the 2 orders give the same results\n"), "%s",
                  text);
    ck_assert_msg(strstr(text, "\n                         + 1 more order with this result\n"), "%s", text);
    ck_assert_msg(!strstr(text, " = "), "%s", text); /* the other order is counted, not written out */
    free(text);
    free(sc);
}
END_TEST

Suite *suite_order(void)
{
    Suite *s = suite_create("order");
    TCase *tc = tcase_create("orders");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, t_reroll_before_focus);
    tcase_add_test(tc, t_swap_who_modifies_first);
    tcase_add_test(tc, t_legion_impact_before_armor);
    tcase_add_test(tc, t_legion_reroll_before_converting);
    tcase_add_test(tc, t_legion_reroll_before_converting_red_dice);
    tcase_add_test(tc, t_legion_cover_before_impact);
    tcase_add_test(tc, t_legion_critical_before_chart);
    tcase_add_test(tc, t_legion_cover_cap_before_decrease);
    tcase_add_test(tc, t_legion_cover_before_dodge);
    tcase_add_test(tc, t_armada_accuracy_before_tokens);
    tcase_add_test(tc, t_citations_name_sections);
    tcase_add_test(tc, t_editions_side_by_side);
    tcase_add_test(tc, t_what_ifs_the_rules_lack);
    tcase_add_test(tc, t_alternatives_have_no_order);
    tcase_add_test(tc, t_verdict_when_the_order_matters);
    tcase_add_test(tc, t_verdict_when_no_order_changes_the_result);
    suite_add_tcase(s, tc);
    return s;
}
