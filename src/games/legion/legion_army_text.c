/* legion_army_text.c — reads Legion HQ's three text exports of an army (tournament, standard and
 * minimal; learnt from its printList.js, shared/data/legion-hq/format-reference) into a no_army. */
#define _POSIX_C_SOURCE 200809L
#include "games/legion/legion_army_read.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define BULLET "\xe2\x80\xa2" /* U+2022, a command card's pip */
#define TIMES "\xc3\x97"      /* U+00D7, "2× Stormtroopers" */
#define MAX_ENTRIES (2 * NO_ARMY_MAX_UNITS) /* unit and counterpart lines (a tournament text repeats alike units) */
#define MAX_COMMAND_LINES 16
#define MAX_CANDIDATES 8
#define NAME_LEN 160

enum { TOURNAMENT, STANDARD, MINIMAL };
static const char *const dialects[] = {"tournament", "standard", "minimal"};

/* A card as the text names it: its line, name and the points the text gives (-1: none). */
typedef struct tx_card {
    int line, cost;
    char name[NAME_LEN];
} tx_card;

enum { EITHER, COUNTERPART }; /* what a unit line may be: a unit or a counterpart (by the data), a counterpart */

typedef struct tx_entry {
    tx_card card;
    int count, role, card_cost; /* card_cost: the unit card's own points when the text tells them, else -1 */
    tx_card ups[NO_ARMY_MAX_UPGRADES];
    int nups;
    const cJSON *cands[MAX_CANDIDATES]; /* the cards its name names, once looked up */
    int ncands, counterpart, skip;      /* skip: left out (a retired unit, an unknown counterpart) */
} tx_entry;

/* A name that still names several cards: the first taken, the others kept for the points line. */
typedef struct tx_choice {
    const tx_card *tc;
    const cJSON *c[MAX_CANDIDATES];
    int n, unit, slot; /* unit: index in the army (-1: a counterpart); slot -1: the card, else an upgrade */
} tx_choice;

#define MAX_CHOICES 32

typedef struct tx_list {
    tx_choice choices[MAX_CHOICES];
    int nchoices;
    int dialect, points, max_points, activations, points_line;
    tx_entry entries[MAX_ENTRIES];
    int nentries;
    tx_card commands[MAX_COMMAND_LINES];
    int ncommands;
    char deck[512]; /* the battle deck as read, "Objectives: A, B; Secondaries: C" */
    int deck_line;
} tx_list;

typedef struct tx_read {
    no_army *a;
    jr *j;
    tx_list *t;
    int strict;
    const cJSON *units, *upgrades, *commands, *counterparts;
} tx_read;

static void line_path(char *p, size_t n, int line)
{
    snprintf(p, n, "line %d", line);
}

static int fail_at(tx_read *r, int line, const char *what)
{
    char p[32];
    line_path(p, sizeof p, line);
    jr_fail(r->j, p, "%s", what);
    return -1;
}

static char *skip_blanks(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static void trim_end(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = 0;
}

/* " - Name": the text after the dash, or NULL for a line that is not an item. */
static char *dash_item(char *s)
{
    s = skip_blanks(s);
    return s[0] == '-' && (s[1] == ' ' || s[1] == '\t') ? skip_blanks(s + 1) : NULL;
}

/* A number of at most 6 digits at *s, *s moved past it; -1 when there is none. */
static int number(const char **s)
{
    size_t n = strspn(*s, "0123456789");
    if (!n || n > 6)
        return -1;
    int v = atoi(*s);
    *s += n;
    return v;
}

/* Cuts the points " (N)" off the end of s: N, or -1 when s does not end with them. */
static int cut_cost(char *s)
{
    size_t n = strlen(s), i;
    if (n < 3 || s[n - 1] != ')')
        return -1;
    for (i = n - 1; i > 0 && isdigit((unsigned char)s[i - 1]); i--)
        ;
    if (i == n - 1 || n - 1 - i > 6 || i == 0 || s[i - 1] != '(')
        return -1;
    int cost = atoi(s + i);
    s[i - 1] = 0;
    trim_end(s);
    return cost;
}

/* "2× Name" ("2x Name", "2 x Name"): the count, *s moved past it; 1 when there is none. */
static int cut_count(char **s)
{
    char *p = *s;
    int n = 0, digits = 0;
    while (isdigit((unsigned char)*p) && digits < 3)
        n = n * 10 + (*p++ - '0'), digits++;
    if (!digits)
        return 1;
    p = skip_blanks(p);
    if (!strncmp(p, TIMES, 2))
        p += 2;
    else if (*p == 'x' || *p == 'X')
        p++;
    else
        return 1;
    if (*p != ' ' && *p != '\t')
        return 1;
    *s = skip_blanks(p);
    return n;
}

/* The pips "••" before a command's name: *s moved past them and any blank. */
static void cut_bullets(char **s)
{
    while (!strncmp(*s, BULLET, 3))
        *s += 3;
    *s = skip_blanks(*s);
}

static int set_card(tx_read *r, tx_card *c, int line, const char *name, int cost)
{
    if (!*name)
        return fail_at(r, line, "expected a card's name");
    if (strlen(name) >= NAME_LEN)
        return fail_at(r, line, "a card's name longer than any the data has");
    c->line = line;
    c->cost = cost;
    snprintf(c->name, sizeof c->name, "%s", name);
    return 0;
}

/* The cards of `section` that `name` names; Legion HQ writes Kraken and Kalani "Kraken - Kraken"
 * (once "Super Tactical Droid - Kraken"): a name the data does not have is tried after " - ". */
static int named(const cJSON *section, const char *name, const cJSON **out)
{
    int bare, n = no_army_named(section, name, out, MAX_CANDIDATES, &bare);
    const char *dash = NULL;
    for (const char *p = strstr(name, " - "); p; p = strstr(p + 1, " - "))
        dash = p;
    if (!n && dash)
        n = no_army_named(section, dash + 3, out, MAX_CANDIDATES, &bare);
    return n;
}

static tx_entry *new_entry(tx_read *r, int line, const char *name, int cost, int count, int role)
{
    tx_list *t = r->t;
    if (t->nentries == MAX_ENTRIES) {
        fail_at(r, line, "too many unit lines for one army");
        return NULL;
    }
    if (count < 1) {
        fail_at(r, line, "expected a count of alike units from 1 (\"2× Name\")");
        return NULL;
    }
    tx_entry *e = &t->entries[t->nentries++];
    memset(e, 0, sizeof *e);
    e->count = count;
    e->role = role;
    e->card_cost = -1;
    return set_card(r, &e->card, line, name, cost) ? NULL : e;
}

static int add_up(tx_read *r, tx_entry *e, int line, const char *name, int cost)
{
    if (e->nups == NO_ARMY_MAX_UPGRADES)
        return fail_at(r, line, "more upgrades on one unit than any unit takes");
    return set_card(r, &e->ups[e->nups++], line, name, cost);
}

/* A command card's name (Standing Orders, which every army has, is not kept). */
static int add_command_name(tx_read *r, int line, const char *name)
{
    if (!strcasecmp(name, "Standing Orders"))
        return 0;
    if (r->t->ncommands == MAX_COMMAND_LINES)
        return fail_at(r, line, "more command cards than an army has");
    return set_card(r, &r->t->commands[r->t->ncommands++], line, name, -1);
}

/* Splits "A, B, C" into names `section` knows, where a name may hold ", " itself ("Jedi
 * Training, Force Adept"): from each item, the longest run of items that names a card (else the
 * item alone, which the reader then says it does not know). Each name is an upgrade of `e`, or
 * with e NULL a command card (after its pips). */
static int split_by_data(tx_read *r, tx_entry *e, char *list, const cJSON *section, int line)
{
    char *tok[64];
    int nt = 0;
    for (char *p = list;;) {
        tok[nt++] = p;
        char *c = strstr(p, ", ");
        if (!c || nt == 64)
            break;
        *c = 0;
        p = c + 2;
    }
    for (int i = 0; i < nt;) {
        char buf[NAME_LEN];
        const cJSON *found[MAX_CANDIDATES];
        int take = 1;
        for (int k = nt - i; k >= 1; k--) {
            size_t len = 0;
            for (int m = 0; m < k && len < sizeof buf; m++)
                len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", m ? ", " : "", tok[i + m]);
            if (len < sizeof buf && named(section, skip_blanks(buf), found)) {
                take = k;
                break;
            }
        }
        size_t len = 0;
        for (int m = 0; m < take && len < sizeof buf; m++)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", m ? ", " : "", tok[i + m]);
        char *name = skip_blanks(buf);
        if (len >= sizeof buf)
            return fail_at(r, line, "a card's name longer than any the data has");
        if (!e)
            cut_bullets(&name);
        if (e ? add_up(r, e, line, name, -1) : add_command_name(r, line, name))
            return -1;
        i += take;
    }
    return 0;
}

/* "Commands: • A, •• B, •••• Standing Orders" (standard and minimal): each name after its pips,
 * or, without pips, the names the data knows. */
static int command_list(tx_read *r, char *s, int line)
{
    s = skip_blanks(s);
    if (!strstr(s, BULLET))
        return *s ? split_by_data(r, NULL, s, r->commands, line) : 0;
    while (*s) {
        char *next = s, *end;
        do /* the next ", " before a pip; a name may hold ", " ("Roger, Roger!") */
            end = strstr(next, ", "), next = end ? end + 2 : NULL;
        while (end && strncmp(skip_blanks(next), BULLET, 3));
        if (end)
            *end = 0;
        cut_bullets(&s);
        trim_end(s);
        if (add_command_name(r, line, s))
            return -1;
        s = end ? skip_blanks(next) : s + strlen(s);
    }
    return 0;
}

static const char *const ranks[] = {"Commanders:", "Commander:", "Operative:", "Operatives:", "Counterparts:",
                                    "Corps:", "Special Forces:", "Support:", "Heavy:", NULL};

static int rank_header(const char *s)
{
    for (int k = 0; ranks[k]; k++)
        if (!strcasecmp(s, ranks[k]))
            return k;
    return -1;
}

static int is_commands(const char *s)
{
    return !strncasecmp(s, "Commands:", 9);
}

/* The battle deck of a tournament text: "Objectives:", "Secondaries:", "Advantages:" and their
 * " - Card" lines, kept as one line of text to say. */
static int deck_line(tx_read *r, char *s, int line)
{
    static const char *const parts[] = {"Objectives:", "Secondaries:", "Advantages:", NULL};
    char *deck = r->t->deck, *item = dash_item(s);
    size_t len = strlen(deck);
    if (item) {
        snprintf(deck + len, sizeof r->t->deck - len, "%s%s", len && deck[len - 1] != ' ' ? ", " : "", item);
        return 0;
    }
    for (int k = 0; parts[k]; k++)
        if (!strcasecmp(s, parts[k])) {
            snprintf(deck + len, sizeof r->t->deck - len, "%s%s ", len ? "; " : "", parts[k]);
            return 0;
        }
    return fail_at(r, line, "expected a battle card (\" - Name\") or Objectives:, Secondaries:, Advantages:");
}

/* Tournament: "Name (points)" per unit (alike units repeated), " - Upgrade (points)" lines under
 * it, a counterpart's "Name (points)" after its unit's, "Commands:" then "••Name" lines,
 * "Battle Deck" then its parts. */
static int parse_tournament(tx_read *r, char **lines, int n, int from)
{
    enum { UNITS, COMMANDS, DECK } part = UNITS;
    tx_entry *cur = NULL;
    for (int i = from; i < n; i++) {
        char *s = skip_blanks(lines[i]), *item;
        int line = i + 1;
        if (!*s)
            continue;
        if (!strcasecmp(s, "Commands:")) {
            part = COMMANDS;
        } else if (is_commands(s)) { /* one line, as the other texts write them */
            if (command_list(r, s + 9, line))
                return -1;
            part = COMMANDS;
        } else if (!strcasecmp(s, "Battle Deck")) {
            part = DECK;
            r->t->deck_line = line;
        } else if (part == DECK) {
            if (deck_line(r, s, line))
                return -1;
        } else if (part == COMMANDS) {
            if (dash_item(s))
                return fail_at(r, line, "expected a command card (\"••Name\")");
            cut_bullets(&s);
            if (add_command_name(r, line, s))
                return -1;
        } else if ((item = dash_item(s))) {
            if (!cur)
                return fail_at(r, line, "an upgrade (\" - Name (points)\") before any unit");
            int cost = cut_cost(item);
            if (add_up(r, cur, line, item, cost))
                return -1;
        } else {
            int cost = cut_cost(s), count = cut_count(&s);
            if (!(cur = new_entry(r, line, s, cost, count, EITHER)))
                return -1;
        }
    }
    return 0;
}

/* " - [N× ]Name (card points): Upgrade (points), ... = total", " - N× Name (card points) =
 * total" or " - Name = points" (a standard text's unit line). */
static int standard_unit(tx_read *r, char *s, int line, int role)
{
    int count = cut_count(&s), total = -1, card_cost = -1;
    char *eq = NULL, *ups = NULL;
    for (char *p = strstr(s, " = "); p; p = strstr(p + 1, " = "))
        eq = p;
    const char *after = eq ? eq + 3 : NULL;
    if (eq && (total = number(&after)) >= 0 && !*after)
        *eq = 0;
    else
        total = -1;
    for (char *p = strstr(s, "): "); p && !ups; p = strstr(p + 1, "): ")) {
        char *d = p;
        while (d > s && isdigit((unsigned char)d[-1]))
            d--;
        if (d < p && p - d <= 6 && d > s && d[-1] == '(') { /* "Name (42): ..." */
            card_cost = atoi(d);
            d[-1] = 0;
            trim_end(s);
            ups = p + 3;
        }
    }
    if (!ups && (card_cost = cut_cost(s)) < 0 && count == 1)
        card_cost = total; /* " - Name = points": the card's points are the unit's */
    tx_entry *e = new_entry(r, line, s, total >= 0 ? total / count : -1, count, role);
    if (!e)
        return -1;
    e->card_cost = card_cost;
    while (ups && *ups) { /* "Up (5), Up, With Comma (10)": each ends at "(points)" */
        char *p = ups, *end = NULL;
        int cost = -1;
        for (char *q = strchr(p, '('); q && !end; q = strchr(q + 1, '(')) {
            size_t d = strspn(q + 1, "0123456789");
            if (d && d <= 6 && q[1 + d] == ')' && (!q[2 + d] || !strncmp(q + 2 + d, ", ", 2))) {
                cost = atoi(q + 1);
                end = q + 2 + d;
                *q = 0;
            }
        }
        char *next = end ? (*end ? end + 2 : end) : p + strlen(p);
        trim_end(p);
        if (add_up(r, e, line, skip_blanks(p), cost))
            return -1;
        ups = next;
    }
    return 0;
}

/* Standard: rank headers ("Corps:") with " - " unit lines under them, "Counterparts:", then
 * "Commands: • A, ...". */
static int parse_standard(tx_read *r, char **lines, int n, int from)
{
    int role = -1;
    for (int i = from; i < n; i++) {
        char *s = skip_blanks(lines[i]), *item;
        int line = i + 1, rank = rank_header(s);
        if (!*s)
            continue;
        if (rank >= 0) {
            role = strcasecmp(ranks[rank], "Counterparts:") ? EITHER : COUNTERPART;
        } else if (is_commands(s)) {
            if (command_list(r, s + 9, line))
                return -1;
        } else if (!(item = dash_item(s)) || role < 0) {
            return fail_at(r, line, "expected a rank (\"Corps:\"), a unit under it (\" - Name = points\") or "
                                    "\"Commands: ...\"");
        } else if (standard_unit(r, item, line, role)) {
            return -1;
        }
    }
    return 0;
}

/* Minimal: "[N× ]Name (Upgrade, Upgrade)" or "[N× ]Name" per unit, a counterpart on its own line,
 * "Commands: • A, ...". A name may end with its own "(...)" ("IG-100 MagnaGuard (Prototype)"): a
 * whole line the data names is a unit without upgrades. */
static int minimal_unit(tx_read *r, char *s, int line)
{
    const cJSON *found[MAX_CANDIDATES];
    int count = cut_count(&s);
    size_t len = strlen(s);
    char *open = NULL;
    if (len && s[len - 1] == ')' && !named(r->units, s, found) && !named(r->counterparts, s, found)) {
        int depth = 0;
        for (char *p = s + len - 1; p >= s && !open; p--) {
            depth += (*p == ')') - (*p == '(');
            if (!depth)
                open = p;
        }
    }
    if (open)
        *open = 0, s[len - 1] = 0;
    trim_end(s);
    tx_entry *e = new_entry(r, line, s, -1, count, EITHER);
    return !e ? -1 : open ? split_by_data(r, e, open + 1, r->upgrades, line) : 0;
}

static int parse_minimal(tx_read *r, char **lines, int n, int from)
{
    for (int i = from; i < n; i++) {
        char *s = skip_blanks(lines[i]);
        if (!*s)
            continue;
        if (is_commands(s) ? command_list(r, s + 9, i + 1) : minimal_unit(r, s, i + 1))
            return -1;
    }
    return 0;
}

/* "692/1000 (7 activations)" */
static int points_line(const char *s, tx_list *t)
{
    if ((t->points = number(&s)) < 0 || *s++ != '/' || (t->max_points = number(&s)) < 0 || strncmp(s, " (", 2))
        return 0;
    s += 2;
    if ((t->activations = number(&s)) < 0 || strncmp(s, " activation", 11))
        return 0;
    s += 11;
    return !strcmp(s, "s)") || !strcmp(s, ")");
}

/* Keeps the candidates whose points are `cost` (when some are): a name several cards share is
 * told apart by the points the text gives. */
static int narrow_cost(const cJSON **c, int n, int cost)
{
    const cJSON *keep[MAX_CANDIDATES];
    int m = 0;
    for (int i = 0; i < n && cost >= 0; i++)
        if (jr_entry_int(c[i], "points", -1) == cost)
            keep[m++] = c[i];
    if (m && m < n)
        memcpy(c, keep, (size_t)m * sizeof *c);
    return m && m < n ? m : n;
}

/* Looks a unit line up: its unit cards (by the points when the text gives them), else its
 * counterparts; neither is an error naming the nearest units (a retired unit: left out), or
 * under "Counterparts:" a warning (--strict: an error). */
static int look_up(tx_read *r, tx_entry *e)
{
    char p[32];
    line_path(p, sizeof p, e->card.line);
    if (e->role != COUNTERPART)
        e->ncands = named(r->units, e->card.name, e->cands);
    if (!e->ncands) {
        e->ncands = named(r->counterparts, e->card.name, e->cands);
        e->counterpart = 1;
    }
    if (!e->ncands) {
        e->skip = 1;
        if (e->role == COUNTERPART && r->strict) {
            jr_fail(r->j, p, "unknown counterpart \"%s\"", e->card.name);
            return -1;
        }
        if (e->role == COUNTERPART) {
            no_army_warn(r->a, "%s: %s: unknown counterpart \"%s\": left out", r->j->file, p, e->card.name);
            return 0;
        }
        return no_army_unknown(r->a, r->j, "units", p, e->card.name, r->strict);
    }
    int cost = e->card_cost;
    if (r->t->dialect == TOURNAMENT && e->card.cost >= 0) { /* the unit's points, its upgrades' taken off */
        cost = e->card.cost;
        for (int i = 0; i < e->nups; i++)
            cost = e->ups[i].cost >= 0 && cost >= 0 ? cost - e->ups[i].cost : -1;
    }
    e->ncands = narrow_cost(e->cands, e->ncands, cost);
    return 0;
}

/* The faction is not in these texts: the one all units whose cards are of one faction agree on
 * (mercenaries join any army: theirs only when every unit is one), said as assumed. */
static void assume_faction(tx_read *r)
{
    char seen[4][32];
    int nseen = 0, mercenary = 0;
    for (int i = 0; i < r->t->nentries; i++) {
        const tx_entry *e = &r->t->entries[i];
        if (e->skip || e->counterpart)
            continue;
        const char *f = jr_entry_text(e->cands[0], "faction", "");
        int one = 1;
        for (int k = 1; k < e->ncands; k++)
            one &= !strcmp(jr_entry_text(e->cands[k], "faction", ""), f);
        if (!one || !*f)
            continue;
        if (!strcmp(f, "mercenary")) {
            mercenary = 1;
            continue;
        }
        int k = 0;
        while (k < nseen && strcmp(seen[k], f))
            k++;
        if (k == nseen && nseen < 4)
            snprintf(seen[nseen++], sizeof seen[0], "%s", f);
    }
    no_army *a = r->a;
    if (nseen == 1 || (!nseen && mercenary)) {
        snprintf(a->faction, sizeof a->faction, "%s", nseen ? seen[0] : "mercenary");
        a->faction_assumed = 1;
    } else if (nseen > 1) {
        no_army_warn(a, "%s: the text does not give the army's faction and its units are of %s, %s%s: none assumed",
                     r->j->file, seen[0], seen[1], nseen > 2 ? ", ..." : "");
    }
}

/* "Darth Vader, Dark Lord of the Sith (empire, 170 points)" */
static void describe(const cJSON *c, char *out, size_t n)
{
    const char *title = jr_entry_text(c, "title", NULL), *f = jr_entry_text(c, "faction", NULL);
    snprintf(out, n, "%s%s%s (%s, %d points)", jr_entry_text(c, "name", "?"), title ? ", " : "", title ? title : "",
             f ? f : jr_entry_text(c, "slot", ""), jr_entry_int(c, "points", 0));
}

/* Does the unit's card meet an upgrade's requirements as Legion HQ writes them: a list, all of
 * its items ("AND" or nothing first), any ("OR") or not all ("NOT"); an object, each of its keys?
 * A key the library does not keep for a unit (affiliation, force affinity, keywords) is met. */
static int meets(const cJSON *unit, const cJSON *req)
{
    static const char *const fields[][2] = {{"cardName", "name"}, {"title", "title"}, {"faction", "faction"},
                                            {"rank", "rank"}, {"cardSubtype", "subtype"}};
    if (cJSON_IsObject(req)) {
        const cJSON *k;
        cJSON_ArrayForEach(k, req)
            for (size_t f = 0; f < sizeof fields / sizeof *fields; f++)
                if (!strcmp(k->string, fields[f][0]) && cJSON_IsString(k) &&
                    strcmp(jr_entry_text(unit, fields[f][1], ""), k->valuestring))
                    return 0;
        return 1;
    }
    if (!cJSON_IsArray(req) || !req->child)
        return 1;
    const cJSON *e = req->child;
    const char *op = cJSON_IsString(e) ? e->valuestring : "AND";
    int any = 0, all = 1;
    for (e = cJSON_IsString(e) ? e->next : e; e; e = e->next) {
        int m = meets(unit, e);
        any |= m;
        all &= m;
    }
    return !strcmp(op, "OR") ? any : !strcmp(op, "NOT") ? !all : all;
}

/* Narrows the cards a name names to the army's faction's (said), and for an upgrade to those of
 * a slot its unit's card has, then to those whose requirements it meets. Returns how many are
 * left, the first first. */
static int narrow(tx_read *r, const tx_card *tc, const cJSON **c, int n, const no_army_unit *u)
{
    const char *faction = r->a->faction;
    int m = 0;
    for (int i = 0; i < n && *faction; i++)
        if (!strcmp(jr_entry_text(c[i], "faction", ""), faction))
            c[m++] = c[i];
    if (m && m < n) {
        char one[200];
        describe(c[0], one, sizeof one);
        no_army_warn(r->a, "%s: line %d: \"%s\" names cards of several factions: read as %s, the army's faction's",
                     r->j->file, tc->line, tc->name, one);
        n = m;
    }
    m = 0;
    for (int i = 0; i < n && u; i++) {
        const cJSON *slot;
        int has = 0;
        cJSON_ArrayForEach(slot, cJSON_GetObjectItemCaseSensitive(u->card, "upgrade_bar"))
            has |= cJSON_IsString(slot) && !strcmp(slot->valuestring, jr_entry_text(c[i], "slot", ""));
        if (has)
            c[m++] = c[i];
    }
    n = m && m < n ? m : n;
    m = 0;
    for (int i = 0; i < n && u; i++)
        if (meets(u->card, cJSON_GetObjectItemCaseSensitive(c[i], "requirements")))
            c[m++] = c[i];
    return m && m < n ? m : n;
}

/* A name still naming several cards once narrowed: the first is taken, and the choice kept for
 * the points line to settle (settle). `slot`: -1 the unit's card, else its upgrade's index. */
static void note_choice(tx_read *r, const tx_card *tc, const cJSON **c, int n, int unit, int slot)
{
    tx_list *t = r->t;
    if (t->nchoices == MAX_CHOICES) {
        no_army_warn(r->a, "%s: line %d: \"%s\" names %d cards: read as the first", r->j->file, tc->line, tc->name, n);
        return;
    }
    tx_choice *ch = &t->choices[t->nchoices++];
    ch->tc = tc;
    ch->n = n;
    ch->unit = unit;
    ch->slot = slot;
    memcpy(ch->c, c, (size_t)n * sizeof *c);
}

/* Each choice said; when exactly one other card for one of them makes the data's points the
 * list's, that card is taken instead (the minimal text gives no points but the list's). */
static void settle(tx_read *r, int *points)
{
    tx_list *t = r->t;
    int diff = t->points - *points, hits = 0, which = -1, alt = -1;
    for (int i = 0; i < t->nchoices && diff; i++) {
        const tx_choice *ch = &t->choices[i];
        int times = ch->unit >= 0 ? r->a->units[ch->unit].count : 1;
        for (int k = 1; k < ch->n && ch->unit >= 0; k++)
            if ((jr_entry_int(ch->c[k], "points", 0) - jr_entry_int(ch->c[0], "points", 0)) * times == diff)
                hits++, which = i, alt = k;
    }
    for (int i = 0; i < t->nchoices; i++) {
        const tx_choice *ch = &t->choices[i];
        char list[600] = "", one[200];
        for (int k = 0; k < ch->n; k++) {
            describe(ch->c[k], one, sizeof one);
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? "; " : "", one);
        }
        if (hits == 1 && i == which) {
            no_army_unit *u = &r->a->units[ch->unit];
            *(ch->slot < 0 ? &u->card : &u->upgrades[ch->slot]) = ch->c[alt];
            *points += diff;
            describe(ch->c[alt], one, sizeof one);
            no_army_warn(r->a, "%s: line %d: \"%s\" names %d cards (%s): read as %s, whose points make the list's %d",
                         r->j->file, ch->tc->line, ch->tc->name, ch->n, list, one, t->points);
        } else {
            no_army_warn(r->a, "%s: line %d: \"%s\" names %d cards (%s): read as the first%s", r->j->file,
                         ch->tc->line, ch->tc->name, ch->n, list, diff ? "" : ", whose points make the list's");
        }
    }
}

/* Do two unit lines say the same unit with the same upgrades (a tournament text's alike units)? */
static int same_text(const tx_entry *x, const tx_entry *y)
{
    if (strcmp(x->card.name, y->card.name) || x->card.cost != y->card.cost || x->nups != y->nups)
        return 0;
    for (int i = 0; i < x->nups; i++)
        if (strcmp(x->ups[i].name, y->ups[i].name))
            return 0;
    return 1;
}

static int same_unit(const no_army_unit *x, const no_army_unit *y)
{
    if (x->card != y->card || x->nupgrades != y->nupgrades)
        return 0;
    for (int i = 0; i < x->nupgrades; i++)
        if (x->upgrades[i] != y->upgrades[i])
            return 0;
    return 1;
}

/* A counterpart: said and left out, its points kept for the points line. */
static void counterpart(tx_read *r, tx_entry *e, int *points)
{
    char with[400] = "";
    int n = narrow(r, &e->card, e->cands, e->ncands, NULL);
    if (n > 1)
        note_choice(r, &e->card, e->cands, n, -1, -1);
    *points += jr_entry_int(e->cands[0], "points", 0);
    for (int i = 0; i < e->nups; i++) {
        const cJSON *c[MAX_CANDIDATES];
        int m = narrow_cost(c, named(r->upgrades, e->ups[i].name, c), e->ups[i].cost);
        *points += m ? jr_entry_int(c[0], "points", 0) : 0;
        snprintf(with + strlen(with), sizeof with - strlen(with), "%s%s", i ? ", " : " with ", e->ups[i].name);
    }
    no_army_warn(r->a, "%s: line %d: the counterpart %s%s is not modelled: left out", r->j->file, e->card.line,
                 jr_entry_text(e->cands[0], "name", "?"), with);
}

/* A unit line's unit and upgrades (an upgrade the data does not have said, or under --strict an
 * error); `merge`: the line repeats the one before (a tournament text's alike units), read as one
 * unit with their count. */
static int unit(tx_read *r, tx_entry *e, int merge, int *points)
{
    no_army *a = r->a;
    char p[32];
    line_path(p, sizeof p, e->card.line);
    no_army_unit *u = no_army_new_unit(a, r->j, p);
    if (!u)
        return -1;
    int index = a->nunits - 1, first = r->t->nchoices;
    int n = narrow(r, &e->card, e->cands, e->ncands, NULL);
    if (n > 1)
        note_choice(r, &e->card, e->cands, n, index, -1);
    u->card = e->cands[0];
    u->count = e->count;
    for (int k = 0; k < e->nups; k++) {
        const tx_card *tc = &e->ups[k];
        const cJSON *c[MAX_CANDIDATES];
        line_path(p, sizeof p, tc->line);
        int m = narrow_cost(c, named(r->upgrades, tc->name, c), tc->cost);
        if (!m) {
            if (no_army_unknown(a, r->j, "upgrades", p, tc->name, r->strict))
                return -1;
            continue;
        }
        m = narrow(r, tc, c, m, u);
        if (m > 1)
            note_choice(r, tc, c, m, index, u->nupgrades);
        if (no_army_add_upgrade(r->j, u, c[0], p))
            return -1;
    }
    int each = jr_entry_int(u->card, "points", 0);
    for (int k = 0; k < u->nupgrades; k++)
        each += jr_entry_int(u->upgrades[k], "points", 0);
    *points += each * u->count;
    if (merge && index > 0 && same_unit(&a->units[index - 1], u)) {
        a->units[index - 1].count += u->count;
        a->nunits--;
        r->t->nchoices = first; /* the same choices as the unit's before it, which stand for both */
    }
    return 0;
}

/* The units, their upgrades, the commands; what is left out said; the points and activations
 * the text gives checked against the data's. */
static int resolve(tx_read *r)
{
    no_army *a = r->a;
    tx_list *t = r->t;
    int points = 0, activations = 0;
    for (int i = 0; i < t->nentries; i++) {
        tx_entry *e = &t->entries[i];
        const tx_entry *prev = i ? &t->entries[i - 1] : NULL;
        int merge = t->dialect == TOURNAMENT && prev && !prev->skip && !prev->counterpart && same_text(prev, e);
        if (e->counterpart && !e->skip)
            counterpart(r, e, &points);
        else if (!e->skip && unit(r, e, merge, &points))
            return -1;
        activations += e->skip || e->counterpart ? 0 : e->count;
    }
    for (int i = 0; i < t->ncommands; i++) {
        const tx_card *c = &t->commands[i];
        const cJSON *found[MAX_CANDIDATES];
        char p[32];
        line_path(p, sizeof p, c->line);
        if (named(r->commands, c->name, found))
            no_army_add_command(a, found[0]);
        else if (no_army_unknown(a, r->j, "commands", p, c->name, r->strict))
            return -1;
    }
    settle(r, &points);
    if (*t->deck)
        no_army_warn(a, "%s: line %d: the battle deck (%s) is not modelled: left out", r->j->file, t->deck_line,
                     t->deck);
    if (!a->nunits)
        return fail_at(r, t->points_line, "no unit of the list is in the data");
    if (points != t->points)
        no_army_warn(a, "%s: line %d: the list gives %d points, the data's points of the cards read make %d (a card "
                        "left out, or points changed since the list was made)",
                     r->j->file, t->points_line, t->points, points);
    if (activations != t->activations)
        no_army_warn(a, "%s: line %d: the list gives %d activations, its units read make %d", r->j->file,
                     t->points_line, t->activations, activations);
    return 0;
}

/* The points line on the first or second line that is not blank (a title before it); the dialect
 * from the line after it: a rank header (standard), "Name (points)" (tournament) or else minimal. */
static int head(tx_read *r, char **lines, int n, int *from)
{
    tx_list *t = r->t;
    int seen = 0, title = -1;
    for (int i = 0; i < n && !t->points_line; i++) {
        if (!*skip_blanks(lines[i]))
            continue;
        if (points_line(skip_blanks(lines[i]), t))
            t->points_line = i + 1;
        else if (++seen == 2)
            break;
        else
            title = i;
    }
    if (!t->points_line) {
        jr_fail(r->j, NULL, "neither JSON nor one of Legion HQ's text exports (\"POINTS/MAX (N activations)\" "
                            "on the first or second line); a Legion HQ link needs .../list/<faction>/...");
        return -1;
    }
    if (title >= 0)
        snprintf(r->a->title, sizeof r->a->title, "%s", skip_blanks(lines[title]));
    *from = t->points_line;
    int i = *from;
    while (i < n && !*skip_blanks(lines[i]))
        i++;
    char first[NAME_LEN + 16] = "";
    if (i < n)
        snprintf(first, sizeof first, "%s", skip_blanks(lines[i]));
    t->dialect = rank_header(first) >= 0 ? STANDARD
               : !strcasecmp(first, "Commands:") || cut_cost(first) >= 0 ? TOURNAMENT : MINIMAL;
    snprintf(r->a->format, sizeof r->a->format, "Legion HQ %s text", dialects[t->dialect]);
    return 0;
}

int no_army_read_text(no_army *a, jr *j, const char *text, int strict)
{
    size_t len = strlen(text);
    size_t nlines = 1;
    for (const char *p = strchr(text, '\n'); p; p = strchr(p + 1, '\n'))
        nlines++;
    char *copy = malloc(len + 1);
    char **lines = malloc(nlines * sizeof *lines);
    tx_list *t = calloc(1, sizeof *t);
    if (!copy || !lines || !t)
        abort();
    memcpy(copy, text, len + 1);
    int n = 0;
    char *s = copy + (!strncmp(copy, "\xef\xbb\xbf", 3) ? 3 : 0); /* a byte order mark */
    for (char *nl; (nl = strchr(s, '\n')); s = nl + 1) {
        *nl = 0;
        lines[n++] = s;
    }
    lines[n++] = s;
    for (int i = 0; i < n; i++)
        trim_end(lines[i]); /* CRLF, trailing blanks */
    tx_read r = {a, j, t, strict,
                 cJSON_GetObjectItemCaseSensitive(a->library, "units"),
                 cJSON_GetObjectItemCaseSensitive(a->library, "upgrades"),
                 cJSON_GetObjectItemCaseSensitive(a->library, "commands"),
                 cJSON_GetObjectItemCaseSensitive(a->library, "counterparts")};
    int from, rc = head(&r, lines, n, &from);
    if (!rc)
        rc = t->dialect == TOURNAMENT ? parse_tournament(&r, lines, n, from)
           : t->dialect == STANDARD   ? parse_standard(&r, lines, n, from)
                                      : parse_minimal(&r, lines, n, from);
    for (int i = 0; !rc && i < t->nentries; i++) /* every unit known before anything is said */
        rc = look_up(&r, &t->entries[i]);
    if (!rc) {
        assume_faction(&r);
        rc = resolve(&r);
    }
    free(t);
    free(lines);
    free(copy);
    return rc;
}
