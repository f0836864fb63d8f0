/* legion_wounds.c — how a Legion unit takes wounds: which miniature each wound token goes to
 * (most-wounded first, leader last, Noncombatant after the others, a Counterpart as any other
 * miniature but spared the last one's defeat), worked out once per scenario so
 * the attack steps only look up how many miniatures a wound total defeats. Lines cited are
 * seeds/002_a81f265cf8fec8c3.txt. */
#include "neverodds/legion.h"

static int alive(const no_legion_mini *m, const int *tokens, int i)
{
    return tokens[i] < m[i].wounds;
}

/* Does miniature a take the next token before miniature b? The one with more wound tokens
 * (L1642); at a tie, one without Noncombatant (L3080); then the order the scenario lists them,
 * which is the defending player's choice among equals. */
static int before(const no_legion_mini *m, const int *tokens, int a, int b)
{
    if (tokens[a] != tokens[b])
        return tokens[a] > tokens[b];
    if (m[a].noncombatant != m[b].noncombatant)
        return !m[a].noncombatant;
    return a < b;
}

/* Miniatures left that are not counterparts. */
static int non_counterparts(const no_legion_mini *m, const int *tokens, int n)
{
    int left = 0;
    for (int i = 0; i < n; i++)
        left += alive(m, tokens, i) && !m[i].counterpart;
    return left;
}

/* The miniature that takes the next token by the rules' order (and the list's), of every
 * miniature or only the counterparts; -1 when none is left. A counterpart is an ordinary
 * miniature here (L1638-L1642: the player picks one, the most wounded first; L3080: before a
 * Noncombatant and the leader). The leader only when it is the last miniature, or the last that
 * is not a counterpart (L1640, L2331). */
static int pick(const no_legion_mini *m, const int *tokens, int n, int counterparts_only)
{
    int others = non_counterparts(m, tokens, n), best = -1;
    for (int i = 0; i < n; i++) {
        if (!alive(m, tokens, i) || (counterparts_only && !m[i].counterpart) || (m[i].leader && others > 1))
            continue;
        if (best < 0 || before(m, tokens, i, best))
            best = i;
    }
    return best;
}

/* The miniature the next wound token goes to, or -1 once every miniature is defeated. A token
 * that would defeat the last miniature that is not a counterpart goes to a counterpart (L2332,
 * "debe"). L2332 also lets the player move any token meant for another miniature onto a
 * counterpart ("puede"); we never do so by choice: list the counterpart last to keep it longest. */
static int next_target(const no_legion_mini *m, const int *tokens, int n)
{
    int t = pick(m, tokens, n, 0);
    if (t >= 0 && !m[t].counterpart && non_counterparts(m, tokens, n) == 1 && tokens[t] + 1 == m[t].wounds) {
        int spare = pick(m, tokens, n, 1);
        if (spare >= 0)
            return spare;
    }
    return t;
}

int no_legion_set_minis(no_ctx *ctx, const no_legion_mini *m, int n)
{
    if (n < 1 || n > LG_MAX_MINIS)
        return -1;
    uint8_t *d = ctx->kw[NO_DEFENDER];
    /* the ranged cap (L1638): "el umbral de Heridas combinado" of the miniatures in line of sight,
     * their thresholds whatever tokens they hold; or, switched, what they can still take */
    int remaining = d[LK_LOS_CAP_READING] == LG_LOS_REMAINING;
    int tokens[LG_MAX_MINIS], health = 0, health_los = 0, wounded = 0, uniform = 1, in_los = 0;
    for (int i = 0; i < n; i++) {
        tokens[i] = m[i].wounded;
        health += m[i].wounds - m[i].wounded;
        health_los += m[i].in_los ? m[i].wounds - (remaining ? m[i].wounded : 0) : 0;
        in_los += m[i].in_los;
        wounded += m[i].wounded;
        uniform &= m[i].wounds == m[0].wounds;
    }
    if (health > LG_MAX_HEALTH)
        return -1;
    d[LK_MINIS] = (uint8_t)n;
    d[LK_WOUNDS] = (uint8_t)(uniform ? m[0].wounds : 0); /* 0: thresholds differ */
    d[LK_WOUNDED] = (uint8_t)wounded;
    d[LK_IN_LOS] = (uint8_t)in_los;
    d[LK_HEALTH] = (uint8_t)health;
    d[LK_HEALTH_LOS] = (uint8_t)(health_los < health ? health_los : health);
    int defeated = 0;
    d[LK_DEFEATED] = 0;
    for (int w = 1; w <= NO_MAX_ROLL; w++) {
        int t = next_target(m, tokens, n);
        if (t >= 0 && ++tokens[t] == m[t].wounds)
            defeated++;
        d[LK_DEFEATED + w] = (uint8_t)defeated;
    }
    return 0;
}

int no_legion_after_wounds(const no_legion_unit *u, int wounds, no_legion_mini *out)
{
    int tokens[LG_MAX_MINIS];
    for (int i = 0; i < u->n; i++)
        tokens[i] = u->m[i].wounded;
    for (int w = 0; w < wounds; w++) {
        int t = next_target(u->m, tokens, u->n);
        if (t < 0)
            break;
        tokens[t]++;
    }
    int n = 0, leader = 0;
    for (int i = 0; i < u->n; i++)
        if (alive(u->m, tokens, i)) {
            out[n] = u->m[i];
            out[n].wounded = (uint8_t)tokens[i];
            leader |= out[n++].leader;
        }
    for (int i = 0; i < n && !leader; i++) /* the leader fell: another takes its place (L1644) */
        if (!out[i].counterpart)
            leader = out[i].leader = 1;
    return n;
}

int no_legion_defeated(const no_ctx *ctx, int wounds)
{
    return ctx->kw[NO_DEFENDER][LK_DEFEATED + (wounds > NO_MAX_ROLL ? NO_MAX_ROLL : wounds)];
}
