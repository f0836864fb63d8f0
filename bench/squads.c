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
typedef struct measure {
    const char *what, *a, *b, *target; /* the two lists, and what the time is held to */
    int failed;
    double seconds;
    long kb;
} measure;

static measure measured[] = {
    {.what = "matchup resistance vs rebels", .a = "profiles/xwing/squads/resistance.xws",
     .b = "profiles/xwing/squads/rebels.xws", .target = " (issue #24's target: under 1 s and 200 MB)"},
    {.what = "Legion matchup, the Tabletop Admiral exports (5 v 3 units, 18 cells a pair)",
     .a = "tests/army/legion-tta-empire-SWLegionCompanion.json",
     .b = "tests/army/legion-tta-republic-SWLegionCompanion.json", .target = ""},
};
#define NMEASURED (int)(sizeof measured / sizeof *measured)
static int ran;
static char threads[16];

void bench_squads_measure(void)
{
    const char *bin = getenv("NEVERODDS_BIN") ? getenv("NEVERODDS_BIN") : "./neverodds";
    snprintf(threads, sizeof threads, "%d", bench_threads());
    for (int k = 0; k < NMEASURED; k++) {
        char *argv[] = {(char *)bin, "matchup", (char *)measured[k].a, (char *)measured[k].b, "--threads", threads, NULL};
        measured[k].failed = timed_child(argv, &measured[k].seconds, &measured[k].kb) != 0;
    }
    ran = 1;
}

void bench_squads(void)
{
    if (!ran)
        bench_squads_measure();
    printf("\n## Squads and armies\n\n");
    for (int k = 0; k < NMEASURED; k++) {
        if (measured[k].failed)
            printf("%s: %s failed (is it built?)\n", measured[k].what,
                   getenv("NEVERODDS_BIN") ? getenv("NEVERODDS_BIN") : "./neverodds");
        else
            printf("%s (exact, %s threads): %.2f s, peak %.0f MB%s\n", measured[k].what, threads,
                   measured[k].seconds, measured[k].kb / 1024.0, measured[k].target);
    }
    printf("(run first, while the bench is small: a child's peak counts what it was forked from)\n");
}
