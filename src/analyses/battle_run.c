/* battle_run.c — `neverodds battle`: the attack tables, then the battle exactly when its states fit
 * (or when --exact asks) and by Monte Carlo otherwise, as asked and at each range; then the
 * report. */
#include "battle_model.h"
#include <stdlib.h>
#include <string.h>

/* Battle states the exact driver may hold at once before the battle falls back to Monte Carlo
 * (a state is about 80 bytes with its chance: a few seconds and tens of MB at most). */
#define EXACT_BUDGET 200000

/* One battle with the chances range_p: exact, or Monte Carlo when rep says. */
static int drive(const bt_model *m, const no_battle_opts *o, const double range_p[4], bt_report *rep, bt_result *r)
{
    if (rep->exact) {
        if (!bt_exact(m, o, range_p, EXACT_BUDGET, r))
            return 0;
        bt_result_free(r);
        return -1;
    }
    no_battle_opts mc = *o;
    mc.run.trials = rep->trials;
    bt_montecarlo(m, &mc, range_p, r);
    return 0;
}

int no_battle(FILE *f, const no_battle_side *a, const no_battle_side *b, const no_battle_opts *o, char *err,
              size_t errlen)
{
    bt_model *m = calloc(1, sizeof *m);
    bt_report *rep = calloc(1, sizeof *rep);
    if (!m || !rep)
        abort();
    int rc = bt_model_build(m, a, b, o, err, errlen);
    if (rc) {
        free(m);
        free(rep);
        return -1;
    }
    *rep = (bt_report){.side = {a, b}, .opts = o, .model = m};
    rep->exact = no_run_is_exact(&o->run);
    rep->trials = o->run.trials ? o->run.trials : NO_DEFAULT_TRIALS;
    if (rep->exact && (m->reshuffle[0] || m->reshuffle[1])) { /* said in the report's note */
        if (o->run.force_exact) {
            snprintf(err, errlen, "a side's deck may run out (%s): its reshuffle is followed by Monte Carlo only; "
                     "--trials N runs the battle", m->deck_note);
            bt_model_free(m);
            free(m);
            free(rep);
            return -1;
        }
        rep->exact = 0;
    }
    if (drive(m, o, o->range_p, rep, &rep->main)) {
        if (o->run.force_exact) {
            snprintf(err, errlen, "the battle is too large to compute exactly (more than %d battle states at once); "
                     "--trials N runs it by Monte Carlo", EXACT_BUDGET);
            rc = -1;
        } else { /* said in the report */
            rep->exact = 0;
            rep->fell_back = 1;
            drive(m, o, o->range_p, rep, &rep->main);
        }
    }
    int bands = 0;
    for (int r = 1; r <= 3 && !rc; r++) { /* the same battle at one range every round */
        double one[4] = {0};
        one[r] = 1;
        if (o->range_p[r] == 1) { /* the battle as asked: the same run */
            bt_result_init(&rep->band[r - 1], m, o->rounds);
            bt_result_add(&rep->band[r - 1], &rep->main);
            rep->band[r - 1].exact = rep->main.exact;
            bands |= 1 << (r - 1);
        } else if (!drive(m, o, one, rep, &rep->band[r - 1])) {
            bands |= 1 << (r - 1);
        } else { /* exact fits the battle but not this range: sampled, and the report says so */
            bt_report mc = *rep;
            mc.exact = 0;
            drive(m, o, one, &mc, &rep->band[r - 1]);
            bands |= 1 << (r - 1);
        }
    }
    if (!rc)
        rc = bt_print(f, rep, err, errlen);
    if (!(rc < 0 && o->run.force_exact))
        bt_result_free(&rep->main);
    for (int r = 0; r < 3; r++)
        if (bands & 1 << r)
            bt_result_free(&rep->band[r]);
    bt_model_free(m);
    free(m);
    free(rep);
    return rc;
}

int no_battle_rounds_to_destroy(const no_battle_side *a, const no_battle_side *b, const no_battle_opts *o,
                                no_rate mean[3], double unresolved[3], int *exact, char *err, size_t errlen)
{
    no_battle_opts one = *o;
    one.passive = 1 << 1;
    one.fresh_tokens = 1;
    one.target[0] = NO_TARGET_LIKELIEST_KILL; /* focus fire */
    one.rounds = NO_BATTLE_MAX_ROUNDS;
    bt_model *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    if (bt_model_build(m, a, b, &one, err, errlen)) {
        free(m);
        return -1;
    }
    bt_report rep = {.exact = no_run_is_exact(&o->run), .trials = o->run.trials ? o->run.trials : NO_DEFAULT_TRIALS};
    *exact = 1;
    for (int x = 0; x < 3; x++) {
        double range_p[4] = {0};
        range_p[x + 1] = 1;
        bt_result r;
        rep.exact = no_run_is_exact(&o->run);
        if (drive(m, &one, range_p, &rep, &r)) { /* too large for exact: Monte Carlo */
            rep.exact = 0;
            drive(m, &one, range_p, &rep, &r);
        }
        *exact &= rep.exact;
        mean[x] = bt_mean_of(&r, r.rounds_sum, r.rounds_sq);
        unresolved[x] = r.outcome[BT_UNRESOLVED] / r.total;
        bt_result_free(&r);
    }
    bt_model_free(m);
    free(m);
    return 0;
}
