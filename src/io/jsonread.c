/* jsonread.c — typed, path-aware reads from cJSON for scenario and profile files. */
#include "io/jsonread.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <limits.h>
#include <unistd.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef NO_PROFILES_DIR
#define NO_PROFILES_DIR "profiles"
#endif

void jr_key(char *out, size_t n, const char *parent, const char *key)
{
    if (parent && *parent)
        snprintf(out, n, "%s.%s", parent, key);
    else
        snprintf(out, n, "%s", key);
}

void jr_index(char *out, size_t n, const char *parent, int i)
{
    snprintf(out, n, "%s[%d]", parent, i);
}

void jr_warn(jr *j, const char *path, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *pre = j->prefix ? j->prefix : "", *dot = j->prefix && *path ? "." : "";
    if (!j->warn) {
        fprintf(stderr, "neverodds: warning: %s: %s%s%s: %s\n", j->file, pre, dot, path, msg);
        return;
    }
    size_t at = strlen(j->warn);
    snprintf(j->warn + at, NO_WARN_LEN - at, "%s: %s%s%s: %s\n", j->file, pre, dot, path, msg);
}

void jr_fail(jr *j, const char *path, const char *fmt, ...)
{
    if (j->failed)
        return; /* keep the first error: it is the cause */
    j->failed = 1;
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char where[256]; /* the prefix (a sequence's entry), then the path within it */
    if (j->prefix && path && *path)
        snprintf(where, sizeof where, "%s.%s", j->prefix, path);
    else
        snprintf(where, sizeof where, "%s", j->prefix ? j->prefix : path ? path : "");
    if (*where)
        snprintf(j->err, j->errlen, "%s: %s: %s", j->file, where, msg);
    else
        snprintf(j->err, j->errlen, "%s: %s", j->file, msg);
}

void jr_describe(const cJSON *v, char *out, size_t n)
{
    if (!v)
        snprintf(out, n, "nothing");
    else if (cJSON_IsBool(v))
        snprintf(out, n, "%s", cJSON_IsTrue(v) ? "true" : "false");
    else if (cJSON_IsNull(v))
        snprintf(out, n, "null");
    else if (cJSON_IsNumber(v))
        snprintf(out, n, "%.17g", v->valuedouble);
    else if (cJSON_IsString(v))
        snprintf(out, n, "\"%.60s\"", v->valuestring);
    else if (cJSON_IsArray(v))
        snprintf(out, n, "a list");
    else
        snprintf(out, n, "an object");
}

/* "a, b, c" from a NULL-terminated list; names that do not fit end it with "..." (never a name
 * cut in the middle). */
static void join_names(const char *const *names, char *out, size_t n)
{
    *out = 0;
    for (size_t len = 0; *names; names++) {
        if (len + strlen(*names) + 2 + 5 >= n) { /* room for ", " and ", ..." */
            snprintf(out + len, n - len, "%s...", len ? ", " : "");
            return;
        }
        len += (size_t)snprintf(out + len, n - len, "%s%s", len ? ", " : "", *names);
    }
}

int jr_object(jr *j, const cJSON *obj, const char *path, const char *const *allowed)
{
    if (j->failed)
        return -1;
    if (!cJSON_IsObject(obj)) {
        char got[96];
        jr_describe(obj, got, sizeof got);
        jr_fail(j, path, "expected an object, got %s", got);
        return -1;
    }
    for (const cJSON *c = obj->child; c; c = c->next) {
        char p[256];
        jr_key(p, sizeof p, path, c->string);
        int known = 0;
        for (const char *const *a = allowed; *a; a++)
            known |= strcmp(*a, c->string) == 0;
        if (!known) {
            char list[256];
            join_names(allowed, list, sizeof list);
            char near[160]; /* a misspelt key: the nearest, as for an unknown library id */
            jr_near q;
            jr_near_start(&q, c->string);
            jr_near_list(&q, allowed);
            jr_near_text(&q, near, sizeof near);
            if (jr_lenient) { /* --lenient: said, and the key is not read */
                fprintf(stderr, "neverodds: warning: %s: %s%s%s: unknown key, ignored%s (expected one of: %s)\n",
                        j->file, j->prefix ? j->prefix : "", j->prefix ? "." : "", p, near, list);
                continue;
            }
            jr_fail(j, p, "unknown key%s (expected one of: %s)", near, list);
            return -1;
        }
        for (const cJSON *d = obj->child; d != c; d = d->next)
            if (strcmp(d->string, c->string) == 0) {
                jr_fail(j, p, "duplicate key");
                return -1;
            }
    }
    return 0;
}

int jr_int(jr *j, const cJSON *obj, const char *key, const char *path, int lo, int hi, int def,
           int required)
{
    if (j->failed)
        return def;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    char p[256];
    jr_key(p, sizeof p, path, key);
    if (!v) {
        if (required)
            jr_fail(j, p, "missing (expected an integer from %d to %d)", lo, hi);
        return def;
    }
    double d = cJSON_IsNumber(v) ? v->valuedouble : NAN;
    if (!cJSON_IsNumber(v) || !isfinite(d) || d != floor(d) || d < lo || d > hi) {
        char got[96];
        jr_describe(v, got, sizeof got);
        jr_fail(j, p, "expected an integer from %d to %d, got %s", lo, hi, got);
        return def;
    }
    return (int)d;
}

int jr_bool(jr *j, const cJSON *obj, const char *key, const char *path, int def)
{
    if (j->failed)
        return def;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v)
        return def;
    if (!cJSON_IsBool(v)) {
        char p[256], got[96];
        jr_key(p, sizeof p, path, key);
        jr_describe(v, got, sizeof got);
        jr_fail(j, p, "expected true or false, got %s", got);
        return def;
    }
    return cJSON_IsTrue(v);
}

int jr_enum(jr *j, const cJSON *v, const char *path, const char *const *names, const char *what)
{
    if (j->failed)
        return -1;
    if (cJSON_IsString(v))
        for (int i = 0; names[i]; i++)
            if (strcmp(names[i], v->valuestring) == 0)
                return i;
    char list[256], got[96];
    join_names(names, list, sizeof list);
    jr_describe(v, got, sizeof got);
    jr_fail(j, path, "expected %s (one of: %s), got %s", what, list, got);
    return -1;
}

int jr_enum_key(jr *j, const cJSON *obj, const char *key, const char *path, const char *const *names,
                const char *what, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v)
        return def;
    char p[128];
    jr_key(p, sizeof p, path, key);
    int i = jr_enum(j, v, p, names, what);
    return i < 0 ? def : i;
}

#define NO_MAX_FILE (1 << 20) /* scenario and library files are small; refuse anything huge */

/* ---- files ---- */
/* `path` opened for reading without waiting for a writer: a FIFO with none would block its
 * open forever, so it is opened non-blocking (then read blocking: a pipe with its writer, as
 * `<(cat x.json)` gives, is read as it comes). *fifo: it is a FIFO. NULL with err. */
static FILE *open_input(const char *path, int *fifo, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat st;
    FILE *f = NULL;
    if (fd >= 0 && fstat(fd, &st) == 0 && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0)
        f = fdopen(fd, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    *fifo = S_ISFIFO(st.st_mode);
    return f;
}

char *jr_read_file(const char *path, char *err, size_t errlen)
{
    int fifo;
    FILE *f = open_input(path, &fifo, err, errlen);
    if (!f)
        return NULL;
    char *buf = malloc(NO_MAX_FILE + 1);
    size_t n = buf ? fread(buf, 1, NO_MAX_FILE + 1, f) : 0;
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        snprintf(err, errlen, "%s: cannot read: %s", path, buf ? "read error (is it a directory?)" : "out of memory");
        free(buf);
        return NULL;
    }
    if (fifo && n == 0) { /* no writer had it open: reading it got end of file at once */
        snprintf(err, errlen, "%s: cannot read: a FIFO with no writer (nothing to read)", path);
        free(buf);
        return NULL;
    }
    if (n > NO_MAX_FILE) {
        snprintf(err, errlen, "%s: file is larger than %d bytes", path, NO_MAX_FILE);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (strlen(buf) != n) {
        snprintf(err, errlen, "%s: file contains a NUL byte; expected JSON text", path);
        free(buf);
        return NULL;
    }
    return buf;
}

int jr_lenient;

/* The deepest nesting of objects and lists in a JSON text (strings skipped). */
static int nesting(const char *text)
{
    int depth = 0, most = 0, in_string = 0;
    for (const char *p = text; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                in_string = 0;
        } else if (*p == '"') {
            in_string = 1;
        } else if (*p == '{' || *p == '[') {
            most = ++depth > most ? depth : most;
        } else if (*p == '}' || *p == ']') {
            depth--;
        }
    }
    return most;
}

cJSON *jr_parse(const char *text, const char *label, char *err, size_t errlen)
{
    if (nesting(text) > JR_MAX_NESTING) {
        snprintf(err, errlen, "%s: JSON nested deeper than %d levels", label, JR_MAX_NESTING);
        return NULL;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, 1);
    if (!root) {
        int line = 1, col = 1;
        for (const char *p = text; end && p < end && *p; p++) {
            if (*p == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        snprintf(err, errlen, "%s: malformed JSON at line %d, column %d", label, line, col);
        return NULL;
    }
    return root;
}


/* ---- libraries under profiles/ ---- */
const cJSON *jr_library_doc(jr *j, jr_library *lib, const char *relpath)
{
    if (!lib->doc) {
        snprintf(lib->file, sizeof lib->file, "%s/%s", no_profiles_dir(), relpath);
        char *text = jr_read_file(lib->file, j->err, j->errlen);
        lib->doc = text ? jr_parse(text, lib->file, j->err, j->errlen) : NULL;
        free(text);
        if (!lib->doc)
            j->failed = 1;
    }
    return lib->doc;
}

const cJSON *jr_library_entry(jr *j, jr_library *lib, const char *relpath, const char *section,
                              const cJSON *name, const char *path, const char *what)
{
    if (!cJSON_IsString(name)) {
        jr_fail(j, path, "expected %s id from profiles/%s", what, relpath);
        return NULL;
    }
    if (!jr_library_doc(j, lib, relpath))
        return NULL;
    const cJSON *entry = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(lib->doc, section), name->valuestring);
    if (!entry) {
        char near[256];
        jr_nearest(cJSON_GetObjectItemCaseSensitive(lib->doc, section), name->valuestring, near, sizeof near);
        jr_fail(j, path, "unknown %s \"%s\"%s (see %s)", strchr(what, ' ') ? strchr(what, ' ') + 1 : what,
                name->valuestring, near, lib->file); /* "a unit" -> "unknown unit", "an upgrade" -> "unknown upgrade" */
    }
    return entry;
}

/* Edit distance of a and b counting a swap of two neighbours as one edit (optimal string
 * alignment: "--trails" is one edit from "--trials", "rnu" from "run"), or more than `cap` (then
 * stops early). Rows of the table: two back for the swap, one back, this one. */
static int edit_distance(const char *a, const char *b, int cap)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63 || (la > lb ? la - lb : lb - la) > (size_t)cap)
        return cap + 1;
    int rows[3][64], *before = rows[0], *prev = rows[1], *row = rows[2];
    for (size_t j = 0; j <= lb; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int best = row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int v = prev[j - 1] + (a[i - 1] != b[j - 1]);
            v = prev[j] + 1 < v ? prev[j] + 1 : v;
            v = row[j - 1] + 1 < v ? row[j - 1] + 1 : v;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && before[j - 2] + 1 < v)
                v = before[j - 2] + 1;
            row[j] = v;
            best = v < best ? v : best;
        }
        if (best > cap)
            return cap + 1;
        int *spare = before;
        before = prev, prev = row, row = spare;
    }
    return prev[lb];
}

void jr_near_start(jr_near *q, const char *name)
{
    int third = (int)strlen(name) / 3;
    *q = (jr_near){.name = name, .cap = third < 3 ? third : 3};
    for (int k = 0; k < 3; k++)
        q->dist[k] = q->cap + 1;
}

void jr_near_add(jr_near *q, const char *candidate)
{
    for (int k = 0; k < 3 && q->pick[k]; k++)
        if (!strcmp(q->pick[k], candidate))
            return; /* offered twice (Armada's ships and X-Wing's): named once */
    int d = edit_distance(q->name, candidate, q->cap);
    for (int k = 0; k < 3; k++)
        if (d < q->dist[k]) { /* keep the three nearest, nearest first */
            for (int m = 2; m > k; m--)
                q->dist[m] = q->dist[m - 1], q->pick[m] = q->pick[m - 1];
            q->dist[k] = d, q->pick[k] = candidate;
            return;
        }
}

void jr_near_list(jr_near *q, const char *const *names)
{
    for (; names && *names; names++)
        jr_near_add(q, *names);
}

void jr_near_text(const jr_near *q, char *out, size_t n)
{
    *out = 0;
    for (int k = 0; k < 3 && q->pick[k]; k++)
        snprintf(out + strlen(out), n - strlen(out), "%s\"%s\"", k ? ", " : " (did you mean ", q->pick[k]);
    if (*out)
        snprintf(out + strlen(out), n - strlen(out), "?)");
}

void jr_nearest(const cJSON *section, const char *name, char *out, size_t n)
{
    jr_near q;
    jr_near_start(&q, name);
    const cJSON *e;
    cJSON_ArrayForEach(e, section)
    {
        jr_near_add(&q, e->string);
    }
    jr_near_text(&q, out, n);
}

const char *jr_entry_text(const cJSON *entry, const char *key, const char *otherwise)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, key));
    return v ? v : otherwise;
}

int jr_entry_int(const cJSON *entry, const char *key, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(entry, key);
    return cJSON_IsNumber(v) ? v->valueint : def;
}

const char *no_profiles_dir(void)
{
    static char dir[PATH_MAX];
    const char *env = getenv("NEVERODDS_PROFILES");
    if (env && *env)
        return env;
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) { /* beside it (the build tree), or where make install puts it */
            *slash = '\0';
            static const char *const beside[] = {"profiles", "../share/neverodds/profiles"};
            for (int i = 0; i < 2; i++) {
                snprintf(dir, sizeof dir, "%.*s/%s", (int)(sizeof dir - 40), exe, beside[i]);
                if (access(dir, R_OK) == 0)
                    return dir;
            }
        }
    }
    return NO_PROFILES_DIR;
}
