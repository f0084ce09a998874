/*
 * The Connect Four node (games/connect4_node.py Connect4Node) and its hooks, named for the recursion
 * (negamax.h), for one bitboard type. Each of connect4_node64.c, connect4_node128.c and
 * connect4_node7x6.c includes it once, after naming ``BB``, the bitboard type, and ``BITS``, its width
 * (and a fixed board's ``FIXED_WIDTH``, ``FIXED_HEIGHT`` and ``FIXED_NAME``): the only things it takes
 * from the file that includes it. ``C4(name)`` appends the width (or the fixed name). It includes neither the recursion nor
 * the entry (connect4_entry.h): the unit includes each in turn, so no file here looks up at another.
 */
#if !defined(BB) || !defined(BITS)
#error "connect4_bitboard.h needs BB and BITS: include it from connect4_node64.c or connect4_node128.c"
#endif

#include "connect4_node.h"

#define C4_PASTE(name, bits) name##bits
#define C4_NAMED(name, bits) C4_PASTE(name, bits)
#ifdef FIXED_WIDTH
#define C4(name) C4_NAMED(name, FIXED_NAME)
#else
#define C4(name) C4_NAMED(name, BITS)
#endif

/*
 * The geometry as the hooks read it. A unit that names ``FIXED_WIDTH`` and ``FIXED_HEIGHT`` (an odd
 * width: connect4_node7x6.c) gets them as constants, so that every shift, column mask and the column
 * order fold into the code (the shifts of c4_threats are a third of a node's instructions); otherwise
 * they are read from the geometry ``configure_connect4`` filled in.
 */
#ifdef FIXED_WIDTH
#if FIXED_WIDTH % 2 == 0 || FIXED_WIDTH * (FIXED_HEIGHT + 1) > BITS
#error "a fixed Connect Four board has an odd width and fits its bitboard"
#endif
#define G_WIDTH(g) FIXED_WIDTH
#define G_HEIGHT(g) FIXED_HEIGHT
#define G_STRIDE(g) (FIXED_HEIGHT + 1)
#define G_CELLS(g) (FIXED_WIDTH * FIXED_HEIGHT)
#define G_BASE(g) (G_CELLS(g) + 2)
#define G_TRANSIENT(g) (G_CELLS(g) >= TRANSIENT_BOARD ? G_CELLS(g) - TRANSIENT_EMPTY : G_CELLS(g) + 1)
#define G_MIRROR(g) (G_CELLS(g) / 2)
#define G_COLUMN(g, col) ((((BB)1 << FIXED_HEIGHT) - 1) << ((col) * G_STRIDE(g)))
#define G_BOTTOM_BIT(g, col) ((BB)1 << ((col) * G_STRIDE(g)))
/* one bit per column: the number whose digits in base 2^stride are all 1 */
#define G_BOTTOM(g) ((((BB)1 << (FIXED_WIDTH * G_STRIDE(g))) - 1) / (((BB)1 << G_STRIDE(g)) - 1))
#define G_BOARD(g) (G_BOTTOM(g) * (((BB)1 << FIXED_HEIGHT) - 1))
#define G_CENTRE(g) G_COLUMN(g, FIXED_WIDTH / 2)
/* rows 1, 3, 5, ... from the bottom: every other bit of a column, from bit 0 */
#define G_ODD_ROWS(g) (G_BOTTOM(g) * ((((BB)1 << (2 * ((FIXED_HEIGHT + 1) / 2))) - 1) / 3))
/* configure_connect4's order for an odd width: the centre, then left before right at each distance */
#define G_ORDER(g, i) (FIXED_WIDTH / 2 + ((i) & 1 ? -((i) + 1) / 2 : (i) / 2))
#else
#define G_WIDTH(g) ((g)->width)
#define G_HEIGHT(g) ((g)->height)
#define G_STRIDE(g) ((g)->stride)
#define G_CELLS(g) ((g)->cells)
#define G_BASE(g) ((g)->base)
#define G_TRANSIENT(g) ((g)->transient_stones)
#define G_MIRROR(g) ((g)->mirror_stones)
#define G_COLUMN(g, col) ((BB)(g)->column_bits[col])
#define G_BOTTOM_BIT(g, col) ((BB)(g)->bottom_bits[col])
#define G_BOTTOM(g) ((BB)(g)->bottom)
#define G_BOARD(g) ((BB)(g)->board)
#define G_CENTRE(g) ((BB)(g)->centre)
#define G_ODD_ROWS(g) ((BB)(g)->odd_rows)
#define G_ORDER(g, i) ((g)->order[i])
#endif

typedef struct {
    BB pos, mask, my_win, opp_win, safe;
    int stones, forced, low, high;
    int mirrored; /* set by c4_key: the key is the mirror image's, and so are the table's moves */
} C4(C4Node);

/* connect4_node.threat_finder: the empty cells that would complete a four of ``stones``. */
static inline BB C4(c4_threats)(const C4Geometry *g, BB stones, BB mask) {
    int h = G_HEIGHT(g);
    int r1 = h + 1, r2 = 2 * (h + 1), r3 = 3 * (h + 1);
    int d1 = h, d2 = 2 * h, d3 = 3 * h;
    int u1 = h + 2, u2 = 2 * (h + 2), u3 = 3 * (h + 2);
    BB before = stones << r1, after = stones >> r1;
    BB cells = (stones << 1) & (stones << 2) & (stones << 3);
    cells |= (before & (stones << r2) & ((stones << r3) | after)) | (after & (stones >> r2) & ((stones >> r3) | before));
    before = stones << d1, after = stones >> d1;
    cells |= (before & (stones << d2) & ((stones << d3) | after)) | (after & (stones >> d2) & ((stones >> d3) | before));
    before = stones << u1, after = stones >> u1;
    cells |= (before & (stones << u2) & ((stones << u3) | after)) | (after & (stones >> u2) & ((stones >> u3) | before));
    return cells & (G_BOARD(g) ^ mask);
}

/* Connect4Node.lose */
static inline void C4(c4_lose)(const C4Geometry *g, C4(C4Node) *n) {
    n->low = n->high = -G_BASE(g);
    n->forced = 0;
    n->safe = 0;
}

/* Connect4Node.settle */
static inline void C4(c4_settle)(const C4Geometry *g, C4(C4Node) *n) {
    int base = G_BASE(g);
    BB possible = (n->mask + G_BOTTOM(g)) & G_BOARD(g);
    n->forced = 0;
    BB wins = n->my_win & possible;
    if (wins) {
        n->low = n->high = base - 1;
        n->safe = wins;
        return;
    }
    BB must_block = possible & n->opp_win;
    if (must_block) {
        if (must_block & (must_block - 1)) {
            n->low = n->high = 2 - base;
            n->safe = 0;
            return;
        }
        possible = must_block;
    }
    BB safe = possible & ~(n->opp_win >> 1);
    n->safe = safe;
    if (!safe) {
        n->low = n->high = possible ? 2 - base : 0;
    } else if (n->stones >= G_CELLS(g) - 2) {
        n->low = n->high = 0;
    } else {
        n->forced = !(safe & (safe - 1));
        n->high = base - 3;
        n->low = n->stones + 4 <= G_CELLS(g) ? 4 - base : 0;
    }
}

/* Geometry.mirror: a key's columns in the opposite order (each column's part stays within its stride). */
static inline BB C4(c4_mirror)(const C4Geometry *g, BB key) {
    BB column = ((BB)1 << G_STRIDE(g)) - 1, image = 0;
    for (int col = 0, other = G_WIDTH(g) - 1; col < G_WIDTH(g); col++, other--)
        image |= ((key >> (col * G_STRIDE(g))) & column) << (other * G_STRIDE(g));
    return image;
}

/* Connect4Node.key: the position's stones and the mask as one number (``pos + mask``), or its mirror
   image's if that is smaller and the board at most ``mirror_stones`` full; sets ``mirrored``. */
static inline void C4(c4_key)(const C4Geometry *g, C4(C4Node) *n, Key *key) {
    BB sum = n->pos + n->mask;
    n->mirrored = 0;
    if (n->stones <= G_MIRROR(g)) {
        BB image = C4(c4_mirror)(g, sum);
        if (image < sum) {
            sum = image;
            n->mirrored = 1;
        }
    }
    key->lo = (uint64_t)sum;
    key->hi = BITS > 64 ? (uint64_t)((u128)sum >> 64) : 0;
    key->top = 0;
}

/* Connect4Node.moves, with the winning cells each move leaves its mover (``found``). */
static inline int C4(c4_moves)(const C4Geometry *g, const C4(C4Node) *n, int *moves, BB *found) {
    BB safe = n->safe;
    if (n->forced) {
        moves[0] = (bit_length128((u128)safe) - 1) / G_STRIDE(g);
        found[0] = 0;
        return -1; /* one move, nothing found: ``play`` computes the threats */
    }
    if (!safe) safe = (n->mask + G_BOTTOM(g)) & G_BOARD(g);
    /* Connect4Node.moves says why: cells right above an opponent's winning cell are not counted, and
       those on the mover's own rows (odd from the bottom for the first player) count half again; a move
       that threatens to win at once counts half a cell more. */
    BB blocked = n->opp_win << 1;
    BB own_rows = n->stones & 1 ? G_BOARD(g) & ~G_ODD_ROWS(g) : G_ODD_ROWS(g);
    int count = 0, counts[MAX_MOVES];
    for (int i = 0; i < G_WIDTH(g); i++) {
        int col = G_ORDER(g, i);
        BB bit = safe & G_COLUMN(g, col);
        if (bit) {
            BB cells = C4(c4_threats)(g, n->pos | bit, n->mask) & ~bit;
            BB useful = cells & ~blocked;
            int c = popcount128((u128)useful);
            if (n->my_win & (bit << 1)) c--; /* under its own winning cell: the opponent blocks it at once */
            c = 2 * c + popcount128((u128)(useful & own_rows));
            if (useful & (((n->mask | bit) + G_BOTTOM(g)) & G_BOARD(g))) c++; /* a threat to win next move */
            /* A stable sort, most cells first: insert after every move with as many or more. */
            int at = count;
            while (at > 0 && counts[at - 1] < c) {
                moves[at] = moves[at - 1];
                found[at] = found[at - 1];
                counts[at] = counts[at - 1];
                at--;
            }
            moves[at] = col;
            found[at] = cells;
            counts[at] = c;
            count++;
        }
    }
    return count;
}

/* Connect4Node.play; ``found`` is the mover's winning cells after the move if known. */
static inline void C4(c4_play)(const C4Geometry *g, const C4(C4Node) *n, int move, const BB *found, C4(C4Node) *child) {
    BB mask = n->mask;
    BB bit = (mask + G_BOTTOM_BIT(g, move)) & G_COLUMN(g, move);
    BB pos = n->pos;
    child->pos = pos ^ mask;
    child->mask = mask | bit;
    child->stones = n->stones + 1;
    child->mirrored = 0;
    child->my_win = n->opp_win & ~bit;
    child->opp_win = found ? *found : C4(c4_threats)(g, pos | bit, child->mask);
    if (n->my_win & bit)
        C4(c4_lose)(g, child);
    else
        C4(c4_settle)(g, child);
}

/* The table keys of the children ``c4_moves`` will list (the columns of ``safe``), by column, each slot
   asked for at once (see table_prefetch) for the cutoff loop (negamax.h): 1, or -1 if there is no
   cutoff loop (one forced move) or the children skip the table. A child's key is ``opp + mask + bit``
   and its mirror image's ``mirror(opp + mask) + mirror(bit)``: no column's part carries into the next,
   so one mirror of the node serves every child. */
static inline int C4(c4_child_keys)(const C4Geometry *g, const TableObject *t, const C4(C4Node) *n, Key *keys) {
    if (n->forced || n->stones + 1 >= G_TRANSIENT(g)) return -1;
    BB opp = n->pos ^ n->mask, sum = opp + n->mask, image = 0, safe = n->safe;
    int mirror = n->stones + 1 <= G_MIRROR(g);
    if (mirror) image = C4(c4_mirror)(g, sum);
    for (int col = 0; col < G_WIDTH(g); col++) {
        BB bit = safe & G_COLUMN(g, col);
        if (!bit) continue;
        BB key = sum + bit;
        if (mirror) {
            int other = G_WIDTH(g) - 1 - col;
            BB flipped = other >= col ? bit << ((other - col) * G_STRIDE(g)) : bit >> ((col - other) * G_STRIDE(g));
            if (image + flipped < key) key = image + flipped;
        }
        keys[col].lo = (uint64_t)key;
        keys[col].hi = BITS > 64 ? (uint64_t)((u128)key >> 64) : 0;
        keys[col].top = 0;
        table_prefetch(t, &keys[col]);
    }
    return 1;
}

/* Connect4Node.evaluate */
static inline int64_t C4(c4_evaluate)(const C4Geometry *g, const C4(C4Node) *n) {
    BB centre = G_CENTRE(g), mine = n->pos, theirs = n->pos ^ n->mask;
    return 4 * (int64_t)(popcount128((u128)n->my_win) - popcount128((u128)n->opp_win)) +
           (popcount128((u128)(mine & centre)) - popcount128((u128)(theirs & centre)));
}

#define NODE C4(C4Node)
#define FOUND BB
#define SEARCH C4(search_c4_)
#define NODE_KEY(s, node, key) C4(c4_key)(&(s)->c4, node, key)
#define NODE_FROM_FRAME(s, node, move) ((node)->mirrored ? G_WIDTH(&(s)->c4) - 1 - (move) : (move))
#define NODE_TO_FRAME(s, node, move) ((node)->mirrored ? G_WIDTH(&(s)->c4) - 1 - (move) : (move))
#define NODE_EVALUATE(s, node) C4(c4_evaluate)(&(s)->c4, node)
#define NODE_MOVES(s, node, moves, found) C4(c4_moves)(&(s)->c4, node, moves, found)
#define NODE_PLAY(s, node, move, found, child) C4(c4_play)(&(s)->c4, node, move, found, child)
#define NODE_TRANSIENT(s, node) ((node)->stones >= G_TRANSIENT(&(s)->c4))
#define NODE_STORE_MIN STORE_MIN
#define NODE_CHILD_KEYS(s, node, keys) C4(c4_child_keys)(&(s)->c4, (s)->table, node, keys)
