/* format.c — how a report writes numbers: a probability with its standard error as text, JSON
 * blocks of rates and distributions, a CSV field. Shared by report.c, the games' report sections
 * and the tables of the commands. */
#include "report/format.h"
#include <stdlib.h>
#include <string.h>

void rep_print_rate(FILE *f, no_rate r, int exact)
{
    if (exact)
        fprintf(f, "%12.10f", r.p);
    else
        fprintf(f, "%9.6f ± %.6f", r.p, r.se);
}

char *rep_json_text(cJSON *root)
{
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        abort();
    return text;
}

void rep_print_json(FILE *f, cJSON *root)
{
    char *text = rep_json_text(root);
    fprintf(f, "%s\n", text);
    free(text);
}

void rep_csv_text(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fprintf(f, *s == '"' ? "\"\"" : "%c", *s);
    fputc('"', f);
}

cJSON *rep_rate_json(no_rate r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "probability", r.p);
    cJSON_AddNumberToObject(o, "stderr", r.se);
    return o;
}

cJSON *rep_array(const no_rate *r, int n, int want_se)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(want_se ? r[i].se : r[i].p));
    return a;
}

/* {"pmf": [...], "pmf_stderr": [...]} under `key`; returns it for more members. */
cJSON *rep_pmf_json(cJSON *parent, const char *key, const no_rate *r, int n)
{
    cJSON *o = cJSON_AddObjectToObject(parent, key);
    cJSON_AddItemToObject(o, "pmf", rep_array(r, n, 0));
    cJSON_AddItemToObject(o, "pmf_stderr", rep_array(r, n, 1));
    return o;
}

/* The abilities a side brings (a card's charges are shared by its records: named once). */
static int named_ability(const no_ctx *ctx, int m, int side)
{
    return !ctx->mods[m].builtin && ctx->mods[m].side == side && ctx->mods[m].charge_slot == m;
}

void rep_side_words(FILE *f, const no_ctx *ctx, int side)
{
    const char *sep = ", ";
    for (int k = 0; k < NO_TOK_N; k++)
        if (ctx->start.tok[side][k]) { /* Pierce X is a keyword's value: its number always */
            int n = ctx->start.tok[side][k];
            fprintf(f, n > 1 || k == NO_TOK_PIERCE ? "%s%s %d" : "%s%s", sep, no_token_names[k], n);
            sep = " + ";
        }
    for (int m = 0; m < ctx->nmods; m++)
        if (named_ability(ctx, m, side)) {
            fprintf(f, "%s%s", sep, ctx->mods[m].name);
            sep = " + ";
        }
}

void rep_column(FILE *f, const char *s, int width)
{
    int shown = 0;
    for (; *s && shown < width; shown++) {
        int len = 1;
        while ((s[len] & 0xC0) == 0x80)
            len++;
        fwrite(s, 1, (size_t)len, f);
        s += len;
    }
    fprintf(f, "%*s", width - shown + 1, "");
}

int rep_alike(int n, int (*like)(const void *ctx, int i, int j), const void *ctx)
{
    char used[64] = {0};
    if (n > (int)sizeof used)
        return 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < n && (used[j] || !like(ctx, i, j)))
            j++;
        if (j == n)
            return 0;
        used[j] = 1;
    }
    return 1;
}

int rep_columns(const char *text, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n && text[i]; i++)
        c += ((unsigned char)text[i] & 0xC0) != 0x80; /* a continuation byte adds no column */
    return c;
}

size_t rep_line_break(const char *text, int width, int at_commas)
{
    size_t n = strlen(text), cut = 0, after_comma = 0;
    if (rep_columns(text, n) <= width)
        return n;
    int columns = rep_columns(text, 1); /* of text[0..i), counted as i grows */
    for (size_t i = 1; i < n && columns <= width; i++) {
        if (text[i] == ' ') {
            cut = i;
            after_comma = text[i - 1] == ',' ? i : after_comma;
        }
        columns += ((unsigned char)text[i] & 0xC0) != 0x80;
    }
    if (at_commas && after_comma)
        return after_comma;
    return cut ? cut : strcspn(text, " ");
}

size_t rep_cut_words(const char *text, int width)
{
    size_t n = strlen(text);
    if (rep_columns(text, n) <= width)
        return n;
    size_t keep = rep_line_break(text, width - 1, 0); /* a column for the ellipsis */
    if (rep_columns(text, keep) > width - 1) {       /* one word wider than the line */
        keep = 0;
        for (int columns = 0; keep < n && columns < width - 1; columns++)
            for (keep++; keep < n && ((unsigned char)text[keep] & 0xC0) == 0x80; keep++)
                ;
    }
    for (;;) { /* nothing that reads badly before the ellipsis: a comma, a space, an ellipsis */
        if (keep && strchr(" ,;:+", text[keep - 1]))
            keep--;
        else if (keep >= 3 && !memcmp(text + keep - 3, "…", 3))
            keep -= 3;
        else
            return keep;
    }
}

void rep_wrap(FILE *f, const char *text, int room, int indent, int width)
{
    for (;;) {
        size_t cut = rep_line_break(text, room, 0);
        fprintf(f, "%.*s\n", (int)cut, text);
        text += cut;
        while (*text == ' ')
            text++;
        if (!*text)
            return;
        fprintf(f, "%*s", indent, "");
        room = width - indent;
    }
}

void rep_kill_label(FILE *f, const no_scenario *sc, const no_summary *s, const char *lone, int width)
{
    char share[64];
    if (s->of_sequence)
        snprintf(share, sizeof share, "P(%s by this attack)", sc->game->kill_word);
    fprintf(f, "%-*s ", width, s->of_sequence ? share : lone);
}

void rep_describe_side(FILE *f, const no_ctx *ctx, int side)
{
    int any = 0;
    for (int k = 0; k < NO_TOK_N; k++)
        if (ctx->start.tok[side][k]) {
            fprintf(f, "%s%s %d", any ? ", " : " with ", no_token_names[k], ctx->start.tok[side][k]);
            any = 1;
        }
    for (int m = 0; m < ctx->nmods; m++)
        if (named_ability(ctx, m, side)) {
            fprintf(f, "%s%s", any ? ", " : " with ", ctx->mods[m].name);
            any = 1;
        }
}
