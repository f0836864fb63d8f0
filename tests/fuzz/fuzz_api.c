/* fuzz_api.c — libFuzzer harness: the web API's JSON entry. The bytes are "ENDPOINT[?QUERY]\nBODY"
 * through serve_map (src/cli/serve_map.c), which turns a request into a command line of the program. */
#include "fuzz_common.h"
#include "cli/serve.h"

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
    else
        check(k);
    serve_call_free(k);
    free(k);
    free(text);
    return 0;
}
