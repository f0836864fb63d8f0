/* brute.c — reference X-Wing 2e attack by enumerating every die face. Faces of a d8:
 * attack 0-1 blank, 2-3 focus, 4-6 hit, 7 crit; defense 0-2 blank, 3-4 focus, 5-7 evade. */
#include "brute.h"
#include <string.h>

enum { B, F, H, C, E };
static int atk_face(int side) { return side < 2 ? B : side < 4 ? F : side < 7 ? H : C; }
static int def_face(int side) { return side < 3 ? B : side < 5 ? F : E; }

typedef struct ctx {
    const brute_spec *s;
    brute_result *out;
} ctx;

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
    int shields = s->shields, down = 0, up = 0;
    for (int i = 0; i < hits; i++)
        shields ? shields-- : down++;
    for (int i = 0; i < crits; i++)
        shields ? shields-- : up++;
    c->out->pmf[hits + crits] += p;
    c->out->mean += p * (hits + crits);
    if (s->hull && down + up >= s->hull)
        c->out->kill += p;
    if (up)
        c->out->faceup += p;
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
    ctx c = {spec, out};
    attack(&c, spec->attack_dice, 0, 0, 0, 0, 1.0);
}
