"""Small kernel helpers shared by the rule modules: seats, decisions, tracks, VP, counts."""

from numba import njit

from brux.core.jit import TINY

from . import codes as C
from . import layout as L


@njit(**TINY)
def seat(p):
    """Offset of seat p's block (0 <= p < MAX_PLAYERS). The mask changes no valid seat; it tells the compiler the
    offset is not negative, which drops the negative-index adjustments of the accesses built on it."""
    return L.SEATS + (p & (L.MAX_PLAYERS - 1)) * L.SEAT_SIZE


@njit(**TINY)
def players(s):
    return s[L.P_PLAYERS]


@njit(**TINY)
def seat_after(s, start, i):
    """The seat i places clockwise from seat start (0 <= i <= players), without a division."""
    q = start + i
    n = s[L.P_PLAYERS]
    return q - n if q >= n else q


@njit(**TINY)
def popcount(x):
    """Set bits of a non-negative x < 2**32 (branch-free)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return (x * 0x01010101 & 0xFFFFFFFF) >> 24


@njit(**TINY)
def next_active(s, actor):
    """The first seat clockwise after `actor` that has not passed (`actor` itself last), or -1."""
    for i in range(1, s[L.P_PLAYERS] + 1):
        q = seat_after(s, actor, i)
        if not s[seat(q) + L.S_PASSED]:
            return q
    return -1


@njit(**TINY)
def set_pending(s, p, decision):
    s[L.G_CUR] = p
    s[L.G_PENDING] = decision


@njit(**TINY)
def bump_track(s, p, track):
    """Track + 1, capped at the track maximum."""
    o = seat(p) + L.S_TRACK + track
    if s[o] < s[L.P_TRACK_MAX]:
        s[o] += 1


@njit(**TINY)
def add_vp(s, p, source, v):
    o = seat(p)
    s[o + L.S_VP] += v
    s[o + L.S_SRC + source] += v


@njit(**TINY)
def count(s, off, n):
    """Sum of n consecutive fields."""
    t = 0
    for i in range(n):
        t += s[off + i]
    return t


@njit(**TINY)
def face(s, arch_type, f):
    return s[L.P_FACES + 2 * arch_type + f]


@njit(**TINY)
def untapped_noble(s, p):
    """True when seat p keeps an untapped noble."""
    o = seat(p) + L.S_NOBLE
    return ((s[o] == 1) | (s[o + 1] == 1) | (s[o + 2] == 1) | (s[o + 3] == 1) | (s[o + 4] == 1) | (s[o + 5] == 1))


@njit(**TINY)
def build_cost(s, p):
    """Symbols owed for seat p's next house."""
    return count(s, seat(p) + L.S_HOUSE, 4) + 1


@njit(**TINY)
def can_pay_house(s, p):
    """A payment of ceil(n/2)..n material cards exists."""
    n = build_cost(s, p)
    return count(s, seat(p) + L.S_MAT, 6) >= (n + 1) // 2


@njit(**TINY)
def exhibit_options(s, p):
    """Bit mask of colours seat p owns that are not yet exhibited."""
    o = seat(p) + L.S_ART
    mask = 0
    for c in range(4):
        if s[o + c] > 0 and not (s[L.C_EXH_SHOWN] >> c) & 1:
            mask |= 1 << c
    return mask


@njit(**TINY)
def brussels_count(s, p, arch_type):
    """Seat p's architects in Brussels (of one type, or all types with arch_type = -1)."""
    t = 0
    for card in range(3):
        base = L.BRU_LIST + card * L.BRU_CAP
        for i in range(s[L.BRU_LEN + card]):
            e = s[base + i]
            if e // 4 == p and (arch_type < 0 or e % 4 == arch_type):
                t += 1
    return t


@njit(**TINY)
def deck_available(s, d):
    """Cards in deck d and its discard pile."""
    return s[L.DECK_LEN + d] + count(s, L.DISCARD + d * 6, C.DECK_SUBTYPES[d])


@njit(**TINY)
def park_allowed(s, p, option):
    if option == C.PARK_SALE:
        return count(s, seat(p) + L.S_ART, 4) > 0
    if deck_available(s, C.PARK_DECK[option]) == 0:
        return False
    if option == C.PARK_BUILD:
        return can_pay_house(s, p)
    return True
