/* cmd_serve.c — `neverodds serve`: the options, the page's files found, the server run until
 * SIGINT or SIGTERM. Safe by default: loopback only, bounded bodies, workers, time and trials. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "cli/serve.h"
#include "io/count.h"
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage_serve[] =
    "usage: neverodds serve [--port N] [--bind ADDRESS] [--web DIR] [--workers N] [--budget SECONDS]\n"
    "                       [--max-trials N] [--max-body BYTES] [--max-memory MB]\n"
    "                       [--allow-host NAME[:PORT]]...\n"
    "\n"
    "A web page and a JSON API over the same commands, served by this program (GNU libmicrohttpd).\n"
    "  --port N          the port (default 8080; 0: any free port, printed)\n"
    "  --bind ADDRESS    the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0\n"
    "                    or :: opens it to the network)\n"
    "  --web DIR         the page's files (default: web/ beside the program, else\n"
    "                    ../share/neverodds/web from it, as make install puts them)\n"
    "  --workers N       requests computed at once, 1 to 64 (default 2); each is a run of this\n"
    "                    program on one thread, in a directory of its own, waited for by a thread\n"
    "                    of ours: the page and /api/list (a worker of its own) are served meanwhile.\n"
    "                    2 per worker may wait; past that the reply is 503 with Retry-After: 1.\n"
    "                    A computation whose client leaves is stopped at once\n"
    "  --budget SECONDS  a request's computation is stopped after it (default 10, 1 to 3600)\n"
    "  --max-trials N    the most Monte Carlo trials a request may ask for (default 10^7)\n"
    "  --max-body BYTES  larger request bodies are refused with 413 (default 262144)\n"
    "  --max-memory MB   each computation's memory (address space), 32 to 1048576 (default 1024);\n"
    "                    one that needs more is stopped and the reply is 422\n"
    "  --allow-host NAME[:PORT]  a name the server is reached by besides localhost, 127.0.0.1,\n"
    "                    [::1] and the --bind address (a club server's name or LAN address);\n"
    "                    the server's port unless PORT is given; repeatable (up to 16). Bound\n"
    "                    to 0.0.0.0 or ::, name here each name other machines use\n"
    "\n"
    "A request's headers must arrive within 10 s (of the connection's start or its previous reply),\n"
    "its body within 30 s more, else the connection is closed; 256 connections, 64 per address.\n"
    "Safe by default: a request is refused with 403 unless its Host is one of the names above\n"
    "with the server's port (a DNS-rebinding page sends its own), an Origin it carries is\n"
    "http:// and one of them (not \"null\") and it is not Sec-Fetch-Site: cross-site; a POST\n"
    "without Content-Type: application/json gets 415; Content-Length twice with different\n"
    "values, or with Transfer-Encoding, and Host twice, 400. A shared link fills the page's\n"
    "form; it runs only when Run is pressed.\n"
    "\n"
    "API (JSON in, the commands' --format json out; errors {\"error\": \"...\"} with 400, or 413,\n"
    "422, 503 past a limit of the server):\n"
    "  POST /api/run      a scenario (as a file holds it), or {\"scenario\": {...}, options}\n"
    "  POST /api/policy   the same, every policy\n"
    "  POST /api/quick    {\"game\": \"xwing\", \"notation\": \"3 fl vs 2 fe r1\", options}\n"
    "  POST /api/compare  {\"inputs\": [{\"scenario\": {...} | \"quick\": \"xwing:...\", \"set\": {KEY: VALUE},\n"
    "                     \"label\": TEXT}, ...], options}\n"
    "  POST /api/sweep    {\"scenario\" | \"quick\", \"vary\": [\"attacker.dice=2..5\"], \"metric\", options}\n"
    "  POST /api/order    {\"scenario\", \"rules\", \"swap_window\", \"variant\", \"roll\", options}\n"
    "  POST /api/squad    an XWS squad\n"
    "  POST /api/matchup  {\"a\": XWS, \"b\": XWS, \"tokens\", options}\n"
    "  POST /api/battle   {\"a\": XWS, \"b\": XWS} or {\"battle\": {a battle file}}, options\n"
    "  GET  /api/list/KIND?q=TEXT&game=G\n"
    "options (query parameters or body members): trials, seed, exact, policy, goal, plot (an SVG\n"
    "chart in the reply's \"svg\"), title, subtitle, size, and each command's own.\n"
    "\n"
    "Stops on Ctrl-C or SIGTERM. Exit status: 0 stopped, 1 could not start, 2 bad input.\n";

/* The page's files: --web, else beside the program (a build tree), else where make install puts them. */
static int find_web(const serve_config *cfg, char *dir, size_t n)
{
    if (cfg->web) {
        snprintf(dir, n, "%s", cfg->web);
        return 0;
    }
    char base[4000];
    snprintf(base, sizeof base, "%.3999s", cfg->self);
    char *slash = strrchr(base, '/');
    if (slash)
        *slash = '\0';
    static const char *const tries[] = {"%s/web", "%s/../share/neverodds/web", "%s/../web", NULL};
    for (int i = 0; tries[i]; i++) {
        char probe[4200];
        struct stat st;
        snprintf(dir, n, tries[i], base);
        snprintf(probe, sizeof probe, "%s/index.html", dir);
        if (stat(probe, &st) == 0)
            return 0;
    }
    snprintf(dir, n, "%s/web", base);
    return -1;
}

static int number_option(const char *option, const char *val, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char err[256];
    return no_count_parse(option, val, lo, hi, out, err, sizeof err) ? usage_error("%s", err) : 0;
}

/* --allow-host NAME[:PORT]: checked now, so that a typo is an error, not a name never served. */
static int allow_host(serve_config *cfg, const char *name)
{
    if (!serve_guard_host_valid(name))
        return usage_error("--allow-host: expected NAME, NAME:PORT, [IPV6] or [IPV6]:PORT (a port 1 to 65535), "
                           "got '%s'", name);
    if (cfg->nallow_host == SERVE_MAX_ALLOW)
        return usage_error("--allow-host: at most 16 names, got more (%s)", name);
    cfg->allow_host[cfg->nallow_host++] = name;
    return 0;
}

/* Bound to every address: other machines name it by a name or address that only --allow-host
 * can tell us; without one, say so at start rather than refuse them unexplained. */
static void warn_open(const serve_config *cfg)
{
    if ((!strcmp(cfg->bind, "0.0.0.0") || !strcmp(cfg->bind, "::")) && !cfg->nallow_host)
        printf("neverodds serve: bound to %s, but only requests for localhost, 127.0.0.1 and [::1] are served: "
               "name the others with --allow-host NAME (this machine's name or LAN address)\n", cfg->bind);
}

int cmd_serve(int argc, char **argv)
{
    serve_config cfg = {.bind = "127.0.0.1", .port = 8080, .workers = 2, .budget_ms = 10000,
                        .max_trials = 10000000, .max_body = 256 * 1024, .max_reply = 16u << 20,
                        .max_memory_mb = 1024};
    static const char *const own[] = {"--port", "--bind", "--web", "--workers", "--budget", "--max-trials",
                                      "--max-body", "--max-memory", "--allow-host", NULL};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t v;
        int r = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_serve, stdout);
            return 0;
        }
        int known = 0;
        for (int o = 0; own[o] && !known; o++)
            known = !strcmp(a, own[o]);
        if (!known)
            return unknown_option(a, own, 0);
        if (!val)
            return usage_error("%s: expected a value", a);
        i++;
        if (!strcmp(a, "--port") && !(r = number_option(a, val, 0, 65535, &v)))
            cfg.port = (int)v;
        else if (!strcmp(a, "--workers") && !(r = number_option(a, val, 1, 64, &v)))
            cfg.workers = (int)v;
        else if (!strcmp(a, "--budget") && !(r = number_option(a, val, 1, 3600, &v)))
            cfg.budget_ms = (unsigned)v * 1000;
        else if (!strcmp(a, "--max-trials") && !(r = number_option(a, val, 1, 100000000000ULL, &v)))
            cfg.max_trials = v;
        else if (!strcmp(a, "--max-body") && !(r = number_option(a, val, 1024, 64u << 20, &v)))
            cfg.max_body = (size_t)v;
        else if (!strcmp(a, "--max-memory") && !(r = number_option(a, val, 32, 1u << 20, &v)))
            cfg.max_memory_mb = (unsigned)v;
        else if (!strcmp(a, "--bind"))
            cfg.bind = val;
        else if (!strcmp(a, "--web"))
            cfg.web = val;
        else if (!strcmp(a, "--allow-host"))
            r = allow_host(&cfg, val);
        if (r)
            return r;
    }
#ifdef __SANITIZE_ADDRESS__
    /* AddressSanitizer reserves terabytes of address space for its shadow memory: under RLIMIT_AS
     * no child of this build could start (make sanitize runs the server's tests with it) */
    cfg.max_memory_mb = 0;
    fprintf(stderr, "neverodds: warning: serve: an AddressSanitizer build: no memory limit per child\n");
#endif
    ssize_t len = readlink("/proc/self/exe", cfg.self, sizeof cfg.self - 1);
    if (len <= 0 || (size_t)len >= sizeof cfg.self - 1) {
        fprintf(stderr, "neverodds: serve: cannot find this program (/proc/self/exe)\n");
        return 1;
    }
    cfg.self[len] = '\0';
    char web[4096], err[512];
    if (find_web(&cfg, web, sizeof web) && !cfg.web) {
        fprintf(stderr, "neverodds: serve: the page's files are not beside the program (%s); give --web DIR\n", web);
        return 1;
    }
    if (serve_static_load(web, err, sizeof err)) {
        fprintf(stderr, "neverodds: serve: %s\n", err);
        return 1;
    }
    /* SIGINT and SIGTERM wait for sigwait below; the pool's threads are started with them blocked */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    int port;
    void *daemon = serve_http_start(&cfg, &port, err, sizeof err);
    if (!daemon) {
        fprintf(stderr, "neverodds: serve: %s\n", err);
        return 1;
    }
    char memory[32] = "no memory limit";
    if (cfg.max_memory_mb)
        snprintf(memory, sizeof memory, "%u MB each", cfg.max_memory_mb);
    printf("neverodds serve: http://%s%s%s:%d/ (page from %s; %d workers, %u s budget, %s, at most %llu trials)\n",
           strchr(cfg.bind, ':') ? "[" : "", cfg.bind, strchr(cfg.bind, ':') ? "]" : "", port, web, cfg.workers,
           cfg.budget_ms / 1000, memory, (unsigned long long)cfg.max_trials);
    warn_open(&cfg);
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    serve_http_stop(daemon);
    printf("neverodds serve: stopped (%s)\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    return 0;
}
