/*
 * m,n,k boards (games/mnk_node.py): the methods of ``Search`` that set the geometry up (lines,
 * symmetries, move order) and enter a search (mnk_node.c). The node and its hooks are mnk_board.h's,
 * the recursion over them mnk_search.c's.
 */
#ifndef PERFECTPLAY_MNK_NODE_H
#define PERFECTPLAY_MNK_NODE_H

#include "search.h"

/* The methods of ``Search`` for m,n,k boards (mnk_node.c); module.c puts them on the type. */
PyObject *Search_configure_mnk(SearchObject *self, PyObject *args);
PyObject *Search_mnk(SearchObject *self, PyObject *args);

#endif
