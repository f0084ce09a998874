/*
 * Connect Four in the compiled core: the two methods of ``Search`` that set the board up and enter a
 * search at a node (the Python side is ``compiled_entry`` in games/connect4_node.py), handing the node
 * to the search of its bitboard width (connect4_node64.c, connect4_node128.c).
 */
#include "connect4_node.h"
#include "keys.h"

/* configure_connect4(width, height): connect4_node.Geometry */
PyObject *Search_configure_connect4(SearchObject *self, PyObject *args) {
    int width, height;
    if (!PyArg_ParseTuple(args, "ii", &width, &height)) return NULL;
    if (width < 1 || height < 1 || width > MAX_MOVES || width * (height + 1) > 128) {
        PyErr_SetString(PyExc_ValueError, "a Connect Four board of at most 128 bitboard bits");
        return NULL;
    }
    C4Geometry *g = &self->c4;
    memset(g, 0, sizeof *g);
    g->width = width;
    g->height = height;
    g->stride = height + 1;
    g->cells = width * height;
    g->base = g->cells + 2;
    g->transient_stones = g->cells >= TRANSIENT_BOARD ? g->cells - TRANSIENT_EMPTY : g->cells + 1;
    g->mirror_stones = g->cells / 2;
    for (int col = 0; col < width; col++) {
        g->bottom_bits[col] = (u128)1 << (col * g->stride);
        g->column_bits[col] = (((u128)1 << height) - 1) << (col * g->stride);
        g->bottom |= g->bottom_bits[col];
    }
    g->board = g->bottom * (((u128)1 << height) - 1);
    g->centre = g->column_bits[width / 2] | g->column_bits[(width - 1) / 2];
    g->odd_rows = g->bottom * ((((u128)1 << (2 * ((height + 1) / 2))) - 1) / 3);
    /* Centre columns first, then outwards, left of centre before right on a tie. */
    int count = 0;
    for (int distance = 0; distance <= width; distance++)
        for (int col = 0; col < width; col++)
            if (abs(2 * col - (width - 1)) == distance) g->order[count++] = col;
    self->kind = width == 7 && height == 6 ? KIND_C4_7X6 : width * (height + 1) <= 64 ? KIND_C4_64 : KIND_C4_128;
    Py_RETURN_NONE;
}

/* connect4(pos, mask, stones, my_win, opp_win, safe, forced, low, high, ply, depth, alpha, beta) */
PyObject *Search_connect4(SearchObject *self, PyObject *args) {
    PyObject *pos, *mask, *my_win, *opp_win, *safe;
    int stones, forced, low, high, ply;
    long long depth, alpha, beta;
    if (!PyArg_ParseTuple(args, "OOiOOOpiiiLLL", &pos, &mask, &stones, &my_win, &opp_win, &safe, &forced, &low, &high,
                          &ply, &depth, &alpha, &beta))
        return NULL;
    if (self->kind != KIND_C4_64 && self->kind != KIND_C4_7X6 && self->kind != KIND_C4_128) {
        PyErr_SetString(PyExc_RuntimeError, "configure_connect4 first");
        return NULL;
    }
    if (bad_depth(depth)) return NULL;
    u128 b[5];
    PyObject *from[5] = {pos, mask, my_win, opp_win, safe};
    for (int i = 0; i < 5; i++)
        if (int_u128(from[i], &b[i]) < 0) return NULL;
    self->failed = 0;
    if (self->kind == KIND_C4_7X6)
        return finish(self, c4_search7x6(self, b, stones, forced, low, high, ply, depth, alpha, beta));
    if (self->kind == KIND_C4_64)
        return finish(self, c4_search64(self, b, stones, forced, low, high, ply, depth, alpha, beta));
    return finish(self, c4_search128(self, b, stones, forced, low, high, ply, depth, alpha, beta));
}
