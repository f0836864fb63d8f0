/* armada_fleet.c — reads an Armada fleet from the text a list builder exports (Star Forge, Armada
 * Fleet Designer, Armada Warlords), line by line, against profiles/armada/units.json. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/fleet.h"
#include "io/jsonread.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One line as the reader sees it. */
typedef struct item {
    char name[160];
    int bullet;          /* "•", "·", "-", "+" or "*" before it: an upgrade, or a squadron after "Squadrons:" */
    int count, counted;  /* "2 x NAME", "2\tNAMEs", "NAME x2": alike squadrons */
    int points, total;   /* "(44)" or "(13 points)"; "(44 + 27: 71)": 44 and 71 (-1: none) */
    int per_unit;        /* "(2 x 13)": points is each squadron's */
    int title[3];        /* AFD's heading "NAME (squadrons/total/limit)", else -1 */
} item;

typedef struct reader {
    no_fleet *f;
    jr *j;
    int strict, line, in_squadrons, read_any, total_line;
    int block;                     /* the squadrons' points since the last "= N" line */
    int left_out;                  /* upgrades left out (the data does not know them) */
    char where[32];                /* "line N", for messages */
    int afd, warlords, starforge;  /* what marks a dialect */
    no_fleet_ship *ship;           /* where upgrades go */
    char commander_name[160];
} reader;

/* "FILE: line N: ..." into the fleet's warnings (jr_warn), the line the reader is on. */
#define warn(r, ...) jr_warn((r)->j, (r)->where, __VA_ARGS__)

static void fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(reader *r, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jr_fail(r->j, r->where, "%s", msg);
}

static void at_line(reader *r, int line)
{
    r->line = line;
    snprintf(r->where, sizeof r->where, "line %d", line);
}

/* Lower-case letters and digits only: "X-wing Squadron" and "x wing squadron" fold alike. */
static void fold(const char *in, char *out, size_t n)
{
    size_t k = 0;
    for (; *in && k + 1 < n; in++)
        if (isalnum((unsigned char)*in))
            out[k++] = (char)tolower((unsigned char)*in);
    out[k] = 0;
}

static int same_name(const char *a, const char *b)
{
    char fa[160], fb[160];
    fold(a, fa, sizeof fa);
    fold(b, fb, sizeof fb);
    return *fa && !strcmp(fa, fb);
}

/* The entries of `section` ("ships", "squadrons", "upgrades", "objectives") named `name`, by the
 * card's name or through aliases.json (then *alias is set); at most `max`, returns how many. */
static int find_all(reader *r, const char *section, const char *name, const cJSON **out, int max, int *alias)
{
    const cJSON *cards = cJSON_GetObjectItemCaseSensitive(r->f->library, section), *e;
    int n = 0;
    *alias = 0;
    cJSON_ArrayForEach(e, cards)
        if (n < max && same_name(jr_entry_text(e, "name", ""), name))
            out[n++] = e;
    if (n)
        return n;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(r->f->aliases, section))
        if (cJSON_IsString(e) && same_name(e->string, name)) {
            const cJSON *card = cJSON_GetObjectItemCaseSensitive(cards, e->valuestring);
            if (card && n < max) {
                out[n++] = card;
                *alias = 1;
            }
        }
    return n;
}

/* `card`, said as a warning when the list's name reached it through aliases.json. */
static const cJSON *read_as(reader *r, const char *name, const cJSON *card, int alias)
{
    if (alias)
        warn(r, "\"%s\" read as %s (%s)", name, jr_entry_text(card, "name", "?"), card->string);
    return card;
}

static const cJSON *find_one(reader *r, const char *section, const char *name)
{
    const cJSON *card;
    int alias;
    return find_all(r, section, name, &card, 1, &alias) ? read_as(r, name, card, alias) : NULL;
}

/* Has the upgrade card the slot (its "slots" list)? */
static int has_slot(const cJSON *card, const char *slot)
{
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(card, "slots"))
        if (cJSON_IsString(s) && !strcasecmp(s->valuestring, slot))
            return 1;
    return 0;
}

/* An upgrade by name; among cards of one name (Leia Organa the commander and the officer) the one
 * whose points the list gives, else the commander when the list's commander has that name, else
 * the other. */
static const cJSON *find_upgrade(reader *r, const char *name, int points)
{
    const cJSON *found[4];
    int alias, n = find_all(r, "upgrades", name, found, 4, &alias);
    if (!n)
        return NULL;
    const cJSON *pick = NULL;
    for (int i = 0; i < n && !pick; i++)
        if (points >= 0 && jr_entry_int(found[i], "points", -1) == points)
            pick = found[i];
    int commander = same_name(name, r->commander_name);
    for (int i = 0; i < n && !pick; i++)
        if (has_slot(found[i], "Commander") == commander)
            pick = found[i];
    return read_as(r, name, pick ? pick : found[0], alias);
}

/* " (did you mean ...?)" over the names of the sections listed (NULL-terminated). */
static void nearest(const reader *r, const char *const *sections, const char *name, char *out, size_t n)
{
    jr_near q;
    jr_near_start(&q, name);
    for (; *sections; sections++) {
        const cJSON *e;
        cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(r->f->library, *sections))
            jr_near_add(&q, jr_entry_text(e, "name", ""));
    }
    jr_near_text(&q, out, n);
}

/* A card the list names that the data does not have and that may be left out (an upgrade, a
 * commander, an objective): a warning, or under --strict an error. Returns -1 on an error. */
static int unknown_card(reader *r, const char *section, const char *what, const char *name)
{
    char near[256];
    nearest(r, (const char *const[]){section, NULL}, name, near, sizeof near);
    if (r->strict) {
        fail(r, "unknown %s \"%s\"%s", what, name, near);
        return -1;
    }
    warn(r, "unknown %s \"%s\"%s: left out", what, name, near);
    return 0;
}

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static void trim_end(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
}

/* Reads a non-negative number at *s; -1 when there is none. */
static int number(const char **s)
{
    *s = skip_space(*s);
    if (!isdigit((unsigned char)**s))
        return -1;
    long v = strtol(*s, (char **)s, 10);
    return v > 100000 ? 100000 : (int)v;
}

/* "x", "X" or "×" (U+00D7) at s: its length, else 0. */
static int times_sign(const char *s)
{
    if (*s == 'x' || *s == 'X')
        return 1;
    return !strncmp(s, "\xC3\x97", 2) ? 2 : 0;
}

/* The parenthesised points: "44", "13 points", " 30\t points", "44 + 27: 71", "2 x 13",
 * "616/4068/400" (AFD's heading). 0 read, -1 not points. */
static int read_points(const char *s, item *it)
{
    int a = number(&s);
    if (a < 0)
        return -1;
    s = skip_space(s);
    if (*s == '+') {
        s++;
        int b = number(&s);
        if (b < 0)
            return -1;
        s = skip_space(s);
        it->points = a, it->total = a + b; /* older exports: "(103 + 66)" */
        if (*s == ':' || *s == '=') {
            s++;
            it->total = number(&s);
        }
        return it->total < 0 || *skip_space(s) ? -1 : 0;
    }
    if (times_sign(s)) {
        s += times_sign(s);
        int m = number(&s);
        if (m < 0)
            return -1;
        it->count = a, it->counted = 1, it->points = m, it->per_unit = 1;
        return 0;
    }
    if (*s == '/') {
        it->title[0] = a;
        s++;
        it->title[1] = number(&s);
        s = skip_space(s);
        if (*s == '/')
            s++;
        it->title[2] = number(&s);
        return it->title[1] < 0 ? -1 : 0;
    }
    it->points = a;
    s = skip_space(s);
    static const char *const units[] = {"points", "point", "pts", "pt", "", NULL};
    for (int k = 0; units[k]; k++)
        if (!strncasecmp(s, units[k], strlen(units[k])) && !*skip_space(s + strlen(units[k])))
            return 0;
    return -1;
}

/* A count after the name or the points: " x2", " x 2", " ×2". */
static int trailing_count(char *s, item *it)
{
    trim_end(s);
    char *p = s + strlen(s);
    while (p > s && isdigit((unsigned char)p[-1]))
        p--;
    if (!*p || p == s)
        return 0;
    char *q = p;
    while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
        q--;
    int sign = q > s && (q[-1] == 'x' || q[-1] == 'X') ? 1 : q - s >= 2 && !strncmp(q - 2, "\xC3\x97", 2) ? 2 : 0;
    if (!sign || (q - sign > s && !isspace((unsigned char)q[-sign - 1])))
        return 0;
    it->count = atoi(p), it->counted = 1;
    q[-sign] = 0;
    trim_end(s);
    return 1;
}

/* Splits a line into its bullet, count, name and points. */
static void read_item(const char *line, item *it)
{
    memset(it, 0, sizeof *it);
    it->count = 1, it->points = it->total = -1;
    it->title[0] = it->title[1] = it->title[2] = -1;
    const char *s = skip_space(line);
    static const char *const bullets[] = {"\xE2\x80\xA2", "\xC2\xB7", "-", "+", "*", NULL};
    for (int k = 0; bullets[k]; k++) {
        size_t n = strlen(bullets[k]);
        if (!strncmp(s, bullets[k], n) && (n > 1 || s[1] == ' ' || s[1] == '\t')) {
            it->bullet = 1;
            s = skip_space(s + n);
            break;
        }
    }
    if (*s == '[') { /* Warlords' "[ flagship ]" */
        const char *close = strchr(s, ']');
        if (close)
            s = skip_space(close + 1);
    }
    char rest[sizeof it->name];
    snprintf(rest, sizeof rest, "%s", s);
    trailing_count(rest, it);
    char *open = strrchr(rest, '('), *close = open ? strchr(open, ')') : NULL;
    if (open && close) {
        *close = 0;
        item probe = *it;
        if (!read_points(open + 1, &probe)) {
            *it = probe;
            *open = 0;
            trailing_count(rest, it);
        } else {
            *close = ')';
        }
    }
    const char *n = skip_space(rest);
    if (isdigit((unsigned char)*n)) { /* "2 x NAME", "2x NAME", "6\tNAMEs" */
        const char *p = n;
        int c = number(&p);
        const char *after = skip_space(p);
        int sign = times_sign(after);
        if (sign && (after[sign] == ' ' || after[sign] == '\t'))
            p = skip_space(after + sign);
        else if (*p == ' ' || *p == '\t')
            p = after;
        else
            p = NULL;
        if (p && *p && !isdigit((unsigned char)*p)) {
            if (!it->per_unit)
                it->count = c;
            it->counted = 1;
            n = p;
        }
    }
    snprintf(it->name, sizeof it->name, "%s", n);
    trim_end(it->name);
}

/* "KEY: value" for the keys the exports write; the key's index, or -1. */
enum { K_NAME, K_FACTION, K_COMMANDER, K_AUTHOR, K_POINTS, K_TOTAL, K_ASSAULT, K_DEFENSE, K_NAVIGATION, K_SQUADRONS };
static int read_key(const char *line, const char **value)
{
    static const char *const keys[] = {"name", "faction", "commander", "author", "points", "total points",
                                       "assault", "defense", "navigation", "squadrons", NULL};
    const char *colon = strchr(line, ':');
    if (!colon)
        return -1;
    char key[40];
    size_t len = (size_t)(colon - line);
    if (len >= sizeof key)
        return -1;
    memcpy(key, line, len);
    key[len] = 0;
    trim_end(key);
    size_t kl = strlen(key);
    if (kl > 10 && !strcasecmp(key + kl - 10, " objective")) /* Warlords' "Assault Objective:" */
        key[kl - 10] = 0;
    for (int k = 0; keys[k]; k++)
        if (!strcasecmp(key, keys[k])) {
            *value = skip_space(colon + 1);
            return k;
        }
    return -1;
}

static int add_objective(reader *r, const char *name)
{
    char text[160];
    snprintf(text, sizeof text, "%s", name);
    trim_end(text);
    if (!*text)
        return 0;
    const cJSON *card = find_one(r, "objectives", text);
    if (!card)
        return unknown_card(r, "objectives", "objective", text);
    if (r->f->nobjectives < NO_FLEET_MAX_OBJECTIVES)
        r->f->objectives[r->f->nobjectives++] = card;
    return 0;
}

static int read_header(reader *r, int key, const char *value, int warlords_key)
{
    no_fleet *f = r->f;
    if (warlords_key)
        r->warlords = 1;
    switch (key) {
    case K_NAME:
        r->starforge = 1;
        snprintf(f->name, sizeof f->name, "%s", value);
        trim_end(f->name);
        return 0;
    case K_FACTION:
        snprintf(f->faction, sizeof f->faction, "%s", value);
        trim_end(f->faction);
        return 0;
    case K_COMMANDER: {
        snprintf(r->commander_name, sizeof r->commander_name, "%s", value);
        trim_end(r->commander_name);
        if (!*r->commander_name)
            return 0;
        const cJSON *found[4];
        int alias, n = find_all(r, "upgrades", r->commander_name, found, 4, &alias);
        for (int i = 0; i < n; i++)
            if (has_slot(found[i], "Commander"))
                f->commander = read_as(r, r->commander_name, found[i], alias);
        return f->commander ? 0 : unknown_card(r, "upgrades", "commander", r->commander_name);
    }
    case K_POINTS: /* Warlords: "398/400" */
    case K_TOTAL: {
        const char *s = value;
        f->listed_total = number(&s);
        r->total_line = r->line;
        if (key == K_TOTAL)
            r->starforge = 1;
        else if (*skip_space(s) == '/')
            r->warlords = 1;
        return 0;
    }
    case K_ASSAULT:
    case K_DEFENSE:
    case K_NAVIGATION:
        return add_objective(r, value);
    case K_SQUADRONS:
        r->starforge = 1;
        r->in_squadrons = 1, r->ship = NULL, r->block = 0;
        return 0;
    default:
        return 0;
    }
}

/* Points the list gives that the data prices otherwise: a warning naming both. */
static void check_points(reader *r, const char *what, int listed, int data)
{
    if (listed >= 0 && listed != data)
        warn(r, "%s: the list says %d points, the data %d", what, listed, data);
}

static int add_upgrade(reader *r, const item *it)
{
    if (!r->ship) {
        fail(r, "\"%s\": an upgrade before any ship", it->name);
        return -1;
    }
    const cJSON *card = find_upgrade(r, it->name, it->points);
    if (!card) { /* the ship's and the fleet's totals are then not checked */
        r->ship->left_out++, r->left_out++;
        return unknown_card(r, "upgrades", "upgrade", it->name);
    }
    if (r->ship->nupgrades == NO_FLEET_MAX_UPGRADES) {
        fail(r, "at most %d upgrades on one ship", NO_FLEET_MAX_UPGRADES);
        return -1;
    }
    r->ship->upgrades[r->ship->nupgrades++] = card;
    check_points(r, jr_entry_text(card, "name", "?"), it->points, jr_entry_int(card, "points", 0));
    return 0;
}

static int add_ship(reader *r, const cJSON *card, const item *it)
{
    no_fleet *f = r->f;
    if (f->nships == NO_FLEET_MAX_SHIPS) {
        fail(r, "at most %d ships in a fleet", NO_FLEET_MAX_SHIPS);
        return -1;
    }
    no_fleet_ship *s = r->ship = &f->ships[f->nships++];
    memset(s, 0, sizeof *s);
    s->card = card, s->line = r->line;
    s->listed_total = it->total, s->total_line = r->line;
    check_points(r, jr_entry_text(card, "name", "?"), it->points, jr_entry_int(card, "points", 0));
    return 0;
}

static int add_squadron(reader *r, const cJSON *card, const item *it)
{
    no_fleet *f = r->f;
    int unit = jr_entry_int(card, "points", 0), n = it->count;
    r->ship = NULL;
    r->block += unit * n;
    if (it->points >= 0 && (it->per_unit ? it->points != unit : it->points != unit * n && it->points != unit))
        warn(r, "%s x%d: the list says %d points%s, the data %d each", jr_entry_text(card, "name", "?"), n,
             it->points, it->per_unit ? " each" : "", unit);
    for (int i = 0; i < f->nsquadrons; i++)
        if (f->squadrons[i].card == card) {
            f->squadrons[i].count += n;
            return 0;
        }
    if (f->nsquadrons == NO_FLEET_MAX_SQUADRONS) {
        fail(r, "at most %d kinds of squadron in a fleet", NO_FLEET_MAX_SQUADRONS);
        return -1;
    }
    f->squadrons[f->nsquadrons++] = (no_fleet_squadron){.card = card, .count = n, .line = r->line};
    return 0;
}

/* A ship or a squadron by name (Warlords writes "6 YT-2400s": a plural's "s" is tried off). */
static int add_unit(reader *r, const item *it)
{
    static const char *const sections[] = {"ships", "squadrons", NULL};
    if (it->count < 1 || it->count > 99) {
        fail(r, "\"%s\": expected a count from 1 to 99, got %d", it->name, it->count);
        return -1;
    }
    char name[sizeof it->name];
    snprintf(name, sizeof name, "%s", it->name);
    for (int attempt = 0; attempt < 2; attempt++) {
        for (int k = r->in_squadrons; k < 2; k++) {
            const cJSON *card = find_one(r, sections[k], name);
            if (card && k)
                return add_squadron(r, card, it);
            for (int c = 0; card && c < it->count; c++) /* "2 x CR90 Corvette A": two ships */
                if (add_ship(r, card, it))
                    return -1;
            if (card)
                return 0;
        }
        size_t len = strlen(name);
        if (!it->counted || len < 2 || tolower((unsigned char)name[len - 1]) != 's')
            break;
        name[len - 1] = 0;
    }
    char near[256];
    nearest(r, sections, it->name, near, sizeof near);
    fail(r, "unknown ship or squadron \"%s\"%s", it->name, near);
    return -1;
}

/* "= 71 Points", "= 169 total ship cost", "= 52 Points" after squadrons. */
static void read_subtotal(reader *r, const char *s)
{
    const char *p = s + 1;
    int n = number(&p);
    if (strstr(p, "total"))
        r->warlords = 1;
    else
        r->starforge = 1;
    if (n < 0)
        return;
    if (r->ship) {
        r->ship->listed_total = n, r->ship->total_line = r->line;
    } else {
        check_points(r, "the squadrons", n, r->block);
    }
    r->block = 0;
}

static int read_line(reader *r, char *line)
{
    trim_end(line);
    const char *s = skip_space(line);
    if (!*s)
        return 0;
    if (*s == '=') {
        if (strspn(s, "=") == strlen(s))
            r->afd = 1; /* AFD's rule under its heading */
        else
            read_subtotal(r, s);
        return 0;
    }
    const char *value;
    int key = read_key(s, &value);
    if (key >= 0)
        return read_header(r, key, value, strstr(s, "bjective:") != NULL);
    item it;
    read_item(s, &it);
    if (!strncmp(s, "\xC2\xB7", 2) || it.total >= 0)
        r->afd = 1;
    else if (!strncmp(s, "\xE2\x80\xA2", 3))
        r->starforge = 1;
    else if (*s == '[' || strstr(s, "points)") || (*s == '-' && strstr(s, "points")))
        r->warlords = 1;
    if (it.title[0] >= 0 || it.title[1] >= 0) { /* AFD: "NAME (squadrons/total/limit)" */
        r->afd = 1;
        snprintf(r->f->name, sizeof r->f->name, "%s", it.name);
        r->f->listed_total = it.title[2] >= 0 ? it.title[1] : it.title[0]; /* older: "(total/limit)" */
        r->total_line = r->line;
        return 0;
    }
    if (!*it.name)
        return 0;
    int priced = it.points >= 0 || it.total >= 0;
    if (it.bullet && !r->in_squadrons)
        return add_upgrade(r, &it);
    if (it.bullet || priced || it.counted) {
        r->read_any = 1;
        return add_unit(r, &it);
    }
    if (!r->read_any && !*r->f->name && !r->f->nobjectives) { /* Warlords' first line: the name */
        snprintf(r->f->name, sizeof r->f->name, "%s", it.name);
        return 0;
    }
    return add_objective(r, it.name); /* AFD: the objectives, one a line without points */
}

int no_fleet_ship_points(const no_fleet_ship *s)
{
    int p = jr_entry_int(s->card, "points", 0);
    for (int i = 0; i < s->nupgrades; i++)
        p += jr_entry_int(s->upgrades[i], "points", 0);
    return p;
}

int no_fleet_points(const no_fleet *f)
{
    int p = 0;
    for (int i = 0; i < f->nships; i++)
        p += no_fleet_ship_points(&f->ships[i]);
    for (int i = 0; i < f->nsquadrons; i++)
        p += f->squadrons[i].count * jr_entry_int(f->squadrons[i].card, "points", 0);
    return p;
}

/* After the last line: the commander (an upgrade of that slot when no line named it), the
 * faction (the first card's when no line gave it), each ship's total and the fleet's. */
static void finish(reader *r)
{
    no_fleet *f = r->f;
    for (int i = 0; i < f->nships && !f->commander; i++)
        for (int k = 0; k < f->ships[i].nupgrades; k++)
            if (has_slot(f->ships[i].upgrades[k], "Commander"))
                f->commander = f->ships[i].upgrades[k];
    if (!*f->faction) {
        const cJSON *first = f->nships ? f->ships[0].card : f->squadrons[0].card;
        snprintf(f->faction, sizeof f->faction, "%s", jr_entry_text(first, "faction", "?"));
    }
    for (int i = 0; i < f->nships; i++) {
        const no_fleet_ship *s = &f->ships[i];
        if (s->listed_total >= 0 && !s->left_out) {
            at_line(r, s->total_line);
            char what[192];
            snprintf(what, sizeof what, "%s with its upgrades", jr_entry_text(s->card, "name", "?"));
            check_points(r, what, s->listed_total, no_fleet_ship_points(s));
        }
    }
    snprintf(f->dialect, sizeof f->dialect, "%s",
             r->afd ? "Armada Fleet Designer" : r->warlords ? "Armada Warlords" : r->starforge ? "Star Forge" : "text");
    if (f->listed_total >= 0 && !r->left_out && f->listed_total != no_fleet_points(f)) {
        at_line(r, r->total_line);
        warn(r, "the list says %d points in all, the data %d", f->listed_total, no_fleet_points(f));
    }
}

int no_fleet_is_text(const char *text)
{
    text += !strncmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
    text = skip_space(text);
    while (*text == '\n' || *text == '\r')
        text = skip_space(text + 1);
    return *text && *text != '{' && *text != '[';
}

int no_fleet_load(const char *path, int strict, no_fleet *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->listed_total = -1;
    _Static_assert(sizeof f->warnings == NO_WARN_LEN, "the fleet's warnings are jr_warn's");
    jr j = {.file = path, .err = err, .errlen = errlen, .warn = f->warnings};
    jr_library lib = {0}, alias = {0};
    if (!jr_library_doc(&j, &lib, "armada/units.json"))
        return -1;
    f->library = lib.doc;
    if (!jr_library_doc(&j, &alias, "armada/aliases.json"))
        return -1;
    f->aliases = alias.doc;
    char *text = jr_read_file(path, err, errlen);
    if (!text)
        return -1;
    if (!no_fleet_is_text(text)) {
        free(text);
        jr_fail(&j, NULL, "not a fleet list (expected the text Star Forge, Armada Fleet Designer or Armada Warlords exports)");
        return -1;
    }
    reader r = {.f = f, .j = &j, .strict = strict};
    char *p = text + (!strncmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0);
    int rc = 0;
    while (*p && !rc) {
        char *end = p + strcspn(p, "\n");
        char keep = *end;
        *end = 0;
        at_line(&r, r.line + 1);
        rc = read_line(&r, p);
        p = keep ? end + 1 : end;
    }
    free(text);
    if (!rc && !f->nships && !f->nsquadrons) {
        jr_fail(&j, NULL, "no ship or squadron in the list (expected the text Star Forge, Armada Fleet Designer or "
                          "Armada Warlords exports)");
        rc = -1;
    }
    if (!rc)
        finish(&r);
    return rc;
}

void no_fleet_free(no_fleet *f)
{
    cJSON_Delete(f->library);
    cJSON_Delete(f->aliases);
    f->library = f->aliases = NULL;
}
