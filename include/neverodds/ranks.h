/* ranks.h — a run spread over several processes (`make MPI=1`, Open MPI: `mpirun -np N`).
 * Every rank runs the same program on the same input and takes the same decisions; the Monte
 * Carlo driver gives each rank every N-th chunk of trials and sums the counts over the ranks,
 * so every rank ends with the counts one process would have (chunk c always uses the streams
 * (seed, 2c) and (seed, 2c+1)). Rank 0 alone writes output and charts. Built without MPI there
 * is one rank and these do nothing. */
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

#endif
