/*
 * Connect Four on boards of 65 to 128 bitboard bits (8x8, 9x10 ...): the node's hooks, the recursion
 * over them and the entry, compiled for ``u128``.
 */
#define BB u128
#define BITS 128
#include "connect4_bitboard.h" /* the node and its hooks */
#include "negamax.h"           /* the recursion over them */
#include "connect4_entry.h"    /* the entry, c4_search128 */
