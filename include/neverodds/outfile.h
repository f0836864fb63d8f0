/* outfile.h — how a file the user names (--output, --plot) is written. A regular file, or a new
 * one, is written whole or not at all: into a temporary file beside it, renamed into place. A
 * symbolic link is followed to the file it names (the link stays a link). Anything else that is
 * not a directory (a device such as /dev/stdout or /dev/full, a FIFO) is never replaced: the
 * bytes, written first to a temporary file of our own, are written through into it at the end. */
#ifndef NEVERODDS_OUTFILE_H
#define NEVERODDS_OUTFILE_H
#include <stddef.h>

typedef struct no_outfile {
    char path[4096]; /* where the bytes go: the name given, its symbolic links followed */
    char temp[4096]; /* written first: renamed onto path, or copied into it (`through`) */
    int through;     /* path is a device or a FIFO: written through, in place */
    int fd;          /* /dev/stdout and the like: our descriptor, taken at the start; else -1 */
} no_outfile;

/* Resolves `path` and names the temporary file (made, empty, so that the name is ours): 0, or -1
 * with err "OPTION PATH: cannot write: why" (a directory, a missing directory, no permission, a
 * loop of links). Nothing is left behind on failure. */
int no_outfile_begin(no_outfile *o, const char *option, const char *path, char *err, size_t errlen);
/* The temporary file's bytes into place (rename, or written through): 0, or -1 with err. The
 * temporary file is gone either way. */
int no_outfile_commit(no_outfile *o, const char *option, const char *named, char *err, size_t errlen);
/* The temporary file removed; the target untouched. */
void no_outfile_discard(no_outfile *o);

#endif
