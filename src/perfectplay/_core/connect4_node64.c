/*
 * Connect Four on boards of up to 64 bitboard bits (7x6 and smaller, the fast case): the node's hooks,
 * the recursion over them and the entry, compiled for ``uint64_t``.
 */
#define BB uint64_t
#define BITS 64
#include "connect4_bitboard.h" /* the node and its hooks */
#include "negamax.h"           /* the recursion over them */
#include "connect4_entry.h"    /* the entry, c4_search64 */
