/*
 * The one entry the rest of the core calls, ``c4_search64`` or ``c4_search128`` (declared in
 * connect4_node.h): the node of the bitboards handed in, searched by the recursion negamax.h made of
 * connect4_bitboard.h's hooks. Included once by each of connect4_node64.c and connect4_node128.c, after
 * those two; it ends the width's names.
 */
int64_t C4(c4_search)(SearchObject *s, const u128 b[5], int stones, int forced, int low, int high, int ply,
                      int64_t depth, int64_t alpha, int64_t beta) {
    C4(C4Node) node = {(BB)b[0], (BB)b[1], (BB)b[2], (BB)b[3], (BB)b[4], stones, forced, low, high, 0};
    return C4(search_c4_)(s, &node, ply, depth, alpha, beta);
}

#undef C4
