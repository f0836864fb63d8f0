/* games.c — the registry of games, and the scenario loader that picks a game's reader by the
 * scenario's "game" key. Adding a game: its folder in src/games/ with its descriptor, and one
 * line in no_games below. */
#include "neverodds/games.h"
#include "neverodds/quick.h"
#include "io/jsonread.h"
#include <stdlib.h>
#include <string.h>

const no_game *const no_games[] = {&no_game_xwing, &no_game_legion, &no_game_armada, NULL};

const no_game *no_game_find(const char *name)
{
    for (int g = 0; no_games[g]; g++)
        if (!strcmp(no_games[g]->name, name))
            return no_games[g];
    return NULL;
}

/* The i-th quick-notation game of all the games' (NULL past the last). */
const no_quick_game *no_game_quick_at(int i)
{
    for (int g = 0; no_games[g]; g++)
        for (int q = 0; no_games[g]->quick && no_games[g]->quick[q]; q++)
            if (i-- == 0)
                return no_games[g]->quick[q];
    return NULL;
}

const no_quick_game *no_game_quick_find(const char *name)
{
    const no_quick_game *q;
    for (int i = 0; name && (q = no_game_quick_at(i)); i++)
        if (!strcmp(no_quick_name(q), name))
            return q;
    return NULL;
}

int no_quick_json(const char *game, const char *spec, char **json, char *err, size_t errlen)
{
    *json = NULL;
    const no_quick_game *q = no_game_quick_find(game);
    if (!q) { /* name them all, as the command line offers them */
        char names[64] = "";
        for (int i = 0; (q = no_game_quick_at(i)); i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", no_quick_name(q));
        snprintf(err, errlen, "quick notation: unknown game \"%s\" (%s)", game ? game : "", names);
        return -1;
    }
    return no_quick_translate(q, spec, json, err, errlen);
}

int no_scenario_parse(const char *text, const char *label, no_scenario *sc, char *err, size_t errlen)
{
    memset(sc, 0, sizeof *sc);
    snprintf(sc->file, sizeof sc->file, "%s", label);
    cJSON *root = jr_parse(text, label, err, errlen);
    if (!root)
        return -1;
    jr j = {.file = label, .err = err, .errlen = errlen};
    const char *names[sizeof no_games / sizeof no_games[0]];
    char list[64] = "";
    for (int g = 0; (names[g] = no_games[g] ? no_games[g]->name : NULL); g++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", g ? ", " : "", names[g]);
    const cJSON *game = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "game") : NULL;
    if (!cJSON_IsObject(root))
        jr_fail(&j, "", "expected a JSON object at the top level");
    else if (!game)
        jr_fail(&j, "game", "missing (one of: %s)", list);
    else {
        int g = jr_enum(&j, game, "game", names, "a game");
        if (g >= 0) {
            sc->game = no_games[g];
            sc->game->read(root, &j, sc);
        }
    }
    cJSON_Delete(root);
    return j.failed ? -1 : 0;
}

/* A value typed on the command line: a JSON number, true or false when it reads as one, else a
 * string; a list in brackets, as JSON (["predator","marksmanship"]) or as bare comma-separated
 * words ([predator,marksmanship]), each word read the same way. */
static cJSON *command_line_value(const char *value)
{
    cJSON *v = cJSON_Parse(value);
    if (v && (cJSON_IsNumber(v) || cJSON_IsBool(v) || (cJSON_IsArray(v) && *value == '[')))
        return v;
    cJSON_Delete(v);
    size_t len = strlen(value);
    if (len < 2 || value[0] != '[' || value[len - 1] != ']')
        return cJSON_CreateString(value);
    cJSON *list = cJSON_CreateArray();
    char word[128];
    for (const char *p = value + 1; p < value + len - 1;) {
        size_t n = strcspn(p, ",]");
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        if (*word)
            cJSON_AddItemToArray(list, command_line_value(word));
        p += n + 1;
    }
    return list;
}

/* Puts `value` (command_line_value) at the dotted `key` of `root` (objects made as needed, a
 * number indexes an array). */
static int set_key(cJSON *root, const char *file, const char *key, const char *value, char *err, size_t errlen)
{
    char walk[256];
    snprintf(walk, sizeof walk, "%s", key);
    cJSON *at = root;
    char *part = walk, *dot;
    for (; (dot = strchr(part, '.')); part = dot + 1) {
        *dot = '\0';
        int index = part[strspn(part, "0123456789")] == '\0' && *part ? atoi(part) : -1; /* "attacks.0.dice" */
        cJSON *next = cJSON_IsArray(at) ? (index < 0 ? NULL : cJSON_GetArrayItem(at, index))
                                        : cJSON_GetObjectItemCaseSensitive(at, part);
        if (!next && cJSON_IsObject(at))
            next = cJSON_AddObjectToObject(at, part);
        if (cJSON_IsArray(at) && !next) {
            snprintf(err, errlen, "%s: %s: %.*s is a list: index it with a number from 0 to %d", file, key,
                     (int)(part - walk - 1), key, cJSON_GetArraySize(at) - 1);
            return -1;
        }
        if (!next || !(cJSON_IsObject(next) || cJSON_IsArray(next))) {
            snprintf(err, errlen, "%s: %s: %.*s is not an object of the scenario", file, key, (int)(dot - walk), key);
            return -1;
        }
        at = next;
    }
    if (!*part || !cJSON_IsObject(at)) {
        snprintf(err, errlen, "%s: %s: not a key of an object of the scenario", file, key);
        return -1;
    }
    cJSON *v = command_line_value(value);
    cJSON_DeleteItemFromObjectCaseSensitive(at, part);
    cJSON_AddItemToObject(at, part, v);
    return 0;
}

/* A scenario's text: the file at `path`, or, for "GAME:NOTATION" with GAME a quick-notation game
 * ("xwing:3 fl vs 2 fe r1"), the scenario that notation stands for (quick.h). NULL with err. */
static char *scenario_text(const char *path, char *err, size_t errlen)
{
    const char *colon = strchr(path, ':');
    char game[16];
    if (colon && colon - path < (long)sizeof game) {
        snprintf(game, sizeof game, "%.*s", (int)(colon - path), path);
        char *json;
        if (no_game_quick_find(game))
            return no_quick_json(game, colon + 1, &json, err, errlen) ? NULL : json;
    }
    return jr_read_file(path, err, errlen);
}

/* name_keys: the label (errors, reports) names the keys set after the file. */
static int load_with(const char *path, const no_override *ov, int nov, int name_keys, no_scenario *sc, char *err,
                     size_t errlen)
{
    if (!nov)
        return no_scenario_load(path, sc, err, errlen);
    char *text = scenario_text(path, err, errlen);
    if (!text)
        return -1;
    cJSON *root = jr_parse(text, path, err, errlen);
    free(text);
    if (!root)
        return -1;
    char label[256];
    int n = snprintf(label, sizeof label, "%s", path);
    if (!name_keys)
        n = -1;
    for (int i = 0; i < nov; i++) {
        if (!cJSON_IsObject(root) || set_key(root, path, ov[i].key, ov[i].value, err, errlen)) {
            if (!cJSON_IsObject(root))
                snprintf(err, errlen, "%s: expected a JSON object at the top level", path);
            cJSON_Delete(root);
            return -1;
        }
        if (n >= 0 && (size_t)n < sizeof label)
            n += snprintf(label + n, sizeof label - (size_t)n, "%s%s=%s", i ? ", " : " [", ov[i].key, ov[i].value);
    }
    if (n >= 0 && (size_t)n < sizeof label)
        snprintf(label + n, sizeof label - (size_t)n, "]");
    if (!name_keys)
        snprintf(label, sizeof label, "%s", path);
    char *again = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    if (!again)
        abort();
    int rc = no_scenario_parse(again, label, sc, err, errlen);
    free(again);
    return rc;
}

int no_scenario_load_with(const char *path, const no_override *ov, int nov, no_scenario *sc, char *err, size_t errlen)
{
    return load_with(path, ov, nov, 1, sc, err, errlen);
}

int no_scenario_load_as(const char *path, const char *rules, no_scenario *sc, char *err, size_t errlen)
{
    no_override ov = {"rules", rules};
    return load_with(path, &ov, 1, 0, sc, err, errlen); /* the version is in sc->rules */
}

int no_scenario_load(const char *path, no_scenario *sc, char *err, size_t errlen)
{
    char *text = scenario_text(path, err, errlen);
    if (!text)
        return -1;
    int rc = no_scenario_parse(text, path, sc, err, errlen);
    free(text);
    return rc;
}

