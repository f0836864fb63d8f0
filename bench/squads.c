/* squads.c — `neverodds matchup` timed as a user runs it: a child process (the binary named by
 * NEVERODDS_BIN, default ./neverodds), its wall time and its peak resident memory. */
#define _DEFAULT_SOURCE /* wait4 */
#include "squads.h"
#include "common.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs argv with stdout and stderr on /dev/null: 0 with the seconds and peak KB, or -1. */
static int timed_child(char *const argv[], double *seconds, long *peak_kb)
{
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    *seconds = bench_now() - t0;
    *peak_kb = ru.ru_maxrss;
    return 0;
}

/* The child's peak memory counts what it was forked from: Linux keeps the high-water mark of the
 * copy of the parent that exec replaced (ru_maxrss). So the matchup runs first, while the bench is
 * small (a few MB), and is printed at the end with the squads. */
static struct {
    int ran, failed;
    double seconds;
    long kb;
    char threads[16];
} measured;

void bench_squads_measure(void)
{
    const char *bin = getenv("NEVERODDS_BIN") ? getenv("NEVERODDS_BIN") : "./neverodds";
    snprintf(measured.threads, sizeof measured.threads, "%d", bench_threads());
    char *argv[] = {(char *)bin, "matchup", "profiles/xwing/squads/resistance.xws", "profiles/xwing/squads/rebels.xws",
                    "--threads", measured.threads, NULL};
    measured.ran = 1;
    measured.failed = timed_child(argv, &measured.seconds, &measured.kb) != 0;
}

void bench_squads(void)
{
    if (!measured.ran)
        bench_squads_measure();
    printf("\n## Squads\n\n");
    if (measured.failed) {
        printf("matchup resistance vs rebels: %s failed (is it built?)\n",
               getenv("NEVERODDS_BIN") ? getenv("NEVERODDS_BIN") : "./neverodds");
        return;
    }
    printf("matchup resistance vs rebels (exact, %s threads): %.2f s, peak %.0f MB (issue #24's target: under 1 s and "
           "200 MB; run first, while the bench is small: a child's peak counts what it was forked from)\n",
           measured.threads, measured.seconds, measured.kb / 1024.0);
}
