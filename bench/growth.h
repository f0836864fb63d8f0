/* growth.h — how exact mode grows with the dice and the attacks (growth.c). */
#ifndef NEVERODDS_BENCH_GROWTH_H
#define NEVERODDS_BENCH_GROWTH_H
#include "common.h"

void bench_growth(void);

#endif
