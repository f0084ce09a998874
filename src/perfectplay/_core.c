/*
 * perfectplay._core: the production solver's recursion, compiled, for the built-in games.
 *
 * This is a second implementation of ``search/machinery/negamax.py`` together
 * with the search hooks of ``games/connect4_node.py`` and ``games/mnk_node.py``.
 * It must explore exactly the nodes the Python one explores, in the same order,
 * and leave the same entries in the transposition table in the same order:
 * the Python files are the specification, and tests/test_compiled_core.py
 * compares the two node for node. Every rule below names the Python line it
 * mirrors; when one changes, the other must change with it.
 *
 * What is compiled and what stays in Python: the drivers (null-window probes,
 * iterative deepening, the root and its twins, the limits) stay in Python and
 * call ``Search.connect4`` / ``Search.mnk`` once per probe with the root's
 * child node. The recursion below it runs here and hands control back to the
 * Python ``Budget.checkpoint`` whenever the node count reaches ``next_check``,
 * exactly when the Python recursion would; an exception raised there (a spent
 * limit) unwinds the C recursion without storing anything, as it does in
 * Python.
 *
 * Needs gcc or clang (``unsigned __int128``: m,n,k keys have up to 129 bits
 * and the largest Connect Four boards need 99-bit bitboards).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdlib.h>
#include "structmember.h"
#ifdef __linux__
#include <sys/mman.h>
#endif
#include <stdint.h>
#include <string.h>
#if PY_VERSION_HEX >= 0x030D0000
/* Python 3.13 gave _PyLong_AsByteArray a sixth argument (raise on overflow); the calls below pass five. */
#define _PyLong_AsByteArray(v, bytes, n, little, is_signed) _PyLong_AsByteArray(v, bytes, n, little, is_signed, 1)
#endif

typedef unsigned __int128 u128;

#define SCALE ((int64_t)1 << 20)    /* scale.py SCALE */
#define INFINITE ((int64_t)1 << 60) /* scale.py INFINITE */
#define PROVEN ((int64_t)1 << 30)   /* table.py PROVEN */

#define MAX_MOVES 64 /* m,n,k boards of up to 64 cells; Connect Four has at most 9 columns */
#define MAX_WORDS 8  /* line-number masks of m,n,k boards: up to 512 lines */
#define MAX_PERMS 8

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int popcount128(u128 x) { return popcount64((uint64_t)x) + popcount64((uint64_t)(x >> 64)); }
static inline int bit_length128(u128 x) {
    uint64_t hi = (uint64_t)(x >> 64);
    if (hi) return 128 - __builtin_clzll(hi);
    uint64_t lo = (uint64_t)x;
    return lo ? 64 - __builtin_clzll(lo) : 0;
}

/* ------------------------------------------------------------------------ */
/* Keys: a Python int of up to 129 bits, as three words.                     */

typedef struct {
    uint64_t lo, hi, top;
} Key;


static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static inline uint64_t key_hash(const Key *k) { return mix64(k->lo ^ mix64(k->hi + 0x9e3779b97f4a7c15ULL * (k->top + 1))); }

static PyObject *key_to_int(const Key *k) {
    /* lo + hi << 64 + top << 128 */
    PyObject *result = PyLong_FromUnsignedLongLong(k->top);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *words[2] = {PyLong_FromUnsignedLongLong(k->hi), PyLong_FromUnsignedLongLong(k->lo)};
    for (int i = 0; i < 2 && result; i++) {
        PyObject *moved = result && shift ? PyNumber_Lshift(result, shift) : NULL;
        Py_XDECREF(result);
        result = moved && words[i] ? PyNumber_Or(moved, words[i]) : NULL;
        Py_XDECREF(moved);
    }
    Py_XDECREF(words[0]);
    Py_XDECREF(words[1]);
    Py_XDECREF(shift);
    return result;
}

/* A non-negative Python int's three low words (bits 0-191); -1 with an exception if it is not one. */
static int int_words(PyObject *value, uint64_t out[3]) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "expected an int");
        return -1;
    }
    unsigned char bytes[24];
    if (_PyLong_NumBits(value) > 192) {
        PyErr_SetString(PyExc_OverflowError, "a bitboard or key of more than 192 bits");
        return -1;
    }
    if (_PyLong_Sign(value) < 0) {
        PyErr_SetString(PyExc_ValueError, "a negative bitboard or key");
        return -1;
    }
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, sizeof bytes, 1, 0) < 0) return -1;
    for (int w = 0; w < 3; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = word << 8 | bytes[w * 8 + b];
        out[w] = word;
    }
    return 0;
}

static int int_u128(PyObject *value, u128 *out) {
    uint64_t words[3];
    if (int_words(value, words) < 0) return -1;
    if (words[2]) {
        PyErr_SetString(PyExc_OverflowError, "a bitboard of more than 128 bits");
        return -1;
    }
    *out = (u128)words[1] << 64 | words[0];
    return 0;
}

static PyObject *u128_to_int(u128 x) {
    Key k = {(uint64_t)x, (uint64_t)(x >> 64), 0};
    return key_to_int(&k);
}

/* ------------------------------------------------------------------------ */
/* The table: table.py's TranspositionTable, a dict that keeps insertion     */
/* order and, when full, drops the older half.                               */
/*                                                                           */
/* Slots live in one open-addressing array (linear probing), so a lookup    */
/* costs one cache miss. Each slot carries the sequence number of its key's */
/* insertion (an update keeps it, as a dict keeps an updated key's place).  */
/* Only ever the oldest entries are dropped, so the live entries are        */
/* exactly those numbered from ``first`` to ``next - 1``: their count, and  */
/* which half is older, need no list of their own.                          */

/* 32 bytes, so that two slots share a cache line and none straddles two. */
typedef struct {
    uint64_t lo, hi; /* the key's low words; its top bit below */
    int32_t low, high;
    uint32_t seq;  /* 0: an empty slot; renumbered from 1 whenever the table makes room */
    int16_t depth; /* see depth_code */
    int8_t move;   /* the best move in the key's frame, -1 if none: a cell of at most 64 or a column */
    uint8_t top;
} Slot;

/*
 * Depths in 16 bits. A search's depth counts down from a depth limit (at
 * most a game's length) or from PROVEN, so every depth is either small or
 * within a game's length below PROVEN: the first kind is kept as it is, the
 * second as INT16_MAX minus its distance from PROVEN.
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

static inline Key slot_key(const Slot *slot) {
    Key key = {slot->lo, slot->hi, slot->top};
    return key;
}

typedef struct {
    PyObject_HEAD Slot *slots;
    size_t mask;    /* slots - 1; slots is a power of two */
    uint32_t first; /* the oldest live entry's sequence number */
    uint32_t next;  /* the next insertion's */
    Py_ssize_t count;
    Py_ssize_t capacity;
    Py_ssize_t evictions;
} TableObject;

/*
 * Zeroed memory for ``size`` slots. Large tables are probed at random, so
 * on Linux they ask for huge pages: one TLB entry then covers 2 MB instead
 * of 4 KB, which saves a page walk on most lookups.
 */
#define HUGE_BYTES ((size_t)1 << 21)

static Slot *slots_alloc(size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = size * sizeof(Slot);
    if (bytes >= HUGE_BYTES) {
        void *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return NULL;
        madvise(memory, bytes, MADV_HUGEPAGE);
        return memory;
    }
#endif
    return PyMem_Calloc(size, sizeof(Slot));
}

static void slots_free(Slot *slots, size_t size) {
    if (!slots) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (size * sizeof(Slot) >= HUGE_BYTES) {
        munmap(slots, size * sizeof(Slot));
        return;
    }
#endif
    PyMem_Free(slots);
}

/* Rebuild the slot array with ``size`` slots, keeping the live entries (sequence numbers from ``first``). */
static int table_rebuild(TableObject *t, size_t size) {
    Slot *slots = slots_alloc(size);
    if (!slots) {
        PyErr_NoMemory();
        return -1;
    }
    size_t mask = size - 1;
    if (t->slots) {
        for (size_t i = 0; i <= t->mask; i++) {
            const Slot *old = &t->slots[i];
            if (old->seq < t->first) continue; /* empty (0) or dropped */
            Key key = slot_key(old);
            size_t at = key_hash(&key) & mask;
            while (slots[at].seq) at = (at + 1) & mask;
            slots[at] = *old;
            slots[at].seq = old->seq - t->first + 1;
        }
    }
    slots_free(t->slots, t->slots ? t->mask + 1 : 0);
    t->slots = slots;
    t->mask = mask;
    t->first = 1;
    t->next = (uint32_t)t->count + 1;
    return 0;
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

/* table.py make_room: drop the older half of the entries. */
static int table_make_room(TableObject *t) {
    Py_ssize_t dropped = t->count / 2;
    t->first += (uint32_t)dropped;
    t->count -= dropped;
    t->evictions += dropped;
    if (!t->slots) return 0;
    /* Rebuilt in place: the survivors aside, the array cleared, the survivors back. A fresh
       array each time would cost the kernel a page fault and a zeroed page per 2 MB or 4 KB. */
    Slot *kept = t->count ? PyMem_Malloc((size_t)t->count * sizeof(Slot)) : NULL;
    if (t->count && !kept) return table_rebuild(t, t->mask + 1);
    Py_ssize_t n = 0;
    for (size_t i = 0; i <= t->mask; i++)
        if (t->slots[i].seq >= t->first) kept[n++] = t->slots[i];
    memset(t->slots, 0, (t->mask + 1) * sizeof(Slot));
    for (Py_ssize_t k = 0; k < n; k++) {
        Key key = slot_key(&kept[k]);
        size_t at = key_hash(&key) & t->mask;
        while (t->slots[at].seq) at = (at + 1) & t->mask;
        t->slots[at] = kept[k];
        t->slots[at].seq = kept[k].seq - t->first + 1; /* numbered from 1 again: 32 bits never run out */
    }
    PyMem_Free(kept);
    t->first = 1;
    t->next = (uint32_t)t->count + 1;
    return 0;
}

/* ``entries[key] = (low, high, move, depth)``: updated in place, or appended as the newest. */
static int table_put(TableObject *t, const Key *key, int64_t low, int64_t high, int64_t move, int64_t depth) {
    Slot *slot = table_find(t, key);
    if (!slot) {
        /* At most three quarters full, so that probes stay short. The array grows four times at
           once (every growth is a fresh array the kernel must zero and every entry moved again,
           a sixth of a big search's time when it only doubled), but never past the size that
           holds ``capacity`` entries: the table makes room before it would need more. */
        if (!t->slots || (size_t)(t->count + 1) * 4 > (t->mask + 1) * 3) {
            size_t largest = 1024;
            while ((size_t)t->capacity * 4 > largest * 3) largest *= 2;
            size_t size = t->slots ? (t->mask + 1) * 4 : 1024;
            if (size > largest) size = largest;
            while ((size_t)(t->count + 1) * 4 > size * 3) size *= 2;
            if (table_rebuild(t, size) < 0) return -1;
        }
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

static PyObject *slot_tuple(const Slot *s) {
    return Py_BuildValue("(iiiL)", (int)s->low, (int)s->high, (int)s->move, (long long)slot_depth(s));
}

static int Table_init(TableObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"capacity", NULL};
    Py_ssize_t capacity;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "n", names, &capacity)) return -1;
    if (capacity < 2) {
        PyErr_SetString(PyExc_ValueError, "a table needs room for at least 2 entries");
        return -1;
    }
    self->capacity = capacity;
    self->first = self->next = 1;
    return 0;
}

static void Table_dealloc(TableObject *self) {
    slots_free(self->slots, self->slots ? self->mask + 1 : 0);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Table_len(TableObject *self) { return self->count; }

static PyObject *Table_get(TableObject *self, PyObject *arg) {
    uint64_t words[3];
    if (!PyLong_Check(arg) || _PyLong_Sign(arg) < 0 || _PyLong_NumBits(arg) > 129) Py_RETURN_NONE;
    if (int_words(arg, words) < 0) return NULL;
    Key key = {words[0], words[1], words[2]};
    Slot *slot = table_find(self, &key);
    if (!slot) Py_RETURN_NONE;
    return slot_tuple(slot);
}

static PyObject *Table_items(TableObject *self, PyObject *unused) {
    /* Oldest first: slot by sequence number (the live ones are numbered first .. next - 1). */
    PyObject *list = PyList_New(self->count);
    if (!list) return NULL;
    for (size_t i = 0; self->slots && i <= self->mask; i++) {
        const Slot *slot = &self->slots[i];
        if (slot->seq < self->first) continue;
        Key words = slot_key(slot);
        PyObject *key = key_to_int(&words);
        PyObject *value = key ? slot_tuple(slot) : NULL;
        PyObject *pair = value ? PyTuple_Pack(2, key, value) : NULL;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (!pair) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)(slot->seq - self->first), pair);
    }
    return list;
}

static PyObject *Table_make_room(TableObject *self, PyObject *unused) {
    if (table_make_room(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Table_get_capacity(TableObject *self, void *closure) { return PyLong_FromSsize_t(self->capacity); }
static PyObject *Table_get_evictions(TableObject *self, void *closure) { return PyLong_FromSsize_t(self->evictions); }

static PyMethodDef Table_methods[] = {
    {"get", (PyCFunction)Table_get, METH_O, "The entry (low, high, move, depth) of an int key, or None."},
    {"items", (PyCFunction)Table_items, METH_NOARGS, "Every (key, entry) pair, oldest first."},
    {"make_room", (PyCFunction)Table_make_room, METH_NOARGS, "Drop the older half of the entries."},
    {NULL},
};

static PyGetSetDef Table_getset[] = {
    {"capacity", (getter)Table_get_capacity, NULL, "Entries kept before the older half is dropped.", NULL},
    {"evictions", (getter)Table_get_evictions, NULL, "Entries dropped for room so far.", NULL},
    {NULL},
};

static PySequenceMethods Table_sequence = {.sq_length = (lenfunc)Table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "perfectplay._core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled core's transposition table: table.py's dict semantics, in C.",
    .tp_methods = Table_methods,
    .tp_getset = Table_getset,
    .tp_as_sequence = &Table_sequence,
    .tp_init = (initproc)Table_init,
    .tp_new = PyType_GenericNew,
};

/* ------------------------------------------------------------------------ */
/* Geometry of the two games (connect4_node.Geometry, mnk_node.Geometry).    */

typedef struct {
    int width, height, stride, cells, base;
    int order[MAX_MOVES];
    u128 bottom, board, centre;
    u128 bottom_bits[MAX_MOVES], column_bits[MAX_MOVES];
} C4Geometry;

typedef struct {
    int cells, base, lines, words, perms;
    uint64_t *line_masks;         /* lines */
    int *through_start;           /* cells + 1: lines through cell c are through[start[c]:start[c+1]] */
    uint64_t *through;            /* their masks */
    uint64_t line_ids[MAX_MOVES][MAX_WORDS];
    int perm[MAX_PERMS][MAX_MOVES], inverse[MAX_PERMS][MAX_MOVES];
    int order[MAX_MOVES];
    u128 x_bits[MAX_MOVES][MAX_PERMS], o_bits[MAX_MOVES][MAX_PERMS];
} MnkGeometry;

enum { KIND_NONE, KIND_C4_64, KIND_C4_128, KIND_MNK };

typedef struct {
    PyObject_HEAD long long nodes, next_check, horizon;
    PyObject *budget;
    TableObject *table;
    int kind;
    int failed; /* a Python exception is pending: unwind */
    C4Geometry c4;
    MnkGeometry mnk;
} SearchObject;

/* ------------------------------------------------------------------------ */
/* Connect Four nodes (connect4_node.Connect4Node), for 64-bit and 128-bit   */
/* bitboards: the same code twice, through a macro, because 7x6 fits 64 bits */
/* (the fast case) and 9x10 does not.                                        */

#define DEFINE_CONNECT4(SUF, BB)                                                                                      \
    typedef struct {                                                                                                  \
        BB pos, mask, my_win, opp_win, safe;                                                                          \
        int stones, forced, low, high;                                                                                \
    } C4Node##SUF;                                                                                                    \
                                                                                                                      \
    /* connect4_node.threat_finder */                                                                                 \
    static inline BB c4_threats##SUF(const C4Geometry *g, BB stones, BB mask) {                                       \
        int h = g->height;                                                                                            \
        int r1 = h + 1, r2 = 2 * (h + 1), r3 = 3 * (h + 1);                                                           \
        int d1 = h, d2 = 2 * h, d3 = 3 * h;                                                                           \
        int u1 = h + 2, u2 = 2 * (h + 2), u3 = 3 * (h + 2);                                                           \
        BB before = stones << r1, after = stones >> r1;                                                               \
        BB cells = (stones << 1) & (stones << 2) & (stones << 3);                                                     \
        cells |= (before & (stones << r2) & ((stones << r3) | after)) | (after & (stones >> r2) & ((stones >> r3) | before)); \
        before = stones << d1, after = stones >> d1;                                                                  \
        cells |= (before & (stones << d2) & ((stones << d3) | after)) | (after & (stones >> d2) & ((stones >> d3) | before)); \
        before = stones << u1, after = stones >> u1;                                                                  \
        cells |= (before & (stones << u2) & ((stones << u3) | after)) | (after & (stones >> u2) & ((stones >> u3) | before)); \
        return cells & ((BB)g->board ^ mask);                                                                         \
    }                                                                                                                 \
                                                                                                                      \
    /* Connect4Node.lose */                                                                                           \
    static inline void c4_lose##SUF(const C4Geometry *g, C4Node##SUF *n) {                                            \
        n->low = n->high = -g->base;                                                                                  \
        n->forced = 0;                                                                                                \
        n->safe = 0;                                                                                                  \
    }                                                                                                                 \
                                                                                                                      \
    /* Connect4Node.settle */                                                                                         \
    static inline void c4_settle##SUF(const C4Geometry *g, C4Node##SUF *n) {                                          \
        int base = g->base;                                                                                           \
        BB possible = (n->mask + (BB)g->bottom) & (BB)g->board;                                                       \
        n->forced = 0;                                                                                                \
        BB wins = n->my_win & possible;                                                                               \
        if (wins) {                                                                                                   \
            n->low = n->high = base - 1;                                                                              \
            n->safe = wins;                                                                                           \
            return;                                                                                                   \
        }                                                                                                             \
        BB must_block = possible & n->opp_win;                                                                        \
        if (must_block) {                                                                                             \
            if (must_block & (must_block - 1)) {                                                                      \
                n->low = n->high = 2 - base;                                                                          \
                n->safe = 0;                                                                                          \
                return;                                                                                               \
            }                                                                                                         \
            possible = must_block;                                                                                    \
        }                                                                                                             \
        BB safe = possible & ~(n->opp_win >> 1);                                                                      \
        n->safe = safe;                                                                                               \
        if (!safe) {                                                                                                  \
            n->low = n->high = possible ? 2 - base : 0;                                                               \
        } else if (n->stones >= g->cells - 2) {                                                                       \
            n->low = n->high = 0;                                                                                     \
        } else {                                                                                                      \
            n->forced = !(safe & (safe - 1));                                                                         \
            n->high = base - 3;                                                                                       \
            n->low = n->stones + 4 <= g->cells ? 4 - base : 0;                                                        \
        }                                                                                                             \
    }                                                                                                                 \
                                                                                                                      \
    /* Connect4Node.moves, with the winning cells each move leaves its mover (``found``). */                          \
    static inline int c4_moves##SUF(const C4Geometry *g, const C4Node##SUF *n, int *moves, BB *found) {               \
        BB safe = n->safe;                                                                                            \
        if (n->forced) {                                                                                              \
            moves[0] = (bit_length128((u128)safe) - 1) / g->stride;                                                   \
            found[0] = 0;                                                                                             \
            return -1; /* one move, nothing found: ``play`` computes the threats */                                   \
        }                                                                                                             \
        if (!safe) safe = (n->mask + (BB)g->bottom) & (BB)g->board;                                                   \
        int count = 0, counts[MAX_MOVES];                                                                             \
        for (int i = 0; i < g->width; i++) {                                                                          \
            int col = g->order[i];                                                                                    \
            BB bit = safe & (BB)g->column_bits[col];                                                                  \
            if (bit) {                                                                                                \
                BB cells = c4_threats##SUF(g, n->pos | bit, n->mask) & ~bit;                                          \
                int c = popcount128((u128)cells);                                                                     \
                /* A stable sort, most cells first: insert after every move with as many or more. */                  \
                int at = count;                                                                                       \
                while (at > 0 && counts[at - 1] < c) {                                                                \
                    moves[at] = moves[at - 1];                                                                        \
                    found[at] = found[at - 1];                                                                        \
                    counts[at] = counts[at - 1];                                                                      \
                    at--;                                                                                             \
                }                                                                                                     \
                moves[at] = col;                                                                                      \
                found[at] = cells;                                                                                    \
                counts[at] = c;                                                                                       \
                count++;                                                                                              \
            }                                                                                                         \
        }                                                                                                             \
        return count;                                                                                                 \
    }                                                                                                                 \
                                                                                                                      \
    /* Connect4Node.play; ``found`` is the mover's winning cells after the move if known. */                          \
    static inline void c4_play##SUF(const C4Geometry *g, const C4Node##SUF *n, int move, const BB *found,             \
                                    C4Node##SUF *child) {                                                             \
        BB mask = n->mask;                                                                                            \
        BB bit = (mask + (BB)g->bottom_bits[move]) & (BB)g->column_bits[move];                                        \
        BB pos = n->pos;                                                                                              \
        child->pos = pos ^ mask;                                                                                      \
        child->mask = mask | bit;                                                                                     \
        child->stones = n->stones + 1;                                                                                \
        child->my_win = n->opp_win & ~bit;                                                                            \
        child->opp_win = found ? *found : c4_threats##SUF(g, pos | bit, child->mask);                                 \
        if (n->my_win & bit)                                                                                          \
            c4_lose##SUF(g, child);                                                                                   \
        else                                                                                                          \
            c4_settle##SUF(g, child);                                                                                 \
    }                                                                                                                 \
                                                                                                                      \
    /* Connect4Node.evaluate */                                                                                       \
    static inline int64_t c4_evaluate##SUF(const C4Geometry *g, const C4Node##SUF *n) {                               \
        BB centre = (BB)g->centre, mine = n->pos, theirs = n->pos ^ n->mask;                                          \
        return 4 * (int64_t)(popcount128((u128)n->my_win) - popcount128((u128)n->opp_win)) +                          \
               (popcount128((u128)(mine & centre)) - popcount128((u128)(theirs & centre)));                           \
    }

DEFINE_CONNECT4(64, uint64_t)
DEFINE_CONNECT4(128, u128)

/* ------------------------------------------------------------------------ */
/* m,n,k nodes (mnk_node.MNKNode).                                           */

typedef struct {
    uint64_t me, opp, my_threats, opp_threats;
    uint64_t my_open[MAX_WORDS], opp_open[MAX_WORDS];
    u128 keys[MAX_PERMS];
    int me_is_o, stones, lost, forced, low, high, frame;
} MnkNode;

/* MNKNode.key: the smallest image, and the side to move in the lowest bit. */
static inline void mnk_key(const MnkGeometry *g, MnkNode *n, Key *key) {
    u128 smallest = n->keys[0];
    int frame = 0;
    for (int t = 1; t < g->perms; t++) {
        if (n->keys[t] < smallest) {
            smallest = n->keys[t];
            frame = t;
        }
    }
    n->frame = frame;
    uint64_t lo = (uint64_t)smallest, hi = (uint64_t)(smallest >> 64);
    key->lo = lo << 1 | (uint64_t)n->me_is_o;
    key->hi = hi << 1 | lo >> 63;
    key->top = hi >> 63;
}

static inline int mnk_moves(const MnkGeometry *g, const MnkNode *n, int *moves) {
    if (n->opp_threats) {
        moves[0] = 63 - __builtin_clzll(n->opp_threats);
        return 1;
    }
    uint64_t taken = n->me | n->opp;
    uint64_t open[MAX_WORDS];
    for (int w = 0; w < g->words; w++) open[w] = n->my_open[w] | n->opp_open[w];
    int count = 0, counts[MAX_MOVES];
    for (int i = 0; i < g->cells; i++) {
        int cell = g->order[i];
        if (taken >> cell & 1) continue;
        int c = 0;
        for (int w = 0; w < g->words; w++) c += popcount64(open[w] & g->line_ids[cell][w]);
        int at = count; /* stable: after every cell on as many open lines or more */
        while (at > 0 && counts[at - 1] < c) {
            moves[at] = moves[at - 1];
            counts[at] = counts[at - 1];
            at--;
        }
        moves[at] = cell;
        counts[at] = c;
        count++;
    }
    return count;
}

static inline void mnk_bounds(const MnkGeometry *g, MnkNode *n) {
    int base = g->base;
    if (n->lost) {
        n->low = n->high = -base;
    } else if (n->my_threats) {
        n->low = n->high = base - 1;
    } else if (n->opp_threats & (n->opp_threats - 1)) {
        n->low = n->high = 2 - base;
    } else {
        int my_open = 0, opp_open = 0;
        for (int w = 0; w < g->words; w++) {
            my_open |= n->my_open[w] != 0;
            opp_open |= n->opp_open[w] != 0;
        }
        n->high = my_open && n->stones + 3 <= g->cells ? base - 3 : 0;
        n->low = opp_open && n->stones + 4 <= g->cells ? 4 - base : 0;
    }
}

/* MNKNode.play */
static inline void mnk_play(const MnkGeometry *g, const MnkNode *n, int move, MnkNode *child) {
    uint64_t bit = (uint64_t)1 << move;
    uint64_t mine = n->me | bit, opp = n->opp;
    uint64_t new_threats = 0;
    for (int i = g->through_start[move]; i < g->through_start[move + 1]; i++) {
        uint64_t line = g->through[i];
        if (!(opp & line)) {
            uint64_t rest = line & ~mine;
            if (rest && !(rest & (rest - 1))) new_threats |= rest;
        }
    }
    child->me = opp;
    child->opp = mine;
    for (int w = 0; w < g->words; w++) {
        child->my_open[w] = n->opp_open[w] & ~g->line_ids[move][w];
        child->opp_open[w] = n->my_open[w];
    }
    child->my_threats = n->opp_threats & ~bit;
    child->opp_threats = (n->my_threats & ~bit) | new_threats;
    const u128 *bits = n->me_is_o ? g->o_bits[move] : g->x_bits[move];
    for (int t = 0; t < g->perms; t++) child->keys[t] = n->keys[t] | bits[t];
    child->me_is_o = !n->me_is_o;
    child->stones = n->stones + 1;
    child->forced = child->opp_threats != 0;
    child->lost = (int)(n->my_threats >> move & 1);
    mnk_bounds(g, child);
}

/* Geometry.evaluate: open lines weighted 4 ** stones (k is at most 24 here, see ``configure_mnk``). */
static inline int64_t mnk_evaluate(const MnkGeometry *g, const MnkNode *n) {
    int64_t total = 0;
    for (int i = 0; i < g->lines; i++) {
        uint64_t line = g->line_masks[i];
        if (!(n->opp & line))
            total += (int64_t)1 << (2 * popcount64(n->me & line));
        else if (!(n->me & line))
            total -= (int64_t)1 << (2 * popcount64(n->opp & line));
    }
    return total;
}

/* ------------------------------------------------------------------------ */
/* The recursion (negamax.py Negamax.search), once per kind of node.         */

static int checkpoint(SearchObject *s) {
    PyObject *result = PyObject_CallMethod(s->budget, "checkpoint", "LL", s->nodes, (long long)s->table->count);
    if (!result) return -1;
    long long next = PyLong_AsLongLong(result);
    Py_DECREF(result);
    if (next == -1 && PyErr_Occurred()) return -1;
    s->next_check = next;
    return 0;
}

static inline int64_t from_node(int64_t value, int ply) {
    return value >= SCALE ? value - ply * SCALE : value <= -SCALE ? value + ply * SCALE : value;
}

static inline int64_t to_node(int64_t value, int ply) {
    return value >= SCALE ? value + ply * SCALE : value <= -SCALE ? value - ply * SCALE : value;
}

static inline int64_t root_units(int64_t score, int ply) {
    return score > 0 ? (score - ply) * SCALE : score < 0 ? (score + ply) * SCALE : 0;
}

/*
 * The body of Negamax.search, the same for every node type. NODE is the node
 * struct, SEARCH the function's name; the hooks are macros over ``s`` and ``node``:
 *   KEY(key)            fills the table key (and whatever the frame hooks need)
 *   FROM_FRAME(move)    / TO_FRAME(move): moves between the node and its key's frame
 *   EVALUATE()          the heuristic at the horizon
 *   MOVES(moves, found) the ordered moves (count; -1 means one forced move, nothing found)
 *   PLAY(move, found, child) the child after move; found is a pointer or NULL
 */
#define NEGAMAX_BODY(NODE, SEARCH, FOUND_T, KEY, FROM_FRAME, TO_FRAME, EVALUATE, MOVES, PLAY)                         \
    static int64_t SEARCH(SearchObject *s, NODE *node, int ply, int64_t depth, int64_t alpha, int64_t beta) {         \
        s->nodes++;                                                                                                   \
        if (s->nodes >= s->next_check && checkpoint(s) < 0) {                                                         \
            s->failed = 1;                                                                                            \
            return 0;                                                                                                 \
        }                                                                                                             \
        int64_t low = root_units(node->low, ply), high = root_units(node->high, ply);                                 \
        if (low == high) return low;                                                                                  \
        if (high <= alpha) return high;                                                                               \
        if (low >= beta) return low;                                                                                  \
        if (high < beta) beta = high;                                                                                 \
        if (low > alpha) alpha = low;                                                                                 \
                                                                                                                      \
        long long horizon_before = s->horizon;                                                                        \
        Key key;                                                                                                      \
        KEY(&key);                                                                                                    \
        TableObject *table = s->table;                                                                                \
        Slot *found_slot = table_find(table, &key);                                                                   \
        int have_entry = found_slot != NULL;                                                                          \
        int64_t entry_depth = 0, entry_low_node = 0, entry_high_node = 0;                                             \
        int entry_move = -1, table_move = -1;                                                                         \
        if (have_entry) {                                                                                             \
            entry_depth = slot_depth(found_slot);                                                                     \
            entry_low_node = found_slot->low;                                                                         \
            entry_high_node = found_slot->high;                                                                       \
            entry_move = found_slot->move;                                                                            \
            if (entry_move >= 0) table_move = FROM_FRAME(entry_move);                                                 \
            if (entry_depth >= depth) {                                                                               \
                if (entry_depth < PROVEN) s->horizon++;                                                               \
                int64_t entry_low = from_node(entry_low_node, ply), entry_high = from_node(entry_high_node, ply);     \
                if (entry_low >= beta) return entry_low;                                                              \
                if (entry_high <= alpha) return entry_high;                                                           \
                if (entry_low == entry_high) return entry_low;                                                        \
                if (entry_low > alpha) alpha = entry_low;                                                             \
                if (entry_high < beta) beta = entry_high;                                                             \
            }                                                                                                         \
        }                                                                                                             \
                                                                                                                      \
        if (depth <= 0) {                                                                                             \
            s->horizon++;                                                                                             \
            int64_t guess = EVALUATE();                                                                               \
            guess = guess <= -SCALE ? -SCALE + 1 : guess >= SCALE ? SCALE - 1 : guess;                                \
            return guess < low ? low : guess > high ? high : guess;                                                   \
        }                                                                                                             \
                                                                                                                      \
        int forced = node->forced;                                                                                    \
        int64_t child_depth = forced ? depth : depth - 1;                                                             \
        int pending = table_move >= 0 && !forced;                                                                     \
        int64_t best = -INFINITE, window_low = alpha;                                                                 \
        int best_move = -1;                                                                                           \
        NODE child;                                                                                                   \
        if (pending) {                                                                                                \
            /* The table move before the others are even listed (it mostly cuts off). */                            \
            PLAY(table_move, NULL, &child);                                                                           \
            int64_t score = -SEARCH(s, &child, ply + 1, child_depth, -beta, -window_low);                             \
            if (s->failed) return 0;                                                                                  \
            best = score;                                                                                             \
            best_move = table_move;                                                                                   \
            if (score > window_low) {                                                                                 \
                window_low = score;                                                                                   \
                if (score >= beta) goto store;                                                                        \
            }                                                                                                         \
        }                                                                                                             \
        {                                                                                                             \
            int moves[MAX_MOVES];                                                                                     \
            FOUND_T found[MAX_MOVES];                                                                                 \
            int count = MOVES(moves, found);                                                                          \
            int none_found = count < 0;                                                                               \
            if (none_found) count = 1;                                                                                \
            for (int i = 0; i < count; i++) {                                                                         \
                int move = moves[i];                                                                                  \
                if (pending && move == table_move) continue;                                                          \
                PLAY(move, none_found ? NULL : &found[i], &child);                                                    \
                int64_t score = -SEARCH(s, &child, ply + 1, child_depth, -beta, -window_low);                         \
                if (s->failed) return 0;                                                                              \
                if (score > best) {                                                                                   \
                    best = score;                                                                                     \
                    best_move = move;                                                                                 \
                    if (score > window_low) {                                                                         \
                        window_low = score;                                                                           \
                        if (score >= beta) break;                                                                     \
                    }                                                                                                 \
                }                                                                                                     \
            }                                                                                                         \
        }                                                                                                             \
    store:;                                                                                                           \
        int64_t new_low, new_high;                                                                                    \
        if (best <= alpha) {                                                                                          \
            new_low = low;                                                                                            \
            new_high = best;                                                                                          \
            best_move = -1; /* every move failed low: none is known to be best */                                     \
        } else if (best >= beta) {                                                                                    \
            new_low = best;                                                                                           \
            new_high = high;                                                                                          \
        } else {                                                                                                      \
            new_low = new_high = best;                                                                                \
        }                                                                                                             \
        int64_t new_depth = s->horizon == horizon_before ? PROVEN : depth;                                            \
        int64_t stored_move = best_move >= 0 ? TO_FRAME(best_move) : -1;                                              \
        new_low = to_node(new_low, ply);                                                                              \
        new_high = to_node(new_high, ply);                                                                            \
        if (have_entry) {                                                                                             \
            if (entry_depth > new_depth) return best; /* never overwrite a deeper entry with a shallower guess */     \
            if (entry_depth == new_depth) {                                                                           \
                if (entry_low_node > new_low) new_low = entry_low_node;                                               \
                if (entry_high_node < new_high) new_high = entry_high_node;                                           \
            }                                                                                                         \
            if (stored_move < 0) stored_move = entry_move;                                                            \
        }                                                                                                             \
        if (table->count >= table->capacity && !have_entry && table_make_room(table) < 0) {                           \
            s->failed = 1;                                                                                            \
            return 0;                                                                                                 \
        }                                                                                                             \
        if (table_put(table, &key, new_low, new_high, stored_move, new_depth) < 0) {                                  \
            s->failed = 1;                                                                                            \
            return 0;                                                                                                 \
        }                                                                                                             \
        return best;                                                                                                  \
    }

#define C4_KEY64(key) (key)->lo = node->pos + node->mask, (key)->hi = 0, (key)->top = 0
#define C4_KEY128(key) (key)->lo = (uint64_t)(node->pos + node->mask), (key)->hi = (uint64_t)((node->pos + node->mask) >> 64), (key)->top = 0
#define SAME_MOVE(move) (move)
#define C4_EVALUATE64() c4_evaluate64(&s->c4, node)
#define C4_EVALUATE128() c4_evaluate128(&s->c4, node)
#define C4_MOVES64(moves, found) c4_moves64(&s->c4, node, moves, found)
#define C4_MOVES128(moves, found) c4_moves128(&s->c4, node, moves, found)
#define C4_PLAY64(move, found, child) c4_play64(&s->c4, node, move, found, child)
#define C4_PLAY128(move, found, child) c4_play128(&s->c4, node, move, found, child)

NEGAMAX_BODY(C4Node64, search_c4_64, uint64_t, C4_KEY64, SAME_MOVE, SAME_MOVE, C4_EVALUATE64, C4_MOVES64, C4_PLAY64)
NEGAMAX_BODY(C4Node128, search_c4_128, u128, C4_KEY128, SAME_MOVE, SAME_MOVE, C4_EVALUATE128, C4_MOVES128, C4_PLAY128)

#define MNK_KEY(key) mnk_key(&s->mnk, node, key)
#define MNK_FROM_FRAME(move) (s->mnk.inverse[node->frame][move])
#define MNK_TO_FRAME(move) (s->mnk.perm[node->frame][move])
#define MNK_EVALUATE() mnk_evaluate(&s->mnk, node)
#define MNK_MOVES(moves, found) ((void)(found), mnk_moves(&s->mnk, node, moves))
#define MNK_PLAY(move, found, child) ((void)(found), mnk_play(&s->mnk, node, move, child))

NEGAMAX_BODY(MnkNode, search_mnk, char, MNK_KEY, MNK_FROM_FRAME, MNK_TO_FRAME, MNK_EVALUATE, MNK_MOVES, MNK_PLAY)

/* ------------------------------------------------------------------------ */
/* The Search type: counters, the table, the budget, and one game's geometry. */

static void mnk_free(MnkGeometry *g) {
    PyMem_Free(g->line_masks);
    PyMem_Free(g->through_start);
    PyMem_Free(g->through);
    g->line_masks = NULL;
    g->through = NULL;
    g->through_start = NULL;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"table", "budget", NULL};
    PyObject *table, *budget;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O", names, &TableType, &table, &budget)) return -1;
    Py_INCREF(table);
    Py_INCREF(budget);
    Py_XSETREF(self->table, (TableObject *)table);
    Py_XSETREF(self->budget, budget);
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    PyObject_GC_UnTrack(self);
    Py_CLEAR(self->table);
    Py_CLEAR(self->budget);
    mnk_free(&self->mnk);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Search_traverse(SearchObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->table);
    Py_VISIT(self->budget);
    return 0;
}

static int Search_clear(SearchObject *self) {
    Py_CLEAR(self->table);
    Py_CLEAR(self->budget);
    return 0;
}

static int int_tuple(PyObject *seq, int *out, int length, int below, const char *what) {
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != length) {
        PyErr_Format(PyExc_ValueError, "%s: expected a tuple of %d ints", what, length);
        return -1;
    }
    for (int i = 0; i < length; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v >= below) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return -1;
        }
        out[i] = (int)v;
    }
    return 0;
}

/* configure_connect4(width, height): connect4_node.Geometry */
static PyObject *Search_configure_connect4(SearchObject *self, PyObject *args) {
    int width, height;
    if (!PyArg_ParseTuple(args, "ii", &width, &height)) return NULL;
    if (width < 1 || height < 1 || width > MAX_MOVES || width * (height + 1) > 128) {
        PyErr_SetString(PyExc_ValueError, "a Connect Four board of at most 128 bitboard bits");
        return NULL;
    }
    C4Geometry *g = &self->c4;
    memset(g, 0, sizeof *g);
    g->width = width;
    g->height = height;
    g->stride = height + 1;
    g->cells = width * height;
    g->base = g->cells + 2;
    for (int col = 0; col < width; col++) {
        g->bottom_bits[col] = (u128)1 << (col * g->stride);
        g->column_bits[col] = (((u128)1 << height) - 1) << (col * g->stride);
        g->bottom |= g->bottom_bits[col];
    }
    g->board = g->bottom * (((u128)1 << height) - 1);
    g->centre = g->column_bits[width / 2] | g->column_bits[(width - 1) / 2];
    /* Centre columns first, then outwards, left of centre before right on a tie. */
    int count = 0;
    for (int distance = 0; distance <= width; distance++)
        for (int col = 0; col < width; col++)
            if (abs(2 * col - (width - 1)) == distance) g->order[count++] = col;
    self->kind = width * (height + 1) <= 64 ? KIND_C4_64 : KIND_C4_128;
    Py_RETURN_NONE;
}

/* configure_mnk(cells, base, lines, lines_through, perms, order): mnk_node.Geometry */
static PyObject *Search_configure_mnk(SearchObject *self, PyObject *args) {
    int cells, base, k;
    PyObject *lines, *through, *perms, *order;
    if (!PyArg_ParseTuple(args, "iiiO!O!O!O!", &cells, &base, &k, &PyTuple_Type, &lines, &PyTuple_Type, &through,
                          &PyTuple_Type, &perms, &PyTuple_Type, &order))
        return NULL;
    Py_ssize_t nlines = PyTuple_GET_SIZE(lines), nperms = PyTuple_GET_SIZE(perms);
    if (cells < 1 || cells > MAX_MOVES || nlines > 64 * MAX_WORDS || nperms < 1 || nperms > MAX_PERMS || k > 24 ||
        PyTuple_GET_SIZE(through) != cells) {
        PyErr_SetString(PyExc_ValueError, "an m,n,k board the compiled core cannot hold");
        return NULL;
    }
    MnkGeometry *g = &self->mnk;
    mnk_free(g);
    memset(g, 0, sizeof *g);
    g->cells = cells;
    g->base = base;
    g->lines = (int)nlines;
    g->words = (int)((nlines + 63) / 64);
    if (g->words == 0) g->words = 1;
    g->perms = (int)nperms;
    g->line_masks = PyMem_Malloc(sizeof(uint64_t) * (nlines ? nlines : 1));
    g->through_start = PyMem_Malloc(sizeof(int) * (cells + 1));
    if (!g->line_masks || !g->through_start) goto nomemory;
    for (Py_ssize_t i = 0; i < nlines; i++) {
        uint64_t words[3];
        if (int_words(PyTuple_GET_ITEM(lines, i), words) < 0) goto fail;
        g->line_masks[i] = words[0];
        for (int cell = 0; cell < cells; cell++)
            if (words[0] >> cell & 1) g->line_ids[cell][i / 64] |= (uint64_t)1 << (i % 64);
    }
    Py_ssize_t total = 0;
    for (int cell = 0; cell < cells; cell++) {
        PyObject *masks = PyTuple_GET_ITEM(through, cell);
        if (!PyTuple_Check(masks)) {
            PyErr_SetString(PyExc_ValueError, "lines_through: expected tuples");
            goto fail;
        }
        total += PyTuple_GET_SIZE(masks);
    }
    g->through = PyMem_Malloc(sizeof(uint64_t) * (total ? total : 1));
    if (!g->through) goto nomemory;
    total = 0;
    for (int cell = 0; cell < cells; cell++) {
        PyObject *masks = PyTuple_GET_ITEM(through, cell);
        g->through_start[cell] = (int)total;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(masks); i++) {
            uint64_t words[3];
            if (int_words(PyTuple_GET_ITEM(masks, i), words) < 0) goto fail;
            g->through[total++] = words[0];
        }
    }
    g->through_start[cells] = (int)total;
    for (int t = 0; t < nperms; t++) {
        if (int_tuple(PyTuple_GET_ITEM(perms, t), g->perm[t], cells, cells, "perms") < 0) goto fail;
        for (int cell = 0; cell < cells; cell++) {
            int image = g->perm[t][cell];
            g->inverse[t][image] = cell;
            g->x_bits[cell][t] = (u128)1 << image;
            g->o_bits[cell][t] = (u128)1 << (image + cells);
        }
    }
    if (int_tuple(order, g->order, cells, cells, "order") < 0) goto fail;
    self->kind = KIND_MNK;
    Py_RETURN_NONE;
nomemory:
    PyErr_NoMemory();
fail:
    mnk_free(g);
    self->kind = KIND_NONE;
    return NULL;
}

/* The table keeps depths in 16 bits (depth_code): a depth limit, or PROVEN, less a game's length at most. */
static int bad_depth(long long depth) {
    if (depth > PROVEN || (depth >= NEAR_PROVEN - 256 && depth <= PROVEN - NEAR_PROVEN + 256)) {
        PyErr_Format(PyExc_ValueError, "a search depth of %lld: the compiled core takes up to %d or PROVEN", depth,
                     NEAR_PROVEN - 256);
        return 1;
    }
    return 0;
}

static PyObject *finish(SearchObject *self, int64_t value) {
    if (self->failed) {
        self->failed = 0;
        return NULL;
    }
    return PyLong_FromLongLong(value);
}

/* connect4(pos, mask, stones, my_win, opp_win, safe, forced, low, high, ply, depth, alpha, beta) */
static PyObject *Search_connect4(SearchObject *self, PyObject *args) {
    PyObject *pos, *mask, *my_win, *opp_win, *safe;
    int stones, forced, low, high, ply;
    long long depth, alpha, beta;
    if (!PyArg_ParseTuple(args, "OOiOOOpiiiLLL", &pos, &mask, &stones, &my_win, &opp_win, &safe, &forced, &low, &high,
                          &ply, &depth, &alpha, &beta))
        return NULL;
    if (self->kind != KIND_C4_64 && self->kind != KIND_C4_128) {
        PyErr_SetString(PyExc_RuntimeError, "configure_connect4 first");
        return NULL;
    }
    if (bad_depth(depth)) return NULL;
    u128 b[5];
    PyObject *from[5] = {pos, mask, my_win, opp_win, safe};
    for (int i = 0; i < 5; i++)
        if (int_u128(from[i], &b[i]) < 0) return NULL;
    self->failed = 0;
    if (self->kind == KIND_C4_64) {
        C4Node64 node = {(uint64_t)b[0], (uint64_t)b[1], (uint64_t)b[2], (uint64_t)b[3], (uint64_t)b[4],
                         stones,         forced,         low,            high};
        return finish(self, search_c4_64(self, &node, ply, depth, alpha, beta));
    }
    C4Node128 node = {b[0], b[1], b[2], b[3], b[4], stones, forced, low, high};
    return finish(self, search_c4_128(self, &node, ply, depth, alpha, beta));
}

static int int_words_into(PyObject *value, uint64_t *out, int words) {
    /* An int of up to 64 * words bits (line-number masks), low word first. */
    if (!PyLong_Check(value) || _PyLong_Sign(value) < 0 || _PyLong_NumBits(value) > (size_t)(64 * words)) {
        PyErr_SetString(PyExc_ValueError, "a line mask out of range");
        return -1;
    }
    unsigned char bytes[8 * MAX_WORDS];
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, 8 * (size_t)words, 1, 0) < 0) return -1;
    for (int w = 0; w < words; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = word << 8 | bytes[w * 8 + b];
        out[w] = word;
    }
    return 0;
}

/* mnk(me, opp, my_open, opp_open, my_threats, opp_threats, keys, me_is_o, stones, lost, forced, low, high,
       ply, depth, alpha, beta) */
static PyObject *Search_mnk(SearchObject *self, PyObject *args) {
    PyObject *me, *opp, *my_open, *opp_open, *my_threats, *opp_threats, *keys;
    int me_is_o, stones, lost, forced, low, high, ply;
    long long depth, alpha, beta;
    if (!PyArg_ParseTuple(args, "OOOOOOO!pippiiiLLL", &me, &opp, &my_open, &opp_open, &my_threats, &opp_threats,
                          &PyTuple_Type, &keys, &me_is_o, &stones, &lost, &forced, &low, &high, &ply, &depth, &alpha,
                          &beta))
        return NULL;
    if (self->kind != KIND_MNK) {
        PyErr_SetString(PyExc_RuntimeError, "configure_mnk first");
        return NULL;
    }
    if (bad_depth(depth)) return NULL;
    MnkGeometry *g = &self->mnk;
    MnkNode node;
    memset(&node, 0, sizeof node);
    u128 b[4];
    PyObject *from[4] = {me, opp, my_threats, opp_threats};
    for (int i = 0; i < 4; i++) {
        if (int_u128(from[i], &b[i]) < 0) return NULL;
        if (b[i] >> 64) {
            PyErr_SetString(PyExc_OverflowError, "an m,n,k bitboard of more than 64 cells");
            return NULL;
        }
    }
    node.me = (uint64_t)b[0];
    node.opp = (uint64_t)b[1];
    node.my_threats = (uint64_t)b[2];
    node.opp_threats = (uint64_t)b[3];
    if (int_words_into(my_open, node.my_open, g->words) < 0 || int_words_into(opp_open, node.opp_open, g->words) < 0)
        return NULL;
    if (PyTuple_GET_SIZE(keys) != g->perms) {
        PyErr_SetString(PyExc_ValueError, "one key per symmetry");
        return NULL;
    }
    for (int t = 0; t < g->perms; t++)
        if (int_u128(PyTuple_GET_ITEM(keys, t), &node.keys[t]) < 0) return NULL;
    node.me_is_o = me_is_o;
    node.stones = stones;
    node.lost = lost;
    node.forced = forced;
    node.low = low;
    node.high = high;
    self->failed = 0;
    return finish(self, search_mnk(self, &node, ply, depth, alpha, beta));
}

static PyMemberDef Search_members[] = {
    {"nodes", T_LONGLONG, offsetof(SearchObject, nodes), 0, "Nodes searched so far."},
    {"next_check", T_LONGLONG, offsetof(SearchObject, next_check), 0, "Node count of the next budget checkpoint."},
    {"horizon", T_LONGLONG, offsetof(SearchObject, horizon), 0, "Grows whenever a heuristic value enters a result."},
    {"table", T_OBJECT, offsetof(SearchObject, table), READONLY, "The compiled table."},
    {"budget", T_OBJECT, offsetof(SearchObject, budget), READONLY, "The Python budget (checkpoint)."},
    {NULL},
};

static PyMethodDef Search_methods[] = {
    {"configure_connect4", (PyCFunction)Search_configure_connect4, METH_VARARGS, "Set up for Connect Four."},
    {"configure_mnk", (PyCFunction)Search_configure_mnk, METH_VARARGS, "Set up for an m,n,k board."},
    {"connect4", (PyCFunction)Search_connect4, METH_VARARGS, "Negamax.search of a Connect Four node."},
    {"mnk", (PyCFunction)Search_mnk, METH_VARARGS, "Negamax.search of an m,n,k node."},
    {NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "perfectplay._core.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_traverse = (traverseproc)Search_traverse,
    .tp_clear = (inquiry)Search_clear,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The recursion of negamax.py for Connect Four and m,n,k nodes, with a compiled table.",
    .tp_methods = Search_methods,
    .tp_members = Search_members,
    .tp_init = (initproc)Search_init,
    .tp_new = PyType_GenericNew,
};

static PyObject *core_u128(PyObject *module, PyObject *arg) {
    /* Round-trips an int through the core's 128-bit words (for tests of the conversions). */
    u128 value;
    if (int_u128(arg, &value) < 0) return NULL;
    return u128_to_int(value);
}

static PyMethodDef module_methods[] = {
    {"roundtrip", core_u128, METH_O, "An int of up to 128 bits, through the core's words and back."},
    {NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "perfectplay._core", "The compiled core of perfectplay's solver.", -1, module_methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&TableType);
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddObject(module, "Search", (PyObject *)&SearchType) < 0 ||
        PyModule_AddIntConstant(module, "SCALE", (long)SCALE) < 0 ||
        PyModule_AddIntConstant(module, "PROVEN", (long)PROVEN) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
