/* format.h — how a report writes numbers (format.c): a probability with its standard error as
 * text, JSON blocks of rates and distributions, a JSON document, a CSV field. Included by the
 * report, the games' report sections and the commands' tables. */
#ifndef NEVERODDS_REPORT_FORMAT_H
#define NEVERODDS_REPORT_FORMAT_H
#include "neverodds/summary.h"
#include <cjson/cJSON.h>
#include <stdio.h>

/* p as "0.1234567890" (exact) or "0.123457 ± 0.000123" (Monte Carlo). */
void rep_print_rate(FILE *f, no_rate r, int exact);
/* {"probability": p, "stderr": se} */
cJSON *rep_rate_json(no_rate r);
/* The probabilities (or, with want_se, their errors) as a JSON array. */
cJSON *rep_array(const no_rate *r, int n, int want_se);
/* {"pmf": [...], "pmf_stderr": [...]} under `key`; returns it for more members. */
cJSON *rep_pmf_json(cJSON *parent, const char *key, const no_rate *r, int n);
/* The JSON document as text (malloc'd), the document freed: the scenarios analyses write. */
char *rep_json_text(cJSON *root);
/* Prints a JSON document on f, then frees it (every --format json). */
void rep_print_json(FILE *f, cJSON *root);
/* Prints s as one quoted CSV field (a quote in it doubled). */
void rep_csv_text(FILE *f, const char *s);

/* s in a column `width` characters wide and a space (UTF-8: names have curly quotes and "×"),
 * cut to fit: the tables of matchups. */
void rep_column(FILE *f, const char *s, int width);
/* Whether each of x's n items is like a distinct one of y's n (`like(ctx, i, j)`): lists alike
 * in any order (a ship's cards, a unit's upgrades). */
int rep_alike(int n, int (*like)(const void *ctx, int i, int j), const void *ctx);
/* The columns `n` bytes of UTF-8 text take (a multi-byte character takes one). */
int rep_columns(const char *text, size_t n);
/* How many bytes of `text` the first line of a column `width` wide holds: all of it when it fits,
 * else up to the last space that fits (with at_commas, the last one after a comma if any: a list
 * breaks between its items), a word wider than the column whole. The next line starts after that
 * space. */
size_t rep_line_break(const char *text, int width, int at_commas);
/* How many bytes of `text` to keep to show it in `width` columns with an ellipsis after when it
 * is cut: all of it when it fits; else up to a space (never inside a word; a word wider than the
 * line is cut inside it, before a UTF-8 character), no comma, plus or space left before the ellipsis. */
size_t rep_cut_words(const char *text, int width);
/* `text` word-wrapped on f: its first line has `room` columns left, the others `indent` spaces
 * then `width - indent` columns; a newline at the end. */
void rep_wrap(FILE *f, const char *text, int room, int indent, int width);

/* The label of an attack's kill line, then a space: `lone` ("P(kill)") padded to `width`, or for
 * one attack of a sequence on one defender "P(destroyed by this attack)" (the game's kill_word):
 * its share of the sequence's P(destroyed), which the totals print. */
void rep_kill_label(FILE *f, const no_scenario *sc, const no_summary *s, const char *lone, int width);

/* " with focus 1, lock 1, Predator": the tokens and abilities `side` starts the attack with. */
void rep_describe_side(FILE *f, const no_ctx *ctx, int side);
/* The same for a chart's title: ", focus + lock + Predator" (a count only when more than one,
 * "aim 2", or a keyword's value, "pierce 1"); nothing when the side has neither. */
void rep_side_words(FILE *f, const no_ctx *ctx, int side);

#endif
