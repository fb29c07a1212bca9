"""A game's final ranking declared as data: the ordered keys that compare two seats.

    better = tie_break(__name__, L.SEATS, L.SEAT_SIZE,
                       Key(L.S_VP), Key(L.S_PRISON, C.N_ARCH_TYPES, more=False), Key(L.S_TRACK, C.N_TRACKS))

Seat q ranks strictly ahead of seat p when, at the first key on which they differ, q has more (or, `more=False`,
fewer); seats equal on every key share their rank. A key is a counter of the seat block (its offset in the block)
or the sum of `width` consecutive counters. A game whose ranking needs more than seat counters (Prestige: the turn
order breaks ties) writes its own `better(s, q, p)` hook instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from .jit import JIT, njit_for


class Key(NamedTuple):
    """One tie-break key: the sum of `width` counters from `field` (an offset in the seat block); `more`: more is
    better."""

    field: int
    width: int = 1
    more: bool = True


def tie_break(owner: str, seats: int, seat_size: int, *keys: Key) -> Callable:
    """The game's `better(s, q, p)` hook (seat q ranks strictly ahead of seat p) for the seat blocks at
    `seats + p * seat_size`, comparing `keys` in order; compiled and cached as `owner`'s (a hooks module name)."""
    if not keys:
        raise ValueError("a tie-break needs at least one key")
    for k in keys:
        if k.field < 0 or k.width < 1 or k.field + k.width > seat_size:
            raise ValueError(f"tie-break key {k} is outside the seat block of {seat_size} fields")
    table = np.array([(k.field, k.width, 1 if k.more else -1) for k in keys], np.int64)

    @njit_for(owner, **JIT)
    def better(s, q, p):
        oq = seats + q * seat_size
        op = seats + p * seat_size
        for k in range(table.shape[0]):
            a = 0
            b = 0
            for j in range(table[k, 1]):
                a += s[oq + table[k, 0] + j]
                b += s[op + table[k, 0] + j]
            if a != b:
                return (a > b) == (table[k, 2] > 0)
        return False

    return better
