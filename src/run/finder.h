/* finder.h — hash sets of indexes (finder.c): the items live in the caller's arrays, the set
 * holds each one's hash and index and asks the caller whether a candidate is the key. A
 * sequence finds its situations, graphs and dice parts by them (sequence.c), a situation dealt
 * apart its damage inputs and ends (dealt.c). */
#ifndef NEVERODDS_RUN_FINDER_H
#define NEVERODDS_RUN_FINDER_H
#include <stddef.h>
#include <stdint.h>

#define FINDER_SEED 0xCBF29CE484222325ULL

/* An entry: the item's hash, its list (a sequence's attack; 0 when there is one) and index. */
typedef struct found {
    uint64_t hash;
    int attack, index;   /* index -1: an empty slot */
} found;
typedef struct finder {
    found *slot;
    size_t cap, n;       /* cap: a power of two at least twice n */
} finder;

/* Is the item of entry f the key? `items` is what the caller passed along. */
typedef int (*finder_same)(const void *items, const found *f, const void *key);

/* n bytes hashed on from h (FINDER_SEED to start). */
uint64_t finder_hash(uint64_t h, const void *p, size_t n);
/* The entry of `key` (whose hash is `hash`), or NULL. */
const found *finder_find(const finder *f, uint64_t hash, finder_same same, const void *items, const void *key);
void finder_add(finder *f, uint64_t hash, int attack, int index);
void finder_free(finder *f);

#endif
