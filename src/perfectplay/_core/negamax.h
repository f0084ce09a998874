/*
 * The recursion: search/solver/negamax.py Negamax.search, line for line, as one function per kind of
 * node. A game's file includes this one after naming its node and hooks, so every call to a hook is
 * inlined into it, as it was in one file (a call through a pointer at every node could not be):
 *
 *   NODE                               the node struct
 *   FOUND                              what ``NODE_MOVES`` hands each move's ``NODE_PLAY`` (char if nothing)
 *   SEARCH                             the function's name
 *   NODE_KEY(s, node, key)             fills the table key (and whatever the frame hooks need)
 *   NODE_FROM_FRAME(s, node, move)     a move of the key's frame as played at the node
 *   NODE_TO_FRAME(s, node, move)       a move at the node in the key's frame
 *   NODE_EVALUATE(s, node)             the heuristic value at the horizon
 *   NODE_MOVES(s, node, moves, found)  the ordered moves: their count, or -1 for one forced move with nothing found
 *   NODE_PLAY(s, node, move, found, child)  the child after ``move``; ``found`` is a pointer or NULL
 *   NODE_CHILD_KEYS(s, node, keys)     the table keys of the children the node will list, into ``keys``
 *                                      indexed by move, their slots asked for ahead: 1; 0 if the game
 *                                      leaves the keys to the cutoff loop (it plays each child); -1 for no
 *                                      cutoff lookups (the children skip the table, or the game's
 *                                      cutoff_lookups is False). Asked before the node's own lookup, so
 *                                      that the children's cache misses overlap it.
 *   NODE_TRANSIENT(s, node)            true if the node is too near the end to be worth a table entry
 *   NODE_STORE_MIN                     (optional) a new entry only for a search of at least this many nodes
 *
 * The names are undefined at the end, so the next game can name its own.
 */
#include "search.h"

static int64_t SEARCH(SearchObject *s, NODE *node, int ply, int64_t depth, int64_t alpha, int64_t beta) {
    s->nodes++;
    if (s->nodes >= s->next_check && checkpoint(s) < 0) {
        s->failed = 1;
        return 0;
    }
    int64_t low = root_units(node->low, ply), high = root_units(node->high, ply);
    if (low == high) return low;
    if (high <= alpha) return high;
    if (low >= beta) return low;
    if (high < beta) beta = high;
    if (low > alpha) alpha = low;

    long long horizon_before = s->horizon;
#ifdef NODE_STORE_MIN
    long long nodes_before = s->nodes;
#endif
    Key key;
    NODE_KEY(s, node, &key);
    TableObject *table = s->table;
    int transient = NODE_TRANSIENT(s, node);
    if (!transient) table_prefetch(table, &key);
    /* The children's slots are asked for now, before the node's own lookup waits for memory: their
       misses then overlap it, and the cutoff loop below finds them loaded. */
    Key child_keys[MAX_MOVES];
    int keyed = NODE_CHILD_KEYS(s, node, child_keys);
    Found found_entry;
    int have_entry = !transient && table_find(table, &key, &found_entry);
    int64_t entry_depth = 0, entry_low_node = 0, entry_high_node = 0;
    int entry_move = -1, table_move = -1;
    if (have_entry) {
        entry_depth = found_entry.depth;
        entry_low_node = found_entry.low;
        entry_high_node = found_entry.high;
        entry_move = found_entry.move;
        if (entry_move >= 0) table_move = NODE_FROM_FRAME(s, node, entry_move);
        if (entry_depth >= depth) {
            if (entry_depth < PROVEN) s->horizon++;
            int64_t entry_low = from_node(entry_low_node, ply), entry_high = from_node(entry_high_node, ply);
            if (entry_low >= beta) return entry_low;
            if (entry_high <= alpha) return entry_high;
            if (entry_low == entry_high) return entry_low;
            if (entry_low > alpha) alpha = entry_low;
            if (entry_high < beta) beta = entry_high;
        }
    }

    if (depth <= 0) {
        s->horizon++;
        int64_t guess = NODE_EVALUATE(s, node);
        guess = guess <= -SCALE ? -SCALE + 1 : guess >= SCALE ? SCALE - 1 : guess;
        return guess < low ? low : guess > high ? high : guess;
    }

    int forced = node->forced;
    int64_t child_depth = forced ? depth : depth - 1;
    int pending = table_move >= 0 && !forced;
    int64_t best = -INFINITE, window_low = alpha;
    int best_move = -1;
    NODE child;
    if (pending) {
        /* The table move before the others are even listed (it mostly cuts off). */
        NODE_PLAY(s, node, table_move, NULL, &child);
        int64_t score = -SEARCH(s, &child, ply + 1, child_depth, -beta, -window_low);
        if (s->failed) return 0;
        best = score;
        best_move = table_move;
        if (score > window_low) {
            window_low = score;
            if (score >= beta) goto store;
        }
    }
    {
        int moves[MAX_MOVES];
        FOUND found[MAX_MOVES];
        int count = NODE_MOVES(s, node, moves, found);
        int none_found = count < 0;
        if (none_found) count = 1;
        if (count >= 2 && keyed >= 0) {
            /* Enhanced transposition cutoff: a child the table already proves good enough cuts off
               before any child is searched (negamax.py says why). */
            for (int i = 0; i < count; i++) {
                int move = moves[i];
                if (pending && move == table_move) continue;
                Key child_key;
                if (keyed) {
                    child_key = child_keys[move];
                } else {
                    NODE_PLAY(s, node, move, none_found ? NULL : &found[i], &child);
                    if (NODE_TRANSIENT(s, &child)) continue;
                    NODE_KEY(s, &child, &child_key);
                }
                Found known;
                if (!table_find(table, &child_key, &known) || known.depth < child_depth) continue;
                int64_t bound = -from_node(known.high, ply + 1);
                if (bound >= beta) {
                    if (known.depth < PROVEN) s->horizon++;
                    best = bound;
                    best_move = move;
                    goto store;
                }
            }
        }
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            if (pending && move == table_move) continue;
            NODE_PLAY(s, node, move, none_found ? NULL : &found[i], &child);
            int64_t score = -SEARCH(s, &child, ply + 1, child_depth, -beta, -window_low);
            if (s->failed) return 0;
            if (score > best) {
                best = score;
                best_move = move;
                if (score > window_low) {
                    window_low = score;
                    if (score >= beta) break;
                }
            }
        }
    }
store:;
    int64_t new_low, new_high;
    if (best <= alpha) {
        new_low = low;
        new_high = best;
        best_move = -1; /* every move failed low: none is known to be best */
    } else if (best >= beta) {
        new_low = best;
        new_high = high;
    } else {
        new_low = new_high = best;
    }
    int64_t new_depth = s->horizon == horizon_before ? PROVEN : depth;
    int64_t stored_move = best_move >= 0 ? NODE_TO_FRAME(s, node, best_move) : -1;
    new_low = to_node(new_low, ply);
    new_high = to_node(new_high, ply);
    if (have_entry) {
        if (entry_depth > new_depth) return best; /* never overwrite a deeper entry with a shallower guess */
        if (entry_depth == new_depth) {
            if (entry_low_node > new_low) new_low = entry_low_node;
            if (entry_high_node < new_high) new_high = entry_high_node;
        }
        if (stored_move < 0) stored_move = entry_move;
    }
    if (transient) return best;
#ifdef NODE_STORE_MIN
    /* A new position whose search took fewer nodes than this is cheaper to search again than to keep. */
    if (!have_entry && s->nodes - nodes_before < NODE_STORE_MIN) return best;
#endif
    if (table->count >= table->capacity && !have_entry && table_make_room(table) < 0) {
        s->failed = 1;
        return 0;
    }
    if (table_put(table, &key, new_low, new_high, stored_move, new_depth) < 0) {
        s->failed = 1;
        return 0;
    }
    return best;
}

#undef NODE
#undef FOUND
#undef SEARCH
#undef NODE_KEY
#undef NODE_FROM_FRAME
#undef NODE_TO_FRAME
#undef NODE_EVALUATE
#undef NODE_MOVES
#undef NODE_PLAY
#undef NODE_CHILD_KEYS
#undef NODE_TRANSIENT
#undef NODE_STORE_MIN
