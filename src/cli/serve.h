/* serve.h — `neverodds serve`: what its files share. cmd_serve.c reads the options and runs the
 * server; serve_http.c speaks HTTP (libmicrohttpd); serve_guard.c what a request's headers must
 * pass first; serve_deadline.c closes connections whose request comes too slowly; serve_lane.c
 * queues computations for worker threads of ours; serve_api.c maps a request to a command line;
 * serve_child.c runs that command line in a child under a time budget and a memory limit;
 * serve_static.c the page. */
#ifndef NEVERODDS_SERVE_H
#define NEVERODDS_SERVE_H
#include <stddef.h>
#include <stdint.h>

/* The server's settings (serve's options); read-only once the server runs. */
#define SERVE_MAX_ALLOW 16
typedef struct serve_config {
    const char *bind;          /* --bind ADDRESS (127.0.0.1) */
    int port;                  /* --port N (8080; 0: any free port, printed) */
    const char *web;           /* --web DIR, or NULL: found from the program's place */
    const char *allow_host[SERVE_MAX_ALLOW]; /* --allow-host NAME[:PORT]: Host names served besides our own */
    int nallow_host;
    int workers;               /* --workers N: requests computed at once (worker threads of ours) */
    unsigned budget_ms;        /* --budget SECONDS: a request's computation is stopped after it */
    uint64_t max_trials;       /* --max-trials N: a Monte Carlo request's cap */
    size_t max_body;           /* request bodies over it: 413 */
    size_t max_reply;          /* a computation's output over it: an error, not a reply */
    unsigned max_memory_mb;    /* --max-memory MB: each child's address space (0: no limit) */
    char self[4096];           /* this program: each computation is a run of it */
} serve_config;

/* A reply: its HTTP status, a malloc'd body and its content type (static). */
typedef struct serve_reply {
    int status;
    char *body;
    size_t len;
    const char *type;
} serve_reply;

/* A request's query parameter by name, or NULL (the HTTP layer's lookup). */
typedef const char *(*serve_query_fn)(void *ctx, const char *key);

/* A file the child finds in its own directory, named by us, never by a request. */
typedef struct serve_file {
    const char *name;
    const char *text;
    size_t len;
} serve_file;

/* serve_map.c: a request as a command line of this program (argv[0] "neverodds"), the files it
 * names and the chart it writes; or the HTTP status and message of what is wrong with it. */
#define SERVE_MAX_ARGS 96
#define SERVE_MAX_FILES 18 /* compare's 16 inputs and two more */
#define SERVE_MAX_OWNED 128
#define SERVE_ERR_LEN 512
typedef struct serve_call {
    const char *argv[SERVE_MAX_ARGS + 1];
    int argc;
    serve_file files[SERVE_MAX_FILES];
    int nfiles;
    const char *chart;           /* the chart's file name when one was asked for, else NULL */
    int status;                  /* what is wrong with the request: its HTTP status (0: nothing) */
    char err[SERVE_ERR_LEN];
    /* the mapping's own */
    const serve_config *cfg;
    serve_query_fn query;
    void *query_ctx;
    const char *const *query_keys; /* the query's parameter names, NULL-terminated */
    struct cJSON *body;          /* the body parsed, when it is an object of options (else NULL) */
    char *owned[SERVE_MAX_OWNED];
    int nowned;
} serve_call;
/* METHOD PATH (under /api/) with `body` (NUL-terminated, `len` bytes) into *k: 0, or k->status
 * with k->err. `keys`: the query's parameter names (NULL-terminated), each one the endpoint takes.
 * serve_call_free releases it either way. */
int serve_map(serve_call *k, const serve_config *cfg, const char *method, const char *path, serve_query_fn query,
              void *query_ctx, const char *const *keys, const char *body, size_t len);
void serve_call_free(serve_call *k);

/* Whether the client of a computation has gone (or the server stops): asked while it runs. */
typedef int (*serve_gone_fn)(void *ctx);
/* The reply of a computation stopped or never started for that (503): seen, if at all, by the
 * client of a stopping server. */
#define SERVE_GONE_MESSAGE "stopped: the server is stopping, or the request's client has gone"

/* serve_api.c: METHOD PATH under /api/ with `body` (NUL-terminated, `len` bytes) as a call to run,
 * or NULL with the reply in *out when the request is refused (quick: no child). The call keeps
 * pointers into the query and body: they must live until serve_api_run. */
serve_call *serve_api_prepare(const serve_config *cfg, const char *method, const char *path, serve_query_fn query,
                              void *query_ctx, const char *const *keys, const char *body, size_t len,
                              serve_reply *out);
/* Runs a prepared call (stopped when gone(ctx) says so), its reply in *out; frees the call. */
void serve_api_run(serve_call *k, serve_gone_fn gone, void *gone_ctx, serve_reply *out);
/* Frees a prepared call that is not run. */
void serve_api_discard(serve_call *k);
/* A JSON reply {"error": message} with `status`. */
void serve_error(serve_reply *out, int status, const char *message);

/* serve_child.c: runs a command line (below) in a child; its results. */
enum { SERVE_DONE, SERVE_OVER_BUDGET, SERVE_ABANDONED, SERVE_SIGNALLED, SERVE_FAILED };
typedef struct serve_result {
    int how;          /* SERVE_* */
    int status;       /* the exit status (SERVE_DONE) or the signal (SERVE_SIGNALLED) */
    char *out, *err;  /* stdout and stderr, NUL-terminated (malloc'd) */
    size_t outlen;
    int out_cut;      /* stdout was larger than cfg->max_reply */
    char *chart;      /* the file named `chart` when the child wrote it, else NULL */
    size_t chartlen;
} serve_result;
/* Runs this program with argv (argv[0] first, NULL-terminated) in a new private directory
 * holding `files`, stdin empty, with the budget, memory and file-size limits; kills it when
 * gone(gone_ctx) (gone may be NULL); collects its output and removes the directory. 0, or -1
 * when it could not start (res->err says why). */
int serve_child_run(const serve_config *cfg, const char *const *argv, const serve_file *files, int nfiles,
                    const char *chart, serve_gone_fn gone, void *gone_ctx, serve_result *res);
void serve_result_free(serve_result *res);

/* serve_static.c: the page's files, read once from `dir` (index.html, style.css, app.js). */
int serve_static_load(const char *dir, char *err, size_t errlen);
/* The file at URL path `path` ("/" is index.html): its bytes and type; 0, or -1 when none. */
int serve_static_find(const char *path, const char **data, size_t *len, const char **type);

/* serve_guard.c: a request's headers (Host, Origin, Sec-Fetch-Site, Content-Length against
 * Transfer-Encoding, Host given once, a POST's Content-Type) checked before its body is read: 0, or
 * the HTTP status to refuse it with (403, 400, 415) and the message in err. */
struct MHD_Connection;
int serve_guard(const serve_config *cfg, struct MHD_Connection *c, const char *method, const char *url, char *err,
                size_t errlen);
/* Whether --allow-host's value is NAME, NAME:PORT, [IPV6] or [IPV6]:PORT. */
int serve_guard_host_valid(const char *name);

/* serve_lane.c: a bounded queue of jobs and the worker threads that run them. A job is embedded
 * in its owner's state; its callbacks say whether its client has gone, run it, or drop it (not
 * run: the client left, or the server stops); run and drop each end the job (its memory may go). */
typedef struct serve_job serve_job;
struct serve_job {
    int (*gone)(serve_job *j);
    void (*run)(serve_job *j);
    void (*drop)(serve_job *j);
    serve_job *next;
};
typedef struct serve_lane serve_lane;
/* `workers` threads and a queue of at most `bound` waiting jobs; NULL when a thread cannot start. */
serve_lane *serve_lane_start(int workers, int bound);
/* Queues j, calling hold(j) first under the queue's lock (the connection is suspended before a
 * worker can resume it); -1 when the queue is full (jobs whose client left are dropped first). */
int serve_lane_submit(serve_lane *l, serve_job *j, void (*hold)(serve_job *j));
/* Drops what waits, lets running jobs end (their gone() must say so), joins the threads; jobs
 * submitted afterwards are refused. serve_lane_free then releases it (no submit may follow). */
void serve_lane_stop(serve_lane *l);
void serve_lane_free(serve_lane *l);

/* serve_deadline.c: a connection's request must come in time (slow clients hold no slot): its
 * headers within SERVE_HEADERS_SECONDS of the connection's start or of its previous reply, its
 * body within SERVE_BODY_SECONDS of its headers. */
#define SERVE_HEADERS_SECONDS 10.0
#define SERVE_BODY_SECONDS 30.0
#ifdef MHD_VERSION /* for the files that speak libmicrohttpd (it included first) */
/* Given to MHD_OPTION_NOTIFY_CONNECTION: each connection watched from its start. */
void serve_deadline_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                           enum MHD_ConnectionNotificationCode code);
/* The connection is closed unless its request is further along `seconds` from now (<= 0: never). */
void serve_deadline_set(struct MHD_Connection *c, double seconds);
#endif
/* The thread that closes connections past their deadline. */
int serve_deadline_start(void);
void serve_deadline_stop(void);

/* serve_http.c: starts the daemon (HTTP on threads that never compute, computations queued to
 * cfg->workers threads of ours); NULL with err on failure. *port is the port it listens on. */
void *serve_http_start(const serve_config *cfg, int *port, char *err, size_t errlen);
void serve_http_stop(void *daemon);

#endif
