/*
 * The transposition table's storage and its Python type, ``perfectplay._core.Table``
 * (search/solver/table.py's TranspositionTable; the lookup is inline in table.h).
 */
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "keys.h"
#include "table.h"

static inline Key slot_key(const Slot *slot) {
    Key key = {slot->lo, slot->hi, slot->top};
    return key;
}

static size_t slot_bytes(int narrow) { return narrow ? sizeof(NarrowSlot) : sizeof(Slot); }

/* Slot ``i`` of an array of either kind, as a wide slot (``seq`` 0 if it is empty). */
static void read_slot(const void *slots, int narrow, size_t i, Slot *out) {
    if (!narrow) {
        *out = ((const Slot *)slots)[i];
        return;
    }
    const NarrowSlot *slot = &((const NarrowSlot *)slots)[i];
    memset(out, 0, sizeof *out);
    if (!slot->word) return;
    Found found;
    narrow_found(slot, &found);
    out->lo = slot->word & NARROW_KEY;
    out->seq = (uint32_t)slot->data;
    out->low = (int32_t)found.low;
    out->high = (int32_t)found.high;
    out->depth = depth_of_narrow(slot->data >> 56);
    out->move = (int8_t)found.move;
}

/* An entry into the first free slot of its probe in an array of either kind (a narrow one only gets
   entries read from a narrow one, so they fit). */
static void place(void *slots, size_t mask, int narrow, const Slot *entry) {
    Key key = slot_key(entry);
    size_t at = key_hash(&key) & mask;
    if (narrow) {
        NarrowSlot *narrow_slots = slots;
        while (narrow_slots[at].word) at = (at + 1) & mask;
        narrow_slots[at].word = entry->lo | (uint64_t)(entry->move + 1) << 56 | NARROW_USED;
        narrow_slots[at].data = entry->seq | (uint64_t)narrow_value(entry->low) << 32 |
                                (uint64_t)narrow_value(entry->high) << 44 | (uint64_t)narrow_depth(entry->depth) << 56;
        return;
    }
    Slot *wide = slots;
    while (wide[at].seq) at = (at + 1) & mask;
    wide[at] = *entry;
}

/*
 * Zeroed memory for ``bytes``. Large tables are probed at random, so
 * on Linux they ask for huge pages: one TLB entry then covers 2 MB instead
 * of 4 KB, which saves a page walk on most lookups.
 */
#define HUGE_BYTES ((size_t)1 << 21)

static void *slots_alloc(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_BYTES) {
        void *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return NULL;
        madvise(memory, bytes, MADV_HUGEPAGE);
        return memory;
    }
#endif
    return PyMem_Calloc(bytes, 1);
}

static void slots_free(void *slots, size_t bytes) {
    if (!slots) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_BYTES) {
        munmap(slots, bytes);
        return;
    }
#endif
    PyMem_Free(slots);
}

static size_t table_bytes(const TableObject *t) { return t->slots ? (t->mask + 1) * slot_bytes(t->narrow) : 0; }

/* Rebuild the slot array with ``size`` slots of the kind ``narrow`` says, keeping the live entries
   (sequence numbers from ``first``). */
static int table_rebuild(TableObject *t, size_t size, int narrow) {
    void *slots = slots_alloc(size * slot_bytes(narrow));
    if (!slots) {
        PyErr_NoMemory();
        return -1;
    }
    size_t mask = size - 1;
    if (t->slots) {
        for (size_t i = 0; i <= t->mask; i++) {
            Slot old;
            read_slot(t->slots, t->narrow, i, &old);
            if (old.seq < t->first) continue; /* empty (0) or dropped */
            old.seq = old.seq - t->first + 1;
            place(slots, mask, narrow, &old);
        }
    }
    slots_free(t->slots, table_bytes(t));
    t->slots = slots;
    t->mask = mask;
    t->narrow = narrow;
    t->first = 1;
    t->next = (uint32_t)t->count + 1;
    return 0;
}

int table_widen(TableObject *t) {
    if (!t->slots) {
        t->narrow = 0;
        return 0;
    }
    return table_rebuild(t, t->mask + 1, 0);
}

int table_make_room(TableObject *t) {
    Py_ssize_t dropped = t->count / 2;
    t->first += (uint32_t)dropped;
    t->count -= dropped;
    t->evictions += dropped;
    if (!t->slots) return 0;
    /* Rebuilt in place: the survivors aside, the array cleared, the survivors back. A fresh
       array each time would cost the kernel a page fault and a zeroed page per 2 MB or 4 KB. */
    Slot *kept = t->count ? PyMem_Malloc((size_t)t->count * sizeof(Slot)) : NULL;
    if (t->count && !kept) return table_rebuild(t, t->mask + 1, t->narrow);
    Py_ssize_t n = 0;
    for (size_t i = 0; i <= t->mask; i++) {
        Slot entry;
        read_slot(t->slots, t->narrow, i, &entry);
        if (entry.seq >= t->first) kept[n++] = entry;
    }
    memset(t->slots, 0, table_bytes(t));
    for (Py_ssize_t k = 0; k < n; k++) {
        kept[k].seq = kept[k].seq - t->first + 1; /* numbered from 1 again: 32 bits never run out */
        place(t->slots, t->mask, t->narrow, &kept[k]);
    }
    PyMem_Free(kept);
    t->first = 1;
    t->next = (uint32_t)t->count + 1;
    return 0;
}

int table_grow(TableObject *t) {
    /* At most three quarters full: a lookup that misses (most do) probes a few more slots than at
       half full, mostly in the same cache line (four narrow slots to one), but the array is half the
       size. Fresh memory is dear here: the kernel zeroes every huge page a growth touches, and on a
       busy machine the 512 MB a half-full array needed for ``64476`` every move exact took 3 s of
       system CPU, against 0.7 s for 256 MB (benchmarks/analyze_plies.py). The array grows four
       times at once (every growth is a fresh array the kernel must zero and every entry moved
       again, a sixth of a big search's time when it only doubled), but never past the size that
       holds ``capacity`` entries: the table makes room before it would need more. */
    size_t largest = 1024;
    while ((size_t)t->capacity * 4 > largest * 3) largest *= 2;
    size_t size = t->slots ? (t->mask + 1) * 4 : 1024;
    if (size > largest) size = largest;
    while ((size_t)(t->count + 1) * 4 > size * 3) size *= 2; /* as table_needs_room */
    return table_rebuild(t, size, t->narrow);
}

static PyObject *slot_tuple(const Slot *s) {
    return Py_BuildValue("(iiiL)", (int)s->low, (int)s->high, (int)s->move, (long long)slot_depth(s));
}

static int Table_init(TableObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"capacity", NULL};
    Py_ssize_t capacity;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "n", names, &capacity)) return -1;
    if (capacity < 2) {
        PyErr_SetString(PyExc_ValueError, "a table needs room for at least 2 entries");
        return -1;
    }
    self->capacity = capacity;
    self->first = self->next = 1;
    if (!self->slots) self->narrow = 1; /* narrow until an entry does not fit (table.h) */
    return 0;
}

static void Table_dealloc(TableObject *self) {
    slots_free(self->slots, table_bytes(self));
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Table_len(TableObject *self) { return self->count; }

static PyObject *Table_get(TableObject *self, PyObject *arg) {
    uint64_t words[3];
    if (!PyLong_Check(arg) || _PyLong_Sign(arg) < 0 || _PyLong_NumBits(arg) > 129) Py_RETURN_NONE;
    if (int_words(arg, words) < 0) return NULL;
    Key key = {words[0], words[1], words[2]};
    Found found;
    if (!table_find(self, &key, &found)) Py_RETURN_NONE;
    return Py_BuildValue("(iiiL)", (int)found.low, (int)found.high, found.move, (long long)found.depth);
}

static PyObject *Table_items(TableObject *self, PyObject *unused) {
    /* Oldest first: slot by sequence number (the live ones are numbered first .. next - 1). */
    PyObject *list = PyList_New(self->count);
    if (!list) return NULL;
    for (size_t i = 0; self->slots && i <= self->mask; i++) {
        Slot entry;
        read_slot(self->slots, self->narrow, i, &entry);
        const Slot *slot = &entry;
        if (slot->seq < self->first) continue;
        Key words = slot_key(slot);
        PyObject *key = key_to_int(&words);
        PyObject *value = key ? slot_tuple(slot) : NULL;
        PyObject *pair = value ? PyTuple_Pack(2, key, value) : NULL;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (!pair) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)(slot->seq - self->first), pair);
    }
    return list;
}

static PyObject *Table_make_room(TableObject *self, PyObject *unused) {
    if (table_make_room(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Table_get_capacity(TableObject *self, void *closure) { return PyLong_FromSsize_t(self->capacity); }
static PyObject *Table_get_evictions(TableObject *self, void *closure) { return PyLong_FromSsize_t(self->evictions); }

static PyMethodDef Table_methods[] = {
    {"get", (PyCFunction)Table_get, METH_O, "The entry (low, high, move, depth) of an int key, or None."},
    {"items", (PyCFunction)Table_items, METH_NOARGS, "Every (key, entry) pair, oldest first."},
    {"make_room", (PyCFunction)Table_make_room, METH_NOARGS, "Drop the older half of the entries."},
    {NULL},
};

static PyGetSetDef Table_getset[] = {
    {"capacity", (getter)Table_get_capacity, NULL, "Entries kept before the older half is dropped.", NULL},
    {"evictions", (getter)Table_get_evictions, NULL, "Entries dropped for room so far.", NULL},
    {NULL},
};

static PySequenceMethods Table_sequence = {.sq_length = (lenfunc)Table_len};

PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "perfectplay._core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled core's transposition table: table.py's dict semantics, in C.",
    .tp_methods = Table_methods,
    .tp_getset = Table_getset,
    .tp_as_sequence = &Table_sequence,
    .tp_init = (initproc)Table_init,
    .tp_new = PyType_GenericNew,
};
