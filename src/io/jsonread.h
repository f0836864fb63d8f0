/* jsonread.h — typed reads from cJSON with errors that name the file and the JSON path. */
#ifndef NEVERODDS_JSONREAD_H
#define NEVERODDS_JSONREAD_H
#include <cjson/cJSON.h>
#include <stddef.h>

typedef struct jr {
    const char *file;   /* label used in messages */
    const char *prefix; /* path of the object being read inside the file ("pools[1]"), or NULL */
    char *err;
    size_t errlen;
    int failed;
    char *warn;         /* warnings collect here as lines (NO_WARN_LEN bytes), or NULL: stderr */
} jr;

#define NO_WARN_LEN 4096

/* Reads a whole text file (at most 1 MiB, no NUL bytes); NULL with "FILE: why" in err. */
char *jr_read_file(const char *path, char *err, size_t errlen);
/* Parses JSON; NULL with "LABEL: malformed JSON at line L, column C" in err, or when objects and
 * lists nest deeper than JR_MAX_NESTING (scenarios need 5). */
#define JR_MAX_NESTING 32
cJSON *jr_parse(const char *text, const char *label, char *err, size_t errlen);

/* Path helpers: child path "parent.key" or "parent[i]". */
void jr_key(char *out, size_t n, const char *parent, const char *key);
void jr_index(char *out, size_t n, const char *parent, int i);

/* Directory holding profiles/ data (abilities library, units, ships): $NEVERODDS_PROFILES, else
 * the profiles/ folder beside the executable, else ../share/neverodds/profiles from it (make
 * install), else the one the build was made from. */
const char *no_profiles_dir(void);

/* --lenient: an unknown key is a warning on stderr (and is not read), not an error. */
extern int jr_lenient;

void jr_fail(jr *j, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Something read as something else (an old id, a legacy key): never a silent change. A line
 * "LABEL: PATH: message" appended to j->warn, or "neverodds: warning: ..." on stderr. */
void jr_warn(jr *j, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Describes a JSON value for messages: -1, "abc", true, an object, ... */
void jr_describe(const cJSON *v, char *out, size_t n);

/* Fails unless obj is an object whose keys are all in `allowed` (NULL-terminated) and unique. */
int jr_object(jr *j, const cJSON *obj, const char *path, const char *const *allowed);
/* Integer in [lo, hi]; missing -> def. */
int jr_int(jr *j, const cJSON *obj, const char *key, const char *path, int lo, int hi, int def,
           int required);
int jr_bool(jr *j, const cJSON *obj, const char *key, const char *path, int def);
/* One of `names` (NULL-terminated); returns its index, or -1 with an error. */
int jr_enum(jr *j, const cJSON *v, const char *path, const char *const *names, const char *what);
/* Member `key` of `obj` (at `path`) as one of `names`; `def` when absent or wrong (then with an
 * error). */
int jr_enum_key(jr *j, const cJSON *obj, const char *key, const char *path, const char *const *names,
                const char *what, int def);

/* A data library under profiles/ (e.g. "legion/units.json"), loaded on first use. */
typedef struct jr_library {
    cJSON *doc;
    char file[512];
} jr_library;
/* The library's document (profiles/RELPATH), read on first use; NULL with an error. */
const cJSON *jr_library_doc(jr *j, jr_library *lib, const char *relpath);
/* The entry named by string `name` (at `path`) in `section` of the library; NULL with an error
 * ("expected <what> id from ..." or "unknown ..."). */
const cJSON *jr_library_entry(jr *j, jr_library *lib, const char *relpath, const char *section,
                              const cJSON *name, const char *path, const char *what);
/* The names nearest to `name` in edit distance (at most a third of its length, and 3): start,
 * offer each candidate, then write the suggestion. The one way every "did you mean" is found:
 * library ids, scenario keys, command-line options and commands. Candidates are kept by
 * pointer: they must outlive the jr_near. */
typedef struct jr_near {
    const char *name, *pick[3]; /* up to three nearest, nearest first */
    int cap, dist[3];
} jr_near;
void jr_near_start(jr_near *q, const char *name);
void jr_near_add(jr_near *q, const char *candidate);
/* Each name of a NULL-terminated list (NULL: none). */
void jr_near_list(jr_near *q, const char *const *names);
/* " (did you mean \"a\", \"b\"?)", or "" when none is near. */
void jr_near_text(const jr_near *q, char *out, size_t n);
/* The same over the keys of `section` (a library's ids). */
void jr_nearest(const cJSON *section, const char *name, char *out, size_t n);
/* A string member of a library entry, or `otherwise` when it has none. */
const char *jr_entry_text(const cJSON *entry, const char *key, const char *otherwise);
/* A number from a library entry, or `def` when the (hand-edited) library lacks it. */
int jr_entry_int(const cJSON *entry, const char *key, int def);

/* What every game's reader shares (io/scenario.c). A sequence's list `key` of root: 1 to NO_MAX_ATTACKS objects with `keys`, entry i read by
 * `read` (with errors placed under "key[i]" by `je`) into sc->attacks[i], which starts with the
 * scenario's policy. Sets sc->ctx to the first attack and sc->nattacks (0 for a single entry:
 * a lone attack). Returns 0, or -1 with the error in j. */
struct no_scenario;
typedef int (*jr_attack_reader)(const cJSON *entry, jr *j, jr *je, int i, struct no_scenario *sc, void *arg);
int jr_attacks(const cJSON *root, jr *j, const char *key, const char *const *keys, struct no_scenario *sc,
               jr_attack_reader read, void *arg);

/* Keys every game shares: "rules" (the one version `engine` names), "name", "policy" (a name
 * from no_policies that the scenario's game offers, default per-attack), "goal" and "points".
 * Sets the scenario's rules; its game is set by the loader before the game's reader runs. */
struct no_rules;
void no_parse_common(const cJSON *root, jr *j, struct no_scenario *sc, const struct no_rules *engine);

#endif
