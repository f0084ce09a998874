/*
 * Connect Four nodes (games/connect4_node.py): the board's geometry, and the node's hooks for 64-bit
 * and 128-bit bitboards. 7x6 fits 64 bits (the fast case) and 9x10 does not, so the same hooks are
 * compiled twice from connect4_bitboard.h: ``C4Node64`` / ``c4_play64`` and ``C4Node128`` / ``c4_play128``.
 */
#ifndef PERFECTPLAY_CONNECT4_NODE_H
#define PERFECTPLAY_CONNECT4_NODE_H

#include "geometry.h"
#include "search.h"

#define C4_PASTE(name, bits) name##bits
#define C4_NAMED(name, bits) C4_PASTE(name, bits)

#define BB uint64_t
#define BITS 64
#include "connect4_bitboard.h"
#undef BB
#undef BITS

#define BB u128
#define BITS 128
#include "connect4_bitboard.h"
#undef BB
#undef BITS

/* The methods of ``Search`` for Connect Four (connect4_node.c); module.c puts them on the type. */
PyObject *Search_configure_connect4(SearchObject *self, PyObject *args);
PyObject *Search_connect4(SearchObject *self, PyObject *args);

#endif
