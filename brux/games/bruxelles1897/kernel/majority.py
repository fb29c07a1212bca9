"""Majorities from packed tallies: columns, coats of arms and Brussels (rules 3.6), without per-seat scratch.

A tally keeps one 8-bit field per seat (seat p at bits 8p) and the neutral architects in field 4. Column sums stay
below 4 rows x 20 and coat-of-arms counts below 5, so fields never carry into each other.
"""

from numba import njit

from brux.core.jit import JIT, TINY

from . import codes as C
from . import layout as L
from .base import popcount

NEUTRAL_FIELD = 4


@njit(**TINY)
def field(t, p):
    return (t >> (8 * p)) & 255


@njit(**TINY)
def winners(t):
    """Bit mask of the seats whose field equals the highest field (neutral included; 0 if that is 0). Fields of
    absent seats are 0, so they never win; all four seats are looked at, which unrolls."""
    best = field(t, NEUTRAL_FIELD)
    for p in range(L.MAX_PLAYERS):
        best = max(best, field(t, p))
    mask = 0
    for p in range(L.MAX_PLAYERS):
        mask |= (field(t, p) == best) << p
    return mask * (best > 0)


@njit(**TINY)
def spread(mask):
    """A 4-bit seat mask as a tally with 1 in the field of each seat in it."""
    return (mask * 0x204081) & 0x01010101


@njit(**TINY)
def _space(s, sp):
    """Space sp as (value tally, count tally, occupied by an architect)."""
    kind = s[L.A_KIND + sp]
    arch = kind == C.SP_ARCHITECT
    neutral = kind == C.SP_NEUTRAL
    occupied = arch | neutral
    shift = 8 * (arch * s[L.A_OWNER + sp] + neutral * NEUTRAL_FIELD)
    return occupied * (s[L.A_VALUE + sp] << shift), occupied * (1 << shift), occupied


@njit(**TINY)
def _count(s, sp):
    return _space(s, sp)[1]


@njit(**JIT)
def area_majorities(s):
    """The column winners (4 bits per column) and each seat's coats of arms won (a tally), from one pass over the
    area and a second over the complete coats of arms only."""
    t0 = t1 = t2 = t3 = 0
    occupied = 0  # bit per space
    rows = s[L.P_ROWS]
    for r in range(rows):
        sp = r * L.COLS
        v0, _, o0 = _space(s, sp)
        v1, _, o1 = _space(s, sp + 1)
        v2, _, o2 = _space(s, sp + 2)
        v3, _, o3 = _space(s, sp + 3)
        t0 += v0
        t1 += v1
        t2 += v2
        t3 += v3
        occupied |= (o0 | (o1 << 1) | (o2 << 2) | (o3 << 3)) << sp
    columns = winners(t0) | (winners(t1) << 4) | (winners(t2) << 8) | (winners(t3) << 12)
    # A coat of arms at space sp0 (column < 3, row < rows - 1) covers sp0, sp0 + 1 and the two below.
    complete = occupied & (occupied >> 1) & (occupied >> L.COLS) & (occupied >> (L.COLS + 1))
    complete &= 0x7777 & ((1 << (L.COLS * (rows - 1))) - 1)
    arms = 0
    while complete:
        sp0 = popcount((complete & -complete) - 1)
        complete &= complete - 1
        a = _count(s, sp0) + _count(s, sp0 + 1) + _count(s, sp0 + L.COLS) + _count(s, sp0 + L.COLS + 1)
        arms += spread(winners(a))
    return columns, arms


@njit(**TINY)
def column_mask(columns, col):
    """The winners of column col from `area_majorities`."""
    return (columns >> (4 * col)) & 15


@njit(**JIT)
def brussels_winners(s):
    """Bit mask of the seats with the most architects in Brussels (0 if nobody has one)."""
    t = 0
    for card in range(3):
        base = L.BRU_LIST + card * L.BRU_CAP
        for i in range(s[L.BRU_LEN + card]):
            t += 1 << (8 * (s[base + i] >> 2))
    return winners(t)
