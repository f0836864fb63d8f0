/* serve_child.c — one request's computation: this program run as a child (fork, exec, no shell) in
 * a private directory holding only the files we wrote, under a memory limit, stopped with its
 * process group at the budget or as soon as its client has gone. */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define OUT_NAME "stdout.txt"
#define ERR_NAME "stderr.txt"
#define MAX_FILE_WRITE (64L << 20) /* RLIMIT_FSIZE of the child: what it may write into a file */

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* dir/name read whole up to `max` bytes (NUL-terminated); NULL when absent. *cut: it was longer. */
static char *read_back(const char *dir, const char *name, size_t max, size_t *len, int *cut)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return NULL;
    char *buf = malloc(max + 1);
    size_t n = 0;
    ssize_t r = 0;
    while (buf && n <= max && (r = read(fd, buf + n, max + 1 - n)) > 0)
        n += (size_t)r;
    close(fd);
    if (!buf)
        return NULL;
    if (cut)
        *cut = n > max;
    if (n > max)
        n = max;
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* The directory and what is in it: our files, the child's outputs and whatever a stopped child
 * left (a chart's temporary file). Entries are unlinked, never followed. */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4400];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* In the child, between fork and exec: async-signal-safe calls only. */
static void child(const serve_config *cfg, const char *dir, const char *const *argv)
{
    setpgid(0, 0); /* its own group: the budget stops gnuplot with it */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL); /* the server blocks SIGINT and SIGTERM for sigwait */
    signal(SIGPIPE, SIG_DFL);
    if (chdir(dir))
        _exit(127);
    int in = open("/dev/null", O_RDONLY);
    int out = open(OUT_NAME, O_WRONLY | O_CREAT | O_EXCL, 0600);
    int err = open(ERR_NAME, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
        _exit(127);
    for (int fd = 3; fd < 1024; fd++) /* the server's sockets are not the child's */
        close(fd);
    unsigned secs = cfg->budget_ms / 1000 + 2; /* a backstop: the budget is kept by the parent */
    struct rlimit cpu = {secs, secs + 1}, fsize = {MAX_FILE_WRITE, MAX_FILE_WRITE};
    setrlimit(RLIMIT_CPU, &cpu);
    setrlimit(RLIMIT_FSIZE, &fsize);
    /* address space, not resident memory: the only limit a malloc sees fail at once (the program
     * then aborts or says "out of memory"), where RLIMIT_RSS is not enforced and the cgroup's OOM
     * killer would pick any process; gnuplot, started by the child, inherits it */
    rlim_t as = (rlim_t)cfg->max_memory_mb << 20;
    struct rlimit mem = {as, as};
    if (cfg->max_memory_mb)
        setrlimit(RLIMIT_AS, &mem);
    execve(cfg->self, (char *const *)argv, environ);
    _exit(127);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The child and what it started (gnuplot): its process group, killed and reaped. */
static void kill_group(pid_t pid, int *status)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    waitpid(pid, status, 0);
}

int serve_child_run(const serve_config *cfg, const char *const *argv, const serve_file *files, int nfiles,
                    const char *chart, serve_gone_fn gone, void *gone_ctx, serve_result *res)
{
    memset(res, 0, sizeof *res);
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/neverodds-serve-XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        res->err = strdup("cannot make a temporary directory");
        return -1;
    }
    for (int i = 0; i < nfiles; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        int bad = fd < 0 || write_all(fd, files[i].text, files[i].len);
        if (fd >= 0 && close(fd))
            bad = 1;
        if (bad) {
            remove_dir(dir);
            res->err = strdup("cannot write the request's files");
            return -1;
        }
    }
    pid_t pid = fork();
    if (pid == 0)
        child(cfg, dir, argv);
    if (pid < 0) {
        remove_dir(dir);
        res->err = strdup("cannot start the computation");
        return -1;
    }
    setpgid(pid, pid); /* also here: whichever runs first, the group exists before a kill */
    double deadline = now_ms() + cfg->budget_ms;
    long pause_ns = 200000; /* 0.2 ms, growing to 5 ms: quick runs answer quickly */
    int status = 0;
    pid_t w;
    while ((w = waitpid(pid, &status, WNOHANG)) == 0) {
        /* asked at every pause (at most 5 ms): work nobody waits for stops at once */
        int late = now_ms() >= deadline;
        if (late || (gone && gone(gone_ctx))) {
            res->how = late ? SERVE_OVER_BUDGET : SERVE_ABANDONED;
            kill_group(pid, &status);
            break;
        }
        struct timespec pause = {0, pause_ns};
        nanosleep(&pause, NULL);
        if (pause_ns < 5000000)
            pause_ns *= 2;
    }
    if (w < 0 && errno != EINTR) {
        res->how = SERVE_FAILED;
    } else if (res->how != SERVE_OVER_BUDGET && res->how != SERVE_ABANDONED) {
        kill(-pid, SIGKILL); /* anything it left running (gnuplot) */
        res->how = WIFEXITED(status) ? SERVE_DONE : SERVE_SIGNALLED;
        res->status = WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status);
    }
    res->out = read_back(dir, OUT_NAME, cfg->max_reply, &res->outlen, &res->out_cut);
    res->err = read_back(dir, ERR_NAME, 16384, NULL, NULL);
    if (chart)
        res->chart = read_back(dir, chart, cfg->max_reply, &res->chartlen, NULL);
    remove_dir(dir);
    if (!res->out)
        res->out = strdup("");
    if (!res->err)
        res->err = strdup("");
    return 0;
}

void serve_result_free(serve_result *res)
{
    free(res->out);
    free(res->err);
    free(res->chart);
    memset(res, 0, sizeof *res);
}
