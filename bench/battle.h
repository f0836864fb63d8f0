/* battle.h — the battle timings of `make bench` (battle.c). */
#ifndef NEVERODDS_BENCH_BATTLE_H
#define NEVERODDS_BENCH_BATTLE_H

/* Battles per second of the Monte Carlo battle driver on a 5 vs 5 battle, on 1 thread and on every
 * thread, against a naive per-die loop over the same battle (issue #24). */
void bench_battle(void);

#endif
