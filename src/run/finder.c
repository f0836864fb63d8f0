/* finder.c — hash sets of indexes by open addressing (finder.h). */
#include "run/finder.h"
#include <stdlib.h>
#include <string.h>

uint64_t finder_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) { /* a word at a time, mixed as splitmix64 does */
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3ULL;
    return h ^ (h >> 29);
}

const found *finder_find(const finder *f, uint64_t hash, finder_same same, const void *items, const void *key)
{
    if (!f->n)
        return NULL;
    size_t i = hash & (f->cap - 1);
    while (f->slot[i].index >= 0 && !(f->slot[i].hash == hash && same(items, &f->slot[i], key)))
        i = (i + 1) & (f->cap - 1);
    return f->slot[i].index >= 0 ? &f->slot[i] : NULL;
}

void finder_add(finder *f, uint64_t hash, int attack, int index)
{
    if (2 * (f->n + 1) > f->cap) { /* grow and re-place every entry */
        finder old = *f;
        f->cap = f->cap ? 2 * f->cap : 256;
        f->slot = malloc(f->cap * sizeof *f->slot);
        if (!f->slot)
            abort();
        for (size_t i = 0; i < f->cap; i++)
            f->slot[i].index = -1;
        for (size_t i = 0; i < old.cap; i++)
            if (old.slot[i].index >= 0) {
                size_t j = old.slot[i].hash & (f->cap - 1);
                while (f->slot[j].index >= 0)
                    j = (j + 1) & (f->cap - 1);
                f->slot[j] = old.slot[i];
            }
        free(old.slot);
    }
    size_t j = hash & (f->cap - 1);
    while (f->slot[j].index >= 0)
        j = (j + 1) & (f->cap - 1);
    f->slot[j] = (found){hash, attack, index};
    f->n++;
}

void finder_free(finder *f)
{
    free(f->slot);
    *f = (finder){0};
}
