/* dice.c — builds the per-die outcome tables: count vectors, exact probabilities and the
 * one-die-at-a-time rank transitions the Monte Carlo driver uses. */
#include "neverodds/dice.h"
#include <stdlib.h>
#include <string.h>

/* Lists count vectors of j dice over nres results in lexicographic order (first result
 * largest first) so ranks are stable and binary-searchable. */
static int enumerate(uint8_t (*out)[NO_MAX_FACES], int nres, int j)
{
    uint8_t v[NO_MAX_FACES] = {0};
    int n = 0;
    v[0] = (uint8_t)j;
    for (;;) {
        memcpy(out[n++], v, NO_MAX_FACES);
        /* next composition in reverse-lexicographic order */
        int i = nres - 2;
        while (i >= 0 && v[i] == 0)
            i--;
        if (i < 0)
            break;
        v[i]--;
        int rest = 0;
        for (int t = i + 1; t < nres; t++) {
            rest += v[t];
            v[t] = 0;
        }
        v[i + 1] = (uint8_t)(rest + 1);
    }
    return n;
}

static int compositions(int nres, int j)
{
    /* C(j + nres - 1, nres - 1) */
    long c = 1;
    for (int i = 1; i < nres; i++)
        c = c * (j + i) / i;
    return (int)c;
}

static int find_rank(const no_rolls *r, const uint8_t *v)
{
    int lo = 0, hi = r->n - 1;
    while (lo <= hi) { /* vectors are in descending lexicographic order */
        int mid = (lo + hi) / 2;
        int c = memcmp(r->count[mid], v, NO_MAX_FACES);
        if (c == 0)
            return mid;
        if (c > 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int no_dicetab_init(no_dicetab *tab, const no_die *die)
{
    memset(tab, 0, sizeof *tab);
    tab->die = die;
    unsigned per_result[NO_MAX_FACES] = {0};
    for (int s = 0; s < die->sides; s++)
        per_result[die->side_result[s]]++;
    for (int k = 0; k <= NO_MAX_ROLL; k++) {
        no_rolls *r = &tab->by_k[k];
        int n = compositions(die->nresults, k);
        r->count = calloc((size_t)n, sizeof *r->count);
        r->prob = calloc((size_t)n, sizeof *r->prob);
        if (!r->count || !r->prob)
            return -1;
        r->n = enumerate(r->count, die->nresults, k);
        double total = 1.0;
        for (int i = 0; i < k; i++)
            total *= die->sides;
        for (int o = 0; o < r->n; o++) {
            /* sequences = k! / prod(c!) * prod(m^c), at most sides^k <= 8^20 = 2^60; the product
             * before each exact division can pass 2^64, so it is taken in 128 bits */
            unsigned __int128 seq = 1;
            int placed = 0;
            for (int f = 0; f < die->nresults; f++)
                for (int c = 1; c <= r->count[o][f]; c++) {
                    placed++;
                    seq = seq * (unsigned)placed / (unsigned)c * per_result[f];
                }
            r->prob[o] = (double)seq / total;
        }
    }
    for (int j = 0; j < NO_MAX_ROLL; j++) {
        const no_rolls *from = &tab->by_k[j], *to = &tab->by_k[j + 1];
        tab->next_rank[j] = malloc((size_t)from->n * die->sides * sizeof(uint16_t));
        if (!tab->next_rank[j])
            return -1;
        for (int o = 0; o < from->n; o++)
            for (int s = 0; s < die->sides; s++) {
                uint8_t v[NO_MAX_FACES];
                memcpy(v, from->count[o], NO_MAX_FACES);
                v[die->side_result[s]]++;
                tab->next_rank[j][o * die->sides + s] = (uint16_t)find_rank(to, v);
            }
    }
    if (die->sides == 8)
        for (int k = 0; k <= NO_DIRECT_MAX; k++) {
            size_t codes = (size_t)1 << (3 * k);
            tab->direct[k] = malloc(codes * sizeof(uint16_t));
            if (!tab->direct[k])
                return -1;
            for (size_t code = 0; code < codes; code++) {
                unsigned rank = 0;
                for (int j = 0; j < k; j++)
                    rank = tab->next_rank[j][rank * 8 + ((code >> (3 * j)) & 7u)];
                tab->direct[k][code] = (uint16_t)rank;
            }
        }
    return 0;
}

void no_dicetab_free(no_dicetab *tab)
{
    for (int k = 0; k <= NO_MAX_ROLL; k++) {
        free(tab->by_k[k].count);
        free(tab->by_k[k].prob);
    }
    for (int j = 0; j < NO_MAX_ROLL; j++)
        free(tab->next_rank[j]);
    for (int k = 0; k <= NO_DIRECT_MAX; k++)
        free(tab->direct[k]);
    memset(tab, 0, sizeof *tab);
}

const no_dicetab *no_dice_set_table(no_dice_set *set, int die)
{
    if (!set->ready) {
        for (int d = 0; d < set->n; d++)
            if (no_dicetab_init(&set->tabs[d], &set->dice[d]))
                abort();
        set->ready = 1;
    }
    return &set->tabs[die];
}
