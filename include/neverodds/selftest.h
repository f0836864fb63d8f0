/* selftest.h — `neverodds selftest`: on the user's machine, the PCG32 reference outputs and the
 * exact and Monte Carlo drivers on built-in scenarios of every game, compared number by number.
 * A broken build or a miscompiled generator shows as a disagreement of more than 6 standard
 * errors. */
#ifndef NEVERODDS_SELFTEST_H
#define NEVERODDS_SELFTEST_H
#include <stdint.h>
#include <stdio.h>
#include "neverodds/report.h"

#define NO_SELFTEST_LIMIT 6.0 /* standard errors */

/* The largest |Monte Carlo - exact| / standard error over the mean, P(kill) and every
 * P(damage = k), the standard errors those of the exact numbers for mc->trials trials; an
 * outcome the exact driver calls impossible but Monte Carlo saw is an infinite gap. */
double no_selftest_worst(const no_summary *exact, const no_summary *mc);

/* Runs every check, printing one line each on f; returns the number that failed. */
int no_selftest(FILE *f, uint64_t trials, uint64_t seed, int threads);

#endif
