/*
 * The games' geometries: what ``Search`` keeps of the board it was set up for (connect4_node.py's and
 * mnk_node.py's ``Geometry``). Data only, so that the search (search.h) can hold them without
 * depending on the games' files, which sit above it: they include the search, never the other way.
 */
#ifndef PERFECTPLAY_GEOMETRY_H
#define PERFECTPLAY_GEOMETRY_H

#include "core.h"

/* connect4_node.py TRANSIENT_BOARD and TRANSIENT_EMPTY */
#define TRANSIENT_BOARD 42
#define TRANSIENT_EMPTY 12
/* connect4_node.py STORE_MIN */
#define STORE_MIN 8

/* connect4_node.Geometry */
typedef struct {
    int width, height, stride, cells, base;
    int transient_stones; /* nodes with this many stones or more skip the table (connect4_node.Geometry) */
    int mirror_stones;    /* nodes with at most this many stones are keyed as the smaller of them and their mirror */
    int order[MAX_MOVES];
    u128 bottom, board, centre;
    u128 odd_rows; /* rows 1, 3, 5, ... from the bottom (connect4_node.Geometry) */
    u128 bottom_bits[MAX_MOVES], column_bits[MAX_MOVES];
} C4Geometry;

/* mnk_node.Geometry */
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

/* The m,n,k geometry's arrays (``configure_mnk`` allocates them); the search frees them with the object. */
static inline void mnk_geometry_free(MnkGeometry *g) {
    PyMem_Free(g->line_masks);
    PyMem_Free(g->through_start);
    PyMem_Free(g->through);
    g->line_masks = NULL;
    g->through = NULL;
    g->through_start = NULL;
}

#endif
