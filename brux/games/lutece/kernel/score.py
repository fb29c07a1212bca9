"""Scoring I-IV (rules section 5) and the ranking order. `score_all` writes every seat's VP as if the game ended now."""

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import card, players, seat


@njit(**INLINE)
def per_count(s, o, per):
    """How many of `per` (codes.PER_*: a resource, a colour, pillars) the seat at offset o holds."""
    if per < 0:
        return 0
    if per < C.PER_COLOUR:
        return s[o + L.S_RES + per]
    if per < C.PER_PILLAR:
        return s[o + L.S_COL + per - C.PER_COLOUR]
    return s[o + L.S_PILLARS]


@njit(**JIT)
def bazaar_vp(s, o, nb):
    """Best total VP of a set of the seat's bazaars (SCR_BAZ[0:nb]) satisfiable together: every subset is tried."""
    best = 0
    for mask in range(1, 1 << nb):
        ok = True
        for x in range(C.N_RESOURCES):
            need = 0
            for i in range(nb):
                if (mask >> i) & 1:
                    need += card(s, s[L.SCR_BAZ + i], L.CF_REQ + x)
            if need > s[o + L.S_RES + x]:
                ok = False
                break
        if ok:
            v = 0
            for i in range(nb):
                if (mask >> i) & 1:
                    v += card(s, s[L.SCR_BAZ + i], L.CF_VP_BASE)
            if v > best:
                best = v
    return best


@njit(**JIT)
def majorities(s, p):
    """Seat p's VP by source reset, then its majorities I (SCR_HI / SCR_LO hold the most / fewest symbols of each
    resource over the seats)."""
    o = seat(p)
    src = o + L.S_SRC
    for j in range(L.N_SOURCES):
        s[src + j] = 0
    for x in range(C.N_RESOURCES):
        r = s[o + L.S_RES + x]
        v = 0
        if r > 0:
            if r == s[L.SCR_HI + x]:
                v = s[L.P_MAJ + C.MAJ_MOST]
            elif r == s[L.SCR_LO + x]:
                v = s[L.P_MAJ + C.MAJ_FEWEST]
            else:
                v = s[L.P_MAJ + C.MAJ_MIDDLE]
        s[src + C.VP_MAJ + x] = v


@njit(**JIT)
def seat_bazaars(s, p):
    """Seat p's bazaar cards listed in SCR_BAZ; how many."""
    nb = 0
    for d in range(C.N_DECKS):
        for c in range(d * L.DECK_CAP, d * L.DECK_CAP + s[L.P_DECK_N + d]):
            if s[L.LOC + c] == p and C.KIND_SOURCE[card(s, c, L.CF_KIND)] == C.VP_BAZAAR:
                s[L.SCR_BAZ + nb] = c
                nb += 1
    return nb


@njit(**JIT)
def score_all(s):
    """Every seat's VP and VP by source if the game ended now (coins: the purse plus the round's stakes), from one
    pass over the cards."""
    n = players(s)
    for x in range(C.N_RESOURCES):
        hi = s[seat(0) + L.S_RES + x]
        lo = hi
        for p in range(1, n):
            r = s[seat(p) + L.S_RES + x]
            hi = max(hi, r)
            lo = min(lo, r)
        s[L.SCR_HI + x] = hi
        s[L.SCR_LO + x] = lo
    for p in range(n):
        majorities(s, p)
    bazaars = 0  # a bit per seat holding a bazaar
    for d in range(C.N_DECKS):
        for c in range(d * L.DECK_CAP, d * L.DECK_CAP + s[L.P_DECK_N + d]):
            p = s[L.LOC + c]
            if p < 0 or p >= n:
                continue
            source = C.KIND_SOURCE[card(s, c, L.CF_KIND)]
            if source == C.VP_BAZAAR:
                bazaars |= 1 << p
            elif source >= 0:
                o = seat(p)
                s[o + L.S_SRC + source] += card(s, c, L.CF_VP_BASE) + card(s, c, L.CF_VP_MULT) * per_count(
                    s, o, card(s, c, L.CF_VP_PER))
    for p in range(n):
        o = seat(p)
        src = o + L.S_SRC
        if (bazaars >> p) & 1:
            s[src + C.VP_BAZAAR] = bazaar_vp(s, o, seat_bazaars(s, p))
        s[src + C.VP_FORTUNE] = (s[o + L.S_COINS] + s[o + L.S_STAKE]) // s[L.P_FORTUNE_DIV]
        t = 0
        for j in range(L.N_SOURCES):
            t += s[src + j]
        s[o + L.S_VP] = t
