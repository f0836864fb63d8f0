/* brute.h — an independent reference for X-Wing 2e attacks: enumerates every face of every
 * die (8^n sequences, rerolls included) with hand-written rules and a hand-written policy, and
 * with the damage deck every card dealt, face down too, drawn from the physical deck. It shares
 * no code with the engine; tests compare the two to 1e-12. */
#ifndef NEVERODDS_TEST_BRUTE_H
#define NEVERODDS_TEST_BRUTE_H

typedef struct brute_spec {
    int attack_dice, defense_dice;      /* final counts, after range and the 0..6 clamp */
    int focus, calculate, force, lock;  /* attacker */
    int d_focus, d_evade, d_calculate, d_force, d_reinforce;
    int hull, shields;
    int deck;                           /* draw damage cards from the 33-card deck */
} brute_spec;

typedef struct brute_result {
    double pmf[16];                     /* P(damage = k) */
    double kill, faceup, mean;
} brute_result;

void brute_attack(const brute_spec *spec, brute_result *out);

#endif
