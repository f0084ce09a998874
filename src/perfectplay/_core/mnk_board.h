/*
 * The m,n,k node (games/mnk_node.py MNKNode) and its hooks, inline, named for the recursion
 * (negamax.h). mnk_search.c includes it, then the recursion; mnk_node.c includes it for the node
 * it sets up. It includes neither the recursion nor the entry, so no file here looks up at another.
 */
#ifndef PERFECTPLAY_MNK_BOARD_H
#define PERFECTPLAY_MNK_BOARD_H

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

/* A search at ``node`` by the recursion over these hooks (mnk_search.c). */
int64_t mnk_search(SearchObject *s, MnkNode *node, int ply, int64_t depth, int64_t alpha, int64_t beta);

#define NODE MnkNode
#define FOUND char /* m,n,k moves hand nothing to their children */
#define SEARCH search_mnk
#define NODE_KEY(s, node, key) mnk_key(&(s)->mnk, node, key)
#define NODE_FROM_FRAME(s, node, move) mnk_from_frame(&(s)->mnk, node, move)
#define NODE_TO_FRAME(s, node, move) mnk_to_frame(&(s)->mnk, node, move)
#define NODE_EVALUATE(s, node) mnk_evaluate(&(s)->mnk, node)
#define NODE_MOVES(s, node, moves, found) ((void)(found), mnk_moves(&(s)->mnk, node, moves))
#define NODE_PLAY(s, node, move, found, child) ((void)(found), mnk_play(&(s)->mnk, node, move, child))
/* No child is looked up before it is searched: mnk_node.py's cutoff_lookups says why. */
#define NODE_CHILD_KEYS(s, node, keys) ((void)(keys), -1)
#define NODE_TRANSIENT(s, node) 0

#endif
