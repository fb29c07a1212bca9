"""Majorities from packed tallies: columns, coats of arms and Brussels (rules 3.6), without per-seat scratch.

A tally keeps one FIELD_BITS-bit field per seat (seat p at bits FIELD_BITS * p) and the neutral architects in the
field after the seats. Column sums stay below MAX_ROWS x FACE_MAX and coat-of-arms counts below 5, so fields never
carry into each other. A set of seats is a bit mask (bit p for seat p); the column winners hold one per column.
"""

from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L
from .base import entry_owner, popcount

FIELD_BITS = 8
FIELD_MASK = (1 << FIELD_BITS) - 1
NEUTRAL_FIELD = L.MAX_PLAYERS
assert L.MAX_ROWS * L.FACE_MAX <= FIELD_MASK and (NEUTRAL_FIELD + 1) * FIELD_BITS <= 63
# spread(): a seat mask times SPREAD_MUL puts bit p at bit FIELD_BITS * p (among others); SPREAD_ONES keeps those.
SPREAD_MUL = sum(1 << ((FIELD_BITS - 1) * p) for p in range(L.MAX_PLAYERS))
SPREAD_ONES = sum(1 << (FIELD_BITS * p) for p in range(L.MAX_PLAYERS))
# The spaces that start a coat of arms (not the last column): one bit per space.
_ARMS_STARTS = sum(((1 << (L.COLS - 1)) - 1) << (r * L.COLS) for r in range(L.MAX_ROWS))


@njit(**JIT)
def field(t, p):
    return (t >> (FIELD_BITS * p)) & FIELD_MASK


@njit(**JIT)
def winners(t):
    """Bit mask of the seats whose field equals the highest field (neutral included; 0 if that is 0). Fields of
    absent seats are 0, so they never win; all MAX_PLAYERS seats are looked at, which unrolls."""
    best = field(t, NEUTRAL_FIELD)
    for p in range(L.MAX_PLAYERS):
        best = max(best, field(t, p))
    mask = 0
    for p in range(L.MAX_PLAYERS):
        mask |= (field(t, p) == best) << p
    return mask * (best > 0)


@njit(**JIT)
def spread(mask):
    """A seat mask as a tally with 1 in the field of each seat in it."""
    return (mask * SPREAD_MUL) & SPREAD_ONES


@njit(**JIT)
def _space(s, sp):
    """Space sp as (value tally, count tally, occupied by an architect)."""
    kind = s[L.A_KIND + sp]
    arch = kind == C.SP_ARCHITECT
    neutral = kind == C.SP_NEUTRAL
    occupied = arch | neutral
    shift = FIELD_BITS * (arch * s[L.A_OWNER + sp] + neutral * NEUTRAL_FIELD)
    return occupied * (s[L.A_VALUE + sp] << shift), occupied * (1 << shift), occupied


@njit(**JIT)
def space_value(s, sp):
    """The architect face on space sp as a value tally (0 when it holds none)."""
    return _space(s, sp)[0]


@njit(**JIT)
def _count(s, sp):
    return _space(s, sp)[1]


assert L.COLS == 4  # area_majorities reads the four columns of a row at once
COL0, COL1, COL2, COL3 = range(L.COLS)


@njit(**JIT)
def area_majorities(s):
    """The column winners (a seat mask per column, see column_mask) and each seat's coats of arms won (a tally),
    from one pass over the area and a second over the complete coats of arms only."""
    t0 = t1 = t2 = t3 = 0
    occupied = 0  # bit per space
    rows = s[L.P_ROWS]
    for r in range(rows):
        sp = r * L.COLS
        v0, _, o0 = _space(s, sp + COL0)
        v1, _, o1 = _space(s, sp + COL1)
        v2, _, o2 = _space(s, sp + COL2)
        v3, _, o3 = _space(s, sp + COL3)
        t0 += v0
        t1 += v1
        t2 += v2
        t3 += v3
        occupied |= (o0 | (o1 << COL1) | (o2 << COL2) | (o3 << COL3)) << sp
    columns = (winners(t0) | (winners(t1) << (COL1 * L.MAX_PLAYERS)) | (winners(t2) << (COL2 * L.MAX_PLAYERS))
               | (winners(t3) << (COL3 * L.MAX_PLAYERS)))
    # A coat of arms at space sp0 (column < 3, row < rows - 1) covers sp0, sp0 + 1 and the two below.
    complete = occupied & (occupied >> 1) & (occupied >> L.COLS) & (occupied >> (L.COLS + 1))
    complete &= _ARMS_STARTS & ((1 << (L.COLS * (rows - 1))) - 1)
    arms = 0
    while complete:
        sp0 = popcount((complete & -complete) - 1)
        complete &= complete - 1
        a = _count(s, sp0) + _count(s, sp0 + 1) + _count(s, sp0 + L.COLS) + _count(s, sp0 + L.COLS + 1)
        arms += spread(winners(a))
    return columns, arms


@njit(**JIT)
def column_mask(columns, col):
    """The winners of column col from `area_majorities`."""
    return (columns >> (L.MAX_PLAYERS * col)) & L.ALL_SEATS


@njit(**JIT)
def brussels_winners(s):
    """Bit mask of the seats with the most architects in Brussels (0 if nobody has one)."""
    t = 0
    for card in range(C.N_BRUSSELS):
        base = L.BRU_LIST + card * L.BRU_CAP
        for i in range(s[L.BRU_LEN + card]):
            t += 1 << (FIELD_BITS * entry_owner(s[base + i]))
    return winners(t)
