/* count.c — a whole number as people write it on a command line (count.h). The value is worked
 * out in integers from the digits and the exponent, never through a double: 100000000001 and
 * 1e11 + 1 stay apart, and 1.5 is refused, not rounded. */
#include "io/count.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_DIGITS 128
#define MAX_EXPONENT 10000 /* larger exponents are clamped: the value is 0 or too big anyway */

/* A run of digits with single underscores between them into d (appending at *nd): the number of
 * characters read, 0 when there is no digit or an underscore is misplaced (or too many digits). */
static size_t digit_run(const char *s, char *d, int *nd)
{
    size_t i = 0;
    while (isdigit((unsigned char)s[i]) || (s[i] == '_' && i > 0 && isdigit((unsigned char)s[i + 1]))) {
        if (s[i] != '_') {
            if (*nd == MAX_DIGITS)
                return 0;
            d[(*nd)++] = s[i];
        }
        i++;
    }
    return i && s[i - 1] != '_' ? i : 0;
}

/* The number's pieces: its digits (integer part then fraction), how many are the integer part,
 * and the exponent. -1 when s is not a number in this notation. */
static int split(const char *s, char *d, int *nd, int *intlen, long *exp)
{
    size_t n = digit_run(s, d, nd);
    if (!n)
        return -1;
    *intlen = *nd;
    s += n;
    if (*s == '.') {
        if (!(n = digit_run(s + 1, d, nd)))
            return -1;
        s += n + 1;
    }
    *exp = 0;
    if (*s == 'e' || *s == 'E') {
        int neg = s[1] == '-';
        s += 1 + (s[1] == '+' || s[1] == '-');
        char e[MAX_DIGITS];
        int ne = 0;
        if (!(n = digit_run(s, e, &ne)))
            return -1;
        for (int k = 0; k < ne; k++)
            *exp = *exp < MAX_EXPONENT ? *exp * 10 + (e[k] - '0') : MAX_EXPONENT;
        *exp = neg ? -*exp : *exp;
        s += n;
    }
    return *s ? -1 : 0;
}

/* The integer before the decimal point (point digits of d, zeros past its end) into *v: 0, or -1
 * when it is more than UINT64_MAX. */
static int integer_part(const char *d, int nd, long point, uint64_t *v)
{
    *v = 0;
    for (long i = 0; i < point && (i < nd || *v); i++) { /* zeros past the digits: stop once 0 */
        unsigned digit = i < nd ? (unsigned)(d[i] - '0') : 0;
        if (*v > (UINT64_MAX - digit) / 10)
            return -1;
        *v = *v * 10 + digit;
    }
    return 0;
}

int no_count_parse(const char *option, const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err,
                   size_t errlen)
{
    char d[MAX_DIGITS], why[48] = "";
    int nd = 0, intlen = 0, whole = 1;
    long exp = 0;
    uint64_t v = 0;
    if (s && !split(s + (*s == '-'), d, &nd, &intlen, &exp)) { /* a number: what is wrong with it, if anything */
        long point = intlen + exp;
        for (long i = point < 0 ? 0 : point; i < nd; i++)
            whole &= d[i] == '0';
        int big = integer_part(d, nd, point, &v);
        if (!whole)
            snprintf(why, sizeof why, " (not a whole number)");
        else if (*s == '-')
            snprintf(why, sizeof why, " (negative)");
        else if (big || v > hi)
            snprintf(why, sizeof why, " (more than %llu)", (unsigned long long)hi);
        else if (v < lo)
            snprintf(why, sizeof why, " (less than %llu)", (unsigned long long)lo);
        else {
            *out = v;
            return 0;
        }
    }
    snprintf(err, errlen, "%s: expected an integer from %llu to %llu, got '%s'%s", option, (unsigned long long)lo,
             (unsigned long long)hi, s ? s : "nothing", why);
    return -1;
}
