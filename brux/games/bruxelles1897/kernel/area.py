"""The Art Nouveau area: laying it out, its index of card spaces, clearing it, the bonus cards."""

from numba import njit

from brux.core.jit import JIT, TINY

from . import codes as C
from . import layout as L
from .base import popcount, seat
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
    index_cards(s)


@njit(**JIT)
def index_cards(s):
    """Rebuild the index of the spaces holding an action card (after the area is dealt or set)."""
    mask = 0
    n = 0
    lst = 0
    for sp in range(n_spaces(s)):
        kind = s[L.A_KIND + sp]
        card = (kind >= 0) & (kind <= C.K_EXHIBITION)
        mask |= card << sp
        lst |= card * (sp << (4 * n))
        n += card
    s[L.A_CARDS] = mask
    s[L.A_NCARDS] = n
    s[L.A_CARD_LIST] = lst


@njit(**TINY)
def take_space(s, sp):
    """Space sp no longer holds an action card: drop it from the index."""
    mask = s[L.A_CARDS]
    j = popcount(mask & ((1 << sp) - 1))  # its position in the list
    lst = s[L.A_CARD_LIST]
    n = s[L.A_NCARDS] - 1
    kept = (lst & ((1 << (4 * j)) - 1)) | (((lst >> (4 * j)) >> 4) << (4 * j))
    s[L.A_CARD_LIST] = kept & ((1 << (4 * n)) - 1)
    s[L.A_CARDS] = mask & ~(1 << sp)
    s[L.A_NCARDS] = n


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
    s[L.A_CARDS] = 0
    s[L.A_NCARDS] = 0
    s[L.A_CARD_LIST] = 0


@njit(**JIT)
def deal_bonus(s):
    for c in range(L.COLS):
        s[L.BONUS + c] = c
    shuffle(s, L.BONUS, L.COLS)
