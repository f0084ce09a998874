/*
 * The transposition table (search/solver/table.py's TranspositionTable): a dict that keeps insertion
 * order and, when full, drops the older half. The lookup is here, inline, because the recursion asks
 * it at every node; the rest is in table.c.
 *
 * Slots live in one open-addressing array (linear probing), so a lookup costs one cache miss. Each
 * slot carries the sequence number of its key's insertion (an update keeps it, as a dict keeps an
 * updated key's place). Only ever the oldest entries are dropped, so the live entries are exactly
 * those numbered from ``first`` to ``next - 1``: their count, and which half is older, need no list
 * of their own.
 */
#ifndef PERFECTPLAY_TABLE_H
#define PERFECTPLAY_TABLE_H

#include "core.h"

/* 32 bytes, so that two slots share a cache line and none straddles two. */
typedef struct {
    uint64_t lo, hi; /* the key's low words; its top bit below */
    int32_t low, high;
    uint32_t seq;  /* 0: an empty slot; renumbered from 1 whenever the table makes room */
    int16_t depth; /* see depth_code */
    int8_t move;   /* the best move in the key's frame, -1 if none: a cell of at most 64 or a column */
    uint8_t top;
} Slot;

typedef struct {
    PyObject_HEAD Slot *slots;
    size_t mask;    /* slots - 1; slots is a power of two */
    uint32_t first; /* the oldest live entry's sequence number */
    uint32_t next;  /* the next insertion's */
    Py_ssize_t count;
    Py_ssize_t capacity;
    Py_ssize_t evictions;
} TableObject;

extern PyTypeObject TableType;

/*
 * Depths in 16 bits. A search's depth counts down from a depth limit (at most a game's length) or
 * from PROVEN, so every depth is either small or within a game's length below PROVEN: the first kind
 * is kept as it is, the second as INT16_MAX minus its distance from PROVEN.
 */
#define NEAR_PROVEN 16384

static inline int16_t depth_code(int64_t depth) {
    return (int16_t)(depth > PROVEN - NEAR_PROVEN ? INT16_MAX - (PROVEN - depth) : depth);
}

static inline int64_t slot_depth(const Slot *slot) {
    return slot->depth >= NEAR_PROVEN ? PROVEN - (INT16_MAX - slot->depth) : slot->depth;
}

static inline int slot_has(const Slot *slot, const Key *key) {
    return slot->lo == key->lo && slot->hi == key->hi && slot->top == key->top;
}

static inline Slot *table_find(const TableObject *t, const Key *key) {
    if (!t->slots) return NULL;
    size_t at = key_hash(key) & t->mask;
    for (;;) {
        Slot *slot = &t->slots[at];
        if (!slot->seq) return NULL;
        if (slot_has(slot, key)) return slot;
        at = (at + 1) & t->mask;
    }
}

/* Ask the memory for ``key``'s slot ahead of its lookup: a big table's lookup is a cache miss that
   stalls the search (three quarters of its time), and the children's prefetched slots load together:
   the transposition cutoffs (negamax.h) look every child up right after. */
static inline void table_prefetch(const TableObject *t, const Key *key) {
    if (t->slots) __builtin_prefetch(&t->slots[key_hash(key) & t->mask]);
}

/* table.py make_room: drop the older half of the entries. -1 with an exception if memory runs out. */
int table_make_room(TableObject *t);

/* A bigger slot array for one more entry (table.c); -1 with an exception if memory runs out. */
int table_grow(TableObject *t);

/* ``entries[key] = (low, high, move, depth)``: updated in place, or appended as the newest. */
static inline int table_put(TableObject *t, const Key *key, int64_t low, int64_t high, int64_t move, int64_t depth) {
    Slot *slot = table_find(t, key);
    if (!slot) {
        if ((!t->slots || (size_t)(t->count + 1) * 2 > (t->mask + 1)) && table_grow(t) < 0) return -1;
        size_t at = key_hash(key) & t->mask;
        while (t->slots[at].seq) at = (at + 1) & t->mask;
        slot = &t->slots[at];
        slot->lo = key->lo;
        slot->hi = key->hi;
        slot->top = (uint8_t)key->top;
        slot->seq = t->next++;
        t->count++;
    }
    slot->low = (int32_t)low;
    slot->high = (int32_t)high;
    slot->move = (int8_t)move;
    slot->depth = depth_code(depth);
    return 0;
}

#endif
