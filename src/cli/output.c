/* output.c — --output FILE: the report goes to a temporary file and is put in place only when
 * the command has printed it whole (outfile.h: a regular file renamed into place, a link
 * followed, a device or FIFO written through); a failed command, or a full disk, leaves no
 * partial file and FILE as it was. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/outfile.h"
#include "neverodds/ranks.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *target;
static no_outfile file;

int output_begin(const char *path)
{
    if (no_rank() != 0) /* under MPI, rank 0 alone writes */
        return 0;
    char err[NO_ERR_LEN];
    if (no_outfile_begin(&file, "--output", path, err, sizeof err)) { /* a directory too, before the work */
        fprintf(stderr, "neverodds: %s\n", err);
        return EXIT_USAGE;
    }
    if (!freopen(file.temp, "w", stdout)) {
        fprintf(stderr, "neverodds: --output %s: cannot write: %s\n", path, strerror(errno));
        no_outfile_discard(&file);
        return EXIT_USAGE;
    }
    target = path;
    return 0;
}

int output_end(int rc)
{
    if (!target)
        return rc;
    /* 0: printed; 1 after a chart that failed: the numbers are printed too */
    int printed = rc == 0 || rc == 1;
    /* flushed, not closed: stdout stays a valid stream for the program's last flush */
    int written = fflush(stdout) == 0 && !ferror(stdout) && fsync(fileno(stdout)) == 0;
    char err[NO_ERR_LEN];
    if (printed && !written) {
        fprintf(stderr, "neverodds: --output %s: cannot write: %s\n", target, strerror(errno));
    } else if (printed && no_outfile_commit(&file, "--output", target, err, sizeof err)) {
        fprintf(stderr, "neverodds: %s\n", err); /* the report was whole but could not be kept */
    } else if (printed) {
        return rc;
    }
    no_outfile_discard(&file);
    return printed ? 1 : rc;
}
