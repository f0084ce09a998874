/* Python ints in and out of the core's words (keys.c). */
#ifndef PERFECTPLAY_KEYS_H
#define PERFECTPLAY_KEYS_H

#include "core.h"

/* A key as a Python int; NULL with an exception on failure. */
PyObject *key_to_int(const Key *k);

/* A u128 as a Python int. */
PyObject *u128_to_int(u128 x);

/* A non-negative Python int's three low words (bits 0-191); -1 with an exception if it is not one. */
int int_words(PyObject *value, uint64_t out[3]);

/* A bitboard of up to 128 bits; -1 with an exception otherwise. */
int int_u128(PyObject *value, u128 *out);

/* An int of up to 64 * ``words`` bits (line-number masks), low word first. */
int int_words_into(PyObject *value, uint64_t *out, int words);

/* A tuple of ``length`` ints, each from 0 to ``below - 1``, into ``out``; ``what`` names it in errors. */
int int_tuple(PyObject *seq, int *out, int length, int below, const char *what);

#endif
