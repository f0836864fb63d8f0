/* serve_guard.c — what a request's headers alone must pass before its body is read or anything is
 * computed. A page on another site can make a browser send requests here: by DNS rebinding (its
 * own name, resolved to this machine: the Host is that name), or straight across sites (an Origin
 * of its own, or a text/plain POST, which a browser sends without asking first). Such requests are
 * refused with 403 or 415; a body whose length is given two ways, or two Hosts, with 400, so that
 * no proxy in front of us reads a different request from the same bytes. */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve.h"
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define HOST_LEN 256
#define SHOWN 80 /* a refused header's value is shown up to this length */

/* A host as Host, Origin and --allow-host write it: a name or address, and a port. */
typedef struct host_port {
    char name[HOST_LEN];
    long port;
} host_port;

/* "[V6]" (len bytes of s) as one spelling ("[0:0::1]" and "[::1]" are one host): 0, or -1. */
static int ipv6_literal(const char *s, size_t len, char *name, size_t n)
{
    unsigned char addr[sizeof(struct in6_addr)];
    char inner[INET6_ADDRSTRLEN + 1], out[INET6_ADDRSTRLEN];
    if (len < 3 || len - 2 >= sizeof inner)
        return -1;
    memcpy(inner, s + 1, len - 2);
    inner[len - 2] = '\0';
    if (inet_pton(AF_INET6, inner, addr) != 1 || !inet_ntop(AF_INET6, addr, out, sizeof out))
        return -1;
    snprintf(name, n, "[%s]", out);
    return 0;
}

/* "NAME", "NAME:PORT", "[V6]" or "[V6]:PORT" (len bytes of s) into *h, the port `dflt` when none is
 * written: 0, or -1 when it is none of these. */
static int parse_host(const char *s, size_t len, long dflt, host_port *h)
{
    static const char allowed[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._";
    size_t nlen;
    if (len && s[0] == '[') { /* an IPv6 literal: its colons are not the port's */
        const char *close = memchr(s, ']', len);
        nlen = close ? (size_t)(close - s) + 1 : 0;
        if (!close || ipv6_literal(s, nlen, h->name, sizeof h->name))
            return -1;
    } else {
        const char *colon = memchr(s, ':', len);
        nlen = colon ? (size_t)(colon - s) : len;
        if (nlen == 0 || nlen >= sizeof h->name)
            return -1;
        for (size_t i = 0; i < nlen; i++)
            if (!strchr(allowed, s[i]))
                return -1;
        memcpy(h->name, s, nlen);
        h->name[nlen] = '\0';
    }
    if (nlen < len && s[nlen] != ':')
        return -1;
    h->port = dflt;
    if (nlen == len)
        return 0;
    const char *p = s + nlen + 1, *end = s + len;
    if (p == end || end - p > 5)
        return -1;
    h->port = 0;
    for (; p < end; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        h->port = h->port * 10 + (*p - '0');
    }
    return h->port >= 1 && h->port <= 65535 ? 0 : -1;
}

int serve_guard_host_valid(const char *name)
{
    host_port h;
    return parse_host(name, strlen(name), 1, &h) == 0;
}

/* The port the server listens on: the one asked for, or the one the system chose for --port 0. */
static long server_port(const serve_config *cfg, struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_DAEMON);
    const union MHD_DaemonInfo *di = ci ? MHD_get_daemon_info(ci->daemon, MHD_DAEMON_INFO_BIND_PORT) : NULL;
    return di && di->port ? di->port : cfg->port;
}

/* Whether `h` is one of the server's names: loopback's, the address it is bound to (not 0.0.0.0
 * or ::, which no client names) and --allow-host's; each with the server's port unless the
 * --allow-host entry writes its own. */
static int host_allowed(const serve_config *cfg, long port, const host_port *h)
{
    host_port ok;
    char bound[HOST_LEN];
    unsigned char addr[sizeof(struct in6_addr)];
    const char *own[4] = {"localhost", "127.0.0.1", "[::1]", NULL};
    if (inet_pton(AF_INET, cfg->bind, addr) == 1 && memcmp(addr, "\0\0\0\0", 4)) {
        own[3] = cfg->bind;
    } else if (inet_pton(AF_INET6, cfg->bind, addr) == 1 && memcmp(addr, &in6addr_any, sizeof in6addr_any)) {
        snprintf(bound, sizeof bound, "[%s]", cfg->bind);
        own[3] = bound;
    }
    for (int i = 0; i < 4 + cfg->nallow_host; i++) {
        const char *name = i < 4 ? own[i] : cfg->allow_host[i - 4];
        if (name && !parse_host(name, strlen(name), port, &ok) && ok.port == h->port && !strcasecmp(ok.name, h->name))
            return 1;
    }
    return 0;
}

/* Host: present and one of ours (libmicrohttpd passes a request without one, HTTP/1.0 or 1.1). */
static int check_host(const serve_config *cfg, long port, const char *host, char *err, size_t errlen)
{
    host_port h;
    if (!host)
        snprintf(err, errlen, "refused: the request has no Host header; this server answers requests for its own "
                 "names (localhost, its address, --allow-host NAME)");
    else if (parse_host(host, strlen(host), 80, &h) || !host_allowed(cfg, port, &h))
        snprintf(err, errlen, "refused: Host '%.*s' is not a name of this server (localhost, 127.0.0.1, [::1] or "
                 "its address, port %ld); start it with --allow-host NAME to serve another", SHOWN, host, port);
    else
        return 0;
    return 403;
}

/* Origin (sent by browsers on a POST and on a fetch from another site): http:// and one of our
 * names, so that only our own page reaches the API from a browser; "null" (a sandboxed frame, a
 * file:// page) is not ours. Sec-Fetch-Site, where the browser sends it, says the same. */
static int check_origin(const serve_config *cfg, long port, const char *origin, const char *site, char *err,
                        size_t errlen)
{
    host_port h;
    if (site && !strcasecmp(site, "cross-site")) {
        snprintf(err, errlen, "refused: a request from another site's page (Sec-Fetch-Site: cross-site); this "
                 "server's API answers its own page");
        return 403;
    }
    if (!origin)
        return 0;
    if (!strncasecmp(origin, "http://", 7) && !parse_host(origin + 7, strlen(origin + 7), 80, &h) &&
        host_allowed(cfg, port, &h))
        return 0;
    snprintf(err, errlen, "refused: Origin '%.*s' is not this server's page (another site's page may not use its "
             "API); start it with --allow-host NAME to serve the page under another name", SHOWN, origin);
    return 403;
}

/* The headers that must be given once, each one of them seen (libmicrohttpd keeps repeated
 * headers apart and looks up the first). */
typedef struct framing {
    const char *length;   /* the first Content-Length */
    int lengths_differ;   /* a later one says otherwise */
    int transfer_encoding;
    int hosts;
} framing;

static enum MHD_Result framing_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    framing *f = cls;
    if (!strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH)) {
        if (!f->length)
            f->length = value;
        else if (strcmp(f->length, value))
            f->lengths_differ = 1;
    } else if (!strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING)) {
        f->transfer_encoding = 1;
    } else if (!strcasecmp(key, MHD_HTTP_HEADER_HOST)) {
        f->hosts++;
    }
    return MHD_YES;
}

/* The body's length said one way, the Host once: a proxy that read the other would see another
 * request in the same bytes, or send it to another name (request smuggling; HTTP/1.1 asks a 400
 * for two Hosts). libmicrohttpd refuses a Content-Length that is not a number. */
static int check_framing(struct MHD_Connection *c, char *err, size_t errlen)
{
    framing f = {NULL, 0, 0, 0};
    MHD_get_connection_values(c, MHD_HEADER_KIND, framing_header, &f);
    if (f.hosts > 1)
        snprintf(err, errlen, "bad request: the Host header is given more than once");
    else if (f.lengths_differ)
        snprintf(err, errlen, "bad request: Content-Length is given twice with different values");
    else if (f.length && f.transfer_encoding)
        snprintf(err, errlen, "bad request: both Content-Length and Transfer-Encoding are given");
    else
        return 0;
    return 400;
}

/* A POST's body is JSON and says so: a browser sends text/plain, form and multipart bodies to any
 * site without asking it first, never application/json. Parameters (; charset=utf-8) may follow. */
static int check_type(const char *method, const char *type, char *err, size_t errlen)
{
    static const char json[] = "application/json";
    if (strcmp(method, MHD_HTTP_METHOD_POST))
        return 0;
    if (type) {
        const char *p = type + strspn(type, " \t");
        if (!strncasecmp(p, json, sizeof json - 1)) {
            p += sizeof json - 1;
            p += strspn(p, " \t");
            if (!*p || *p == ';')
                return 0;
        }
    }
    snprintf(err, errlen, "a POST's body must be JSON sent with Content-Type: application/json (got %s%.*s%s)",
             type ? "'" : "", SHOWN, type ? type : "none", type ? "'" : "");
    return 415;
}

int serve_guard(const serve_config *cfg, struct MHD_Connection *c, const char *method, const char *url, char *err,
                size_t errlen)
{
    (void)url; /* every path: the page's files too, so that a rebinding page cannot read them either */
    long port = server_port(cfg, c);
#define HEADER(name) MHD_lookup_connection_value(c, MHD_HEADER_KIND, name)
    int status = check_framing(c, err, errlen); /* first: with two Hosts, the first is not the Host */
    if (!status)
        status = check_host(cfg, port, HEADER(MHD_HTTP_HEADER_HOST), err, errlen);
    if (!status)
        status = check_origin(cfg, port, HEADER(MHD_HTTP_HEADER_ORIGIN), HEADER("Sec-Fetch-Site"), err, errlen);
    if (!status)
        status = check_type(method, HEADER(MHD_HTTP_HEADER_CONTENT_TYPE), err, errlen);
#undef HEADER
    return status;
}
