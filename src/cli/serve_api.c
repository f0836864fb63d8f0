/* serve_api.c — the JSON API's replies: a request mapped to a command line (serve_map.c), run as a
 * child (serve_child.c), its JSON given back with the chart, or its message as {"error"}. */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve.h"
#include <cjson/cJSON.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef serve_call call;

/* ---- replies ---- */

void serve_error(serve_reply *out, int status, const char *message)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "error", message);
    out->status = status;
    out->body = cJSON_PrintUnformatted(o);
    out->len = out->body ? strlen(out->body) : 0;
    out->type = "application/json";
    cJSON_Delete(o);
}

/* The command's message: its first line that is not a warning, without "neverodds: ". */
static void first_message(const char *err, char *out, size_t n)
{
    const char *line = err;
    while (*line && !strncmp(line, "neverodds: warning: ", 20))
        line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n');
    if (!strncmp(line, "neverodds: ", 11))
        line += 11;
    snprintf(out, n, "%.*s", (int)strcspn(line, "\n"), line);
}

/* The command's JSON, with the chart (inline SVG), what stopped the chart and the warnings. */
static void reply_done(const call *k, serve_result *res, serve_reply *out)
{
    char msg[SERVE_ERR_LEN];
    cJSON *report = cJSON_Parse(res->out);
    if (!report) {
        serve_error(out, 500, "the computation's report is not JSON");
        return;
    }
    if (cJSON_IsObject(report)) {
        if (k->chart && res->chart)
            cJSON_AddStringToObject(report, "svg", res->chart);
        if (res->status == 1) {
            first_message(res->err, msg, sizeof msg);
            cJSON_AddStringToObject(report, "chart_error", msg);
        }
        cJSON *warnings = NULL;
        for (const char *w = strstr(res->err, "neverodds: warning: "); w; w = strstr(w, "neverodds: warning: ")) {
            w += 20;
            snprintf(msg, sizeof msg, "%.*s", (int)strcspn(w, "\n"), w);
            if (!warnings)
                warnings = cJSON_AddArrayToObject(report, "warnings");
            cJSON_AddItemToArray(warnings, cJSON_CreateString(msg));
        }
        out->body = cJSON_PrintUnformatted(report);
        out->len = out->body ? strlen(out->body) : 0;
    } else { /* a list (list KIND): as the command printed it */
        out->body = res->out;
        out->len = res->outlen;
        res->out = NULL;
    }
    cJSON_Delete(report);
    out->status = 200;
    out->type = "application/json";
}

/* Whether the child died of its memory limit: every abort() in this program follows an
 * allocation that failed, and the readers say "out of memory" (with no report: a chart that
 * failed beside a report is the report's chart_error); both only mean it under a limit. */
static int out_of_memory(const call *k, const serve_result *res, const char *msg)
{
    if (!k->cfg->max_memory_mb)
        return 0;
    if (res->how == SERVE_SIGNALLED)
        return res->status == SIGABRT;
    return res->how == SERVE_DONE && res->status != 0 && !*res->out && strstr(msg, "out of memory");
}

static void reply(const call *k, serve_result *res, serve_reply *out)
{
    char msg[SERVE_ERR_LEN + 64];
    first_message(res->err, msg, sizeof msg);
    if (res->how == SERVE_OVER_BUDGET) {
        snprintf(msg, sizeof msg,
                 "stopped: the computation ran past this server's time budget of %g s (serve --budget); ask for "
                 "fewer trials or a smaller question, or run it with the command line",
                 k->cfg->budget_ms / 1000.0);
        serve_error(out, 503, msg);
    } else if (res->how == SERVE_ABANDONED) {
        serve_error(out, 503, SERVE_GONE_MESSAGE);
    } else if (out_of_memory(k, res, msg)) {
        snprintf(msg, sizeof msg,
                 "the computation needed more than this server's memory limit of %u MB (serve --max-memory); ask "
                 "a smaller question, or run it with the command line",
                 k->cfg->max_memory_mb);
        serve_error(out, 422, msg);
    } else if (res->how == SERVE_SIGNALLED) {
        snprintf(msg, sizeof msg, "the computation ended by signal %d", res->status);
        serve_error(out, 500, msg);
    } else if (res->out_cut) {
        snprintf(msg, sizeof msg, "the reply is larger than this server's limit of %zu bytes", k->cfg->max_reply);
        serve_error(out, 500, msg);
    } else if (res->how == SERVE_DONE && (res->status == 0 || res->status == 1)) {
        reply_done(k, res, out);
    } else if (res->how == SERVE_DONE && res->status == 2) {
        serve_error(out, 400, msg);
    } else {
        serve_error(out, 500, *msg ? msg : "the computation failed");
    }
}

void serve_api_discard(serve_call *k)
{
    if (k)
        serve_call_free(k);
    free(k);
}

serve_call *serve_api_prepare(const serve_config *cfg, const char *method, const char *path, serve_query_fn query,
                              void *query_ctx, const char *const *keys, const char *body, size_t len,
                              serve_reply *out)
{
    call *k = malloc(sizeof *k);
    if (!k) {
        serve_error(out, 500, "out of memory");
    } else if (serve_map(k, cfg, method, path, query, query_ctx, keys, body, len)) {
        serve_error(out, k->status, k->err);
        serve_api_discard(k);
        k = NULL;
    }
    return k;
}

void serve_api_run(serve_call *k, serve_gone_fn gone, void *gone_ctx, serve_reply *out)
{
    serve_result res;
    if (serve_child_run(k->cfg, k->argv, k->files, k->nfiles, k->chart, gone, gone_ctx, &res))
        serve_error(out, 500, res.err);
    else
        reply(k, &res, out);
    serve_result_free(&res);
    serve_api_discard(k);
}
