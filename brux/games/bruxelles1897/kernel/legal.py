"""Legal actions of the pending decision, in ascending order: listed in the state's legal-action cache, except the
Art Nouveau actions of a MAIN decision, which are kept implicitly (layout: LEGAL_AN) and read through `legal_at`."""

import numpy as np

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import brussels_count, count, exhibit_options, min_payment, park_allowed, seat, untapped_noble

_RECIPROCAL_BITS = 16
_RECIPROCAL = tuple(-(-(1 << _RECIPROCAL_BITS) // k) if k else 0 for k in range(C.AN_PER_SPACE + 1))  # ceil(2**16 / k)
# For each mask of playable (type, face) offsets (bit N_FACES * type + face): how many, and the offsets ascending,
# packed PACK_BITS each.
_N_OFFSETS = np.array([bin(m).count("1") for m in range(1 << C.AN_PER_SPACE)], np.int64)
_PACKED_OFFSETS = np.array([
    sum(i << (L.PACK_BITS * j) for j, i in enumerate(b for b in range(C.AN_PER_SPACE) if m >> b & 1))
    for m in range(1 << C.AN_PER_SPACE)], np.int64)
_FACES_OF_TYPE = (1 << C.N_FACES) - 1  # both faces of one type in such a mask


@njit(**JIT)
def _push(s, n, a):
    s[L.LEGAL + n] = a
    return n + 1


@njit(**INLINE)
def _main(s, p):
    """MAIN: record the Art Nouveau actions implicitly (area card index x playable offsets), list the rest."""
    o = seat(p)
    # The playable (type, face) offsets: held and affordable, as a 6-bit mask (no branches), then its table entry.
    h = o + L.S_HAND
    held = ((s[h + C.ARCH_1_3] > 0) * (_FACES_OF_TYPE << C.N_FACES * C.ARCH_1_3)
            | (s[h + C.ARCH_2_4] > 0) * (_FACES_OF_TYPE << C.N_FACES * C.ARCH_2_4)
            | (s[h + C.ARCH_2_5] > 0) * (_FACES_OF_TYPE << C.N_FACES * C.ARCH_2_5))
    playable = held & s[L.P_AFFORD + min(s[o + L.S_MONEY], L.FACE_MAX)]
    k = _N_OFFSETS[playable]
    offs = _PACKED_OFFSETS[playable]
    nc = s[L.A_NCARDS]
    s[L.MAIN_K] = k
    s[L.MAIN_OFFS] = offs
    s[L.LEGAL_AN] = k * nc
    n = 0
    hand = count(s, o + L.S_HAND, C.N_ARCH_TYPES)
    for card in range(C.N_BRUSSELS):
        if hand < s[L.BRU_USES + card] + 1:
            continue
        if card == C.BR_CITY_HALL and not untapped_noble(s, p):
            continue
        if card == C.BR_PARK:
            ok = False
            for opt in range(C.N_PARK):
                if park_allowed(s, p, opt):
                    ok = True
                    break
            if not ok:
                continue
        n = _push(s, n, C.A_BR + card)
    return k * nc + _push(s, n, C.A_PASS)


@njit(**INLINE)
def main_legal(s):
    """`compute_legal` for a pending MAIN decision (inlined where MAIN decisions are frequent)."""
    n = _main(s, s[L.G_CUR])
    s[L.LEGAL_N] = n
    return n


@njit(**INLINE)
def compute_legal(s):
    """Fill the legal-action cache for the pending decision and return how many actions it holds."""
    p = s[L.G_CUR]
    d = s[L.G_PENDING]
    o = seat(p)
    n = 0
    s[L.LEGAL_AN] = 0
    if d == C.D_MAIN:
        n = _main(s, p)
    elif d == C.D_BR_CARD:
        for t in range(C.N_ARCH_TYPES):
            if s[o + L.S_HAND + t] > 0:
                n = _push(s, n, C.A_COMMIT + t)
    elif d == C.D_PARK:
        for opt in range(C.N_PARK):
            if park_allowed(s, p, opt):
                n = _push(s, n, C.A_PARK + opt)
    elif d == C.D_KEEP_ONE:
        base = C.A_KEEP + C.KEEP_BASE[s[L.C_DRAW_KIND]]
        a0 = s[L.C_DRAWN]
        a1 = s[L.C_DRAWN + 1] if s[L.C_DRAWN_N] == C.KEEP_ONE_DRAW else a0  # one card drawn: it is kept
        n = _push(s, n, base + min(a0, a1))
        if a1 != a0:
            n = _push(s, n, base + max(a0, a1))
    elif d == C.D_SELL:
        for c in range(C.N_COLOURS):
            if s[o + L.S_ART + c] > 0:
                n = _push(s, n, C.A_SELL + c)
        if s[L.P_MAY_DECLINE]:
            n = _push(s, n, C.A_DECLINE_SALE)
    elif d == C.D_BUILD:
        need = s[L.C_BUILD_N]
        k = s[L.C_BUILD_K]
        if k < need:
            for m in range(C.N_PAIRS):
                if s[o + L.S_MAT + m] > 0:
                    n = _push(s, n, C.A_PAY + m)
        if min_payment(need) <= k <= need:
            n = _push(s, n, C.A_STOP_PAYING)
        if s[L.P_MAY_DECLINE] and k == 0:
            n = _push(s, n, C.A_DECLINE_BUILD)
    elif d == C.D_NOBLE_KEEP:
        if s[o + L.S_NOBLE + s[L.C_NOBLE]] == C.NOBLE_NOT_KEPT:
            n = _push(s, n, C.A_KEEP_NOBLE)
        n = _push(s, n, C.A_DISCARD_NOBLE)
    elif d == C.D_FREE_PRISONER:
        for t in range(C.N_ARCH_TYPES):
            if s[o + L.S_PRISON + t] > 0:
                n = _push(s, n, C.A_FREE + t)
    elif d == C.D_CITY_HALL:
        for k in range(C.NOBLE_TYPES):
            if s[o + L.S_NOBLE + k] == C.NOBLE_UNTAPPED:
                n = _push(s, n, C.A_ACTIVATE + k)
        if s[L.C_CH_DONE] > 0:
            n = _push(s, n, C.A_STOP_ACTIVATING)
    elif d == C.D_EXHIBIT:
        mask = exhibit_options(s, p)
        for c in range(C.N_COLOURS):
            if (mask >> c) & 1:
                n = _push(s, n, C.A_EXHIBIT + c)
    elif d == C.D_TO_PRISON:
        for t in range(C.N_ARCH_TYPES):
            if brussels_count(s, p, t) > 0:
                n = _push(s, n, C.A_PRISON + t)
    s[L.LEGAL_N] = n
    return n


@njit(**INLINE)
def listed_at(s, i, m):
    """Legal action number i >= m (m = LEGAL_AN) of the pending decision: one of the cache."""
    return s[L.LEGAL + ((i - m) & L.LEGAL_MASK)]  # the mask: see layout.index_mask


@njit(**INLINE)
def art_nouveau_at(s, i):
    """Legal action number i < LEGAL_AN of a MAIN decision as (space, type-and-face offset)."""
    k = s[L.MAIN_K]
    j = (i * _RECIPROCAL[k]) >> _RECIPROCAL_BITS  # i // k without a division (exact for i < 2048)
    space = (s[L.A_CARD_LIST] >> (L.PACK_BITS * j)) & L.PACK_MASK
    return space, (s[L.MAIN_OFFS] >> (L.PACK_BITS * (i - j * k))) & L.PACK_MASK


@njit(**JIT)
def legal_at(s, i):
    """Legal action number i (0 <= i < LEGAL_N) of the pending decision, in ascending order."""
    m = s[L.LEGAL_AN]
    if i >= m:
        return listed_at(s, i, m)
    space, off = art_nouveau_at(s, i)
    return C.A_AN + C.AN_PER_SPACE * space + off
