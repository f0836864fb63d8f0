/* output.c — --output FILE: the report goes to a temporary file beside FILE (so on the same file
 * system) and is renamed into place only when the command has printed it whole; a failed
 * command, or a full disk, leaves no partial file and FILE as it was. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "neverodds/ranks.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *target;
static char temporary[4096];

int output_begin(const char *path)
{
    if (no_rank() != 0) /* under MPI, rank 0 alone writes */
        return 0;
    int rc = check_writable("--output", path); /* a directory named as the file too, before the work */
    if (rc)
        return rc;
    snprintf(temporary, sizeof temporary, "%s.tmp-%ld", path, (long)getpid());
    if (!freopen(temporary, "w", stdout)) {
        fprintf(stderr, "neverodds: --output %s: cannot write: %s\n", path, strerror(errno));
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
    if (printed && written && rename(temporary, target) == 0)
        return rc;
    if (printed) /* the report was whole but could not be kept */
        fprintf(stderr, "neverodds: --output %s: cannot write: %s\n", target, strerror(errno));
    unlink(temporary);
    return printed ? 1 : rc;
}
