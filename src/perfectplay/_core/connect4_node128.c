/*
 * Connect Four on boards of 65 to 128 bitboard bits (8x8, 9x10 ...): the node's hooks and the recursion
 * of connect4_bitboard.h, compiled for ``u128``.
 */
#define BB u128
#define BITS 128
#include "connect4_bitboard.h"
