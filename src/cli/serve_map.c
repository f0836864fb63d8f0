/* serve_map.c — a request as a command line of this program: the endpoint's command, the body's
 * scenarios and squads as files we name, its options checked and given as the command's own. */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve.h"
#include "io/count.h"
#include "io/jsonread.h"
#include "neverodds/games.h"
#include "neverodds/table.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS SERVE_MAX_ARGS
#define MAX_OWNED SERVE_MAX_OWNED
#define MAX_FILES SERVE_MAX_FILES
#define CHART_NAME "chart.svg"
typedef serve_call call;

/* Where a request's value goes on the command line. */
enum { OPT_VALUE, OPT_FLAG, OPT_TRIALS, OPT_LIST, OPT_CHART, OPT_READ /* read by the endpoint itself */ };
typedef struct option {
    const char *key, *flag;
    int kind;
} option;

static int fail(call *k, int status, const char *fmt, const char *a, const char *b)
{
    if (!k->status) {
        k->status = status;
        snprintf(k->err, sizeof k->err, fmt, a, b);
    }
    return -1;
}

static char *keep(call *k, char *s)
{
    if (!s || k->nowned == MAX_OWNED) {
        free(s);
        fail(k, 500, "%s%s", "out of memory", "");
        return NULL;
    }
    return k->owned[k->nowned++] = s;
}

static char *keep_copy(call *k, const char *s) { return keep(k, strdup(s)); }

static void arg(call *k, const char *a)
{
    if (!a)
        return;
    if (k->argc == MAX_ARGS) {
        fail(k, 400, "%s%s", "the request has too many values", "");
        return;
    }
    k->argv[k->argc++] = a;
    k->argv[k->argc] = NULL;
}

/* A value from a request, given to the command as its own word. A word starting with a dash would
 * be read as an option (--output FILE is one): refused unless it is a negative number. */
static const char *word(call *k, const char *key, const char *v)
{
    if (v && v[0] == '-' && !(v[1] >= '0' && v[1] <= '9')) {
        fail(k, 400, "%s: a value may not start with '-' (got '%s')", key, v);
        return NULL;
    }
    return v;
}

/* The file `name` holding `text` (copied), in the child's directory. */
static void file(call *k, const char *name, const char *text)
{
    if (!text) /* what it was made from failed, and said so */
        return;
    char *copy = k->nfiles < MAX_FILES ? keep_copy(k, text) : NULL;
    if (copy)
        k->files[k->nfiles++] = (serve_file){name, copy, strlen(copy)};
    else
        fail(k, 400, "%s%s", "the request has too many files", "");
}

/* A JSON value as a command-line value: a string as it is, a whole number without exponent, a
 * list or object as compact JSON (compare's `attacker.abilities=[a,b]` reads JSON lists). */
static const char *json_value(call *k, const cJSON *v)
{
    char buf[64];
    if (cJSON_IsString(v))
        return v->valuestring;
    if (cJSON_IsBool(v))
        return cJSON_IsTrue(v) ? "true" : "false";
    if (cJSON_IsNumber(v)) {
        double d = v->valuedouble; /* whole and within 2^53: as an integer; else as written */
        if (d >= -9007199254740992.0 && d <= 9007199254740992.0 && d == (double)(long long)d)
            snprintf(buf, sizeof buf, "%lld", (long long)d);
        else
            snprintf(buf, sizeof buf, "%.17g", d);
        return keep_copy(k, buf);
    }
    return keep(k, cJSON_PrintUnformatted(v));
}

/* An option's value: the query's, else the body's member; NULL when neither gives it. */
static const char *value(call *k, const char *key)
{
    const char *q = k->query(k->query_ctx, key);
    if (q)
        return q;
    const cJSON *v = k->body ? cJSON_GetObjectItemCaseSensitive(k->body, key) : NULL;
    return v && !cJSON_IsNull(v) ? json_value(k, v) : NULL;
}

static int truth(call *k, const char *key, const char *v)
{
    if (!v || !strcmp(v, "false") || !strcmp(v, "0"))
        return 0;
    if (!strcmp(v, "true") || !strcmp(v, "1") || !*v)
        return 1;
    return fail(k, 400, "%s: expected true or false, got '%s'", key, v), 0;
}

/* A name of the endpoint's, else one error naming the nearest ("query.trails", "request.trails"). */
static int known(call *k, const char *where, const char *name, const char *const *inputs, const option *opts)
{
    for (int i = 0; inputs && inputs[i]; i++)
        if (!strcmp(name, inputs[i]))
            return 1;
    for (const option *o = opts; o && o->key; o++)
        if (!strcmp(name, o->key))
            return 1;
    jr_near q;
    char near[160], what[64];
    jr_near_start(&q, name);
    jr_near_list(&q, inputs);
    for (const option *o = opts; o && o->key; o++)
        jr_near_add(&q, o->key);
    jr_near_text(&q, near, sizeof near);
    snprintf(what, sizeof what, "%s.%%s: unknown key%%s", where);
    return fail(k, 400, what, name, near), 0;
}

/* The endpoint's options, from the query and the body, onto the command line. */
static void options(call *k, const option *opts)
{
    for (const char *const *q = k->query_keys; q && *q && !k->status; q++)
        known(k, "query", *q, NULL, opts);
    for (const option *o = opts; o->key && !k->status; o++) {
        if (o->kind == OPT_READ)
            continue;
        const char *v = value(k, o->key);
        if (o->kind == OPT_LIST) { /* a list (or one value): the flag before each */
            const cJSON *list = k->body ? cJSON_GetObjectItemCaseSensitive(k->body, o->key) : NULL;
            if (cJSON_IsArray(list) && !k->query(k->query_ctx, o->key)) {
                for (const cJSON *e = list->child; e; e = e->next) {
                    arg(k, o->flag);
                    arg(k, word(k, o->key, json_value(k, e)));
                }
                continue;
            }
        }
        if (!v)
            continue;
        if (o->kind == OPT_FLAG || o->kind == OPT_CHART) {
            if (truth(k, o->key, v) && o->kind == OPT_FLAG)
                arg(k, o->flag);
            else if (truth(k, o->key, v))
                k->chart = CHART_NAME;
            continue;
        }
        if (o->kind == OPT_TRIALS) { /* the server's cap, in the command line's own words */
            uint64_t n;
            char msg[SERVE_ERR_LEN / 2];
            if (no_count_parse("trials", v, 1, k->cfg->max_trials, &n, msg, sizeof msg)) {
                fail(k, 400, "%s (this server's limit: serve --max-trials)%s", msg, "");
                return;
            }
        }
        arg(k, o->flag);
        arg(k, word(k, o->key, v));
    }
    if (k->chart) {
        arg(k, "--plot");
        arg(k, CHART_NAME);
    }
}

/* Every key of the body is the input's or an option's: else one error naming the nearest. */
static void known_keys(call *k, const char *const *inputs, const option *opts)
{
    for (const cJSON *m = k->body ? k->body->child : NULL; m && !k->status; m = m->next)
        known(k, "request", m->string, inputs, opts);
}

#define RUN_OPTIONS                                                                                          \
    {"trials", "--trials", OPT_TRIALS}, {"seed", "--seed", OPT_VALUE}, {"exact", "--exact", OPT_FLAG},        \
        {"policy", "--policy", OPT_VALUE}, {"goal", "--goal", OPT_VALUE}
#define CHART_OPTIONS                                                                                        \
    {"plot", NULL, OPT_CHART}, {"title", "--title", OPT_VALUE}, {"subtitle", "--subtitle", OPT_VALUE},        \
        {"size", "--size", OPT_VALUE}
static const option run_options[] = {RUN_OPTIONS,
                                     CHART_OPTIONS,
                                     {"shots_to_kill", "--shots-to-kill", OPT_FLAG},
                                     {"carry_tokens", "--carry-tokens", OPT_FLAG},
                                     {"verbose", "--verbose", OPT_FLAG},
                                     {NULL, NULL, 0}};
static const option quick_options[] = {RUN_OPTIONS,
                                       CHART_OPTIONS,
                                       {"shots_to_kill", "--shots-to-kill", OPT_FLAG},
                                       {"carry_tokens", "--carry-tokens", OPT_FLAG},
                                       {"print_scenario", "--print-scenario", OPT_FLAG},
                                       {NULL, NULL, 0}};
static const option policy_options[] = {{"trials", "--trials", OPT_TRIALS}, {"seed", "--seed", OPT_VALUE},
                                        {"exact", "--exact", OPT_FLAG},     {"goal", "--goal", OPT_VALUE},
                                        {NULL, NULL, 0}};
static const option compare_options[] = {RUN_OPTIONS, CHART_OPTIONS, {NULL, NULL, 0}};
static const option sweep_options[] = {
    RUN_OPTIONS, CHART_OPTIONS, {"vary", "--vary", OPT_LIST}, {"metric", "--metric", OPT_VALUE}, {NULL, NULL, 0}};
static const option order_options[] = {{"trials", "--trials", OPT_TRIALS},  {"seed", "--seed", OPT_VALUE},
                                       {"exact", "--exact", OPT_FLAG},      {"rules", "--rules", OPT_VALUE},
                                       {"swap_window", "--swap-window", OPT_LIST},
                                       {"variant", "--variant", OPT_LIST},  {"roll", "--roll", OPT_VALUE},
                                       {NULL, NULL, 0}};
static const option matchup_options[] = {RUN_OPTIONS,
                                         CHART_OPTIONS,
                                         {"tokens", "--tokens", OPT_VALUE},
                                         {"band", "--band", OPT_VALUE},  /* Legion armies' chart */
                                         {"cover", "--cover", OPT_VALUE}, /* Legion armies' chart */
                                         {NULL, NULL, 0}};
static const option battle_options[] = {RUN_OPTIONS,
                                        CHART_OPTIONS,
                                        {"rounds", "--rounds", OPT_VALUE},
                                        {"range", "--range", OPT_VALUE},
                                        {"first", "--first", OPT_VALUE},
                                        {"deck", "--deck", OPT_VALUE},
                                        {"target", "--target", OPT_VALUE},
                                        {"tokens", "--tokens", OPT_VALUE},
                                        {NULL, NULL, 0}};
static const option list_options[] = {{"game", "--game", OPT_VALUE}, {"q", NULL, OPT_READ}, {NULL, NULL, 0}};

/* The body as a JSON object of named members (an endpoint's input and options). */
static int body_object(call *k, const char *body)
{
    char msg[SERVE_ERR_LEN];
    k->body = jr_parse(body, "request", msg, sizeof msg);
    if (!k->body)
        return fail(k, 400, "%s%s", msg, "");
    if (!cJSON_IsObject(k->body))
        return fail(k, 400, "%s%s", "request: expected a JSON object", "");
    return 0;
}

/* A scenario given in member "scenario" of `in` (an object), written to `name`; or a quick notation
 * in "quick" ("xwing:3 fl vs 2 fe"). Returns the command's word for it, or NULL. */
static const char *scenario_input(call *k, const cJSON *in, const char *path, const char *name)
{
    const cJSON *sc = cJSON_GetObjectItemCaseSensitive(in, "scenario");
    const cJSON *quick = cJSON_GetObjectItemCaseSensitive(in, "quick");
    if (cJSON_IsObject(sc) && !quick) {
        char *text = keep(k, cJSON_Print(sc));
        if (text)
            file(k, name, text);
        return name;
    }
    if (cJSON_IsString(quick) && !sc) { /* GAME:NOTATION, the game one of the quick notation's */
        const char *colon = strchr(quick->valuestring, ':');
        char game[16];
        snprintf(game, sizeof game, "%.*s", colon ? (int)(colon - quick->valuestring) : 0, quick->valuestring);
        if (!colon || (size_t)(colon - quick->valuestring) >= sizeof game || !no_game_quick_find(game)) {
            fail(k, 400, "%s.quick: expected GAME:NOTATION, GAME xwing, xwing1, legion or armada, got '%s'", path,
                 quick->valuestring);
            return NULL;
        }
        return quick->valuestring;
    }
    fail(k, 400, "%s: expected \"scenario\": {a scenario's JSON} or \"quick\": \"GAME:NOTATION\"%s", path, "");
    return NULL;
}

/* ---- the endpoints: each fills the command line ---- */

/* run, policy: the body is the scenario (as a file), or {"scenario": {...}, options}. */
static void map_scenario_command(call *k, const char *cmd, const option *opts, const char *body)
{
    static const char *const inputs[] = {"scenario", NULL};
    char msg[SERVE_ERR_LEN];
    cJSON *parsed = jr_parse(body, "request", msg, sizeof msg);
    arg(k, cmd);
    if (cJSON_IsObject(parsed) && cJSON_GetObjectItemCaseSensitive(parsed, "scenario")) {
        k->body = parsed;
        known_keys(k, inputs, opts);
        arg(k, scenario_input(k, k->body, "request", "scenario.json"));
    } else { /* the scenario as the file holds it: the command's own reader says what is wrong */
        cJSON_Delete(parsed);
        file(k, "scenario.json", body);
        arg(k, "scenario.json");
    }
    options(k, opts);
}

static void map_run(call *k, const char *body) { map_scenario_command(k, "run", run_options, body); }
static void map_policy(call *k, const char *body) { map_scenario_command(k, "policy", policy_options, body); }

/* {"game": "xwing", "notation": "3 fl vs 2 fe r1", options}: `neverodds xwing "3 fl vs 2 fe r1"`. */
static void map_quick(call *k, const char *body)
{
    static const char *const inputs[] = {"game", "notation", NULL};
    if (body_object(k, body))
        return;
    known_keys(k, inputs, quick_options);
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(k->body, "game");
    const cJSON *notation = cJSON_GetObjectItemCaseSensitive(k->body, "notation");
    if (!cJSON_IsString(game) || !no_game_quick_find(game->valuestring)) {
        fail(k, 400, "request.game: expected xwing, xwing1, legion or armada%s%s", "", "");
        return;
    }
    if (!cJSON_IsString(notation)) {
        fail(k, 400, "request.notation: expected the notation as a string, e.g. \"3 fl vs 2 fe r1\"%s%s", "", "");
        return;
    }
    arg(k, game->valuestring);
    arg(k, word(k, "notation", notation->valuestring));
    options(k, quick_options);
}

/* {"inputs": [{"scenario"|"quick", "set": {KEY: VALUE}, "label": TEXT}...], options}. */
static void map_compare(call *k, const char *body)
{
    static const char *const inputs[] = {"inputs", NULL};
    static const char names[NO_MAX_INPUTS][16] = {"input1.json",  "input2.json",  "input3.json",  "input4.json",
                                                  "input5.json",  "input6.json",  "input7.json",  "input8.json",
                                                  "input9.json",  "input10.json", "input11.json", "input12.json",
                                                  "input13.json", "input14.json", "input15.json", "input16.json"};
    if (body_object(k, body))
        return;
    known_keys(k, inputs, compare_options);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(k->body, "inputs");
    int n = cJSON_GetArraySize(list);
    if (!cJSON_IsArray(list) || n < 1 || n > NO_MAX_INPUTS) {
        char most[16];
        snprintf(most, sizeof most, "%d", NO_MAX_INPUTS);
        fail(k, 400, "request.inputs: expected a list of 1 to %s inputs%s", most, "");
        return;
    }
    arg(k, "compare");
    int i = 0;
    for (const cJSON *in = list->child; in && !k->status; in = in->next, i++) {
        char path[48], spec[4096];
        snprintf(path, sizeof path, "request.inputs[%d]", i);
        static const char *const members[] = {"scenario", "quick", "set", "label", NULL};
        for (const cJSON *m = cJSON_IsObject(in) ? in->child : NULL; m && !k->status; m = m->next)
            known(k, path, m->string, members, NULL);
        const char *src = cJSON_IsObject(in) && !k->status ? scenario_input(k, in, path, names[i]) : NULL;
        if (!src) {
            fail(k, 400, "%s: expected an object with \"scenario\" or \"quick\"%s", path, "");
            return;
        }
        size_t len = (size_t)snprintf(spec, sizeof spec, "%s", src);
        const cJSON *set = cJSON_GetObjectItemCaseSensitive(in, "set");
        for (const cJSON *kv = cJSON_IsObject(set) ? set->child : NULL; kv && len < sizeof spec; kv = kv->next) {
            const char *v = json_value(k, kv);
            if (!v)
                return;
            len += (size_t)snprintf(spec + len, sizeof spec - len, ",%s=%s", kv->string, v);
        }
        const cJSON *label = cJSON_GetObjectItemCaseSensitive(in, "label");
        if (cJSON_IsString(label) && strchr(label->valuestring, ',')) {
            fail(k, 400, "%s.label: no commas in a label (compare's inputs are parted at commas)%s", path, "");
            return;
        }
        if (cJSON_IsString(label) && len < sizeof spec)
            len += (size_t)snprintf(spec + len, sizeof spec - len, ",label=%s", label->valuestring);
        if (len >= sizeof spec) {
            fail(k, 400, "%s: too long%s", path, "");
            return;
        }
        arg(k, keep_copy(k, spec));
    }
    options(k, compare_options);
}

/* A command of one scenario: the body's scenario (or, where inputs allow, quick notation) as a
 * file, then the command's options. */
static void scenario_command(call *k, const char *body, const char *cmd, const char *const *inputs,
                             const option *opts)
{
    if (body_object(k, body))
        return;
    known_keys(k, inputs, opts);
    arg(k, cmd);
    arg(k, scenario_input(k, k->body, "request", "scenario.json"));
    options(k, opts);
}

/* {"scenario"|"quick", "vary": ["attacker.dice=2..5"], "metric": "kill", options}. */
static void map_sweep(call *k, const char *body)
{
    static const char *const inputs[] = {"scenario", "quick", NULL};
    scenario_command(k, body, "sweep", inputs, sweep_options);
}

/* {"scenario": {...}, "rules", "swap_window", "variant", "roll", options}. */
static void map_order(call *k, const char *body)
{
    static const char *const inputs[] = {"scenario", NULL};
    scenario_command(k, body, "order", inputs, order_options);
}

/* The body is an XWS squad. */
static void map_squad(call *k, const char *body)
{
    arg(k, "squad");
    file(k, "squad.xws", body);
    arg(k, "squad.xws");
}

/* {"a": SQUAD, "b": SQUAD, options} (matchup, battle), or battle's {"battle": {a battle file}}.
 * A matchup's side may also be a list as text: a Legion army (a Legion HQ link, or one of Legion
 * HQ's text exports) or an Armada fleet (a builder's text export); the command tells them apart
 * by their content, as it does files. */
static void two_sides(call *k, const char *cmd, const option *opts, const char *body, int battle_file)
{
    static const char *const sides[] = {"a", "b", NULL}, *const battle[] = {"a", "b", "battle", NULL};
    if (body_object(k, body))
        return;
    known_keys(k, battle_file ? battle : sides, opts);
    arg(k, cmd);
    const cJSON *whole = battle_file ? cJSON_GetObjectItemCaseSensitive(k->body, "battle") : NULL;
    if (cJSON_IsObject(whole)) {
        file(k, "battle.json", keep(k, cJSON_Print(whole)));
        arg(k, "battle.json");
    } else {
        for (int s = 0; s < 2 && !k->status; s++) {
            const cJSON *side = cJSON_GetObjectItemCaseSensitive(k->body, sides[s]);
            if (!battle_file && cJSON_IsString(side)) { /* a list as its builder exports it */
                const char *name = s ? "b.txt" : "a.txt";
                file(k, name, side->valuestring);
                arg(k, name);
                continue;
            }
            if (!cJSON_IsObject(side)) {
                fail(k, 400, "request.%s: expected a squad (XWS JSON)%s", sides[s],
                     battle_file ? ", or \"battle\": {a battle file}"
                                 : ", a Legion army (TTS JSON, or a link or text export as a string) or an "
                                   "Armada fleet (text export, as a string)");
                return;
            }
            const char *name = s ? "b.xws" : "a.xws";
            file(k, name, keep(k, cJSON_Print(side)));
            arg(k, name);
        }
    }
    options(k, opts);
}

static void map_matchup(call *k, const char *body) { two_sides(k, "matchup", matchup_options, body, 0); }
static void map_battle(call *k, const char *body) { two_sides(k, "battle", battle_options, body, 1); }

/* GET list/KIND?q=TEXT&game=G. */
static void map_list(call *k, const char *kind)
{
    /* a word of letters and dashes, starting with a letter: "-o" would be read as --output */
    if (!(*kind >= 'a' && *kind <= 'z') || strspn(kind, "abcdefghijklmnopqrstuvwxyz-") != strlen(kind)) {
        fail(k, 404, "%s%s", "list: expected /api/list/KIND, KIND one of pilots, ships, upgrades, abilities, "
                             "dice-cards, units, squadrons",
             "");
        return;
    }
    arg(k, "list");
    arg(k, kind);
    const char *q = k->query(k->query_ctx, "q");
    if (q && *q)
        arg(k, word(k, "q", q));
    options(k, list_options);
}

typedef struct endpoint {
    const char *path, *method;
    void (*map)(call *k, const char *body);
    int threads; /* the command takes --threads */
} endpoint;
static const endpoint endpoints[] = {
    {"run", "POST", map_run, 1},         {"policy", "POST", map_policy, 1}, {"quick", "POST", map_quick, 1},
    {"compare", "POST", map_compare, 1}, {"sweep", "POST", map_sweep, 1},   {"order", "POST", map_order, 1},
    {"squad", "POST", map_squad, 0},     {"matchup", "POST", map_matchup, 1}, {"battle", "POST", map_battle, 1},
};

int serve_map(serve_call *k, const serve_config *cfg, const char *method, const char *path, serve_query_fn query,
              void *query_ctx, const char *const *keys, const char *body, size_t len)
{
    memset(k, 0, sizeof *k);
    k->query_keys = keys;
    k->cfg = cfg;
    k->query = query;
    k->query_ctx = query_ctx;
    arg(k, "neverodds");
    const endpoint *e = NULL;
    int list = !strncmp(path, "list/", 5);
    for (size_t i = 0; i < sizeof endpoints / sizeof *endpoints && !list; i++)
        if (!strcmp(path, endpoints[i].path))
            e = &endpoints[i];
    const char *want = list ? "GET" : e ? e->method : NULL;
    if (!want) {
        fail(k, 404, "not found: /api/%s (the API: run, policy, quick, compare, sweep, order, squad, matchup, "
                     "battle, list/KIND)%s",
             path, "");
    } else if (strcmp(method, want)) {
        fail(k, 405, "/api/%s takes %s", path, want);
    } else if (strlen(body) != len) {
        fail(k, 400, "%s%s", "request: the body contains a NUL byte; expected JSON text", "");
    } else if (list) {
        map_list(k, path + 5);
    } else {
        e->map(k, body);
    }
    if (!k->status) {
        arg(k, "--format");
        arg(k, "json");
        if (e && e->threads) {
            arg(k, "--threads");
            arg(k, "1");
        }
    }
    return k->status;
}

void serve_call_free(serve_call *k)
{
    cJSON_Delete(k->body);
    for (int i = 0; i < k->nowned; i++)
        free(k->owned[i]);
    k->body = NULL;
    k->nowned = 0;
}
