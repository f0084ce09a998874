/*
 * m,n,k boards in the compiled core: the methods of ``Search`` that set a board up and enter a search
 * at a node (the Python side is ``compiled_entry`` in games/mnk_node.py); the recursion is mnk_search.c's.
 */
#include "keys.h"
#include "mnk_board.h"
#include "mnk_node.h"

/* configure_mnk(cells, base, lines, lines_through, perms, order): mnk_node.Geometry */
PyObject *Search_configure_mnk(SearchObject *self, PyObject *args) {
    int cells, base, k;
    PyObject *lines, *through, *perms, *order;
    if (!PyArg_ParseTuple(args, "iiiO!O!O!O!", &cells, &base, &k, &PyTuple_Type, &lines, &PyTuple_Type, &through,
                          &PyTuple_Type, &perms, &PyTuple_Type, &order))
        return NULL;
    Py_ssize_t nlines = PyTuple_GET_SIZE(lines), nperms = PyTuple_GET_SIZE(perms);
    if (cells < 1 || cells > MAX_MOVES || nlines > 64 * MAX_WORDS || nperms < 1 || nperms > MAX_PERMS || k > 24 ||
        PyTuple_GET_SIZE(through) != cells) {
        PyErr_SetString(PyExc_ValueError, "an m,n,k board the compiled core cannot hold");
        return NULL;
    }
    MnkGeometry *g = &self->mnk;
    mnk_geometry_free(g);
    memset(g, 0, sizeof *g);
    g->cells = cells;
    g->base = base;
    g->lines = (int)nlines;
    g->words = (int)((nlines + 63) / 64);
    if (g->words == 0) g->words = 1;
    g->perms = (int)nperms;
    g->line_masks = PyMem_Malloc(sizeof(uint64_t) * (nlines ? nlines : 1));
    g->through_start = PyMem_Malloc(sizeof(int) * (cells + 1));
    if (!g->line_masks || !g->through_start) goto nomemory;
    for (Py_ssize_t i = 0; i < nlines; i++) {
        uint64_t words[3];
        if (int_words(PyTuple_GET_ITEM(lines, i), words) < 0) goto fail;
        g->line_masks[i] = words[0];
        for (int cell = 0; cell < cells; cell++)
            if (words[0] >> cell & 1) g->line_ids[cell][i / 64] |= (uint64_t)1 << (i % 64);
    }
    Py_ssize_t total = 0;
    for (int cell = 0; cell < cells; cell++) {
        PyObject *masks = PyTuple_GET_ITEM(through, cell);
        if (!PyTuple_Check(masks)) {
            PyErr_SetString(PyExc_ValueError, "lines_through: expected tuples");
            goto fail;
        }
        total += PyTuple_GET_SIZE(masks);
    }
    g->through = PyMem_Malloc(sizeof(uint64_t) * (total ? total : 1));
    if (!g->through) goto nomemory;
    total = 0;
    for (int cell = 0; cell < cells; cell++) {
        PyObject *masks = PyTuple_GET_ITEM(through, cell);
        g->through_start[cell] = (int)total;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(masks); i++) {
            uint64_t words[3];
            if (int_words(PyTuple_GET_ITEM(masks, i), words) < 0) goto fail;
            g->through[total++] = words[0];
        }
    }
    g->through_start[cells] = (int)total;
    for (int t = 0; t < nperms; t++) {
        if (int_tuple(PyTuple_GET_ITEM(perms, t), g->perm[t], cells, cells, "perms") < 0) goto fail;
        for (int cell = 0; cell < cells; cell++) {
            int image = g->perm[t][cell];
            g->inverse[t][image] = cell;
            g->x_bits[cell][t] = (u128)1 << image;
            g->o_bits[cell][t] = (u128)1 << (image + cells);
        }
    }
    if (int_tuple(order, g->order, cells, cells, "order") < 0) goto fail;
    self->kind = KIND_MNK;
    Py_RETURN_NONE;
nomemory:
    PyErr_NoMemory();
fail:
    mnk_geometry_free(g);
    self->kind = KIND_NONE;
    return NULL;
}

/* mnk(me, opp, my_open, opp_open, my_threats, opp_threats, keys, me_is_o, stones, lost, forced, low, high,
       ply, depth, alpha, beta) */
PyObject *Search_mnk(SearchObject *self, PyObject *args) {
    PyObject *me, *opp, *my_open, *opp_open, *my_threats, *opp_threats, *keys;
    int me_is_o, stones, lost, forced, low, high, ply;
    long long depth, alpha, beta;
    if (!PyArg_ParseTuple(args, "OOOOOOO!pippiiiLLL", &me, &opp, &my_open, &opp_open, &my_threats, &opp_threats,
                          &PyTuple_Type, &keys, &me_is_o, &stones, &lost, &forced, &low, &high, &ply, &depth, &alpha,
                          &beta))
        return NULL;
    if (self->kind != KIND_MNK) {
        PyErr_SetString(PyExc_RuntimeError, "configure_mnk first");
        return NULL;
    }
    if (bad_depth(depth)) return NULL;
    MnkGeometry *g = &self->mnk;
    MnkNode node;
    memset(&node, 0, sizeof node);
    u128 b[4];
    PyObject *from[4] = {me, opp, my_threats, opp_threats};
    for (int i = 0; i < 4; i++) {
        if (int_u128(from[i], &b[i]) < 0) return NULL;
        if (b[i] >> 64) {
            PyErr_SetString(PyExc_OverflowError, "an m,n,k bitboard of more than 64 cells");
            return NULL;
        }
    }
    node.me = (uint64_t)b[0];
    node.opp = (uint64_t)b[1];
    node.my_threats = (uint64_t)b[2];
    node.opp_threats = (uint64_t)b[3];
    if (int_words_into(my_open, node.my_open, g->words) < 0 || int_words_into(opp_open, node.opp_open, g->words) < 0)
        return NULL;
    if (PyTuple_GET_SIZE(keys) != g->perms) {
        PyErr_SetString(PyExc_ValueError, "one key per symmetry");
        return NULL;
    }
    for (int t = 0; t < g->perms; t++)
        if (int_u128(PyTuple_GET_ITEM(keys, t), &node.keys[t]) < 0) return NULL;
    node.me_is_o = me_is_o;
    node.stones = stones;
    node.lost = lost;
    node.forced = forced;
    node.low = low;
    node.high = high;
    self->failed = 0;
    return finish(self, mnk_search(self, &node, ply, depth, alpha, beta));
}
