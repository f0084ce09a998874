/*
 * m,n,k nodes (games/mnk_node.py): the board's geometry (lines, symmetries, move order) and the
 * node's hooks, inline for the recursion; mnk_node.c sets the geometry up and enters the search.
 */
#ifndef PERFECTPLAY_MNK_NODE_H
#define PERFECTPLAY_MNK_NODE_H

#include "geometry.h"
#include "search.h"

/* mnk_node.MNKNode; ``frame`` is the symmetry ``mnk_key`` found. */
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

/* MNKNode.moves: the one block if the opponent threatens, else the free cells on most open lines first. */
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

/* MNKNode.bounds */
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

/* MNKNode.from_key_frame / to_key_frame: a move between the node and the image its key stands for. */
static inline int mnk_from_frame(const MnkGeometry *g, const MnkNode *n, int move) { return g->inverse[n->frame][move]; }
static inline int mnk_to_frame(const MnkGeometry *g, const MnkNode *n, int move) { return g->perm[n->frame][move]; }

/* The methods of ``Search`` for m,n,k boards (mnk_node.c); module.c puts them on the type. */
PyObject *Search_configure_mnk(SearchObject *self, PyObject *args);
PyObject *Search_mnk(SearchObject *self, PyObject *args);

#endif
