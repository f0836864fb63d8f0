/* brute.c — reference X-Wing 2e attack by enumerating every die face. Faces of a d8:
 * attack 0-1 blank, 2-3 focus, 4-6 hit, 7 crit; defense 0-2 blank, 3-4 focus, 5-7 evade. */
#include "brute.h"
#include <string.h>

enum { B, F, H, C, E };
static int atk_face(int side) { return side < 2 ? B : side < 4 ? F : side < 7 ? H : C; }
static int def_face(int side) { return side < 3 ? B : side < 5 ? F : E; }

/* The outcome of suffering h hits and c crits, by damage: P, P(destroyed), P(a card face up). */
typedef struct dealt {
    double p[16], kill[16], up[16];
} dealt;

typedef struct ctx {
    const brute_spec *s;
    dealt table[8][8]; /* by hits and crits that get through */
    long double pmf[16], kill, faceup; /* sums of millions of terms: extended precision */
} ctx;

/* ---- damage, one point at a time, with the physical deck: 5 Direct Hit!, 4 Fuel Leak, 2 Hull
 * Breach, 2 Structural Damage, 20 others. Every card dealt is drawn (its kind matters only face
 * up). The card that destroys the ship and the ones after it do nothing. ---- */
enum { DH, FL, HB, SD, OTHER, KINDS };
typedef struct ship {
    int deck[KINDS], left;
    int hits, crits, shields, down, up, fuel, breach, damage;
} ship;

static void suffer(const brute_spec *bs, ship s, double p, dealt *out);

/* The next card of the deck, each kind by its share of the cards left. */
static void draw(const brute_spec *bs, ship s, int face_up, double p, dealt *out)
{
    for (int k = 0; k < KINDS; k++) {
        if (!s.deck[k])
            continue;
        ship t = s;
        double q = p * t.deck[k] / t.left;
        t.deck[k]--;
        t.left--;
        if (face_up && k == DH) /* 1 more hit damage (the card is repaired, still dealt) */
            t.hits++;
        if (face_up && k == FL)
            t.fuel++;
        if (face_up && k == HB)
            t.breach = 1;
        suffer(bs, t, q, out);
    }
}

static void suffer(const brute_spec *bs, ship s, double p, dealt *out)
{
    if (s.hits + s.crits == 0) {
        out->p[s.damage] += p;
        if (s.down + s.up >= bs->hull)
            out->kill[s.damage] += p;
        if (s.up)
            out->up[s.damage] += p;
        return;
    }
    int crit = s.hits == 0;
    crit ? s.crits-- : s.hits--;
    s.damage++;
    if (s.shields) {
        s.shields--;
        suffer(bs, s, p, out);
        return;
    }
    crit |= s.breach;
    int alive = s.down + s.up + 1 < bs->hull;
    crit ? s.up++ : s.down++;
    if (!alive || !bs->deck) {
        suffer(bs, s, p, out); /* nothing a card does matters now */
        return;
    }
    if (crit && s.fuel) { /* after crit damage each face-up Fuel Leak: 1 hit damage, repaired */
        s.hits += s.fuel;
        s.fuel = 0;
    }
    draw(bs, s, crit, p, out);
}

static void deal_table(ctx *c)
{
    for (int h = 0; h < 8; h++)
        for (int k = 0; k < 8; k++) {
            ship s = {.deck = {5, 4, 2, 2, 20}, .left = 33, .hits = h, .crits = k, .shields = c->s->shields};
            memset(&c->table[h][k], 0, sizeof c->table[h][k]);
            suffer(c->s, s, 1.0, &c->table[h][k]);
        }
}

/* The defender needs no choice beyond "as many evades as it can get": more evades never hurt. */
static void resolve(ctx *c, int hits, int crits, int dB, int dF, int dE, double p)
{
    const brute_spec *s = c->s;
    int conv_f = s->d_focus ? dF : (dF < s->d_calculate + s->d_force ? dF : s->d_calculate + s->d_force);
    int evades = dE + conv_f;
    int left = dB + dF - conv_f;
    evades += s->d_evade < left ? s->d_evade : left;
    int cancel_h = evades < hits ? evades : hits;
    hits -= cancel_h;
    evades -= cancel_h;
    crits -= evades < crits ? evades : crits;
    for (int r = 0; r < s->d_reinforce && hits + crits > 1; r++) {
        if (hits)
            hits--;
        else
            crits--;
    }
    const dealt *d = &c->table[hits][crits];
    for (int k = 0; k < 16; k++) {
        c->pmf[k] += (long double)p * d->p[k];
        c->kill += s->hull ? (long double)p * d->kill[k] : 0;
        c->faceup += (long double)p * d->up[k];
    }
}

static void defense(ctx *c, int hits, int crits, int n, int dB, int dF, int dE, double p)
{
    if (n == 0) {
        resolve(c, hits, crits, dB, dF, dE, p);
        return;
    }
    for (int side = 0; side < 8; side++) {
        int f = def_face(side);
        defense(c, hits, crits, n - 1, dB + (f == B), dF + (f == F), dE + (f == E), p / 8);
    }
}

/* Final attack dice: focus converts every focus; else calculate and Force one each. */
static void attack_done(ctx *c, int aB, int aF, int aH, int aC, double p)
{
    const brute_spec *s = c->s;
    (void)aB;
    int conv = s->focus ? aF : (aF < s->calculate + s->force ? aF : s->calculate + s->force);
    defense(c, aH + conv, aC, s->defense_dice, 0, 0, 0, p);
}

static void reroll(ctx *c, int n, int aB, int aF, int aH, int aC, double p)
{
    if (n == 0) {
        attack_done(c, aB, aF, aH, aC, p);
        return;
    }
    for (int side = 0; side < 8; side++) {
        int f = atk_face(side);
        reroll(c, n - 1, aB + (f == B), aF + (f == F), aH + (f == H), aC + (f == C), p / 8);
    }
}

/* The lock rerolls blanks, and the focus results no token would convert; never hits or crits. */
static void attack(ctx *c, int n, int aB, int aF, int aH, int aC, double p)
{
    if (n > 0) {
        for (int side = 0; side < 8; side++) {
            int f = atk_face(side);
            attack(c, n - 1, aB + (f == B), aF + (f == F), aH + (f == H), aC + (f == C), p / 8);
        }
        return;
    }
    const brute_spec *s = c->s;
    if (!s->lock || (aB == 0 && (s->focus || aF <= s->calculate + s->force))) {
        attack_done(c, aB, aF, aH, aC, p);
        return;
    }
    int keep_f = s->focus ? aF : (aF < s->calculate + s->force ? aF : s->calculate + s->force);
    reroll(c, aB + aF - keep_f, 0, keep_f, aH, aC, p);
}

void brute_attack(const brute_spec *spec, brute_result *out)
{
    memset(out, 0, sizeof *out);
    ctx c = {.s = spec};
    deal_table(&c);
    attack(&c, spec->attack_dice, 0, 0, 0, 0, 1.0);
    long double mean = 0;
    for (int k = 0; k < 16; k++) {
        out->pmf[k] = (double)c.pmf[k];
        mean += k * c.pmf[k];
    }
    out->mean = (double)mean;
    out->kill = (double)c.kill;
    out->faceup = (double)c.faceup;
}
