/* ranks.c — MPI when built with NO_MPI (make MPI=1), one rank otherwise. */
#include "neverodds/ranks.h"
#ifdef NO_MPI
#include <mpi.h>
#include <stdlib.h>

static int rank, nranks = 1;
static int local; /* no_ranks_local: this process works alone */

void no_ranks_init(int *argc, char ***argv)
{
    int provided;
    /* only the main thread calls MPI; OpenMP threads stay inside each rank */
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
}

void no_ranks_finish(void) { MPI_Finalize(); }
int no_rank(void) { return local ? 0 : rank; }
int no_nranks(void) { return local ? 1 : nranks; }
void no_ranks_local(int on) { local = on; }

void no_ranks_sum(uint64_t *v, size_t n)
{
    if (!local && nranks > 1 && n)
        MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
}

void no_ranks_bcast(void *buf, size_t n, int root)
{
    if (local || nranks < 2)
        return;
    for (size_t at = 0; at < n;) { /* MPI counts are ints: pieces of at most 1 GiB */
        size_t piece = n - at < ((size_t)1 << 30) ? n - at : (size_t)1 << 30;
        MPI_Bcast((char *)buf + at, (int)piece, MPI_BYTE, root, MPI_COMM_WORLD);
        at += piece;
    }
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
void no_ranks_local(int on) { (void)on; }
void no_ranks_bcast(void *buf, size_t n, int root)
{
    (void)buf;
    (void)n;
    (void)root;
}
#endif
