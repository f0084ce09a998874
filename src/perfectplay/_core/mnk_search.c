/*
 * The recursion (negamax.h) made of the m,n,k node's hooks (mnk_board.h), and ``mnk_search``, its
 * entry for mnk_node.c: the m,n,k twin of connect4_node64.c.
 */
#include "mnk_board.h" /* the node and its hooks */
#include "negamax.h"   /* the recursion over them: search_mnk */

int64_t mnk_search(SearchObject *s, MnkNode *node, int ply, int64_t depth, int64_t alpha, int64_t beta) {
    return search_mnk(s, node, ply, depth, alpha, beta);
}
