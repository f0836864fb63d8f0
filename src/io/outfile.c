/* outfile.c — writing a file the user named (--output, --plot) without replacing what is there
 * by something else: a regular file whole or not at all, a link followed, a device or FIFO
 * written through (outfile.h). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "neverodds/outfile.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINKS 40 /* as the kernel's own limit on a path's links: past it, a loop */

/* `path` with its symbolic links followed, as the kernel would to open it for writing: a link to
 * a file that does not exist yet names that file (it is made there, as a shell's `>` makes it).
 * 0, or an errno. */
static int follow_links(const char *path, char *out, size_t n)
{
    if (snprintf(out, n, "%s", path) >= (int)n)
        return ENAMETOOLONG;
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(out, &st) || !S_ISLNK(st.st_mode))
            return 0;
        if (hops == MAX_LINKS)
            return ELOOP;
        char target[4096];
        ssize_t len = readlink(out, target, sizeof target - 1);
        if (len < 0)
            return errno;
        target[len] = '\0';
        char *slash = strrchr(out, '/');
        if (target[0] == '/' || !slash) { /* absolute, or relative to the current directory */
            if (snprintf(out, n, "%s", target) >= (int)n)
                return ENAMETOOLONG;
        } else { /* relative to the link's own directory */
            size_t dir = (size_t)(slash - out) + 1;
            if (dir + (size_t)len + 1 > n)
                return ENAMETOOLONG;
            memcpy(out + dir, target, (size_t)len + 1);
        }
    }
}

static int fail(char *err, size_t errlen, const char *option, const char *path, int why)
{
    snprintf(err, errlen, "%s %s: cannot write: %s", option, path, strerror(why));
    return -1;
}

/* The descriptor a name stands for when it is one of our own descriptors' names (/dev/fd/1,
 * /proc/self/fd/1) or a link to one (/dev/stdout), or -1: by the end, --output has pointed
 * stdout elsewhere, so such a name is read at the start. */
static int own_descriptor(const char *path)
{
    static const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/"};
    char name[4096], target[4096];
    snprintf(name, sizeof name, "%s", path);
    for (int hops = 0; hops <= MAX_LINKS; hops++) {
        for (int i = 0; i < 2; i++) {
            size_t len = strlen(dirs[i]);
            char *end;
            long fd = strncmp(name, dirs[i], len) ? -1 : strtol(name + len, &end, 10);
            if (fd >= 0 && end != name + len && !*end && fd < 1024)
                return (int)fd;
        }
        ssize_t n = readlink(name, target, sizeof target - 1);
        if (n <= 0)
            return -1;
        target[n] = '\0';
        if (target[0] != '/') /* a relative link: the names we look for are absolute */
            return -1;
        memcpy(name, target, (size_t)n + 1);
    }
    return -1;
}

int no_outfile_begin(no_outfile *o, const char *option, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    struct stat st;
    int why = 0;
    if (stat(path, &st) == 0) { /* there is a file (links followed) */
        if (S_ISDIR(st.st_mode))
            why = EISDIR;
        else if (!S_ISREG(st.st_mode))
            o->through = 1;
        else if (!realpath(path, o->path)) /* the link's own file is renamed over, not the link */
            why = errno;
        if (o->through) {
            snprintf(o->path, sizeof o->path, "%s", path);
            int own = own_descriptor(path);
            if (own >= 0 && (o->fd = fcntl(own, F_DUPFD_CLOEXEC, 3)) < 0)
                why = errno;
            else if (own < 0 && access(path, W_OK))
                why = errno;
        }
    } else if (errno == ENOENT) { /* a new file, or a link to one */
        why = follow_links(path, o->path, sizeof o->path);
    } else {
        why = errno;
    }
    if (why) {
        no_outfile_discard(o);
        return fail(err, errlen, option, path, why);
    }
    /* a regular file's temporary file is beside it (the rename stays on one file system); a
     * device's is ours, under $TMPDIR, never in /dev */
    const char *tmpdir = getenv("TMPDIR");
    int len = o->through ? snprintf(o->temp, sizeof o->temp, "%s/neverodds-XXXXXX",
                                    tmpdir && *tmpdir == '/' ? tmpdir : "/tmp")
                         : snprintf(o->temp, sizeof o->temp, "%s.tmp-XXXXXX", o->path);
    if (len >= (int)sizeof o->temp)
        return fail(err, errlen, option, path, ENAMETOOLONG);
    int fd = mkstemp(o->temp);
    if (fd < 0) {
        why = errno;
        o->temp[0] = '\0';
        return fail(err, errlen, option, path, why);
    }
    /* mkstemp's 0600 would be renamed into place: a file keeps its mode, a new one gets umask's */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, !o->through && stat(o->path, &st) == 0 ? st.st_mode & 07777 : 0666 & ~mask);
    close(fd);
    return 0;
}

/* The temporary file's bytes written into the device or FIFO at o->path: 0, or an errno. */
static int write_through(no_outfile *o)
{
    int in = open(o->temp, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return errno;
    int out = o->fd >= 0 ? o->fd : open(o->path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
    o->fd = -1; /* closed below */
    int why = out < 0 ? errno : 0;
    char buf[65536];
    ssize_t r;
    while (!why && (r = read(in, buf, sizeof buf)) != 0) {
        if (r < 0) {
            why = errno == EINTR ? 0 : errno;
            continue;
        }
        for (ssize_t done = 0; !why && done < r;) {
            ssize_t w = write(out, buf + done, (size_t)(r - done));
            if (w > 0)
                done += w;
            else if (w < 0 && errno != EINTR)
                why = errno;
        }
    }
    close(in);
    if (out >= 0 && close(out) && !why)
        why = errno;
    return why;
}

int no_outfile_commit(no_outfile *o, const char *option, const char *named, char *err, size_t errlen)
{
    int why = o->through ? write_through(o) : rename(o->temp, o->path) ? errno : 0;
    no_outfile_discard(o);
    return why ? fail(err, errlen, option, named, why) : 0;
}

void no_outfile_discard(no_outfile *o)
{
    if (o->fd >= 0)
        close(o->fd);
    o->fd = -1;
    if (o->temp[0])
        unlink(o->temp);
    o->temp[0] = '\0';
}
