/*
 * Connect Four on boards of up to 64 bitboard bits (7x6 and smaller, the fast case): the node's hooks
 * and the recursion of connect4_bitboard.h, compiled for ``uint64_t``.
 */
#define BB uint64_t
#define BITS 64
#include "connect4_bitboard.h"
