/*
 * Python ints in and out of the core's words: bitboards and table keys cross the boundary as ints
 * (the Python nodes' fields, search/solver/table.py's keys) and live here as 64-bit words.
 */
#include "keys.h"

PyObject *key_to_int(const Key *k) {
    /* lo + hi << 64 + top << 128 */
    PyObject *result = PyLong_FromUnsignedLongLong(k->top);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *words[2] = {PyLong_FromUnsignedLongLong(k->hi), PyLong_FromUnsignedLongLong(k->lo)};
    for (int i = 0; i < 2 && result; i++) {
        PyObject *moved = result && shift ? PyNumber_Lshift(result, shift) : NULL;
        Py_XDECREF(result);
        result = moved && words[i] ? PyNumber_Or(moved, words[i]) : NULL;
        Py_XDECREF(moved);
    }
    Py_XDECREF(words[0]);
    Py_XDECREF(words[1]);
    Py_XDECREF(shift);
    return result;
}

PyObject *u128_to_int(u128 x) {
    Key k = {(uint64_t)x, (uint64_t)(x >> 64), 0};
    return key_to_int(&k);
}

int int_words(PyObject *value, uint64_t out[3]) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "expected an int");
        return -1;
    }
    unsigned char bytes[24];
    if (_PyLong_NumBits(value) > 192) {
        PyErr_SetString(PyExc_OverflowError, "a bitboard or key of more than 192 bits");
        return -1;
    }
    if (_PyLong_Sign(value) < 0) {
        PyErr_SetString(PyExc_ValueError, "a negative bitboard or key");
        return -1;
    }
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, sizeof bytes, 1, 0) < 0) return -1;
    for (int w = 0; w < 3; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = word << 8 | bytes[w * 8 + b];
        out[w] = word;
    }
    return 0;
}

int int_u128(PyObject *value, u128 *out) {
    uint64_t words[3];
    if (int_words(value, words) < 0) return -1;
    if (words[2]) {
        PyErr_SetString(PyExc_OverflowError, "a bitboard of more than 128 bits");
        return -1;
    }
    *out = (u128)words[1] << 64 | words[0];
    return 0;
}

int int_words_into(PyObject *value, uint64_t *out, int words) {
    if (!PyLong_Check(value) || _PyLong_Sign(value) < 0 || _PyLong_NumBits(value) > (size_t)(64 * words)) {
        PyErr_SetString(PyExc_ValueError, "a line mask out of range");
        return -1;
    }
    unsigned char bytes[8 * MAX_WORDS];
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, 8 * (size_t)words, 1, 0) < 0) return -1;
    for (int w = 0; w < words; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = word << 8 | bytes[w * 8 + b];
        out[w] = word;
    }
    return 0;
}

int int_tuple(PyObject *seq, int *out, int length, int below, const char *what) {
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != length) {
        PyErr_Format(PyExc_ValueError, "%s: expected a tuple of %d ints", what, length);
        return -1;
    }
    for (int i = 0; i < length; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v >= below) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return -1;
        }
        out[i] = (int)v;
    }
    return 0;
}
