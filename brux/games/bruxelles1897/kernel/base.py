"""Small kernel helpers shared by the rule modules: seats, decisions, tracks, VP, counts."""

from brux.core.accessors import basics
from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L

seat, players, _, set_pending = basics(__name__, L)  # the kit's kernel helpers (brux.core.accessors)


@njit(**JIT)
def seat_after(s, start, i):
    """The seat i places clockwise from seat start (0 <= i <= players), without a division."""
    q = start + i
    n = s[L.P_PLAYERS]
    return q - n if q >= n else q


# popcount's bit masks: alternate bits, bit pairs, nibbles; the byte-sum multiplier; 32 bits; the top byte's shift
_ODD_BITS = 0x55555555
_BIT_PAIRS = 0x33333333
_NIBBLES = 0x0F0F0F0F
_BYTE_SUM = 0x01010101
_LOW_32 = 0xFFFFFFFF
_TOP_BYTE = 24
_PAIR_SHIFT = 2
_NIBBLE_SHIFT = 4


@njit(**JIT)
def popcount(x):
    """Set bits of a non-negative x < 2**32 (branch-free: bits summed in pairs, nibbles, then bytes)."""
    x = x - ((x >> 1) & _ODD_BITS)
    x = (x & _BIT_PAIRS) + ((x >> _PAIR_SHIFT) & _BIT_PAIRS)
    x = (x + (x >> _NIBBLE_SHIFT)) & _NIBBLES
    return (x * _BYTE_SUM & _LOW_32) >> _TOP_BYTE


@njit(**JIT)
def next_active(s, actor):
    """The first seat clockwise after `actor` that has not passed (`actor` itself last), or -1."""
    for i in range(1, s[L.P_PLAYERS] + 1):
        q = seat_after(s, actor, i)
        if not s[seat(q) + L.S_PASSED]:
            return q
    return -1


@njit(**JIT)
def bump_track(s, p, track):
    """Track + 1, capped at the track maximum."""
    bump_track_if(s, p, track, 1)


@njit(**JIT)
def bump_track_if(s, p, track, won):
    """Track + won (0 or 1), capped at the track maximum, without a branch (for random data: majority winners)."""
    o = seat(p) + L.S_TRACK + track
    s[o] += won & (s[o] < s[L.P_TRACK_MAX])


@njit(**JIT)
def add_vp(s, p, source, v):
    o = seat(p)
    s[o + L.S_VP] += v
    s[o + L.S_SRC + source] += v


@njit(**JIT)
def count(s, off, n):
    """Sum of n consecutive fields."""
    t = 0
    for i in range(n):
        t += s[off + i]
    return t


@njit(**JIT)
def face(s, arch_type, f):
    return s[L.P_FACES + C.N_FACES * arch_type + f]


@njit(**JIT)
def untapped_noble(s, p):
    """True when seat p keeps an untapped noble."""
    o = seat(p) + L.S_NOBLE
    untapped = False
    for k in range(C.NOBLE_TYPES):
        untapped |= s[o + k] == C.NOBLE_UNTAPPED
    return untapped


@njit(**JIT)
def noble_upkeep(s, p):
    """Seat p's kept nobles that owe upkeep (all but Brugmann) and how many of them its money pays for (rules
    section 4, step 1): (kept, paid)."""
    o = seat(p)
    kept = 0
    for k in range(C.FIRST_DECK_NOBLE, C.NOBLE_TYPES):
        kept += s[o + L.S_NOBLE + k] != C.NOBLE_NOT_KEPT
    upkeep = s[L.P_UPKEEP]
    paid = kept if upkeep == 0 else min(kept, s[o + L.S_MONEY] // upkeep)
    return kept, paid


@njit(**JIT)
def build_cost(s, p):
    """Symbols owed for seat p's next house."""
    return count(s, seat(p) + L.S_HOUSE, C.N_HOUSE_TYPES) + 1


@njit(**JIT)
def min_payment(n):
    """Fewest material cards that pay n symbols: ceil(n / SYMBOLS_PER_CARD)."""
    return (n + C.SYMBOLS_PER_CARD - 1) // C.SYMBOLS_PER_CARD


@njit(**JIT)
def can_pay_house(s, p):
    """A payment of ceil(n/2)..n material cards exists."""
    n = build_cost(s, p)
    return count(s, seat(p) + L.S_MAT, C.N_PAIRS) >= min_payment(n)


@njit(**JIT)
def exhibit_options(s, p):
    """Bit mask of colours seat p owns that are not yet exhibited."""
    o = seat(p) + L.S_ART
    mask = 0
    for c in range(C.N_COLOURS):
        if s[o + c] > 0 and not (s[L.C_EXH_SHOWN] >> c) & 1:
            mask |= 1 << c
    return mask


@njit(**JIT)
def entry(p, arch_type):
    """A Brussels list entry: seat p's architect of a type."""
    return (p << C.ENTRY_TYPE_BITS) | arch_type


@njit(**JIT)
def entry_owner(e):
    return e >> C.ENTRY_TYPE_BITS


@njit(**JIT)
def entry_type(e):
    return e & C.ENTRY_TYPE_MASK


@njit(**INLINE)
def brussels_count(s, p, arch_type):
    """Seat p's architects in Brussels (of one type, or all types with arch_type = -1)."""
    t = 0
    for card in range(C.N_BRUSSELS):
        base = L.BRU_LIST + card * L.BRU_CAP
        for i in range(s[L.BRU_LEN + card]):
            e = s[base + i]
            if entry_owner(e) == p and (arch_type < 0 or entry_type(e) == arch_type):
                t += 1
    return t


@njit(**JIT)
def discard_at(d):
    """Offset of deck d's discard pile counts (one per subtype)."""
    return L.DISCARD + d * C.MAX_SUBTYPES


@njit(**JIT)
def deck_available(s, d):
    """Cards in deck d and its discard pile."""
    return s[L.DECK_LEN + d] + count(s, discard_at(d), C.DECK_SUBTYPES[d])


@njit(**JIT)
def park_allowed(s, p, option):
    if option == C.PARK_SALE:
        return count(s, seat(p) + L.S_ART, C.N_COLOURS) > 0
    if deck_available(s, C.PARK_DECK[option]) == 0:
        return False
    if option == C.PARK_BUILD:
        return can_pay_house(s, p)
    return True
