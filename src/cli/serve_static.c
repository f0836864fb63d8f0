/* serve_static.c — the page's files (web/: index.html, style.css, app.js), read once at start and
 * served by name from a fixed list: a URL never becomes a path. */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WEB_FILE (1 << 20)

typedef struct web_file {
    const char *url, *name, *type;
    char *data;
    size_t len;
} web_file;

static web_file files[] = {
    {"/", "index.html", "text/html; charset=utf-8", NULL, 0},
    {"/style.css", "style.css", "text/css; charset=utf-8", NULL, 0},
    {"/app.js", "app.js", "text/javascript; charset=utf-8", NULL, 0},
};
#define NFILES (sizeof files / sizeof *files)

int serve_static_load(const char *dir, char *err, size_t errlen)
{
    for (size_t i = 0; i < NFILES; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
        FILE *f = fopen(path, "rb");
        char *buf = f ? malloc(MAX_WEB_FILE + 1) : NULL;
        size_t n = buf ? fread(buf, 1, MAX_WEB_FILE + 1, f) : 0;
        int bad = !f || !buf || ferror(f) || n > MAX_WEB_FILE;
        int why = errno;
        if (f)
            fclose(f);
        if (bad) {
            snprintf(err, errlen, "%s: cannot read the page's file: %s", path,
                     !f ? strerror(why) : n > MAX_WEB_FILE ? "too large" : "read error");
            free(buf);
            return -1;
        }
        free(files[i].data);
        files[i].data = buf;
        files[i].len = n;
    }
    return 0;
}

int serve_static_find(const char *path, const char **data, size_t *len, const char **type)
{
    if (!strcmp(path, "/index.html"))
        path = "/";
    for (size_t i = 0; i < NFILES; i++)
        if (files[i].data && !strcmp(path, files[i].url)) {
            *data = files[i].data;
            *len = files[i].len;
            *type = files[i].type;
            return 0;
        }
    return -1;
}
