/*
 * Connect Four on the standard 7x6 board: connect4_node64.c's search again, with the board's size as
 * constants (connect4_bitboard.h folds them into the code): the board nearly every search is on.
 */
#define BB uint64_t
#define BITS 64
#define FIXED_WIDTH 7
#define FIXED_HEIGHT 6
#define FIXED_NAME 7x6
#include "connect4_bitboard.h" /* the node and its hooks */
#include "negamax.h"           /* the recursion over them */
#include "connect4_entry.h"    /* the entry, c4_search7x6 */
