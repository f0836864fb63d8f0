/* count.h — a whole number as people write it on a command line (--trials 1e6, --trials
 * 1_000_000), read exactly, with a message that says what is wrong with it. */
#ifndef NEVERODDS_COUNT_H
#define NEVERODDS_COUNT_H
#include <stddef.h>
#include <stdint.h>

/* Reads `s` as an integer from lo to hi: digits, with single underscores between digits
 * (1_000_000), an optional fraction and exponent (1e6, 2.5e6, 1E+6) as long as the value is
 * whole. Sign, spaces, hex and anything else are refused. 0, or -1 with "OPTION: expected an
 * integer from LO to HI, got 'S'" in err, followed by why when it is a number: "(not a whole
 * number)", "(negative)", "(more than HI)", "(less than LO)". */
int no_count_parse(const char *option, const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err,
                   size_t errlen);

#endif
