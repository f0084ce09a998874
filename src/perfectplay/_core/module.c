/*
 * The module ``perfectplay._core``: its two types (table.c, search.c), the games' methods of ``Search``
 * (connect4_node.c, mnk_node.c: the search sits below the games, so it cannot name them itself) and a
 * conversion test hook.
 * Python's reference for all of it is search/solver/negamax.py with the games' nodes; the types are in
 * src/perfectplay/_core.pyi.
 */
#include "connect4_node.h"
#include "keys.h"
#include "mnk_node.h"
#include "search.h"
#include "table.h"

static PyObject *core_u128(PyObject *module, PyObject *arg) {
    /* Round-trips an int through the core's 128-bit words (for tests of the conversions). */
    u128 value;
    if (int_u128(arg, &value) < 0) return NULL;
    return u128_to_int(value);
}

static PyMethodDef search_methods[] = {
    {"configure_connect4", (PyCFunction)Search_configure_connect4, METH_VARARGS, "Set up for Connect Four."},
    {"configure_mnk", (PyCFunction)Search_configure_mnk, METH_VARARGS, "Set up for an m,n,k board."},
    {"connect4", (PyCFunction)Search_connect4, METH_VARARGS, "Negamax.search of a Connect Four node."},
    {"mnk", (PyCFunction)Search_mnk, METH_VARARGS, "Negamax.search of an m,n,k node."},
    {NULL},
};

static PyMethodDef module_methods[] = {
    {"roundtrip", core_u128, METH_O, "An int of up to 128 bits, through the core's words and back."},
    {NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "perfectplay._core", "The compiled core of perfectplay's solver.", -1, module_methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    SearchType.tp_methods = search_methods;
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&TableType);
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddObject(module, "Search", (PyObject *)&SearchType) < 0 ||
        PyModule_AddIntConstant(module, "SCALE", (long)SCALE) < 0 ||
        PyModule_AddIntConstant(module, "PROVEN", (long)PROVEN) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
