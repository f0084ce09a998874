/*
 * The Python type ``perfectplay._core.Search`` (search/solver/compiled.py's ``CompiledNegamax`` holds
 * one): its counters, table and budget, and the budget's checkpoint. Its methods are the games'
 * (connect4_node.c, mnk_node.c): module.c sets ``tp_methods`` before the type is readied.
 */
#include "search.h"
#include "structmember.h"

int checkpoint(SearchObject *s) {
    PyObject *result = PyObject_CallMethod(s->budget, "checkpoint", "LL", s->nodes, (long long)s->table->count);
    if (!result) return -1;
    long long next = PyLong_AsLongLong(result);
    Py_DECREF(result);
    if (next == -1 && PyErr_Occurred()) return -1;
    s->next_check = next;
    return 0;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"table", "budget", NULL};
    PyObject *table, *budget;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O", names, &TableType, &table, &budget)) return -1;
    Py_INCREF(table);
    Py_INCREF(budget);
    Py_XSETREF(self->table, (TableObject *)table);
    Py_XSETREF(self->budget, budget);
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    PyObject_GC_UnTrack(self);
    Py_CLEAR(self->table);
    Py_CLEAR(self->budget);
    mnk_geometry_free(&self->mnk);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Search_traverse(SearchObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->table);
    Py_VISIT(self->budget);
    return 0;
}

static int Search_clear(SearchObject *self) {
    Py_CLEAR(self->table);
    Py_CLEAR(self->budget);
    return 0;
}

/* The table keeps depths in 16 bits (depth_code): a depth limit, or PROVEN, less a game's length at most. */
int bad_depth(long long depth) {
    if (depth > PROVEN || (depth >= NEAR_PROVEN - 256 && depth <= PROVEN - NEAR_PROVEN + 256)) {
        PyErr_Format(PyExc_ValueError, "a search depth of %lld: the compiled core takes up to %d or PROVEN", depth,
                     NEAR_PROVEN - 256);
        return 1;
    }
    return 0;
}

PyObject *finish(SearchObject *self, int64_t value) {
    if (self->failed) {
        self->failed = 0;
        return NULL;
    }
    return PyLong_FromLongLong(value);
}

static PyMemberDef Search_members[] = {
    {"nodes", T_LONGLONG, offsetof(SearchObject, nodes), 0, "Nodes searched so far."},
    {"next_check", T_LONGLONG, offsetof(SearchObject, next_check), 0, "Node count of the next budget checkpoint."},
    {"horizon", T_LONGLONG, offsetof(SearchObject, horizon), 0, "Grows whenever a heuristic value enters a result."},
    {"table", T_OBJECT, offsetof(SearchObject, table), READONLY, "The compiled table."},
    {"budget", T_OBJECT, offsetof(SearchObject, budget), READONLY, "The Python budget (checkpoint)."},
    {NULL},
};

PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "perfectplay._core.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_traverse = (traverseproc)Search_traverse,
    .tp_clear = (inquiry)Search_clear,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The recursion of negamax.py for Connect Four and m,n,k nodes, with a compiled table.",
    .tp_members = Search_members,
    .tp_init = (initproc)Search_init,
    .tp_new = PyType_GenericNew,
};
