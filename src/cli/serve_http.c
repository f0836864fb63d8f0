/* serve_http.c — HTTP through GNU libmicrohttpd (no parsing of our own): the body collected up to
 * the limit (413 past it), the page's files, 404 else, on libmicrohttpd's threads; an /api/
 * request is checked there (serve_api.c) and its computation queued to worker threads of ours
 * (serve_lane.c), its connection suspended until the reply is ready: HTTP threads never compute. */
#define _GNU_SOURCE /* POLLRDHUP */
#include <microhttpd.h>
#include "cli/serve.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define HTTP_THREADS 2         /* libmicrohttpd's: they read requests and send replies, never compute */
#define CONNECTION_LIMIT 256
#define PER_IP_LIMIT 64        /* one address cannot hold every connection */
#define IDLE_TIMEOUT 30        /* seconds a connection may sit idle (one that stops reading its reply) */
#define QUEUE_PER_WORKER 2     /* computations waiting for a worker: 2 per worker, then 503 */
#define LIST_WORKERS 1         /* /api/list (the page's search boxes) has a lane of its own */
#define LIST_QUEUE 8
#define RETRY_AFTER "1"        /* seconds, with a 503 for a full queue */

/* One request's state between libmicrohttpd's calls and, while it is computed, a worker's. */
typedef struct request {
    serve_job job; /* first: the lane's handle is the request */
    struct MHD_Connection *c;
    int fd;           /* the client's socket, watched while the computation runs */
    serve_call *call; /* prepared on the HTTP thread, run by a worker */
    serve_reply reply;
    int answered;     /* the worker's reply is in `reply`: the connection is resumed to send it */
    char *body;
    size_t len, cap;
    int too_large;
} request;

static const serve_config *config;
static serve_lane *compute, *lookup;
static atomic_int stopping;

/* A reply sent with the headers every reply has, and header `name` when not NULL; the page's own
 * policy on HTML. */
static enum MHD_Result send_reply_with(struct MHD_Connection *c, serve_reply *r, const char *name, const char *value)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(r->len, r->body, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(r->body);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", r->type);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    if (name)
        MHD_add_response_header(resp, name, value);
    if (!strncmp(r->type, "text/html", 9))
        MHD_add_response_header(resp, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                                "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                                "base-uri 'none'; form-action 'none'");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result send_reply(struct MHD_Connection *c, serve_reply *r)
{
    return send_reply_with(c, r, NULL, NULL);
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *message)
{
    serve_reply r;
    serve_error(&r, status, message);
    return send_reply(c, &r);
}

/* ---- a computation's job, as the lane sees it ---- */

/* The client closed its end (curl gave up, the tab was closed): no one waits for the reply. A
 * request is read whole before it is queued, so the socket has nothing more to say until then. */
static int client_gone(serve_job *j)
{
    request *rq = (request *)j;
    struct pollfd p = {rq->fd, POLLRDHUP, 0};
    return stopping || (poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)));
}

static int gone_ctx(void *ctx) { return client_gone(ctx); }

/* The reply is ready: libmicrohttpd calls handle() again for it. rq is not ours after this. */
static void resume(request *rq)
{
    rq->answered = 1;
    MHD_resume_connection(rq->c);
}

static void job_run(serve_job *j)
{
    request *rq = (request *)j;
    serve_api_run(rq->call, gone_ctx, rq, &rq->reply);
    rq->call = NULL;
    resume(rq);
}

static void job_drop(serve_job *j)
{
    request *rq = (request *)j;
    serve_api_discard(rq->call);
    rq->call = NULL;
    serve_error(&rq->reply, 503, SERVE_GONE_MESSAGE);
    resume(rq);
}

static void job_hold(serve_job *j) { MHD_suspend_connection(((request *)j)->c); }

/* The prepared call queued (the connection suspended till its reply), or 503 at once when all
 * workers are busy and the queue is full: a client is told to come back, not kept waiting. */
static enum MHD_Result queue_call(struct MHD_Connection *c, request *rq, const char *url)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    rq->job = (serve_job){client_gone, job_run, job_drop, NULL};
    rq->c = c;
    rq->fd = info ? info->connect_fd : -1;
    serve_lane *lane = strncmp(url, "/api/list/", 10) ? compute : lookup;
    if (!serve_lane_submit(lane, &rq->job, job_hold))
        return MHD_YES;
    serve_api_discard(rq->call);
    rq->call = NULL;
    char msg[160];
    snprintf(msg, sizeof msg, "busy: every worker of this server is computing and %d requests wait (serve --workers); "
             "try again in a moment", lane == compute ? config->workers * QUEUE_PER_WORKER : LIST_QUEUE);
    serve_reply r;
    serve_error(&r, 503, msg);
    return send_reply_with(c, &r, "Retry-After", RETRY_AFTER);
}

static const char *query_value(void *ctx, const char *key)
{
    return MHD_lookup_connection_value((struct MHD_Connection *)ctx, MHD_GET_ARGUMENT_KIND, key);
}

/* The query's parameter names (the API refuses one it does not take); past the first 32, the
 * 32nd is repeated so that the request is refused, not shortened. */
#define MAX_QUERY 32
typedef struct query_names {
    const char *key[MAX_QUERY + 1];
    int n;
} query_names;

static enum MHD_Result query_name(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    (void)value;
    query_names *q = cls;
    if (q->n < MAX_QUERY)
        q->key[q->n++] = key;
    else
        q->key[MAX_QUERY - 1] = "(more than 32 parameters)";
    return MHD_YES;
}

static enum MHD_Result send_static(struct MHD_Connection *c, const char *url, const char *method)
{
    const char *data, *type;
    size_t len;
    if (serve_static_find(url, &data, &len, &type))
        return send_error(c, 404, "not found");
    if (strcmp(method, "GET") && strcmp(method, "HEAD"))
        return send_error(c, 405, "the page's files are read with GET");
    serve_reply r = {200, malloc(len ? len : 1), len, type};
    if (!r.body)
        return MHD_NO;
    memcpy(r.body, data, len);
    return send_reply(c, &r);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **state)
{
    (void)cls;
    (void)version;
    request *rq = *state;
    if (!rq) { /* the first call: the headers alone */
        if (!(rq = calloc(1, sizeof *rq)))
            return MHD_NO;
        *state = rq;
        char err[SERVE_ERR_LEN];
        int refused = serve_guard(config, c, method, url, err, sizeof err);
        if (refused)
            return send_error(c, refused, err); /* before the body is read or anything computed */
        serve_deadline_set(c, SERVE_BODY_SECONDS);
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, NULL, 10) > config->max_body)
            rq->too_large = 1; /* answered now: the body is never read */
        else
            return MHD_YES;
    }
    if (*upload_size) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (rq->too_large || rq->len + n > config->max_body) {
            rq->too_large = 1; /* the rest is read and dropped, then 413 */
            return MHD_YES;
        }
        if (rq->len + n + 1 > rq->cap) {
            size_t cap = (rq->len + n + 1) * 2;
            char *grown = realloc(rq->body, cap < config->max_body + 1 ? cap : config->max_body + 1);
            if (!grown)
                return MHD_NO;
            rq->body = grown;
            rq->cap = cap < config->max_body + 1 ? cap : config->max_body + 1;
        }
        memcpy(rq->body + rq->len, upload, n);
        rq->len += n;
        rq->body[rq->len] = '\0';
        return MHD_YES;
    }
    serve_deadline_set(c, 0); /* the request is whole: what follows is ours to answer */
    if (rq->answered) { /* resumed: a worker's reply, libmicrohttpd's to free from now */
        serve_reply r = rq->reply;
        rq->reply.body = NULL;
        return send_reply(c, &r);
    }
    if (rq->too_large) {
        char msg[128];
        snprintf(msg, sizeof msg, "the request body is larger than this server's limit of %zu bytes",
                 config->max_body);
        return send_error(c, 413, msg);
    }
    if (strncmp(url, "/api/", 5))
        return send_static(c, url, method);
    serve_reply r;
    query_names names = {{NULL}, 0};
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, query_name, &names);
    rq->call = serve_api_prepare(config, method, url + 5, query_value, c, names.key, rq->body ? rq->body : "",
                                 rq->len, &r);
    return rq->call ? queue_call(c, rq, url) : send_reply(c, &r);
}

/* A request ended (answered, or its connection closed): its state freed; on a connection kept
 * open, the next request's headers are due in time. */
static void completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why)
{
    (void)cls;
    (void)why;
    request *rq = *state;
    if (rq) {
        serve_api_discard(rq->call);
        free(rq->reply.body); /* a reply whose connection closed before it was sent */
        free(rq->body);
        free(rq);
    }
    *state = NULL;
    serve_deadline_set(c, SERVE_HEADERS_SECONDS);
}

void *serve_http_start(const serve_config *cfg, int *port, char *err, size_t errlen)
{
    config = cfg;
    struct sockaddr_in v4 = {0};
    struct sockaddr_in6 v6 = {0};
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    struct sockaddr *addr;
    if (inet_pton(AF_INET, cfg->bind, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)cfg->port);
        addr = (struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, cfg->bind, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)cfg->port);
        addr = (struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(err, errlen, "--bind: expected an IPv4 or IPv6 address (127.0.0.1, ::1, 0.0.0.0), got '%s'",
                 cfg->bind);
        return NULL;
    }
    stopping = 0;
    compute = serve_lane_start(cfg->workers, cfg->workers * QUEUE_PER_WORKER);
    lookup = serve_lane_start(LIST_WORKERS, LIST_QUEUE);
    if (!compute || !lookup || serve_deadline_start()) {
        snprintf(err, errlen, "cannot start the worker threads");
        serve_http_stop(NULL);
        return NULL;
    }
    struct MHD_Daemon *d = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, handle, NULL, MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)HTTP_THREADS, MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONNECTION_LIMIT,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)PER_IP_LIMIT, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)IDLE_TIMEOUT, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_NOTIFY_CONNECTION,
        serve_deadline_notify, NULL, MHD_OPTION_END);
    if (!d) {
        snprintf(err, errlen, "cannot listen on %s port %d (in use, or not an address of this machine?)", cfg->bind,
                 cfg->port);
        serve_http_stop(NULL);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    *port = info ? info->port : cfg->port;
    return d;
}

/* Computations first: their children killed, their connections resumed (libmicrohttpd must not
 * stop with a connection suspended); then HTTP (a request queued meanwhile is refused), then the
 * lanes and the deadlines' thread. */
void serve_http_stop(void *daemon)
{
    stopping = 1;
    serve_lane_stop(compute);
    serve_lane_stop(lookup);
    if (daemon)
        MHD_stop_daemon(daemon);
    serve_lane_free(compute);
    serve_lane_free(lookup);
    compute = lookup = NULL;
    serve_deadline_stop();
}
