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
def _tally(s, sp, by_value):
    """Add the architect on space sp to the scratch tallies (its value, or 1)."""
    kind = s[L.A_KIND + sp]
    if kind == C.SP_ARCHITECT:
        s[L.SCRATCH + s[L.A_OWNER + sp]] += s[L.A_VALUE + sp] if by_value else 1
    elif kind == C.SP_NEUTRAL:
        s[L.SCRATCH + L.MAX_PLAYERS] += s[L.A_VALUE + sp] if by_value else 1


@njit(**TINY)
def clear_tallies(s):
    for i in range(L.MAX_PLAYERS + 1):
        s[L.SCRATCH + i] = 0


@njit(**TINY)
def top_seats(s, n):
    """Bit mask of the seats whose tally equals the highest tally (neutral included; 0 if the highest is 0)."""
    best = s[L.SCRATCH + L.MAX_PLAYERS]
    for p in range(n):
        best = max(best, s[L.SCRATCH + p])
    mask = 0
    if best > 0:
        for p in range(n):
            if s[L.SCRATCH + p] == best:
                mask |= 1 << p
    return mask


@njit(**JIT)
def column_winners(s, col):
    """Bit mask of the seats holding the column majority (a sole neutral majority: nobody)."""
    clear_tallies(s)
    for r in range(s[L.P_ROWS]):
        _tally(s, r * L.COLS + col, True)
    return top_seats(s, players(s))


@njit(**JIT)
def arms_winners(s, sp0):
    """Bit mask of the seats with the most cards on a complete coat of arms at space sp0 (0 if incomplete)."""
    clear_tallies(s)
    for d in range(4):
        sp = sp0 + (d // 2) * L.COLS + d % 2
        kind = s[L.A_KIND + sp]
        if kind != C.SP_ARCHITECT and kind != C.SP_NEUTRAL:
            return 0
        _tally(s, sp, False)
    return top_seats(s, players(s))
