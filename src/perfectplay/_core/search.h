/*
 * The compiled search: its Python object (``perfectplay._core.Search``: the counters, the table, the
 * budget and the geometry of the game it is set up for) and what the recursion of every game shares
 * (search/solver/negamax.py; the recursion itself is negamax.h). It knows no game: the games' files
 * (connect4_node.c, mnk_node.c) include it and define the methods that set it up and enter it, and
 * module.c, above them all, hands those methods to the type.
 */
#ifndef PERFECTPLAY_SEARCH_H
#define PERFECTPLAY_SEARCH_H

#include "core.h"
#include "geometry.h"
#include "table.h"

enum { KIND_NONE, KIND_C4_64, KIND_C4_7X6, KIND_C4_128, KIND_MNK };

typedef struct {
    PyObject_HEAD long long nodes, next_check, horizon;
    PyObject *budget;
    TableObject *table;
    int kind;
    int failed; /* a Python exception is pending: unwind */
    C4Geometry c4;
    MnkGeometry mnk;
} SearchObject;

extern PyTypeObject SearchType;

/* Budget.checkpoint, called when the node count reaches ``next_check``; -1 if it raised (a spent limit). */
int checkpoint(SearchObject *s);

/* A depth the table can keep (depth_code), or 1 with a ValueError. */
int bad_depth(long long depth);

/* The search's value as a Python int, or NULL if the recursion unwound from an exception. */
PyObject *finish(SearchObject *self, int64_t value);


/* negamax.py: values in the table are counted from the node, values in the search from the root. */
static inline int64_t from_node(int64_t value, int ply) {
    return value >= SCALE ? value - ply * SCALE : value <= -SCALE ? value + ply * SCALE : value;
}

static inline int64_t to_node(int64_t value, int ply) {
    return value >= SCALE ? value + ply * SCALE : value <= -SCALE ? value - ply * SCALE : value;
}

/* A node's exact score bound in the search's units, counted from the root. */
static inline int64_t root_units(int64_t score, int ply) {
    return score > 0 ? (score - ply) * SCALE : score < 0 ? (score + ply) * SCALE : 0;
}

#endif
