/* quick.c — quick notation ("3 fl vs 2 fe r1") into the scenario JSON a user would write by hand.
 * Each game is a table of words and a table of letters, each naming the JSON key it sets, so the
 * translator emits only the keys the text gives and the scenario parser keeps every range check:
 * a quick scenario and its JSON file are one scenario, with one set of error messages for values. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/quick.h"
#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a word may stand: in the attacker's part (before "vs"), in the defender's, or anywhere
 * for OPT, a key of the attack itself (the scenario's top level). */
enum { ATK = 1, DEF = 2, BOTH = ATK | DEF, OPT = 4 };
/* What a word sets: a count, true, false, a fixed string; appends a string to a list (ADD), or
 * {"type": the string, "state": "exhausted"} (ADD_SPENT: Armada's exhausted defense tokens);
 * takes a comma-separated list of counts (LIST: Armada's shields, "shields3,2"). */
enum { NUM, YES, NO, STR, ADD, ADD_SPENT, LIST };

typedef struct qword {
    const char *word;
    unsigned char where, kind;
    signed char def;  /* NUM: the count when no number is given; -1: a number is required */
    const char *key;  /* dotted path under the side's object (OPT: under the scenario) */
    const char *str;  /* STR: the value */
} qword;

#define COUNT(w, where, key) {w, where, NUM, 1, key, NULL}
#define NUMBER(w, where, key) {w, where, NUM, -1, key, NULL}
#define FLAG(w, where, key) {w, where, YES, 0, key, NULL}
#define SET(w, where, key, s) {w, where, STR, 0, key, s}
#define ONE_OF(w, where, key) SET(w, where, key, w) /* the word is the value: "light", "hit" */
#define TOKEN(w, where) COUNT(w, where, "tokens." w)
#define KW_NUM(w, where) NUMBER(w, where, "keywords." w)
#define KW_YES(w, where) FLAG(w, where, "keywords." w)
/* the named policies (engine.c) that apply to every game; per-attack is the default */
#define POLICIES                                                                                    \
    ONE_OF("per-attack", OPT, "policy"), ONE_OF("conservative", OPT, "policy"),                     \
        ONE_OF("crit-fishing", OPT, "policy"), ONE_OF("optimal", OPT, "policy"),                    \
        ONE_OF("greedy", OPT, "policy"), ONE_OF("conserve", OPT, "policy")
/* Armada's defender may also refuse to discard tokens */
#define ARMADA_POLICIES POLICIES, ONE_OF("no-discard", OPT, "policy")

#define APPEND(w, where, key, s) {w, where, ADD, 0, key, s}
#define APPEND_SPENT(w, where, key, s) {w, where, ADD_SPENT, 0, key, s}
#define COUNTS(w, where, key) {w, where, LIST, -1, key, NULL}

/* A letter of a letter group ("fl", "4w2b"): the count it sets, attached after it (X-Wing "f2")
 * or before it (Legion "4w"). */
typedef struct qletter {
    char letter;
    unsigned char where;
    const char *key, *what;
} qletter;

/* The token names of the X-Wing reader (scenario.c token_keys): both sides take every one. */
static const qword xwing_words[] = {
    TOKEN("focus", BOTH), TOKEN("evade", BOTH), TOKEN("calculate", BOTH), TOKEN("force", BOTH),
    TOKEN("lock", BOTH), TOKEN("reinforce", BOTH), TOKEN("stress", BOTH), TOKEN("strain", BOTH),
    TOKEN("deplete", BOTH), TOKEN("tractor", BOTH), TOKEN("ion", BOTH), TOKEN("cloak", BOTH),
    ONE_OF("small", BOTH, "size"), ONE_OF("medium", BOTH, "size"), ONE_OF("large", BOTH, "size"),
    FLAG("ordnance", ATK, "ordnance"), FLAG("ion_weapon", ATK, "ion_weapon"),
    NUMBER("hull", DEF, "hull"), NUMBER("shields", DEF, "shields"),
    NUMBER("r", OPT, "range"), NUMBER("range", OPT, "range"),
    FLAG("obs", OPT, "obstructed"), FLAG("obstructed", OPT, "obstructed"),
    {"nodeck", OPT, NO, 0, "rule_options.damage_deck", NULL},
    {"onefocus", OPT, NO, 0, "rule_options.multiple_focus", NULL},
    POLICIES, {NULL, 0, 0, 0, NULL, NULL}};

/* r is not reinforce: "r1" is range 1 (reinforce is a word) */
static const qletter xwing_letters[] = {
    {'f', BOTH, "tokens.focus", "focus"}, {'l', BOTH, "tokens.lock", "lock"},
    {'c', BOTH, "tokens.calculate", "calculate"}, {'e', BOTH, "tokens.evade", "evade"},
    {'h', DEF, "hull", "hull"}, {'s', DEF, "shields", "shields"}, {0, 0, NULL, NULL}};

/* The Legion reader's names (legion_scenario.c): attacker and defender keys, tokens and the
 * keyword table. "surge" and "crit" mean two things, told apart by a number: bare, the chart
 * (attacker "crit", defender "surge"); with one, tokens (surge2) or Critical X (crit1). */
static const qword legion_words[] = {
    ONE_OF("hit", ATK, "surge"), ONE_OF("crit", ATK, "surge"), SET("nosurge", ATK, "surge", "none"),
    TOKEN("aim", ATK), TOKEN("surge", ATK), TOKEN("observation", ATK),
    COUNT("obs", ATK, "tokens.observation"), TOKEN("dodge", BOTH), FLAG("moved", ATK, "moved"),
    KW_NUM("pierce", ATK), KW_NUM("impact", ATK), KW_NUM("critical", ATK),
    NUMBER("crit", ATK, "keywords.critical"), KW_NUM("sharpshooter", ATK),
    NUMBER("sharp", ATK, "keywords.sharpshooter"), KW_NUM("precise", ATK), KW_NUM("lethal", ATK),
    KW_NUM("ram", ATK), KW_NUM("ion", ATK), KW_NUM("anti_personnel", ATK), KW_NUM("anti_materiel", ATK),
    KW_YES("marksman", ATK), KW_YES("high_velocity", ATK), KW_YES("blast", ATK), KW_YES("primitive", ATK),
    KW_YES("suppressive", ATK), KW_YES("jar_kai", ATK), KW_YES("immune_deflect", ATK),
    KW_YES("cumbersome", ATK), KW_YES("jedi_hunter", ATK), KW_YES("makashi", ATK),
    KW_YES("death_from_above", ATK), KW_YES("complete_the_mission", BOTH), KW_YES("duelist", BOTH),
    ONE_OF("white", DEF, "die"), ONE_OF("red", DEF, "die"), FLAG("surge", DEF, "surge"),
    NUMBER("surge", DEF, "tokens.surge"), TOKEN("suppression", DEF), COUNT("supp", DEF, "tokens.suppression"),
    TOKEN("shield", DEF), NUMBER("minis", DEF, "minis"), NUMBER("wounds", DEF, "wounds"),
    NUMBER("wounded", DEF, "wounded"), NUMBER("in_los", DEF, "in_los"), NUMBER("courage", DEF, "courage"),
    SET("courage-", DEF, "courage", "-"), ONE_OF("trooper", DEF, "type"), ONE_OF("droid", DEF, "type"),
    ONE_OF("vehicle", DEF, "type"), NUMBER("resilience", DEF, "resilience"), FLAG("damaged", DEF, "damaged"),
    KW_YES("armor", DEF), KW_NUM("armor", DEF), KW_NUM("danger_sense", DEF), KW_NUM("uncanny_luck", DEF),
    KW_NUM("cover", DEF), KW_NUM("smoke", DEF), KW_YES("impervious", DEF), KW_YES("immune_pierce", DEF),
    KW_YES("immune_melee_pierce", DEF), KW_YES("low_profile", DEF), KW_YES("outmaneuver", DEF),
    KW_YES("block", DEF), KW_YES("deflect", DEF), KW_YES("soresu", DEF), KW_YES("djem_so", DEF),
    KW_YES("unconcerned", DEF), KW_YES("backup", DEF), KW_YES("immune_blast", DEF),
    KW_YES("force_user", DEF),
    ONE_OF("light", OPT, "cover"), ONE_OF("heavy", OPT, "cover"), SET("nocover", OPT, "cover", "none"),
    ONE_OF("ranged", OPT, "attack_type"), ONE_OF("melee", OPT, "attack_type"),
    ONE_OF("overrun", OPT, "attack_type"), POLICIES, {NULL, 0, 0, 0, NULL, NULL}};

static const qletter legion_letters[] = {
    {'r', ATK, "pool.red", "red"}, {'b', ATK, "pool.black", "black"}, {'w', ATK, "pool.white", "white"},
    {0, 0, NULL, NULL}};

/* Armada (armada_scenario.c): the attacker's dice by colour (b blue, k black), a ship unless
 * "squadron"; the defender's tokens in order, ready or exhausted ("brace-x"), its shields as the
 * defended zone's, then the two adjacent zones', then the opposite zone's (armada_shields). */
#define ARMADA_TOKEN(w) APPEND(w, DEF, "tokens", w), APPEND_SPENT(w "-x", DEF, "tokens", w)
static const qword armada_words[] = {
    ONE_OF("squadron", BOTH, "type"), ONE_OF("ship", BOTH, "type"),
    FLAG("cf-dial", ATK, "concentrate_fire.dial"), FLAG("cf-token", ATK, "concentrate_fire.token"),
    KW_YES("bomber", ATK), KW_YES("swarm", BOTH), KW_NUM("counter", DEF),
    ARMADA_TOKEN("brace"), ARMADA_TOKEN("redirect"), ARMADA_TOKEN("evade"), ARMADA_TOKEN("scatter"),
    ARMADA_TOKEN("contain"), ARMADA_TOKEN("salvo"),
    NUMBER("hull", DEF, "hull"), NUMBER("damage", DEF, "damage"), NUMBER("speed", DEF, "speed"),
    COUNTS("shields", DEF, "shields"),
    ONE_OF("front", DEF, "zone"), ONE_OF("left", DEF, "zone"), ONE_OF("right", DEF, "zone"),
    ONE_OF("rear", DEF, "zone"),
    ONE_OF("close", OPT, "range"), ONE_OF("medium", OPT, "range"), ONE_OF("long", OPT, "range"),
    ONE_OF("distance-1", OPT, "range"),
    FLAG("obs", OPT, "obstructed"), FLAG("obstructed", OPT, "obstructed"),
    FLAG("contain_salvo", OPT, "rule_options.contain_salvo"), ARMADA_POLICIES, {NULL, 0, 0, 0, NULL, NULL}};

static const qletter armada_letters[] = {
    {'r', ATK, "pool.red", "red"}, {'b', ATK, "pool.blue", "blue"}, {'k', ATK, "pool.black", "black"},
    {0, 0, NULL, NULL}};

typedef struct quick quick;
static int armada_finish(const quick *q, cJSON *atk, cJSON *def);

struct no_quick_game {
    const char *name, *game, *rules;
    const qword *words;
    const qletter *letters;
    const char *letter_what; /* what a letter is, for messages */
    int count_first;         /* Legion "4w": the count stands before its letter; X-Wing "f2" after */
    const char *dice_key;    /* X-Wing: each side's first word starts with its dice count ("3fl") */
    const char *pool_key;    /* Legion: the attacker needs a pool (or a unit) */
    char ref;                /* "+howlrunner": an ability (a list); "@stormtroopers": a unit */
    const char *ref_key;
    int ref_list;
    const char *example;
    int (*finish)(const quick *q, cJSON *atk, cJSON *def); /* the game's last touches, or NULL */
};
typedef struct no_quick_game qgame;

/* The games of the command line ("neverodds xwing ..."), named by their games' descriptors. */
const qgame no_quick_xwing = {"xwing", "xwing", "xwing-2e", xwing_words, xwing_letters, "token letter", 0, "dice",
                              NULL, '+', "abilities", 1, "3 fl vs 2 fe r1", NULL};
const qgame no_quick_xwing1 = {"xwing1", "xwing", "xwing-1e", xwing_words, xwing_letters, "token letter", 0, "dice",
                               NULL, '+', "abilities", 1, "3 fl vs 2 e", NULL};
const qgame no_quick_legion = {"legion", "legion", "legion-2026", legion_words, legion_letters, "die colour", 1,
                               NULL, "pool", '@', "unit", 0, "5w hit vs white surge light", NULL};
const qgame no_quick_armada = {"armada", "armada", "armada-core", armada_words, armada_letters, "die colour", 1,
                               NULL, "pool", 0, NULL, 0, "2r1b medium vs brace redirect hull5 shields3,2",
                               armada_finish};

static const char *const side_names[] = {"", "attacker", "defender"};

struct quick {
    const qgame *g;
    const char *text; /* the normalised notation, for messages */
    char *err;
    size_t errlen;
    cJSON *root;
};

static int fail(const quick *q, const char *word, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(const quick *q, const char *word, const char *fmt, ...)
{
    int n = snprintf(q->err, q->errlen, "quick notation \"%s\": ", q->text);
    if (word && n >= 0 && (size_t)n < q->errlen)
        n += snprintf(q->err + n, q->errlen - (size_t)n, "\"%s\": ", word);
    if (n >= 0 && (size_t)n < q->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(q->err + n, q->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Reads digits at *p: their value, -1 when there are none, -2 when too long to be a count
 * (the parser checks the real ranges; this only keeps the number exact). */
static long digits(const char **p)
{
    const char *s = *p;
    long v = 0;
    for (; isdigit((unsigned char)**p); (*p)++)
        if (*p - s < 4)
            v = v * 10 + (**p - '0');
    return *p == s ? -1 : *p - s > 4 ? -2 : v;
}

static int all_digits(const char *s)
{
    return strspn(s, "0123456789") == strlen(s);
}

/* Sets `key` (a dotted path) under `obj`, taking `v`. Counts of tokens and pool dice add up
 * ("ff" is two focus, "2r 1r" three red); anything else given twice is an error. */
static int put(const quick *q, cJSON *obj, const char *at, const char *key, cJSON *v, const char *word)
{
    char path[64];
    snprintf(path, sizeof path, "%s", key);
    char *part = path, *dot;
    for (; (dot = strchr(part, '.')); part = dot + 1) {
        *dot = '\0';
        cJSON *next = cJSON_GetObjectItemCaseSensitive(obj, part);
        obj = next ? next : cJSON_AddObjectToObject(obj, part);
    }
    cJSON *old = cJSON_GetObjectItemCaseSensitive(obj, part);
    if (!old) {
        cJSON_AddItemToObject(obj, part, v);
        return 0;
    }
    int adds = !strncmp(key, "tokens.", 7) || !strncmp(key, "pool.", 5);
    if (adds && cJSON_IsNumber(old) && cJSON_IsNumber(v)) {
        cJSON_SetNumberValue(old, old->valuedouble + v->valuedouble);
        cJSON_Delete(v);
        return 0;
    }
    cJSON_Delete(v);
    return fail(q, word, "%s%s%s given twice", at, *at ? "." : "", key);
}

static const qletter *letter_of(const qgame *g, char c)
{
    for (const qletter *l = g->letters; l->letter; l++)
        if (l->letter == c)
            return l;
    return NULL;
}

/* The message for a word or letter of the other side: `what` is "a word" or "'h' (hull) is a
 * letter". */
static int wrong_side(const quick *q, const char *word, const char *what, int where)
{
    return fail(q, word, "%s of the %s: put it %s \"vs\"", what, side_names[BOTH & ~where],
                where == ATK ? "after" : "before");
}

/* A letter group from p on ("fl", "f2e", "4w2b"). */
static int letters(const quick *q, cJSON *obj, int where, const char *word, const char *p)
{
    const qgame *g = q->g;
    while (*p) {
        long n = g->count_first ? digits(&p) : 0;
        const qletter *l = letter_of(g, *p);
        if (n == -1 || (!l && g->count_first && !*p)) /* only Legion puts counts first */
            return fail(q, word, "expected a count and a %s, as in \"4w2b\"", g->letter_what);
        if (!l) {
            char list[160] = "";
            for (const qletter *k = g->letters; k->letter; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%c %s", *list ? ", " : "",
                         k->letter, k->what);
            return fail(q, word, "unknown %s '%c' (%s)", g->letter_what, *p, list);
        }
        if (!(l->where & where)) {
            char what[64];
            snprintf(what, sizeof what, "'%c' (%s) is a letter", l->letter, l->what);
            return wrong_side(q, word, what, where);
        }
        p++;
        if (!g->count_first && (n = digits(&p)) == -1)
            n = 1;
        if (n == -2)
            return fail(q, word, "number too large");
        if (put(q, obj, side_names[where], l->key, cJSON_CreateNumber((double)n), word))
            return -1;
    }
    return 0;
}

/* Appends `item` to the list at `key` of `obj` (made on first use). */
static void append(cJSON *obj, const char *key, cJSON *item)
{
    cJSON *list = cJSON_GetObjectItemCaseSensitive(obj, key);
    cJSON_AddItemToArray(list ? list : cJSON_AddArrayToObject(obj, key), item);
}

/* A LIST word ("shields3,2", "shields 3,2"): its counts as a JSON list under the side's key.
 * Returns the words used, 0 when `word` is no LIST word of this side, or -1. */
static int counts_word(const quick *q, char *const *w, int left, int where, cJSON *obj)
{
    const char *word = w[0];
    size_t len = strcspn(word, "0123456789");
    const qword *e = q->g->words;
    for (; e->word && !(e->kind == LIST && (e->where & where) && strlen(e->word) == len && !strncmp(e->word, word, len));
         e++)
        ;
    if (!len || !e->word)
        return 0;
    const char *p = word[len] ? word + len : left > 1 ? w[1] : "";
    int used = word[len] ? 1 : 2;
    cJSON *list = cJSON_CreateArray();
    for (;;) {
        long n = digits(&p);
        if (n < 0 || (*p && *p != ',')) {
            cJSON_Delete(list);
            return fail(q, word, "expected counts separated by commas, as in \"%s3,2\"", e->word);
        }
        cJSON_AddItemToArray(list, cJSON_CreateNumber((double)n));
        if (!*p++)
            break;
    }
    return put(q, obj, side_names[where], e->key, list, word) ? -1 : used;
}

/* The entry for word `name` (len characters) in part `where`, with a number or without. When
 * none fits, *why says what is wrong: 1 the word is the other side's, 2 it needs a number,
 * 3 it takes none, 0 it is unknown. */
static const qword *find(const qgame *g, const char *name, size_t len, int where, int numbered, int *why)
{
    int w = 0;
    for (const qword *e = g->words; e->word; e++) {
        if (strlen(e->word) != len || strncmp(e->word, name, len))
            continue;
        int side_ok = (e->where & (where | OPT)) != 0;
        int number_ok = numbered ? e->kind == NUM : e->kind != NUM || e->def >= 0;
        if (side_ok && number_ok)
            return e;
        w = side_ok ? (numbered ? 3 : 2) : w ? w : 1;
    }
    if (why)
        *why = w;
    return NULL;
}

/* One word at w[0] (and its number at w[1], "hull 3") in part `where`. Returns the words used,
 * or -1. */
static int one_word(const quick *q, char *const *w, int left, int where, cJSON *obj)
{
    const qgame *g = q->g;
    const char *word = w[0];
    if (word[0] == g->ref) { /* names are checked against the library by the scenario parser */
        if (!word[1])
            return fail(q, word, "expected a name after '%c'", g->ref);
        cJSON *name = cJSON_CreateString(word + 1);
        if (!g->ref_list)
            return put(q, obj, side_names[where], g->ref_key, name, word) ? -1 : 1;
        append(obj, g->ref_key, name);
        return 1;
    }
    int used_list = counts_word(q, w, left, where, obj);
    if (used_list)
        return used_list;
    /* a named word: letters, '_' and '-', then an optional number, attached or the next word */
    size_t len = strcspn(word, "0123456789");
    const char *num = word + len;
    if (len && all_digits(num)) {
        int used = 1, why = 0;
        long n = digits(&num);
        if (n == -1 && left > 1 && all_digits(w[1]) && find(g, word, len, where, 1, NULL)) {
            const char *next = w[1];
            n = digits(&next);
            used = 2;
        }
        if (n == -2)
            return fail(q, word, "number too large");
        const qword *e = find(g, word, len, where, n >= 0, &why);
        if (e && (e->kind == ADD || e->kind == ADD_SPENT)) { /* a token more in a list */
            cJSON *item = cJSON_CreateString(e->str);
            if (e->kind == ADD_SPENT) {
                cJSON *spent = cJSON_CreateObject();
                cJSON_AddItemToObject(spent, "type", item);
                cJSON_AddStringToObject(spent, "state", "exhausted");
                item = spent;
            }
            append(obj, e->key, item);
            return used;
        }
        if (e) {
            cJSON *v = e->kind == NUM ? cJSON_CreateNumber((double)(n >= 0 ? n : e->def))
                       : e->kind == STR ? cJSON_CreateString(e->str)
                                        : cJSON_CreateBool(e->kind == YES);
            int opt = e->where & OPT;
            return put(q, opt ? q->root : obj, opt ? "" : side_names[where], e->key, v, word) ? -1 : used;
        }
        if (why == 1)
            return wrong_side(q, word, "a word", where);
        if (why == 2)
            return fail(q, word, "needs a number, as in \"%.*s1\" or \"%.*s 1\"", (int)len, word, (int)len, word);
        if (why == 3)
            return fail(q, word, "takes no number (\"%.*s\")", (int)len, word);
    }
    if (isdigit((unsigned char)word[0]) ? g->count_first : letter_of(g, word[0]) != NULL)
        return letters(q, obj, where, word, word) ? -1 : 1;
    if (isdigit((unsigned char)word[0]))
        return fail(q, word, "a count stands after its letter or word (f2, hull 3); only a side's "
                    "first word starts with a number, its dice count");
    return fail(q, word, "unknown word (neverodds %s --help lists them)", g->name);
}

/* One side: the words before "vs" (attacker) or after (defender). */
static int side(const quick *q, char *const *w, int n, int where, cJSON *obj)
{
    const qgame *g = q->g;
    if (!n)
        return fail(q, NULL, "nothing %s \"vs\": expected the %s, as in \"%s\"", where == ATK ? "before" : "after",
                    side_names[where], g->example);
    for (int i = 0; i < n;) {
        if (i == 0 && g->dice_key) { /* "3", "3fl" */
            const char *p = w[0];
            long d = digits(&p);
            if (d == -1)
                return fail(q, w[0], "expected the %s's dice count first, as in \"%s\"", side_names[where],
                            g->example);
            if (d == -2)
                return fail(q, w[0], "number too large");
            if (put(q, obj, side_names[where], g->dice_key, cJSON_CreateNumber((double)d), w[0]) ||
                letters(q, obj, where, w[0], p))
                return -1;
            i++;
            continue;
        }
        int used = one_word(q, w + i, n - i, where, obj);
        if (used < 0)
            return -1;
        i += used;
    }
    return 0;
}

/* Lowercase, whitespace collapsed to single spaces, trimmed. */
static char *normalise(const char *spec)
{
    char *out = malloc(strlen(spec) + 1), *o = out;
    if (!out)
        abort();
    for (const char *p = spec; *p; p++) {
        if (isspace((unsigned char)*p)) {
            if (o > out && o[-1] != ' ')
                *o++ = ' ';
        } else {
            *o++ = (char)tolower((unsigned char)*p);
        }
    }
    if (o > out && o[-1] == ' ')
        o--;
    *o = '\0';
    return out;
}

/* Armada: each side is a ship unless the text says "squadron"; "shields A,B,C" gives the
 * defended zone (front unless named) A shields, the two zones beside it B, the zone opposite C
 * (seed 001 L739: zones sharing a firing-arc line are adjacent, so front and rear lie beside
 * left and right). */
static int armada_finish(const quick *q, cJSON *atk, cJSON *def)
{
    static const char *const zones[] = {"front", "left", "right", "rear"};
    static const int beside[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}}, opposite[4] = {3, 2, 1, 0};
    for (cJSON *side = atk; side; side = side == atk ? def : NULL)
        if (!cJSON_GetObjectItemCaseSensitive(side, "type"))
            cJSON_AddStringToObject(side, "type", "ship");
    cJSON *list = cJSON_DetachItemFromObjectCaseSensitive(def, "shields");
    if (!list)
        return 0;
    int n = cJSON_GetArraySize(list), z = 0;
    const char *zone = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(def, "zone"));
    while (zone && z < 3 && strcmp(zones[z], zone))
        z++;
    if (n > 3) {
        cJSON_Delete(list);
        return fail(q, NULL, "shields: at most 3 counts (the defended zone, the zones beside it, the zone opposite)");
    }
    cJSON *by_zone = cJSON_AddObjectToObject(def, "shields");
    for (int i = 0; i < n; i++) {
        double v = cJSON_GetArrayItem(list, i)->valuedouble;
        int at[2] = {i == 0 ? z : i == 1 ? beside[z][0] : opposite[z], i == 1 ? beside[z][1] : -1};
        for (int k = 0; k < 2 && at[k] >= 0; k++)
            cJSON_AddNumberToObject(by_zone, zones[at[k]], v);
    }
    cJSON_Delete(list);
    return 0;
}

static int translate(quick *q, char *words, char **json)
{
    const qgame *g = q->g;
    if (!*q->text)
        return fail(q, NULL, "empty: expected ATTACKER vs DEFENDER [OPTIONS], as in \"%s\"", g->example);
    size_t n = 1;
    for (const char *p = words; *p; p++)
        n += *p == ' ';
    char **w = malloc(n * sizeof *w);
    if (!w)
        abort();
    int nw = 0, vs = -1, rc = -1;
    char *save = NULL;
    for (char *s = strtok_r(words, " ", &save); s; s = strtok_r(NULL, " ", &save))
        w[nw++] = s;
    for (int i = 0; i < nw; i++)
        if (!strcmp(w[i], "vs")) {
            if (vs >= 0) {
                fail(q, NULL, "\"vs\" given twice: expected ATTACKER vs DEFENDER [OPTIONS]");
                goto done;
            }
            vs = i;
        }
    if (vs < 0) {
        fail(q, NULL, "missing \"vs\" between the attacker and the defender, as in \"%s\"", g->example);
        goto done;
    }
    cJSON *root = q->root = cJSON_CreateObject();
    char *name = malloc(strlen(g->name) + strlen(q->text) + 3);
    if (!name)
        abort();
    sprintf(name, "%s: %s", g->name, q->text);
    cJSON_AddStringToObject(root, "game", g->game);
    cJSON_AddStringToObject(root, "rules", g->rules);
    cJSON_AddStringToObject(root, "name", name);
    free(name);
    cJSON *atk = cJSON_CreateObject(), *def = cJSON_CreateObject();
    if (side(q, w, vs, ATK, atk) || side(q, w + vs + 1, nw - vs - 1, DEF, def)) {
        cJSON_Delete(atk);
        cJSON_Delete(def);
        goto done;
    }
    /* the sides last, after the options, as a person writes the file */
    cJSON_AddItemToObject(root, "attacker", atk);
    cJSON_AddItemToObject(root, "defender", def);
    if (g->pool_key && !cJSON_GetObjectItemCaseSensitive(atk, g->pool_key) &&
        !(g->ref_key && cJSON_GetObjectItemCaseSensitive(atk, g->ref_key))) {
        if (g->ref)
            fail(q, NULL, "the attacker rolls no dice: expected a pool such as \"5w\" or \"2r1b\", or a unit "
                 "(%cstormtroopers)", g->ref);
        else
            fail(q, NULL, "the attacker rolls no dice: expected dice such as \"2r1b\" (r red, b blue, k black)");
        goto done;
    }
    if (g->finish && g->finish(q, atk, def))
        goto done;
    *json = cJSON_Print(root);
    if (!*json)
        abort();
    rc = 0;
done:
    cJSON_Delete(q->root);
    free(w);
    return rc;
}

const char *no_quick_name(const no_quick_game *g)
{
    return g->name;
}

int no_quick_translate(const no_quick_game *g, const char *spec, char **json, char *err, size_t errlen)
{
    *json = NULL;
    char *text = normalise(spec ? spec : ""), *words = strdup(text);
    if (!words)
        abort();
    quick q = {g, text, err, errlen, NULL};
    int rc = translate(&q, words, json);
    free(words);
    free(text);
    return rc;
}

const char no_quick_grammar[] =
    "Quick notation: neverodds GAME \"ATTACKER vs DEFENDER [OPTIONS]\" instead of a scenario file.\n"
    "Words are separated by spaces; case does not matter. A word's number is attached or the next\n"
    "word (hull3, hull 3); a letter's count is attached (X-Wing f2, Legion 5w). Counts of tokens\n"
    "and of pool dice add up (ff = f2); anything else given twice is an error. OPTIONS may stand\n"
    "anywhere. The scenario is named after the text and checked as a scenario file is (ranges of\n"
    "values, ability and unit names).\n"
    "\n"
    "X-Wing: GAME xwing (second edition) or xwing1 (first edition, rules xwing-1e)\n"
    "  each side   starts with its dice count, then tokens: 3, 3fl, 3 fl, 2 f2e\n"
    "  letters     f focus, l lock, c calculate, e evade; a count after one: f2 = 2 focus;\n"
    "              defender only: h hull, s shields (h3s2 = hull 3, shields 2)\n"
    "  tokens      focus evade calculate force lock reinforce stress strain deplete tractor ion\n"
    "              cloak, each with an optional count (force2); xwing1 has focus evade lock\n"
    "              stress tractor cloak\n"
    "  both sides  small medium large (size); +NAME an ability from the abilities library\n"
    "              (profiles/xwing/abilities.json, xwing1: profiles/xwing1/abilities.json)\n"
    "  attacker    ordnance, ion_weapon\n"
    "  defender    hull N, shields N (no hull: no kill probability)\n"
    "  options     r0 r1 r2 r3 or range N (default 2; r0 not in xwing1); obs or obstructed;\n"
    "              nodeck (no damage deck); onefocus (one focus token per attack); a policy:\n"
    "              per-attack conservative crit-fishing optimal greedy conserve\n"
    "  examples\n"
    "    neverodds xwing \"3 fl vs 2 fe r1\"\n"
    "    neverodds xwing \"3 fl vs 3 fe h3 s0\"\n"
    "    neverodds xwing \"4 fl +proton-torpedoes vs 2 f h4 s2 r3 obs\"\n"
    "    neverodds xwing \"2 f +howlrunner vs 0 reinforce h12 s4 large r1\"\n"
    "    neverodds xwing1 \"3 fl vs 2 e\"\n"
    "\n"
    "Legion: GAME legion (rules legion-2026)\n"
    "  attacker    dice as count and colour, attached or not: 5w, 4w2b, 2r 1b (r red, b black,\n"
    "              w white), or @UNIT from profiles/legion/units.json (@stormtroopers)\n"
    "              surge chart: hit, crit or nosurge (default: none, or the unit's)\n"
    "              tokens: aim, surge, obs (observation), dodge, with an optional count: aim2\n"
    "              keywords with a number: pierce impact critical (or crit1) sharpshooter (or\n"
    "              sharp1) precise lethal ram ion anti_personnel anti_materiel: pierce1\n"
    "              keywords: marksman high_velocity blast primitive suppressive jar_kai\n"
    "              immune_deflect cumbersome jedi_hunter makashi death_from_above duelist\n"
    "              complete_the_mission; moved (this activation, for cumbersome)\n"
    "  defender    die: white or red; surge (a defense surge blocks); @UNIT (@rebeltroopers)\n"
    "              tokens: dodge, supp or suppression, shield (optional count); surge N\n"
    "              minis N, wounds N, wounded N, in_los N, courage N or courage-, resilience N,\n"
    "              damaged, trooper droid vehicle (no minis, wounds or @UNIT: the wounds are\n"
    "              not capped and there is no P(unit wiped))\n"
    "              keywords: armor (all hits) or armor N, danger_sense N, uncanny_luck N,\n"
    "              cover N (Cover X), smoke N; impervious immune_pierce immune_melee_pierce\n"
    "              low_profile outmaneuver block deflect soresu djem_so unconcerned backup\n"
    "              immune_blast force_user duelist complete_the_mission\n"
    "  options     light heavy nocover (cover); ranged melee overrun (attack type); a policy\n"
    "              as for X-Wing\n"
    "  examples\n"
    "    neverodds legion \"5w hit vs white surge light\"\n"
    "    neverodds legion \"4w2b hit aim pierce1 precise1 vs white surge dodge minis4 light\"\n"
    "    neverodds legion \"6r crit impact2 pierce2 melee vs red surge wounds8 armor\"\n"
    "    neverodds legion \"@stormtroopers aim vs @rebeltroopers dodge heavy\"\n"
    "\n"
    "Armada: GAME armada (rules armada-core); ships and squadrons from the library need a file\n"
    "  attacker    dice as count and colour: 2r1b, 3r 2k (r red, b blue, k black); cf-dial\n"
    "              cf-token (Concentrate Fire as a dial, as a token); squadron (a squadron\n"
    "              attacks: its anti-squadron dice at distance 1); bomber, swarm\n"
    "  defender    squadron (default: a ship); hull N, damage N (cards already), speed N\n"
    "              defense tokens, in order, ready or exhausted (-x): brace redirect evade\n"
    "              scatter contain salvo, brace-x evade-x ...\n"
    "              front left right rear: the defended zone (default front)\n"
    "              shields A[,B[,C]]: A on the defended zone, B on the two zones beside it\n"
    "              (Redirect's), C on the zone opposite (default 0)\n"
    "              counter N, swarm (a squadron, for its Counter attack back)\n"
    "  options     close medium long distance-1 (range; a squadron: distance-1); obs;\n"
    "              contain_salvo (the later tokens); a policy as for X-Wing, or no-discard\n"
    "  examples\n"
    "    neverodds armada \"2r1b medium vs brace redirect hull5 shields3,2\"\n"
    "    neverodds armada \"2r1b medium vs brace redirect evade-x hull5 shields3,2,1 speed2\"\n"
    "    neverodds armada \"4b squadron vs squadron hull4 scatter\"\n";
