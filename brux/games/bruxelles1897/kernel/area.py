"""The Art Nouveau area: laying it out, clearing it, column and coat-of-arms majorities."""

from numba import njit

from . import codes as C
from . import layout as L
from .base import JIT, TINY, players, seat
from .decks import discard, draw, shuffle

# Scratch used while laying out the area (the legal-action cache is rebuilt right after).
_CARDS = L.LEGAL
_OPEN = L.LEGAL + 64


@njit(**TINY)
def n_spaces(s):
    return s[L.P_ROWS] * L.COLS


@njit(**TINY)
def return_card(s, kind, sub):
    """An action card leaving the area goes back to its pile."""
    if kind == C.K_MONEY:
        s[L.G_MONEY_DECK] += 1
    elif kind != C.K_EXHIBITION:
        discard(s, C.DECK_OF_KIND[kind], sub)


@njit(**JIT)
def lay_out(s):
    """Deal a new area (docs section 2.3); every non-neutral space must be empty."""
    k = s[L.P_K]
    nc = 0
    for kind in range(5):
        for _ in range(k):
            if kind == C.K_MONEY:
                if s[L.G_MONEY_DECK] > 0:
                    s[L.G_MONEY_DECK] -= 1
                    s[_CARDS + nc] = C.K_MONEY * 8
                    nc += 1
            else:
                sub = draw(s, C.DECK_OF_KIND[kind])
                if sub >= 0:
                    s[_CARDS + nc] = kind * 8 + sub
                    nc += 1
    s[_CARDS + nc] = C.K_EXHIBITION * 8
    nc += 1
    shuffle(s, _CARDS, nc)
    no = 0
    for sp in range(n_spaces(s)):
        if s[L.A_KIND + sp] != C.SP_NEUTRAL:
            s[_OPEN + no] = sp
            no += 1
    if nc < no:
        shuffle(s, _OPEN, no)
    for i in range(nc):
        code = s[_CARDS + i]
        if i < no:
            sp = s[_OPEN + i]
            s[L.A_KIND + sp] = code // 8
            s[L.A_SUB + sp] = code % 8
        else:
            return_card(s, code // 8, code % 8)


@njit(**JIT)
def clear(s):
    """Round preparation: area architects return to hands, action cards to their piles."""
    for sp in range(n_spaces(s)):
        kind = s[L.A_KIND + sp]
        if kind == C.SP_ARCHITECT:
            s[seat(s[L.A_OWNER + sp]) + L.S_HAND + s[L.A_SUB + sp]] += 1
        elif 0 <= kind <= C.K_EXHIBITION:
            return_card(s, kind, s[L.A_SUB + sp])
        if kind != C.SP_NEUTRAL:
            s[L.A_KIND + sp] = C.SP_EMPTY
            s[L.A_SUB + sp] = 0
            s[L.A_OWNER + sp] = 0
            s[L.A_VALUE + sp] = 0


@njit(**JIT)
def deal_bonus(s):
    for c in range(L.COLS):
        s[L.BONUS + c] = c
    shuffle(s, L.BONUS, L.COLS)


@njit(**TINY)
def column_total(s, col, p):
    """Sum of seat p's architect values in a column (p = -1: the neutral architects)."""
    t = 0
    for r in range(s[L.P_ROWS]):
        sp = r * L.COLS + col
        kind = s[L.A_KIND + sp]
        if (kind == C.SP_ARCHITECT and s[L.A_OWNER + sp] == p) or (kind == C.SP_NEUTRAL and p < 0):
            t += s[L.A_VALUE + sp]
    return t


@njit(**JIT)
def column_winners(s, col):
    """Bit mask of the seats holding the column majority (a sole neutral majority: nobody)."""
    best = column_total(s, col, -1)
    for p in range(players(s)):
        best = max(best, column_total(s, col, p))
    mask = 0
    if best > 0:
        for p in range(players(s)):
            if column_total(s, col, p) == best:
                mask |= 1 << p
    return mask


@njit(**TINY)
def arms_count(s, sp0, p):
    """Seat p's architects (p = -1: neutral) on the four spaces of the coat of arms at space sp0; -1 if incomplete."""
    t = 0
    for d in range(4):
        sp = sp0 + (d // 2) * L.COLS + d % 2
        kind = s[L.A_KIND + sp]
        if kind != C.SP_ARCHITECT and kind != C.SP_NEUTRAL:
            return -1
        if (kind == C.SP_NEUTRAL and p < 0) or (kind == C.SP_ARCHITECT and s[L.A_OWNER + sp] == p):
            t += 1
    return t


@njit(**JIT)
def arms_winners(s, sp0):
    """Bit mask of the seats with the most cards on a complete coat of arms (0 if incomplete)."""
    best = arms_count(s, sp0, -1)
    if best < 0:
        return 0
    for p in range(players(s)):
        best = max(best, arms_count(s, sp0, p))
    mask = 0
    for p in range(players(s)):
        if arms_count(s, sp0, p) == best:
            mask |= 1 << p
    return mask
