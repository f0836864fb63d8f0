/* serve_http.c — HTTP through GNU libmicrohttpd (no parsing of our own): a fixed thread pool, the
 * body collected up to the limit (413 past it), /api/ to serve_api.c, the page's files, 404 else. */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve.h"
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define CONNECTION_LIMIT 256
#define IDLE_TIMEOUT 30 /* seconds a connection may sit idle (a slow client holds nothing longer) */

/* One request's state between libmicrohttpd's calls. */
typedef struct request {
    char *body;
    size_t len, cap;
    int too_large;
} request;

static const serve_config *config;

/* A reply sent with the headers every reply has; the page's own policy on HTML. */
static enum MHD_Result send_reply(struct MHD_Connection *c, serve_reply *r)
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
    if (!strncmp(r->type, "text/html", 9))
        MHD_add_response_header(resp, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                                "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                                "base-uri 'none'; form-action 'none'");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *message)
{
    serve_reply r;
    serve_error(&r, status, message);
    return send_reply(c, &r);
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
    serve_api(config, method, url + 5, query_value, c, names.key, rq->body ? rq->body : "", rq->len, &r);
    return send_reply(c, &r);
}

static void completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why)
{
    (void)cls;
    (void)c;
    (void)why;
    request *rq = *state;
    if (rq) {
        free(rq->body);
        free(rq);
    }
    *state = NULL;
}

void *serve_http_start(const serve_config *cfg, int *port, char *err, size_t errlen)
{
    config = cfg;
    struct sockaddr_in v4 = {0};
    struct sockaddr_in6 v6 = {0};
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
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
    struct MHD_Daemon *d =
        MHD_start_daemon(flags, (uint16_t)cfg->port, NULL, NULL, handle, NULL, MHD_OPTION_SOCK_ADDR, addr,
                         MHD_OPTION_THREAD_POOL_SIZE, (unsigned)cfg->workers, MHD_OPTION_CONNECTION_LIMIT,
                         (unsigned)CONNECTION_LIMIT, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_TIMEOUT,
                         MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    if (!d) {
        snprintf(err, errlen, "cannot listen on %s port %d (in use, or not an address of this machine?)", cfg->bind,
                 cfg->port);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    *port = info ? info->port : cfg->port;
    return d;
}

void serve_http_stop(void *daemon) { MHD_stop_daemon(daemon); }
