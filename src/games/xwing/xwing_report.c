/* xwing_report.c — the X-Wing sections of a report (game.h): the attack and defense described
 * (range 0, the order of before-neutralize effects, the first edition's agility floor), whether
 * it hits, face-up cards, the kill, card damage and ion tokens; the dice's words. */
#include "games/xwing/xwing_game.h"
#include "neverodds/xwing.h"
#include "report/format.h"
#include <string.h>

static void describe_attack(FILE *f, const no_ctx *ctx)
{
    fprintf(f, "attack:   attack value %d at range %d%s%s%s", ctx->attack_value, ctx->range,
            ctx->range_zero_as_one ? " (range 0, treated as range 1: FAQ L2315, L2339)" : "",
            ctx->ordnance ? ", ordnance" : "", ctx->obstructed ? ", obstructed" : "");
    if (ctx->crits_first)
        fprintf(f, ", evades cancel crits before hits (a card turns L356-L357 round)");
    rep_describe_side(f, ctx, NO_ATTACKER);
    if (ctx->weapons_failure)
        fprintf(f, "; %d Weapons Failure face up (%d fewer attack %s)", ctx->weapons_failure, ctx->weapons_failure,
                ctx->weapons_failure > 1 ? "dice" : "die");
    if (ctx->blinded)
        fprintf(f, "; Blinded Pilot face up (its own dice modified only by the Force's default effect)");
    fprintf(f, "\ndefense:  agility %d", ctx->agility);
    if (ctx->hull)
        fprintf(f, ", hull %d, shields %d", ctx->hull, ctx->shields);
    rep_describe_side(f, ctx, NO_DEFENDER);
    if (ctx->window_mods[NO_ATTACKER][NO_W_BEFORE_NEUTRALIZE] && ctx->window_mods[NO_DEFENDER][NO_W_BEFORE_NEUTRALIZE])
        fprintf(f, "\norder:    both players' before-neutralize effects in player order (L594-L598), the %s's first "
                "(first_player; the attacker unless the scenario says)", no_side_names[ctx->first_player]);
    if (ctx->range == 0) /* what the rules forbid there, and which weapon the attack is taken to be */
        fprintf(f, "\nrange 0:  %s; the attacker's side may not reduce, cancel or modify the defense dice (L348)",
                ctx->ordnance ? "an ordnance attack, a special weapon's"
                              : "taken as a primary attack (not ordnance): no attack dice added, only the defender "
                                "modifies them (L334, L338)");
}

/* Whether the attack hits, face-up cards, the kill, ion tokens. */
void no_xwing_outcomes_text(FILE *f, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
        fprintf(f, "P(hit)       ");
    rep_print_rate(f, s->hit, s->exact);
    fprintf(f, "\nP(crit card) ");
    rep_print_rate(f, s->faceup, s->exact);
    fprintf(f, "   (at least one face-up damage card)\n");
    if (s->has_kill) {
        rep_kill_label(f, sc, s, "P(kill)", 12);
        rep_print_rate(f, s->kill, s->exact);
        fprintf(f, "   (hull %d, shields %d%s)\n", ctx->hull, ctx->shields, ctx->deck ? ", damage deck" : "");
    } else {
        fprintf(f, "hull         none given: no P(kill); give the defender a hull (and shields) for it\n");
    }
    if (ctx->deck) {
        fprintf(f, "card damage  ");
        rep_print_rate(f, s->card_damage, s->exact);
        fprintf(f, "   (mean damage the cards drawn add: Direct Hit!, Fuel Leak)\n");
    }
    if (ctx->ion_weapon || ctx->crits_to_ion) {
        fprintf(f, "ion tokens   ");
        rep_print_rate(f, s->ion, s->exact);
        fprintf(f, "   (mean)\n");
    }
    if (ctx->token_weapon) {
        fprintf(f, ctx->token_weapon == NO_TOK_JAM ? "jam tokens   " : "tractor tok. ");
        rep_print_rate(f, ctx->token_weapon == NO_TOK_JAM ? s->jam : s->tractor, s->exact);
        fprintf(f, "   (mean, instead of damage)\n");
    }
}

/* The first edition's agility floor (rule_options.agility_floor_before_range) where it acts:
 * tractor tokens take the agility value below 0 (B97, B267-B269), or NULL. */
static const char *agility_floor(const no_scenario *sc)
{
    if (strcmp(sc->rules, "xwing-1e") || no_xwing1e_agility(&sc->ctx, sc->ctx.start.tok[NO_DEFENDER]) >= 0)
        return NULL;
    return sc->ctx.agility_floor_first ? "agility floored at 0 before the range die (FAQ B267-B269, B441-B445)"
                                       : "one floor after agility, tractor and range die (agility_floor_before_range off)";
}

void no_xwing_outcomes_json(cJSON *o, const no_scenario *sc, const no_summary *s)
{
    const no_ctx *ctx = &sc->ctx;
    cJSON_AddItemToObject(o, "hit", rep_rate_json(s->hit));
    cJSON_AddItemToObject(o, "crit_card", rep_rate_json(s->faceup));
    if (s->has_kill) {
        cJSON *k = rep_rate_json(s->kill);
        cJSON_AddNumberToObject(k, "hull", ctx->hull);
        cJSON_AddNumberToObject(k, "shields", ctx->shields);
        cJSON_AddItemToObject(o, "kill", k);
    }
    if (ctx->deck) { /* a mean, with its standard error */
        cJSON *c = cJSON_AddObjectToObject(o, "card_damage");
        cJSON_AddNumberToObject(c, "mean", s->card_damage.p);
        cJSON_AddNumberToObject(c, "mean_stderr", s->card_damage.se);
    }
    if (ctx->ion_weapon || ctx->crits_to_ion) {
        cJSON_AddNumberToObject(o, "ion_tokens_mean", s->ion.p);
        cJSON_AddNumberToObject(o, "ion_tokens_mean_stderr", s->ion.se);
    }
    if (ctx->token_weapon) {
        const char *kind = ctx->token_weapon == NO_TOK_JAM ? "jam" : "tractor";
        const no_rate *r = ctx->token_weapon == NO_TOK_JAM ? &s->jam : &s->tractor;
        char key[40];
        snprintf(key, sizeof key, "%s_tokens_mean", kind);
        cJSON_AddNumberToObject(o, key, r->p);
        snprintf(key, sizeof key, "%s_tokens_mean_stderr", kind);
        cJSON_AddNumberToObject(o, key, r->se);
    }
}

void no_xwing_describe(FILE *f, const no_scenario *sc)
{
    describe_attack(f, &sc->ctx);
    const char *floor_note = agility_floor(sc);
    if (floor_note)
        fprintf(f, "; %s", floor_note);
}

/* "3 dice, focus + lock vs 2 dice, focus + evade, hull 3, range 1": the quick notation in words. */
void no_xwing_headline(FILE *f, const no_scenario *sc)
{
    const no_ctx *ctx = &sc->ctx;
    fprintf(f, "%d %s", ctx->attack_value, ctx->attack_value == 1 ? "die" : "dice");
    rep_side_words(f, ctx, NO_ATTACKER);
    fprintf(f, " vs %d %s", ctx->agility, ctx->agility == 1 ? "die" : "dice");
    rep_side_words(f, ctx, NO_DEFENDER);
    if (ctx->hull)
        fprintf(f, ctx->shields ? ", hull %d, shields %d" : ", hull %d", ctx->hull, ctx->shields);
    fprintf(f, ", range %d%s", ctx->range, ctx->obstructed ? ", obstructed" : "");
}

const char *no_xwing_face_name(const no_pool *p, int pool, int face)
{
    (void)p, (void)pool; /* attack and defense dice share the face names */
    return no_xwing_face_names[face];
}

/* Traces: one letter per face, the same for attack and defense dice (a die lacking the face
 * says so when the roll is traced). */
const char *no_xwing_roll_face(int pool, int face, int word)
{
    static const char *const letters[XW_NFACES] = {"B", "F", "H", "C", "E"};
    if (pool == NO_POOL_COVER || face >= XW_NFACES)
        return NULL;
    return word ? no_xwing_face_names[face] : letters[face];
}

const char *no_xwing_die_result_name(const no_die *die, int r)
{
    return no_xwing_face_names[die->face[r]];
}
