"""The symmetries of an m,n,k board, as permutations of cell indices.

A rotation or reflection of the board maps every row, column and diagonal
onto a row, column or diagonal of the same length, so it maps positions to
positions of the same value and moves to moves of the same score. A square
board has 8 such maps (the dihedral group), a rectangle 4 (identity, both
mirror images, half turn). For the 3x3 board, the half turn sends cell i to
cell 8 - i::

     0 | 1 | 2        8 | 7 | 6
    ---+---+---      ---+---+---
     3 | 4 | 5   ->   5 | 4 | 3
    ---+---+---      ---+---+---
     6 | 7 | 8        2 | 1 | 0

``perms[t][cell]`` is where symmetry ``t`` sends ``cell``; ``perms[0]`` is
the identity.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

Cell = tuple[int, int]


@cache
def symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Every symmetry of a ``rows`` x ``cols`` board as a cell permutation, identity first."""
    last_row, last_col = rows - 1, cols - 1
    maps: list[Callable[[int, int], Cell]] = [
        lambda r, c: (r, c),
        lambda r, c: (r, last_col - c),
        lambda r, c: (last_row - r, c),
        lambda r, c: (last_row - r, last_col - c),
    ]
    if rows == cols:
        # Only a square survives a quarter turn or a reflection in a diagonal.
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (c, last_row - r),
            lambda r, c: (last_col - c, r),
            lambda r, c: (last_col - c, last_row - r),
        ]
    perms = []
    for image in maps:
        perm = []
        for cell in range(rows * cols):
            row, col = image(*divmod(cell, cols))
            perm.append(row * cols + col)
        perms.append(tuple(perm))
    return tuple(perms)


def inverse(perm: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation that undoes ``perm``."""
    undo = [0] * len(perm)
    for cell, image in enumerate(perm):
        undo[image] = cell
    return tuple(undo)


def transform(perm: tuple[int, ...], bits: int) -> int:
    """The bitboard ``bits`` with every stone moved to its image under ``perm``."""
    moved = 0
    for cell, image in enumerate(perm):
        if bits >> cell & 1:
            moved |= 1 << image
    return moved
