/* clean_stderr.c — what the program writes to stderr passes through here: a control character
 * (an escape sequence from a file name or a scenario's text would drive the user's terminal) is
 * written as \xHH. Newlines and tabs stay. The progress bar, which draws with \r on purpose,
 * writes to the descriptor itself (progress.c). */
#define _GNU_SOURCE /* fopencookie: glibc's stream over our own write function */
#include "cli/cli.h"
#include <stdio.h>
#include <unistd.h>

static int write_all(const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(STDERR_FILENO, p, n);
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static ssize_t write_clean(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    char out[4096];
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (used + 5 > sizeof out) { /* room for "\\xHH" and the NUL snprintf writes */
            if (write_all(out, used))
                return -1;
            used = 0;
        }
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            used += (size_t)snprintf(out + used, 5, "\\x%02x", c);
        else
            out[used++] = (char)c;
    }
    if (write_all(out, used))
        return -1;
    return (ssize_t)n;
}

void cli_clean_stderr(void)
{
    cookie_io_functions_t io = {.write = write_clean};
    FILE *clean = fopencookie(NULL, "w", io);
    if (!clean)
        return; /* stderr as it was: the messages still reach the user */
    setvbuf(clean, NULL, _IOLBF, 0); /* a line at a time, in order with the bar's writes */
    stderr = clean; /* glibc's stderr is a variable that a program may set */
}
