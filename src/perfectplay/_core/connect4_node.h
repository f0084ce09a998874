/*
 * Connect Four nodes (games/connect4_node.py): the two methods of ``Search`` that set the board up
 * and enter a search (connect4_node.c), and the search itself for 64-bit and 128-bit bitboards.
 * 7x6 fits 64 bits (the fast case) and 9x10 does not, so the node's hooks (connect4_bitboard.h), the
 * recursion (negamax.h) and the entry (connect4_entry.h) are compiled twice, by connect4_node64.c and
 * connect4_node128.c, and a third time for the 7x6 board with its size as constants
 * (connect4_node7x6.c); this header names only what they offer, and includes none.
 */
#ifndef PERFECTPLAY_CONNECT4_NODE_H
#define PERFECTPLAY_CONNECT4_NODE_H

#include "geometry.h"
#include "search.h"

/* A search at the node of these bitboards (pos, mask, my_win, opp_win, safe) and hook values. */
int64_t c4_search64(SearchObject *s, const u128 b[5], int stones, int forced, int low, int high, int ply,
                    int64_t depth, int64_t alpha, int64_t beta);
int64_t c4_search7x6(SearchObject *s, const u128 b[5], int stones, int forced, int low, int high, int ply,
                     int64_t depth, int64_t alpha, int64_t beta);
int64_t c4_search128(SearchObject *s, const u128 b[5], int stones, int forced, int low, int high, int ply,
                     int64_t depth, int64_t alpha, int64_t beta);

/* The methods of ``Search`` for Connect Four (connect4_node.c); module.c puts them on the type. */
PyObject *Search_configure_connect4(SearchObject *self, PyObject *args);
PyObject *Search_connect4(SearchObject *self, PyObject *args);

#endif
