/* squads.h — the squad-against-squad timings of `make bench` (squads.c). */
#ifndef NEVERODDS_BENCH_SQUADS_H
#define NEVERODDS_BENCH_SQUADS_H

/* Runs the program's matchup of two real squads as a child process, on every thread: its wall
 * time and peak memory (the child's own, from wait4), against the targets of issue #24. */
void bench_squads(void);
/* Runs that matchup now (bench_squads prints it): called first, while the bench is small. */
void bench_squads_measure(void);

#endif
