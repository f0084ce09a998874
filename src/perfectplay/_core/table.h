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

/* A wide slot, 32 bytes (two to a cache line, none straddling two): any key of up to 129 bits, any
   entry. It is also the form in which table.c moves entries of either kind of slot. */
typedef struct {
    uint64_t lo, hi; /* the key's low words; its top bit below */
    int32_t low, high;
    uint32_t seq;  /* 0: an empty slot; renumbered from 1 whenever the table makes room */
    int16_t depth; /* see depth_code */
    int8_t move;   /* the best move in the key's frame, -1 if none: a cell of at most 64 or a column */
    uint8_t top;
} Slot;

/*
 * A narrow slot, 16 bytes (four to a cache line): half the memory to clear and to miss in. It holds an
 * entry whose key has at most 56 bits (7x6 Connect Four: 49) and whose numbers are small, which is
 * every entry of an exact Connect Four search:
 *
 *   word   key (bits 0-55), move + 1 (56-62), 1 (63: the slot is used)
 *   data   seq (0-31), low (32-43), high (44-55), depth (56-63)
 *
 * A value (low, high) is a multiple of SCALE (a proven score) or a small heuristic guess: 12 bits say
 * which (bit 11) and 11 bits of two's complement its score or guess. A depth is a small depth limit
 * (0-127) or PROVEN less up to 127 (128-255). The table starts narrow and widens, once and for all,
 * at the first entry that does not fit (table_widen): the entries and their order stay the same.
 */
typedef struct {
    uint64_t word, data;
} NarrowSlot;

#define NARROW_KEY (((uint64_t)1 << 56) - 1)
#define NARROW_USED ((uint64_t)1 << 63)

typedef struct {
    PyObject_HEAD void *slots; /* Slot or NarrowSlot */
    size_t mask;    /* slots - 1; slots is a power of two */
    int narrow;     /* the slots are NarrowSlot */
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

static inline int64_t code_depth(int16_t code) { return code >= NEAR_PROVEN ? PROVEN - (INT16_MAX - code) : code; }

static inline int64_t slot_depth(const Slot *slot) { return code_depth(slot->depth); }

/* What a lookup finds: the entry, in the table's units. */
typedef struct {
    int64_t low, high, depth;
    int move;
} Found;

/* A narrow slot's 12-bit value code and 8-bit depth code, and back; -1 if the value or depth does not fit. */
static inline int narrow_value(int64_t v) {
    if (v % SCALE == 0 && v / SCALE >= -1024 && v / SCALE < 1024) return (int)((v / SCALE) & 0x7FF);
    if (v >= -1024 && v < 1024) return (int)((v & 0x7FF) | 0x800);
    return -1;
}

/* Without a branch: the sign of a score is as likely one way as the other. */
static inline int64_t value_of_narrow(uint64_t code) {
    int64_t x = (int64_t)(code << 53) >> 53; /* bits 0-10, sign-extended */
    return x * ((int64_t)1 << ((((code >> 11) & 1) ^ 1) * 20)); /* a guess as it is, a score times SCALE */
}

static inline int narrow_depth(int16_t code) {
    if (code >= 0 && code < 128) return code;
    if (code > INT16_MAX - 128) return 128 + (code - (INT16_MAX - 127));
    return -1;
}

static inline int16_t depth_of_narrow(uint64_t code) {
    return (int16_t)(code < 128 ? (int)code : INT16_MAX - 127 + ((int)code - 128));
}

static inline void narrow_found(const NarrowSlot *slot, Found *out) {
    uint64_t data = slot->data;
    out->low = value_of_narrow(data >> 32);
    out->high = value_of_narrow(data >> 44);
    out->depth = code_depth(depth_of_narrow(data >> 56));
    out->move = (int)((slot->word >> 56) & 0x7F) - 1;
}

static inline int slot_has(const Slot *slot, const Key *key) {
    return slot->lo == key->lo && slot->hi == key->hi && slot->top == key->top;
}

static inline int narrow_key(const Key *key) { return !key->hi && !key->top && key->lo <= NARROW_KEY; }

/* The slot holding ``key`` (a NarrowSlot or a Slot), or NULL. */
static inline void *table_slot(const TableObject *t, const Key *key) {
    if (!t->slots) return NULL;
    size_t at = key_hash(key) & t->mask;
    if (t->narrow) {
        if (!narrow_key(key)) return NULL; /* a narrow table holds none of these */
        NarrowSlot *slots = t->slots;
        uint64_t want = key->lo | NARROW_USED;
        for (;;) {
            uint64_t word = slots[at].word;
            if (!word) return NULL;
            if ((word & (NARROW_KEY | NARROW_USED)) == want) return &slots[at];
            at = (at + 1) & t->mask;
        }
    }
    Slot *slots = t->slots;
    for (;;) {
        Slot *slot = &slots[at];
        if (!slot->seq) return NULL;
        if (slot_has(slot, key)) return slot;
        at = (at + 1) & t->mask;
    }
}

/* ``key``'s entry into ``out``: 1, or 0 if the table has none. */
static inline int table_find(const TableObject *t, const Key *key, Found *out) {
    void *slot = table_slot(t, key);
    if (!slot) return 0;
    if (t->narrow) {
        narrow_found(slot, out);
    } else {
        const Slot *wide = slot;
        out->low = wide->low;
        out->high = wide->high;
        out->depth = slot_depth(wide);
        out->move = wide->move;
    }
    return 1;
}

/* Ask the memory for ``key``'s slot ahead of its lookup: a big table's lookup is a cache miss that
   stalls the search, and misses asked for together load together (negamax.h asks for the node's and
   its children's slots before it looks any of them up). */
static inline void table_prefetch(const TableObject *t, const Key *key) {
    if (!t->slots) return;
    size_t at = key_hash(key) & t->mask;
    __builtin_prefetch(t->narrow ? (void *)&((NarrowSlot *)t->slots)[at] : (void *)&((Slot *)t->slots)[at]);
}

/* table.py make_room: drop the older half of the entries. -1 with an exception if memory runs out. */
int table_make_room(TableObject *t);

/* A bigger slot array for one more entry (table.c); -1 with an exception if memory runs out. */
int table_grow(TableObject *t);

/* Wide slots from now on, the entries kept (table.c); -1 with an exception if memory runs out. */
int table_widen(TableObject *t);

/* Whether one more entry would leave the slot array more than three quarters full (table_grow). */
static inline int table_needs_room(const TableObject *t) {
    return !t->slots || (size_t)(t->count + 1) * 4 > (t->mask + 1) * 3;
}

/* ``entries[key] = (low, high, move, depth)``: updated in place, or appended as the newest. */
static inline int table_put(TableObject *t, const Key *key, int64_t low, int64_t high, int64_t move, int64_t depth) {
    int16_t code = depth_code(depth);
    if (t->narrow) {
        int nlow = narrow_value(low), nhigh = narrow_value(high), ndepth = narrow_depth(code);
        if (narrow_key(key) && nlow >= 0 && nhigh >= 0 && ndepth >= 0 && move >= -1 && move < 127) {
            NarrowSlot *slot = table_slot(t, key);
            uint64_t seq;
            if (slot) {
                seq = (uint32_t)slot->data;
            } else {
                if (table_needs_room(t) && table_grow(t) < 0) return -1;
                NarrowSlot *slots = t->slots;
                size_t at = key_hash(key) & t->mask;
                while (slots[at].word) at = (at + 1) & t->mask;
                slot = &slots[at];
                seq = t->next++;
                t->count++;
            }
            slot->word = key->lo | (uint64_t)(move + 1) << 56 | NARROW_USED;
            slot->data = seq | (uint64_t)nlow << 32 | (uint64_t)nhigh << 44 | (uint64_t)ndepth << 56;
            return 0;
        }
        if (table_widen(t) < 0) return -1;
    }
    Slot *slot = table_slot(t, key);
    if (!slot) {
        if (table_needs_room(t) && table_grow(t) < 0) return -1;
        Slot *slots = t->slots;
        size_t at = key_hash(key) & t->mask;
        while (slots[at].seq) at = (at + 1) & t->mask;
        slot = &slots[at];
        slot->lo = key->lo;
        slot->hi = key->hi;
        slot->top = (uint8_t)key->top;
        slot->seq = t->next++;
        t->count++;
    }
    slot->low = (int32_t)low;
    slot->high = (int32_t)high;
    slot->move = (int8_t)move;
    slot->depth = code;
    return 0;
}

#endif
