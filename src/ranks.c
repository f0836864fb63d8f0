/* ranks.c — MPI when built with NO_MPI (make MPI=1), one rank otherwise. */
#include "neverodds/ranks.h"
#ifdef NO_MPI
#include <mpi.h>
#include <stdlib.h>

static int rank, nranks = 1;

void no_ranks_init(int *argc, char ***argv)
{
    int provided;
    /* only the main thread calls MPI; OpenMP threads stay inside each rank */
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
}

void no_ranks_finish(void) { MPI_Finalize(); }
int no_rank(void) { return rank; }
int no_nranks(void) { return nranks; }

void no_ranks_sum(uint64_t *v, size_t n)
{
    if (nranks > 1 && n)
        MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
}
#else
void no_ranks_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}
void no_ranks_finish(void) {}
int no_rank(void) { return 0; }
int no_nranks(void) { return 1; }
void no_ranks_sum(uint64_t *v, size_t n)
{
    (void)v;
    (void)n;
}
#endif
