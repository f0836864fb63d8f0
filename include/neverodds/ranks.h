/* ranks.h — a run spread over several processes (`make MPI=1`, Open MPI: `mpirun -np N`).
 * Every rank runs the same program on the same input and takes the same decisions; the Monte
 * Carlo driver gives each rank every N-th chunk of trials and sums the counts over the ranks,
 * so every rank ends with the counts one process would have (chunk c always uses the streams
 * (seed, 2c) and (seed, 2c+1)). `compare` and `sweep` give each rank every N-th row instead: a
 * rank runs its rows alone (no_ranks_local) and sends each to the others (no_ranks_bcast), so
 * again every rank ends with what one process would have. Rank 0 alone writes output and
 * charts. Built without MPI there is one rank and these do nothing. */
#ifndef NEVERODDS_RANKS_H
#define NEVERODDS_RANKS_H
#include <stddef.h>
#include <stdint.h>

void no_ranks_init(int *argc, char ***argv);
void no_ranks_finish(void);
int no_rank(void);
int no_nranks(void);
/* v[0..n) summed over the ranks, on every rank. */
void no_ranks_sum(uint64_t *v, size_t n);
/* While on, this process works alone: no_rank() is 0, no_nranks() 1 and no_ranks_sum does
 * nothing, so the Monte Carlo driver runs every chunk of a run itself (the same counts: chunk c
 * uses the same streams whoever runs it). Call it on every rank or on one: nothing is sent. */
void no_ranks_local(int on);
/* The n bytes at buf on rank `root` (a rank of the whole run) copied into buf on every rank;
 * every rank calls it with the same n and root. */
void no_ranks_bcast(void *buf, size_t n, int root);

#endif
