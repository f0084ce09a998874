/*
 * What every file of the compiled core shares: the integer types, the score scale's constants, bit
 * counts, and the table key (a Python int of up to 129 bits as three words).
 *
 * The core is a second implementation of the production solver's recursion for the built-in games.
 * It must explore exactly the nodes the Python one explores, in the same order, and leave the same
 * entries in the transposition table in the same order: the Python files are the specification, and
 * tests/test_compiled_core.py compares the two node for node. One file per job, each beside the
 * Python it mirrors:
 *
 *   core.h                 this: what every file shares
 *   keys.c                 Python ints in and out of 64-bit words (bitboards, table keys)
 *   table.c, table.h       search/solver/table.py, the transposition table
 *   geometry.h             the games' geometries, data the search holds (connect4_node.py, mnk_node.py)
 *   search.c, search.h     the ``Search`` object search/solver/compiled.py drives, and Budget.checkpoint
 *   connect4_node.c, .h    games/connect4_node.py: setting a board up, entering a search
 *   connect4_bitboard.h    the Connect Four node and its hooks for one bitboard width
 *   mnk_board.h            games/mnk_node.py MNKNode: the m,n,k node and its hooks
 *   negamax.h              search/solver/negamax.py, the recursion: a unit names a node's hooks, then
 *                          includes it (one function per kind of node)
 *   connect4_entry.h       ``c4_search64`` / ``c4_search128``: the bitboards handed in, searched
 *   connect4_node64.c, connect4_node128.c  each names its width, then includes the hooks, the
 *                          recursion and the entry
 *   connect4_node7x6.c     the same for the standard board, its size as constants
 *   mnk_search.c           the recursion made of mnk_board.h's hooks, and its entry ``mnk_search``
 *   mnk_node.c, .h         games/mnk_node.py: setting a board up, entering a search
 *   module.c               the module ``perfectplay._core``, and the games' methods of ``Search``
 *
 * Each file includes only files listed above it (a game includes the search, never the reverse).
 *
 * The drivers (null-window probes, iterative deepening, the root, the limits) stay in Python and
 * call ``Search.connect4`` / ``Search.mnk`` once per probe; the recursion below runs here and hands
 * control back to the Python ``Budget.checkpoint`` whenever the node count reaches ``next_check``,
 * exactly when the Python recursion would; an exception raised there (a spent limit) unwinds the C
 * recursion without storing anything, as it does in Python.
 *
 * Needs gcc or clang: ``unsigned __int128`` holds m,n,k keys (up to 129 bits) and the largest
 * Connect Four bitboards (99 bits).
 */
#ifndef PERFECTPLAY_CORE_H
#define PERFECTPLAY_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if PY_VERSION_HEX >= 0x030D0000
/* Python 3.13 gave _PyLong_AsByteArray a sixth argument (raise on overflow); the calls in keys.c pass five. */
#define _PyLong_AsByteArray(v, bytes, n, little, is_signed) _PyLong_AsByteArray(v, bytes, n, little, is_signed, 1)
#endif

typedef unsigned __int128 u128;

#define SCALE ((int64_t)1 << 20)    /* search/base/scale.py SCALE */
#define INFINITE ((int64_t)1 << 60) /* search/base/scale.py INFINITE */
#define PROVEN ((int64_t)1 << 30)   /* search/solver/table.py PROVEN */

#define MAX_MOVES 64 /* m,n,k boards of up to 64 cells; Connect Four has at most 9 columns */
#define MAX_WORDS 8  /* line-number masks of m,n,k boards: up to 512 lines */
#define MAX_PERMS 8  /* the symmetries of a square board */

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int popcount128(u128 x) { return popcount64((uint64_t)x) + popcount64((uint64_t)(x >> 64)); }
static inline int bit_length128(u128 x) {
    uint64_t hi = (uint64_t)(x >> 64);
    if (hi) return 128 - __builtin_clzll(hi);
    uint64_t lo = (uint64_t)x;
    return lo ? 64 - __builtin_clzll(lo) : 0;
}

/* A table key: ``lo + hi << 64 + top << 128``. */
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

#endif
