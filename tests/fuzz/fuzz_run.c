/* fuzz_run.c — libFuzzer harness: the bytes as a scenario file; one that parses is run with
 * no_run: Monte Carlo with a few trials, then exactly when it is small, then shots to kill (Monte
 * Carlo) when it is a lone attack on an X-Wing defender of little hull (no_run's error for one
 * that cannot be destroyed, one input in 16); each summary checked for sanity, printed as text,
 * JSON and CSV (to /dev/null) and freed.
 *
 * Cost: even Monte Carlo compiles the whole attack first (up to NO_STATE_BUDGET, 4 million
 * states: seconds under the sanitizers), so every attack of the scenario is first compiled alone
 * with a small budget and the input is skipped when one does not fit. Sequences multiply that
 * (situations; look-ahead under the optimal policy compiles them all), so they get a smaller
 * budget per attack and an exact run only when short. libFuzzer's -timeout catches the rest. */
#include "fuzz_common.h"
#include "neverodds/games.h"
#include "neverodds/run.h"
#include "neverodds/table.h"
#include <math.h>
#include <time.h>

#define TRIALS 2000
#define ATTACK_BUDGET 20000   /* states of a lone attack, compiled alone */
#define SEQUENCE_BUDGET 3000  /* states of each attack of a sequence, compiled alone */
#define EXACT_MAX_ATTACKS 4   /* longest sequence also run exactly */
#define SHOTS_TRIALS 100      /* shots to kill: each trial is up to NO_MAX_SHOTS attacks */
#define SHOTS_MAX_HEALTH 4    /* shots to kill only on an X-Wing defender of at most this */

static FILE *devnull;
static int verbose = -1; /* FUZZ_RUN_VERBOSE=1: a line per input on stderr (what ran, how long) */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int fits(const no_scenario *sc, const no_ctx *ctx, size_t budget)
{
    no_graph g;
    char err[NO_ERR_LEN];
    if (no_compile(ctx, sc->engine_rules, budget, &g, err, sizeof err))
        return 0;
    no_graph_free(&g);
    return 1;
}

static int small_enough(const no_scenario *sc)
{
    if (sc->has_counter && !fits(sc, &sc->counter, ATTACK_BUDGET))
        return 0;
    if (!sc->nattacks)
        return fits(sc, &sc->ctx, ATTACK_BUDGET);
    for (int a = 0; a < sc->nattacks; a++)
        if (!fits(sc, &sc->attacks[a], SEQUENCE_BUDGET))
            return 0;
    return 1;
}

/* A lone attack on a defender that can be destroyed: no_run's condition for --shots-to-kill */
static int shots_ok(const no_scenario *sc)
{
    return !sc->nattacks && sc->carry && sc->one_defender && sc->ctx.hull;
}

/* Shots to kill compile a situation for each state the defender is left in and go on until
 * it is destroyed: seconds under the sanitizers for a Legion unit (suppression and tokens
 * carried) or an Armada ship (shields in four zones). Only an X-Wing defender with at most
 * SHOTS_MAX_HEALTH hull and shields is tried. */
static int shots_cheap(const no_scenario *sc)
{
    return sc->game == &no_game_xwing && sc->ctx.hull + sc->ctx.shields <= SHOTS_MAX_HEALTH;
}

static void fail(const char *what, double value)
{
    fprintf(stderr, "fuzz: summary check failed: %s (%.17g)\n", what, value);
    abort();
}

/* What every summary must say, whatever the attack: probabilities in [0, 1] that sum to 1. */
static void check_summary(const no_summary *s, int exact)
{
    const double tol = exact ? 1e-6 : 1e-9;
    if (s->max_damage < 0 || s->max_damage > NO_MAX_DAMAGE)
        fail("max_damage out of 0..NO_MAX_DAMAGE", s->max_damage);
    double sum = 0;
    for (int k = 0; k <= NO_MAX_DAMAGE; k++) {
        double p = s->pmf[k].p;
        if (!(p >= -tol && p <= 1 + tol))
            fail("pmf[k] outside [0, 1]", p);
        if (k > s->max_damage && p > tol)
            fail("pmf[k] > 0 beyond max_damage", p);
        sum += p;
    }
    if (!(fabs(sum - 1) <= tol))
        fail("pmf does not sum to 1", sum);
    if (!isfinite(s->mean) || s->mean < -tol || s->mean > NO_MAX_DAMAGE + tol)
        fail("mean", s->mean);
    if (s->has_kill && !(s->kill.p >= -tol && s->kill.p <= 1 + tol))
        fail("kill outside [0, 1]", s->kill.p);
}

/* Shots to kill: P(destroyed by exactly the k-th attack) and beyond sum to 1. */
static void check_shots(const no_summary *s)
{
    const double tol = 1e-9;
    if (!s->has_shots || s->max_shots < 0 || s->max_shots > NO_MAX_SHOTS)
        fail("max_shots out of 0..NO_MAX_SHOTS", s->max_shots);
    double sum = s->shots_beyond.p;
    for (int k = 1; k <= NO_MAX_SHOTS; k++) {
        if (!(s->shots[k].p >= -tol && s->shots[k].p <= 1 + tol))
            fail("shots[k] outside [0, 1]", s->shots[k].p);
        sum += s->shots[k].p;
    }
    if (!(fabs(sum - 1) <= 1e-6))
        fail("shots do not sum to 1", sum);
}

static void run(const no_scenario *sc, const no_run_opts *opts)
{
    no_summary *sum = malloc(sizeof *sum); /* as cmd_run.c: not cleared */
    char err[NO_ERR_LEN];
    if (!sum)
        abort();
    err[0] = '\0';
    if (no_run(sc, opts, sum, err, sizeof err)) {
        fuzz_check_err("no_run", err, sizeof err); /* too many states: fine */
    } else {
        if (opts->shots)
            check_shots(sum);
        else
            check_summary(sum, opts->force_exact);
        no_report_text(devnull, sc, sum);
        no_csv_run(devnull, sc, sum);
        char *json = no_report_json(sc, sum);
        free(json);
        no_summary_free(sum);
    }
    free(sum);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!devnull && !(devnull = fopen("/dev/null", "w")))
        abort();
    char *text = fuzz_text(data, size);
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    if (!sc)
        abort();
    if (verbose < 0)
        verbose = getenv("FUZZ_RUN_VERBOSE") && *getenv("FUZZ_RUN_VERBOSE") == '1';
    double t0 = now(), t1 = t0, t2 = t0, t3 = t0;
    int parsed = !fuzz_skip_known(text) && no_scenario_parse(text, "fuzz.json", sc, err, sizeof err) == 0;
    int small = parsed && small_enough(sc);
    int exact = small && sc->nattacks <= EXACT_MAX_ATTACKS;
    /* what no_run accepts for --shots-to-kill and is cheap; others fail with a message: their
     * error path is tried for one input in 16 */
    int shots = small && (shots_ok(sc) ? shots_cheap(sc) : (size & 15) == 0);
    if (small) {
        t1 = now();
        no_run_opts mc = {.trials = TRIALS, .seed = 1, .threads = 1};
        run(sc, &mc);
        t2 = now();
        if (exact) {
            no_run_opts ex = {.force_exact = 1, .seed = 1, .threads = 1};
            run(sc, &ex);
        }
        t3 = now();
        if (shots) { /* --shots-to-kill: the attack repeated on its defender, Monte Carlo */
            no_run_opts sh = {.trials = SHOTS_TRIALS, .seed = 1, .threads = 1, .shots = 1};
            run(sc, &sh);
        }
    }
    if (verbose)
        fprintf(stderr, "fuzz_run: %s, %d attacks: check %.3f s, Monte Carlo %.3f s, exact %.3f s, shots %.3f s\n",
                !parsed ? "not parsed" : !small ? "skipped (too many states)" : exact ? "ran" : "ran (no exact)",
                parsed ? sc->nattacks : 0, (small ? t1 : now()) - t0, small ? t2 - t1 : 0, exact ? t3 - t2 : 0,
                shots ? now() - t3 : 0);
    free(sc);
    free(text);
    return 0;
}
