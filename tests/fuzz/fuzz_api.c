/* fuzz_api.c — libFuzzer harness: the web API's JSON entry. The bytes are "ENDPOINT[?QUERY]\nBODY"
 * through serve_map (src/cli/serve_map.c), which turns a request into a command line of the program. */
#include "fuzz_common.h"
#include "cli/serve.h"
#include "neverodds/plot.h"
#include <cjson/cJSON.h>
#include <unistd.h>

static const char *query_text; /* the input's QUERY: "k=v&k=v", no decoding */

static const char *lookup(void *ctx, const char *key)
{
    static char value[256];
    (void)ctx;
    size_t klen = strlen(key);
    for (const char *p = query_text; p && *p;) {
        size_t len = strcspn(p, "&");
        if (len > klen && !strncmp(p, key, klen) && p[klen] == '=') {
            snprintf(value, sizeof value, "%.*s", (int)(len - klen - 1), p + klen + 1);
            return value;
        }
        p += len + (p[len] == '&');
    }
    return NULL;
}

static void broken(const char *what, const char *word)
{
    fprintf(stderr, "fuzz: serve_map: %s: '%s'\n", what, word ? word : "(null)");
    abort();
}

/* What a command line from a request may hold: a command of the API, our file names (a.txt and
 * b.txt: a matchup's side given as a list's text), and no word the program reads wherever it
 * stands (--output FILE, --lenient). */
static void check(const serve_call *k)
{
    static const char *const commands[] = {"run",    "policy",  "xwing",   "xwing1", "legion", "armada", "compare",
                                           "sweep", "order",   "squad",   "matchup", "battle", "list",   NULL};
    if (k->argc < 2 || strcmp(k->argv[0], "neverodds") || k->argv[k->argc])
        broken("a command line without its program or end", k->argv[0]);
    int known = 0;
    for (int i = 0; commands[i]; i++)
        known |= !strcmp(k->argv[1], commands[i]);
    if (!known)
        broken("not a command of the API", k->argv[1]);
    for (int i = 1; i < k->argc; i++)
        if (!strcmp(k->argv[i], "--output") || !strcmp(k->argv[i], "-o") || !strcmp(k->argv[i], "--lenient"))
            broken("a global option from a request", k->argv[i]);
    for (int i = 0; i < k->nfiles; i++) {
        const char *n = k->files[i].name;
        if (strchr(n, '/') || (strcmp(n, "scenario.json") && strcmp(n, "squad.xws") && strcmp(n, "a.xws") &&
                               strcmp(n, "b.xws") && strcmp(n, "a.txt") && strcmp(n, "b.txt") &&
                               strcmp(n, "battle.json") && strncmp(n, "input", 5)))
            broken("a file name not ours", n);
        if (strlen(k->files[i].text) != k->files[i].len)
            broken("a file whose length is not its text's", n);
    }
    if (k->chart && strcmp(k->chart, "chart.svg"))
        broken("a chart not ours", k->chart);
}

/* A line of a chart script as we write it: a command, data, a data block's ends, a plot's
 * continuation; and its double quotes balanced (an escaped quote not counted), so that no string
 * runs past its line. */
static int our_line(const char *line)
{
    static const char *const starts[] = {"# ", "set ", "unset ", "plot ", "$", "EOD", "     $", NULL};
    int known = !*line || strspn(line, "0123456789.eE+- ") == strlen(line);
    for (int i = 0; starts[i] && !known; i++)
        known = !strncmp(line, starts[i], strlen(starts[i]));
    int quotes = 0;
    for (const char *c = line; *c; c++)
        if (*c == '\\' && c[1])
            c++;
        else if (*c == '"')
            quotes++;
    return known && quotes % 2 == 0;
}

static char chart_dir[64]; /* the chart scripts' directory, made at the first and removed at exit */

static void remove_chart_dir(void)
{
    char path[96];
    snprintf(path, sizeof path, "%s/chart.gp", chart_dir);
    unlink(path);
    rmdir(chart_dir);
}

/* The request's chart texts (--title, --subtitle, compare labels, a scenario's or squad's name)
 * drawn into a chart script (.gp: gnuplot is not run), whose every line must be one of ours. */
static void check_chart_script(const serve_call *k)
{
    const char *dir = chart_dir;
    if (!*chart_dir) {
        if (!mkdtemp(strcpy(chart_dir, "/tmp/fuzz-api-XXXXXX")))
            abort();
        atexit(remove_chart_dir);
    }
    const char *texts[SERVE_MAX_FILES + SERVE_MAX_ARGS] = {NULL};
    int n = 0;
    no_plot_style style = {0};
    cJSON *parsed[SERVE_MAX_FILES] = {NULL};
    for (int i = 1; i < k->argc; i++) {
        const char *label = strstr(k->argv[i], ",label=");
        if (i + 1 < k->argc && !strcmp(k->argv[i], "--title"))
            style.title = k->argv[i + 1];
        else if (i + 1 < k->argc && !strcmp(k->argv[i], "--subtitle"))
            style.subtitle = k->argv[i + 1];
        else if (label)
            texts[n++] = label + 7;
    }
    for (int i = 0; i < k->nfiles; i++) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(parsed[i] = cJSON_Parse(k->files[i].text), "name");
        if (cJSON_IsString(name))
            texts[n++] = name->valuestring;
    }
    double y[2] = {0.25, 0.5};
    no_plot_curve curve[SERVE_MAX_FILES + SERVE_MAX_ARGS + 1];
    for (int i = 0; i <= n; i++)
        curve[i] = (no_plot_curve){.label = texts[i] ? texts[i] : "", .y = y, .colour = i};
    no_plot_curves chart = {.title = n ? texts[0] : "", .subtitle = n > 1 ? texts[1] : "", .footnote = "fuzz",
                            .xlabel = "x", .ylabel = "y", .x0 = 0, .n = 2, .ncurves = n + 1, .curve = curve};
    char path[96], err[512], line[65536];
    snprintf(path, sizeof path, "%s/chart.gp", dir);
    if (no_plot_lines(path, &style, &chart, err, sizeof err))
        broken("a chart script that could not be written", err);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!our_line(line))
            broken("a line of the chart script that is not ours", line);
    }
    if (f)
        fclose(f);
    for (int i = 0; i < k->nfiles; i++)
        cJSON_Delete(parsed[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *nl = strchr(text, '\n');
    const char *body = nl ? nl + 1 : "";
    if (nl)
        *nl = '\0';
    char *q = strchr(text, '?');
    query_text = q ? q + 1 : NULL;
    if (q)
        *q = '\0';
    const char *keys[33] = {NULL}; /* the query's names, as the HTTP layer lists them */
    char names[512];
    snprintf(names, sizeof names, "%s", query_text ? query_text : "");
    int nkeys = 0;
    for (char *p = names; *p && nkeys < 32;) {
        size_t len = strcspn(p, "&");
        char *end = p + len, next = *end;
        *end = '\0';
        char *eq = strchr(p, '=');
        if (eq)
            *eq = '\0';
        keys[nkeys++] = p;
        p = next ? end + 1 : end;
    }
    serve_config cfg = {.max_trials = 10000000, .max_body = 256 * 1024};
    serve_call *k = malloc(sizeof *k);
    if (!k)
        abort();
    int status = serve_map(k, &cfg, strncmp(text, "list/", 5) ? "POST" : "GET", text, lookup, NULL, keys, body, strlen(body));
    if (status && status != 400 && status != 404 && status != 405)
        broken("an unexpected status", text);
    if (status)
        fuzz_check_err("serve_map", k->err, sizeof k->err);
    else {
        check(k);
        check_chart_script(k);
    }
    serve_call_free(k);
    free(k);
    free(text);
    return 0;
}
