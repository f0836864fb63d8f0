/* squad.c — `neverodds squad`: each ship of a squad as the dice see it: every weapon, defense,
 * hull, shields and Force, and its cards in three groups — dice abilities the library models,
 * cards that act on dice but are not modelled (with the reason from dice-cards.json), and
 * cards with no dice effect. */
#include "neverodds/matchup.h"
#include "neverodds/table.h"
#include "report/format.h"
#include <cjson/cJSON.h>
#include <string.h>

/* What card c of a ship is to the dice. */
enum { CARD_MODELLED, CARD_NOT_MODELLED, CARD_NO_DICE };
static const char *const card_groups[] = {"dice abilities modelled", "acts on dice, not modelled", "no dice effect"};

static int group_of(const no_ship *s, int c)
{
    return *s->ability[c] ? CARD_MODELLED : s->dice_card[c] ? CARD_NOT_MODELLED : CARD_NO_DICE;
}

static const char *kind_name(char kind)
{
    return kind == NO_CARD_PILOT ? "pilot" : kind == NO_CARD_SHIP ? "ship ability"
                                         : kind == NO_CARD_LOADOUT ? "standard loadout" : "upgrade";
}

/* The cards of one group, comma-separated ("none" when empty). */
static void cards_text(char *out, size_t n, const no_ship *s, int group)
{
    *out = '\0';
    for (int c = 0; c < s->ncards; c++) {
        if (group_of(s, c) != group)
            continue;
        size_t at = strlen(out);
        snprintf(out + at, n - at, "%s%s", at ? ", " : "", group == CARD_MODELLED ? s->ability[c] : s->card[c]);
        if (s->aura[c])
            snprintf(out + strlen(out), n - strlen(out), " (helps other ships)");
        if (s->kind[c] == NO_CARD_SHIP || s->kind[c] == NO_CARD_LOADOUT)
            snprintf(out + strlen(out), n - strlen(out), " (%s)", kind_name(s->kind[c]));
        if (group == CARD_NOT_MODELLED && *s->why[c])
            snprintf(out + strlen(out), n - strlen(out), " (%s)", s->why[c]);
    }
    if (!*out)
        snprintf(out, n, "none");
}

/* "primary-front 3 (range 0-3); protontorpedoes 4, front arc, range 2-3, ordnance". */
static void weapons_text(char *out, size_t n, const no_ship *s)
{
    *out = '\0';
    for (int i = 0; i < s->nweapons; i++) {
        const no_weapon *w = &s->weapon[i];
        size_t at = strlen(out);
        snprintf(out + at, n - at, "%s%s %d, %s arc, range %d-%d%s", i ? "; " : "", w->name, w->value, w->arc,
                 w->minrange, w->maxrange, w->ordnance ? ", ordnance" : "");
    }
    if (!*out)
        snprintf(out, n, "none");
}

/* Warnings [from, to) of the squad's (sq->ship_warn) as a list of "PATH: what", the file left
 * out (it is the squad's). */
static cJSON *notes_json(const no_squad *sq, int from, int to)
{
    cJSON *list = cJSON_CreateArray();
    size_t skip = strlen(sq->file) + 2;
    for (const char *w = sq->warnings + from; w < sq->warnings + to;) {
        size_t len = strcspn(w, "\n");
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(len > skip ? len - skip : 0), w + (len > skip ? skip : len));
        cJSON_AddItemToArray(list, cJSON_CreateString(line));
        w += len + (w[len] == '\n');
    }
    return list;
}

/* The list under `key` of o, when it has any. */
static void add_nonempty(cJSON *o, const char *key, cJSON *list)
{
    if (cJSON_GetArraySize(list))
        cJSON_AddItemToObject(o, key, list);
    else
        cJSON_Delete(list);
}

static cJSON *ship_json(const no_ship *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "pilot", s->pilot);
    cJSON_AddStringToObject(o, "name", s->name);
    cJSON_AddStringToObject(o, "ship", s->ship);
    cJSON_AddStringToObject(o, "size", s->size);
    cJSON_AddNumberToObject(o, "initiative", s->initiative);
    cJSON_AddNumberToObject(o, "attack", s->attack);
    cJSON_AddStringToObject(o, "arc", s->arc);
    cJSON_AddNumberToObject(o, "agility", s->agility);
    cJSON_AddNumberToObject(o, "hull", s->hull);
    cJSON_AddNumberToObject(o, "shields", s->shields);
    cJSON_AddNumberToObject(o, "force", s->force);
    cJSON_AddNumberToObject(o, "charges", s->charges);
    cJSON_AddBoolToObject(o, "standard_loadout", s->standard_loadout);
    cJSON *weapons = cJSON_AddArrayToObject(o, "weapons"), *cards = cJSON_AddArrayToObject(o, "cards");
    for (int i = 0; i < s->nweapons; i++) {
        const no_weapon *w = &s->weapon[i];
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", w->name);
        cJSON_AddStringToObject(e, "arc", w->arc);
        cJSON_AddNumberToObject(e, "dice", w->value);
        cJSON_AddNumberToObject(e, "minrange", w->minrange);
        cJSON_AddNumberToObject(e, "maxrange", w->maxrange);
        cJSON_AddBoolToObject(e, "primary", w->primary);
        cJSON_AddBoolToObject(e, "ordnance", w->ordnance);
        cJSON_AddItemToArray(weapons, e);
    }
    for (int c = 0; c < s->ncards; c++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "xws", s->card[c]);
        cJSON_AddStringToObject(e, "kind", kind_name(s->kind[c]));
        cJSON_AddBoolToObject(e, "acts_on_dice", s->dice_card[c]);
        if (*s->ability[c])
            cJSON_AddStringToObject(e, "ability", s->ability[c]);
        else if (s->dice_card[c])
            cJSON_AddStringToObject(e, "not_modelled", s->why[c]);
        cJSON_AddItemToArray(cards, e);
    }
    return o;
}

void no_squad_left_out_text(FILE *f, const no_squad *sq, const char *indent)
{
    for (int i = 0; i < sq->n; i++) {
        const char *why = no_ship_left_out(&sq->ship[i]);
        if (why)
            fprintf(f, "%s left out: %s (%s): %s\n", indent, sq->ship[i].name, sq->ship[i].pilot, why);
    }
}

cJSON *no_squad_json(const no_squad *sq)
{
    cJSON *o = cJSON_CreateObject(), *ships = cJSON_AddArrayToObject(o, "ships");
    cJSON_AddStringToObject(o, "file", sq->file);
    cJSON_AddStringToObject(o, "name", sq->name);
    cJSON_AddStringToObject(o, "faction", sq->faction);
    add_nonempty(o, "warnings", notes_json(sq, 0, sq->ship_warn[0]));
    for (int i = 0; i < sq->n; i++) {
        cJSON *ship = ship_json(&sq->ship[i]);
        add_nonempty(ship, "notes", notes_json(sq, sq->ship_warn[i], sq->ship_warn[i + 1]));
        const char *why = no_ship_left_out(&sq->ship[i]);
        if (why)
            cJSON_AddStringToObject(ship, "left_out", why);
        cJSON_AddItemToArray(ships, ship);
    }
    return o;
}

void no_squad_report(FILE *f, const no_squad *sq, int format)
{
    if (format == NO_FMT_JSON) {
        cJSON *root = no_squad_json(sq);
        cJSON_AddStringToObject(root, "data", no_xws_data_version());
        rep_print_json(f, root);
        return;
    }
    if (format == NO_FMT_CSV)
        fputs("pilot,name,ship,faction,initiative,attack,arc,agility,hull,shields,force,charges,weapons,"
              "abilities_modelled,dice_not_modelled,no_dice_effect\n",
              f);
    else
        fprintf(f, "squad: %s%s%s (%s), %d ships; data %s\n\n", sq->file, *sq->name ? ", " : "", sq->name, sq->faction,
                sq->n, no_xws_data_version());
    for (int i = 0; i < sq->n; i++) {
        const no_ship *s = &sq->ship[i];
        char groups[3][768], weapons[512];
        for (int g = 0; g < 3; g++)
            cards_text(groups[g], sizeof groups[g], s, g);
        weapons_text(weapons, sizeof weapons, s);
        if (format == NO_FMT_CSV) {
            fprintf(f, "%s,", s->pilot);
            rep_csv_text(f, s->name);
            fprintf(f, ",%s,%s,%d,%d,%s,%d,%d,%d,%d,%d,", s->ship, s->faction, s->initiative, s->attack, s->arc,
                    s->agility, s->hull, s->shields, s->force, s->charges);
            rep_csv_text(f, weapons);
            for (int g = 0; g < 3; g++) {
                fputc(',', f);
                rep_csv_text(f, groups[g]);
            }
            fputc('\n', f);
            continue;
        }
        fprintf(f, "  %d  %s (%s), initiative %d%s\n", i + 1, s->name, s->ship_name, s->initiative,
                s->standard_loadout ? ", standard loadout" : "");
        fprintf(f, "     attack   %d dice, %s arc (%d at range 1)", s->attack, s->arc, s->attack + 1);
        if (s->force)
            fprintf(f, "; Force %d", s->force);
        fputs("\n", f);
        fprintf(f, "     weapons  %s\n", weapons);
        fprintf(f, "     defense  %d dice (%d at range 3), hull %d, shields %d, %s\n", s->agility, s->agility + 1,
                s->hull, s->shields, s->size);
        for (int g = 0; g < 3; g++)
            fprintf(f, "     %s: %s\n", card_groups[g], groups[g]);
        cJSON *notes = notes_json(sq, sq->ship_warn[i], sq->ship_warn[i + 1]), *note;
        cJSON_ArrayForEach(note, notes)
            fprintf(f, "     note: %s\n", note->valuestring);
        cJSON_Delete(notes);
    }
}
