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

/* connect4_node.Geometry */
typedef struct {
    int width, height, stride, cells, base;
    int transient_stones; /* nodes with this many stones or more skip the table (connect4_node.Geometry) */
    int mirror_stones;    /* nodes with at most this many stones are keyed as the smaller of them and their mirror */
    int order[MAX_MOVES];
    u128 bottom, board, centre;
    u128 bottom_bits[MAX_MOVES], column_bits[MAX_MOVES];
    /* An outcome layer (connect4_node.py OutcomeLayerIndex), or none: the positions after ``layer_stones``
       moves, each with its outcome for the side to move, in an open-addressing table of ``layer_mask + 1``
       slots (key | (outcome + 2) << LAYER_SHIFT, 0 for empty), owned by the search's ``layer_owner``. */
    const uint64_t *layer;
    uint64_t layer_mask;
    int layer_bits, layer_stones;
} C4Geometry;

#define LAYER_SHIFT 58
#define LAYER_KEY (((uint64_t)1 << LAYER_SHIFT) - 1)
#define LAYER_MULTIPLIER 0x9E3779B97F4A7C15ULL

/* The outcome the layer holds for a position's key (1 a win, 0 a draw, -1 a loss for the side to move),
   or 2 if it holds none. */
static inline int layer_outcome(const uint64_t *layer, uint64_t mask, int bits, uint64_t key) {
    uint64_t at = (key * LAYER_MULTIPLIER) >> (64 - bits);
    for (;;) {
        uint64_t slot = layer[at];
        if (!slot) return 2;
        if ((slot & LAYER_KEY) == key) return (int)(slot >> LAYER_SHIFT) - 2;
        at = (at + 1) & mask;
    }
}

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
