/* check_xws.c — squads from list builders: XWS files read and checked, pilots' numbers against
 * the printed cards, a scenario side named by pilot, and a matchup cell against a single run. */
#include "helpers.h"
#include "neverodds/matchup.h"
#include "neverodds/table.h"
#include <unistd.h>

#define SQUADS NO_PROFILES_DIR "/xwing/squads/"

/* Writes `text` to a temporary .xws file; its path in `path` (unlink it after). */
static void temp_squad(char *path, const char *text) { temp_file(path, "/tmp/neverodds-squad-XXXXXX", text); }

/* The dice of the ship's weapon `name`, or -1 when it has none of that name. */
static int xt_weapon_value(const no_ship *s, const char *name)
{
    for (int w = 0; w < s->nweapons; w++)
        if (!strcmp(s->weapon[w].name, name))
            return s->weapon[w].value;
    return -1;
}

static int load_text(const char *text, no_squad *sq, char *err, size_t errlen)
{
    char path[64];
    temp_squad(path, text);
    int rc = no_squad_load(path, sq, err, errlen);
    unlink(path);
    return rc;
}

/* A dozen pilots' attack, agility, hull, shields and Force as printed on their cards. */
START_TEST(t_profiles_match_the_cards)
{
    static const struct {
        const char *faction, *pilot;
        int attack, agility, hull, shields, force;
    } cards[] = {
        {"rebelalliance", "lukeskywalker", 3, 2, 4, 2, 2},
        {"rebelalliance", "bluesquadronescort", 3, 2, 4, 2, 0},
        {"rebelalliance", "hansolo-modifiedyt1300lightfreighter", 3, 1, 8, 5, 0},
        {"galacticempire", "academypilot", 2, 3, 3, 0, 0},
        {"galacticempire", "darthvader", 2, 3, 3, 2, 3},
        {"scumandvillainy", "bobafett", 3, 2, 6, 4, 0},
        {"scumandvillainy", "guri", 3, 3, 4, 1, 0},
        {"scumandvillainy", "fennrau", 3, 3, 4, 0, 0},
        {"resistance", "poedameron", 3, 2, 4, 3, 0},
        {"firstorder", "omegasquadronace", 2, 3, 3, 1, 0},
        {"galacticrepublic", "obiwankenobi", 2, 3, 3, 1, 3},
        {"separatistalliance", "dfs081", 2, 2, 3, 0, 0},
    };
    for (size_t i = 0; i < sizeof cards / sizeof *cards; i++) {
        char text[256], err[NO_ERR_LEN];
        snprintf(text, sizeof text, "{\"faction\":\"%s\",\"pilots\":[{\"id\":\"%s\"}]}", cards[i].faction,
                 cards[i].pilot);
        no_squad sq;
        ck_assert_msg(load_text(text, &sq, err, sizeof err) == 0, "%s", err);
        const no_ship *s = &sq.ship[0];
        ck_assert_msg(s->attack == cards[i].attack && s->agility == cards[i].agility && s->hull == cards[i].hull &&
                          s->shields == cards[i].shields && s->force == cards[i].force,
                      "%s: %d %d %d %d %d", cards[i].pilot, s->attack, s->agility, s->hull, s->shields, s->force);
    }
}
END_TEST

START_TEST(t_squads_import)
{
    static const char *const files[] = {"rebels", "empire", "scum", "resistance", "firstorder", "republic",
                                        "separatists"};
    no_squad sq;
    char err[NO_ERR_LEN], path[512];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, SQUADS "%s.xws", files[i]);
        ck_assert_msg(no_squad_load(path, &sq, err, sizeof err) == 0, "%s", err);
        ck_assert_int_ge(sq.n, 3);
    }
    /* the XWS sample: its second pilot written PILOT-SHIP, upgrades in their slots */
    ck_assert_msg(no_squad_load(NO_PROFILES_DIR "/../tests/xws/sample.json", &sq, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(sq.n, 2);
    ck_assert_str_eq(sq.ship[1].pilot, "dfs311");
    ck_assert_int_eq(sq.ship[0].ncards, 6); /* pilot, ship ability, four upgrades */
    ck_assert_int_eq(sq.ship[0].kind[1], NO_CARD_SHIP);
    ck_assert_str_eq(sq.ship[0].card[1], "networkedcalculations");
    ck_assert_int_eq(sq.ship[0].shields, 0); /* Angled Deflectors: -1 shield, not below 0 */
    /* Hull Upgrade: +1 hull */
    ck_assert_int_eq(load_text("{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"bluesquadronescort\","
                               "\"upgrades\":{\"modification\":[\"hullupgrade\"]}}]}",
                               &sq, err, sizeof err),
                     0);
    ck_assert_int_eq(sq.ship[0].hull, 5);
}
END_TEST

#define DIALECTS NO_PROFILES_DIR "/../tests/xws/dialects/"

/* Real-shaped exports of each builder's dialect: each loads, and each thing mapped is said, in
 * order, as a warning naming the JSON path. */
START_TEST(t_dialects_load_with_warnings)
{
    static const struct {
        const char *file, *pilots, *warnings[5];
    } cases[] = {
        {"yasb-2018.xws", "wedgeantilles lukeskywalker",
         {"pilots[0].upgrades.ept: legacy slot key \"ept\" read as talent",
          "pilots[0].upgrades.amd: legacy slot key \"amd\" read as astromech",
          "pilots[0].upgrades.mod: legacy slot key \"mod\" read as modification",
          "pilots[1].upgrades.force: legacy slot key \"force\" read as force-power"}},
        {"yasb-hardpoint.xws", "poedameron bluesquadronrookie",
         {"pilots[0].upgrades.ept: legacy slot key", "pilots[0].upgrades.hardpoint[0]: \"hardpointtorpedo\" ignored",
          "pilots[1].upgrades.cannon[0]: \"hardpointcannon\" ignored",
          "pilots[1].upgrades.missile[0]: \"hardpointmissile\" ignored"}},
        /* real Launch Bay Next exports (ListFortress): "upgrades": [] for a pilot with none; the older
         * saved-list shape (favourite, wins, losses, ships []); that shape naming pilots by "name" */
        {"lbn-upgrades-list.xws", "braylenstramm tennumb cassianandor wedgeantilles", {NULL}},
        {"lbn-saved-list.xws", "bobafett guri", {NULL}},
        {"lbn-saved-name.xws", "fennrau oldteroch palobgodalhi",
         {"pilots[0].name: no \"id\": the pilot's \"name\" \"fennrau\" read as its xws id",
          "pilots[1].name: no \"id\"", "pilots[2].name: no \"id\""}},
        /* real exports with a builder's typo or a renamed id: the one id within two edits, or the
         * alias table for renames farther than that */
        {"lbn-saved-typo.xws", "niennunb temminwexley rey tallissanlintra",
         {"pilots[0].id: \"niennumb-t70xwing\" read as pilot \"niennunb\" (the nearest id to \"niennumb\" flying t70xwing)"}},
        {"yasb-typo.xws", "bluesquadronrecruit bluesquadronrecruit bluesquadronrecruit rey",
         {"pilots[3].upgrades.title[0]: \"reysmilleniumfalcon\" read as upgrade \"reysmillenniumfalcon\" (the nearest id"}},
        {"yasb-renamed-crew.xws", "tallissanlintra cat cobaltsquadronbomber",
         {"pilots[1].upgrades.crew[0]: \"chewbaccaresistance\" is an old id of \"chewbacca-crew-swz19\""}},
        {"yasb-rey-gunner.xws", "poedameron hansolo-scavengedyt1300",
         {"pilots[0].upgrades.hardpoint[0]: \"hardpointtorpedo\" ignored",
          "pilots[1].upgrades.gunner[0]: \"rey\" is an old id of \"rey-gunner\""}},
        /* YASB's "hardpoint" key holding a real cannon (Jamming Beam): read in the slot it goes in */
        {"yasb-hardpoint-cannon.xws", "lieutenantbastian poedameron tallissanlintra lulolampar",
         {"pilots[0].upgrades.hardpoint[0]: \"jammingbeam\" under \"hardpoint\" read as a cannon (the slot it goes in)",
          "pilots[1].upgrades.hardpoint[0]: \"jammingbeam\" under \"hardpoint\" read as a cannon"}},
        {"sb2xws.xws", "dfs311 bombardmentdrone",
         {"pilots[0].id: \"dfs311-vultureclassdroidfighter\" is written PILOT-SHIP: read as pilot \"dfs311\"",
          "pilots[1].id: \"bombardmentdrone-hyenaclassdroidbomber\" is written PILOT-SHIP"}},
        {"squads-designer.xws", "hansolo-modifiedyt1300lightfreighter kylekatarn",
         {"faction: \"rebel\" read as rebelalliance",
          "pilots[0].id: \"hansolo\" flies for scumandvillainy; the squad's rebelalliance pilot of that name is "
          "\"hansolo-modifiedyt1300lightfreighter\"",
          "pilots[0].upgrades.elite: legacy slot key \"elite\" read as talent"}},
        {"renamed-ids.xws", "oddball-arc170starfighter aaylasecura",
         {"pilots[0].id: \"oddballarc170\" is an old id of \"oddball-arc170starfighter\"",
          "pilots[0].upgrades.ept: legacy slot key"}},
        {"renamed-crew.xws", "hansolo-scavengedyt1300",
         {"pilots[0].upgrades.crew[0]: \"leiaorganaresistance\" is an old id of \"leiaorgana-resistance\""}},
        {"whisper.xws", "whisper",
         {"pilots[0].id: \"whisper-tiephphantom\" is an old id of \"whisper\"", "pilots[0].upgrades.ept: legacy"}},
        {"ruleset.xws", "lukeskywalker-swz106 lukeskywalker-battleofyavin",
         {"pilots[1].upgrades.talent[0]: \"predator\" ignored: lukeskywalker-battleofyavin flies a standard loadout"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        no_squad sq;
        char err[NO_ERR_LEN], path[512], pilots[256] = "";
        snprintf(path, sizeof path, DIALECTS "%s", cases[i].file);
        ck_assert_msg(no_squad_load(path, &sq, err, sizeof err) == 0, "%s", err);
        for (int k = 0; k < sq.n; k++)
            snprintf(pilots + strlen(pilots), sizeof pilots - strlen(pilots), "%s%s", k ? " " : "", sq.ship[k].pilot);
        ck_assert_str_eq(pilots, cases[i].pilots);
        const char *at = sq.warnings;
        int n = 0;
        for (int w = 0; w < 5 && cases[i].warnings[w]; w++, n++) {
            char line[1024];
            snprintf(line, sizeof line, "%s: %s", path, cases[i].warnings[w]);
            const char *found = strstr(at, line);
            ck_assert_msg(found, "%s: no warning \"%s\" in:\n%s", cases[i].file, line, sq.warnings);
            at = found + strlen(line);
        }
        int lines = 0;
        for (const char *c = sq.warnings; *c; c++)
            lines += *c == '\n';
        ck_assert_msg(lines == n, "%s: %d warnings, expected %d:\n%s", cases[i].file, lines, n, sq.warnings);
    }
    /* a clean XWS file says nothing */
    no_squad sq;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_squad_load(SQUADS "empire.xws", &sq, err, sizeof err), 0);
    ck_assert_str_eq(sq.warnings, "");
}
END_TEST

/* Every weapon listed; upgrades' Force, stats and arcs; the standard loadout carried. */
START_TEST(t_ship_numbers_from_cards)
{
    no_squad sq;
    char err[NO_ERR_LEN];
    /* Moldy Crow adds a 3-dice front arc beside the HWK-290's 2-dice turret (not 5 dice) */
    ck_assert_int_eq(load_text("{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"kylekatarn\","
                               "\"upgrades\":{\"title\":[\"moldycrow\"]}}]}",
                               &sq, err, sizeof err),
                     0);
    const no_ship *s = &sq.ship[0];
    ck_assert_int_eq(s->nweapons, 2);
    ck_assert_str_eq(s->weapon[0].name, "primary-front");
    ck_assert_int_eq(s->weapon[0].value, 3);
    ck_assert_str_eq(s->weapon[1].name, "primary-single-turret");
    ck_assert_int_eq(s->weapon[1].value, 2);
    ck_assert_int_eq(s->attack, 3);
    /* Maul (crew) gives Ketsu Onyo 1 Force (seed 000 L488) */
    ck_assert_int_eq(load_text("{\"faction\":\"scumandvillainy\",\"pilots\":[{\"id\":\"ketsuonyo\","
                               "\"upgrades\":{\"crew\":[\"maul\"]}}]}",
                               &sq, err, sizeof err),
                     0);
    ck_assert_int_eq(sq.ship[0].force, 1);
    /* Eta-2 Actis: 3 in the bullseye only; the primary attack is the front arc's 2 */
    ck_assert_int_eq(load_text("{\"faction\":\"galacticrepublic\",\"pilots\":[{\"id\":\"aaylasecura\"}]}", &sq,
                               err, sizeof err),
                     0);
    ck_assert_int_eq(sq.ship[0].attack, 2);
    ck_assert_str_eq(sq.ship[0].arc, "front");
    ck_assert_int_eq(xt_weapon_value(&sq.ship[0], "primary-bullseye"), 3);
    /* Delta-7B: +1 front attack and -1 agility: the same arc grows, no new weapon */
    ck_assert_int_eq(load_text("{\"faction\":\"galacticrepublic\",\"pilots\":[{\"id\":\"obiwankenobi\","
                               "\"upgrades\":{\"configuration\":[\"delta7b\"]}}]}",
                               &sq, err, sizeof err),
                     0);
    ck_assert_int_eq(sq.ship[0].nweapons, 1);
    ck_assert_int_eq(sq.ship[0].attack, 3);
    ck_assert_int_eq(sq.ship[0].agility, 2);
    /* a standard-loadout pilot carries its fixed upgrades: Luke's proton torpedoes are a weapon */
    ck_assert_int_eq(load_text("{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"lukeskywalker-swz106\"}]}",
                               &sq, err, sizeof err),
                     0);
    ck_assert_int_eq(sq.ship[0].standard_loadout, 1);
    ck_assert_int_eq(xt_weapon_value(&sq.ship[0], "protontorpedoes"), 4);
    ck_assert_int_eq(sq.ship[0].kind[1], NO_CARD_LOADOUT);
    /* the gunner Fifth Brother's ability is not the pilot Fifth Brother's */
    ck_assert_int_eq(load_text("{\"faction\":\"galacticempire\",\"pilots\":[{\"id\":\"fifthbrother\"}]}", &sq,
                               err, sizeof err),
                     0);
    ck_assert_str_ne(sq.ship[0].ability[0], "fifth-brother-gunner");
}
END_TEST

START_TEST(t_bad_squads)
{
    static const struct {
        const char *text, *message; /* the message after "FILE: " */
    } bad[] = {
        {"{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"lukeskywalker\"},{\"id\":\"lukskywlkr\"}]}",
         "pilots[1].id: unknown pilot \"lukskywlkr\" (did you mean \"lukeskywalker\""},
        {"{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"darthvader\"}]}",
         "pilots[0].id: \"darthvader\" flies for galacticempire, not for the squad's rebelalliance"},
        {"{\"faction\":\"jedi\",\"pilots\":[{\"id\":\"lukeskywalker\"}]}", "faction: expected an XWS faction"},
        {"{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"lukeskywalker\",\"upgrades\":{\"torpedo\":"
         "[\"prtntorpedos\"]}}]}",
         "pilots[0].upgrades.torpedo[0]: unknown upgrade \"prtntorpedos\""},
        {"{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"lukeskywalker\",\"upgrades\":{\"cannon\":"
         "[\"protontorpedoes\"]}}]}",
         "pilots[0].upgrades.cannon[0]: \"protontorpedoes\" does not go in a cannon slot"},
        {"{\"faction\":\"resistance\",\"pilots\":[{\"id\":\"poedameron\",\"upgrades\":{\"hardpoint\":"
         "[\"r2astromech\"]}}]}",
         "pilots[0].upgrades.hardpoint[0]: \"r2astromech\" does not go in a hardpoint slot"},
        {"{\"faction\":\"rebelalliance\",\"pilots\":[]}", "pilots: expected a list of 1 to 12 pilots"},
        {"{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"lukeskywalker\",\"pts\":3}]}",
         "pilots[0].pts: unknown key"},
        {"{\"faction\":", "malformed JSON"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        no_squad sq;
        char err[NO_ERR_LEN];
        ck_assert_int_eq(load_text(bad[i].text, &sq, err, sizeof err), -1);
        const char *after = strstr(err, ": ");
        ck_assert_msg(after && !strncmp(after + 2, bad[i].message, strlen(bad[i].message)), "%s", err);
    }
}
END_TEST

/* A side named by pilot is the side written out: Luke, his Force, Marksmanship. */
START_TEST(t_pilot_fills_the_side)
{
    no_scenario *named = xwing(",\"range\":2", "\"pilot\":\"lukeskywalker\",\"upgrades\":[\"marksmanship\"],"
                                               "\"tokens\":{\"focus\":1}",
                               "\"pilot\":\"academypilot\",\"tokens\":{\"focus\":1}");
    no_scenario *written = xwing(",\"range\":2", "\"dice\":3,\"size\":\"small\",\"tokens\":{\"focus\":1,\"force\":2},"
                                                 "\"abilities\":[\"marksmanship\"]",
                                 "\"dice\":3,\"hull\":3,\"shields\":0,\"size\":\"small\",\"tokens\":{\"focus\":1}");
    no_summary a, b;
    exact_summary(named, &a);
    exact_summary(written, &b);
    ck_assert_double_eq_tol(a.mean, b.mean, 1e-15);
    ck_assert_double_eq_tol(a.kill.p, b.kill.p, 1e-15);
    ck_assert_str_eq(named->notes, ""); /* neither card acts on dice (dice-cards.json lists neither) */
    free(named);
    /* cards the classification lists as acting on dice, with no record: named, side by side */
    named = xwing(",\"range\":2", "\"pilot\":\"captainrex\"", "\"pilot\":\"dread\"");
    ck_assert_str_eq(named->notes, "attacker: captainrex; defender: dread");
    free(named);
    free(written);
    /* a weapon's dice and its ability; an unknown pilot named by path */
    no_scenario *torpedo = xwing(",\"range\":3", "\"pilot\":\"lukeskywalker\",\"upgrades\":[\"protontorpedoes\"],"
                                                 "\"weapon\":\"protontorpedoes\",\"tokens\":{\"lock\":1}",
                                 "\"pilot\":\"academypilot\"");
    no_scenario *plain = xwing(",\"range\":3", "\"dice\":4,\"tokens\":{\"lock\":1,\"force\":2},"
                                               "\"abilities\":[\"proton-torpedoes\"]",
                               "\"dice\":3,\"hull\":3,\"shields\":0");
    exact_summary(torpedo, &a);
    exact_summary(plain, &b);
    ck_assert_double_eq_tol(a.mean, b.mean, 1e-15);
    free(torpedo);
    free(plain);
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_scenario_parse("{\"game\":\"xwing\",\"attacker\":{\"pilot\":\"lukeskywalkr\"},"
                                       "\"defender\":{\"dice\":2}}",
                                       "p.json", sc, err, sizeof err),
                     -1);
    ck_assert_msg(!strncmp(err, "p.json: attacker.pilot: unknown pilot \"lukeskywalkr\"", 52), "%s", err);
    free(sc);
}
END_TEST

/* A matchup cell equals the run of the scenario it stands for, written by hand. */
START_TEST(t_matchup_cell_is_a_run)
{
    no_squad *sq = malloc(2 * sizeof *sq);
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_squad_load(SQUADS "rebels.xws", &sq[0], err, sizeof err), 0);
    ck_assert_int_eq(no_squad_load(SQUADS "empire.xws", &sq[1], err, sizeof err), 0);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    no_matchup_opts o = {.run = {.seed = 1, .threads = 1}, .tokens = NO_ACT_FOCUS | NO_ACT_LOCK, .format = NO_FMT_CSV};
    ck_assert_int_eq(no_matchup(f, &sq[0], &sq[1], &o, err, sizeof err), 0);
    fclose(f);
    /* Luke (Marksmanship; the torpedoes are not his primary weapon) on Darth Vader (Heroic), range 2 */
    const char *row = strstr(out, "a->b,lukeskywalker,1,darthvader,1,");
    ck_assert_ptr_nonnull(row);
    double r1, r2, r3, kill, shots;
    ck_assert_int_eq(sscanf(row + strlen("a->b,lukeskywalker,1,darthvader,1,"), "%lf,%lf,%lf,%lf,%lf", &r1, &r2, &r3,
                            &kill, &shots),
                     5);
    const double mean_at[3] = {r1, r2, r3};
    for (int range = 1; range <= 3; range++) {
        char root[16];
        snprintf(root, sizeof root, ",\"range\":%d", range);
        no_scenario *sc = xwing(root, "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1,\"force\":2},"
                                      "\"abilities\":[\"marksmanship\"]",
                                "\"dice\":3,\"hull\":3,\"shields\":2,\"tokens\":{\"focus\":1,\"force\":3},"
                                "\"abilities\":[\"heroic\"]");
        no_summary s;
        exact_summary(sc, &s);
        ck_assert_double_eq_tol(mean_at[range - 1], s.mean, 1e-11);
        if (range == 2) { /* P(kill) and the attacks to destroy at range 2 */
            ck_assert_double_eq_tol(kill, s.kill.p, 1e-11);
            no_summary shot;
            no_run_opts so = {.force_exact = 1, .seed = 1, .threads = 1, .shots = 1};
            ck_assert_int_eq(no_run(sc, &so, &shot, err, sizeof err), 0);
            ck_assert_double_eq_tol(shots, shot.shots_mean, 1e-11);
            no_summary_free(&shot);
        }
        no_summary_free(&s);
        free(sc);
    }
    /* the reverse direction is there too */
    ck_assert_ptr_nonnull(strstr(out, "b->a,darthvader,1,lukeskywalker,1,"));
    /* the two Blue Squadron Escorts are one row, counted */
    ck_assert_ptr_nonnull(strstr(out, "a->b,bluesquadronescort,2,darthvader,1,"));
    ck_assert_ptr_null(strstr(out, "bluesquadronescort,1,"));
    free(out);
    free(sq);
}
END_TEST

/* The matchup's report in `format`, with the options given (free it). */
static char *matchup_output(const no_squad *sq, no_matchup_opts *o, int format)
{
    char *out = NULL, err[NO_ERR_LEN];
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    o->format = format;
    ck_assert_msg(no_matchup(f, &sq[0], &sq[1], o, err, sizeof err) == 0, "%s", err);
    fclose(f);
    return out;
}

/* The cells of a matchup as JSON, with the options given. */
static cJSON *matchup_json(const no_squad *sq, no_matchup_opts *o)
{
    char *out = matchup_output(sq, o, NO_FMT_JSON);
    cJSON *root = cJSON_Parse(out);
    ck_assert_ptr_nonnull(root);
    free(out);
    return root;
}

static double number(const cJSON *o, const char *key) { return cJSON_GetObjectItem(o, key)->valuedouble; }

/* Where a cell's exact attacks to destroy cannot fit (here: a situation limit lowered for the
 * test), it falls back to Monte Carlo, says so with the reason and a standard error, and agrees
 * with exact (without the limit) within 5 of them; the other cells stay exact. */
START_TEST(t_matchup_falls_back_to_monte_carlo)
{
    no_squad *sq = malloc(2 * sizeof *sq);
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_squad_load(SQUADS "rebels.xws", &sq[0], err, sizeof err), 0);
    ck_assert_int_eq(no_squad_load(SQUADS "empire.xws", &sq[1], err, sizeof err), 0);
    no_matchup_opts o = {.run = {.seed = 1, .threads = 2}, .tokens = NO_ACT_FOCUS | NO_ACT_LOCK};
    cJSON *exact = matchup_json(sq, &o);
    o.run.exact_situations = 20;
    cJSON *limited = matchup_json(sq, &o);
    const cJSON *ce = cJSON_GetObjectItem(exact, "cells"), *cl = cJSON_GetObjectItem(limited, "cells");
    int n = cJSON_GetArraySize(ce), fell = 0;
    ck_assert_int_eq(n, cJSON_GetArraySize(cl));
    for (int i = 0; i < n; i++) {
        const cJSON *x = cJSON_GetArrayItem(ce, i), *y = cJSON_GetArrayItem(cl, i);
        ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(x, "attacks_to_destroy_method")), "exact");
        ck_assert_double_eq(number(x, "attacks_to_destroy_stderr"), 0);
        const char *method = cJSON_GetStringValue(cJSON_GetObjectItem(y, "attacks_to_destroy_method"));
        if (!strcmp(method, "exact")) {
            ck_assert_double_eq_tol(number(x, "attacks_to_destroy"), number(y, "attacks_to_destroy"), 1e-12);
            continue;
        }
        fell++;
        ck_assert_str_eq(method, "monte-carlo");
        ck_assert_ptr_nonnull(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(y, "attacks_to_destroy_why")),
                                     "can start in more than 20 ways"));
        double se = number(y, "attacks_to_destroy_stderr");
        ck_assert(se > 0);
        ck_assert_msg(fabs(number(x, "attacks_to_destroy") - number(y, "attacks_to_destroy")) < 5 * se,
                      "cell %d: exact %.6f, Monte Carlo %.6f ± %.6f", i, number(x, "attacks_to_destroy"),
                      number(y, "attacks_to_destroy"), se);
        ck_assert_double_eq_tol(number(x, "p_kill"), number(y, "p_kill"), 1e-12); /* one attack: still exact */
    }
    ck_assert_msg(fell > 0 && fell < n, "%d of %d cells fell back", fell, n);
    /* the text marks them (~) and says each below its table */
    char *out = matchup_output(sq, &o, NO_FMT_TEXT);
    int said = 0;
    for (const char *at = out; (at = strstr(at, "\n  ~ ")) != NULL; at++) {
        said++;
        ck_assert_ptr_nonnull(strstr(at, "attacks by Monte Carlo, 100000 trials"));
    }
    ck_assert_int_eq(said, fell);
    free(out);
    cJSON_Delete(exact);
    cJSON_Delete(limited);
    free(sq);
}
END_TEST

Suite *suite_xws(void)
{
    Suite *s = suite_create("xws");
    TCase *tc = tcase_create("squads");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, t_profiles_match_the_cards);
    tcase_add_test(tc, t_squads_import);
    tcase_add_test(tc, t_bad_squads);
    tcase_add_test(tc, t_dialects_load_with_warnings);
    tcase_add_test(tc, t_ship_numbers_from_cards);
    tcase_add_test(tc, t_pilot_fills_the_side);
    tcase_add_test(tc, t_matchup_cell_is_a_run);
    tcase_add_test(tc, t_matchup_falls_back_to_monte_carlo);
    suite_add_tcase(s, tc);
    return s;
}
